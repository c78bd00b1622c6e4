//! Strategic merge patch on Kubernetes' kinds from the patch markers compiled into the
//! types (`patch_strategy`, `patch_merge_key`), with and without the OpenAPI documents:
//! apimachinery's `strategicpatch` cases (patch_test.go) written against Pod fields, the
//! two sources compared for every kind, and issue 35's corruptions on a server started
//! without `.openapi(...)`.

use kapi::client::{Client, Config, Error, Method};
use kapi::scheme::GroupVersionKind;
use kapi::TypeInfo;
use kapi_apiserver::patch::{strategic_merge, Node, PatchSchemas};
use kapi_apiserver::{ApiServer, OpenApiDocuments};
use kapi_k8s::generated::openapi_documents::{V2, V3};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::Arc;

fn scheme() -> kapi::Scheme {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    scheme
}

fn documents() -> Vec<Value> {
    V3.iter()
        .map(|(_, doc)| serde_json::from_str(doc).expect("v3 document"))
        .collect()
}

fn from_documents() -> PatchSchemas {
    PatchSchemas::from_openapi(&documents())
}

fn from_shapes() -> PatchSchemas {
    let scheme = scheme();
    let kinds: Vec<_> = scheme
        .all_kinds()
        .into_iter()
        .filter_map(|gvk| Some((gvk.clone(), scheme.patch_shape(gvk)?)))
        .collect();
    PatchSchemas::from_openapi_and_shapes(std::iter::empty(), kinds)
}

/// A Pod's schema from each source: every case runs on both.
fn pod_schemas() -> [(&'static str, Node); 2] {
    let pod = |s: PatchSchemas| s.for_kind("", "v1", "Pod").expect("Pod");
    [
        ("documents", pod(from_documents())),
        ("compiled markers", pod(from_shapes())),
    ]
}

fn pod(spec: Value, metadata: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "Pod", "metadata": metadata, "spec": spec})
}

/// Each case: (apimachinery's description, original, patch, expected result).
/// apimachinery's `MergeItem` fields map onto Pod's: `mergingList` (merge key `name`) is
/// `spec.containers`, `mergingIntList` (merge, scalars) is `metadata.finalizers`,
/// `simpleMap` is `metadata.labels`, `retainKeysMergingList` (`merge,retainKeys`, key
/// `name`) is `spec.volumes`.
fn cases() -> Vec<(&'static str, Value, Value, Value)> {
    vec![
        (
            "TestCustomStrategicMergePatch: unique scalars when merging lists",
            pod(json!({}), json!({"finalizers": ["1", "2"]})),
            json!({"metadata": {"finalizers": ["2", "3"]}}),
            pod(json!({}), json!({"finalizers": ["1", "2", "3"]})),
        ),
        (
            "TestCustomStrategicMergePatch: delete map from nested map",
            pod(json!({}), json!({"labels": {"key1": "1", "key2": "1"}})),
            json!({"metadata": {"labels": {"$patch": "delete"}}}),
            pod(json!({}), json!({"labels": {}})),
        ),
        (
            "TestCustomStrategicMergePatch: delete all items from merging list",
            pod(json!({"containers": [{"name": "1"}, {"name": "2"}]}), json!({})),
            json!({"spec": {"containers": [{"$patch": "replace"}]}}),
            pod(json!({"containers": []}), json!({})),
        ),
        (
            "TestCustomStrategicMergePatch: delete all duplicate entries in a merging list",
            pod(
                json!({"containers": [{"name": "1"}, {"name": "1"}, {"name": "2", "image": "a"}, {"name": "3"}, {"name": "3"}]}),
                json!({}),
            ),
            json!({"spec": {"containers": [{"name": "1", "$patch": "delete"}, {"name": "3", "$patch": "delete"}]}}),
            pod(json!({"containers": [{"name": "2", "image": "a"}]}), json!({})),
        ),
        (
            "TestCustomStrategicMergePatch: preserve the order from the patch in a merging list",
            pod(
                json!({"containers": [{"name": "1"}, {"name": "2", "image": "b"}, {"name": "3"}]}),
                json!({}),
            ),
            json!({"spec": {"containers": [{"name": "3", "image": "c"}, {"name": "1", "image": "a"}, {"name": "2", "workingDir": "x"}]}}),
            pod(
                json!({"containers": [{"name": "3", "image": "c"}, {"name": "1", "image": "a"}, {"name": "2", "image": "b", "workingDir": "x"}]}),
                json!({}),
            ),
        ),
        (
            "TestCustomStrategicMergePatch: preserve the order from the patch in a merging list 2",
            pod(
                json!({"containers": [{"name": "1"}, {"name": "2", "image": "b"}, {"name": "3"}]}),
                json!({}),
            ),
            json!({"spec": {"containers": [{"name": "3", "image": "c"}, {"name": "1", "image": "a"}]}}),
            pod(
                json!({"containers": [{"name": "2", "image": "b"}, {"name": "3", "image": "c"}, {"name": "1", "image": "a"}]}),
                json!({}),
            ),
        ),
        (
            "TestCustomStrategicMergePatch: retainKeys list can delete a field when no retainKeys directive present",
            pod(json!({"volumes": [{"name": "bar"}, {"name": "foo", "hostPath": {"path": "/a"}}]}), json!({})),
            json!({"spec": {"volumes": [{"name": "foo", "hostPath": null}]}}),
            pod(json!({"volumes": [{"name": "bar"}, {"name": "foo"}]}), json!({})),
        ),
        (
            "TestStrategicMergePatch: retainKeys with a merging list ($retainKeys clears the other keys)",
            pod(json!({"volumes": [{"name": "foo", "hostPath": {"path": "/a"}}]}), json!({})),
            json!({"spec": {"volumes": [{"name": "foo", "emptyDir": {}, "$retainKeys": ["emptyDir", "name"]}]}}),
            pod(json!({"volumes": [{"name": "foo", "emptyDir": {}}]}), json!({})),
        ),
        (
            "customStrategicMergePatchRawTestCases: $setElementOrder contains item that is not present in the list to be merged",
            pod(json!({"containers": [{"name": "1"}, {"name": "3"}]}), json!({})),
            json!({"spec": {
                "$setElementOrder/containers": [{"name": "3"}, {"name": "2"}, {"name": "1"}],
                "containers": [{"name": "3", "image": "3"}, {"name": "1", "image": "1"}]
            }}),
            pod(json!({"containers": [{"name": "3", "image": "3"}, {"name": "1", "image": "1"}]}), json!({})),
        ),
        (
            "customStrategicMergePatchRawTestCases: $setElementOrder contains item that is not present in the int list to be merged",
            pod(json!({}), json!({"finalizers": ["1", "3"]})),
            json!({"metadata": {"$setElementOrder/finalizers": ["3", "2", "1"]}}),
            pod(json!({}), json!({"finalizers": ["3", "1"]})),
        ),
        (
            "TestStrategicMergePatch: $deleteFromPrimitiveList removes scalars from a merging list",
            pod(json!({}), json!({"finalizers": ["a", "b", "c"]})),
            json!({"metadata": {"$deleteFromPrimitiveList/finalizers": ["b"]}}),
            pod(json!({}), json!({"finalizers": ["a", "c"]})),
        ),
        (
            "TestStrategicMergePatch: $patch: replace on a map",
            pod(json!({"nodeSelector": {"a": "1", "b": "2"}}), json!({})),
            json!({"spec": {"nodeSelector": {"c": "3", "$patch": "replace"}}}),
            pod(json!({"nodeSelector": {"c": "3"}}), json!({})),
        ),
        (
            "mergeMap: a merging list nested in a merged item (containers[].ports by containerPort)",
            pod(json!({"containers": [{"name": "c", "ports": [{"containerPort": 80, "name": "http"}]}]}), json!({})),
            json!({"spec": {"containers": [{"name": "c", "ports": [{"containerPort": 443, "name": "https"}]}]}}),
            pod(
                json!({"containers": [{"name": "c", "ports": [{"containerPort": 443, "name": "https"}, {"containerPort": 80, "name": "http"}]}]}),
                json!({}),
            ),
        ),
        (
            "mergeMap: a list without patch strategy is replaced (tolerations)",
            pod(json!({"tolerations": [{"key": "a"}, {"key": "b"}]}), json!({})),
            json!({"spec": {"tolerations": [{"key": "c"}]}}),
            pod(json!({"tolerations": [{"key": "c"}]}), json!({})),
        ),
    ]
}

#[test]
fn apimachinery_cases_with_and_without_documents() {
    for (source, schema) in pod_schemas() {
        for (name, original, patch, expected) in cases() {
            let got = strategic_merge(&original, &patch, Some(&schema))
                .unwrap_or_else(|e| panic!("{source}: {name}: {e:?}"));
            assert_eq!(got, expected, "{source}: {name}");
        }
    }
}

/// patch_test.go's `$deleteFromPrimitiveList` cases by their descriptions: `mergingIntList`
/// is `metadata.finalizers` (merge strategy), `nonMergingIntList` is
/// `spec.securityContext.supplementalGroups` (no strategy). Each two-way patch is applied
/// to the case's original and must give its modified document.
fn delete_from_primitive_list_cases() -> Vec<(&'static str, Value, Value, Value)> {
    let finalizers = |f: Value| pod(json!({}), json!({"finalizers": f}));
    let groups = |g: Value| {
        pod(
            json!({"securityContext": {"supplementalGroups": g}}),
            json!({}),
        )
    };
    vec![
        (
            "$deleteFromPrimitiveList of nonexistent item in primitive list should not add the item to the list",
            finalizers(json!(["1", "2"])),
            json!({"metadata": {"$deleteFromPrimitiveList/finalizers": ["3"]}}),
            finalizers(json!(["1", "2"])),
        ),
        (
            "$deleteFromPrimitiveList on empty primitive list should not add the item to the list",
            finalizers(json!(null)),
            json!({"metadata": {"$deleteFromPrimitiveList/finalizers": ["3"]}}),
            finalizers(json!(null)),
        ),
        (
            "$deleteFromPrimitiveList on nonexistent primitive list should not add the primitive list",
            pod(json!({}), json!({"labels": {"foo": "bar"}})),
            json!({"metadata": {"$deleteFromPrimitiveList/finalizers": ["3"]}}),
            pod(json!({}), json!({"labels": {"foo": "bar"}})),
        ),
        (
            "$deleteFromPrimitiveList should delete item from a list with merge patch strategy",
            finalizers(json!(["1", "2", "3"])),
            json!({"metadata": {"$deleteFromPrimitiveList/finalizers": ["2"]}}),
            finalizers(json!(["1", "3"])),
        ),
        (
            "$deleteFromPrimitiveList should delete item from a list without merge patch strategy",
            groups(json!([1, 2, 3])),
            json!({"spec": {"securityContext": {"$deleteFromPrimitiveList/supplementalGroups": [2]}}}),
            groups(json!([1, 3])),
        ),
    ]
}

#[test]
fn apimachinery_delete_from_primitive_list_cases() {
    for (source, schema) in pod_schemas() {
        for (name, original, patch, expected) in delete_from_primitive_list_cases() {
            let got = strategic_merge(&original, &patch, Some(&schema))
                .unwrap_or_else(|e| panic!("{source}: {name}: {e:?}"));
            assert_eq!(got, expected, "{source}: {name}");
        }
    }
}

/// patch_test.go's `retainKeysMap` cases by their descriptions, on the one map Kubernetes
/// marks `retainKeys`: a Deployment's `spec.strategy` (`type` the discriminator,
/// `rollingUpdate` the member). Original (or current, for three-way cases) plus the patch
/// must give the case's result.
#[test]
fn apimachinery_retain_keys_map_cases() {
    let deployment = |strategy: Value| json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"}, "spec": {"strategy": strategy}});
    let patch = |strategy: Value| json!({"spec": {"strategy": strategy}});
    let rolling = json!({"maxSurge": 1});
    let cases = [
        (
            "retainKeys map should clear defaulted field",
            deployment(json!({"rollingUpdate": rolling})),
            patch(json!({"$retainKeys": ["type"], "type": "Recreate"})),
            deployment(json!({"type": "Recreate"})),
        ),
        (
            "retainKeys map should clear defaulted field with conflict (discriminated union)",
            deployment(json!({"type": "RollingUpdate", "rollingUpdate": rolling})),
            patch(json!({"$retainKeys": ["type"], "type": "Recreate"})),
            deployment(json!({"type": "Recreate"})),
        ),
        (
            "retainKeys map adds a field",
            deployment(json!({"type": "RollingUpdate"})),
            patch(json!({"$retainKeys": ["rollingUpdate", "type"], "rollingUpdate": rolling})),
            deployment(json!({"type": "RollingUpdate", "rollingUpdate": rolling})),
        ),
        (
            "retainKeys map deletes a field",
            deployment(json!({"type": "RollingUpdate", "rollingUpdate": rolling})),
            patch(json!({"$retainKeys": ["type"], "rollingUpdate": null})),
            deployment(json!({"type": "RollingUpdate"})),
        ),
    ];
    let deployment_schema =
        |s: PatchSchemas| s.for_kind("apps", "v1", "Deployment").expect("Deployment");
    for (source, schema) in [
        ("documents", deployment_schema(from_documents())),
        ("compiled markers", deployment_schema(from_shapes())),
    ] {
        for (name, original, patch, expected) in &cases {
            let got = strategic_merge(original, patch, Some(&schema))
                .unwrap_or_else(|e| panic!("{source}: {name}: {e:?}"));
            assert_eq!(&got, expected, "{source}: {name}");
        }
    }
}

#[test]
fn apimachinery_error_cases_with_and_without_documents() {
    for (source, schema) in pod_schemas() {
        // customStrategicMergePatchRawTestCases: "should check if order in
        // $setElementOrder and patch list match" (ExpectedError "doesn't match").
        let original = pod(
            json!({"containers": [{"name": "1"}, {"name": "3"}, {"name": "2"}]}),
            json!({}),
        );
        let patch = json!({"spec": {
            "$setElementOrder/containers": [{"name": "1"}, {"name": "2"}, {"name": "3"}],
            "containers": [{"name": "3", "image": "3"}, {"name": "1", "image": "1"}]
        }});
        let err = strategic_merge(&original, &patch, Some(&schema)).unwrap_err();
        assert!(err.message().contains("doesn't match"), "{source}: {err:?}");

        // A list item without its merge key: `mergepatch.ErrNoMergeKey`, unclassified by
        // `interpretStrategicMergePatchError` and so a 500.
        for item in [json!({"$patch": "delete"}), json!({"image": "x"})] {
            let patch = json!({"spec": {"containers": [item]}});
            let original = pod(json!({"containers": [{"name": "c"}]}), json!({}));
            let err = strategic_merge(&original, &patch, Some(&schema)).unwrap_err();
            assert_eq!(err.code(), 500, "{source}: {err:?}");
            assert!(
                err.message()
                    .contains("does not contain declared merge key: name"),
                "{source}: {err:?}"
            );
        }

        // `$deleteFromPrimitiveList/<list>` whose value is not a list: apimachinery's
        // mergeMap (v0.36) sees a type mismatch on a deletion list and skips it, so the
        // object is unchanged.
        let original = pod(json!({}), json!({"finalizers": ["a"]}));
        let patch = json!({"metadata": {"$deleteFromPrimitiveList/finalizers": "a"}});
        assert_eq!(
            strategic_merge(&original, &patch, Some(&schema)).unwrap(),
            original,
            "{source}"
        );
    }
}

/// What strategic merge patch and apply read of a node, compared between the sources.
/// (Defaults are left out: apply reads them only for list map keys, and the documents
/// leave out some zero defaults the markers state.)
fn markers(n: &Node) -> String {
    format!(
        "strategy {:?} key {:?} list {:?} map {:?}",
        n.patch_strategy(),
        n.patch_merge_key(),
        n.declared_list_type(),
        n.map_type(),
    )
}

/// A node with nothing for the algorithms to read: a scalar, or a list of scalars without
/// markers (kapi's `Verbs`, a leaf type, is `[]string` in the documents).
fn is_plain(n: &Node) -> bool {
    let empty = Node::property_names(n).next().is_none() && n.additional_properties().is_none();
    let unmarked = markers(n) == markers_of_nothing();
    empty && unmarked && n.items().is_none_or(|i| is_plain(&i))
}

fn markers_of_nothing() -> String {
    "strategy PatchStrategy { merge: false, replace: false, retain_keys: false } key None list None map Granular".to_string()
}

fn compare(
    path: &str,
    docs: &Node,
    shape: &Node,
    depth: usize,
    diffs: &mut Vec<String>,
    seen: &mut HashSet<String>,
) {
    if depth > 12 || !seen.insert(path.to_string()) {
        return;
    }
    if markers(docs) != markers(shape) {
        diffs.push(format!(
            "{path}: documents {} / compiled {}",
            markers(docs),
            markers(shape)
        ));
    }
    match (docs.items(), shape.items()) {
        (Some(d), Some(s)) => compare(&format!("{path}[]"), &d, &s, depth + 1, diffs, seen),
        (None, None) => {}
        (Some(d), None) if is_plain(docs) && is_plain(&d) => {}
        (d, s) => diffs.push(format!("{path}: items {} / {}", d.is_some(), s.is_some())),
    }
    // A map of scalars is as good as no value schema: only two value schemas compare.
    if let (Some(d), Some(s)) = (docs.additional_properties(), shape.additional_properties()) {
        compare(&format!("{path}{{}}"), &d, &s, depth + 1, diffs, seen);
    }
    for name in docs.property_names() {
        match (docs.property(name), shape.property(name)) {
            (Some(d), Some(s)) => {
                compare(&format!("{path}.{name}"), &d, &s, depth + 1, diffs, seen)
            }
            _ => diffs.push(format!("{path}.{name}: missing from the compiled markers")),
        }
    }
}

/// Both sources must agree for every kind kapi-k8s serves: the documents are generated
/// from the same markers the derive compiles.
#[test]
fn compiled_markers_agree_with_the_documents_for_every_kind() {
    let (docs, shapes) = (from_documents(), from_shapes());
    let mut diffs = Vec::new();
    let scheme = scheme();
    let mut compared = 0;
    for gvk in scheme.all_kinds() {
        let (Some(d), Some(s)) = (
            docs.for_kind(&gvk.group, &gvk.version, &gvk.kind),
            shapes.for_kind(&gvk.group, &gvk.version, &gvk.kind),
        ) else {
            continue;
        };
        compared += 1;
        compare(&gvk.to_string(), &d, &s, 0, &mut diffs, &mut HashSet::new());
    }
    assert!(compared > 300, "{compared} kinds compared");
    assert!(
        diffs.is_empty(),
        "{} differences:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

async fn server(with_documents: bool) -> (ApiServer, Client) {
    let mut builder = ApiServer::builder(scheme());
    if with_documents {
        builder = builder.openapi(OpenApiDocuments::from_generated(V2, V3));
    }
    let server = builder.start().await.expect("server");
    let mut config = Config::new(server.url().parse().expect("url"));
    config.retry.max_attempts = 1;
    let client = Client::new(config, Arc::new(scheme())).expect("client");
    (server, client)
}

async fn call(
    client: &Client,
    method: Method,
    path: &str,
    content_type: &str,
    body: &Value,
) -> (u16, Value) {
    match client
        .request_raw(
            method.clone(),
            path,
            Some((content_type, body.to_string().into_bytes())),
            "application/json",
        )
        .await
    {
        Ok(r) => (
            r.status,
            serde_json::from_slice(&r.body).unwrap_or(Value::Null),
        ),
        Err(Error::Api(e)) => (e.code, serde_json::to_value(&e.status).expect("status")),
        Err(e) => panic!("{method} {path}: {e}"),
    }
}

const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
const SMP: &str = "application/strategic-merge-patch+json";

fn deployment(name: &str) -> Value {
    json!({
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": name},
        "spec": {
            "selector": {"matchLabels": {"app": "a"}},
            "template": {
                "metadata": {"labels": {"app": "a"}},
                "spec": {"containers": [{"name": "c", "image": "old"}, {"name": "c2", "image": "img2"}]}
            }
        }
    })
}

fn containers(d: &Value) -> Vec<(String, String)> {
    d["spec"]["template"]["spec"]["containers"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            (
                c["name"].as_str().unwrap_or("").to_string(),
                c["image"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// Issue 35: without `.openapi(...)` the server replaced merging lists and stored what the
/// directives left behind. kube-apiserver merges by the merge key (from the Go struct
/// tags), and a list item without it is a 500.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strategic_merge_without_documents_follows_the_kinds_markers() {
    for with_documents in [false, true] {
        let (_server, client) = server(with_documents).await;
        let create = |name: &str| {
            let client = client.clone();
            let body = deployment(name);
            async move {
                call(
                    &client,
                    Method::POST,
                    DEPLOYMENTS,
                    "application/json",
                    &body,
                )
                .await
            }
        };
        let patch = |name: &str, body: Value| {
            let client = client.clone();
            let path = format!("{DEPLOYMENTS}/{name}");
            async move { call(&client, Method::PATCH, &path, SMP, &body).await }
        };

        assert_eq!(create("merge").await.0, 201);
        let (code, d) = patch(
            "merge",
            json!({"spec": {"template": {"spec": {"containers": [{"name": "c", "image": "new"}]}}}}),
        )
        .await;
        assert_eq!(code, 200, "{d}");
        assert_eq!(
            containers(&d),
            [("c".into(), "new".into()), ("c2".into(), "img2".into())],
            "documents: {with_documents}"
        );

        assert_eq!(create("no-key").await.0, 201);
        let (code, status) = patch(
            "no-key",
            json!({"spec": {"template": {"spec": {"containers": [{"$patch": "delete"}]}}}}),
        )
        .await;
        assert_eq!(code, 500, "{status}");
        assert_eq!(status["reason"], "InternalError");

        assert_eq!(create("delete").await.0, 201);
        let (code, d) = patch(
            "delete",
            json!({"spec": {"template": {"spec": {"containers": [{"name": "c2", "$patch": "delete"}]}}}}),
        )
        .await;
        assert_eq!(code, 200, "{d}");
        assert_eq!(
            containers(&d),
            [("c".into(), "old".into())],
            "documents: {with_documents}"
        );

        let (code, status) = patch(
            "delete",
            json!({"spec": {"template": {"spec": {"containers": [{"image": "x"}]}}}}),
        )
        .await;
        assert_eq!(code, 500, "{status}");
    }
}

/// Sanity: a kind written with the derive reports its shape; `GroupVersionKind` of Pod.
#[test]
fn kinds_carry_their_patch_shape() {
    let shape = kapi_k8s::core::v1::Pod::patch_shape();
    assert!(!matches!(shape, kapi::patch_shape::Shape::Leaf));
    let scheme = scheme();
    assert!(scheme
        .patch_shape(&GroupVersionKind::new("", "v1", "Pod"))
        .is_some());
}
