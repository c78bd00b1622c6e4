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

const WIDGETS: &str = "/apis/parts.example.com/v1/namespaces/default/widgets";

/// A CRD with list types and CEL rules, as the apiextensions tests write them.
fn widget_crd(spec_schema: Value) -> Value {
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "widgets.parts.example.com"},
        "spec": {
            "group": "parts.example.com",
            "names": {"kind": "Widget", "plural": "widgets", "singular": "widget",
                      "listKind": "WidgetList"},
            "scope": "Namespaced",
            "versions": [{"name": "v1", "served": true, "storage": true,
                "schema": {"openAPIV3Schema": {"type": "object",
                    "properties": {"spec": spec_schema}}}}],
        },
    })
}

fn widget_spec() -> Value {
    json!({"type": "object",
        "x-kubernetes-validations": [
            {"rule": "self.replicas <= self.maxReplicas",
             "messageExpression": "'too many ' + self.unit"},
            {"rule": "self.mode == oldSelf.mode", "message": "mode is immutable",
             "reason": "FieldValueForbidden", "fieldPath": ".mode"}],
        "properties": {
            "replicas": {"type": "integer"},
            "maxReplicas": {"type": "integer"},
            "mode": {"type": "string"},
            "unit": {"type": "string", "maxLength": 10},
            "name": {"type": "string", "maxLength": 63,
                "x-kubernetes-validations": [{"rule": "self.startsWith('w-')"}]},
            "tags": {"type": "array", "x-kubernetes-list-type": "set", "maxItems": 10,
                "items": {"type": "string", "maxLength": 10}},
            "ports": {"type": "array", "x-kubernetes-list-type": "map",
                "x-kubernetes-list-map-keys": ["name"], "maxItems": 10,
                "items": {"type": "object", "required": ["name"],
                    "properties": {"name": {"type": "string", "maxLength": 20},
                                   "port": {"type": "integer"}},
                    "x-kubernetes-validations": [
                        {"rule": "self.port >= oldSelf.port", "message": "port may not decrease"}]}}}})
}

fn widget(name: &str, spec: Value) -> Value {
    json!({"apiVersion": "parts.example.com/v1", "kind": "Widget",
           "metadata": {"name": name, "namespace": "default"}, "spec": spec})
}

/// `(reason, field, message)` of each cause of a 422.
fn causes(status: &Value) -> Vec<(String, String, String)> {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    status["details"]["causes"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| (text(&c["reason"]), text(&c["field"]), text(&c["message"])))
        .collect()
}

fn cause(reason: &str, field: &str, message: &str) -> (String, String, String) {
    (reason.into(), field.into(), message.into())
}

/// apiextensions' `test/integration/listtype_test.go` and
/// `pkg/apiserver/schema/cel/validation_test.go` (`TestValidationExpressions`,
/// `TestMessageExpression`, `TestReasonAndFldPath`), through the API.
#[tokio::test]
async fn list_types_and_cel_rules_refuse_a_custom_resource_with_kube_causes() {
    let server = server().await;
    let http = Http::new(&server);
    http.post(CRDS, &widget_crd(widget_spec()))
        .await
        .expect(201);

    let duplicates = json!({"replicas": 1, "maxReplicas": 3, "mode": "a", "name": "w-1",
        "tags": ["x", "y", "x"], "ports": [{"name": "http", "port": 80}, {"name": "http", "port": 81}]});
    let refused = http
        .post(WIDGETS, &widget("w1", duplicates))
        .await
        .expect(422);
    assert_eq!(
        causes(&refused),
        [
            cause(
                "FieldValueDuplicate",
                "spec.ports[1]",
                "Duplicate value: {\"name\":\"http\"}"
            ),
            cause(
                "FieldValueDuplicate",
                "spec.tags[2]",
                "Duplicate value: \"x\""
            ),
        ],
        "{refused}"
    );

    let failing =
        json!({"replicas": 5, "maxReplicas": 3, "unit": "gears", "mode": "a", "name": "x-1"});
    let refused = http.post(WIDGETS, &widget("w1", failing)).await.expect(422);
    assert_eq!(
        causes(&refused),
        [
            cause("FieldValueInvalid", "spec", "Invalid value: too many gears"),
            cause(
                "FieldValueInvalid",
                "spec.name",
                "Invalid value: \"x-1\": failed rule: self.startsWith('w-')"
            ),
        ],
        "{refused}"
    );
    assert_eq!(
        refused["message"],
        "Widget.parts.example.com \"w1\" is invalid: [spec: Invalid value: too many gears, spec.name: Invalid value: \"x-1\": failed rule: self.startsWith('w-')]"
    );

    // Transition rules run on update, against the old value the new one correlates with.
    let valid = json!({"replicas": 1, "maxReplicas": 3, "mode": "a", "name": "w-1",
        "ports": [{"name": "http", "port": 80}, {"name": "https", "port": 443}]});
    let mut stored = http.post(WIDGETS, &widget("w1", valid)).await.expect(201);
    stored["spec"]["mode"] = json!("b");
    stored["spec"]["ports"] = json!([{"name": "https", "port": 443}, {"name": "http", "port": 79}]);
    let refused = http
        .put(&format!("{WIDGETS}/w1"), &stored)
        .await
        .expect(422);
    assert_eq!(
        causes(&refused),
        [
            cause(
                "FieldValueForbidden",
                "spec.mode",
                "Forbidden: mode is immutable"
            ),
            cause(
                "FieldValueInvalid",
                "spec.ports[1]",
                "Invalid value: port may not decrease"
            ),
        ],
        "{refused}"
    );
}

/// apiextensions' `test/integration/ratcheting_test.go`: an object stored under a looser
/// schema keeps what the stricter one refuses while those values do not change.
#[tokio::test]
async fn validation_ratchets_on_update_of_values_left_unchanged() {
    let server = server().await;
    let http = Http::new(&server);
    let loose = json!({"type": "object", "properties": {
        "size": {"type": "integer"}, "name": {"type": "string"}, "note": {"type": "string"},
        "tags": {"type": "array", "items": {"type": "string"}}}});
    http.post(CRDS, &widget_crd(loose)).await.expect(201);
    let spec = json!({"size": 10, "name": "bad", "note": "a", "tags": ["x", "x"]});
    let mut stored = http.post(WIDGETS, &widget("w1", spec)).await.expect(201);

    let crd_path = format!("{CRDS}/widgets.parts.example.com");
    let mut strict = http.get(&crd_path).await.expect(200);
    let properties = &mut strict["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]
        ["spec"]["properties"];
    properties["size"]["maximum"] = json!(5);
    properties["name"]["x-kubernetes-validations"] =
        json!([{"rule": "self.startsWith('w-')", "message": "must start with w-"}]);
    properties["tags"]["x-kubernetes-list-type"] = json!("set");
    http.put(&crd_path, &strict).await.expect(200);

    // Only the note changes: every broken value is as stored.
    stored["spec"]["note"] = json!("b");
    let mut stored = http
        .put(&format!("{WIDGETS}/w1"), &stored)
        .await
        .expect(200);
    // A broken value that changes is checked (the set's duplicates stay excused: the stored
    // object already broke them).
    stored["spec"]["size"] = json!(11);
    stored["spec"]["name"] = json!("worse");
    let refused = http
        .put(&format!("{WIDGETS}/w1"), &stored)
        .await
        .expect(422);
    assert_eq!(
        causes(&refused),
        [
            cause(
                "FieldValueInvalid",
                "spec.size",
                "Invalid value: 11: spec.size in body should be less than or equal to 5"
            ),
            cause(
                "FieldValueInvalid",
                "spec.name",
                "Invalid value: \"worse\": must start with w-"
            ),
        ],
        "{refused}"
    );
    // A new object gets no such allowance.
    let fresh = json!({"size": 1, "name": "w-2", "tags": ["x", "x"]});
    let refused = http.post(WIDGETS, &widget("w2", fresh)).await.expect(422);
    assert_eq!(
        causes(&refused),
        [cause(
            "FieldValueDuplicate",
            "spec.tags[1]",
            "Duplicate value: \"x\""
        )]
    );
}

/// apiextensions' `pkg/apis/apiextensions/validation/validation_test.go`
/// (`TestValidateCustomResourceDefinitionValidation`, "forbid double-nested rule with no
/// limit set", and the rule that does not compile).
#[tokio::test]
async fn a_crd_with_a_too_expensive_or_broken_rule_is_refused() {
    let server = server().await;
    let http = Http::new(&server);
    let expensive = json!({"type": "object", "properties": {"list": {"type": "array",
        "items": {"type": "string"},
        "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x == y))"}]}}});
    let refused = http.post(CRDS, &widget_crd(expensive)).await.expect(422);
    let root = "spec.versions[0].schema.openAPIV3Schema";
    let rule = format!("{root}.properties[spec].properties[list].x-kubernetes-validations[0].rule");
    let advice = "(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)";
    assert_eq!(
        causes(&refused),
        [
            cause(
                "FieldValueForbidden",
                &rule,
                &format!("Forbidden: estimated rule cost exceeds budget by factor of more than 100x {advice}")
            ),
            cause(
                "FieldValueForbidden",
                &rule,
                "Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema"
            ),
            cause(
                "FieldValueForbidden",
                root,
                &format!("Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x {advice}")
            ),
        ],
        "{refused}"
    );
    // Bounded, the same rule is cheap enough.
    let bounded = json!({"type": "object", "properties": {"list": {"type": "array",
        "maxItems": 10, "items": {"type": "string", "maxLength": 10},
        "x-kubernetes-validations": [{"rule": "self.all(x, self.all(y, x == y))"}]}}});
    http.post(CRDS, &widget_crd(bounded)).await.expect(201);
    http.delete(
        "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.parts.example.com",
    )
    .await
    .expect(200);

    let broken = json!({"type": "object", "x-kubernetes-validations": [{"rule": "self.("}]});
    let refused = http.post(CRDS, &widget_crd(broken)).await.expect(422);
    let found = causes(&refused);
    assert_eq!(found.len(), 1, "{refused}");
    assert_eq!(found[0].0, "FieldValueInvalid");
    assert_eq!(
        found[0].1,
        format!("{root}.properties[spec].x-kubernetes-validations[0].rule")
    );
    assert!(
        found[0].2.starts_with("Invalid value: {\"Rule\":\"self.(\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}: compilation failed: ERROR: <input>:1:"),
        "{refused}"
    );
}

/// The types apiextensions gives a CRD's schema violations (`validation.go`).
#[tokio::test]
async fn crd_schema_violations_carry_kube_error_types() {
    let server = server().await;
    let http = Http::new(&server);
    let spec = json!({"type": "object", "properties": {
        "a": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
        "b": {"type": "integer", "x-kubernetes-list-type": "set"},
        "c": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "bag"},
        "d": {"type": "object", "x-kubernetes-validations": [{"rule": " "}]},
        "e": {"type": "object", "properties": {"x": {"type": "string"}},
            "x-kubernetes-validations": [{"rule": "true", "fieldPath": ".nope", "reason": "Bad"}]}}});
    let refused = http.post(CRDS, &widget_crd(spec)).await.expect(422);
    let at = "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties";
    assert_eq!(
        causes(&refused),
        [
            cause(
                "FieldValueForbidden",
                &format!("{at}[a].uniqueItems"),
                "Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic"
            ),
            cause(
                "FieldValueInvalid",
                &format!("{at}[b].type"),
                "Invalid value: \"integer\": must be array if x-kubernetes-list-type is specified"
            ),
            cause(
                "FieldValueNotSupported",
                &format!("{at}[c].x-kubernetes-list-type"),
                "Unsupported value: \"bag\": supported values: \"atomic\", \"set\", \"map\""
            ),
            cause(
                "FieldValueRequired",
                &format!("{at}[d].x-kubernetes-validations[0].rule"),
                "Required value: rule is not specified"
            ),
            cause(
                "FieldValueNotSupported",
                &format!("{at}[e].x-kubernetes-validations[0].reason"),
                "Unsupported value: \"Bad\": supported values: \"FieldValueDuplicate\", \"FieldValueForbidden\", \"FieldValueInvalid\", \"FieldValueRequired\""
            ),
            cause(
                "FieldValueInvalid",
                &format!("{at}[e].x-kubernetes-validations[0].fieldPath"),
                "Invalid value: \".nope\": must be a valid path"
            ),
        ],
        "{refused}"
    );
}
