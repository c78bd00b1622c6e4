//! Snapshots of what the derive emits, formatted, so a change to generated code is reviewed.

use quote::quote;

fn expand_pretty(input: proc_macro2::TokenStream) -> String {
    let tokens = crate::expand(input);
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(file) => prettyplease::unparse(&unwrap_if_fuzz(file)),
        Err(_) => tokens.to_string(),
    }
}

/// The items inside `::kapi::__private::if_fuzz! { .. }` formatted as items, each under a
/// `#[cfg(kapi_fuzz)]` that stands for the wrapper: prettyplease prints a macro's body as
/// one run of tokens, which no reviewer can read.
fn unwrap_if_fuzz(file: syn::File) -> syn::File {
    let items = file
        .items
        .into_iter()
        .flat_map(|item| match &item {
            syn::Item::Macro(m)
                if m.mac
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| s.ident == "if_fuzz") =>
            {
                let inner: syn::File = syn::parse2(m.mac.tokens.clone()).expect("items");
                inner
                    .items
                    .into_iter()
                    .map(|mut item| {
                        if let syn::Item::Impl(i) = &mut item {
                            i.attrs.insert(0, syn::parse_quote!(#[cfg(kapi_fuzz)]));
                        }
                        item
                    })
                    .collect::<Vec<_>>()
            }
            _ => vec![item],
        })
        .collect();
    syn::File { items, ..file }
}

#[test]
fn kind_with_defaults_and_optional_fields() {
    insta::assert_snapshot!(expand_pretty(quote! {
        #[k8s(kind, gen_client, short_names = ["wd"])]
        pub struct Widget {
            #[k8s(optional)]
            pub metadata: kapi::meta::ObjectMeta,
            #[k8s(default = 3, minimum = 0)]
            pub replicas: Option<i32>,
            #[k8s(optional, default = "fast")]
            pub mode: String,
            #[k8s(optional)]
            pub labels: std::collections::BTreeMap<String, String>,
            #[k8s(rename = "type")]
            pub type_: String,
        }
    }));
}

#[test]
fn list_kind() {
    insta::assert_snapshot!(expand_pretty(quote! {
        #[k8s(kind)]
        pub struct WidgetList {
            pub metadata: kapi::meta::ListMeta,
            pub items: Vec<Widget>,
        }
    }));
}

#[test]
fn string_enum_with_gated_value() {
    insta::assert_snapshot!(expand_pretty(quote! {
        pub enum RestartPolicy {
            Always,
            #[k8s(feature_gate = "OnTuesdayGate")]
            OnTuesday,
            #[k8s(rename = "TCP")]
            Tcp,
            /// A value this version does not know, kept as sent.
            Other(String),
        }
    }));
}

#[test]
fn marker_errors_become_spanned_compile_errors() {
    let out = crate::expand(quote! {
        pub struct Spec {
            #[k8s(optinal)]
            pub a: String,
            #[k8s(max_items = 3)]
            pub b: String,
        }
    })
    .to_string();
    assert!(out.contains("compile_error"), "{out}");
    assert!(out.contains("unknown marker `optinal`"), "{out}");
    assert!(out.contains("did you mean `optional`?"), "{out}");
    assert!(
        out.contains("marker `max_items` does not apply to type `String`"),
        "{out}"
    );
}

#[test]
fn fuzz_follows_markers() {
    insta::assert_snapshot!(expand_pretty(quote! {
        pub struct Route {
            #[k8s(optional, format = "dns1123-subdomain", max_length = 253)]
            pub host: String,
            #[k8s(min_length = 3, max_length = 10)]
            pub token: Option<String>,
            #[k8s(minimum = 1, maximum = 65535)]
            pub port: i32,
            #[k8s(minimum = 0, exclusive_minimum)]
            pub weight: Option<u16>,
            #[k8s(maximum = 1.5, exclusive_maximum)]
            pub ratio: Option<f64>,
            #[k8s(optional, list_type = "map", list_map_key = "name", list_map_key = "protocol", min_items = 2, max_items = 4)]
            pub ports: Vec<Port>,
            #[k8s(optional, list_type = "set", format = "dns1123-label")]
            pub aliases: Vec<String>,
            #[k8s(optional)]
            pub labels: std::collections::BTreeMap<String, String>,
            pub backend: Option<Backend>,
            pub required_list: Vec<Port>,
        }
    }));
}

#[test]
fn fuzz_sets_one_union_member_and_its_discriminator() {
    insta::assert_snapshot!(expand_pretty(quote! {
        #[k8s(union)]
        pub struct Backend {
            #[k8s(union_discriminator, rename = "type")]
            pub type_: Option<BackendType>,
            pub service: Option<ServiceBackend>,
            #[k8s(optional, format = "uri")]
            pub url: String,
        }
    }));
}

/// Only the protobuf emitter's output: fields in number order, each by its form.
#[test]
fn protobuf_message_in_number_order() {
    let input = crate::input::Input::parse(quote! {
        #[k8s(kind)]
        pub struct Widget {
            #[k8s(optional, protobuf = 1)]
            pub metadata: kapi::meta::ObjectMeta,
            #[k8s(optional, protobuf = 4)]
            pub labels: std::collections::BTreeMap<String, String>,
            #[k8s(protobuf = 2)]
            pub replicas: Option<i32>,
            #[k8s(optional, protobuf = 3)]
            pub ports: Vec<i32>,
            #[k8s(optional, protobuf = 5)]
            pub data: Vec<u8>,
        }
    })
    .expect("parses");
    let tokens = crate::protobuf::expand(&input);
    let file: syn::File = syn::parse2(tokens).expect("emits items");
    insta::assert_snapshot!(prettyplease::unparse(&file));
}

#[test]
fn no_protobuf_without_numbers() {
    let input = crate::input::Input::parse(quote! {
        pub struct Spec {
            #[k8s(protobuf = 1)]
            pub a: String,
            pub b: String,
        }
    })
    .expect("parses");
    assert!(crate::protobuf::expand(&input).is_empty());
}

/// `custom_json`: no serde impls (the user writes them), everything else as for any struct.
#[test]
fn custom_json_leaves_serde_to_the_user() {
    let out = expand_pretty(quote! {
        #[k8s(custom_json)]
        pub struct SchemaOrBool {
            #[k8s(protobuf = 1)]
            pub allows: bool,
            #[k8s(protobuf = 2)]
            pub schema: Option<Box<Schema>>,
        }
    });
    assert!(!out.contains("Serialize for SchemaOrBool"), "{out}");
    assert!(!out.contains("Deserialize<'de> for SchemaOrBool"), "{out}");
    assert!(!out.contains("SerializeFields for"), "{out}");
    assert!(!out.contains("DeserializeFields for"), "{out}");
    assert!(out.contains("Clone for SchemaOrBool"), "{out}");
    assert!(out.contains("Message for SchemaOrBool"), "{out}");
}

/// A kind's JSON is kapi's to write, so `custom_json` on one is an error.
#[test]
fn custom_json_on_a_kind_is_an_error() {
    let out = expand_pretty(quote! {
        #[k8s(kind, custom_json)]
        pub struct Widget {
            #[k8s(optional)]
            pub metadata: kapi::meta::ObjectMeta,
        }
    });
    assert!(out.contains("compile_error"), "{out}");
    assert!(out.contains("is a kind: its JSON is"), "{out}");
}

/// `custom_json(type = ..)` names one of JSON Schema's types.
#[test]
fn custom_json_type_is_checked() {
    let out = expand_pretty(quote! {
        #[k8s(custom_json(type = "str"))]
        pub struct Raw {
            #[k8s(protobuf = 1)]
            pub raw: kapi::meta::ByteString,
        }
    });
    assert!(out.contains("compile_error"), "{out}");
    assert!(out.contains("is not one of"), "{out}");
}
