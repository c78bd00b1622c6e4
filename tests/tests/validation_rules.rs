//! `validation_rule` markers (CEL, `x-kubernetes-validations`) enforced by the embedded
//! server as kube-apiserver enforces a CRD's rules: on the object and on fields, with
//! messages, message expressions, reasons and field paths, transition rules on update only.
//! And scalar constraints on a list or map, which hold for each item or value.

use kapi::client::{Api, Client, Config};
use kapi::meta::{CreateOptions, ObjectMeta, UpdateOptions};
use kapi::scheme::{KindCategory, KindMeta, KindShape, Names, ResourceMeta};
use kapi_apiserver::ApiServer;
use std::sync::Arc;

mod v1 {
    use kapi::meta::{ListMeta, ObjectMeta};
    use kapi::ApiType;

    kapi::group_version! { group_name = "rules.example.com", version = "v1" }

    #[derive(ApiType, Debug, PartialEq)]
    #[k8s(kind)]
    pub struct Gadget {
        #[k8s(optional)]
        pub metadata: ObjectMeta,
        #[k8s(optional)]
        pub spec: GadgetSpec,
    }

    #[derive(ApiType, Debug, PartialEq)]
    #[k8s(kind)]
    pub struct GadgetList {
        #[k8s(optional)]
        pub metadata: ListMeta,
        pub items: Vec<Gadget>,
    }

    #[derive(ApiType, Debug, PartialEq)]
    #[k8s(validation_rule(
        rule = "!has(self.minReplicas) || self.minReplicas <= self.replicas",
        message = "minReplicas may not exceed replicas",
        field_path = ".minReplicas"
    ))]
    pub struct GadgetSpec {
        pub replicas: i32,
        pub min_replicas: Option<i32>,
        #[k8s(
            optional,
            validation_rule(
                rule = "self.startsWith('g-')",
                message_expression = "'name ' + self + ' must start with g-'"
            ),
            validation_rule(rule = "self == oldSelf", reason = "FieldValueForbidden")
        )]
        pub name: String,
        #[k8s(
            optional,
            validation_rule(
                rule = "oldSelf.all(p, p in self)",
                message = "parts may be added, never removed"
            )
        )]
        pub parts: Vec<String>,
        #[k8s(optional, max_length = 3, pattern = "^[a-z]+$")]
        pub tags: Vec<String>,
        #[k8s(optional, minimum = 1, maximum = 9)]
        pub weights: std::collections::BTreeMap<String, i32>,
    }
}

use v1::{Gadget, GadgetList, GadgetSpec};

fn meta(kind: &'static str, category: KindCategory) -> KindMeta {
    let object = category == KindCategory::Object;
    let shape = if object {
        KindShape::Object(ResourceMeta {
            plural: "gadgets".into(),
            singular: "gadget".into(),
            scope: kapi::Scope::Namespaced,
            list_kind: "GadgetList".into(),
            short_names: Names::NONE,
            categories: Names::NONE,
            verbs: None,
            subresource_status: false,
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
    let object = &meta("Gadget", KindCategory::Object);
    let list = &meta("GadgetList", KindCategory::List);
    scheme
        .add_unconverted::<Gadget>(object, kapi::__private::kind_hooks!(Gadget))
        .expect("Gadget");
    scheme
        .add_unconverted::<GadgetList>(list, kapi::__private::kind_hooks!(GadgetList))
        .expect("GadgetList");
    scheme
}

fn gadget(name: &str, spec: GadgetSpec) -> Gadget {
    Gadget {
        metadata: ObjectMeta {
            name: name.into(),
            ..Default::default()
        },
        spec,
    }
}

/// The causes of a refused write, as `field: message`.
fn causes(e: kapi::client::Error) -> Vec<String> {
    match e {
        kapi::client::Error::Api(api) => {
            assert_eq!(api.code, 422, "{api:?}");
            let details = api.status.details.expect("details");
            details
                .causes
                .into_iter()
                .map(|c| format!("{}: {}", c.field, c.message))
                .collect()
        }
        other => panic!("not an API error: {other}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_embedded_server_enforces_validation_rules() {
    let server = ApiServer::builder(scheme()).start().await.expect("server");
    let client = Client::new(
        Config::new(server.url().parse().expect("url")),
        Arc::new(scheme()),
    )
    .expect("client");
    let api: Api<Gadget> = Api::namespaced(client, "default");
    let create = CreateOptions::default();
    let spec = |replicas, min_replicas, name: &str, parts: &[&str]| GadgetSpec {
        replicas,
        min_replicas,
        name: name.into(),
        parts: parts.iter().map(|p| p.to_string()).collect(),
        ..Default::default()
    };

    // A transition rule does not run on create; the others do.
    let mut stored = api
        .create(&gadget("ok", spec(3, Some(1), "g-one", &["a"])), &create)
        .await
        .expect("a Gadget that keeps every rule");

    let refused = api
        .create(&gadget("bad", spec(1, Some(2), "one", &[])), &create)
        .await
        .expect_err("two rules broken");
    assert_eq!(
        causes(refused),
        [
            "spec.minReplicas: Invalid value: minReplicas may not exceed replicas",
            "spec.name: Invalid value: \"one\": name one must start with g-",
        ]
    );

    // On update the transition rules see the stored value.
    stored.spec.name = "g-two".into();
    stored.spec.parts = vec!["b".into()];
    let refused = api
        .update(&stored, &UpdateOptions::default())
        .await
        .expect_err("name changed, part removed");
    assert_eq!(
        causes(refused),
        [
            "spec.name: Forbidden: failed rule: self == oldSelf",
            "spec.parts: Invalid value: parts may be added, never removed",
        ]
    );
    stored.spec.name = "g-one".into();
    stored.spec.parts = vec!["a".into(), "b".into()];
    let updated = api
        .update(&stored, &UpdateOptions::default())
        .await
        .expect("a part added");
    assert_eq!(updated.spec.parts, ["a", "b"]);
}

#[test]
fn scalar_constraints_on_lists_and_maps_hold_for_each_item() {
    use kapi::validation::Validate;
    let spec = GadgetSpec {
        replicas: 1,
        name: "g-x".into(),
        tags: vec!["ok".into(), "long".into(), "UP".into()],
        weights: [("a".to_string(), 3), ("b".to_string(), 10)].into(),
        ..Default::default()
    };
    let errors: Vec<String> = spec.validate().iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        [
            "tags[1]: Too long: may not be more than 3 bytes",
            "tags[2]: Invalid value: \"UP\": must match the regular expression '^[a-z]+$'",
            "weights[b]: Invalid value: 10: must be less than or equal to 9",
        ]
    );
}
