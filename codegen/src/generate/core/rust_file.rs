//! [`RustFile`], the one way a generator writes a Rust file. A generator hands it items as
//! `quote!` fragments ([`RustFile::tokens`]) or as lines of text (the large, regular
//! generators, one struct and its methods per type, where building tokens cost more than the
//! rest of the generator), in any mix; the file owns the layout either way: both end in the
//! same [`Lines`], which puts the blank lines between items, and [`RustFile::finish`] applies
//! rustfmt's line-level rules ([`super::layout`]).

use super::lines::Lines;
use proc_macro2::TokenStream;
use std::fmt::{Arguments, Write};

const INDENT: &str = "    ";

/// A generated Rust file being written, at an indentation depth.
#[derive(Default)]
pub struct RustFile {
    out: Lines,
    depth: usize,
    inline: bool,
}

impl RustFile {
    /// A file of `tokens` alone.
    pub fn from_tokens(tokens: TokenStream) -> Self {
        let mut file = RustFile::default();
        file.tokens(tokens);
        file
    }

    /// Items (or, inside a block, statements) as a `quote!` fragment, at the current depth.
    pub fn tokens(&mut self, tokens: TokenStream) {
        super::tokens::print(tokens, &mut self.out, self.depth);
    }

    /// A writer whose functions are all `#[inline]`: the per-kind wrappers of clients,
    /// listers and informers. An `#[inline]` function is compiled where it is called, as a
    /// generic one is, so the client and informer code of a kind (the reflector, the watch
    /// stream, the store: generic over the kind) is compiled in the crate of an operator
    /// that uses that kind, not for every kind of the API crate.
    pub fn inline_functions() -> Self {
        RustFile {
            inline: true,
            ..RustFile::default()
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
        let _ = self.out.text.write_fmt(text);
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
    /// a comment could not hold it.
    pub fn doc(&mut self, text: &str) {
        self.doc_as(text, "///", "#[doc = ");
    }

    /// `text` as an inner doc comment (`//! text`), or a `#![doc = "..."]` attribute.
    pub fn inner_doc(&mut self, text: &str) {
        self.doc_as(text, "//!", "#![doc = ");
    }

    fn doc_as(&mut self, text: &str, comment: &str, attribute: &str) {
        if super::tokens::fits_doc_comment(text) {
            for line in text.split('\n') {
                self.indent();
                self.out.text.push_str(comment);
                self.out.text.push_str(line);
                self.end_line();
            }
            return;
        }
        self.indent();
        self.out.text.push_str(attribute);
        self.out.text.push_str(&string_literal(text));
        self.out.text.push(']');
        self.end_line();
    }

    /// The file's text: what was written, with rustfmt's line-level rules applied; empty
    /// when nothing was.
    pub fn finish(mut self) -> String {
        if !self.out.at_line_start() {
            self.out.end_line();
        }
        let mut text = self.out.text;
        let end = text.trim_end().len();
        if end == 0 {
            return String::new();
        }
        text.truncate(end);
        text.push('\n');
        super::layout::lay_out_lines(text)
    }

    fn end_line(&mut self) {
        self.out.end_line();
    }

    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.text.push_str(INDENT);
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
    fn text_and_tokens_mix_in_one_layout() {
        let mut file = RustFile::default();
        file.inner_doc(" The module.");
        file.line(format_args!("use a::B;"));
        file.tokens(quote::quote! {
            /// A thing.
            pub struct Thing {
                pub name: Option<String>,
            }
        });
        file.open(format_args!("impl Thing {{"));
        file.function(
            " Its name.",
            format_args!("pub fn name(&self) -> Option<&str>"),
            format_args!("self.name.as_deref()"),
        );
        file.tokens(quote::quote! {
            #[doc = " Two\n lines */"]
            pub fn clear(&mut self) { self.name = None; }
        });
        file.close("}");
        let expected = r#"//! The module.

use a::B;

/// A thing.
pub struct Thing {
    pub name: Option<String>,
}

impl Thing {
    /// Its name.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    #[doc = " Two\n lines */"]
    pub fn clear(&mut self) {
        self.name = None;
    }
}
"#;
        assert_eq!(file.finish(), expected);
    }

    #[test]
    fn an_empty_file_is_empty() {
        assert_eq!(RustFile::from_tokens(TokenStream::new()).finish(), "");
    }
}
