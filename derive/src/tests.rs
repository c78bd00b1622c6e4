//! Snapshots of what the derive emits, formatted, so a change to generated code is reviewed.

use quote::quote;

fn expand_pretty(input: proc_macro2::TokenStream) -> String {
    let tokens = crate::expand(input);
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(_) => tokens.to_string(),
    }
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
