//! "Making a singular field plural" from the Kubernetes API change guide, case by case,
//! through the scheme's write path (decode → default → normalize against the stored object →
//! convert to internal), for new (v2beta1) and old (v1) clients.

use api_types::{internal, v1};
use kapi::scheme::SchemeError;
use kapi::{Object, Scheme};
use serde_json::{json, Value};

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    api_types::install(&mut s).unwrap();
    s
}

fn frobber(api_version: &str, spec: Value, annotations: Value) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "apiVersion": api_version,
        "kind": "Frobber",
        "metadata": {"name": "f", "namespace": "default", "annotations": annotations},
        "spec": spec,
    }))
    .unwrap()
}

fn v2(spec: Value) -> Vec<u8> {
    frobber("frob.example.com/v2beta1", spec, json!({}))
}

fn v1(spec: Value) -> Vec<u8> {
    frobber("frob.example.com/v1", spec, json!({}))
}

fn v1_annotated(spec: Value, params: &[&str]) -> Vec<u8> {
    let list = serde_json::to_string(params).unwrap();
    frobber(
        "frob.example.com/v1",
        spec,
        json!({ v1::PARAMS_ANNOTATION: list }),
    )
}

fn params(obj: &dyn Object) -> Vec<String> {
    let f = obj
        .downcast_ref::<internal::Frobber>()
        .expect("internal Frobber");
    assert!(
        !f.metadata.annotations.contains_key(v1::PARAMS_ANNOTATION),
        "the annotation never reaches the internal version"
    );
    f.spec.params.clone()
}

fn create(body: Vec<u8>) -> Result<Vec<String>, SchemeError> {
    scheme()
        .decode_for_create(&body)
        .map(|o| params(o.as_ref()))
}

/// Stores `initial` (a create), then applies `update` against it.
fn update(initial: Vec<u8>, update: Vec<u8>) -> Result<Vec<String>, SchemeError> {
    let s = scheme();
    let stored = s.decode_for_create(&initial).expect("initial create");
    s.decode_for_update(&update, stored.as_ref())
        .map(|o| params(o.as_ref()))
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn invalid_message(r: Result<Vec<String>, SchemeError>) -> String {
    match r {
        Err(SchemeError::Invalid(errors)) => errors.to_string(),
        other => panic!("expected an Invalid error, got {other:?}"),
    }
}

// ---- create ----

#[test]
fn create_singular_only_populates_plural() {
    assert_eq!(
        create(v2(json!({"height": 1, "param": "a"}))).unwrap(),
        strings(&["a"])
    );
    assert_eq!(
        create(v1(json!({"height": 1, "param": "a"}))).unwrap(),
        strings(&["a"])
    );
}

#[test]
fn create_both_must_agree() {
    assert_eq!(
        create(v2(json!({"height": 1, "param": "a", "params": ["a", "b"]}))).unwrap(),
        strings(&["a", "b"])
    );
    assert_eq!(
        invalid_message(create(v2(
            json!({"height": 1, "param": "x", "params": ["a", "b"]})
        ))),
        r#"spec.param: Invalid value: "x": must equal `spec.params[0]` ("a")"#
    );
    // An old client copying an object with the annotation: the same rule.
    assert_eq!(
        create(v1_annotated(
            json!({"height": 1, "param": "a"}),
            &["a", "b"]
        ))
        .unwrap(),
        strings(&["a", "b"])
    );
    assert!(invalid_message(create(v1_annotated(
        json!({"height": 1, "param": "x"}),
        &["a", "b"]
    )))
    .starts_with("spec.param: Invalid value: \"x\""));
}

#[test]
fn create_plural_without_singular_is_rejected() {
    assert_eq!(
        invalid_message(create(v2(json!({"height": 1, "params": ["a", "b"]})))),
        "spec.param: Required value: must be set when `spec.params` is set, to `spec.params[0]`"
    );
}

#[test]
fn create_with_neither_is_fine() {
    assert_eq!(
        create(v2(json!({"height": 1}))).unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(
        create(v1(json!({"height": 1}))).unwrap(),
        Vec::<String>::new()
    );
}

// ---- read ----

#[test]
fn read_populates_plural_from_singular() {
    let s = scheme();
    // Stored by an old client as v1; read by a new client in v2beta1.
    let stored = s
        .decode_for_create(&v1(json!({"height": 1, "param": "a"})))
        .unwrap();
    let read = s.convert(stored, "frob.example.com/v2beta1").unwrap();
    let json = read.to_json_value().unwrap();
    assert_eq!(json["spec"]["param"], "a");
    assert_eq!(json["spec"]["params"], json!(["a"]));
}

// ---- update ----

#[test]
fn update_singular_cleared_plural_unchanged_clears_plural() {
    // New client: clears param, leaves params as read.
    let r = update(
        v2(json!({"height": 1, "param": "a", "params": ["a", "b"]})),
        v2(json!({"height": 1, "params": ["a", "b"]})),
    );
    assert_eq!(r.unwrap(), Vec::<String>::new());
    // Old client: clears param and keeps the annotation it read.
    let r = update(
        v2(json!({"height": 1, "param": "a", "params": ["a", "b"]})),
        v1_annotated(json!({"height": 1}), &["a", "b"]),
    );
    assert_eq!(r.unwrap(), Vec::<String>::new());
}

#[test]
fn update_plural_cleared_singular_unchanged_keeps_old_plural() {
    // An old client PUTs what it knows: the singular, unchanged, and no annotation.
    let r = update(
        v2(json!({"height": 1, "param": "a", "params": ["a", "b", "c"]})),
        v1(json!({"height": 7, "param": "a"})),
    );
    assert_eq!(r.unwrap(), strings(&["a", "b", "c"]));
    // The same from a client of the new version that omits params.
    let r = update(
        v2(json!({"height": 1, "param": "a", "params": ["a", "b", "c"]})),
        v2(json!({"height": 7, "param": "a"})),
    );
    assert_eq!(r.unwrap(), strings(&["a", "b", "c"]));
}

#[test]
fn update_singular_changed_plural_unchanged_resets_plural() {
    let r = update(
        v2(json!({"height": 1, "param": "a", "params": ["a", "b"]})),
        v2(json!({"height": 1, "param": "z", "params": ["a", "b"]})),
    );
    assert_eq!(r.unwrap(), strings(&["z"]));
    // Old client: changes param, keeps the annotation.
    let r = update(
        v2(json!({"height": 1, "param": "a", "params": ["a", "b"]})),
        v1_annotated(json!({"height": 1, "param": "z"}), &["a", "b"]),
    );
    assert_eq!(r.unwrap(), strings(&["z"]));
    // Old client: changes param, drops the annotation.
    let r = update(
        v2(json!({"height": 1, "param": "a", "params": ["a", "b"]})),
        v1(json!({"height": 1, "param": "z"})),
    );
    assert_eq!(r.unwrap(), strings(&["z"]));
}

#[test]
fn update_both_changed_consistently_is_taken_as_is() {
    let r = update(
        v2(json!({"height": 1, "param": "a", "params": ["a", "b"]})),
        v2(json!({"height": 1, "param": "x", "params": ["x", "y", "z"]})),
    );
    assert_eq!(r.unwrap(), strings(&["x", "y", "z"]));
}

#[test]
fn update_both_changed_inconsistently_is_rejected() {
    let r = update(
        v2(json!({"height": 1, "param": "a", "params": ["a", "b"]})),
        v2(json!({"height": 1, "param": "x", "params": ["y", "z"]})),
    );
    assert!(invalid_message(r).starts_with("spec.param: Invalid value: \"x\""));
}

#[test]
fn update_with_nothing_changed_keeps_everything() {
    for body in [
        v2(json!({"height": 1, "param": "a", "params": ["a", "b"]})),
        v1_annotated(json!({"height": 1, "param": "a"}), &["a", "b"]),
    ] {
        let r = update(
            v2(json!({"height": 1, "param": "a", "params": ["a", "b"]})),
            body,
        );
        assert_eq!(r.unwrap(), strings(&["a", "b"]));
    }
}

#[test]
fn single_dual_ambiguity_old_client_clearing_singular() {
    // The guide's example: created with param "super"; an old client patches param to
    // "" (cleared). The plural must not bring "super" back.
    let r = update(
        v1(json!({"height": 42, "width": 3, "param": "super"})),
        v1(json!({"height": 42, "width": 3})),
    );
    assert_eq!(r.unwrap(), Vec::<String>::new());
}
