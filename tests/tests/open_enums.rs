//! Enums are open on the wire (issue 17, section 1): a value a client's types do not know
//! goes client -> server -> informer -> client unchanged, in JSON and protobuf, when the
//! server's scheme knows it; a value the server does not know either is a 422 on write. The
//! meta enums keep unknown values through every codec.

mod cache_support;
mod client_support;
mod support;

use cache_support::{eventually, options};
use client_support::{client, ENCODINGS};
use kapi::cache::SharedInformer;
use kapi::client::Api;
use kapi::codec::protobuf::prost::Message as _;
use kapi::meta::{
    Condition, ConditionStatus, CreateOptions, GetOptions, IncludeObjectPolicy,
    LabelSelectorOperator, LabelSelectorRequirement, TableOptions, UpdateOptions,
};
use serde_json::json;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);

/// frob.example.com/v1 as an older client sees it: the fields this test needs, and enums
/// that lack values the server's version has (`Never`, `UDP`).
mod old_v1 {
    use kapi::meta::{LabelSelector, ObjectMeta};
    use kapi::ApiType;

    kapi::group_version! { group_name = "frob.example.com", version = "v1" }

    #[derive(ApiType, Debug, PartialEq)]
    #[k8s(kind, subresource_status)]
    pub struct Frobber {
        #[k8s(optional, protobuf = 1)]
        pub metadata: ObjectMeta,
        #[k8s(optional, protobuf = 2)]
        pub spec: FrobberSpec,
    }

    #[derive(ApiType, Debug, PartialEq)]
    pub struct FrobberSpec {
        #[k8s(protobuf = 1)]
        pub height: i32,
        #[k8s(protobuf = 4)]
        pub restart_policy: Option<RestartPolicy>,
        #[k8s(optional, list_type = "map", list_map_key = "name", protobuf = 6)]
        pub ports: Vec<FrobberPort>,
        #[k8s(protobuf = 9)]
        pub selector: Option<LabelSelector>,
    }

    #[derive(ApiType, Debug, PartialEq)]
    pub struct FrobberPort {
        #[k8s(protobuf = 1)]
        pub name: String,
        #[k8s(protobuf = 2)]
        pub port: i32,
        #[k8s(protobuf = 3)]
        pub protocol: Option<Protocol>,
    }

    #[derive(ApiType, Debug, PartialEq)]
    #[k8s(enum)]
    pub enum RestartPolicy {
        Always,
        OnFailure,
        Other(String),
    }

    #[derive(ApiType, Debug, PartialEq)]
    #[k8s(enum)]
    pub enum Protocol {
        #[k8s(rename = "TCP")]
        Tcp,
        Other(String),
    }
}

use old_v1::{Frobber, Protocol, RestartPolicy};

fn frobber(name: &str, policy: &str, protocol: &str) -> Frobber {
    serde_json::from_value(json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "Frobber",
        "metadata": {"name": name},
        "spec": {
            "height": 3,
            "restartPolicy": policy,
            "ports": [{"name": "http", "port": 8080, "protocol": protocol}],
        }
    }))
    .expect("an old Frobber")
}

/// The server holds the values its own version knows, as the old client sent them.
async fn assert_stored_as_sent(http: &support::Http, name: &str) {
    let stored = http
        .get(&format!("{}/{name}", support::FROBBERS))
        .await
        .expect(200);
    assert_eq!(stored["spec"]["restartPolicy"], "Never");
    assert_eq!(stored["spec"]["ports"][0]["protocol"], "UDP");
}

fn policy(f: &Frobber) -> Option<&str> {
    f.spec.restart_policy.as_ref().map(RestartPolicy::as_str)
}

#[tokio::test]
async fn a_value_the_server_knows_goes_through_client_server_and_informer_unchanged() {
    let server = support::start().await;
    let http = support::Http::new(&server);
    for encoding in ENCODINGS {
        let c = client(&server, encoding);
        let api: Api<Frobber> = Api::default_namespaced(c.clone());
        let informer = SharedInformer::<Frobber>::new(c, options());
        informer.start();
        assert!(informer.wait_for_sync_timeout(WAIT).await);

        let name = format!("known-{encoding:?}").to_lowercase();
        let sent = frobber(&name, "Never", "UDP");
        assert_eq!(
            sent.spec.restart_policy,
            Some(RestartPolicy::Other("Never".into()))
        );
        let created = api.create(&sent, &CreateOptions::default()).await.unwrap();
        assert_eq!(policy(&created), Some("Never"), "{encoding:?}");
        assert_eq!(
            created.spec.ports[0].protocol,
            Some(Protocol::Other("UDP".into()))
        );

        assert_stored_as_sent(&http, &name).await;

        // The informer decodes it into the old type without losing it.
        assert!(
            eventually(WAIT, || informer
                .store()
                .get("default", &name)
                .is_some_and(|f| policy(&f) == Some("Never")))
            .await,
            "{encoding:?}"
        );

        // A read-modify-write by the old client keeps it.
        let mut got = api.get(&name, &GetOptions::default()).await.unwrap();
        got.metadata.labels.insert("touched".into(), "yes".into());
        let updated = api.update(&got, &UpdateOptions::default()).await.unwrap();
        assert_eq!(policy(&updated), Some("Never"));
        assert_stored_as_sent(&http, &name).await;
        assert!(
            eventually(WAIT, || informer.store().get("default", &name).is_some_and(
                |f| f.metadata.labels.contains_key("touched") && policy(&f) == Some("Never")
            ))
            .await
        );
        informer.stop();
    }
}

#[tokio::test]
async fn a_value_the_server_does_not_know_is_a_422_on_write() {
    let server = support::start().await;
    for encoding in ENCODINGS {
        let api: Api<Frobber> = Api::default_namespaced(client(&server, encoding));
        let err = api
            .create(
                &frobber("unknown", "Sometimes", "TCP"),
                &CreateOptions::default(),
            )
            .await
            .unwrap_err();
        assert_eq!(err.code(), Some(422), "{encoding:?}: {err}");
        let status = err.status().expect("a Status");
        assert!(
            status.message.contains(
                r#"spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never", "OnTuesday""#
            ),
            "{}",
            status.message
        );

        // An unknown value does not hide the object's other errors: both causes come back.
        let mut f = frobber("unknown-and-short", "Sometimes", "TCP");
        f.spec.height = 0;
        let err = api.create(&f, &CreateOptions::default()).await.unwrap_err();
        assert_eq!(err.code(), Some(422), "{encoding:?}: {err}");
        let status = err.status().expect("a Status");
        let causes: Vec<&str> = status
            .details
            .as_ref()
            .map(|d| d.causes.iter().map(|c| c.field.as_str()).collect())
            .unwrap_or_default();
        assert!(
            causes.contains(&"spec.restartPolicy") && causes.contains(&"spec.height"),
            "{encoding:?}: {causes:?} in {}",
            status.message
        );

        // A meta enum: a label selector operator no version knows.
        let mut f = frobber("bad-selector", "Always", "TCP");
        f.spec.selector = Some(
            serde_json::from_value(json!({
                "matchExpressions": [{"key": "app", "operator": "Near", "values": ["x"]}]
            }))
            .unwrap(),
        );
        let err = api.create(&f, &CreateOptions::default()).await.unwrap_err();
        assert_eq!(err.code(), Some(422), "{encoding:?}: {err}");
        let message = &err.status().expect("a Status").message;
        assert!(
            message.contains(r#"spec.selector.matchExpressions[0].operator: Unsupported value: "Near": supported values: "In", "NotIn", "Exists", "DoesNotExist""#),
            "{message}"
        );
    }
}

/// JSON, YAML and protobuf each give back the bytes they read.
fn round_trips<T>(json: serde_json::Value)
where
    T: serde::Serialize
        + serde::de::DeserializeOwned
        + kapi::codec::protobuf::prost::Message
        + Default
        + PartialEq
        + std::fmt::Debug,
{
    let text = json.to_string();
    let value: T = kapi::codec::json::from_slice_strict(text.as_bytes())
        .and_then(|s| s.into_result())
        .unwrap();
    assert_eq!(serde_json::to_value(&value).unwrap(), json);
    let yaml = serde_yaml_ng::to_string(&json).unwrap();
    let from_yaml: T = kapi::codec::yaml::from_slice(yaml.as_bytes()).unwrap();
    assert_eq!(from_yaml, value);
    let bytes = value.encode_to_vec();
    let back = T::decode(bytes.as_slice()).unwrap();
    assert_eq!(back, value);
    assert_eq!(back.encode_to_vec(), bytes);
}

#[test]
fn label_selector_operator_keeps_unknown_values() {
    round_trips::<LabelSelectorRequirement>(
        json!({"key": "app", "operator": "Near", "values": ["x"]}),
    );
    let r: LabelSelectorRequirement =
        serde_json::from_value(json!({"key": "a", "operator": "Near"})).unwrap();
    assert_eq!(r.operator, LabelSelectorOperator::Other("Near".into()));
    assert!(!r.operator.is_known());
}

#[test]
fn condition_status_keeps_unknown_values() {
    let json = json!({
        "type": "Ready",
        "status": "Maybe",
        "lastTransitionTime": "2024-01-02T03:04:05Z",
        "reason": "Checking",
        "message": "",
    });
    round_trips::<Condition>(json.clone());
    let c: Condition = serde_json::from_value(json).unwrap();
    assert_eq!(c.status, ConditionStatus::Other("Maybe".into()));
    // `Unknown` is a real status, not the catch-all.
    let c: Condition = serde_json::from_value(json!({"status": "Unknown"})).unwrap();
    assert_eq!(c.status, ConditionStatus::Unknown);
}

#[test]
fn include_object_policy_keeps_unknown_values() {
    round_trips::<TableOptions>(
        json!({"kind": "TableOptions", "apiVersion": "meta.k8s.io/v1", "includeObject": "Everything"}),
    );
    let o: TableOptions = serde_json::from_value(json!({"includeObject": "Everything"})).unwrap();
    assert_eq!(
        o.include_object,
        Some(IncludeObjectPolicy::Other("Everything".into()))
    );
}

#[test]
fn a_user_enum_keeps_unknown_values_in_json_and_protobuf() {
    let f = frobber("f", "Never", "SCTP");
    let json = serde_json::to_value(&f).unwrap();
    assert_eq!(json["spec"]["restartPolicy"], "Never");
    assert_eq!(json["spec"]["ports"][0]["protocol"], "SCTP");
    let bytes = f.encode_to_vec();
    let back = Frobber::decode(bytes.as_slice()).unwrap();
    assert_eq!(back, f);
    assert_eq!(back.encode_to_vec(), bytes);
    // Known values stay the unit variants, so `match` reads as before.
    let known = frobber("f", "Always", "TCP");
    assert!(matches!(
        known.spec.restart_policy,
        Some(RestartPolicy::Always)
    ));
}
