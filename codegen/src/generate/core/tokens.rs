//! `quote!` fragments as lines of a [`RustFile`](super::RustFile): tokens to indented text,
//! and Rust paths to tokens.
//!
//! The printer walks the token stream once and lays it out by its delimiters: a `{}` group
//! is a block (one statement, field or arm per line), a `()` or `[]` group of several
//! blocks puts each on its own line, doc attributes become `///` and `//!` comments. It does
//! not parse: re-parsing every emitted file with syn and printing it with prettyplease was
//! most of codegen's time on large APIs. Tokens are never glued into different tokens, so
//! the text compiles exactly as the tokens would; a generator bug that emits tokens that do
//! not parse is reported by rustc where the file is compiled, never by a panic here.

use super::lines::Lines;
use proc_macro2::{Delimiter, Group, Spacing, TokenStream, TokenTree};

/// `tokens` as lines of `out`, `depth` levels deep.
pub(super) fn print(tokens: TokenStream, out: &mut Lines, depth: usize) {
    let mut printer = Printer {
        out,
        depth,
        prev: None,
        angles: 0,
        closure_params: false,
    };
    printer.stream(tokens.into_iter().collect(), Context::Block);
    if !printer.out.at_line_start() {
        printer.out.end_line();
    }
}

/// What the previous token was, for the space before the next one.
#[derive(Debug, Clone, PartialEq)]
enum Prev {
    /// The start of a line (or of the file).
    LineStart,
    Word(String),
    Literal,
    /// An operator with no space after it: a path's `::`, `.`, a unary `&`, `*`, `-`, `!`,
    /// a macro's `!`, a lifetime's `'`, a generic's `<`.
    Tight,
    /// An operator with a space after it: `=`, `->`, `,`, a binary operator.
    Spaced,
    Open,
    /// A `)`, `]`, `}` or a generic's `>`.
    Close,
}

/// Where a token stream is laid out: as the lines of a block, or inline.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Context {
    /// Each `;` and `,` ends a line.
    Block,
    /// Each `,` ends a line (the items of a `()` or `[]` group of several blocks).
    List,
    Inline,
}

const INDENT: &str = "    ";

/// Rust's operators of more than one character.
const OPERATORS: &[&str] = &[
    "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=", "&=",
    "|=", "<<", ">>", "<<=", ">>=", "..", "..=", "...",
];

/// Keywords after which a `(`, `[`, `<` or `::` is not a call, index, generic or path
/// continuation, so it takes a space.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "dyn", "else", "enum", "extern", "fn",
    "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref",
    "return", "static", "struct", "trait", "type", "unsafe", "use", "where", "while",
];

struct Printer<'a> {
    out: &'a mut Lines,
    depth: usize,
    prev: Option<Prev>,
    /// Open `<` of generics since the line began: their commas do not end a line.
    angles: usize,
    /// Between a closure's `|`s.
    closure_params: bool,
}

impl Printer<'_> {
    fn stream(&mut self, tokens: Vec<TokenTree>, context: Context) {
        let mut tokens = tokens.into_iter().peekable();
        while let Some(token) = tokens.next() {
            match token {
                TokenTree::Group(g) => self.group(g, context, tokens.peek()),
                TokenTree::Ident(i) => self.word(i.to_string()),
                TokenTree::Literal(l) => {
                    self.space_before_word();
                    self.out.text.push_str(&l.to_string());
                    self.prev = Some(Prev::Literal);
                }
                TokenTree::Punct(p) => {
                    let mut op = String::from(p.as_char());
                    let mut spacing = p.spacing();
                    // Joint characters that make one of Rust's operators are one (`::`,
                    // `->`); others are joint only because nothing is between them
                    // (`::<`, `<'a`) and stay apart.
                    while spacing == Spacing::Joint {
                        let Some(TokenTree::Punct(next)) = tokens.peek() else {
                            break;
                        };
                        let longer = format!("{op}{}", next.as_char());
                        if !OPERATORS.iter().any(|o| o.starts_with(longer.as_str())) {
                            break;
                        }
                        op = longer;
                        spacing = next.spacing();
                        tokens.next();
                    }
                    if op == "#" {
                        let inner = matches!(tokens.peek(), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                        if inner {
                            tokens.next();
                        }
                        let bracket = |t: &TokenTree| matches!(t, TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket);
                        if let Some(TokenTree::Group(attr)) = tokens.next_if(bracket) {
                            self.attribute(attr, inner);
                            continue;
                        }
                        self.op(op, context);
                        if inner {
                            self.op("!".into(), context);
                        }
                        continue;
                    }
                    // `>>` closing two generics is two `>`.
                    if op.len() > 1 && op.chars().all(|c| c == '>') && self.angles > 0 {
                        for _ in 0..op.len() {
                            self.op(">".into(), context);
                        }
                        continue;
                    }
                    self.op(op, context);
                }
            }
        }
    }

    fn newline(&mut self) {
        self.out.end_line();
        self.prev = Some(Prev::LineStart);
        self.angles = 0;
    }

    /// Indents a line's first token; whether this is one.
    fn indent_if_line_start(&mut self) -> bool {
        if matches!(self.prev, Some(Prev::LineStart) | None) {
            for _ in 0..self.depth {
                self.out.text.push_str(INDENT);
            }
            true
        } else {
            false
        }
    }

    fn space_before_word(&mut self) {
        if self.indent_if_line_start() {
            return;
        }
        if !matches!(self.prev, Some(Prev::Tight | Prev::Open)) {
            self.out.text.push(' ');
        }
    }

    fn word(&mut self, word: String) {
        self.space_before_word();
        self.out.text.push_str(&word);
        self.prev = Some(Prev::Word(word));
    }

    /// Whether the previous token is a name or a value (not a keyword): what a call's
    /// `(`, a generic's `<` or a macro's `!` follows without a space.
    fn after_name(&self) -> bool {
        matches!(&self.prev, Some(Prev::Word(w)) if !KEYWORDS.contains(&w.as_str()))
    }

    fn after_value(&self) -> bool {
        self.after_name() || matches!(self.prev, Some(Prev::Literal | Prev::Close))
    }

    fn op(&mut self, op: String, context: Context) {
        let line_start = self.indent_if_line_start();
        // A `<` after no value is a generic or a qualified path (`<T as Trait>::f`).
        let generic_open = op == "<"
            && (!self.after_value()
                || self.after_name()
                || matches!(&self.prev, Some(Prev::Word(w)) if w == "impl" || w == "fn"));
        // A closure's parameters: `|x| ...`.
        let closure_open = op == "|" && !self.after_value() && !self.closure_params;
        let closure_close = op == "|" && self.closure_params;
        let generic_close = op == ">" && self.angles > 0;
        let macro_bang = op == "!" && self.after_name();
        let unary = matches!(op.as_str(), "&" | "&&" | "*" | "-" | "!") && !self.after_value();
        let space = !line_start
            && !matches!(self.prev, Some(Prev::Tight | Prev::Open))
            && match op.as_str() {
                "," | ";" | "?" | "." | ":" => false,
                "::" => !(self.after_name() || matches!(self.prev, Some(Prev::Close))),
                _ => !(generic_open || generic_close || macro_bang || closure_close),
            };
        if space {
            self.out.text.push(' ');
        }
        self.out.text.push_str(&op);
        self.prev = Some(if generic_open {
            self.angles += 1;
            Prev::Tight
        } else if generic_close {
            self.angles -= 1;
            Prev::Close
        } else if closure_open {
            self.closure_params = true;
            Prev::Tight
        } else if closure_close {
            self.closure_params = false;
            Prev::Spaced
        } else if unary || macro_bang || matches!(op.as_str(), "::" | "." | "'" | ".." | "$" | "#")
        {
            Prev::Tight
        } else {
            Prev::Spaced
        });
        match op.as_str() {
            ";" if context == Context::Block => self.newline(),
            "," if context != Context::Inline && self.angles == 0 => self.newline(),
            _ => {}
        }
    }

    fn attribute(&mut self, attr: Group, inner: bool) {
        if !matches!(self.prev, Some(Prev::LineStart) | None) {
            self.newline();
        }
        self.indent_if_line_start();
        let attr = contents(attr);
        match doc_text(&attr) {
            Some(text) => {
                // A doc string of several lines is a comment line each, as rustdoc reads
                // consecutive doc comments as one text.
                for (i, line) in text.split('\n').enumerate() {
                    if i > 0 {
                        self.newline();
                        self.indent_if_line_start();
                    }
                    self.out.text.push_str(if inner { "//!" } else { "///" });
                    self.out.text.push_str(line);
                }
            }
            None => {
                self.out.text.push_str(if inner { "#![" } else { "#[" });
                let mut text = Lines::default();
                let mut inside = Printer {
                    out: &mut text,
                    depth: 0,
                    prev: Some(Prev::Open),
                    angles: 0,
                    closure_params: false,
                };
                inside.stream(attr, Context::Inline);
                self.out.text.push_str(&text.text);
                self.out.text.push(']');
            }
        }
        self.newline();
    }

    fn group(&mut self, g: Group, context: Context, next: Option<&TokenTree>) {
        let delimiter = g.delimiter();
        let inner = contents(g);
        match delimiter {
            Delimiter::Brace => self.block(inner, context, next),
            Delimiter::None => self.stream(inner, context),
            delimiter @ (Delimiter::Parenthesis | Delimiter::Bracket) => {
                let (open, close) = if delimiter == Delimiter::Parenthesis {
                    ('(', ')')
                } else {
                    ('[', ']')
                };
                let line_start = self.indent_if_line_start();
                // A call, an index or a macro's arguments follow without a space.
                let space = !line_start
                    && !self.after_name()
                    && !matches!(self.prev, Some(Prev::Tight | Prev::Open | Prev::Close));
                if space {
                    self.out.text.push(' ');
                }
                self.out.text.push(open);
                let angles = std::mem::take(&mut self.angles);
                if blocks_in(&inner) > 1 || has_attribute(&inner) {
                    self.indented(inner, Context::List);
                } else {
                    self.prev = Some(Prev::Open);
                    self.stream(inner, Context::Inline);
                }
                self.out.text.push(close);
                self.angles = angles;
                self.prev = Some(Prev::Close);
            }
        }
    }

    /// `tokens` on lines of their own, one level deeper, leaving the line of the closing
    /// delimiter indented.
    fn indented(&mut self, tokens: Vec<TokenTree>, context: Context) {
        self.depth += 1;
        self.newline();
        self.stream(tokens, context);
        if !matches!(self.prev, Some(Prev::LineStart)) {
            self.newline();
        }
        self.depth -= 1;
        self.indent_if_line_start();
    }

    fn block(&mut self, inner: Vec<TokenTree>, context: Context, next: Option<&TokenTree>) {
        let line_start = self.indent_if_line_start();
        let in_path = self.out.text.ends_with("::");
        if !line_start && !in_path && !matches!(self.prev, Some(Prev::Open)) {
            self.out.text.push(' ');
        }
        if inner.is_empty() {
            self.out.text.push_str("{}");
        } else if in_path {
            // A `use` tree's braces stay on the line.
            self.out.text.push('{');
            self.prev = Some(Prev::Open);
            self.stream(inner, Context::Inline);
            self.out.text.push('}');
        } else if is_short(&inner) {
            // `Self { api }`: a line of its own would say nothing more.
            self.out.text.push_str("{ ");
            self.prev = Some(Prev::Open);
            self.stream(inner, Context::Inline);
            self.out.text.push_str(" }");
        } else {
            self.out.text.push('{');
            let angles = std::mem::take(&mut self.angles);
            self.indented(inner, Context::Block);
            self.out.text.push('}');
            self.angles = angles;
        }
        self.prev = Some(Prev::Close);
        // An item or statement ends with its block; an expression goes on after it.
        let continues = match next {
            // A statement after a block may begin with an attribute or a path (`::core`);
            // no expression goes on with either.
            Some(TokenTree::Punct(p)) => !matches!(p.as_char(), '#' | ':'),
            Some(TokenTree::Ident(i)) => i == "else" || i == "as",
            Some(TokenTree::Group(g)) => g.delimiter() != Delimiter::Brace,
            _ => false,
        };
        if context == Context::Block && !continues && !in_path {
            self.newline();
        }
    }
}

/// A group's tokens. The group is given up first: a stream shared with it would be copied,
/// token by token, by `into_iter`, at every level of nesting.
fn contents(g: Group) -> Vec<TokenTree> {
    let stream = g.stream();
    drop(g);
    stream.into_iter().collect()
}

/// Whether a `{}` group is a few tokens with no statement or block in them.
fn is_short(tokens: &[TokenTree]) -> bool {
    let mut count = 0;
    for t in tokens {
        count += 1;
        let simple = match t {
            TokenTree::Group(_) => false,
            TokenTree::Punct(p) => !matches!(p.as_char(), ';' | ',' | '#'),
            _ => true,
        };
        if !simple || count > 4 {
            return false;
        }
    }
    true
}

/// How many non-empty `{}` groups a group holds at its top level: a `()` or `[]` group of
/// several is laid out one element per line.
fn blocks_in(tokens: &[TokenTree]) -> usize {
    tokens
        .iter()
        .filter(|t| matches!(t, TokenTree::Group(b) if b.delimiter() == Delimiter::Brace && !b.stream().is_empty()))
        .count()
}

/// Whether a group's elements carry attributes (`#[cfg(..)]`): each goes on its own line
/// with its element.
fn has_attribute(tokens: &[TokenTree]) -> bool {
    tokens
        .iter()
        .any(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == '#'))
}

/// The text of a `doc = "..."` attribute, unescaped; `None` for any other attribute, or a
/// doc string this printer would not write back exactly (then it stays an attribute).
fn doc_text(attr: &[TokenTree]) -> Option<String> {
    let mut tokens = attr.iter();
    match (tokens.next(), tokens.next(), tokens.next(), tokens.next()) {
        (
            Some(TokenTree::Ident(doc)),
            Some(TokenTree::Punct(eq)),
            Some(TokenTree::Literal(lit)),
            None,
        ) if doc == "doc" && eq.as_char() == '=' => {
            let text = string_literal(&lit.to_string())?;
            fits_doc_comment(&text).then_some(text)
        }
        _ => None,
    }
}

/// Whether a doc string can be written as `///` comments (one per line of it): a `\r`
/// would end a comment where the text does not, and `/*` would change its meaning.
pub(super) fn fits_doc_comment(text: &str) -> bool {
    !text.contains('\r') && !text.contains("*/") && !text.contains("/*")
}

/// The value of a plain or raw string literal's source text.
fn string_literal(source: &str) -> Option<String> {
    if let Some(raw) = source.strip_prefix('r') {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let body = raw.get(hashes..raw.len().checked_sub(hashes)?)?;
        return Some(body.strip_prefix('"')?.strip_suffix('"')?.to_string());
    }
    let body = source.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            '\\' => out.push('\\'),
            '"' => out.push('"'),
            '\'' => out.push('\''),
            '0' => out.push('\0'),
            'u' => {
                let rest: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let code = u32::from_str_radix(rest.strip_prefix('{')?, 16).ok()?;
                out.push(char::from_u32(code)?);
            }
            _ => return None,
        }
    }
    Some(out)
}

/// A Rust path (`crate::v1::Frobber`) as tokens for generated code.
pub fn path_tokens(path: &str) -> TokenStream {
    // Built from the segments directly: generators emit thousands of paths, and parsing
    // each one was a visible part of codegen time on large APIs.
    let is_ident = |s: &str| {
        let s = s.strip_prefix("r#").unwrap_or(s);
        s.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && s.chars().all(|c| c.is_alphanumeric() || c == '_')
    };
    if path.split("::").all(is_ident) {
        let segments = path.split("::").map(|s| match s.strip_prefix("r#") {
            Some(raw) => proc_macro2::Ident::new_raw(raw, proc_macro2::Span::call_site()),
            None => proc_macro2::Ident::new(s, proc_macro2::Span::call_site()),
        });
        return quote::quote!(#(#segments)::*);
    }
    match syn::parse_str::<syn::Path>(path) {
        Ok(p) => quote::quote!(#p),
        // Paths are joined from parsed Rust identifiers, so they always parse.
        Err(_) => {
            let msg = format!("invalid path {path}");
            quote::quote!(compile_error!(#msg))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rust_source(tokens: TokenStream) -> String {
        let mut lines = Lines::default();
        print(tokens, &mut lines, 0);
        lines.text
    }

    /// Laid out as it is written here: printing its own tokens gives the text back.
    const LAID_OUT: &str = "//! The module.

use ::kapi::meta::{ObjectMeta, Time};

/// A thing.
#[derive(Debug, Clone)]
pub struct Thing<'a> {
    pub name: &'a str,
    pub map: BTreeMap<String, Vec<i32>>,
}

impl<'a> Thing<'a> {
    pub fn new(name: &'a str) -> Result<Self, Error> {
        let x = Vec::<i32>::new();
        if x.is_empty() && !name.is_empty() {
            return Err(Error::new(*name));
        } else {
            x.len();
        }
        Ok(Self {
            name,
            map: ::std::default::Default::default(),
        })
    }
}
";

    #[test]
    fn tokens_are_laid_out_by_their_delimiters() {
        let tokens: TokenStream = LAID_OUT.parse().expect("the example lexes");
        assert_eq!(rust_source(tokens), LAID_OUT);
    }

    #[test]
    fn printed_text_is_the_same_tokens() {
        let tokens = quote::quote! {
            pub const KINDS: &[Meta] = &[Meta { a: 1, b: &["x"] }, Meta { a: -2, b: &[] }];
            fn f(x: &mut Vec<u8>) -> impl Fn(u8) -> bool + '_ { move |b| x.len() as u8 >= b }
            #[doc = "Tricky \"doc\" with a\nnewline */"]
            match v { A::B(x) => x?, _ => vec![1, 2][0], }
        };
        let printed = rust_source(tokens.clone());
        let reparsed: TokenStream = printed.parse().expect("the text lexes");
        assert_eq!(flat(reparsed), flat(tokens), "{printed}");
    }

    /// The tokens, delimiters included, without their spacing.
    fn flat(tokens: TokenStream) -> Vec<String> {
        tokens
            .into_iter()
            .flat_map(|t| match t {
                TokenTree::Group(g) => {
                    let mut all = vec![format!("{:?}", g.delimiter())];
                    all.extend(flat(g.stream()));
                    all.push("end".into());
                    all
                }
                other => vec![other.to_string()],
            })
            .collect()
    }

    #[test]
    fn paths_print_as_written() {
        assert_eq!(
            path_tokens("crate::v1::r#type::Frobber").to_string(),
            "crate :: v1 :: r#type :: Frobber"
        );
        assert_eq!(path_tokens("::kapi::meta").to_string(), ":: kapi :: meta");
    }
}
