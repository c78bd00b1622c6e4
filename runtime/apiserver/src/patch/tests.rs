//! Behaviour tests; expectations follow kube-apiserver (apimachinery's strategicpatch
//! cases, structured-merge-diff and the server-side apply documentation).

use serde_json::{json, Value};

use super::apply::MAX_UPDATE_MANAGERS;
use super::fields::{FieldSet, PathElement};
use super::*;

const NOW: &str = "2026-01-02T03:04:05Z";
const LATER: &str = "2026-01-02T04:00:00Z";

fn frob_schemas() -> PatchSchemas {
    let doc: Value = serde_json::from_str(include_str!(
        "../../../../api-types/generated/openapi/v3/apis__frob.example.com__v1_openapi.json"
    ))
    .unwrap();
    PatchSchemas::from_openapi([&doc])
}

fn frobber() -> Node {
    frob_schemas()
        .for_kind("frob.example.com", "v1", "Frobber")
        .unwrap()
}

/// A Swagger 2.0 document with kube's SMP markers, shaped like Pod and Deployment.
fn pod_schemas() -> PatchSchemas {
    let doc = json!({
        "definitions": {
            "io.k8s.api.core.v1.Pod": {
                "x-kubernetes-group-version-kind": [{"group": "", "version": "v1", "kind": "Pod"}],
                "properties": {
                    "metadata": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"},
                    "spec": {"$ref": "#/definitions/io.k8s.api.core.v1.PodSpec"}
                }
            },
            "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta": {
                "properties": {
                    "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                    "finalizers": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"}
                }
            },
            "io.k8s.api.core.v1.PodSpec": {
                "properties": {
                    "containers": {
                        "type": "array",
                        "items": {"$ref": "#/definitions/io.k8s.api.core.v1.Container"},
                        "x-kubernetes-patch-strategy": "merge",
                        "x-kubernetes-patch-merge-key": "name",
                        "x-kubernetes-list-type": "map",
                        "x-kubernetes-list-map-keys": ["name"]
                    },
                    "strategy": {
                        "allOf": [{"$ref": "#/definitions/io.k8s.api.apps.v1.DeploymentStrategy"}],
                        "x-kubernetes-patch-strategy": "retainKeys"
                    },
                    "tolerations": {"type": "array", "items": {"type": "object"}},
                    "self": {"$ref": "#/definitions/io.k8s.api.core.v1.PodSpec"}
                }
            },
            "io.k8s.api.core.v1.Container": {
                "properties": {
                    "name": {"type": "string"},
                    "image": {"type": "string"},
                    "args": {"type": "array", "items": {"type": "string"}},
                    "env": {
                        "type": "array",
                        "items": {"type": "object"},
                        "x-kubernetes-patch-strategy": "merge",
                        "x-kubernetes-patch-merge-key": "name"
                    }
                }
            },
            "io.k8s.api.apps.v1.DeploymentStrategy": {
                "properties": {
                    "type": {"type": "string"},
                    "rollingUpdate": {"type": "object", "properties": {"maxSurge": {}}}
                }
            }
        }
    });
    PatchSchemas::from_openapi([&doc])
}

fn pod() -> Node {
    pod_schemas().for_kind("", "v1", "Pod").unwrap()
}

fn smp(original: Value, patch: Value) -> Result<Value, PatchError> {
    strategic_merge(&original, &patch, Some(&pod()))
}

fn names(v: &Value, list: &str) -> Vec<String> {
    v["spec"][list]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect()
}

// ---- schema ----

#[test]
fn schema_reads_frobber_markers() {
    let f = frobber();
    let spec = f.property("spec").unwrap();
    assert_eq!(
        spec.property("ports").unwrap().list_type(),
        ListType::Map(vec!["name".into()])
    );
    assert_eq!(
        spec.property("frobLabels").unwrap().map_type(),
        MapType::Granular
    );
    assert_eq!(
        spec.property("selector")
            .unwrap()
            .property("matchExpressions")
            .unwrap()
            .list_type(),
        ListType::Atomic
    );
    // SSA markers are not SMP markers.
    assert_eq!(
        spec.property("ports").unwrap().patch_strategy(),
        PatchStrategy::default()
    );
    let status = f.property("status").unwrap();
    assert_eq!(
        status.property("conditions").unwrap().list_type(),
        ListType::Map(vec!["type".into()])
    );
    // kube's ObjectMeta struct tags, added for SMP.
    let meta = f.property("metadata").unwrap();
    let finalizers = meta.property("finalizers").unwrap();
    assert!(finalizers.patch_strategy().merge);
    assert_eq!(finalizers.list_type(), ListType::Set);
    let owners = meta.property("ownerReferences").unwrap();
    assert_eq!(owners.patch_merge_key(), Some("uid"));
    // `allOf` wrappers resolve, defaults are kept.
    let ports_item = spec.property("ports").unwrap().items().unwrap();
    assert_eq!(
        ports_item.property("protocol").unwrap().default_value(),
        Some(&json!("TCP"))
    );
    assert!(spec.is_named("replicas"));
    assert!(!spec.property("frobLabels").unwrap().is_named("anything"));
    assert!(frob_schemas()
        .for_kind("frob.example.com", "v1", "Nope")
        .is_none());
}

#[test]
fn schema_reads_swagger_and_survives_recursive_refs() {
    let spec = pod().property("spec").unwrap();
    let again = spec.property("self").unwrap().property("self").unwrap();
    assert!(again.property("containers").is_some());
    let strategy = spec.property("strategy").unwrap();
    assert!(strategy.patch_strategy().retain_keys);
    assert!(strategy.property("rollingUpdate").is_some());
}

// ---- merge patch ----

#[test]
fn merge_patch_basics() {
    let original = json!({"a": {"b": 1, "c": 2}, "list": [1, 2], "keep": true});
    let out = apply_merge_patch(&original, br#"{"a": {"b": null, "d": 3}, "list": [3]}"#).unwrap();
    assert_eq!(
        out,
        json!({"a": {"c": 2, "d": 3}, "list": [3], "keep": true})
    );
    let err = apply_merge_patch(&original, b"{nope").unwrap_err();
    assert_eq!((err.code(), err.reason()), (400, "BadRequest"));
    assert_eq!(
        apply_merge_patch(&original, b"null").unwrap_err().code(),
        400
    );
}

// ---- JSON patch ----

#[test]
fn json_patch_operations() {
    let original = json!({"spec": {"replicas": 1, "list": ["a"]}});
    let patch = br#"[
        {"op": "test", "path": "/spec/replicas", "value": 1},
        {"op": "replace", "path": "/spec/replicas", "value": 3},
        {"op": "add", "path": "/spec/list/-", "value": "b"},
        {"op": "copy", "from": "/spec/replicas", "path": "/spec/copy"},
        {"op": "remove", "path": "/spec/list/0"}
    ]"#;
    let out = apply_json_patch(&original, patch).unwrap();
    assert_eq!(
        out,
        json!({"spec": {"replicas": 3, "list": ["b"], "copy": 3}})
    );
}

#[test]
fn json_patch_errors_are_classified_like_kube() {
    let original = json!({"spec": {"replicas": 1}});
    let err = apply_json_patch(
        &original,
        br#"[{"op": "test", "path": "/spec/replicas", "value": 2}]"#,
    )
    .unwrap_err();
    assert_eq!((err.code(), err.reason()), (422, "Invalid"));
    assert_eq!(
        err.message(),
        "testing value /spec/replicas failed: test failed"
    );

    let err =
        apply_json_patch(&original, br#"[{"op": "remove", "path": "/spec/nope"}]"#).unwrap_err();
    assert_eq!(err.code(), 422);
    assert!(err.message().contains("missing path"), "{err}");

    let err = apply_json_patch(
        &original,
        br#"[{"op": "add", "path": "/a/b/c", "value": 1}]"#,
    )
    .unwrap_err();
    assert_eq!(err.code(), 422);

    let err = apply_json_patch(&original, br#"[{"op": "frob", "path": "/a"}]"#).unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (422, "Unexpected kind: frob".into())
    );

    for bad in [&b"{}"[..], b"[1]", b"not json"] {
        let err = apply_json_patch(&original, bad).unwrap_err();
        assert_eq!((err.code(), err.reason()), (400, "BadRequest"), "{bad:?}");
    }
}

// ---- strategic merge patch ----

fn containers(list: &[(&str, &str)]) -> Value {
    let items: Vec<Value> = list
        .iter()
        .map(|(n, i)| json!({"name": n, "image": i}))
        .collect();
    json!({"spec": {"containers": items}})
}

#[test]
fn smp_merges_lists_by_merge_key() {
    let original = containers(&[("a", "a:1"), ("b", "b:1")]);
    let out = smp(
        original,
        json!({"spec": {"containers": [{"name": "b", "image": "b:2"}, {"name": "c", "image": "c:1"}]}}),
    )
    .unwrap();
    assert_eq!(out, containers(&[("a", "a:1"), ("b", "b:2"), ("c", "c:1")]));

    // A new item goes right after the patch items it followed in the patch.
    let original = containers(&[("a", "1"), ("b", "1"), ("c", "1")]);
    let out = smp(
        original,
        json!({"spec": {"containers": [{"name": "b", "image": "2"}, {"name": "d", "image": "1"}]}}),
    )
    .unwrap();
    assert_eq!(names(&out, "containers"), ["a", "b", "d", "c"]);
}

#[test]
fn smp_merges_nested_maps_of_list_items() {
    let original = json!({"spec": {"containers": [
        {"name": "a", "image": "1", "env": [{"name": "X", "value": "1"}], "args": ["x"]}
    ]}});
    let out = smp(
        original,
        json!({"spec": {"containers": [
            {"name": "a", "env": [{"name": "Y", "value": "2"}], "args": ["y"]}
        ]}}),
    )
    .unwrap();
    assert_eq!(
        out,
        json!({"spec": {"containers": [{
            "name": "a", "image": "1",
            // kube's order: an item only the patch has goes before live-only items that
            // follow no patch item (`mergeSortedSlice` takes the patch item when either
            // is missing from the live list).
            "env": [{"name": "Y", "value": "2"}, {"name": "X", "value": "1"}],
            // No patch strategy: replaced.
            "args": ["y"]
        }]}})
    );
}

#[test]
fn smp_patch_delete_and_replace_in_lists() {
    let original = containers(&[("a", "1"), ("b", "1"), ("c", "1")]);
    let out = smp(
        original.clone(),
        json!({"spec": {"containers": [{"name": "b", "$patch": "delete"}]}}),
    )
    .unwrap();
    assert_eq!(names(&out, "containers"), ["a", "c"]);

    let out = smp(
        original,
        json!({"spec": {"containers": [{"name": "z", "image": "9"}, {"$patch": "replace"}]}}),
    )
    .unwrap();
    assert_eq!(out, containers(&[("z", "9")]));
}

#[test]
fn smp_set_element_order_as_kubectl_sends_it() {
    let original = containers(&[("a", "1"), ("b", "1"), ("c", "1")]);
    let out = smp(
        original,
        json!({"spec": {
            "$setElementOrder/containers": [{"name": "c"}, {"name": "a"}, {"name": "b"}],
            "containers": [{"name": "a", "image": "2"}]
        }}),
    )
    .unwrap();
    assert_eq!(out, containers(&[("c", "1"), ("a", "2"), ("b", "1")]));

    // kubectl's three-way patch removing `b` and adding `d`.
    let original = containers(&[("a", "1"), ("b", "1"), ("c", "1")]);
    let out = smp(
        original,
        json!({"spec": {
            "$setElementOrder/containers": [{"name": "a"}, {"name": "d"}, {"name": "c"}],
            "containers": [{"name": "d", "image": "1"}, {"$patch": "delete", "name": "b"}]
        }}),
    )
    .unwrap();
    assert_eq!(names(&out, "containers"), ["a", "d", "c"]);
}

#[test]
fn smp_primitive_lists_union_and_delete() {
    let original = json!({"metadata": {"finalizers": [1, 2]}});
    let out = smp(original, json!({"metadata": {"finalizers": [2, 3]}})).unwrap();
    assert_eq!(out, json!({"metadata": {"finalizers": [1, 2, 3]}}));

    let original = json!({"metadata": {"finalizers": ["a", "b", "c"]}});
    let out = smp(
        original,
        json!({"metadata": {
            "$setElementOrder/finalizers": ["a", "c", "d"],
            "$deleteFromPrimitiveList/finalizers": ["b"],
            "finalizers": ["d"]
        }}),
    )
    .unwrap();
    assert_eq!(out, json!({"metadata": {"finalizers": ["a", "c", "d"]}}));
}

#[test]
fn smp_retain_keys() {
    let original =
        json!({"spec": {"strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 1}}}});
    let out = smp(
        original.clone(),
        json!({"spec": {"strategy": {"$retainKeys": ["type"], "type": "Recreate"}}}),
    )
    .unwrap();
    assert_eq!(out, json!({"spec": {"strategy": {"type": "Recreate"}}}));

    let err = smp(
        original.clone(),
        json!({"spec": {"strategy": {"$retainKeys": ["type"], "rollingUpdate": {}}}}),
    )
    .unwrap_err();
    assert_eq!(
        (err.code(), err.message()),
        (400, "invalid patch format of retainKeys".into())
    );
    let err = smp(
        original,
        json!({"spec": {"strategy": {"$retainKeys": "type"}}}),
    )
    .unwrap_err();
    assert_eq!(err.code(), 400);
}

#[test]
fn smp_nulls_map_directives_and_type_changes() {
    let original =
        json!({"metadata": {"labels": {"a": "1", "b": "2"}}, "spec": {"strategy": {"type": "x"}}});
    let out = smp(
        original.clone(),
        json!({"metadata": {"labels": {"a": null, "c": "3"}}, "spec": {"nodeName": {"x": null, "y": 1}}}),
    )
    .unwrap();
    assert_eq!(
        out,
        json!({"metadata": {"labels": {"b": "2", "c": "3"}}, "spec": {"strategy": {"type": "x"}, "nodeName": {"y": 1}}})
    );

    let out = smp(
        original.clone(),
        json!({"metadata": {"labels": {"$patch": "replace", "z": "1"}}}),
    )
    .unwrap();
    assert_eq!(out["metadata"]["labels"], json!({"z": "1"}));
    let out = smp(
        original.clone(),
        json!({"metadata": {"labels": {"$patch": "delete"}}}),
    )
    .unwrap();
    assert_eq!(out["metadata"]["labels"], json!({}));

    // A map where the original has a string: replaced, as kube does.
    let out = smp(
        original,
        json!({"spec": {"strategy": {"type": {"nested": true}}}}),
    )
    .unwrap();
    assert_eq!(out["spec"]["strategy"]["type"], json!({"nested": true}));
}

#[test]
fn smp_errors_never_panic() {
    let original = containers(&[("a", "1")]);
    let err = smp(
        original.clone(),
        json!({"spec": {"containers": [{"image": "x"}]}}),
    )
    .unwrap_err();
    assert_eq!((err.code(), err.reason()), (500, "InternalError"));
    assert!(err
        .message()
        .contains("does not contain declared merge key: name"));

    let err = smp(original.clone(), json!({"spec": {"$patch": "merge"}})).unwrap_err();
    assert_eq!(err.code(), 500);

    let err = smp(
        original.clone(),
        json!({"spec": {"containers": [{"name": "a", "$patch": "frob"}]}}),
    )
    .unwrap_err();
    assert_eq!(err.code(), 500);

    let err = smp(
        original.clone(),
        json!({"spec": {"containers": [["nested"]]}}),
    )
    .unwrap_err();
    assert_eq!((err.code(), err.reason()), (422, "Invalid"));

    let err = smp(
        original.clone(),
        json!({"spec": {"$setElementOrder/containers": "x"}}),
    )
    .unwrap_err();
    assert_eq!(err.code(), 400);

    let err = smp(
        original.clone(),
        json!({"spec": {"containers": [{"name": "a"}, "x"]}}),
    )
    .unwrap_err();
    assert_eq!(err.code(), 500);

    let err = apply_strategic_merge_patch(&original, b"[1]", Some(&pod())).unwrap_err();
    assert_eq!(err.code(), 400);
}

#[test]
fn smp_unknown_schema_merges_maps_and_replaces_lists() {
    let original = json!({"spec": {"a": {"b": 1}, "list": [{"name": "x"}]}});
    let patch = json!({"spec": {"a": {"c": 2}, "list": [{"name": "y"}]}});
    let out = strategic_merge(&original, &patch, None).unwrap();
    assert_eq!(
        out,
        json!({"spec": {"a": {"b": 1, "c": 2}, "list": [{"name": "y"}]}})
    );
    // Known kind, but the list has no patch strategy (only list-map keys): replaced.
    let tol = json!({"spec": {"tolerations": [{"key": "a"}]}});
    let out = smp(tol, json!({"spec": {"tolerations": [{"key": "b"}]}})).unwrap();
    assert_eq!(out, json!({"spec": {"tolerations": [{"key": "b"}]}}));
}

#[test]
fn smp_on_frobber_follows_kube_markers() {
    let f = frobber();
    let original = json!({"metadata": {"finalizers": ["a"]}, "spec": {"ports": [{"name": "http", "port": 80}]}});
    let patch = json!({"metadata": {"finalizers": ["b"]}, "spec": {"ports": [{"name": "grpc", "port": 90}]}});
    let out = strategic_merge(&original, &patch, Some(&f)).unwrap();
    // A two-way patch puts the new finalizer first (see above); kubectl's
    // `$setElementOrder` is what keeps client-side apply orders stable.
    assert_eq!(out["metadata"]["finalizers"], json!(["b", "a"]));
    assert_eq!(out["spec"]["ports"], json!([{"name": "grpc", "port": 90}]));
}

// ---- field sets ----

#[test]
fn fields_v1_round_trip() {
    let v = json!({
        "f:metadata": {"f:labels": {".": {}, "f:app": {}}},
        "f:spec": {"f:ports": {"k:{\"name\":\"http\"}": {".": {}, "f:port": {}}}, "f:set": {"v:\"x\"": {}}}
    });
    let set = FieldSet::from_fields_v1(&v).unwrap();
    assert!(set.contains(&[
        PathElement::Field("metadata".into()),
        PathElement::Field("labels".into())
    ]));
    assert_eq!(set.to_fields_v1(), v);
    assert!(FieldSet::from_fields_v1(&json!({"x:bad": {}})).is_err());
    assert!(FieldSet::from_fields_v1(&json!([])).is_err());
}

// ---- server-side apply ----

fn frob(spec: Value) -> Value {
    json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "Frobber",
        "metadata": {"name": "f", "namespace": "default"},
        "spec": spec
    })
}

fn managed(obj: &Value) -> Vec<(String, String, Value)> {
    obj["metadata"]["managedFields"]
        .as_array()
        .map(|entries| {
            entries
                .iter()
                .map(|e| {
                    (
                        e["manager"].as_str().unwrap().to_string(),
                        e["operation"].as_str().unwrap().to_string(),
                        e["fieldsV1"].clone(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn ssa(
    live: Option<&Value>,
    applied: Value,
    manager: &str,
    force: bool,
) -> Result<Value, PatchError> {
    apply(live, &applied, manager, force, Some(&frobber()), NOW)
}

#[test]
fn apply_creates_with_managed_fields() {
    let mut applied = frob(json!({"height": 3, "ports": [{"name": "http", "port": 80}]}));
    applied["metadata"]["labels"] = json!({"app": "x"});
    let out = ssa(None, applied, "kubectl", false).unwrap();
    assert_eq!(out["spec"]["ports"], json!([{"name": "http", "port": 80}]));
    assert_eq!(
        out["metadata"]["managedFields"],
        json!([{
            "manager": "kubectl",
            "operation": "Apply",
            "apiVersion": "frob.example.com/v1",
            "time": NOW,
            "fieldsType": "FieldsV1",
            "fieldsV1": {
                "f:metadata": {"f:labels": {"f:app": {}}},
                "f:spec": {
                    "f:height": {},
                    "f:ports": {"k:{\"name\":\"http\"}": {".": {}, "f:name": {}, "f:port": {}}}
                }
            }
        }])
    );
}

#[test]
fn apply_merges_list_maps_by_key_per_manager() {
    let live = ssa(
        None,
        frob(json!({"height": 1, "ports": [{"name": "http", "port": 80}]})),
        "a",
        false,
    )
    .unwrap();
    let out = ssa(
        Some(&live),
        frob(json!({"ports": [{"name": "metrics", "port": 9090}]})),
        "b",
        false,
    )
    .unwrap();
    assert_eq!(
        out["spec"]["ports"],
        json!([{"name": "http", "port": 80}, {"name": "metrics", "port": 9090}])
    );
    let m = managed(&out);
    assert_eq!(m.len(), 2);
    assert_eq!(
        m[1].2,
        json!({"f:spec": {"f:ports": {"k:{\"name\":\"metrics\"}": {".": {}, "f:name": {}, "f:port": {}}}}})
    );
    // `a` re-applies without its port: only its own item goes.
    let out = ssa(Some(&out), frob(json!({"height": 1})), "a", false).unwrap();
    assert_eq!(
        out["spec"]["ports"],
        json!([{"name": "metrics", "port": 9090}])
    );
}

#[test]
fn apply_removes_fields_no_longer_applied_unless_owned_elsewhere() {
    let live = ssa(
        None,
        frob(json!({"height": 1, "param": "p", "className": "c"})),
        "a",
        false,
    )
    .unwrap();
    let shared = ssa(Some(&live), frob(json!({"className": "c"})), "b", false).unwrap();
    let out = ssa(Some(&shared), frob(json!({"height": 1})), "a", false).unwrap();
    assert_eq!(out["spec"], json!({"height": 1, "className": "c"}));
    assert_eq!(out["metadata"]["name"], "f");
    // Removing a map key removes only that key.
    let mut with_labels = frob(json!({"height": 1}));
    with_labels["spec"]["frobLabels"] = json!({"x": "1", "y": "2"});
    let live = ssa(None, with_labels, "a", false).unwrap();
    let mut fewer = frob(json!({"height": 1}));
    fewer["spec"]["frobLabels"] = json!({"x": "1"});
    let out = ssa(Some(&live), fewer, "a", false).unwrap();
    assert_eq!(out["spec"]["frobLabels"], json!({"x": "1"}));

    // Dropping every label drops `labels`, never the untracked metadata.
    let mut labelled = frob(json!({"height": 1}));
    labelled["metadata"]["labels"] = json!({"app": "x"});
    labelled["metadata"]["uid"] = json!("u-1");
    let live = ssa(None, labelled, "a", false).unwrap();
    let out = ssa(Some(&live), frob(json!({"height": 1})), "a", false).unwrap();
    assert_eq!(
        out["metadata"]["managedFields"][0]["fieldsV1"],
        json!({"f:spec": {"f:height": {}}})
    );
    let mut meta = out["metadata"].clone();
    meta.as_object_mut().unwrap().remove("managedFields");
    assert_eq!(
        meta,
        json!({"name": "f", "namespace": "default", "uid": "u-1"})
    );
}

#[test]
fn apply_sets_union_and_atomic_lists_replace() {
    let mut a = frob(
        json!({"height": 1, "selector": {"matchExpressions": [{"key": "a", "operator": "Exists"}]}}),
    );
    a["metadata"]["finalizers"] = json!(["x"]);
    let live = ssa(None, a, "a", false).unwrap();
    let mut b =
        frob(json!({"selector": {"matchExpressions": [{"key": "b", "operator": "Exists"}]}}));
    b["metadata"]["finalizers"] = json!(["y"]);
    let err = ssa(Some(&live), b.clone(), "b", false).unwrap_err();
    // The atomic list conflicts as one field; the set items do not.
    assert_eq!(
        err.message(),
        "Apply failed with 1 conflict: conflict with \"a\": .spec.selector.matchExpressions"
    );
    let out = ssa(Some(&live), b, "b", true).unwrap();
    assert_eq!(out["metadata"]["finalizers"], json!(["x", "y"]));
    assert_eq!(
        out["spec"]["selector"]["matchExpressions"],
        json!([{"key": "b", "operator": "Exists"}])
    );
    let m = managed(&out);
    assert_eq!(
        m[0].2["f:metadata"],
        json!({"f:finalizers": {"v:\"x\"": {}}})
    );
    assert_eq!(
        m[1].2,
        json!({"f:metadata": {"f:finalizers": {"v:\"y\"": {}}}, "f:spec": {"f:selector": {"f:matchExpressions": {}}}})
    );
}

#[test]
fn apply_keeps_time_when_nothing_changes_and_orders_entries() {
    let live = ssa(None, frob(json!({"height": 1})), "b", false).unwrap();
    let again = apply(
        Some(&live),
        &frob(json!({"height": 1})),
        "b",
        false,
        Some(&frobber()),
        LATER,
    )
    .unwrap();
    assert_eq!(again, live);
    let mut updated = live.clone();
    updated["spec"]["replicas"] = json!(2);
    record_update(
        Some(&live),
        &mut updated,
        "a-controller",
        "frob.example.com/v1",
        LATER,
        Some(&frobber()),
    );
    let out = apply(
        Some(&updated),
        &frob(json!({"height": 1, "param": "p"})),
        "a",
        false,
        Some(&frobber()),
        LATER,
    )
    .unwrap();
    let order: Vec<(String, String)> = managed(&out).into_iter().map(|(m, o, _)| (m, o)).collect();
    assert_eq!(
        order,
        [
            ("b".into(), "Apply".into()),
            ("a".into(), "Apply".into()),
            ("a-controller".into(), "Update".into())
        ]
    );
}

#[test]
fn apply_conflicts_with_another_applier() {
    let live = ssa(None, frob(json!({"height": 1, "replicas": 1})), "a", false).unwrap();
    let err = ssa(Some(&live), frob(json!({"replicas": 2})), "b", false).unwrap_err();
    assert_eq!((err.code(), err.reason()), (409, "Conflict"));
    assert_eq!(
        err.message(),
        "Apply failed with 1 conflict: conflict with \"a\": .spec.replicas"
    );
    let PatchError::Conflict { causes, .. } = err else {
        panic!()
    };
    assert_eq!(
        causes,
        vec![ConflictCause {
            message: "conflict with \"a\"".into(),
            field: ".spec.replicas".into()
        }]
    );
    // The same value is no conflict: both own it.
    let out = ssa(Some(&live), frob(json!({"replicas": 1})), "b", false).unwrap();
    let m = managed(&out);
    assert!(m
        .iter()
        .all(|(_, _, f)| f["f:spec"].get("f:replicas").is_some()));

    let err = ssa(
        Some(&live),
        frob(json!({"height": 2, "replicas": 2})),
        "b",
        false,
    )
    .unwrap_err();
    assert_eq!(
        err.message(),
        "Apply failed with 2 conflicts: conflicts with \"a\":\n- .spec.height\n- .spec.replicas"
    );
}

#[test]
fn apply_conflicts_with_an_update_manager_and_force_takes_ownership() {
    let live = ssa(None, frob(json!({"height": 1, "replicas": 1})), "a", false).unwrap();
    let mut edited = live.clone();
    edited["spec"]["replicas"] = json!(5);
    record_update(
        Some(&live),
        &mut edited,
        "kubectl-edit",
        "frob.example.com/v1",
        LATER,
        Some(&frobber()),
    );
    let m = managed(&edited);
    assert_eq!(m[0].0, "a");
    assert_eq!(m[0].2, json!({"f:spec": {"f:height": {}}}));
    assert_eq!(
        (m[1].0.as_str(), m[1].1.as_str()),
        ("kubectl-edit", "Update")
    );
    assert_eq!(m[1].2, json!({"f:spec": {"f:replicas": {}}}));

    let err = ssa(
        Some(&edited),
        frob(json!({"height": 1, "replicas": 1})),
        "a",
        false,
    )
    .unwrap_err();
    assert_eq!(
        err.message(),
        format!("Apply failed with 1 conflict: conflict with \"kubectl-edit\" using frob.example.com/v1 at {LATER}: .spec.replicas")
    );

    let out = ssa(
        Some(&edited),
        frob(json!({"height": 1, "replicas": 1})),
        "a",
        true,
    )
    .unwrap();
    assert_eq!(out["spec"]["replicas"], 1);
    let m = managed(&out);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(
        m[0].2,
        json!({"f:spec": {"f:height": {}, "f:replicas": {}}})
    );
}

#[test]
fn record_update_on_create_marks_new_containers() {
    let mut obj = frob(json!({"height": 1, "ports": [{"name": "http", "port": 80}]}));
    obj["metadata"]["labels"] = json!({"app": "x"});
    record_update(
        None,
        &mut obj,
        "kubectl-create",
        "frob.example.com/v1",
        NOW,
        Some(&frobber()),
    );
    assert_eq!(
        obj["metadata"]["managedFields"],
        json!([{
            "manager": "kubectl-create",
            "operation": "Update",
            "apiVersion": "frob.example.com/v1",
            "time": NOW,
            "fieldsType": "FieldsV1",
            "fieldsV1": {
                "f:metadata": {"f:labels": {".": {}, "f:app": {}}},
                "f:spec": {
                    ".": {},
                    "f:height": {},
                    "f:ports": {".": {}, "k:{\"name\":\"http\"}": {".": {}, "f:name": {}, "f:port": {}}}
                }
            }
        }])
    );
    // No change: nothing recorded, the time stays.
    let before = obj.clone();
    let mut same = obj.clone();
    record_update(
        Some(&before),
        &mut same,
        "kubectl-create",
        "frob.example.com/v1",
        LATER,
        Some(&frobber()),
    );
    assert_eq!(same, before);
    // `[{}]` clears managedFields.
    let mut cleared = obj.clone();
    cleared["metadata"]["managedFields"] = json!([{}]);
    record_update(
        Some(&before),
        &mut cleared,
        "x",
        "frob.example.com/v1",
        LATER,
        Some(&frobber()),
    );
    assert!(cleared["metadata"].get("managedFields").is_none());
}

#[test]
fn apply_to_untracked_object_conflicts_with_before_first_apply() {
    let live = frob(json!({"height": 1, "replicas": 1}));
    let err = ssa(Some(&live), frob(json!({"replicas": 2})), "a", false).unwrap_err();
    assert!(
        err.message().starts_with("Apply failed with 1 conflict: conflict with \"before-first-apply\" using frob.example.com/v1"),
        "{err}"
    );
    let out = ssa(Some(&live), frob(json!({"replicas": 1})), "a", false).unwrap();
    assert_eq!(out["spec"], json!({"height": 1, "replicas": 1}));
    let m = managed(&out);
    assert_eq!(
        (m[0].0.as_str(), m[1].0.as_str()),
        ("a", "before-first-apply")
    );
}

#[test]
fn apply_rejects_bad_configurations() {
    let live = ssa(None, frob(json!({"height": 1})), "a", false).unwrap();
    let mut other_version = frob(json!({}));
    other_version["apiVersion"] = json!("frob.example.com/v2beta1");
    let err = ssa(Some(&live), other_version, "a", false).unwrap_err();
    assert_eq!(err.code(), 400);
    assert!(err
        .message()
        .starts_with("Incorrect version specified in apply patch"));

    let mut with_managed = frob(json!({}));
    with_managed["metadata"]["managedFields"] = json!([]);
    assert_eq!(
        ssa(Some(&live), with_managed, "a", false)
            .unwrap_err()
            .message(),
        "metadata.managedFields must be nil"
    );

    let err = ssa(None, frob(json!({"ports": [{"port": 1}]})), "a", false).unwrap_err();
    assert_eq!(err.code(), 500);
    assert!(err.message().contains("omits key field \"name\""), "{err}");

    assert_eq!(
        ssa(None, frob(json!({})), "", false).unwrap_err().code(),
        422
    );
}

#[test]
fn parse_apply_body_reads_yaml_and_json() {
    let yaml = b"apiVersion: frob.example.com/v1\nkind: Frobber\nmetadata:\n  name: f\nspec:\n  height: 2\n";
    let v = parse_apply_body(yaml).unwrap();
    assert_eq!(v["spec"]["height"], 2);
    assert_eq!(
        parse_apply_body(br#"{"kind": "Frobber"}"#).unwrap()["kind"],
        "Frobber"
    );
    assert_eq!(parse_apply_body(b"- 1\n- 2\n").unwrap_err().code(), 400);
    assert_eq!(parse_apply_body(b"a: [").unwrap_err().code(), 400);
}

#[test]
fn apply_rejects_duplicate_keys_but_tolerates_them_live() {
    let dup = frob(json!({"ports": [{"name": "a", "port": 1}, {"name": "a", "port": 2}]}));
    let err = ssa(None, dup.clone(), "a", false).unwrap_err();
    assert!(
        err.message()
            .contains(".spec.ports: duplicate entries for key [name=\"a\"]"),
        "{err}"
    );
    let mut live = dup;
    record_update(
        None,
        &mut live,
        "c",
        "frob.example.com/v1",
        NOW,
        Some(&frobber()),
    );
    let out = ssa(Some(&live), frob(json!({"height": 2})), "a", false).unwrap();
    assert_eq!(out["spec"]["height"], 2);
}

#[test]
fn subresource_entries_are_separate_managers() {
    let live = ssa(None, frob(json!({"height": 1})), "ctl", false).unwrap();
    let mut with_status = live.clone();
    with_status["status"] = json!({"replicas": 1});
    record_subresource_update(
        Some(&live),
        &mut with_status,
        "ctl",
        "frob.example.com/v1",
        "status",
        LATER,
        Some(&frobber()),
    );
    let entries = with_status["metadata"]["managedFields"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1]["subresource"], "status");
    assert_eq!(
        entries[1]["fieldsV1"],
        json!({"f:status": {".": {}, "f:replicas": {}}})
    );
    let mut applied = frob(json!({}));
    applied["status"] = json!({"replicas": 3});
    let err = ssa(Some(&with_status), applied, "other", false).unwrap_err();
    assert_eq!(
        err.message(),
        format!("Apply failed with 1 conflict: conflict with \"ctl\" with subresource \"status\" using frob.example.com/v1 at {LATER}: .status.replicas")
    );
}

#[test]
fn update_entries_are_capped_into_ancient_changes() {
    let mut obj = frob(json!({"height": 1}));
    record_update(
        None,
        &mut obj,
        "m0",
        "frob.example.com/v1",
        "2026-01-01T00:00:00Z",
        Some(&frobber()),
    );
    for i in 1..=11 {
        let old = obj.clone();
        obj["metadata"]["labels"][format!("k{i}")] = json!("v");
        let now = format!("2026-01-01T00:00:{i:02}Z");
        record_update(
            Some(&old),
            &mut obj,
            &format!("m{i}"),
            "frob.example.com/v1",
            &now,
            Some(&frobber()),
        );
    }
    let managers: Vec<String> = managed(&obj).into_iter().map(|(m, _, _)| m).collect();
    assert_eq!(managers.len(), MAX_UPDATE_MANAGERS);
    assert!(
        managers.contains(&"ancient-changes".to_string()),
        "{managers:?}"
    );
    assert!(!managers.contains(&"m0".to_string()));
}

#[test]
fn apply_list_map_order_follows_structured_merge_diff() {
    let ports = |names: &[&str]| -> Value {
        names
            .iter()
            .map(|n| json!({"name": n, "port": 1}))
            .collect()
    };
    let live = ssa(
        None,
        frob(json!({"height": 1, "ports": ports(&["a", "b", "c"])})),
        "x",
        false,
    )
    .unwrap();
    // Shared items take the applied order; live-only items stay before the shared item
    // they preceded.
    let out = ssa(
        Some(&live),
        frob(json!({"ports": ports(&["c", "a"])})),
        "y",
        false,
    )
    .unwrap();
    let got: Vec<&str> = out["spec"]["ports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(got, ["b", "c", "a"]);
}

#[test]
fn apply_from_yaml_body() {
    let body = b"apiVersion: frob.example.com/v1\nkind: Frobber\nmetadata:\n  name: f\nspec:\n  height: 2\n  ports:\n  - name: http\n    port: 80\n";
    let applied = parse_apply_body(body).unwrap();
    let out = apply(None, &applied, "kubectl", false, Some(&frobber()), NOW).unwrap();
    assert_eq!(out["spec"]["ports"][0]["port"], 80);
    assert_eq!(out["metadata"]["managedFields"][0]["manager"], "kubectl");
}

/// A struct marked `struct_type = "atomic"` (`x-kubernetes-map-type: atomic` in its schema,
/// as codegen writes it) is one field to server-side apply: an applier owns it whole, a
/// conflict names the struct, and a forced apply replaces it rather than merging into it.
#[test]
fn apply_owns_an_atomic_struct_whole() {
    let reference = |atomic: bool| {
        let mut schema = json!({
            "type": "object",
            "properties": {"kind": {"type": "string"}, "name": {"type": "string"}}
        });
        if atomic {
            schema["x-kubernetes-map-type"] = json!("atomic");
        }
        schema
    };
    let widget = |atomic: bool| {
        let doc = json!({
            "definitions": {
                "io.example.v1.Widget": {
                    "x-kubernetes-group-version-kind": [{"group": "example.io", "version": "v1", "kind": "Widget"}],
                    "properties": {"spec": {"$ref": "#/definitions/io.example.v1.WidgetSpec"}}
                },
                "io.example.v1.WidgetSpec": {
                    "properties": {"ref": {"$ref": "#/definitions/io.example.v1.Ref"}}
                },
                "io.example.v1.Ref": reference(atomic)
            }
        });
        PatchSchemas::from_openapi([&doc])
            .for_kind("example.io", "v1", "Widget")
            .unwrap()
    };
    let object = |spec: Value| json!({"apiVersion": "example.io/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": spec});
    let first = object(json!({"ref": {"kind": "Secret", "name": "a"}}));
    let second = object(json!({"ref": {"name": "b"}}));

    let atomic = widget(true);
    let live = apply(None, &first, "a", false, Some(&atomic), NOW).unwrap();
    assert_eq!(
        managed(&live)[0].2,
        json!({"f:spec": {"f:ref": {}}}),
        "the applier owns the struct, not its fields"
    );
    let err = apply(Some(&live), &second, "b", false, Some(&atomic), NOW).unwrap_err();
    assert_eq!(
        err.message(),
        "Apply failed with 1 conflict: conflict with \"a\": .spec.ref"
    );
    let out = apply(Some(&live), &second, "b", true, Some(&atomic), NOW).unwrap();
    assert_eq!(
        out["spec"]["ref"],
        json!({"name": "b"}),
        "replaced, not merged"
    );
    let m = managed(&out);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(
        (m[0].0.as_str(), &m[0].2),
        ("b", &json!({"f:spec": {"f:ref": {}}}))
    );

    // The same struct without the marker is granular: the conflict is on the one field.
    let granular = widget(false);
    let live = apply(None, &first, "a", false, Some(&granular), NOW).unwrap();
    let err = apply(Some(&live), &second, "b", false, Some(&granular), NOW).unwrap_err();
    assert_eq!(
        err.message(),
        "Apply failed with 1 conflict: conflict with \"a\": .spec.ref.name"
    );
}
