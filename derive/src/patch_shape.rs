//! `kapi::patch_shape::PatchShape`: one static description of a struct's JSON fields and
//! their patch markers (strategic merge patch and server-side apply), which the embedded
//! server reads instead of OpenAPI documents. Enums are leaves. Every field is listed,
//! scalars too: server-side apply tells a struct's fields from a map's keys by them.

use crate::input::Input;
use crate::syn_types::type_arg;
use kapi_model::{Field, ListType, MapType, Shape, TypeRef};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    let ident = input.ident();
    let Shape::Struct { .. } = &input.def.shape else {
        return quote! { impl ::kapi::patch_shape::PatchShape for #ident {} };
    };
    let mut fields: Vec<TokenStream> = input
        .fields()
        .into_iter()
        .map(|(m, f)| field(m, &f.ty))
        .collect();
    // A kind's `apiVersion` and `kind` are written by the serializer, not held in fields.
    if input.def.kind.is_some() {
        fields.extend(["apiVersion", "kind"].map(type_meta_field));
    }
    let atomic = matches!(input.def.struct_type.as_deref(), Some(MapType::Atomic));
    quote! {
        impl ::kapi::patch_shape::PatchShape for #ident {
            fn shape() -> ::kapi::patch_shape::Shape {
                static SHAPE: ::kapi::patch_shape::Struct = ::kapi::patch_shape::Struct {
                    fields: &[#(#fields),*],
                    atomic: #atomic,
                };
                ::kapi::patch_shape::Shape::Struct(&SHAPE)
            }
        }
    }
}

fn field(m: &Field, ty: &syn::Type) -> TokenStream {
    let json_name = &m.json_name;
    let shape = shape(&m.ty, ty);
    let mut markers = Vec::new();
    if m.inline {
        markers.push(quote!(inline: true));
    }
    let mut text = |name: &str, value: &str| {
        if !value.is_empty() {
            let name = quote::format_ident!("{name}");
            markers.push(quote!(#name: #value));
        }
    };
    text(
        "patch_strategy",
        m.patch_strategy.as_deref().map_or("", String::as_str),
    );
    text(
        "patch_merge_key",
        m.patch_merge_key.as_deref().map_or("", String::as_str),
    );
    text(
        "list_type",
        match m.list_type.as_deref() {
            Some(ListType::Atomic) => "atomic",
            Some(ListType::Set) => "set",
            Some(ListType::Map) => "map",
            None => "",
        },
    );
    text(
        "map_type",
        match m.map_type.as_deref() {
            Some(MapType::Atomic) => "atomic",
            Some(MapType::Granular) => "granular",
            None => "",
        },
    );
    let default = m.default.as_deref().map(|d| d.to_string());
    text("default", default.as_deref().unwrap_or(""));
    if !m.list_map_keys.is_empty() {
        let keys = &m.list_map_keys;
        markers.push(quote!(list_map_keys: &[#(#keys),*]));
    }
    let plain = quote!(::kapi::patch_shape::Field::new(#json_name, #shape));
    if markers.is_empty() {
        return plain;
    }
    quote!(::kapi::patch_shape::Field { #(#markers,)* ..#plain })
}

fn type_meta_field(json_name: &str) -> TokenStream {
    quote!(::kapi::patch_shape::Field::new(#json_name, ::kapi::patch_shape::Shape::Leaf))
}

/// The shape of a field type: the model's `TypeRef` gives the structure, the source type
/// the path of each named type in it.
fn shape(r: &TypeRef, ty: &syn::Type) -> TokenStream {
    let inner = |index: usize, r: &TypeRef| match type_arg(ty, index) {
        Some(t) => shape(r, &t),
        None => quote!(::kapi::patch_shape::Shape::Leaf),
    };
    match r {
        TypeRef::Scalar(_) => quote!(::kapi::patch_shape::Shape::Leaf),
        TypeRef::Option(i) | TypeRef::Box(i) => inner(0, i),
        TypeRef::Vec(i) => {
            let item = inner(0, i);
            quote!(::kapi::patch_shape::Shape::List(&#item))
        }
        TypeRef::Map { value, .. } => {
            let value = inner(1, value);
            quote!(::kapi::patch_shape::Shape::Map(&#value))
        }
        TypeRef::Named(_) => {
            quote!(::kapi::patch_shape::Shape::Named(<#ty as ::kapi::patch_shape::PatchShape>::shape))
        }
    }
}
