//! The generated clientset against the embedded API server: every verb of the typed
//! clients of Frobber (namespaced, with status and scale) and FrobberClass (cluster-scoped),
//! server-side apply through the generated apply configurations (two managers, a conflict,
//! force), and a watch, in JSON and in protobuf.

use api_types::generated::clientset::{scheme, Clientset};
use api_types::v1::generated::apply::{
    FrobberApplyConfiguration, FrobberClassApplyConfiguration, FrobberClassSpecApplyConfiguration,
    FrobberPortApplyConfiguration, FrobberSpecApplyConfiguration, FrobberStatusApplyConfiguration,
};
use api_types::v1::{Frobber, FrobberClass};
use futures_util::StreamExt;
use kapi::client::{Client, Config, Deleted, Encoding, Patch, TypedWatchEvent};
use kapi::meta::{
    CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions, UpdateOptions,
};
use kapi_apiserver::{ApiServer, OpenApiDocuments};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

async fn start() -> ApiServer {
    use api_types::generated::openapi_documents::{V2, V3};
    let mut scheme = kapi::Scheme::new();
    api_types::install(&mut scheme).expect("the example API registers");
    ApiServer::builder(scheme)
        .openapi(OpenApiDocuments::from_generated(V2, V3))
        .bookmark_interval(Duration::from_millis(100))
        .start()
        .await
        .expect("the server starts")
}

fn clientset(server: &ApiServer, encoding: Encoding) -> Clientset {
    let mut config = Config::new(server.url().parse().expect("the server URL parses"));
    config.encoding = encoding;
    // The tests make many quick requests; client-go's 5 QPS would only slow them down.
    config.qps = 1000.0;
    config.burst = 1000;
    let scheme = scheme().expect("the clientset's scheme builds");
    Clientset::new(Client::new(config, Arc::new(scheme)).expect("the client builds"))
}

fn frobber(name: &str, height: i32) -> Frobber {
    serde_json::from_value(json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "Frobber",
        "metadata": {"name": name, "namespace": "default"},
        "spec": {"height": height, "replicas": 2},
    }))
    .expect("a Frobber")
}

fn frobber_class(name: &str) -> FrobberClass {
    serde_json::from_value(json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "FrobberClass",
        "metadata": {"name": name},
        "spec": {"provisioner": "example.com/frob", "maxReplicas": 3},
    }))
    .expect("a FrobberClass")
}

async fn every_frobber_verb(encoding: Encoding) {
    let server = start().await;
    let cs = clientset(&server, encoding);
    let frobbers = cs.frob_v1().frobbers("default");

    let created = frobbers
        .create(&frobber("tall", 5), &CreateOptions::default())
        .await
        .expect("create");
    assert_eq!(created.spec.height, 5);
    assert!(!created.metadata.resource_version.is_empty());
    frobbers
        .create(&frobber("short", 1), &CreateOptions::default())
        .await
        .expect("create another");
    let again = frobbers
        .create(&frobber("tall", 5), &CreateOptions::default())
        .await
        .expect_err("a second create of the same name");
    assert!(again.is_already_exists(), "{again}");

    let got = frobbers
        .get("tall", &GetOptions::default())
        .await
        .expect("get");
    assert_eq!(got, created);
    let missing = frobbers
        .get("nope", &GetOptions::default())
        .await
        .expect_err("get of a missing Frobber");
    assert!(missing.is_not_found(), "{missing}");

    let list = frobbers.list(&ListOptions::default()).await.expect("list");
    let names: Vec<&str> = list
        .items
        .iter()
        .map(|f| f.metadata.name.as_str())
        .collect();
    assert_eq!(names, ["short", "tall"]);
    // `""` is every namespace.
    let everywhere = cs
        .frob_v1()
        .frobbers("")
        .list(&ListOptions::default())
        .await
        .expect("list in all namespaces");
    assert_eq!(everywhere.items.len(), 2);
    assert!(cs
        .frob_v1()
        .frobbers("elsewhere")
        .list(&ListOptions::default())
        .await
        .expect("list of an empty namespace")
        .items
        .is_empty());

    let mut taller = got.clone();
    taller.spec.height = 7;
    let updated = frobbers
        .update(&taller, &UpdateOptions::default())
        .await
        .expect("update");
    assert_eq!(updated.spec.height, 7);
    assert_eq!(updated.metadata.generation, created.metadata.generation + 1);

    let mut observed = updated.clone();
    observed.status =
        serde_json::from_value(json!({"replicas": 2, "selector": "app=tall"})).expect("a status");
    let with_status = frobbers
        .update_status(&observed, &UpdateOptions::default())
        .await
        .expect("update_status");
    assert_eq!(with_status.status.as_ref().map(|s| s.replicas), Some(2));
    // The status subresource leaves the spec alone, and generation with it.
    assert_eq!(with_status.metadata.generation, updated.metadata.generation);

    let patched = frobbers
        .patch(
            "tall",
            &Patch::Merge(json!({"metadata": {"labels": {"app": "tall"}}, "spec": {"param": "p"}})),
            &PatchOptions::default(),
        )
        .await
        .expect("merge patch");
    assert_eq!(patched.metadata.labels.get("app"), Some("tall"));
    assert_eq!(patched.spec.param.as_deref(), Some("p"));
    // The same object through the v2beta1 client, converted by the server.
    let v2 = cs
        .frob_v2beta1()
        .frobbers("default")
        .get("tall", &GetOptions::default())
        .await
        .expect("get in v2beta1");
    assert_eq!(v2.spec.params, ["p"]);
    let patched = frobbers
        .patch(
            "tall",
            &Patch::Json(json!([{"op": "replace", "path": "/spec/height", "value": 9}])),
            &PatchOptions::default(),
        )
        .await
        .expect("JSON patch");
    assert_eq!(patched.spec.height, 9);
    let patched = frobbers
        .patch_status(
            "tall",
            &Patch::Merge(json!({"status": {"replicas": 3}})),
            &PatchOptions::default(),
        )
        .await
        .expect("patch_status");
    assert_eq!(patched.status.as_ref().map(|s| s.replicas), Some(3));

    let scale = frobbers.get_scale("tall").await.expect("get_scale");
    assert_eq!(scale.spec.replicas, 2);
    assert_eq!(scale.status.replicas, 3);

    match frobbers
        .delete("short", &DeleteOptions::default())
        .await
        .expect("delete")
    {
        Deleted::Object(f) => assert_eq!(f.metadata.name, "short"),
        Deleted::Status(s) => assert_eq!(s.status, "Success"),
    }
    let deleted = frobbers
        .delete_collection(&DeleteOptions::default(), &ListOptions::default())
        .await
        .expect("delete_collection");
    assert_eq!(deleted.items.len(), 1);
    assert!(frobbers
        .list(&ListOptions::default())
        .await
        .expect("list after deleting")
        .items
        .is_empty());
}

#[tokio::test]
async fn every_frobber_verb_in_json() {
    every_frobber_verb(Encoding::Json).await;
}

#[tokio::test]
async fn every_frobber_verb_in_protobuf() {
    every_frobber_verb(Encoding::Protobuf).await;
}

#[tokio::test]
async fn apply_with_two_managers_a_conflict_and_force() {
    let server = start().await;
    let cs = clientset(&server, Encoding::Json);
    let frobbers = cs.frob_v1().frobbers("default");

    let intent = FrobberApplyConfiguration::new("applied", "default")
        .with_labels([("app", "frob")])
        .with_spec(
            FrobberSpecApplyConfiguration::new()
                .with_height(4)
                .with_ports([FrobberPortApplyConfiguration::new()
                    .with_name("http")
                    .with_port(8080)]),
        );
    // Only what was set goes over the wire.
    assert_eq!(
        serde_json::to_value(&intent).expect("serializes"),
        json!({
            "apiVersion": "frob.example.com/v1",
            "kind": "Frobber",
            "metadata": {"name": "applied", "namespace": "default", "labels": {"app": "frob"}},
            "spec": {"height": 4, "ports": [{"name": "http", "port": 8080}]},
        })
    );
    let applied = frobbers
        .apply(&intent, "alice", false)
        .await
        .expect("the first apply creates");
    assert_eq!(applied.spec.height, 4);
    assert_eq!(applied.spec.ports.len(), 1);
    // Defaults fill what the manager left out.
    assert_eq!(applied.spec.replicas, Some(1));

    // Another manager adds a port of its own: no conflict, both are kept (a list map).
    let metrics = FrobberApplyConfiguration::new("applied", "default").with_spec(
        FrobberSpecApplyConfiguration::new()
            .with_height(4)
            .with_ports([FrobberPortApplyConfiguration::new()
                .with_name("metrics")
                .with_port(9090)]),
    );
    let shared = frobbers
        .apply(&metrics, "bob", false)
        .await
        .expect("a second manager agreeing on height");
    let ports: Vec<&str> = shared.spec.ports.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(ports, ["http", "metrics"]);

    // Bob changing a field Alice owns is a conflict, unless forced.
    let taller = FrobberApplyConfiguration::new("applied", "default")
        .with_spec(FrobberSpecApplyConfiguration::new().with_height(8));
    let conflict = frobbers
        .apply(&taller, "bob", false)
        .await
        .expect_err("bob may not change alice's height");
    assert!(conflict.is_conflict(), "{conflict}");
    assert_eq!(
        frobbers
            .get("applied", &GetOptions::default())
            .await
            .expect("get")
            .spec
            .height,
        4
    );
    let forced = frobbers
        .apply(&taller, "bob", true)
        .await
        .expect("a forced apply takes the field over");
    assert_eq!(forced.spec.height, 8);
    let managers: Vec<&str> = forced
        .metadata
        .managed_fields
        .iter()
        .map(|m| m.manager.as_str())
        .collect();
    assert!(
        managers.contains(&"alice") && managers.contains(&"bob"),
        "{managers:?}"
    );

    // The status through its own subresource.
    let status = FrobberApplyConfiguration::new("applied", "default")
        .with_status(FrobberStatusApplyConfiguration::new().with_replicas(6));
    let with_status = frobbers
        .apply_status(&status, "controller", false)
        .await
        .expect("apply_status");
    assert_eq!(with_status.status.as_ref().map(|s| s.replicas), Some(6));
    assert_eq!(with_status.spec.height, 8);

    // An apply configuration names its object.
    let nameless = FrobberApplyConfiguration::default();
    let err = frobbers
        .apply(&nameless, "alice", false)
        .await
        .expect_err("no name");
    assert!(err.to_string().contains("metadata.name"), "{err}");
}

#[tokio::test]
async fn cluster_scoped_frobber_classes() {
    let server = start().await;
    let cs = clientset(&server, Encoding::Json);
    let classes = cs.frob_v1().frobber_classes();

    let created = classes
        .create(&frobber_class("fast"), &CreateOptions::default())
        .await
        .expect("create");
    assert_eq!(created.metadata.namespace, "");
    assert_eq!(created.spec.max_replicas, Some(3));
    let mut changed = classes
        .get("fast", &GetOptions::default())
        .await
        .expect("get");
    changed.spec.description = "quick frobs".to_string();
    let updated = classes
        .update(&changed, &UpdateOptions::default())
        .await
        .expect("update");
    assert_eq!(updated.spec.description, "quick frobs");

    let applied = classes
        .apply(
            &FrobberClassApplyConfiguration::new("slow").with_spec(
                FrobberClassSpecApplyConfiguration::new()
                    .with_provisioner("example.com/frob")
                    .with_parameters([("speed", "slow")]),
            ),
            "admin",
            false,
        )
        .await
        .expect("apply creates a class");
    assert_eq!(
        applied.spec.parameters.get("speed").map(String::as_str),
        Some("slow")
    );
    assert_eq!(applied.spec.max_replicas, Some(10), "defaulted");

    let names: Vec<String> = classes
        .list(&ListOptions::default())
        .await
        .expect("list")
        .items
        .into_iter()
        .map(|c| c.metadata.name)
        .collect();
    assert_eq!(names, ["fast", "slow"]);

    let patched = classes
        .patch(
            "slow",
            &Patch::Merge(json!({"spec": {"maxReplicas": 2}})),
            &PatchOptions::default(),
        )
        .await
        .expect("patch");
    assert_eq!(patched.spec.max_replicas, Some(2));
    classes
        .delete("fast", &DeleteOptions::default())
        .await
        .expect("delete");
    let gone = classes
        .get("fast", &GetOptions::default())
        .await
        .expect_err("deleted");
    assert!(gone.is_not_found(), "{gone}");
}

#[tokio::test]
async fn watch_sees_every_change_in_order() {
    let server = start().await;
    let cs = clientset(&server, Encoding::Json);
    let frobbers = cs.frob_v1().frobbers("default");
    let start = frobbers.list(&ListOptions::default()).await.expect("list");
    let mut events = frobbers
        .watch(&ListOptions {
            resource_version: start.metadata.resource_version.clone(),
            ..Default::default()
        })
        .await
        .expect("watch");

    let created = frobbers
        .create(&frobber("watched", 3), &CreateOptions::default())
        .await
        .expect("create");
    let mut taller = created.clone();
    taller.spec.height = 4;
    frobbers
        .update(&taller, &UpdateOptions::default())
        .await
        .expect("update");
    frobbers
        .delete("watched", &DeleteOptions::default())
        .await
        .expect("delete");

    let mut seen = Vec::new();
    while seen.len() < 3 {
        let event = tokio::time::timeout(Duration::from_secs(10), events.next())
            .await
            .expect("an event in time")
            .expect("the watch stays open")
            .expect("a good event");
        match event {
            TypedWatchEvent::Added(f) => seen.push(("ADDED", f.spec.height)),
            TypedWatchEvent::Modified(f) => seen.push(("MODIFIED", f.spec.height)),
            TypedWatchEvent::Deleted(f) => seen.push(("DELETED", f.spec.height)),
            TypedWatchEvent::Bookmark(_) => {}
        }
    }
    assert_eq!(seen, [("ADDED", 3), ("MODIFIED", 4), ("DELETED", 4)]);
}
