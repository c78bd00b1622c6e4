//! core/v1 Secret's `stringData` on the embedded server, as kube-apiserver treats it: on
//! create, update and patch each entry replaces the `data` entry of its key, and
//! `stringData` itself is never stored or returned. The rule is kapi-k8s's `Normalize` of
//! Secret (`src/core/v1_normalize.rs`), which `install` registers; a rule from outside the
//! crate is a write rule (`Scheme::add_write_rule`).

use kapi::client::{Config, Patch};
use kapi::meta::{
    ByteString, CreateOptions, GetOptions, ObjectMeta, PatchOptions, StringMap, UpdateOptions,
};
use kapi_apiserver::{ApiServer, OpenApiDocuments};
use kapi_k8s::core::v1::{ConfigMap, Secret};
use kapi_k8s::generated::openapi_documents::{V2, V3};
use kapi_k8s::Clientset;
use std::collections::BTreeMap;

fn bytes(pairs: &[(&str, &str)]) -> BTreeMap<String, ByteString> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), ByteString(v.as_bytes().to_vec())))
        .collect()
}

fn strings(pairs: &[(&str, &str)]) -> StringMap {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

async fn server() -> (ApiServer, Clientset) {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    let server = ApiServer::builder(scheme)
        .openapi(OpenApiDocuments::from_generated(V2, V3))
        .start()
        .await
        .expect("server");
    let clientset =
        Clientset::from_config(Config::new(server.url().parse().expect("url"))).expect("client");
    (server, clientset)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn string_data_is_merged_into_data_and_never_kept() {
    let (_server, clientset) = server().await;
    let secrets = clientset.core_v1().secrets("default");
    let created = secrets
        .create(
            &Secret {
                metadata: ObjectMeta {
                    name: "token".into(),
                    ..Default::default()
                },
                data: bytes(&[("a", "1"), ("b", "2")]),
                string_data: strings(&[("b", "two"), ("c", "3")]),
                type_: "Opaque".into(),
                ..Default::default()
            },
            &CreateOptions::default(),
        )
        .await
        .expect("create");
    // stringData wins over data for a key both name.
    let merged = bytes(&[("a", "1"), ("b", "two"), ("c", "3")]);
    assert_eq!(created.data, merged);
    assert!(created.string_data.is_empty());
    let stored = secrets
        .get("token", &GetOptions::default())
        .await
        .expect("get");
    assert_eq!(
        (&stored.data, stored.string_data.is_empty()),
        (&merged, true)
    );

    let mut changed = stored.clone();
    changed.string_data = strings(&[("a", "one")]);
    let updated = secrets
        .update(&changed, &UpdateOptions::default())
        .await
        .expect("update");
    assert_eq!(
        updated.data,
        bytes(&[("a", "one"), ("b", "two"), ("c", "3")])
    );
    assert!(updated.string_data.is_empty());

    let patched = secrets
        .patch(
            "token",
            &Patch::Merge(serde_json::json!({"stringData": {"d": "4"}})),
            &PatchOptions::default(),
        )
        .await
        .expect("merge patch");
    assert_eq!(patched.data["d"], ByteString(b"4".to_vec()));
    assert!(patched.string_data.is_empty());
    assert_eq!(
        secrets
            .get("token", &GetOptions::default())
            .await
            .expect("get")
            .data,
        patched.data
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dry_run_answers_with_the_merged_secret_and_stores_nothing() {
    let (_server, clientset) = server().await;
    let secrets = clientset.core_v1().secrets("default");
    let answer = secrets
        .create(
            &Secret {
                metadata: ObjectMeta {
                    name: "preview".into(),
                    ..Default::default()
                },
                string_data: strings(&[("password", "hunter2")]),
                ..Default::default()
            },
            &CreateOptions {
                dry_run: vec!["All".into()],
                ..Default::default()
            },
        )
        .await
        .expect("dry-run create");
    assert_eq!(answer.data, bytes(&[("password", "hunter2")]));
    assert!(answer.string_data.is_empty());
    let missing = secrets.get("preview", &GetOptions::default()).await;
    assert!(missing.is_err(), "a dry run stored {missing:?}");
}

#[test]
fn a_rule_needs_its_kind_registered() {
    let mut scheme = kapi::Scheme::new();
    let refused = scheme.add_write_rule::<Secret>(|_, _| Ok(()));
    assert!(refused.is_err(), "{refused:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_rule_added_from_outside_runs_on_every_write() {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    scheme
        .add_write_rule::<ConfigMap>(|cm, _old| {
            cm.metadata
                .labels
                .insert("checked-by".into(), "rule".into());
            Ok(())
        })
        .expect("ConfigMap is registered");
    let server = ApiServer::builder(scheme).start().await.expect("server");
    let clientset =
        Clientset::from_config(Config::new(server.url().parse().expect("url"))).expect("client");
    let created = clientset
        .core_v1()
        .config_maps("default")
        .create(
            &ConfigMap {
                metadata: ObjectMeta {
                    name: "settings".into(),
                    ..Default::default()
                },
                ..Default::default()
            },
            &CreateOptions::default(),
        )
        .await
        .expect("create");
    assert_eq!(&created.metadata.labels["checked-by"], "rule");
}
