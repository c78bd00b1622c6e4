//! What kube-apiserver publishes about a CRD's kinds, from the request that wrote the CRD
//! on: their OpenAPI v3 document and v2 definitions and paths (apiextensions'
//! `controller/openapi/builder`), their discovery entries (`customresource_discovery_
//! controller.go`), and the field selectors their `selectableFields` allow; all gone with
//! the CRD.

mod support;

use serde_json::{json, Value};
use std::process::Command;
use support::Http;

const CRDS: &str = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const WIDGETS: &str = "/apis/shop.example.com/v1/namespaces/default/widgets";
const KIND: &str = "com.example.shop.v1.Widget";
const LIST: &str = "com.example.shop.v1.WidgetList";
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/// kapi-k8s' kinds and documents, as the kubectl tests and the kapi-apiserver binary serve
/// them, with kube-apiserver's default feature gates (`selectableFields` is behind the GA
/// `CustomResourceFieldSelectors`; a scheme without gates drops it).
async fn server() -> kapi_apiserver::ApiServer {
    use kapi_k8s::generated::openapi_documents::{V2, V3};
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    scheme.set_feature_gates(kapi::feature_gates::FeatureGates::new(
        kapi_k8s::FEATURE_GATES,
    ));
    kapi_apiserver::ApiServer::builder(scheme)
        .openapi(kapi_apiserver::OpenApiDocuments::from_generated(V2, V3))
        .start()
        .await
        .expect("the server starts")
}

fn widget_crd() -> Value {
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "widgets.shop.example.com"},
        "spec": {
            "group": "shop.example.com",
            "names": {"kind": "Widget", "plural": "widgets", "singular": "widget",
                      "listKind": "WidgetList", "shortNames": ["wd"], "categories": ["all", "shop"]},
            "scope": "Namespaced",
            "versions": [{
                "name": "v1", "served": true, "storage": true,
                "subresources": {"status": {},
                                 "scale": {"specReplicasPath": ".spec.replicas",
                                           "statusReplicasPath": ".status.replicas"}},
                "selectableFields": [{"jsonPath": ".spec.colour"}, {"jsonPath": ".spec.size"}],
                "schema": {"openAPIV3Schema": {
                    "type": "object",
                    "description": "A widget.",
                    "properties": {
                        "spec": {
                            "type": "object",
                            "required": ["colour", "note"],
                            "properties": {
                                "colour": {"type": "string", "enum": ["red", "blue"],
                                           "description": "The widget's colour."},
                                "size": {"type": "integer", "default": 1},
                                "replicas": {"type": "integer"},
                                "note": {"type": "string", "nullable": true},
                                "port": {"x-kubernetes-int-or-string": true},
                                "extra": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                                "template": {"type": "object", "x-kubernetes-embedded-resource": true,
                                             "x-kubernetes-preserve-unknown-fields": true},
                            },
                        },
                        "status": {"type": "object", "properties": {"replicas": {"type": "integer"}}},
                    },
                }},
            }],
        },
    })
}

fn widget(name: &str, colour: &str, size: i64) -> Value {
    json!({"apiVersion": "shop.example.com/v1", "kind": "Widget",
           "metadata": {"name": name, "namespace": "default"},
           "spec": {"colour": colour, "size": size, "note": null}})
}

/// Python's openapi-spec-validator, as `codegen/tests/openapi.rs` runs it: a missing
/// validator skips locally and fails under `KAPI_REQUIRE_TOOLS` or `CI`.
fn validator() -> bool {
    let probe = Command::new("python3")
        .args(["-c", "import openapi_spec_validator"])
        .output();
    let problem = match probe {
        Ok(out) if out.status.success() => return true,
        Ok(out) => String::from_utf8_lossy(&out.stderr).trim().to_string(),
        Err(e) => format!("cannot run python3: {e}"),
    };
    let set = |name: &str| std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0");
    if set("KAPI_REQUIRE_TOOLS") || set("CI") {
        panic!("openapi-spec-validator is required here but unusable: {problem}");
    }
    eprintln!("SKIPPED: openapi-spec-validator is not installed ({problem})");
    false
}

fn assert_valid(doc: &Value, schema: &str, what: &str) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let file = dir.path().join("doc.json");
    std::fs::write(&file, serde_json::to_vec(doc).expect("JSON")).expect("writes");
    let out = Command::new("python3")
        .args(["-m", "openapi_spec_validator", "--schema", schema])
        .arg(&file)
        .output()
        .expect("runs the validator");
    assert!(
        out.status.success(),
        "{what} is not valid OpenAPI {schema}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crd_kind_is_in_the_openapi_documents_until_the_crd_goes() {
    let server = server().await;
    let http = Http::new(&server);
    let etag_before = http
        .get("/openapi/v2")
        .await
        .header("etag")
        .map(str::to_string);
    http.post(CRDS, &widget_crd()).await.expect(201);

    // v3: the group-version's document in the index, with its hash.
    let index = http.get("/openapi/v3").await.expect(200);
    let url = index["paths"]["apis/shop.example.com/v1"]["serverRelativeURL"]
        .as_str()
        .expect("the CRD's group-version is in the index")
        .to_string();
    assert!(
        url.starts_with("/openapi/v3/apis/shop.example.com/v1?hash="),
        "{url}"
    );
    let v3 = http.get(&url).await.expect(200);
    let schemas = &v3["components"]["schemas"];
    let kind = &schemas[KIND];
    assert_eq!(
        kind["x-kubernetes-group-version-kind"],
        json!([{"group": "shop.example.com", "version": "v1", "kind": "Widget"}])
    );
    assert_eq!(
        kind["properties"]["metadata"]["$ref"],
        format!("#/components/schemas/{OBJECT_META}")
    );
    assert_eq!(kind["properties"]["apiVersion"]["type"], "string");
    let spec = &kind["properties"]["spec"];
    assert_eq!(spec["properties"]["colour"]["enum"], json!(["red", "blue"]));
    assert_eq!(spec["properties"]["size"]["default"], 1);
    assert_eq!(spec["properties"]["note"]["nullable"], true);
    // int-or-string unfolded as the structural schema's `Unfold` does.
    assert_eq!(
        spec["properties"]["port"]["anyOf"],
        json!([{"type": "integer"}, {"type": "string"}])
    );
    // An embedded resource gets its type and object meta.
    let template = &spec["properties"]["template"];
    assert_eq!(template["required"], json!(["kind", "apiVersion"]));
    assert_eq!(
        template["properties"]["metadata"]["$ref"],
        format!("#/components/schemas/{OBJECT_META}")
    );
    assert_eq!(
        kind["x-kubernetes-selectable-fields"],
        json!([{"fieldPath": "spec.colour"}, {"fieldPath": "spec.size"}])
    );
    let list = &schemas[LIST];
    assert_eq!(list["required"], json!(["items"]));
    assert_eq!(
        list["properties"]["items"]["items"]["$ref"],
        format!("#/components/schemas/{KIND}")
    );
    // The meta kinds it references are in the document, as the server's own have them.
    for name in [
        OBJECT_META,
        "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta",
        "io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry",
        "io.k8s.apimachinery.pkg.apis.meta.v1.Status",
        "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions",
        "io.k8s.apimachinery.pkg.apis.meta.v1.Patch",
        "io.k8s.api.autoscaling.v1.Scale",
    ] {
        assert!(schemas[name].is_object(), "{name} is not in the document");
    }
    let item = "/apis/shop.example.com/v1/namespaces/{namespace}/widgets/{name}";
    let paths = &v3["paths"];
    assert_eq!(
        paths[item]["get"]["operationId"],
        "readShopExampleComV1NamespacedWidget"
    );
    assert_eq!(paths[item]["patch"]["x-kubernetes-action"], "patch");
    assert_eq!(
        paths["/apis/shop.example.com/v1/widgets"]["get"]["operationId"],
        "listShopExampleComV1WidgetForAllNamespaces"
    );
    assert_eq!(
        paths["/apis/shop.example.com/v1/namespaces/{namespace}/widgets"]["delete"]["operationId"],
        "deleteShopExampleComV1CollectionNamespacedWidget"
    );
    assert_eq!(
        paths[&format!("{item}/status")]["put"]["operationId"],
        "replaceShopExampleComV1NamespacedWidgetStatus"
    );
    assert_eq!(
        paths[&format!("{item}/scale")]["get"]["responses"]["200"]["content"]["application/json"]
            ["schema"]["$ref"],
        "#/components/schemas/io.k8s.api.autoscaling.v1.Scale"
    );

    // v2: the server's document with the CRD's definitions and paths, converted for v2.
    let v2_reply = http.get("/openapi/v2").await;
    assert_ne!(v2_reply.header("etag").map(str::to_string), etag_before);
    let v2 = v2_reply.expect(200);
    let kind2 = &v2["definitions"][KIND];
    let spec2 = &kind2["properties"]["spec"];
    // Nullable fields untyped and no longer required; junctors, defaults and the
    // properties of a field keeping unknown fields dropped.
    assert_eq!(spec2["required"], json!(["colour"]));
    assert_eq!(spec2["properties"]["note"], json!({}));
    assert_eq!(
        spec2["properties"]["port"],
        json!({"x-kubernetes-int-or-string": true})
    );
    assert_eq!(spec2["properties"]["size"], json!({"type": "integer"}));
    assert_eq!(
        spec2["properties"]["extra"],
        json!({"x-kubernetes-preserve-unknown-fields": true})
    );
    assert_eq!(
        kind2["properties"]["metadata"]["$ref"],
        format!("#/definitions/{OBJECT_META}")
    );
    assert!(v2["paths"][item]["put"].is_object());
    assert!(
        v2["definitions"]["io.k8s.api.core.v1.Pod"].is_object(),
        "the server's own definitions stay"
    );
    // The protobuf form follows the merged document.
    let proto = http
        .get_as(
            "/openapi/v2",
            "application/com.github.proto-openapi.spec.v2.v1.0+protobuf",
        )
        .await;
    assert_eq!(proto.status, 200);
    let needle = KIND.as_bytes();
    assert!(proto.body.windows(needle.len()).any(|w| w == needle));

    if validator() {
        assert_valid(&v3, "3.0", "the CRD's v3 document");
        assert_valid(&v2, "2.0", "the merged v2 document");
    }

    // An update of the CRD is in the documents once it is answered.
    let add_weight = r#"[{"op": "add", "path": "/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/weight", "value": {"type": "integer"}}]"#;
    http.patch(
        &format!("{CRDS}/widgets.shop.example.com"),
        support::JSON_PATCH,
        add_weight,
    )
    .await
    .expect(200);
    let v3 = http
        .get("/openapi/v3/apis/shop.example.com/v1")
        .await
        .expect(200);
    assert_eq!(
        v3["components"]["schemas"][KIND]["properties"]["spec"]["properties"]["weight"],
        json!({"type": "integer"})
    );
    let v2 = http.get("/openapi/v2").await.expect(200);
    assert_eq!(
        v2["definitions"][KIND]["properties"]["spec"]["properties"]["weight"],
        json!({"type": "integer"})
    );

    // Deleting the CRD takes its documents away.
    http.delete(&format!("{CRDS}/widgets.shop.example.com"))
        .await
        .expect(200);
    let index = http.get("/openapi/v3").await.expect(200);
    assert!(index["paths"]["apis/shop.example.com/v1"].is_null());
    http.get("/openapi/v3/apis/shop.example.com/v1")
        .await
        .expect(404);
    let v2 = http.get("/openapi/v2").await.expect(200);
    assert!(v2["definitions"][KIND].is_null());
    assert!(v2["paths"][item].is_null());
}

#[tokio::test]
async fn a_crd_kind_is_discovered_as_kube_apiserver_lists_it() {
    let server = server().await;
    let http = Http::new(&server);
    http.post(CRDS, &widget_crd()).await.expect(201);
    let list = http.get("/apis/shop.example.com/v1").await.expect(200);
    let verbs = json!([
        "delete",
        "deletecollection",
        "get",
        "list",
        "patch",
        "create",
        "update",
        "watch"
    ]);
    let resources = list["resources"].as_array().expect("resources");
    let main = resources
        .iter()
        .find(|r| r["name"] == "widgets")
        .expect("widgets");
    assert_eq!(main["singularName"], "widget");
    assert_eq!(main["namespaced"], true);
    assert_eq!(main["kind"], "Widget");
    assert_eq!(main["verbs"], verbs);
    assert_eq!(main["shortNames"], json!(["wd"]));
    assert_eq!(main["categories"], json!(["all", "shop"]));
    assert!(main["storageVersionHash"].is_string());
    let status = resources
        .iter()
        .find(|r| r["name"] == "widgets/status")
        .expect("status");
    assert_eq!(status["verbs"], json!(["get", "patch", "update"]));
    assert_eq!(status["kind"], "Widget");
    let scale = resources
        .iter()
        .find(|r| r["name"] == "widgets/scale")
        .expect("scale");
    assert_eq!(
        (&scale["group"], &scale["version"], &scale["kind"]),
        (&json!("autoscaling"), &json!("v1"), &json!("Scale"))
    );

    let group = http.get("/apis/shop.example.com").await.expect(200);
    assert_eq!(
        group["preferredVersion"]["groupVersion"],
        "shop.example.com/v1"
    );

    let aggregated = http
        .get_as(
            "/apis",
            "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList",
        )
        .await
        .expect(200);
    let group = aggregated["items"]
        .as_array()
        .and_then(|gs| {
            gs.iter()
                .find(|g| g["metadata"]["name"] == "shop.example.com")
        })
        .expect("the CRD's group");
    let resource = &group["versions"][0]["resources"][0];
    assert_eq!(resource["resource"], "widgets");
    assert_eq!(resource["singularResource"], "widget");
    assert_eq!(resource["scope"], "Namespaced");
    assert_eq!(resource["verbs"], verbs);
    assert_eq!(resource["shortNames"], json!(["wd"]));
    assert_eq!(resource["categories"], json!(["all", "shop"]));
    assert_eq!(
        resource["subresources"],
        json!([
            {"subresource": "scale", "responseKind": {"group": "autoscaling", "version": "v1", "kind": "Scale"},
             "verbs": ["get", "patch", "update"]},
            {"subresource": "status", "responseKind": {"group": "shop.example.com", "version": "v1", "kind": "Widget"},
             "verbs": ["get", "patch", "update"]},
        ])
    );
}

fn names(list: &Value) -> Vec<&str> {
    list["items"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|i| i["metadata"]["name"].as_str())
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn selectable_fields_select_lists_and_watches() {
    let server = server().await;
    let http = Http::new(&server);
    http.post(CRDS, &widget_crd()).await.expect(201);
    for (name, colour, size) in [("a", "red", 1), ("b", "blue", 2), ("c", "red", 3)] {
        http.post(WIDGETS, &widget(name, colour, size))
            .await
            .expect(201);
    }
    let list = |selector: &str| format!("{WIDGETS}?fieldSelector={selector}");
    assert_eq!(
        names(&http.get(&list("spec.colour%3Dred")).await.expect(200)),
        ["a", "c"]
    );
    assert_eq!(
        names(&http.get(&list("spec.size%3D2")).await.expect(200)),
        ["b"]
    );
    assert_eq!(
        names(
            &http
                .get(&list("spec.colour!%3Dred,metadata.namespace%3Ddefault"))
                .await
                .expect(200)
        ),
        ["b"]
    );
    assert_eq!(
        names(&http.get(&list("metadata.name%3Dc")).await.expect(200)),
        ["c"]
    );
    // crConverter's ConvertFieldLabel: anything else is a 400.
    let refused = http.get(&list("spec.replicas%3D1")).await.expect(400);
    assert_eq!(
        refused["message"],
        "field label not supported: spec.replicas"
    );

    let mut watch = http
        .watch(&format!(
            "{WIDGETS}?watch=true&fieldSelector=spec.colour%3Dblue"
        ))
        .await;
    let first = watch
        .next_event(std::time::Duration::from_secs(5))
        .await
        .expect("an event");
    assert_eq!(first["object"]["metadata"]["name"], "b");
    http.post(WIDGETS, &widget("d", "red", 4)).await.expect(201);
    http.post(WIDGETS, &widget("e", "blue", 5))
        .await
        .expect(201);
    let next = watch
        .next_event(std::time::Duration::from_secs(5))
        .await
        .expect("an event");
    assert_eq!(
        (&next["type"], &next["object"]["metadata"]["name"]),
        (&json!("ADDED"), &json!("e"))
    );
}

#[tokio::test]
async fn a_cluster_scoped_crd_kind_does_not_select_on_namespace() {
    let server = server().await;
    let http = Http::new(&server);
    let mut crd = widget_crd();
    crd["spec"]["scope"] = json!("Cluster");
    http.post(CRDS, &crd).await.expect(201);
    let refused = http
        .get("/apis/shop.example.com/v1/widgets?fieldSelector=metadata.namespace%3Ddefault")
        .await
        .expect(400);
    assert_eq!(
        refused["message"],
        "field label not supported: metadata.namespace"
    );
}

// apiextensions' validation_test.go `TestSelectableFields`, through the API.
#[tokio::test]
async fn selectable_fields_kube_refuses_are_a_422() {
    let server = server().await;
    let http = Http::new(&server);
    let mut crd = widget_crd();
    crd["spec"]["versions"][0]["selectableFields"] = json!([
        {"jsonPath": ".spec.xyz"}, {"jsonPath": ".spec.extra"}, {"jsonPath": ".spec.colour"},
        {"jsonPath": ".spec.colour"},
    ]);
    let refused = http.post(CRDS, &crd).await.expect(422);
    let causes: Vec<(&str, &str)> = refused["details"]["causes"]
        .as_array()
        .expect("causes")
        .iter()
        .map(|c| {
            (
                c["field"].as_str().unwrap_or(""),
                c["message"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        causes,
        [
            ("spec.versions[0].selectableFields[0].jsonPath",
             "Invalid value: \".spec.xyz\": is an invalid path: does not refer to a valid field"),
            ("spec.versions[0].selectableFields[1].jsonPath",
             "Invalid value: \".spec.extra\": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed."),
            ("spec.versions[0].selectableFields[3].jsonPath", "Duplicate value: \".spec.colour\""),
        ]
    );
}
