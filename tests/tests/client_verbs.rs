//! The REST client's typed verbs against the embedded API server, in JSON and protobuf.

mod client_support;
mod support;

use api_types::v1::{Frobber, FrobberClass};
use client_support::{client, frobber, frobber_class, ENCODINGS};
use futures_util::TryStreamExt;
use kapi::apis::autoscaling::v1::Scale;
use kapi::client::{Api, Deleted, Encoding, Patch};
use kapi::meta::{
    CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions, UpdateOptions,
};
use serde_json::json;

#[tokio::test]
async fn every_verb_in_json_and_protobuf() {
    for encoding in ENCODINGS {
        let server = support::start().await;
        let client = client(&server, encoding);
        let api: Api<Frobber> = Api::default_namespaced(client.clone());
        assert_eq!(api.namespace(), Some("default"));
        assert_eq!(api.uses_protobuf(), encoding == Encoding::Protobuf);
        let ctx = format!("{encoding:?}");

        // create, with options
        let dry = api
            .create(
                &frobber("dry", 1),
                &CreateOptions {
                    dry_run: vec!["All".into()],
                    ..Default::default()
                },
            )
            .await
            .expect("dry-run create");
        assert_eq!(dry.metadata.name, "dry");
        assert!(api
            .get("dry", &GetOptions::default())
            .await
            .unwrap_err()
            .is_not_found());
        let created = api
            .create(
                &frobber("a", 3),
                &CreateOptions {
                    field_manager: "tester".into(),
                    field_validation: "Strict".into(),
                    ..Default::default()
                },
            )
            .await
            .expect("create");
        assert_eq!(created.metadata.name, "a", "{ctx}");
        assert_eq!(created.metadata.namespace, "default");
        assert!(!created.metadata.uid.is_empty());
        assert!(!created.metadata.resource_version.is_empty());
        assert_eq!(created.spec.height, 3);

        // get
        let got = api.get("a", &GetOptions::default()).await.expect("get");
        assert_eq!(got, created, "{ctx}");
        let cached = api
            .get(
                "a",
                &GetOptions {
                    resource_version: "0".into(),
                },
            )
            .await
            .expect("get at any version");
        assert_eq!(cached.metadata.uid, created.metadata.uid);
        assert!(api
            .get_opt("nope", &GetOptions::default())
            .await
            .unwrap()
            .is_none());

        // update and update_status
        let mut changed = got.clone();
        changed.spec.height = 4;
        let updated = api
            .update(
                &changed,
                &UpdateOptions {
                    field_manager: "tester".into(),
                    ..Default::default()
                },
            )
            .await
            .expect("update");
        assert_eq!(updated.spec.height, 4);
        assert_ne!(
            updated.metadata.resource_version,
            got.metadata.resource_version
        );
        let mut with_status = updated.clone();
        with_status.status = Some(
            serde_json::from_value(json!({ "replicas": 2, "observedGeneration": 2 })).unwrap(),
        );
        let status_updated = api
            .update_status(&with_status, &UpdateOptions::default())
            .await
            .expect("update_status");
        assert_eq!(status_updated.status.as_ref().map(|s| s.replicas), Some(2));
        // A dry-run update changes nothing.
        let mut dry_change = status_updated.clone();
        dry_change.spec.height = 99;
        let dry = api
            .update(
                &dry_change,
                &UpdateOptions {
                    dry_run: vec!["All".into()],
                    ..Default::default()
                },
            )
            .await
            .expect("dry-run update");
        assert_eq!(dry.spec.height, 99);
        assert_eq!(
            api.get("a", &GetOptions::default())
                .await
                .unwrap()
                .spec
                .height,
            4
        );

        // patches of every type
        let merged = api
            .patch(
                "a",
                &Patch::Merge(json!({ "spec": { "height": 5 } })),
                &PatchOptions::default(),
            )
            .await
            .expect("merge patch");
        assert_eq!(merged.spec.height, 5);
        let json_patched = api
            .patch(
                "a",
                &Patch::Json(json!([{ "op": "replace", "path": "/spec/height", "value": 6 }])),
                &PatchOptions::default(),
            )
            .await
            .expect("JSON patch");
        assert_eq!(json_patched.spec.height, 6);
        let strategic = api
            .patch(
                "a",
                &Patch::Strategic(json!({ "metadata": { "labels": { "tier": "x" } } })),
                &PatchOptions::default(),
            )
            .await
            .expect("strategic merge patch");
        assert_eq!(strategic.metadata.labels.get("tier"), Some("x"));
        assert_eq!(strategic.metadata.labels.get("app"), Some("frob"));
        let status_patched = api
            .patch_status(
                "a",
                &Patch::Merge(json!({ "status": { "replicas": 7 } })),
                &PatchOptions::default(),
            )
            .await
            .expect("status patch");
        assert_eq!(status_patched.status.as_ref().map(|s| s.replicas), Some(7));

        // server-side apply
        let applied = api
            .apply(
                "b",
                &json!({
                    "apiVersion": "frob.example.com/v1",
                    "kind": "Frobber",
                    "metadata": { "name": "b" },
                    "spec": { "height": 8, "ports": [ { "name": "http", "port": 80 } ] }
                }),
                "applier",
                false,
            )
            .await
            .expect("apply creates");
        assert_eq!(applied.spec.height, 8);
        let conflict = api
            .apply(
                "a",
                &json!({
                    "apiVersion": "frob.example.com/v1",
                    "kind": "Frobber",
                    "metadata": { "name": "a" },
                    "spec": { "height": 9 }
                }),
                "other-manager",
                false,
            )
            .await
            .expect_err("a conflicting apply");
        assert!(conflict.is_conflict(), "{ctx}: {conflict}");
        let forced = api
            .apply(
                "a",
                &json!({
                    "apiVersion": "frob.example.com/v1",
                    "kind": "Frobber",
                    "metadata": { "name": "a" },
                    "spec": { "height": 9 }
                }),
                "other-manager",
                true,
            )
            .await
            .expect("a forced apply");
        assert_eq!(forced.spec.height, 9);
        let applied_status = api
            .apply_status(
                "b",
                &json!({
                    "apiVersion": "frob.example.com/v1",
                    "kind": "Frobber",
                    "metadata": { "name": "b" },
                    "status": { "replicas": 3 }
                }),
                "status-applier",
                true,
            )
            .await
            .expect("apply_status");
        assert_eq!(applied_status.status.as_ref().map(|s| s.replicas), Some(3));

        // the scale subresource
        let scale: Scale = api.get_subresource("a", "scale").await.expect("get scale");
        assert_eq!(scale.metadata.name, "a");
        let mut scale2 = scale.clone();
        scale2.spec.replicas = 4;
        let scaled: Scale = api
            .update_subresource("a", "scale", &scale2, &UpdateOptions::default())
            .await
            .expect("update scale");
        assert_eq!(scaled.spec.replicas, 4);
        let patched: Scale = api
            .patch_subresource(
                "a",
                "scale",
                &Patch::Merge(json!({ "spec": { "replicas": 5 } })),
                &PatchOptions::default(),
            )
            .await
            .expect("patch scale");
        assert_eq!(patched.spec.replicas, 5);
        assert_eq!(
            api.get("a", &GetOptions::default())
                .await
                .unwrap()
                .spec
                .replicas,
            Some(5)
        );

        // list, with selectors
        let all = api.list(&ListOptions::default()).await.expect("list");
        let mut names: Vec<_> = all.items.iter().map(|f| f.metadata.name.clone()).collect();
        names.sort();
        assert_eq!(names, ["a", "b"], "{ctx}");
        assert!(!all.metadata.resource_version.is_empty());
        let by_label = api
            .list(&ListOptions {
                label_selector: "tier=x".into(),
                ..Default::default()
            })
            .await
            .expect("list by label");
        assert_eq!(by_label.items.len(), 1);
        assert_eq!(by_label.items[0].metadata.name, "a");
        let by_field = api
            .list(&ListOptions {
                field_selector: "metadata.name=b".into(),
                ..Default::default()
            })
            .await
            .expect("list by field");
        assert_eq!(by_field.items.len(), 1);
        assert_eq!(by_field.items[0].metadata.name, "b");
        let everywhere: Api<Frobber> = Api::all(client.clone());
        assert_eq!(
            everywhere
                .list(&ListOptions::default())
                .await
                .unwrap()
                .items
                .len(),
            2
        );
        let elsewhere: Api<Frobber> = Api::namespaced(client.clone(), "other");
        assert!(elsewhere
            .list(&ListOptions::default())
            .await
            .unwrap()
            .items
            .is_empty());

        // delete and delete_collection
        let deleted = api
            .delete(
                "b",
                &DeleteOptions {
                    propagation_policy: Some("Background".into()),
                    ..Default::default()
                },
            )
            .await
            .expect("delete");
        match deleted {
            Deleted::Object(f) => assert_eq!(f.metadata.name, "b"),
            Deleted::Status(s) => assert_eq!(s.status, "Success"),
        }
        let stale = DeleteOptions {
            preconditions: Some(kapi::meta::Preconditions {
                uid: Some("not-the-uid".into()),
                resource_version: None,
            }),
            ..Default::default()
        };
        let refused = api
            .delete("a", &stale)
            .await
            .expect_err("a failed precondition");
        assert!(refused.is_conflict(), "{ctx}: {refused}");
        api.create(&frobber("c", 1), &CreateOptions::default())
            .await
            .unwrap();
        let gone = api
            .delete_collection(
                &DeleteOptions::default(),
                &ListOptions {
                    label_selector: "app=frob".into(),
                    ..Default::default()
                },
            )
            .await
            .expect("delete_collection");
        let mut gone_names: Vec<_> = gone.items.iter().map(|f| f.metadata.name.clone()).collect();
        gone_names.sort();
        assert_eq!(gone_names, ["a", "c"], "{ctx}");
        assert!(api
            .list(&ListOptions::default())
            .await
            .unwrap()
            .items
            .is_empty());
    }
}

#[tokio::test]
async fn cluster_scoped_kinds() {
    for encoding in ENCODINGS {
        let server = support::start().await;
        let client = client(&server, encoding);
        // A namespace given to a cluster-scoped kind is ignored.
        let api: Api<FrobberClass> = Api::namespaced(client.clone(), "ignored");
        assert_eq!(api.namespace(), None);
        let created = api
            .create(&frobber_class("gold"), &CreateOptions::default())
            .await
            .expect("create a cluster-scoped object");
        assert_eq!(created.metadata.namespace, "");
        let mut changed = api.get("gold", &GetOptions::default()).await.unwrap();
        changed.spec.description = "shiny".into();
        let updated = api
            .update(&changed, &UpdateOptions::default())
            .await
            .unwrap();
        assert_eq!(updated.spec.description, "shiny");
        let all: Api<FrobberClass> = Api::all(client.clone());
        assert_eq!(
            all.list(&ListOptions::default()).await.unwrap().items.len(),
            1
        );
        all.delete("gold", &DeleteOptions::default()).await.unwrap();
        assert!(all
            .get("gold", &GetOptions::default())
            .await
            .unwrap_err()
            .is_not_found());
    }
}

#[tokio::test]
async fn api_all_uses_the_objects_namespace() {
    let server = support::start().await;
    let client = client(&server, Encoding::Json);
    let all: Api<Frobber> = Api::all(client.clone());
    let mut f = frobber("x", 1);
    f.metadata.namespace = "team".into();
    let created = all
        .create(&f, &CreateOptions::default())
        .await
        .expect("create in team");
    assert_eq!(created.metadata.namespace, "team");
    let team: Api<Frobber> = Api::namespaced(client, "team");
    assert_eq!(
        team.list(&ListOptions::default())
            .await
            .unwrap()
            .items
            .len(),
        1
    );
}

#[tokio::test]
async fn pagination_follows_continue_tokens() {
    for encoding in ENCODINGS {
        let server = support::start().await;
        let api: Api<Frobber> = Api::default_namespaced(client(&server, encoding));
        for i in 0..7 {
            api.create(&frobber(&format!("f{i}"), i + 1), &CreateOptions::default())
                .await
                .unwrap();
        }
        let opts = ListOptions {
            limit: 3,
            ..Default::default()
        };
        let first = api.list(&opts).await.unwrap();
        assert_eq!(first.items.len(), 3);
        assert!(!first.metadata.continue_.is_empty());
        let pages: Vec<_> = api.list_pages(&opts).try_collect().await.expect("pages");
        let sizes: Vec<_> = pages.iter().map(|p| p.items.len()).collect();
        assert_eq!(sizes, [3, 3, 1], "{encoding:?}");
        assert!(pages.last().unwrap().metadata.continue_.is_empty());
        let all: Vec<Frobber> = api.list_all(&opts).try_collect().await.expect("all");
        let names: Vec<_> = all.iter().map(|f| f.metadata.name.as_str()).collect();
        assert_eq!(names, ["f0", "f1", "f2", "f3", "f4", "f5", "f6"]);
        // A token from before a compaction has expired.
        let token = first.metadata.continue_.clone();
        api.create(&frobber("late", 1), &CreateOptions::default())
            .await
            .unwrap();
        server.faults().compact();
        let expired = api
            .list(&ListOptions {
                limit: 3,
                continue_: token,
                ..Default::default()
            })
            .await
            .expect_err("an expired continue token");
        assert!(expired.is_expired(), "{expired}");
        assert_eq!(expired.code(), Some(410));
    }
}

#[tokio::test]
async fn request_paths() {
    use kapi_k8s::core::v1::ConfigMap;
    let client = kapi::client::Client::new(
        kapi::client::Config::new("http://127.0.0.1:1/prefix/".parse().unwrap()),
        std::sync::Arc::new(kapi::Scheme::new()),
    )
    .unwrap();
    let cms: Api<ConfigMap> = Api::namespaced(client.clone(), "kube-system");
    assert_eq!(
        cms.resource_path(None, None).unwrap(),
        "/api/v1/namespaces/kube-system/configmaps"
    );
    assert_eq!(
        cms.resource_path(Some("a b"), None).unwrap(),
        "/api/v1/namespaces/kube-system/configmaps/a%20b"
    );
    let all: Api<ConfigMap> = Api::all(client.clone());
    assert_eq!(all.resource_path(None, None).unwrap(), "/api/v1/configmaps");
    let frobbers: Api<Frobber> = Api::namespaced(client.clone(), "ns");
    assert_eq!(
        frobbers.resource_path(Some("f"), Some("scale")).unwrap(),
        "/apis/frob.example.com/v1/namespaces/ns/frobbers/f/scale"
    );
    let classes: Api<FrobberClass> = Api::namespaced(client, "ns");
    assert_eq!(
        classes.resource_path(Some("gold"), None).unwrap(),
        "/apis/frob.example.com/v1/frobberclasses/gold"
    );
    assert!(classes.resource_path(Some(""), None).is_err());
    assert!(classes.resource_path(Some(".."), None).is_err());
}
