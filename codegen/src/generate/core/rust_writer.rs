//! Generated Rust written as text, line by line, for the generators whose output is large and
//! regular (one struct and its methods per type): building tokens with `quote!` and laying
//! them out with [`super::rust`] cost more than the rest of such a generator. The writer
//! lays text out as [`super::rust::rust_source`] lays out the same tokens, so a generator can
//! move from tokens to text without changing a byte of its files.

use std::fmt::{Arguments, Write};

const INDENT: &str = "    ";

/// Lines of Rust at an indentation depth.
#[derive(Default)]
pub struct RustWriter {
    out: String,
    depth: usize,
    inline: bool,
}

impl RustWriter {
    /// A writer whose functions are all `#[inline]`: the per-kind wrappers of clients,
    /// listers and informers. An `#[inline]` function is compiled where it is called, as a
    /// generic one is, so the client and informer code of a kind (the reflector, the watch
    /// stream, the store: generic over the kind) is compiled in the crate of an operator
    /// that uses that kind, not for every kind of the API crate.
    pub fn inline_functions() -> Self {
        RustWriter {
            inline: true,
            ..RustWriter::default()
        }
    }

    /// A function's first line (`pub fn name(..) -> T {`), after its attributes.
    pub fn open_fn(&mut self, signature: Arguments) {
        self.fn_attributes();
        self.open(signature);
    }

    /// A function on one line (`pub fn name(&self) -> &T { &self.t }`), after its attributes.
    pub fn fn_line(&mut self, function: Arguments) {
        self.fn_attributes();
        self.line(function);
    }

    fn fn_attributes(&mut self) {
        if self.inline {
            self.line(format_args!("#[inline]"));
        }
    }

    /// One line at the current depth.
    pub fn line(&mut self, text: Arguments) {
        self.indent();
        // Writing into a `String` cannot fail.
        let _ = self.out.write_fmt(text);
        self.end_line();
    }

    /// A line that opens a block (`impl X {`): the lines after it go one level deeper.
    pub fn open(&mut self, text: Arguments) {
        self.line(text);
        self.depth += 1;
    }

    /// A line that closes a block (`}`), one level up.
    pub fn close(&mut self, text: &str) {
        self.depth = self.depth.saturating_sub(1);
        self.line(format_args!("{text}"));
    }

    /// A line that closes a block and opens the next (`} else {`).
    pub fn reopen(&mut self, text: &str) {
        self.close(text);
        self.depth += 1;
    }

    /// A handle type and the opening of its `impl`: `/// doc`, `#[derive(Debug, Clone)]`,
    /// `pub struct name { field }`, `impl name {` (the clients, listers and informers
    /// generators write one per kind, each wrapping one runtime value).
    pub fn handle(&mut self, doc: &str, name: &dyn std::fmt::Display, field: Arguments) {
        self.doc(doc);
        self.line(format_args!("#[derive(Debug, Clone)]"));
        self.open(format_args!("pub struct {name} {{"));
        self.line(field);
        self.close("}");
        self.open(format_args!("impl {name} {{"));
    }

    /// A documented function whose body is one line: `/// doc`, `signature {`, `body`, `}`.
    pub fn function(&mut self, doc: &str, signature: Arguments, body: Arguments) {
        self.doc(doc);
        self.open_fn(format_args!("{signature} {{"));
        self.line(body);
        self.close("}");
    }

    /// A documented function that builds a struct of one field: `/// doc`, `signature {`,
    /// `structure {`, `field`, `}`, `}`.
    pub fn constructor(
        &mut self,
        doc: &str,
        signature: Arguments,
        structure: &str,
        field: Arguments,
    ) {
        self.doc(doc);
        self.open_fn(format_args!("{signature} {{"));
        self.open(format_args!("{structure} {{"));
        self.line(field);
        self.close("}");
        self.close("}");
    }

    /// `text` as an outer doc comment (`/// text`), or as a `#[doc = "..."]` attribute when
    /// a comment could not hold it, as the token printer writes a `#[doc]` attribute.
    pub fn doc(&mut self, text: &str) {
        self.doc_as(text, "///", "#[doc = ");
    }

    /// `text` as an inner doc comment (`//! text`), or a `#![doc = "..."]` attribute.
    pub fn inner_doc(&mut self, text: &str) {
        self.doc_as(text, "//!", "#![doc = ");
    }

    fn doc_as(&mut self, text: &str, comment: &str, attribute: &str) {
        if super::rust::fits_doc_comment(text) {
            for line in text.split('\n') {
                self.indent();
                self.out.push_str(comment);
                self.out.push_str(line);
                self.end_line();
            }
            return;
        }
        self.indent();
        self.out.push_str(attribute);
        self.out
            .push_str(&proc_macro2::Literal::string(text).to_string());
        self.out.push(']');
        self.end_line();
    }

    /// The text written, as [`super::rust::rust_source`] ends a file.
    pub fn finish(self) -> String {
        self.out
    }

    /// Ends a line as the token printer does, without trailing spaces (`/// ` of an empty
    /// doc line is `///`).
    fn end_line(&mut self) {
        let trimmed = self.out.trim_end_matches(' ').len();
        self.out.truncate(trimmed);
        self.out.push('\n');
    }

    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str(INDENT);
        }
    }
}

/// A string literal as generated code writes it (`"apiVersion"`).
pub fn string_literal(s: &str) -> String {
    proc_macro2::Literal::string(s).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_laid_out_as_the_token_printer_lays_out_the_same_tokens() {
        let mut w = RustWriter::default();
        w.inner_doc(" The module.");
        w.doc(" A thing.");
        w.doc(" Two\n lines");
        w.doc(" A comment's end */");
        w.open(format_args!("pub struct Thing {{"));
        w.line(format_args!("pub name: Option<{}>,", "String"));
        w.close("}");
        let tokens = quote::quote! {
            #![doc = " The module."]
            #[doc = " A thing."]
            #[doc = " Two\n lines"]
            #[doc = " A comment's end */"]
            pub struct Thing {
                pub name: Option<String>,
            }
        };
        assert_eq!(w.finish(), super::super::rust::rust_source(tokens));
    }
}
