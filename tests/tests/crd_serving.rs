//! CustomResourceDefinitions posted to the embedded server are served as kube-apiserver's
//! apiextensions server serves them: the kinds of a CRD's versions from the next request
//! on, its status as the naming and establishing controllers write it, its objects read,
//! defaulted and validated by its schema, and gone with it.

mod support;

use serde_json::{json, Value};
use support::Http;

const CRDS: &str = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const GIZMOS: &str = "/apis/toys.example.com/v1/namespaces/default/gizmos";

async fn server() -> kapi_apiserver::ApiServer {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    kapi_apiserver::ApiServer::builder(scheme)
        .start()
        .await
        .expect("the server starts")
}

fn gizmo_crd(versions: Value) -> Value {
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "gizmos.toys.example.com"},
        "spec": {
            "group": "toys.example.com",
            "names": {"kind": "Gizmo", "plural": "gizmos", "singular": "gizmo",
                      "listKind": "GizmoList", "shortNames": ["gz"]},
            "scope": "Namespaced",
            "versions": versions,
        },
    })
}

fn version(name: &str, storage: bool) -> Value {
    json!({
        "name": name, "served": true, "storage": storage,
        "schema": {"openAPIV3Schema": support::gizmo::gizmo_schema()},
        "additionalPrinterColumns": [{"name": "Colour", "type": "string", "jsonPath": ".spec.colour"}],
    })
}

fn gizmo(api_version: &str, name: &str, spec: Value) -> Value {
    json!({"apiVersion": api_version, "kind": "Gizmo",
           "metadata": {"name": name, "namespace": "default"}, "spec": spec})
}

fn condition<'a>(crd: &'a Value, type_: &str) -> &'a Value {
    crd["status"]["conditions"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["type"] == type_))
        .unwrap_or(&Value::Null)
}

#[tokio::test]
async fn a_crd_is_served_once_created_and_its_objects_go_with_it() {
    let server = server().await;
    let http = Http::new(&server);
    http.get(GIZMOS).await.expect(404);

    http.post(CRDS, &gizmo_crd(json!([version("v1", true)])))
        .await
        .expect(201);
    // Served before the create was answered.
    assert_eq!(http.get(GIZMOS).await.expect(200)["kind"], "GizmoList");
    let crd = http
        .get(&format!("{CRDS}/gizmos.toys.example.com"))
        .await
        .expect(200);
    assert_eq!(condition(&crd, "NamesAccepted")["status"], "True", "{crd}");
    assert_eq!(condition(&crd, "NamesAccepted")["reason"], "NoConflicts");
    assert_eq!(condition(&crd, "Established")["status"], "True");
    assert_eq!(
        condition(&crd, "Established")["reason"],
        "InitialNamesAccepted"
    );
    assert_eq!(crd["status"]["acceptedNames"]["shortNames"], json!(["gz"]));
    assert_eq!(crd["status"]["storedVersions"], json!(["v1"]));

    // Defaulted and validated by the schema.
    let created = http
        .post(
            GIZMOS,
            &gizmo("toys.example.com/v1", "g1", json!({"colour": "red"})),
        )
        .await
        .expect(201);
    assert_eq!(created["spec"]["size"], 1);
    let refused = http
        .post(
            GIZMOS,
            &gizmo("toys.example.com/v1", "g2", json!({"colour": "green"})),
        )
        .await
        .expect(422);
    assert_eq!(
        refused["details"]["causes"][0]["field"], "spec.colour",
        "{refused}"
    );
    let discovery = http.get("/apis/toys.example.com/v1").await.expect(200);
    assert_eq!(discovery["resources"][0]["name"], "gizmos", "{discovery}");

    // Deleting the CRD stops serving it and deletes its objects.
    http.delete(&format!("{CRDS}/gizmos.toys.example.com"))
        .await
        .expect(200);
    http.get(GIZMOS).await.expect(404);
    http.post(CRDS, &gizmo_crd(json!([version("v1", true)])))
        .await
        .expect(201);
    let list = http.get(GIZMOS).await.expect(200);
    assert_eq!(
        list["items"],
        json!([]),
        "the old objects went with the old CRD"
    );
}

#[tokio::test]
async fn versions_of_a_crd_without_conversion_are_the_same_fields_under_each_apiversion() {
    let server = server().await;
    let http = Http::new(&server);
    let crd = gizmo_crd(json!([version("v1", true), version("v2", false)]));
    http.post(CRDS, &crd).await.expect(201);
    http.post(
        GIZMOS,
        &gizmo("toys.example.com/v1", "g", json!({"colour": "blue"})),
    )
    .await
    .expect(201);
    let v2 = http
        .get("/apis/toys.example.com/v2/namespaces/default/gizmos/g")
        .await
        .expect(200);
    assert_eq!(v2["apiVersion"], "toys.example.com/v2");
    assert_eq!(v2["spec"], json!({"colour": "blue", "size": 1}));
}

#[tokio::test]
async fn a_crd_the_server_cannot_serve_is_stored_and_not_established() {
    let server = server().await;
    let http = Http::new(&server);
    let mut crd = gizmo_crd(json!([version("v1", true), version("v2", false)]));
    crd["spec"]["conversion"] = json!({"strategy": "Webhook", "webhook": {
        "clientConfig": {"service": {"namespace": "toys", "name": "toys-webhook"}},
        "conversionReviewVersions": ["v1"]}});
    http.post(CRDS, &crd).await.expect(201);
    http.get(GIZMOS).await.expect(404);
    let stored = http
        .get(&format!("{CRDS}/gizmos.toys.example.com"))
        .await
        .expect(200);
    assert_eq!(
        condition(&stored, "Established")["status"],
        "False",
        "{stored}"
    );
    assert!(
        condition(&stored, "Established")["message"]
            .as_str()
            .is_some_and(|m| m.contains("a Service reference has no address outside a cluster")),
        "{stored}"
    );
}

#[tokio::test]
async fn a_crd_kube_apiserver_would_refuse_is_a_422() {
    let server = server().await;
    let http = Http::new(&server);
    let mut bad = version("v1", true);
    // Not structural: a property without a type.
    bad["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]["loose"] = json!({});
    let refused = http.post(CRDS, &gizmo_crd(json!([bad]))).await.expect(422);
    assert_eq!(refused["reason"], "Invalid", "{refused}");
    assert_eq!(
        refused["details"]["kind"], "CustomResourceDefinition",
        "{refused}"
    );
    let causes = refused["details"]["causes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        causes.iter().any(|c| c["field"]
            .as_str()
            .is_some_and(|f| f.contains("properties[spec].properties[loose].type"))),
        "{refused}"
    );
    http.get(&format!("{CRDS}/gizmos.toys.example.com"))
        .await
        .expect(404);
}

#[tokio::test]
async fn fields_the_schema_does_not_specify_are_pruned_and_reported() {
    let server = server().await;
    let http = Http::new(&server);
    http.post(CRDS, &gizmo_crd(json!([version("v1", true)])))
        .await
        .expect(201);
    let sent = gizmo(
        "toys.example.com/v1",
        "g",
        json!({"colour": "red", "shine": 3}),
    );
    // Strict: kube-apiserver's 400 naming the field.
    let refused = http
        .post(&format!("{GIZMOS}?fieldValidation=Strict"), &sent)
        .await
        .expect(400);
    assert_eq!(
        refused["message"], "strict decoding error: unknown field \"spec.shine\"",
        "{refused}"
    );
    // Warn (the default): stored without it, and a warning says so.
    let answer = http.post(GIZMOS, &sent).await;
    assert_eq!(
        answer.warnings(),
        ["299 - \"unknown field \\\"spec.shine\\\"\""],
        "{}",
        String::from_utf8_lossy(&answer.body)
    );
    let created = answer.expect(201);
    assert_eq!(created["spec"], json!({"colour": "red", "size": 1}));
    // Nor does anyone own it.
    let owned = &created["metadata"]["managedFields"][0]["fieldsV1"]["f:spec"];
    assert!(
        owned.get("f:colour").is_some() && owned.get("f:shine").is_none(),
        "{created}"
    );
}

#[tokio::test]
async fn a_crd_whose_names_are_taken_is_not_accepted() {
    let server = server().await;
    let http = Http::new(&server);
    http.post(CRDS, &gizmo_crd(json!([version("v1", true)])))
        .await
        .expect(201);
    // Another CRD of the group wanting the short name `gz`.
    let mut rival = gizmo_crd(json!([version("v1", true)]));
    rival["metadata"]["name"] = json!("widgets.toys.example.com");
    rival["spec"]["names"] = json!({"kind": "Widget", "plural": "widgets", "shortNames": ["gz"]});
    http.post(CRDS, &rival).await.expect(201);
    let stored = http
        .get(&format!("{CRDS}/widgets.toys.example.com"))
        .await
        .expect(200);
    let names = condition(&stored, "NamesAccepted");
    assert_eq!(
        (
            names["status"].as_str(),
            names["reason"].as_str(),
            names["message"].as_str()
        ),
        (
            Some("False"),
            Some("ShortNamesConflict"),
            Some("\"gz\" is already in use")
        ),
        "{stored}"
    );
    let established = condition(&stored, "Established");
    assert_eq!(
        (
            established["reason"].as_str(),
            established["message"].as_str()
        ),
        (Some("NotAccepted"), Some("not all names are accepted"))
    );
    http.get("/apis/toys.example.com/v1/namespaces/default/widgets")
        .await
        .expect(404);
    // The first CRD is still served.
    http.get(GIZMOS).await.expect(200);
}

#[tokio::test]
async fn the_status_and_scale_subresources_of_a_crd_are_served() {
    let server = server().await;
    let http = Http::new(&server);
    let mut v1 = version("v1", true);
    v1["schema"]["openAPIV3Schema"]["properties"]["status"] =
        json!({"type": "object", "properties": {"ready": {"type": "integer"}}});
    v1["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]["replicas"] =
        json!({"type": "integer"});
    v1["subresources"] = json!({"status": {}, "scale": {
        "specReplicasPath": ".spec.replicas", "statusReplicasPath": ".status.ready"}});
    http.post(CRDS, &gizmo_crd(json!([v1]))).await.expect(201);
    let mut g = gizmo(
        "toys.example.com/v1",
        "g",
        json!({"colour": "red", "replicas": 2}),
    );
    g["status"] = json!({"ready": 5});
    let created = http.post(GIZMOS, &g).await.expect(201);
    assert_eq!(
        created.get("status"),
        None,
        "a create ignores status: {created}"
    );
    let mut with_status = created.clone();
    with_status["status"] = json!({"ready": 1});
    let updated = http
        .put(&format!("{GIZMOS}/g/status"), &with_status)
        .await
        .expect(200);
    assert_eq!(updated["status"]["ready"], 1);
    let scale = http.get(&format!("{GIZMOS}/g/scale")).await.expect(200);
    assert_eq!(scale["kind"], "Scale");
    assert_eq!(
        (
            scale["spec"]["replicas"].as_i64(),
            scale["status"]["replicas"].as_i64()
        ),
        (Some(2), Some(1)),
        "{scale}"
    );
}
