//! Admission reviews as kube-apiserver sends them and reads the answers.
//!
//! The request shape is kube-apiserver's (`CreateV1AdmissionReview` in
//! `k8s.io/apiserver/pkg/admission/plugin/webhook/request`, and the example of the
//! "Dynamic Admission Control" page: uid, kind, resource, subResource, requestKind,
//! requestResource, requestSubResource, name, namespace, operation, userInfo, object,
//! oldObject, dryRun, options). Every answer is decoded strictly into kapi-k8s's generated
//! `admission.k8s.io` `AdmissionReview`, and checked as `VerifyAdmissionResponse` checks
//! it (uid copied, the request's version, patch and patchType together).

use super::{handler, mutate, validate, Handler, Operation, Request, Verdict};
use crate::Endpoint;
use base64::Engine;
use kapi_core::apis::autoscaling::v1::Scale;
use kapi_core::validation::{ErrorList, FieldError};
use kapi_k8s::core::v1::Pod;
use serde_json::{json, Value};

const UID: &str = "705ab4f5-6393-11e8-b7cc-42010a800002";

fn scheme() -> kapi_core::Scheme {
    let mut scheme = kapi_core::Scheme::new();
    api_types::install(&mut scheme).expect("the example API registers");
    scheme
}

fn user_info() -> Value {
    json!({"username": "admin", "uid": "014fbff9a07c",
           "groups": ["system:authenticated", "my-admin-group"],
           "extra": {"some-key": ["some-value1", "some-value2"]}})
}

/// An `AdmissionReview` as kube-apiserver writes one: every field present, `oldObject`
/// and `options` null where Go writes an empty `RawExtension`.
fn review_of(
    version: &str,
    operation: &str,
    (group, api_version, kind, resource): (&str, &str, &str, &str),
    object: Value,
    old_object: Value,
) -> Value {
    let options_kind = match operation {
        "CREATE" => "CreateOptions",
        "UPDATE" => "UpdateOptions",
        _ => "DeleteOptions",
    };
    let name = object
        .pointer("/metadata/name")
        .or_else(|| old_object.pointer("/metadata/name"))
        .cloned()
        .unwrap_or(json!(""));
    json!({
        "apiVersion": format!("admission.k8s.io/{version}"),
        "kind": "AdmissionReview",
        "request": {
            "uid": UID,
            "kind": {"group": group, "version": api_version, "kind": kind},
            "resource": {"group": group, "version": api_version, "resource": resource},
            "requestKind": {"group": group, "version": api_version, "kind": kind},
            "requestResource": {"group": group, "version": api_version, "resource": resource},
            "name": name,
            "namespace": "default",
            "operation": operation,
            "userInfo": user_info(),
            "object": object,
            "oldObject": old_object,
            "dryRun": false,
            "options": {"apiVersion": "meta.k8s.io/v1", "kind": options_kind},
        }
    })
}

const FROBBER_V1: (&str, &str, &str, &str) = ("frob.example.com", "v1", "Frobber", "frobbers");
const FROBBER_CLASS: (&str, &str, &str, &str) =
    ("frob.example.com", "v1", "FrobberClass", "frobberclasses");
const POD: (&str, &str, &str, &str) = ("", "v1", "Pod", "pods");

fn bytes(v: &Value) -> Vec<u8> {
    serde_json::to_vec(v).expect("JSON")
}

/// The answer, checked as kube-apiserver checks it, as JSON and as kapi-k8s's type.
fn checked(request: &Value, answer: &[u8], mutating: bool) -> Value {
    let (uid, allowed) = if request["apiVersion"] == "admission.k8s.io/v1beta1" {
        let typed = strictly::<kapi_k8s::admission::v1beta1::AdmissionReview>(answer)
            .response
            .expect("a response");
        (typed.uid, typed.allowed)
    } else {
        let typed = strictly::<kapi_k8s::admission::v1::AdmissionReview>(answer)
            .response
            .expect("a response");
        (typed.uid, typed.allowed)
    };
    assert_eq!(uid, UID);
    let answer: Value = serde_json::from_slice(answer).expect("JSON");
    assert_eq!(answer["apiVersion"], request["apiVersion"]);
    assert_eq!(answer["kind"], "AdmissionReview");
    let response = &answer["response"];
    assert_eq!(
        response.get("patch").is_some(),
        response.get("patchType").is_some(),
        "patch and patchType together: {response}"
    );
    if !mutating {
        assert!(response.get("patch").is_none(), "{response}");
    }
    assert_eq!(response["allowed"], allowed);
    if allowed {
        assert!(response.get("status").is_none(), "{response}");
    }
    answer
}

/// Kubernetes' own type read from the JSON, with no field it does not have.
fn strictly<T: serde::de::DeserializeOwned>(body: &[u8]) -> T {
    let strict = kapi_core::codec::json::from_slice_strict::<T>(body).expect("JSON");
    assert!(
        strict.is_clean(),
        "{:?} in {}",
        strict.messages(),
        String::from_utf8_lossy(body)
    );
    strict.value
}

fn validated(request: &Value) -> Value {
    let answer = validate(&scheme(), &bytes(request)).expect("a review");
    checked(request, &answer, false)
}

fn mutated(request: &Value) -> Value {
    let answer = mutate(&scheme(), &bytes(request)).expect("a review");
    checked(request, &answer, true)
}

fn frobber(name: &str) -> Value {
    let mut f = api_types::examples::frobber_v1_json();
    f["metadata"]["name"] = json!(name);
    // Frobber2D is off in these schemes: the example's gated width is dropped on write.
    if let Some(spec) = f["spec"].as_object_mut() {
        spec.remove("width");
    }
    f
}

fn frobber_class(name: &str, provisioner: &str) -> Value {
    json!({"apiVersion": "frob.example.com/v1", "kind": "FrobberClass",
           "metadata": {"name": name, "uid": "1b0c7a52-3d2e-4e1f-9a8b-000000000001",
                        "resourceVersion": "7", "creationTimestamp": "2026-11-22T10:00:00Z"},
           "spec": {"description": "fast frobs", "maxReplicas": 10, "provisioner": provisioner}})
}

fn patch_of(response: &Value) -> json_patch::Patch {
    let encoded = response["patch"].as_str().expect("a patch");
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .expect("base64");
    serde_json::from_slice(&decoded).expect("a JSON patch")
}

// ---- the golden exchange ----

#[test]
fn a_valid_create_is_allowed_in_the_requests_version() {
    let request = review_of("v1", "CREATE", FROBBER_V1, frobber("tall"), Value::Null);
    // The request is what Kubernetes' own types read, field for field.
    strictly::<kapi_k8s::admission::v1::AdmissionReview>(&bytes(&request));
    let answer = validate(&scheme(), &bytes(&request)).expect("a review");
    // Byte for byte what a Go webhook writes for an allowed request.
    assert_eq!(
        String::from_utf8(answer).expect("UTF-8"),
        format!(
            r#"{{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":{{"uid":"{UID}","allowed":true}}}}"#
        )
    );
    let v1beta1 = review_of(
        "v1beta1",
        "CREATE",
        FROBBER_V1,
        frobber("tall"),
        Value::Null,
    );
    let answer = validated(&v1beta1);
    assert_eq!(answer["apiVersion"], "admission.k8s.io/v1beta1");
    assert_eq!(answer["response"]["allowed"], true);
}

#[test]
fn a_create_denial_is_kube_apiservers_422_with_one_cause_per_field_error() {
    let mut object = frobber("tall");
    object["spec"]["height"] = json!(0);
    object["spec"]["ports"][0]["port"] = json!(70000);
    let answer = validated(&review_of("v1", "CREATE", FROBBER_V1, object, Value::Null));
    let response = &answer["response"];
    assert_eq!(response["allowed"], false);
    assert_eq!(
        response["status"],
        json!({
            "metadata": {},
            "status": "Failure",
            "message": "Frobber.frob.example.com \"tall\" is invalid: [spec.height: Invalid value: 0: must be greater than or equal to 1, spec.ports[0].port: Invalid value: 70000: must be less than or equal to 65535]",
            "reason": "Invalid",
            "details": {
                "name": "tall",
                "group": "frob.example.com",
                "kind": "Frobber",
                "causes": [
                    {"reason": "FieldValueInvalid", "message": "Invalid value: 0: must be greater than or equal to 1", "field": "spec.height"},
                    {"reason": "FieldValueInvalid", "message": "Invalid value: 70000: must be less than or equal to 65535", "field": "spec.ports[0].port"},
                ],
            },
            "code": 422,
        })
    );
}

#[test]
fn an_update_that_breaks_an_update_rule_is_denied_and_delete_is_allowed() {
    let old = frobber_class("fast", "frob.example.com/disk");
    let new = frobber_class("fast", "frob.example.com/tape");
    let answer = validated(&review_of("v1", "UPDATE", FROBBER_CLASS, new, old.clone()));
    let status = &answer["response"]["status"];
    assert_eq!(answer["response"]["allowed"], false);
    assert_eq!(status["code"], 422);
    assert_eq!(status["reason"], "Invalid");
    assert_eq!(
        status["details"]["causes"],
        json!([{"reason": "FieldValueInvalid", "message": "Invalid value: \"frob.example.com/tape\": field is immutable", "field": "spec.provisioner"}])
    );
    // The same object unchanged passes the rule.
    let same = validated(&review_of(
        "v1",
        "UPDATE",
        FROBBER_CLASS,
        old.clone(),
        old.clone(),
    ));
    assert_eq!(same["response"]["allowed"], true);
    // No rules judge a deletion.
    let delete = validated(&review_of("v1", "DELETE", FROBBER_CLASS, Value::Null, old));
    assert_eq!(delete["response"]["allowed"], true);
}

#[test]
fn gated_enum_values_follow_the_schemes_feature_gates() {
    let mut object = frobber("tall");
    object["spec"]["restartPolicy"] = json!("OnTuesday");
    let request = review_of("v1", "CREATE", FROBBER_V1, object, Value::Null);
    let answer = validated(&request);
    assert_eq!(answer["response"]["allowed"], false, "{answer}");
    let causes = &answer["response"]["status"]["details"]["causes"];
    assert_eq!(causes[0]["field"], "spec.restartPolicy", "{causes}");
    let mut gated = scheme();
    let mut gates = kapi_core::feature_gates::FeatureGates::new(api_types::FEATURE_GATES);
    gates
        .set("FrobberRestartPolicyOnTuesday", true)
        .expect("a gate of the API");
    gated.set_feature_gates(gates);
    let answer = validate(&gated, &bytes(&request)).expect("a review");
    let answer = checked(&request, &answer, false);
    assert_eq!(answer["response"]["allowed"], true, "{answer}");
}

#[test]
fn gated_fields_are_patched_away_unless_the_stored_object_uses_them() {
    let mut object = frobber("wide");
    object["spec"]["width"] = json!(4);
    // The gate off: a create loses the field, as the embedded server's write path drops it.
    let create = review_of("v1", "CREATE", FROBBER_V1, object.clone(), Value::Null);
    let answer = mutated(&create);
    let mut patched = object.clone();
    json_patch::patch(&mut patched, &patch_of(&answer["response"])).expect("the patch applies");
    assert_eq!(patched["spec"].get("width"), None, "{answer}");
    // An update of an object stored with the field keeps it.
    let update = review_of("v1", "UPDATE", FROBBER_V1, object.clone(), object.clone());
    let answer = mutated(&update);
    let ops = answer["response"]
        .get("patch")
        .map(|_| patch_of(&answer["response"]).0.len())
        .unwrap_or(0);
    let mut kept = object.clone();
    if ops > 0 {
        json_patch::patch(&mut kept, &patch_of(&answer["response"])).expect("the patch applies");
    }
    assert_eq!(kept["spec"]["width"], 4, "{answer}");
    // The gate on: kept on create too.
    let mut gated = scheme();
    let mut gates = kapi_core::feature_gates::FeatureGates::new(api_types::FEATURE_GATES);
    gates.set("Frobber2D", true).expect("a gate of the API");
    gated.set_feature_gates(gates);
    let answer = mutate(&gated, &bytes(&create)).expect("a review");
    let answer = checked(&create, &answer, true);
    let mut on = object.clone();
    if answer["response"].get("patch").is_some() {
        json_patch::patch(&mut on, &patch_of(&answer["response"])).expect("the patch applies");
    }
    assert_eq!(on["spec"]["width"], 4, "{answer}");
}

#[test]
fn a_deprecated_version_is_warned_about_as_kube_apiserver_warns() {
    let s = scheme();
    let v1 = s
        .decode_without_defaults(&bytes(&frobber("tall")))
        .expect("a Frobber");
    let v2beta1 = s
        .convert(v1, "frob.example.com/v2beta1")
        .expect("converts")
        .to_json_value()
        .expect("JSON");
    let kind = ("frob.example.com", "v2beta1", "Frobber", "frobbers");
    let answer = validated(&review_of("v1", "CREATE", kind, v2beta1, Value::Null));
    assert_eq!(answer["response"]["allowed"], true);
    assert_eq!(
        answer["response"]["warnings"],
        json!(["frob.example.com/v2beta1 Frobber is deprecated in v1.30+"])
    );
}

// ---- the embedded server's own answers ----

/// The embedded server's answer to a write, through kapi's client: code and body.
async fn server_says(
    client: &kapi::client::Client,
    method: kapi::client::Method,
    path: &str,
    body: &Value,
) -> (u16, Value) {
    let body = Some(("application/json", bytes(body)));
    match client
        .request_raw(method, path, body, "application/json")
        .await
    {
        Ok(r) => (r.status, serde_json::from_slice(&r.body).expect("JSON")),
        Err(kapi::client::Error::Api(e)) => {
            (e.code, serde_json::to_value(&e.status).expect("JSON"))
        }
        Err(e) => panic!("{path}: {e}"),
    }
}

/// The Status without its type meta, as an `AdmissionResponse` carries it.
fn bare(mut status: Value) -> Value {
    if let Some(o) = status.as_object_mut() {
        o.remove("apiVersion");
        o.remove("kind");
    }
    status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn denials_equal_the_embedded_servers_422s() {
    let server = kapi_apiserver::ApiServer::builder(scheme())
        .start()
        .await
        .expect("server");
    let mut config = kapi::client::Config::new(server.url().parse().expect("url"));
    config.retry.max_attempts = 1;
    let client = kapi::client::Client::new(config, std::sync::Arc::new(scheme())).expect("client");
    use kapi::client::Method;

    // Create.
    let mut bad = frobber("tall");
    bad["spec"]["height"] = json!(5000);
    bad["spec"]["className"] = json!("Not_A_Name");
    for field in ["uid", "resourceVersion", "creationTimestamp", "generation"] {
        bad["metadata"]
            .as_object_mut()
            .expect("metadata")
            .remove(field);
    }
    let (code, status) = server_says(
        &client,
        Method::POST,
        "/apis/frob.example.com/v1/namespaces/default/frobbers",
        &bad,
    )
    .await;
    assert_eq!(code, 422, "{status}");
    let answer = validated(&review_of("v1", "CREATE", FROBBER_V1, bad, Value::Null));
    assert_eq!(answer["response"]["status"], bare(status));

    // Update, against what the server stored.
    let class = json!({"apiVersion": "frob.example.com/v1", "kind": "FrobberClass",
                       "metadata": {"name": "fast"}, "spec": {"provisioner": "disk"}});
    let (code, stored) = server_says(
        &client,
        Method::POST,
        "/apis/frob.example.com/v1/frobberclasses",
        &class,
    )
    .await;
    assert_eq!(code, 201, "{stored}");
    let mut changed = stored.clone();
    changed["spec"]["provisioner"] = json!("tape");
    changed["spec"]["maxReplicas"] = json!(0);
    let (code, status) = server_says(
        &client,
        Method::PUT,
        "/apis/frob.example.com/v1/frobberclasses/fast",
        &changed,
    )
    .await;
    assert_eq!(code, 422, "{status}");
    let answer = validated(&review_of("v1", "UPDATE", FROBBER_CLASS, changed, stored));
    assert_eq!(answer["response"]["status"], bare(status));

    // A bad status is no reason to refuse a create or an update of the resource: the
    // status subresource owns it, and the registry sets it aside first. Through `status`,
    // it is judged.
    let mut bad_status = frobber("statused");
    for field in ["uid", "resourceVersion", "creationTimestamp", "generation"] {
        bad_status["metadata"]
            .as_object_mut()
            .expect("metadata")
            .remove(field);
    }
    bad_status["status"]["conditions"][0]["observedGeneration"] = json!(-1);
    let (code, stored) = server_says(
        &client,
        Method::POST,
        "/apis/frob.example.com/v1/namespaces/default/frobbers",
        &bad_status,
    )
    .await;
    assert_eq!(code, 201, "{stored}");
    let create = review_of("v1", "CREATE", FROBBER_V1, bad_status.clone(), Value::Null);
    assert_eq!(validated(&create)["response"]["allowed"], true);
    let mut update = stored.clone();
    update["status"] = bad_status["status"].clone();
    let (code, _) = server_says(
        &client,
        Method::PUT,
        "/apis/frob.example.com/v1/namespaces/default/frobbers/statused",
        &update,
    )
    .await;
    assert_eq!(code, 200);
    let review = review_of("v1", "UPDATE", FROBBER_V1, update.clone(), stored.clone());
    assert_eq!(validated(&review)["response"]["allowed"], true);
    let (code, status) = server_says(
        &client,
        Method::PUT,
        "/apis/frob.example.com/v1/namespaces/default/frobbers/statused/status",
        &update,
    )
    .await;
    assert_eq!(code, 422, "{status}");
    let mut review = review_of("v1", "UPDATE", FROBBER_V1, update, stored);
    review["request"]["subResource"] = json!("status");
    let answer = validated(&review);
    assert_eq!(answer["response"]["status"], bare(status));
    server.shutdown().await;
}

// ---- mutation ----

#[test]
fn defaults_come_back_as_a_minimal_patch_that_applies_to_the_sent_object() {
    let s = scheme();
    let object = json!({
        "apiVersion": "frob.example.com/v1", "kind": "Frobber",
        "metadata": {"name": "short", "namespace": "default",
                     "annotations": {"kept": "as sent"}},
        // `ports[0].protocol`, `replicas`, `restartPolicy`, `memory` from markers,
        // `className` from the DefaultsHook; the `null` is left alone.
        "spec": {"height": 3, "ports": [{"name": "http", "port": 80}], "param": null},
    });
    let request = review_of("v1", "CREATE", FROBBER_V1, object.clone(), Value::Null);
    let answer = mutated(&request);
    let response = &answer["response"];
    assert_eq!(response["allowed"], true);
    assert_eq!(response["patchType"], "JSONPatch");
    let patch = patch_of(response);
    let paths: Vec<String> = patch.0.iter().map(|op| op.path().to_string()).collect();
    assert_eq!(
        paths,
        [
            "/spec/className",
            "/spec/memory",
            "/spec/ports/0/protocol",
            "/spec/replicas",
            "/spec/restartPolicy",
        ],
        "only what defaulting changed: {patch:?}"
    );
    let mut patched = object.clone();
    json_patch::patch(&mut patched, &patch).expect("the patch applies");
    // As objects, the patched one is the defaulted one.
    let defaulted = s.decode(&bytes(&object)).expect("decodes");
    let read_back = s
        .decode_without_defaults(&bytes(&patched))
        .expect("decodes");
    assert_eq!(
        read_back.to_json_value().expect("JSON"),
        defaulted.to_json_value().expect("JSON")
    );
    assert_eq!(patched["spec"]["className"], "standard");
    // And nothing a typed rendering writes differently (`creationTimestamp: null`, the
    // `null` dropped) reached the patch.
    assert_eq!(patched["metadata"], object["metadata"]);
    assert_eq!(patched["spec"]["param"], Value::Null);

    // Already defaulted: no patch, no patchType.
    let again = mutated(&review_of("v1", "CREATE", FROBBER_V1, patched, Value::Null));
    assert_eq!(again["response"], json!({"uid": UID, "allowed": true}));
}

#[test]
fn fields_the_scheme_does_not_know_are_never_patched_away() {
    let object = json!({
        "apiVersion": "frob.example.com/v1", "kind": "Frobber",
        "metadata": {"name": "new", "futureMeta": 1},
        "spec": {"height": 3, "fromANewerServer": {"x": [1, 2]}},
    });
    let answer = mutated(&review_of(
        "v1",
        "UPDATE",
        FROBBER_V1,
        object.clone(),
        object.clone(),
    ));
    let patch = patch_of(&answer["response"]);
    assert!(
        patch
            .0
            .iter()
            .all(|op| matches!(op, json_patch::PatchOperation::Add(_))),
        "{patch:?}"
    );
    let mut patched = object.clone();
    json_patch::patch(&mut patched, &patch).expect("applies");
    assert_eq!(
        patched["spec"]["fromANewerServer"],
        object["spec"]["fromANewerServer"]
    );
    assert_eq!(patched["metadata"]["futureMeta"], 1);
}

// ---- a typed policy on Kubernetes' Pods ----

/// Pods must say which team owns them; a dry run is noted.
struct TeamLabel;

impl Handler<Pod> for TeamLabel {
    async fn admit(&self, request: &Request<Pod>) -> Verdict<Pod> {
        let Some(pod) = &request.object else {
            return Verdict::allow();
        };
        let verdict = if pod.metadata.labels.contains_key("team") {
            Verdict::allow()
        } else if request
            .user_info
            .groups
            .iter()
            .any(|g| g == "my-admin-group")
            && request.operation == Operation::Update
        {
            let mut errors = ErrorList::default();
            errors.push(FieldError::required("metadata.labels[team]", ""));
            Verdict::invalid(errors)
        } else {
            Verdict::deny(format!("pod {:?} has no team label", pod.metadata.name))
        };
        if request.dry_run {
            verdict.warn("dry run: nothing recorded")
        } else {
            verdict
        }
    }
}

/// Labels every Pod with who admitted it.
struct Stamp;

impl Handler<Pod> for Stamp {
    async fn admit(&self, request: &Request<Pod>) -> Verdict<Pod> {
        match &request.object {
            Some(pod) if !pod.metadata.labels.contains_key("admitted-by") => {
                let mut pod = pod.clone();
                pod.metadata
                    .labels
                    .insert("admitted-by".into(), request.user_info.username.clone());
                Verdict::mutated(pod)
            }
            _ => Verdict::allow(),
        }
    }
}

fn pod(labels: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "Pod",
           "metadata": {"name": "web", "namespace": "default", "labels": labels},
           "spec": {"containers": [{"name": "web", "image": "nginx",
                                     "resources": {}, "someFutureField": true}]},
           "status": {}})
}

fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime")
        .block_on(f)
}

fn ask(endpoint: &dyn Endpoint, request: &Value, mutating: bool) -> Value {
    let answer = block_on(endpoint.answer(&bytes(request))).expect("a review");
    checked(request, &answer, mutating)
}

#[test]
fn a_typed_pod_policy_answers_through_the_same_plumbing() {
    let policy = handler::<Pod, _>(TeamLabel);
    let labelled = review_of(
        "v1",
        "CREATE",
        POD,
        pod(json!({"team": "web"})),
        Value::Null,
    );
    assert_eq!(ask(&policy, &labelled, false)["response"]["allowed"], true);

    let mut unlabelled = review_of("v1", "CREATE", POD, pod(json!({})), Value::Null);
    unlabelled["request"]["dryRun"] = json!(true);
    let answer = ask(&policy, &unlabelled, false);
    assert_eq!(
        answer["response"],
        json!({"uid": UID, "allowed": false,
               "status": {"metadata": {}, "status": "Failure",
                          "message": "pod \"web\" has no team label",
                          "reason": "Forbidden", "code": 403},
               "warnings": ["dry run: nothing recorded"]})
    );

    let update = review_of(
        "v1",
        "UPDATE",
        POD,
        pod(json!({})),
        pod(json!({"team": "web"})),
    );
    let status = &ask(&policy, &update, false)["response"]["status"];
    assert_eq!(status["code"], 422);
    assert_eq!(
        status["message"],
        "Pod \"web\" is invalid: metadata.labels[team]: Required value"
    );
    assert_eq!(
        status["details"],
        json!({"name": "web", "kind": "Pod",
               "causes": [{"reason": "FieldValueRequired", "message": "Required value",
                           "field": "metadata.labels[team]"}]})
    );
}

#[test]
fn a_typed_mutation_patches_only_what_the_handler_changed() {
    let stamp = handler::<Pod, _>(Stamp);
    let object = pod(json!({"team": "web"}));
    let request = review_of("v1beta1", "CREATE", POD, object.clone(), Value::Null);
    let answer = ask(&stamp, &request, true);
    assert_eq!(answer["apiVersion"], "admission.k8s.io/v1beta1");
    let patch = patch_of(&answer["response"]);
    assert_eq!(
        serde_json::to_value(&patch).expect("JSON"),
        json!([{"op": "add", "path": "/metadata/labels/admitted-by", "value": "admin"}])
    );
    let mut patched = object.clone();
    json_patch::patch(&mut patched, &patch).expect("applies");
    assert_eq!(patched["metadata"]["labels"]["admitted-by"], "admin");
    assert_eq!(patched["spec"], object["spec"], "unknown fields kept");
    // Nothing to change: no patch.
    let again = ask(
        &stamp,
        &review_of("v1", "CREATE", POD, patched, Value::Null),
        true,
    );
    assert_eq!(again["response"], json!({"uid": UID, "allowed": true}));
}

/// The example request of Kubernetes' "Dynamic Admission Control" page: an UPDATE of an
/// `apps/v1` Deployment's `scale` subresource, with the page's uid and user.
fn documented_scale_review(replicas: i32) -> Value {
    let scale = |replicas: i32| {
        json!({"apiVersion": "autoscaling/v1", "kind": "Scale",
               "metadata": {"name": "my-deployment", "namespace": "my-namespace"},
               "spec": {"replicas": replicas}})
    };
    json!({
        "apiVersion": "admission.k8s.io/v1",
        "kind": "AdmissionReview",
        "request": {
            "uid": UID,
            "kind": {"group": "autoscaling", "version": "v1", "kind": "Scale"},
            "resource": {"group": "apps", "version": "v1", "resource": "deployments"},
            "subResource": "scale",
            "requestKind": {"group": "autoscaling", "version": "v1", "kind": "Scale"},
            "requestResource": {"group": "apps", "version": "v1", "resource": "deployments"},
            "requestSubResource": "scale",
            "name": "my-deployment",
            "namespace": "my-namespace",
            "operation": "UPDATE",
            "userInfo": user_info(),
            "object": scale(replicas),
            "oldObject": scale(1),
            "options": {"apiVersion": "meta.k8s.io/v1", "kind": "UpdateOptions"},
            "dryRun": false,
        }
    })
}

/// At most ten replicas, whatever the resource; checks what it was told on the way.
struct ScaleLimit;

impl Handler<Scale> for ScaleLimit {
    async fn admit(&self, request: &Request<Scale>) -> Verdict<Scale> {
        assert_eq!(request.uid, UID);
        assert_eq!(
            (request.kind.group.as_str(), request.kind.kind.as_str()),
            ("autoscaling", "Scale")
        );
        assert_eq!(request.resource.resource, "deployments");
        assert_eq!(request.sub_resource, "scale");
        assert_eq!(
            request.request_resource.as_ref().map(|r| r.group.as_str()),
            Some("apps")
        );
        assert_eq!(request.request_sub_resource, "scale");
        assert_eq!(
            (request.name.as_str(), request.namespace.as_str()),
            ("my-deployment", "my-namespace")
        );
        assert_eq!(request.operation, Operation::Update);
        assert_eq!(request.user_info.username, "admin");
        assert_eq!(
            request.user_info.extra.get("some-key").map(Vec::len),
            Some(2)
        );
        assert!(!request.dry_run);
        assert!(request
            .options
            .as_ref()
            .is_some_and(|o| o.get().contains("UpdateOptions")));
        let old = request.old_object.as_ref().map(|s| s.spec.replicas);
        assert_eq!(old, Some(1));
        let mut errors = ErrorList::default();
        if let Some(scale) = &request.object {
            if scale.spec.replicas > 10 {
                errors.push(FieldError::invalid(
                    "spec.replicas",
                    scale.spec.replicas,
                    "must be no more than 10",
                ));
            }
        }
        Verdict::invalid(errors)
    }
}

#[test]
fn the_documented_scale_review_reaches_a_typed_handler_field_for_field() {
    let limit = handler::<Scale, _>(ScaleLimit);
    let request = documented_scale_review(3);
    strictly::<kapi_k8s::admission::v1::AdmissionReview>(&bytes(&request));
    assert_eq!(
        ask(&limit, &request, false)["response"],
        json!({"uid": UID, "allowed": true})
    );
    let status = ask(&limit, &documented_scale_review(20), false)["response"]["status"].clone();
    assert_eq!(
        status,
        json!({"metadata": {}, "status": "Failure",
               "message": "Scale.autoscaling \"my-deployment\" is invalid: spec.replicas: Invalid value: 20: must be no more than 10",
               "reason": "Invalid",
               "details": {"name": "my-deployment", "group": "autoscaling", "kind": "Scale",
                           "causes": [{"reason": "FieldValueInvalid",
                                       "message": "Invalid value: 20: must be no more than 10",
                                       "field": "spec.replicas"}]},
               "code": 422})
    );
    // Go writes an extra value that is a nil slice as `null`.
    let mut nil_extra = documented_scale_review(3);
    nil_extra["request"]["userInfo"]["extra"]["other-key"] = Value::Null;
    assert_eq!(ask(&limit, &nil_extra, false)["response"]["allowed"], true);
}

#[test]
fn objects_of_another_kind_are_denied_with_400_naming_both() {
    let policy = handler::<Pod, _>(TeamLabel);
    let request = review_of("v1", "CREATE", FROBBER_V1, frobber("tall"), Value::Null);
    let status = ask(&policy, &request, false)["response"]["status"].clone();
    assert_eq!(status["code"], 400);
    assert_eq!(status["reason"], "BadRequest");
    assert_eq!(
        status["message"],
        "this webhook admits v1, Kind=Pod; the request's object is frob.example.com/v1, Kind=Frobber, so the webhook configuration should not send it"
    );
    // The generated webhooks say the same of a kind their scheme has not.
    let answer = validated(&review_of("v1", "CREATE", POD, pod(json!({})), Value::Null));
    let status = &answer["response"]["status"];
    assert_eq!(status["code"], 400);
    assert!(
        status["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("this webhook does not serve v1, Kind=Pod")),
        "{status}"
    );
    assert_eq!(
        mutated(&review_of("v1", "CREATE", POD, pod(json!({})), Value::Null))["response"]["status"]
            ["code"],
        400
    );
}

// ---- what kube-apiserver never sends ----

#[test]
fn a_body_that_is_no_review_is_an_error() {
    let s = scheme();
    let good = review_of("v1", "CREATE", FROBBER_V1, frobber("a"), Value::Null);
    let without = |pointer: &str| {
        let mut r = good.clone();
        let (parent, field) = pointer.rsplit_once('/').expect("a pointer");
        if let Some(o) = r.pointer_mut(parent).and_then(Value::as_object_mut) {
            o.remove(field);
        }
        bytes(&r)
    };
    let mut wrong_op = good.clone();
    wrong_op["request"]["operation"] = json!("PATCH");
    let mut update_without_old = good.clone();
    update_without_old["request"]["operation"] = json!("UPDATE");
    let bodies: Vec<Vec<u8>> = vec![
        b"not json".to_vec(),
        b"[]".to_vec(),
        b"12".to_vec(),
        br#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u"}}"#.to_vec(),
        br#"{"apiVersion":"admission.k8s.io/v2","kind":"AdmissionReview","request":{"uid":"u"}}"#.to_vec(),
        without("/request"),
        without("/request/uid"),
        without("/request/object"),
        bytes(&wrong_op),
        bytes(&update_without_old),
        br#"{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":7}}"#.to_vec(),
    ];
    let typed = handler::<Pod, _>(TeamLabel);
    for body in &bodies {
        let shown = String::from_utf8_lossy(body);
        assert!(validate(&s, body).is_err(), "{shown}");
        assert!(mutate(&s, body).is_err(), "{shown}");
        assert!(block_on(typed.answer(body)).is_err(), "{shown}");
    }
}

#[test]
fn weird_objects_are_denied_never_a_panic() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_object = format!("{}1{}", r#"{"a":"#.repeat(100_000), "}".repeat(100_000));
    let objects = [
        "12".to_string(),
        "[1, 2]".to_string(),
        "\"a string\"".to_string(),
        "true".to_string(),
        "{}".to_string(),
        r#"{"apiVersion":"frob.example.com/v1","kind":"Frobber","spec":{"height":"tall"}}"#
            .to_string(),
        r#"{"apiVersion":"frob.example.com/v1","kind":"Frobber","metadata":[]}"#.to_string(),
        r#"{"apiVersion":7,"kind":"Frobber"}"#.to_string(),
        deep,
        deep_object,
    ];
    let s = scheme();
    let typed = handler::<Pod, _>(TeamLabel);
    for object in &objects {
        let body = format!(
            r#"{{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{{"uid":"{UID}","operation":"CREATE","object":{object}}}}}"#
        );
        let shown = &object[..object.len().min(80)];
        let answers = [
            validate(&s, body.as_bytes()),
            mutate(&s, body.as_bytes()),
            block_on(typed.answer(body.as_bytes())),
        ];
        for answer in answers {
            // The review is read with its object unparsed; the object, however deep, is
            // then denied (serde_json's recursion limit stops reading it).
            let answer: Value = serde_json::from_slice(&answer.expect("a review")).expect("JSON");
            assert_eq!(answer["response"]["allowed"], false, "{shown}: {answer}");
            assert_eq!(
                answer["response"]["status"]["code"], 400,
                "{shown}: {answer}"
            );
        }
    }
}

// ---- the review span ----

/// A subscriber of one span (the server's `review`), entered for the whole call, that
/// keeps what is recorded on it as text.
#[derive(Default)]
struct Recorder {
    span: std::sync::OnceLock<&'static tracing::Metadata<'static>>,
    recorded: std::sync::Mutex<Vec<(String, String)>>,
}

struct Fields<'a>(&'a mut Vec<(String, String)>);

impl tracing::field::Visit for Fields<'_> {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        self.0
            .push((field.name().to_string(), format!("{value:?}")));
    }

    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        self.0.push((field.name().to_string(), value.to_string()));
    }
}

struct Shared(std::sync::Arc<Recorder>);

impl tracing::Subscriber for Shared {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        let _ = self.0.span.set(span.metadata());
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, values: &tracing::span::Record<'_>) {
        if let Ok(mut recorded) = self.0.recorded.lock() {
            values.record(&mut Fields(&mut recorded));
        }
    }
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, _: &tracing::Event<'_>) {}
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
    fn current_span(&self) -> tracing_core::span::Current {
        match self.0.span.get() {
            Some(metadata) => {
                tracing_core::span::Current::new(tracing::span::Id::from_u64(1), metadata)
            }
            None => tracing_core::span::Current::none(),
        }
    }
}

#[test]
fn each_answer_records_uid_kind_operation_and_allowed_on_the_review_span() {
    let recorder = std::sync::Arc::new(Recorder::default());
    let mut object = frobber("tall");
    object["spec"]["height"] = json!(0);
    let request = review_of("v1", "CREATE", FROBBER_V1, object, Value::Null);
    tracing::subscriber::with_default(Shared(recorder.clone()), || {
        let span = tracing::info_span!(
            "review",
            uid = tracing::field::Empty,
            kind = tracing::field::Empty,
            operation = tracing::field::Empty,
            allowed = tracing::field::Empty,
        );
        let _entered = span.enter();
        validate(&scheme(), &bytes(&request)).expect("a review");
    });
    let recorded = recorder.recorded.lock().expect("not poisoned").clone();
    let expected: Vec<(String, String)> = [
        ("uid", UID),
        ("kind", "frob.example.com/v1, Kind=Frobber"),
        ("operation", "CREATE"),
        ("allowed", "false"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    assert_eq!(recorded, expected);
}

#[test]
fn an_object_without_type_meta_takes_the_requests_kind() {
    let mut object = frobber("tall");
    let fields = object.as_object_mut().expect("an object");
    fields.remove("apiVersion");
    fields.remove("kind");
    let mut bad = object.clone();
    bad["spec"]["height"] = json!(0);
    let denied = validated(&review_of("v1", "CREATE", FROBBER_V1, bad, Value::Null));
    assert_eq!(denied["response"]["status"]["code"], 422);
    let mut bare_spec = object.clone();
    if let Some(spec) = bare_spec["spec"].as_object_mut() {
        spec.remove("replicas");
    }
    let answer = mutated(&review_of(
        "v1",
        "CREATE",
        FROBBER_V1,
        bare_spec,
        Value::Null,
    ));
    assert_eq!(
        serde_json::to_value(patch_of(&answer["response"])).expect("JSON"),
        json!([{"op": "add", "path": "/spec/replicas", "value": 1}])
    );
}
