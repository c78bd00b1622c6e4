//! The embedded API server over real HTTP: verbs, lifecycle, errors, options, encodings,
//! discovery and OpenAPI, as kube-apiserver answers them.

mod support;

use serde_json::{json, Value};
use support::*;

fn name_of(v: &Value) -> &str {
    v["metadata"]["name"].as_str().unwrap_or("")
}

fn rv_of(v: &Value) -> u64 {
    v["metadata"]["resourceVersion"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .expect("a numeric resourceVersion")
}

#[tokio::test]
async fn create_get_list_update_delete() {
    let server = start().await;
    let http = Http::new(&server);

    let created = http.post(FROBBERS, &frobber("a", 3)).await.expect(201);
    assert_eq!(created["metadata"]["namespace"], "default");
    assert_eq!(created["metadata"]["generation"], 1);
    assert_eq!(created["metadata"]["uid"].as_str().map(str::len), Some(36));
    assert!(created["metadata"]["creationTimestamp"].is_string());
    // Defaults of the v1 schema were applied on the way in.
    assert_eq!(created["spec"]["restartPolicy"], "Always");
    let rv1 = rv_of(&created);

    let got = http.get(&format!("{FROBBERS}/a")).await.expect(200);
    assert_eq!(got, created);

    // Read back in the other served version: the same object, converted.
    let v2 = http.get(&format!("{FROBBERS_V2}/a")).await.expect(200);
    assert_eq!(v2["apiVersion"], "frob.example.com/v2beta1");
    assert_eq!(v2["metadata"]["uid"], created["metadata"]["uid"]);

    let mut changed = got.clone();
    changed["spec"]["height"] = json!(4);
    let updated = http
        .put(&format!("{FROBBERS}/a"), &changed)
        .await
        .expect(200);
    assert!(rv_of(&updated) > rv1);
    assert_eq!(
        updated["metadata"]["generation"], 2,
        "spec change bumps generation"
    );

    // Labels are metadata: no generation bump.
    let mut labelled = updated.clone();
    labelled["metadata"]["labels"]["tier"] = json!("x");
    let labelled = http
        .put(&format!("{FROBBERS}/a"), &labelled)
        .await
        .expect(200);
    assert_eq!(labelled["metadata"]["generation"], 2);

    // A no-op update keeps the resourceVersion.
    let same = http
        .put(&format!("{FROBBERS}/a"), &labelled)
        .await
        .expect(200);
    assert_eq!(rv_of(&same), rv_of(&labelled));

    let list = http.get(FROBBERS).await.expect(200);
    assert_eq!(list["kind"], "FrobberList");
    assert_eq!(list["apiVersion"], "frob.example.com/v1");
    assert_eq!(list["items"].as_array().map(Vec::len), Some(1));
    assert!(rv_of(&json!({"metadata": list["metadata"]})) >= rv_of(&same));

    let deleted = http.delete(&format!("{FROBBERS}/a")).await.expect(200);
    assert_eq!(name_of(&deleted), "a");
    let missing = http.get(&format!("{FROBBERS}/a")).await.expect(404);
    assert_eq!(missing["reason"], "NotFound");
    assert_eq!(
        missing["message"],
        "frobbers.frob.example.com \"a\" not found"
    );
    assert_eq!(missing["details"]["kind"], "frobbers");
}

#[tokio::test]
async fn conflicts_and_already_exists() {
    let server = start().await;
    let http = Http::new(&server);
    let created = http.post(FROBBERS, &frobber("c", 1)).await.expect(201);
    let dup = http.post(FROBBERS, &frobber("c", 1)).await.expect(409);
    assert_eq!(dup["reason"], "AlreadyExists");
    assert_eq!(
        dup["message"],
        "frobbers.frob.example.com \"c\" already exists"
    );

    let mut first = created.clone();
    first["spec"]["height"] = json!(2);
    http.put(&format!("{FROBBERS}/c"), &first).await.expect(200);
    // The same stale resourceVersion again: 409 Conflict.
    let mut stale = created.clone();
    stale["spec"]["height"] = json!(9);
    let conflict = http.put(&format!("{FROBBERS}/c"), &stale).await.expect(409);
    assert_eq!(conflict["reason"], "Conflict");
    assert_eq!(
        conflict["message"],
        "Operation cannot be fulfilled on frobbers.frob.example.com \"c\": the object has been modified; please apply your changes to the latest version and try again"
    );
    // Without a resourceVersion the update is unconditional.
    let mut unconditional = created.clone();
    unconditional["metadata"]
        .as_object_mut()
        .map(|m| m.remove("resourceVersion"));
    unconditional["spec"]["height"] = json!(7);
    let ok = http
        .put(&format!("{FROBBERS}/c"), &unconditional)
        .await
        .expect(200);
    assert_eq!(ok["spec"]["height"], 7);

    // The URL's name and the body's must agree.
    let wrong = http
        .put(&format!("{FROBBERS}/other"), &ok)
        .await
        .expect(400);
    assert_eq!(wrong["reason"], "BadRequest");
    // Update of a missing object.
    let mut ghost = frobber("ghost", 1);
    ghost["metadata"]["namespace"] = json!("default");
    http.put(&format!("{FROBBERS}/ghost"), &ghost)
        .await
        .expect(404);
}

/// kube-apiserver compares a write with the stored object after defaulting: a PUT that
/// leaves out defaulted fields and a merge patch setting one to null change nothing (same
/// resourceVersion and generation, no watch event), and a dry run of them answers with
/// the stored object.
#[tokio::test]
async fn writes_that_change_nothing_after_defaulting_are_no_ops() {
    let server = start().await;
    let http = Http::new(&server);
    let created = http.post(FROBBERS, &frobber("same", 2)).await.expect(201);
    let rv = rv_of(&created);
    let path = format!("{FROBBERS}/same");
    let mut watch = http
        .watch(&format!("{FROBBERS}?watch=true&resourceVersion={rv}"))
        .await;

    let mut sparse = created.clone();
    for defaulted in ["replicas", "restartPolicy", "memory"] {
        sparse["spec"].as_object_mut().map(|s| s.remove(defaulted));
    }
    let put = http.put(&path, &sparse).await.expect(200);
    assert_eq!(rv_of(&put), rv, "{put}");
    assert_eq!(put["metadata"]["generation"], 1);
    assert_eq!(put["spec"]["replicas"], 1);
    let patch = r#"{"spec":{"replicas":null,"restartPolicy":null}}"#;
    let dry = http
        .patch(&format!("{path}?dryRun=All"), MERGE_PATCH, patch)
        .await
        .expect(200);
    assert_eq!(dry, put);
    let patched = http.patch(&path, MERGE_PATCH, patch).await.expect(200);
    assert_eq!(patched, put);

    // The next event is the next real change.
    let labelled = http
        .patch(&path, MERGE_PATCH, r#"{"metadata":{"labels":{"x":"y"}}}"#)
        .await
        .expect(200);
    assert_eq!(labelled["metadata"]["generation"], 1);
    let event = watch
        .next_event(std::time::Duration::from_secs(5))
        .await
        .expect("an event");
    assert_eq!(event["type"], "MODIFIED");
    assert_eq!(
        event["object"]["metadata"]["resourceVersion"],
        labelled["metadata"]["resourceVersion"]
    );
}

/// A CRD validates a request with its own version's schema: v1's `param` has
/// `max_length = 256` and the hub (where it is `params[0]`) does not, yet a cluster refuses
/// a longer one. What both versions check is reported once.
#[tokio::test]
async fn the_request_versions_markers_are_enforced() {
    let server = start().await;
    let http = Http::new(&server);
    let mut long = frobber("long", 1);
    long["spec"]["param"] = json!("x".repeat(300));
    let status = http.post(FROBBERS, &long).await.expect(422);
    let causes = status["details"]["causes"].as_array().expect("causes");
    assert_eq!(causes.len(), 1, "{status}");
    assert_eq!(causes[0]["field"], "spec.param");
    assert_eq!(causes[0]["reason"], "FieldValueTooLong");

    // On update too, and in v2beta1.
    http.post(FROBBERS, &frobber("short", 1)).await.expect(201);
    let patch = format!(r#"{{"spec":{{"param":"{}"}}}}"#, "y".repeat(300));
    http.patch(&format!("{FROBBERS}/short"), MERGE_PATCH, &patch)
        .await
        .expect(422);
    let status = http
        .patch(&format!("{FROBBERS_V2}/short"), MERGE_PATCH, &patch)
        .await
        .expect(422);
    assert_eq!(status["details"]["causes"][0]["field"], "spec.param");

    let mut both = frobber("both", 1);
    both["spec"]["replicas"] = json!(-1);
    both["spec"]["height"] = json!(0);
    let status = http.post(FROBBERS, &both).await.expect(422);
    let fields: Vec<&str> = status["details"]["causes"]
        .as_array()
        .expect("causes")
        .iter()
        .filter_map(|c| c["field"].as_str())
        .collect();
    assert_eq!(fields, ["spec.height", "spec.replicas"], "{status}");
}

#[tokio::test]
async fn validation_errors_are_422_with_causes() {
    let server = start().await;
    let http = Http::new(&server);
    let mut bad = frobber("bad", 1);
    bad["spec"]["replicas"] = json!(-1);
    bad["spec"]["ports"] = json!([{"name": "http", "port": 80}, {"name": "http", "port": 81}]);
    let status = http.post(FROBBERS, &bad).await.expect(422);
    assert_eq!(status["reason"], "Invalid");
    assert_eq!(status["details"]["name"], "bad");
    assert_eq!(status["details"]["kind"], "Frobber");
    let causes = status["details"]["causes"].as_array().expect("causes");
    assert!(
        causes.iter().any(|c| c["field"] == "spec.replicas"),
        "{status}"
    );
    assert!(
        causes
            .iter()
            .any(|c| c["field"] == "spec.ports[1]" && c["reason"] == "FieldValueDuplicate"),
        "{status}"
    );
    assert!(status["message"]
        .as_str()
        .is_some_and(|m| m.starts_with("Frobber.frob.example.com \"bad\" is invalid: ")));

    // An enum value outside the set: NotSupported at its field.
    let mut policy = frobber("policy", 1);
    policy["spec"]["restartPolicy"] = json!("Sometimes");
    let status = http.post(FROBBERS, &policy).await.expect(422);
    assert_eq!(
        status["details"]["causes"][0]["field"],
        "spec.restartPolicy"
    );
    assert_eq!(
        status["details"]["causes"][0]["reason"],
        "FieldValueNotSupported"
    );

    // Neither name nor generateName.
    let mut anonymous = frobber("", 1);
    anonymous["metadata"]
        .as_object_mut()
        .map(|m| m.remove("name"));
    let status = http.post(FROBBERS, &anonymous).await.expect(422);
    assert!(status["message"]
        .as_str()
        .unwrap_or("")
        .contains("name or generateName is required"));

    // Malformed JSON and wrong kinds are 400.
    let r = http
        .request(
            hyper::Method::POST,
            FROBBERS,
            &[("content-type", JSON)],
            b"{not json".to_vec(),
        )
        .await;
    assert_eq!(r.expect(400)["reason"], "BadRequest");
    let r = http.post(FROBBERS, &frobber_class("x")).await.expect(400);
    assert_eq!(r["reason"], "BadRequest");
}

#[tokio::test]
async fn generate_name_namespaces_and_cluster_scope() {
    let server = start().await;
    let http = Http::new(&server);
    let mut generated = frobber("", 1);
    generated["metadata"] = json!({"generateName": "gen-"});
    let a = http.post(FROBBERS, &generated).await.expect(201);
    let b = http.post(FROBBERS, &generated).await.expect(201);
    assert!(
        name_of(&a).starts_with("gen-") && name_of(&a).len() == 9,
        "{a}"
    );
    assert_ne!(name_of(&a), name_of(&b));

    let mut other_ns = frobber("elsewhere", 1);
    other_ns["metadata"]["namespace"] = json!("other");
    let r = http.post(FROBBERS, &other_ns).await.expect(400);
    assert_eq!(
        r["message"],
        "the namespace of the provided object does not match the namespace sent on the request"
    );
    http.post(
        "/apis/frob.example.com/v1/namespaces/other/frobbers",
        &other_ns,
    )
    .await
    .expect(201);

    // All namespaces.
    let all = http
        .get("/apis/frob.example.com/v1/frobbers")
        .await
        .expect(200);
    assert_eq!(all["items"].as_array().map(Vec::len), Some(3));
    let only_default = http.get(FROBBERS).await.expect(200);
    assert_eq!(only_default["items"].as_array().map(Vec::len), Some(2));

    // Cluster-scoped kind: no namespace in path or object.
    let class = http.post(CLASSES, &frobber_class("fast")).await.expect(201);
    assert!(class["metadata"].get("namespace").is_none(), "{class}");
    http.get(&format!("{CLASSES}/fast")).await.expect(200);
    http.get("/apis/frob.example.com/v1/namespaces/default/frobberclasses/fast")
        .await
        .expect(404);
}

#[tokio::test]
async fn selectors_and_chunked_lists() {
    let server = start().await;
    let http = Http::new(&server);
    for i in 0..7 {
        let mut f = frobber(&format!("f{i}"), 1);
        f["metadata"]["labels"] = json!({"parity": if i % 2 == 0 { "even" } else { "odd" }});
        http.post(FROBBERS, &f).await.expect(201);
    }
    let even = http
        .get(&format!("{FROBBERS}?labelSelector=parity%3Deven"))
        .await
        .expect(200);
    assert_eq!(even["items"].as_array().map(Vec::len), Some(4));
    let set = http
        .get(&format!(
            "{FROBBERS}?labelSelector=parity+in+(odd),parity!%3Deven"
        ))
        .await
        .expect(200);
    assert_eq!(set["items"].as_array().map(Vec::len), Some(3));
    let by_name = http
        .get(&format!("{FROBBERS}?fieldSelector=metadata.name%3Df3"))
        .await
        .expect(200);
    assert_eq!(by_name["items"][0]["metadata"]["name"], "f3");
    let bad = http
        .get(&format!("{FROBBERS}?fieldSelector=spec.height%3D1"))
        .await
        .expect(400);
    assert_eq!(bad["message"], "field label not supported: spec.height");
    http.get(&format!("{FROBBERS}?labelSelector=%3D%3D%3D"))
        .await
        .expect(400);

    // Pages of 3 over a consistent snapshot: a write between pages is not seen.
    let page1 = http.get(&format!("{FROBBERS}?limit=3")).await.expect(200);
    let names = |p: &Value| -> Vec<String> {
        p["items"]
            .as_array()
            .map(|a| a.iter().map(|i| name_of(i).to_string()).collect())
            .unwrap_or_default()
    };
    assert_eq!(names(&page1), ["f0", "f1", "f2"]);
    assert_eq!(page1["metadata"]["remainingItemCount"], 4);
    let token = page1["metadata"]["continue"]
        .as_str()
        .expect("a continue token")
        .to_string();
    http.post(FROBBERS, &frobber("f99", 1)).await.expect(201);
    let page2 = http
        .get(&format!("{FROBBERS}?limit=3&continue={token}"))
        .await
        .expect(200);
    assert_eq!(names(&page2), ["f3", "f4", "f5"]);
    assert_eq!(
        page2["metadata"]["resourceVersion"],
        page1["metadata"]["resourceVersion"]
    );
    let token = page2["metadata"]["continue"]
        .as_str()
        .expect("more")
        .to_string();
    let page3 = http
        .get(&format!("{FROBBERS}?limit=3&continue={token}"))
        .await
        .expect(200);
    assert_eq!(names(&page3), ["f6"], "f99 came after the snapshot");
    assert!(page3["metadata"].get("continue").is_none());

    // An expired token: 410 Expired after compaction.
    let page1 = http.get(&format!("{FROBBERS}?limit=2")).await.expect(200);
    let token = page1["metadata"]["continue"]
        .as_str()
        .expect("token")
        .to_string();
    http.post(FROBBERS, &frobber("late", 1)).await.expect(201);
    server.faults().compact();
    let gone = http
        .get(&format!("{FROBBERS}?limit=2&continue={token}"))
        .await
        .expect(410);
    assert_eq!(gone["reason"], "Expired");
    http.get(&format!("{FROBBERS}?limit=2&continue=garbage"))
        .await
        .expect(400);
}

#[tokio::test]
async fn status_subresource_splits_spec_and_status() {
    let server = start().await;
    let http = Http::new(&server);
    let mut f = frobber("s", 1);
    f["status"] = json!({"replicas": 9});
    let created = http.post(FROBBERS, &f).await.expect(201);
    assert!(
        created.get("status").is_none(),
        "status is dropped on create: {created}"
    );

    // Status through /status; spec changes there are ignored.
    let mut with_status = created.clone();
    with_status["status"] = json!({"replicas": 2, "selector": "app=frob"});
    with_status["spec"]["height"] = json!(100);
    let after = http
        .put(&format!("{FROBBERS}/s/status"), &with_status)
        .await
        .expect(200);
    assert_eq!(after["status"]["replicas"], 2);
    assert_eq!(after["spec"]["height"], 1);
    assert_eq!(after["metadata"]["generation"], 1);

    // The main resource ignores status.
    let mut main = after.clone();
    main["status"]["replicas"] = json!(50);
    main["spec"]["height"] = json!(5);
    let after = http.put(&format!("{FROBBERS}/s"), &main).await.expect(200);
    assert_eq!(after["status"]["replicas"], 2);
    assert_eq!(after["spec"]["height"], 5);

    // Status patch.
    let patched = http
        .patch(
            &format!("{FROBBERS}/s/status"),
            MERGE_PATCH,
            r#"{"status":{"replicas":3}}"#,
        )
        .await
        .expect(200);
    assert_eq!(patched["status"]["replicas"], 3);
    let status_get = http.get(&format!("{FROBBERS}/s/status")).await.expect(200);
    assert_eq!(status_get["status"]["replicas"], 3);
    // FrobberClass has no status subresource.
    http.post(CLASSES, &frobber_class("c")).await.expect(201);
    http.get(&format!("{CLASSES}/c/status")).await.expect(404);
}

#[tokio::test]
async fn scale_subresource() {
    let server = start().await;
    let http = Http::new(&server);
    let mut f = frobber("sc", 1);
    f["spec"]["replicas"] = json!(2);
    http.post(FROBBERS, &f).await.expect(201);
    let scale = http.get(&format!("{FROBBERS}/sc/scale")).await.expect(200);
    assert_eq!(scale["kind"], "Scale");
    assert_eq!(scale["apiVersion"], "autoscaling/v1");
    assert_eq!(scale["spec"]["replicas"], 2);
    let mut up = scale.clone();
    up["spec"]["replicas"] = json!(5);
    let scaled = http
        .put(&format!("{FROBBERS}/sc/scale"), &up)
        .await
        .expect(200);
    assert_eq!(scaled["spec"]["replicas"], 5);
    let object = http.get(&format!("{FROBBERS}/sc")).await.expect(200);
    assert_eq!(object["spec"]["replicas"], 5);
    assert_eq!(object["metadata"]["generation"], 2);
    let patched = http
        .patch(
            &format!("{FROBBERS}/sc/scale"),
            MERGE_PATCH,
            r#"{"spec":{"replicas":1}}"#,
        )
        .await
        .expect(200);
    assert_eq!(patched["spec"]["replicas"], 1);
    // A stale resourceVersion on the Scale conflicts.
    http.put(&format!("{FROBBERS}/sc/scale"), &up)
        .await
        .expect(409);
}

#[tokio::test]
async fn patches() {
    let server = start().await;
    let http = Http::new(&server);
    http.post(FROBBERS, &frobber("p", 1)).await.expect(201);
    let path = format!("{FROBBERS}/p");
    let merged = http
        .patch(
            &path,
            MERGE_PATCH,
            r#"{"spec":{"height":2},"metadata":{"labels":{"app":null,"x":"y"}}}"#,
        )
        .await
        .expect(200);
    assert_eq!(merged["spec"]["height"], 2);
    assert_eq!(merged["metadata"]["labels"], json!({"x": "y"}));
    assert_eq!(merged["metadata"]["generation"], 2);

    let json_patched = http
        .patch(&path, JSON_PATCH, r#"[{"op":"replace","path":"/spec/height","value":3},{"op":"add","path":"/spec/ports/-","value":{"name":"m","port":9}}]"#)
        .await
        .expect(200);
    assert_eq!(json_patched["spec"]["height"], 3);
    assert_eq!(
        json_patched["spec"]["ports"].as_array().map(Vec::len),
        Some(2)
    );
    let failed = http
        .patch(
            &path,
            JSON_PATCH,
            r#"[{"op":"test","path":"/spec/height","value":99}]"#,
        )
        .await;
    assert!(
        failed.status == 422 || failed.status == 500 || failed.status == 400,
        "{failed:?}"
    );
    http.patch(&path, JSON_PATCH, "not a patch")
        .await
        .expect(400);

    // Strategic merge follows patch-strategy markers only, as kube-apiserver does: maps
    // merge, finalizers (merge strategy in ObjectMeta) union, and `spec.ports` (a
    // list-map without a patch strategy) is replaced.
    let smp = http
        .patch(
            &path,
            STRATEGIC,
            r#"{"metadata":{"labels":{"more":"yes"},"finalizers":["a"]},"spec":{"ports":[{"name":"m","port":10}]}}"#,
        )
        .await
        .expect(200);
    assert_eq!(smp["metadata"]["labels"], json!({"x": "y", "more": "yes"}));
    assert_eq!(
        smp["spec"]["ports"],
        json!([{"name": "m", "port": 10, "protocol": "TCP"}])
    );
    let smp = http
        .patch(&path, STRATEGIC, r#"{"metadata":{"finalizers":["b"]}}"#)
        .await
        .expect(200);
    let mut finalizers: Vec<&str> = smp["metadata"]["finalizers"]
        .as_array()
        .map(|f| f.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    finalizers.sort_unstable();
    assert_eq!(finalizers, ["a", "b"], "a union: {smp}");
    http.patch(
        &path,
        JSON_PATCH,
        r#"[{"op":"remove","path":"/metadata/finalizers"}]"#,
    )
    .await
    .expect(200);

    // A patch with a stale resourceVersion conflicts.
    let r = http
        .patch(
            &path,
            MERGE_PATCH,
            r#"{"metadata":{"resourceVersion":"1"},"spec":{"height":4}}"#,
        )
        .await
        .expect(409);
    assert_eq!(r["reason"], "Conflict");
    // Unknown patch type.
    let r = http.patch(&path, "text/plain", "{}").await.expect(415);
    assert_eq!(r["reason"], "UnsupportedMediaType");
    // Patching something missing.
    http.patch(&format!("{FROBBERS}/none"), MERGE_PATCH, "{}")
        .await
        .expect(404);
}

#[tokio::test]
async fn server_side_apply_creates_and_merges() {
    let server = start().await;
    let http = Http::new(&server);
    let path = format!("{FROBBERS}/ssa?fieldManager=me");
    let applied = r#"{"apiVersion":"frob.example.com/v1","kind":"Frobber","metadata":{"name":"ssa"},"spec":{"height":1,"ports":[{"name":"a","port":1}]}}"#;
    let created = http.patch(&path, APPLY, applied).await.expect(201);
    assert_eq!(created["spec"]["height"], 1);
    let managers: Vec<&str> = created["metadata"]["managedFields"]
        .as_array()
        .map(|m| m.iter().filter_map(|e| e["manager"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(managers, ["me"]);

    // Another manager adds a port (list-map by name): both stay.
    let other = r#"apiVersion: frob.example.com/v1
kind: Frobber
metadata:
  name: ssa
spec:
  height: 1
  ports:
  - name: b
    port: 2
"#;
    let merged = http
        .patch(&format!("{FROBBERS}/ssa?fieldManager=other"), APPLY, other)
        .await
        .expect(200);
    let ports = merged["spec"]["ports"].as_array().expect("ports");
    assert_eq!(ports.len(), 2, "{merged}");

    // A conflicting value from another manager: 409 unless forced.
    let conflicting = r#"{"apiVersion":"frob.example.com/v1","kind":"Frobber","metadata":{"name":"ssa"},"spec":{"height":5}}"#;
    let c = http
        .patch(
            &format!("{FROBBERS}/ssa?fieldManager=third"),
            APPLY,
            conflicting,
        )
        .await
        .expect(409);
    assert_eq!(c["reason"], "Conflict");
    let forced = http
        .patch(
            &format!("{FROBBERS}/ssa?fieldManager=third&force=true"),
            APPLY,
            conflicting,
        )
        .await
        .expect(200);
    assert_eq!(forced["spec"]["height"], 5);
}

#[tokio::test]
async fn finalizers_hold_deletion() {
    let server = start().await;
    let http = Http::new(&server);
    let mut f = frobber("fin", 1);
    f["metadata"]["finalizers"] = json!(["frob.example.com/cleanup"]);
    http.post(FROBBERS, &f).await.expect(201);
    let path = format!("{FROBBERS}/fin");
    let marked = http.delete(&path).await.expect(200);
    assert!(marked["metadata"]["deletionTimestamp"].is_string());
    let still = http.get(&path).await.expect(200);
    assert!(still["metadata"]["deletionTimestamp"].is_string());
    // No new finalizers while deleting.
    let mut more = still.clone();
    more["metadata"]["finalizers"] = json!(["frob.example.com/cleanup", "another"]);
    http.put(&path, &more).await.expect(422);
    // Removing the last finalizer deletes it.
    let mut done = still.clone();
    done["metadata"]["finalizers"] = json!([]);
    http.put(&path, &done).await.expect(200);
    http.get(&path).await.expect(404);

    // Preconditions on delete.
    let created = http.post(FROBBERS, &frobber("pre", 1)).await.expect(201);
    let r = http
        .request(
            hyper::Method::DELETE,
            &format!("{FROBBERS}/pre"),
            &[("content-type", JSON)],
            br#"{"preconditions":{"uid":"not-it"}}"#.to_vec(),
        )
        .await
        .expect(409);
    assert!(r["message"]
        .as_str()
        .unwrap_or("")
        .contains("Precondition failed: UID in precondition: not-it"));
    let body = json!({"preconditions": {"uid": created["metadata"]["uid"]}});
    http.request(
        hyper::Method::DELETE,
        &format!("{FROBBERS}/pre"),
        &[("content-type", JSON)],
        serde_json::to_vec(&body).unwrap_or_default(),
    )
    .await
    .expect(200);
}

#[tokio::test]
async fn delete_options_of_any_version() {
    let server = start().await;
    let http = Http::new(&server);
    for (name, body) in [
        (
            "a",
            r#"{"kind":"DeleteOptions","apiVersion":"meta.k8s.io/v1","propagationPolicy":"Background"}"#,
        ),
        ("b", r#"{"kind":"DeleteOptions","apiVersion":"v1"}"#),
        ("c", r#"{"propagationPolicy":"Foreground"}"#),
    ] {
        http.post(FROBBERS, &frobber(name, 1)).await.expect(201);
        http.request(
            hyper::Method::DELETE,
            &format!("{FROBBERS}/{name}"),
            &[("content-type", JSON)],
            body.as_bytes().to_vec(),
        )
        .await
        .expect(200);
    }
    http.post(FROBBERS, &frobber("d", 1)).await.expect(201);
    let r = http
        .request(
            hyper::Method::DELETE,
            &format!("{FROBBERS}/d"),
            &[("content-type", JSON)],
            br#"{"kind":"Frobber"}"#.to_vec(),
        )
        .await
        .expect(400);
    assert_eq!(r["reason"], "BadRequest");
    let r = http
        .request(
            hyper::Method::DELETE,
            &format!("{FROBBERS}/d"),
            &[("content-type", JSON)],
            br#"{"propagationPolicy":"Sideways"}"#.to_vec(),
        )
        .await
        .expect(400);
    assert!(r["message"]
        .as_str()
        .unwrap_or("")
        .contains("Unsupported value"));
}

#[tokio::test]
async fn delete_collection_with_selector() {
    let server = start().await;
    let http = Http::new(&server);
    for (name, app) in [("d1", "x"), ("d2", "x"), ("d3", "y")] {
        let mut f = frobber(name, 1);
        f["metadata"]["labels"] = json!({"app": app});
        http.post(FROBBERS, &f).await.expect(201);
    }
    let deleted = http
        .request(
            hyper::Method::DELETE,
            &format!("{FROBBERS}?labelSelector=app%3Dx"),
            &[],
            Vec::new(),
        )
        .await
        .expect(200);
    assert_eq!(deleted["kind"], "FrobberList");
    assert_eq!(deleted["items"].as_array().map(Vec::len), Some(2));
    let left = http.get(FROBBERS).await.expect(200);
    assert_eq!(left["items"][0]["metadata"]["name"], "d3");
}

#[tokio::test]
async fn dry_run_stores_nothing() {
    let server = start().await;
    let http = Http::new(&server);
    let r = http
        .post(&format!("{FROBBERS}?dryRun=All"), &frobber("dry", 1))
        .await
        .expect(201);
    assert_eq!(r["metadata"]["name"], "dry");
    http.get(&format!("{FROBBERS}/dry")).await.expect(404);
    let created = http.post(FROBBERS, &frobber("dry", 1)).await.expect(201);
    let mut changed = created.clone();
    changed["spec"]["height"] = json!(8);
    let r = http
        .put(&format!("{FROBBERS}/dry?dryRun=All"), &changed)
        .await
        .expect(200);
    assert_eq!(r["spec"]["height"], 8);
    assert_eq!(
        http.get(&format!("{FROBBERS}/dry")).await.expect(200)["spec"]["height"],
        1
    );
    http.delete(&format!("{FROBBERS}/dry?dryRun=All"))
        .await
        .expect(200);
    http.get(&format!("{FROBBERS}/dry")).await.expect(200);
    http.post(&format!("{FROBBERS}?dryRun=Some"), &frobber("x", 1))
        .await
        .expect(400);
}

#[tokio::test]
async fn field_validation_strict_warn_ignore() {
    let server = start().await;
    let http = Http::new(&server);
    let mut f = frobber("fv", 1);
    f["spec"]["colour"] = json!("red");
    let strict = http
        .post(&format!("{FROBBERS}?fieldValidation=Strict"), &f)
        .await
        .expect(400);
    assert_eq!(
        strict["message"],
        "strict decoding error: unknown field \"spec.colour\""
    );

    let warn = http
        .post(&format!("{FROBBERS}?fieldValidation=Warn"), &f)
        .await;
    warn.expect(201);
    assert_eq!(
        warn.warnings(),
        ["299 - \"unknown field \\\"spec.colour\\\"\""]
    );

    http.delete(&format!("{FROBBERS}/fv")).await.expect(200);
    let ignore = http
        .post(&format!("{FROBBERS}?fieldValidation=Ignore"), &f)
        .await;
    ignore.expect(201);
    assert!(ignore.warnings().is_empty());

    let dup = br#"{"apiVersion":"frob.example.com/v1","kind":"Frobber","metadata":{"name":"dup"},"spec":{"height":1,"height":2}}"#;
    let r = http
        .request(
            hyper::Method::POST,
            &format!("{FROBBERS}?fieldValidation=Strict"),
            &[("content-type", JSON)],
            dup.to_vec(),
        )
        .await
        .expect(400);
    assert_eq!(
        r["message"],
        "strict decoding error: duplicate field \"spec.height\""
    );
}

#[tokio::test]
async fn yaml_and_protobuf_bodies_and_responses() {
    let server = start().await;
    let http = Http::new(&server);
    let yaml = "apiVersion: frob.example.com/v1\nkind: Frobber\nmetadata:\n  name: y\nspec:\n  height: 2\n";
    http.request(
        hyper::Method::POST,
        FROBBERS,
        &[("content-type", "application/yaml")],
        yaml.as_bytes().to_vec(),
    )
    .await
    .expect(201);
    let as_yaml = http
        .get_as(&format!("{FROBBERS}/y"), "application/yaml")
        .await;
    assert_eq!(as_yaml.header("content-type"), Some("application/yaml"));
    let v: Value = serde_yaml_ng::from_slice(&as_yaml.body).expect("YAML");
    assert_eq!(v["spec"]["height"], 2);

    // Protobuf: the k8s envelope, decodable by the scheme.
    let pb = http.get_as(&format!("{FROBBERS}/y"), PROTOBUF).await;
    assert_eq!(pb.status, 200);
    assert_eq!(pb.header("content-type"), Some(PROTOBUF));
    assert!(pb.body.starts_with(b"k8s\x00"));
    let scheme = scheme();
    let obj = scheme
        .decode_as::<api_types::v1::Frobber>(&pb.body)
        .expect("protobuf decodes");
    assert_eq!(obj.spec.height, 2);

    // A protobuf body.
    let mut f = obj.clone();
    f.metadata = kapi::meta::ObjectMeta {
        name: "from-pb".into(),
        ..Default::default()
    };
    let body = scheme
        .encode(&f, kapi::scheme::Format::Protobuf)
        .expect("encodes");
    let r = http
        .request(
            hyper::Method::POST,
            FROBBERS,
            &[("content-type", PROTOBUF), ("accept", PROTOBUF)],
            body,
        )
        .await;
    assert_eq!(r.status, 201);
    let back = scheme
        .decode_as::<api_types::v1::Frobber>(&r.body)
        .expect("decodes");
    assert_eq!(back.metadata.name, "from-pb");

    // A protobuf list.
    let list = http.get_as(FROBBERS, PROTOBUF).await;
    assert_eq!(list.status, 200);
    let list = scheme
        .decode_as::<api_types::v1::FrobberList>(&list.body)
        .expect("list decodes");
    assert_eq!(list.items.len(), 2);

    // Errors come as JSON Status unless only protobuf is accepted.
    let missing = http.get_as(&format!("{FROBBERS}/none"), PROTOBUF).await;
    assert_eq!(missing.status, 404);
    assert!(missing.body.starts_with(b"k8s\x00"));
    http.get_as(FROBBERS, "text/html").await.expect(406);
    let r = http
        .request(
            hyper::Method::POST,
            FROBBERS,
            &[("content-type", "text/plain")],
            b"x".to_vec(),
        )
        .await
        .expect(415);
    assert_eq!(r["reason"], "UnsupportedMediaType");
}

#[tokio::test]
async fn tables_from_print_columns() {
    let server = start().await;
    let http = Http::new(&server);
    let mut f = frobber("t", 7);
    f["metadata"]["labels"] = json!({"a": "b"});
    http.post(FROBBERS, &f).await.expect(201);
    let accept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
    let table = http.get_as(FROBBERS, accept).await.expect(200);
    assert_eq!(table["kind"], "Table");
    assert_eq!(table["apiVersion"], "meta.k8s.io/v1");
    let columns: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(columns, ["Name", "Height", "Replicas", "Age"]);
    let row = &table["rows"][0];
    assert_eq!(row["cells"][0], "t");
    assert_eq!(row["cells"][1], 7);
    assert_eq!(row["cells"][2], Value::Null, "no status yet");
    assert!(
        row["cells"][3].as_str().is_some_and(|a| a.ends_with('s')),
        "{row}"
    );
    assert_eq!(row["object"]["kind"], "PartialObjectMetadata");
    assert_eq!(row["object"]["metadata"]["labels"]["a"], "b");
    let one = http
        .get_as(&format!("{FROBBERS}/t"), accept)
        .await
        .expect(200);
    assert_eq!(one["rows"].as_array().map(Vec::len), Some(1));
}

#[tokio::test]
async fn discovery_documents() {
    let server = start().await;
    let http = Http::new(&server);
    let groups = http.get("/apis").await.expect(200);
    assert_eq!(groups["kind"], "APIGroupList");
    assert_eq!(
        groups["groups"].as_array().map(Vec::len),
        Some(1),
        "{groups}"
    );
    let group = &groups["groups"][0];
    assert_eq!(group["name"], "frob.example.com");
    assert_eq!(group["preferredVersion"]["version"], "v1");
    let versions: Vec<&str> = group["versions"]
        .as_array()
        .map(|v| v.iter().filter_map(|v| v["version"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(versions, ["v1", "v2beta1"]);

    let resources = http.get("/apis/frob.example.com/v1").await.expect(200);
    assert_eq!(resources["kind"], "APIResourceList");
    assert_eq!(resources["groupVersion"], "frob.example.com/v1");
    let by_name = |n: &str| -> Value {
        resources["resources"]
            .as_array()
            .and_then(|r| r.iter().find(|r| r["name"] == n).cloned())
            .unwrap_or(Value::Null)
    };
    let frobbers = by_name("frobbers");
    assert_eq!(frobbers["namespaced"], true);
    assert_eq!(frobbers["kind"], "Frobber");
    assert_eq!(frobbers["shortNames"], json!(["fb"]));
    assert_eq!(frobbers["categories"], json!(["all", "frob"]));
    assert_eq!(
        frobbers["verbs"],
        json!([
            "create",
            "delete",
            "deletecollection",
            "get",
            "list",
            "patch",
            "update",
            "watch"
        ])
    );
    assert_eq!(
        by_name("frobbers/status")["verbs"],
        json!(["get", "patch", "update"])
    );
    assert_eq!(by_name("frobbers/scale")["group"], "autoscaling");
    assert_eq!(by_name("frobberclasses")["namespaced"], false);

    let aggregated = http
        .get_as(
            "/apis",
            "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json",
        )
        .await;
    assert_eq!(
        aggregated.header("content-type"),
        Some("application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList")
    );
    let aggregated = aggregated.expect(200);
    assert_eq!(aggregated["kind"], "APIGroupDiscoveryList");
    assert_eq!(
        aggregated["items"][0]["versions"][0]["resources"][0]["resource"],
        "frobberclasses"
    );

    // kube-apiserver always serves the core group's v1; with no core kinds in the scheme
    // its resource list is empty.
    let core = http.get("/api").await.expect(200);
    assert_eq!(core["kind"], "APIVersions");
    assert_eq!(core["versions"], json!(["v1"]));
    let core_v1 = http.get("/api/v1").await.expect(200);
    assert_eq!(core_v1["kind"], "APIResourceList");
    assert_eq!(core_v1["groupVersion"], "v1");
    assert_eq!(core_v1["resources"], json!([]));
    http.get("/api/v2").await.expect(404);
    http.get("/apis/nothing.example.com").await.expect(404);
    http.get("/apis/frob.example.com/v9").await.expect(404);
    let version = http.get("/version").await.expect(200);
    assert_eq!(version["major"], "1");
}

/// kube-rs' `Discovery::new(client).run()`: `/apis`, each group's versions, then `/api`
/// and each core version; a group without versions fails it (`EmptyApiGroup`), and so
/// does a version whose resource list is missing. Its aggregated form reads `/api` and
/// `/apis` as APIGroupDiscoveryLists.
#[tokio::test]
async fn discovery_as_kube_rs_walks_it() {
    use kapi::meta::{APIGroupList, APIResourceList, APIVersions};
    let server = start().await;
    let http = Http::new(&server);
    let decode = |r: Resp| -> Vec<u8> {
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        r.body
    };
    let groups: APIGroupList =
        serde_json::from_slice(&decode(http.get("/apis").await)).expect("an APIGroupList");
    let mut served = Vec::new();
    for group in &groups.groups {
        assert!(
            !group.versions.is_empty(),
            "EmptyApiGroup({:?})",
            group.name
        );
        for version in &group.versions {
            let path = format!("/apis/{}", version.group_version);
            let list: APIResourceList =
                serde_json::from_slice(&decode(http.get(&path).await)).expect("an APIResourceList");
            assert_eq!(list.group_version, version.group_version);
            served.extend(list.resources.into_iter().map(|r| r.name));
        }
    }
    assert!(served.iter().any(|r| r == "frobbers"), "{served:?}");

    let core: APIVersions =
        serde_json::from_slice(&decode(http.get("/api").await)).expect("APIVersions");
    assert_eq!(core.versions, ["v1"], "EmptyApiGroup(\"\") otherwise");
    assert_eq!(core.server_address_by_client_cidrs.len(), 1);
    assert_eq!(
        core.server_address_by_client_cidrs[0].client_cidr,
        "0.0.0.0/0"
    );
    for version in &core.versions {
        let list: APIResourceList =
            serde_json::from_slice(&decode(http.get(&format!("/api/{version}")).await))
                .expect("an APIResourceList");
        assert_eq!(&list.group_version, version);
    }

    let aggregated =
        "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json";
    let core = http.get_as("/api", aggregated).await.expect(200);
    assert_eq!(core["kind"], "APIGroupDiscoveryList");
    assert_eq!(core["items"][0]["versions"][0]["version"], "v1");
    let groups = http.get_as("/apis", aggregated).await.expect(200);
    assert!(groups["items"]
        .as_array()
        .is_some_and(|items| items.iter().all(|g| g["metadata"]["name"] != "")));
}

#[tokio::test]
async fn openapi_documents_are_served() {
    let server = start().await;
    let http = Http::new(&server);
    let v2 = http.get("/openapi/v2").await.expect(200);
    assert_eq!(v2["swagger"], "2.0");
    let index = http.get("/openapi/v3").await.expect(200);
    let url = index["paths"]["apis/frob.example.com/v1"]["serverRelativeURL"]
        .as_str()
        .expect("a v3 path")
        .to_string();
    assert!(url.starts_with("/openapi/v3/apis/frob.example.com/v1?hash="));
    let doc = http.get(&url).await.expect(200);
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.")));
    assert!(doc["components"]["schemas"]
        .get("com.example.frob.v1.Frobber")
        .is_some());
    http.get("/openapi/v3/apis/none/v1").await.expect(404);
}

#[tokio::test]
async fn unknown_paths_and_methods() {
    let server = start().await;
    let http = Http::new(&server);
    let r = http
        .get("/apis/frob.example.com/v1/namespaces/default/widgets")
        .await
        .expect(404);
    assert_eq!(
        r["message"],
        "the server could not find the requested resource"
    );
    let r = http
        .request(
            hyper::Method::PUT,
            FROBBERS,
            &[("content-type", JSON)],
            b"{}".to_vec(),
        )
        .await
        .expect(405);
    assert_eq!(r["reason"], "MethodNotAllowed");
    http.get(&format!("{FROBBERS}/x/nonsense"))
        .await
        .expect(404);
}

#[tokio::test]
async fn strategic_merge_patch_follows_patch_strategy_markers() {
    let server = support::start().await;
    let http = Http::new(&server);
    let mut f = frobber("smp", 1);
    f["spec"]["ports"] = json!([{"name": "a", "port": 1}, {"name": "b", "port": 2}]);
    http.post(FROBBERS, &f).await.expect(201);
    // v2beta1 marks `spec.ports` `patch_strategy = "merge"` keyed by `name`: items merge by
    // name, as a built-in kind's do, and `$patch: delete` removes one.
    let patched = http
        .patch(
            &format!("{FROBBERS_V2}/smp"),
            STRATEGIC,
            r#"{"spec":{"ports":[{"name":"b","port":20},{"name":"c","port":3},{"name":"a","$patch":"delete"}]}}"#,
        )
        .await
        .expect(200);
    let ports: Vec<(String, i64)> = patched["spec"]["ports"]
        .as_array()
        .map(|ports| {
            ports
                .iter()
                .map(|p| {
                    (
                        p["name"].as_str().unwrap_or("").to_string(),
                        p["port"].as_i64().unwrap_or(0),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        ports,
        [("b".to_string(), 20), ("c".to_string(), 3)],
        "{patched}"
    );
    // The served OpenAPI says so, and advertises strategic merge patch on PATCH.
    let doc = http.get("/openapi/v2").await.expect(200);
    let spec = &doc["definitions"]["com.example.frob.v2beta1.FrobberSpec"]["properties"]["ports"];
    assert_eq!(spec["x-kubernetes-patch-strategy"], "merge", "{spec}");
    assert_eq!(spec["x-kubernetes-patch-merge-key"], "name", "{spec}");
    let consumes = &doc["paths"]
        ["/apis/frob.example.com/v2beta1/namespaces/{namespace}/frobbers/{name}"]["patch"]
        ["consumes"];
    assert!(
        consumes
            .as_array()
            .is_some_and(|c| c.contains(&json!("application/strategic-merge-patch+json"))),
        "{consumes}"
    );
}
