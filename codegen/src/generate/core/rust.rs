//! The one printer of generated Rust: tokens to prettyplease's text, and Rust paths to
//! tokens. Neither panics: generators build tokens with `quote!`, and a token stream that
//! does not parse (a generator bug) is written out as a `compile_error!` so it is seen where
//! the file is compiled, instead of aborting the whole run.

use proc_macro2::TokenStream;

/// Generated Rust as prettyplease prints it.
pub fn rust_source(tokens: TokenStream) -> String {
    match syn::parse2::<syn::File>(tokens) {
        Ok(file) => prettyplease::unparse(&file),
        Err(e) => format!("compile_error!({:?});\n", e.to_string()),
    }
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

    #[test]
    fn tokens_that_do_not_parse_print_a_compile_error() {
        let printed = rust_source(quote::quote!(pub fn));
        assert!(printed.starts_with("compile_error!("), "{printed}");
        assert_eq!(
            rust_source(quote::quote!(
                pub fn f() {}
            )),
            "pub fn f() {}\n"
        );
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
