//! Kinds as data at the server boundary: a kind registered with the running server from a
//! JSON schema alone, no Rust type, served over HTTP as kube-apiserver serves a
//! CustomResourceDefinition's version: discovery, create (defaulted, validated with
//! apiextensions' messages), get, list, watch, table columns, JSON only, and no strategic
//! merge patch (JSON and merge patches and server-side apply work).

mod support;

use kapi_apiserver::SchemaKind;
use serde_json::{json, Value};
use std::time::Duration;
use support::gizmo::register;
use support::*;

const GIZMOS: &str = "/apis/toys.example.com/v1/namespaces/default/gizmos";

fn gizmo(name: &str, colour: &str) -> Value {
    json!({
        "apiVersion": "toys.example.com/v1",
        "kind": "Gizmo",
        "metadata": {"name": name},
        "spec": {"colour": colour, "parts": [{"name": "gear"}]}
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kind_registered_from_a_schema_is_served_over_http() {
    let server = start().await;
    let http = Http::new(&server);

    // Before registration the group is not served.
    http.get(GIZMOS).await.expect(404);
    assert!(!http
        .get("/apis")
        .await
        .expect(200)
        .to_string()
        .contains("toys.example.com"));

    register(&server);

    // Discovery names the resource as a CRD's would be named.
    let discovery = http.get("/apis/toys.example.com/v1").await.expect(200);
    let resources = discovery["resources"].as_array().expect("resources");
    assert_eq!(resources.len(), 1, "{discovery}");
    assert_eq!(resources[0]["name"], "gizmos");
    assert_eq!(resources[0]["singularName"], "gizmo");
    assert_eq!(resources[0]["kind"], "Gizmo");
    assert_eq!(resources[0]["namespaced"], true);
    assert_eq!(resources[0]["shortNames"], json!(["gz"]));
    let groups = http.get("/apis").await.expect(200);
    assert!(
        groups.to_string().contains("toys.example.com/v1"),
        "{groups}"
    );

    // Watch from now, before the create, to see it arrive.
    let mut watch = http.watch(&format!("{GIZMOS}?watch=true")).await;

    // Create: defaulted from the schema (a property and a list item's property).
    let created = http.post(GIZMOS, &gizmo("g1", "red")).await.expect(201);
    assert_eq!(created["spec"]["size"], 1, "{created}");
    assert_eq!(created["spec"]["parts"][0]["count"], 1, "{created}");
    assert_eq!(created["apiVersion"], "toys.example.com/v1");
    assert_eq!(created["kind"], "Gizmo");
    let metadata = &created["metadata"];
    assert_eq!(metadata["namespace"], "default");
    assert!(
        metadata["uid"].as_str().is_some_and(|u| !u.is_empty()),
        "{created}"
    );
    assert!(metadata["resourceVersion"].as_str().is_some(), "{created}");
    assert!(
        metadata["creationTimestamp"].as_str().is_some(),
        "{created}"
    );

    let event = watch
        .next_event(Duration::from_secs(10))
        .await
        .expect("a watch event");
    assert_eq!(event["type"], "ADDED");
    assert_eq!(event["object"]["metadata"]["name"], "g1");
    assert_eq!(event["object"]["spec"]["size"], 1);

    // Get and list.
    let got = http.get(&format!("{GIZMOS}/g1")).await.expect(200);
    assert_eq!(got, created);
    http.post(GIZMOS, &gizmo("g2", "blue")).await.expect(201);
    let list = http.get(GIZMOS).await.expect(200);
    assert_eq!(list["kind"], "GizmoList");
    assert_eq!(list["apiVersion"], "toys.example.com/v1");
    let names: Vec<&str> = list["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["metadata"]["name"].as_str())
        .collect();
    assert_eq!(names, ["g1", "g2"]);

    // A watch from a resourceVersion replays what came after it.
    let rv = created["metadata"]["resourceVersion"].as_str().expect("rv");
    let mut replay = http
        .watch(&format!("{GIZMOS}?watch=true&resourceVersion={rv}"))
        .await;
    let event = replay
        .next_event(Duration::from_secs(10))
        .await
        .expect("the replayed create");
    assert_eq!(event["type"], "ADDED");
    assert_eq!(event["object"]["metadata"]["name"], "g2");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_schema_kind_is_validated_and_refused_as_kube_apiserver_refuses_a_custom_resource() {
    let server = start().await;
    register(&server);
    let http = Http::new(&server);

    let mut bad = gizmo("bad", "green");
    bad["spec"]["size"] = json!(11);
    bad["spec"]["parts"][0]["name"] = json!("a-very-long-name");
    let status = http.post(GIZMOS, &bad).await.expect(422);
    assert_eq!(status["reason"], "Invalid");
    let causes: Vec<(&str, &str, &str)> = status["details"]["causes"]
        .as_array()
        .expect("causes")
        .iter()
        .map(|c| {
            (
                c["field"].as_str().unwrap_or(""),
                c["reason"].as_str().unwrap_or(""),
                c["message"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        causes,
        [
            (
                "spec.colour",
                "FieldValueNotSupported",
                "Unsupported value: \"green\": supported values: \"red\", \"blue\""
            ),
            (
                "spec.parts[0].name",
                "FieldValueTooLong",
                "Too long: may not be more than 8 bytes"
            ),
            (
                "spec.size",
                "FieldValueInvalid",
                "Invalid value: 11: spec.size in body should be less than or equal to 10"
            ),
        ]
    );
    assert_eq!(
        status["message"],
        "Gizmo.toys.example.com \"bad\" is invalid: [spec.colour: Unsupported value: \"green\": \
         supported values: \"red\", \"blue\", spec.parts[0].name: Too long: may not be more \
         than 8 bytes, spec.size: Invalid value: 11: spec.size in body should be less than or \
         equal to 10]"
    );

    let mut wrong_type = gizmo("typed", "red");
    wrong_type["spec"]["size"] = json!("three");
    let status = http.post(GIZMOS, &wrong_type).await.expect(422);
    assert_eq!(
        status["details"]["causes"][0],
        json!({
            "reason": "FieldValueTypeInvalid",
            "message": "Invalid value: \"string\": spec.size in body must be of type integer: \"string\"",
            "field": "spec.size"
        })
    );

    let mut missing = gizmo("missing", "red");
    missing["spec"] = json!({});
    let status = http.post(GIZMOS, &missing).await.expect(422);
    assert_eq!(
        status["details"]["causes"][0]["message"], "Required value",
        "{status}"
    );
    assert_eq!(status["details"]["causes"][0]["field"], "spec.colour");

    // Names are checked as every object's are.
    let status = http
        .post(GIZMOS, &gizmo("Not_A_Name", "red"))
        .await
        .expect(422);
    assert_eq!(
        status["details"]["causes"][0]["field"], "metadata.name",
        "{status}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_schema_kind_speaks_json_and_takes_every_patch_but_strategic_merge() {
    let server = start().await;
    register(&server);
    let http = Http::new(&server);
    http.post(GIZMOS, &gizmo("g", "red")).await.expect(201);

    // Protobuf is not offered for it: a client that also accepts JSON gets JSON.
    let got = http
        .get_as(
            &format!("{GIZMOS}/g"),
            "application/vnd.kubernetes.protobuf, application/json",
        )
        .await;
    assert_eq!(got.status, 200);
    assert_eq!(got.header("content-type"), Some("application/json"));
    let only_protobuf = http
        .get_as(
            &format!("{GIZMOS}/g"),
            "application/vnd.kubernetes.protobuf",
        )
        .await;
    assert_eq!(only_protobuf.status, 406);
    // The refusal is a Status in the form the client asked for.
    let body = String::from_utf8_lossy(&only_protobuf.body);
    assert!(
        body.contains("application/json, application/yaml"),
        "{body}"
    );

    // Merge patch, then a strategic merge patch, which custom resources refuse with 415.
    let patched = http
        .patch(
            &format!("{GIZMOS}/g"),
            MERGE_PATCH,
            r#"{"spec":{"colour":"blue"}}"#,
        )
        .await
        .expect(200);
    assert_eq!(patched["spec"]["colour"], "blue");
    assert_eq!(patched["spec"]["size"], 1);
    let status = http
        .patch(&format!("{GIZMOS}/g"), STRATEGIC, r#"{"spec":{"size":2}}"#)
        .await
        .expect(415);
    assert_eq!(status["reason"], "UnsupportedMediaType", "{status}");

    // Server-side apply creates and updates, recording its manager.
    let applied = http
        .patch(
            &format!("{GIZMOS}/a?fieldManager=tester"),
            APPLY,
            "apiVersion: toys.example.com/v1\nkind: Gizmo\nmetadata:\n  name: a\nspec:\n  colour: red\n  size: 4\n",
        )
        .await
        .expect(201);
    assert_eq!(applied["spec"]["size"], 4, "{applied}");
    assert_eq!(applied["metadata"]["managedFields"][0]["manager"], "tester");
    let reapplied = http
        .patch(
            &format!("{GIZMOS}/a?fieldManager=tester"),
            APPLY,
            "apiVersion: toys.example.com/v1\nkind: Gizmo\nmetadata:\n  name: a\nspec:\n  colour: blue\n",
        )
        .await
        .expect(200);
    assert_eq!(reapplied["spec"]["colour"], "blue");
    // The manager gave up `size`: the schema's default fills it again.
    assert_eq!(reapplied["spec"]["size"], 1, "{reapplied}");

    // Tables carry the kind's print columns after the name (a CRD that names columns gets
    // no default Age column).
    let table = http
        .get_as(GIZMOS, "application/json;as=Table;v=v1;g=meta.k8s.io")
        .await
        .expect(200);
    let columns: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .expect("columns")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(columns, ["Name", "Colour"]);
    assert_eq!(table["rows"][0]["cells"][1], "blue");
}

#[test]
fn a_schema_kube_apiserver_would_refuse_is_refused() {
    let not_structural = json!({"type": "object", "properties": {"spec": {}}});
    let violations = SchemaKind::new("toys.example.com", "v1", "Gizmo", not_structural)
        .expect_err("a property without a type is not structural");
    assert!(
        violations.iter().any(|v| v
            .to_string()
            .contains("openAPIV3Schema.properties[spec].type")),
        "{violations:?}"
    );
}
