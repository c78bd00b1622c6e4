//! The binary codec: `prost::Message` for structs whose every field has a protobuf number,
//! written the way go-to-protobuf writes Kubernetes' types (see `kapi::codec::protobuf`):
//! fields in number order, non-`Option` fields always (Go's non-pointer fields), `Option`
//! fields when `Some`, `Vec` as unpacked `repeated` (`Vec<u8>` as `bytes`), maps as sorted
//! entry messages. String enums are written as their strings. Structs without numbers
//! (internal hubs, groups without a protobuf package) get no impl: they never go on the wire.
//! A struct's `ProtoValue` (a message as a field value) is kapi's one impl over every
//! `ProtoMessage`; each field is one call to a helper picked by its form.

use crate::input::{field_ident, Input};
use kapi_model::{Field, Scalar, Shape, TypeRef};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &Input) -> TokenStream {
    match &input.def.shape {
        Shape::Enum { .. } => expand_enum(input),
        Shape::Struct { .. } if input.has_protobuf_message() => expand_struct(input),
        Shape::Struct { .. } => TokenStream::new(),
    }
}

fn pb() -> TokenStream {
    quote!(::kapi::__private::protobuf)
}

fn expand_enum(input: &Input) -> TokenStream {
    let inline_attr = crate::input::compiled_where_used();
    let ident = input.ident();
    let pb = pb();
    quote! {
        impl #pb::ProtoValue for #ident {
            const WIRE_TYPE: #pb::prost::encoding::WireType =
                #pb::prost::encoding::WireType::LengthDelimited;
            fn encode_value(&self, buf: &mut impl #pb::prost::bytes::BufMut) {
                #pb::encode_str_value(self.as_str(), buf);
            }
            #inline_attr
            fn value_len(&self) -> usize {
                #pb::str_value_len(self.as_str())
            }
            fn decode_value(
                wire_type: #pb::prost::encoding::WireType,
                buf: &mut impl #pb::prost::bytes::Buf,
                ctx: #pb::prost::encoding::DecodeContext,
            ) -> ::core::result::Result<Self, #pb::prost::DecodeError> {
                #pb::decode_enum(wire_type, buf, ctx)
            }
        }
    }
}

/// How one field is encoded, measured and merged.
enum Form {
    /// Written once, always.
    Single,
    /// `Option`: written when `Some`.
    Option,
    /// One field occurrence per element.
    Repeated,
    /// One entry message per key.
    Map,
}

fn form(ty: &TypeRef) -> Form {
    match ty {
        TypeRef::Option(_) => Form::Option,
        TypeRef::Vec(inner) if !matches!(**inner, TypeRef::Scalar(Scalar::U8)) => Form::Repeated,
        TypeRef::Map { .. } => Form::Map,
        _ => Form::Single,
    }
}

fn expand_struct(input: &Input) -> TokenStream {
    let inline_attr = crate::input::compiled_where_used();
    let ident = input.ident();
    let pb = pb();
    let mut fields: Vec<(&Field, &syn::Field)> = input.fields();
    fields.sort_by_key(|(m, _)| m.protobuf);
    let mut encodes = Vec::new();
    let mut lens = Vec::new();
    let mut merges = Vec::new();
    for (model, f) in &fields {
        let name = field_ident(f);
        // The parser rejects numbers outside 1..=2^29-1 (and the derive stops on its errors),
        // so every number fits a u32; unnumbered structs returned early.
        let tag = model.protobuf.map_or(0, |n| n.value) as u32;
        let (encode, len, merge) = match form(&model.ty) {
            Form::Single => (
                quote!(encode_single),
                quote!(single_len),
                quote!(ProtoValue::merge_value),
            ),
            Form::Option => (
                quote!(encode_option),
                quote!(option_len),
                quote!(merge_option),
            ),
            Form::Repeated => (
                quote!(encode_repeated),
                quote!(repeated_len),
                quote!(merge_repeated),
            ),
            Form::Map => {
                encodes.push(quote! { __pb::encode_map(#tag, self.#name.iter(), buf); });
                lens.push(quote! { __pb::map_len(#tag, self.#name.iter()) });
                merges.push(
                    quote! { #tag => __pb::merge_map(&mut self.#name, wire_type, buf, ctx), },
                );
                continue;
            }
        };
        encodes.push(quote! { __pb::#encode(#tag, &self.#name, buf); });
        lens.push(quote! { __pb::#len(#tag, &self.#name) });
        merges.push(quote! { #tag => __pb::#merge(&mut self.#name, wire_type, buf, ctx), });
    }
    // A type that is not a kind keeps the trait's empty `apiVersion` and `kind`.
    let type_meta = input.def.kind.is_some().then(|| {
        quote! {
            const API_VERSION: &'static str = <Self as ::kapi::TypeInfo>::API_VERSION;
            const KIND: &'static str = <Self as ::kapi::TypeInfo>::KIND;
        }
    });
    // The helpers' short name, where a field uses it.
    let alias = (!fields.is_empty()).then(|| quote! { use #pb as __pb; });
    let unused_ctx = fields
        .is_empty()
        .then(|| quote! { let _ = (wire_type, &ctx); });
    quote! {
        impl #pb::prost::Message for #ident {
            fn encode_raw(&self, buf: &mut impl #pb::prost::bytes::BufMut) {
                #alias
                #(#encodes)*
            }
            fn merge_field(
                &mut self,
                tag: u32,
                wire_type: #pb::prost::encoding::WireType,
                buf: &mut impl #pb::prost::bytes::Buf,
                ctx: #pb::prost::encoding::DecodeContext,
            ) -> ::core::result::Result<(), #pb::prost::DecodeError> {
                use #pb as __pb;
                #unused_ctx
                match tag {
                    #(#merges)*
                    _ => __pb::skip(wire_type, tag, buf, ctx),
                }
            }
            #inline_attr
            fn encoded_len(&self) -> usize {
                #alias
                0 #(+ #lens)*
            }
            #inline_attr
            fn clear(&mut self) {
                #pb::reset(self)
            }
        }

        impl #pb::ProtoMessage for #ident {
            #type_meta
        }
    }
}
