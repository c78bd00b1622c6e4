//! `required` as each kind of API server means it (issue 34, item 4). The same shapes, in a
//! group-version validated as a CRD's schema (`validation = "schema"`) and in one validated
//! as a built-in kind:
//!
//! - a CRD's `required` asks only that the key be present (kube-openapi's `Required`
//!   check on the object's keys), after kube-apiserver has pruned the `null`s of fields that
//!   are not nullable (apiextensions-apiserver `schema/defaulting/prunenulls.go`); so a
//!   required `group: ""` (the core group) is accepted, while a key kapi leaves out when
//!   empty, or writes `null`, is `Required value`;
//! - a CRD's schema checks a property only when it is present, and on create kube-apiserver
//!   deletes `status` when the status subresource is on (`registry/customresource/strategy.go`,
//!   `PrepareForCreate`), so an object without status is not told `status.parents: Required
//!   value`;
//! - Kubernetes' Go validation of built-in kinds reports an empty required string, list or
//!   map as `Required value` (validation.go, declarative `+k8s:required`).

use kapi::client::{Api, Client, Config};
use kapi::meta::{CreateOptions, ObjectMeta};
use kapi::scheme::{KindCategory, KindMeta, KindShape, Names, ResourceMeta};
use kapi::validation::{Options, Style, Validate};
use kapi_apiserver::ApiServer;
use std::sync::Arc;

/// Gateway API's shapes, as its Go importer writes them: `Group string json:"group"` with
/// `+required` (written even when empty), a `+required` key left out when empty, a nil
/// slice written `null`, and a status whose `parents` is required.
macro_rules! route_api {
    ($group:literal $(, $setting:ident = $value:literal)?) => {
        use kapi::meta::{ListMeta, ObjectMeta};
        use kapi::ApiType;

        kapi::group_version! { group_name = $group, version = "v1" $(, $setting = $value)? }

        #[derive(ApiType, Debug, PartialEq)]
        #[k8s(kind, subresource_status)]
        pub struct Route {
            #[k8s(optional)]
            pub metadata: ObjectMeta,
            #[k8s(required, presence = "omit_empty")]
            pub spec: RouteSpec,
            #[k8s(optional)]
            pub status: RouteStatus,
        }

        #[derive(ApiType, Debug, PartialEq)]
        #[k8s(kind)]
        pub struct RouteList {
            #[k8s(optional)]
            pub metadata: ListMeta,
            pub items: Vec<Route>,
        }

        #[derive(ApiType, Debug, PartialEq)]
        pub struct RouteSpec {
            #[k8s(optional, max_items = 32)]
            pub parent_refs: Vec<ParentRef>,
        }

        #[derive(ApiType, Debug, PartialEq)]
        pub struct ParentRef {
            #[k8s(
                required,
                max_length = 253,
                pattern = "^$|^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$"
            )]
            pub group: String,
            #[k8s(required, min_length = 1)]
            pub kind: String,
            #[k8s(required, presence = "omit_empty")]
            pub name: String,
            #[k8s(required, presence = "null")]
            pub hostnames: Vec<String>,
            #[k8s(optional)]
            pub port: Option<i32>,
            #[k8s(required, presence = "omit_empty")]
            pub weight: i32,
        }

        #[derive(ApiType, Debug, PartialEq)]
        pub struct RouteStatus {
            #[k8s(required, presence = "null", max_items = 32)]
            pub parents: Vec<String>,
            /// Go's zero `metav1.Time` when absent, so a zero status is still zero.
            #[k8s(optional)]
            pub observed_at: kapi::meta::Time,
        }
    };
}

mod crd {
    route_api!("routes.example.com", validation = "schema");
}

// Only the CRD-style kinds are served below; these are validated directly.
#[allow(dead_code)]
mod built_in {
    route_api!("routes.k8s.example.com");
}

fn errors(errs: kapi::validation::ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn core_group_ref() -> crd::ParentRef {
    crd::ParentRef {
        group: String::new(),
        kind: "Service".into(),
        name: "backend".into(),
        hostnames: vec!["example.com".into()],
        port: None,
        weight: 1,
    }
}

fn route(parent: crd::ParentRef) -> crd::Route {
    crd::Route {
        metadata: ObjectMeta {
            name: "r".into(),
            ..Default::default()
        },
        spec: crd::RouteSpec {
            parent_refs: vec![parent],
        },
        status: Default::default(),
    }
}

#[test]
fn the_styles_are_declared_by_group_version() {
    assert_eq!(crd::GROUP_VERSION.validation, Style::Schema);
    assert_eq!(built_in::GROUP_VERSION.validation, Style::BuiltIn);
}

#[test]
fn a_schema_required_key_is_present_at_any_value_its_rules_allow() {
    // `group: ""` is written, so a CRD has the key; status is absent: no error at all.
    let valid = route(core_group_ref());
    assert_eq!(errors(valid.validate()), Vec::<String>::new());

    // Left out when empty (`omit_empty`, a number at 0 too), or written `null` and pruned:
    // missing.
    let missing = route(crd::ParentRef {
        name: String::new(),
        hostnames: Vec::new(),
        weight: 0,
        ..core_group_ref()
    });
    assert_eq!(
        errors(missing.validate()),
        [
            "spec.parentRefs[0].name: Required value",
            "spec.parentRefs[0].hostnames: Required value",
            "spec.parentRefs[0].weight: Required value",
        ]
    );

    // A written `""` is present and meets its own rules, as a CRD's schema checks it.
    let empty_kind = route(crd::ParentRef {
        kind: String::new(),
        ..core_group_ref()
    });
    assert_eq!(
        errors(empty_kind.validate()),
        ["spec.parentRefs[0].kind: Invalid value: \"\": must be at least 1 byte long"]
    );
    let bad_group = route(crd::ParentRef {
        group: "Not A Group".into(),
        ..core_group_ref()
    });
    assert_eq!(
        errors(bad_group.validate()).len(),
        1,
        "the pattern still holds"
    );
}

#[test]
fn built_in_validation_keeps_empty_as_missing() {
    let r = built_in::Route {
        metadata: ObjectMeta {
            name: "r".into(),
            ..Default::default()
        },
        spec: built_in::RouteSpec {
            parent_refs: vec![built_in::ParentRef {
                group: String::new(),
                kind: String::new(),
                name: "backend".into(),
                hostnames: vec!["example.com".into()],
                port: None,
                // Go validation of a required number is the type's own business.
                weight: 0,
            }],
        },
        status: Default::default(),
    };
    assert_eq!(
        errors(r.validate()),
        [
            "spec.parentRefs[0].group: Required value",
            "spec.parentRefs[0].kind: Required value",
            "status.parents: Required value",
        ]
    );
}

#[test]
fn an_absent_struct_is_not_validated_inside_a_schema() {
    // Zero status (what decoding gives without the key): not there, nothing to check.
    let without_status: crd::Route = kapi::codec::json::from_str(
        r#"{"apiVersion":"routes.example.com/v1","kind":"Route","metadata":{"name":"r"},
            "spec":{"parentRefs":[{"group":"","kind":"Service","name":"b","hostnames":["h"],"weight":1}]}}"#,
    )
    .expect("decodes");
    assert_eq!(errors(without_status.validate()), Vec::<String>::new());

    // A status that is there is checked.
    let mut with_status = route(core_group_ref());
    with_status.status.parents = (0..33).map(|i| format!("p{i}")).collect();
    assert_eq!(
        errors(with_status.validate()),
        ["status.parents: Too many: 33: must have at most 32 items"]
    );

    // A type on its own has no kind to take the style from: the caller names it.
    let alone = crd::ParentRef {
        group: String::new(),
        ..core_group_ref()
    };
    assert_eq!(errors(alone.validate()), ["group: Required value"]);
    let schema = Options::default().in_style(Style::Schema);
    assert_eq!(errors(alone.validate_with(&schema)), Vec::<String>::new());
}

fn meta(kind: &'static str, category: KindCategory) -> KindMeta {
    let object = category == KindCategory::Object;
    let shape = if object {
        KindShape::Object(ResourceMeta {
            plural: "routes".into(),
            singular: "route".into(),
            scope: kapi::Scope::Namespaced,
            list_kind: "RouteList".into(),
            short_names: Names::NONE,
            categories: Names::NONE,
            verbs: None,
            subresource_status: true,
            scale: None,
            print_columns: Default::default(),
        })
    } else {
        KindShape::List
    };
    KindMeta {
        storage_version: object,
        ..KindMeta::unserved(kind, shape)
    }
}

fn scheme() -> kapi::Scheme {
    let mut scheme = kapi::Scheme::new();
    let object = &meta("Route", KindCategory::Object);
    let list = &meta("RouteList", KindCategory::List);
    scheme
        .add_unconverted::<crd::Route>(object, kapi::__private::kind_hooks!(crd::Route))
        .expect("Route");
    scheme
        .add_unconverted::<crd::RouteList>(list, kapi::__private::kind_hooks!(crd::RouteList))
        .expect("RouteList");
    scheme
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_embedded_server_reads_required_as_a_crd_does() {
    let server = ApiServer::builder(scheme()).start().await.expect("server");
    let client = Client::new(
        Config::new(server.url().parse().expect("url")),
        Arc::new(scheme()),
    )
    .expect("client");
    let api: Api<crd::Route> = Api::namespaced(client, "default");
    let create = CreateOptions::default();

    let created = api
        .create(&route(core_group_ref()), &create)
        .await
        .expect("the core group and no status");
    assert_eq!(created.spec.parent_refs[0].group, "");

    // Status is dropped on create with the status subresource, before validation.
    let mut with_bad_status = route(core_group_ref());
    with_bad_status.metadata.name = "s".into();
    with_bad_status.status.parents = (0..33).map(|i| format!("p{i}")).collect();
    let created = api
        .create(&with_bad_status, &create)
        .await
        .expect("status is not the create's to set");
    assert!(created.status.parents.is_empty());

    let mut missing = route(crd::ParentRef {
        name: String::new(),
        ..core_group_ref()
    });
    missing.metadata.name = "m".into();
    match api.create(&missing, &create).await {
        Err(kapi::client::Error::Api(e)) => {
            assert_eq!(e.code, 422, "{e:?}");
            let causes: Vec<String> = e
                .status
                .details
                .expect("details")
                .causes
                .into_iter()
                .map(|c| format!("{}: {}", c.field, c.message))
                .collect();
            assert_eq!(causes, ["spec.parentRefs[0].name: Required value"]);
        }
        other => panic!("a missing required key must be refused: {other:?}"),
    }
}
