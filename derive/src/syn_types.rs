//! Field types as written in the item: the model's `TypeRef` keeps their shape, while the
//! emitted code needs the source's own paths (`Option<crate::v1::Foo>`, `Vec<Item>`).

use proc_macro2::TokenStream;
use quote::quote;

/// `T` of an `Option<T>` written in source.
pub fn option_inner(ty: &syn::Type) -> Option<TokenStream> {
    let syn::Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Type(t) => Some(quote!(#t)),
        _ => None,
    }
}

/// `T` of a `Vec<T>` (or any one-parameter type) written in source.
pub fn vec_inner(ty: &syn::Type) -> Option<syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Type(t) => Some(t.clone()),
        _ => None,
    }
}

/// The `index`th type argument of a generic type written in source (`V` of `BTreeMap<K, V>`
/// is index 1).
pub fn type_arg(ty: &syn::Type, index: usize) -> Option<syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    args.args
        .iter()
        .filter_map(|a| match a {
            syn::GenericArgument::Type(t) => Some(t.clone()),
            _ => None,
        })
        .nth(index)
}
