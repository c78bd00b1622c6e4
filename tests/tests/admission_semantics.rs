//! How the embedded server calls stored admission webhooks, checked against scripted
//! webhooks over HTTPS: reinvocation, `matchConditions`, DELETE, warnings, dry runs and
//! `matchPolicy: Equivalent`, each as k8s.io/apiserver's webhook dispatchers
//! (`admission/plugin/webhook/{generic,mutating,validating}`) and its
//! `matchconditions.Matcher` behave; expected wording from their sources.

mod support;
mod tls_support;

use kapi_webhook::{Endpoint, ReviewFuture, WebhookServer};
use rcgen::ExtendedKeyUsagePurpose;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use support::Http;
use tls_support::Pki;

const CONFIGMAPS: &str = "/api/v1/namespaces/default/configmaps";
const MUTATING: &str = "/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations";
const VALIDATING: &str = "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations";

type Script = dyn Fn(&Value) -> Value + Send + Sync;

/// A webhook that records every request it is sent and answers with what its script makes
/// of the request (the `response` without its uid).
#[derive(Clone)]
struct Scripted {
    seen: Arc<Mutex<Vec<Value>>>,
    script: Arc<Script>,
}

impl Scripted {
    fn new(script: impl Fn(&Value) -> Value + Send + Sync + 'static) -> Self {
        Scripted {
            seen: Arc::default(),
            script: Arc::new(script),
        }
    }

    fn seen(&self) -> Vec<Value> {
        self.seen.lock().expect("not poisoned").clone()
    }
}

impl Endpoint for Scripted {
    fn answer<'a>(&'a self, body: &'a [u8]) -> ReviewFuture<'a> {
        Box::pin(async move {
            let review: Value = serde_json::from_slice(body)
                .map_err(|e| kapi_webhook::ReviewError::Malformed(e.to_string()))?;
            let request = review["request"].clone();
            self.seen
                .lock()
                .expect("not poisoned")
                .push(request.clone());
            let mut response = (self.script)(&request);
            response["uid"] = request["uid"].clone();
            let answer = json!({
                "apiVersion": "admission.k8s.io/v1",
                "kind": "AdmissionReview",
                "response": response,
            });
            Ok(serde_json::to_vec(&answer).expect("JSON"))
        })
    }
}

fn allow() -> Value {
    json!({"allowed": true})
}

fn patch(ops: Value) -> Value {
    let patch = serde_json::to_vec(&ops).expect("JSON");
    json!({
        "allowed": true,
        "patchType": "JSONPatch",
        "patch": base64::Engine::encode(&base64::engine::general_purpose::STANDARD, patch),
    })
}

/// The embedded server with kapi-k8s's kinds, and a webhook server with `endpoints`.
struct World {
    http: Http,
    base: String,
    ca: String,
    _server: kapi_apiserver::ApiServer,
    _webhooks: kapi_webhook::Running,
    _dir: tempfile::TempDir,
}

async fn world(endpoints: &[(&str, Scripted)]) -> World {
    let dir = tempfile::tempdir().expect("a directory");
    let pki = Pki::new();
    let (cert, key) = pki.issue(&["127.0.0.1"], ExtendedKeyUsagePurpose::ServerAuth);
    std::fs::write(dir.path().join("tls.crt"), cert).expect("write");
    std::fs::write(dir.path().join("tls.key"), key).expect("write");
    let mut webhooks = WebhookServer::new(dir.path().join("tls.crt"), dir.path().join("tls.key"));
    for (path, endpoint) in endpoints {
        webhooks = webhooks.endpoint(path, endpoint.clone());
    }
    let webhooks = webhooks
        .bind("127.0.0.1:0")
        .await
        .expect("the webhook server starts");
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    let server = kapi_apiserver::ApiServer::builder(scheme)
        .start()
        .await
        .expect("the server starts");
    World {
        http: Http::new(&server),
        base: format!("https://127.0.0.1:{}", webhooks.local_addr().port()),
        ca: pki.ca_pem,
        _server: server,
        _webhooks: webhooks,
        _dir: dir,
    }
}

impl World {
    /// One webhook of a configuration: `path` on the webhook server, with `extra` fields.
    fn webhook(&self, name: &str, path: &str, extra: Value) -> Value {
        let mut webhook = json!({
            "name": name,
            "clientConfig": {
                "url": format!("{}{path}", self.base),
                "caBundle": base64::Engine::encode(&base64::engine::general_purpose::STANDARD, &self.ca),
            },
            "rules": [{"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE", "UPDATE"],
                       "resources": ["configmaps"]}],
            "sideEffects": "None",
            "admissionReviewVersions": ["v1"],
        });
        if let (Some(webhook), Value::Object(extra)) = (webhook.as_object_mut(), extra) {
            webhook.extend(extra);
        }
        webhook
    }

    async fn configure(&self, collection: &str, name: &str, webhooks: Vec<Value>) {
        let kind = if collection == MUTATING {
            "MutatingWebhookConfiguration"
        } else {
            "ValidatingWebhookConfiguration"
        };
        let config = json!({
            "apiVersion": "admissionregistration.k8s.io/v1",
            "kind": kind,
            "metadata": {"name": name},
            "webhooks": webhooks,
        });
        self.http.post(collection, &config).await.expect(201);
    }
}

fn configmap(name: &str, labels: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "ConfigMap",
           "metadata": {"name": name, "namespace": "default", "labels": labels}})
}

// Several workers: the server's webhook call blocks its worker, whose other tasks (the
// webhook server's) move to the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn if_needed_webhooks_are_called_again_after_a_later_change() {
    // a (IfNeeded) notes whether b has run; b (Never) changes the object; c (IfNeeded)
    // changes nothing. In the second round a is called again, since b changed the object
    // after it, and b is not (Never); a's second change then concerns c, which had seen the
    // object before it, so c is called again too (mutating/dispatcher.go,
    // reinvocationcontext.go). No third round.
    let a = Scripted::new(|r| {
        let seen_b = r["object"]["data"]["b"].is_string();
        let op = if r["object"]["data"].is_object() {
            "replace"
        } else {
            "add"
        };
        let value = if seen_b {
            json!({"a": "after-b", "b": "1"})
        } else {
            json!({"a": "first"})
        };
        patch(json!([{"op": op, "path": "/data", "value": value}]))
    });
    let b = Scripted::new(|_| patch(json!([{"op": "add", "path": "/data/b", "value": "1"}])));
    let c = Scripted::new(|_| allow());
    let w = world(&[("/a", a.clone()), ("/b", b.clone()), ("/c", c.clone())]).await;
    let if_needed = json!({"reinvocationPolicy": "IfNeeded"});
    w.configure(
        MUTATING,
        "chain",
        vec![
            w.webhook("a.example.com", "/a", if_needed.clone()),
            w.webhook("b.example.com", "/b", json!({})),
            w.webhook("c.example.com", "/c", if_needed),
        ],
    )
    .await;
    let created = w
        .http
        .post(CONFIGMAPS, &configmap("chained", json!({})))
        .await
        .expect(201);
    assert_eq!(
        created["data"],
        json!({"a": "after-b", "b": "1"}),
        "{created}"
    );
    assert_eq!((a.seen().len(), b.seen().len(), c.seen().len()), (2, 1, 2));
    // The second call of a saw b's change.
    assert_eq!(a.seen()[1]["object"]["data"]["b"], "1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn match_conditions_choose_the_writes_a_webhook_sees() {
    let deny =
        Scripted::new(|_| json!({"allowed": false, "status": {"code": 403, "message": "no"}}));
    let w = world(&[("/deny", deny.clone())]).await;
    w.configure(
        VALIDATING,
        "conditions",
        vec![
            w.webhook(
                "named.example.com",
                "/deny",
                json!({"matchConditions": [
                    {"name": "not-exempt", "expression": "!object.metadata.name.startsWith('exempt')"},
                    {"name": "create", "expression": "request.operation == 'CREATE'"},
                ]}),
            ),
            // A condition that cannot be evaluated (no such label) fails the write under
            // `Fail`, and skips the webhook under `Ignore`.
            w.webhook(
                "strict.example.com",
                "/deny",
                json!({"matchConditions": [{"name": "tier", "expression": "object.metadata.labels.tier == 'web'"}],
                       "failurePolicy": "Fail",
                       "objectSelector": {"matchLabels": {"strict": "yes"}}}),
            ),
            w.webhook(
                "lenient.example.com",
                "/deny",
                json!({"matchConditions": [{"name": "tier", "expression": "object.metadata.labels.tier == 'web'"}],
                       "failurePolicy": "Ignore",
                       "objectSelector": {"matchLabels": {"lenient": "yes"}}}),
            ),
        ],
    )
    .await;
    // Every condition of the first holds: called, denied.
    let denied = w
        .http
        .post(CONFIGMAPS, &configmap("plain", json!({})))
        .await
        .expect(403);
    assert_eq!(
        denied["message"],
        "admission webhook \"named.example.com\" denied the request: no"
    );
    // One condition false: not called.
    w.http
        .post(CONFIGMAPS, &configmap("exempt", json!({})))
        .await
        .expect(201);
    assert_eq!(deny.seen().len(), 1);
    // The request as a condition sees it: an update is not a create.
    let mut exempt = w
        .http
        .get(&format!("{CONFIGMAPS}/exempt"))
        .await
        .expect(200);
    exempt["metadata"]["name"] = json!("exempt");
    exempt["data"] = json!({"k": "v"});
    w.http
        .put(&format!("{CONFIGMAPS}/exempt"), &exempt)
        .await
        .expect(200);
    assert_eq!(deny.seen().len(), 1);

    // kube-apiserver: NewForbidden(configmaps, name, "expression '…' resulted in error: …").
    let strict = w
        .http
        .post(
            CONFIGMAPS,
            &configmap("exempt-strict", json!({"strict": "yes"})),
        )
        .await;
    let strict = strict.expect(403);
    let message = strict["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with(
            "configmaps \"exempt-strict\" is forbidden: expression 'object.metadata.labels.tier == 'web'' resulted in error: "
        ),
        "{strict}"
    );
    assert_eq!(strict["reason"], "Forbidden");
    assert_eq!(strict["details"]["kind"], "configmaps");
    w.http
        .post(
            CONFIGMAPS,
            &configmap("exempt-lenient", json!({"lenient": "yes"})),
        )
        .await
        .expect(201);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deletes_are_admitted_on_the_stored_object() {
    let guard = Scripted::new(|r| {
        if r["oldObject"]["metadata"]["labels"]["protected"] == "true" {
            json!({"allowed": false, "status": {"code": 403, "reason": "Forbidden", "message": "protected"}})
        } else {
            json!({"allowed": true, "warnings": ["deleting an unprotected object"]})
        }
    });
    let patcher = Scripted::new(|_| patch(json!([{"op": "add", "path": "/data", "value": {}}])));
    let w = world(&[("/guard", guard.clone()), ("/patch", patcher.clone())]).await;
    let deletes = json!({"rules": [{"apiGroups": [""], "apiVersions": ["v1"], "operations": ["DELETE"],
                                    "resources": ["configmaps"]}]});
    w.configure(
        VALIDATING,
        "guard",
        vec![w.webhook("guard.example.com", "/guard", deletes.clone())],
    )
    .await;
    w.http
        .post(CONFIGMAPS, &configmap("kept", json!({"protected": "true"})))
        .await
        .expect(201);
    w.http
        .post(CONFIGMAPS, &configmap("gone", json!({})))
        .await
        .expect(201);
    assert!(guard.seen().is_empty(), "creates are not this webhook's");

    let refused = w.http.delete(&format!("{CONFIGMAPS}/kept")).await;
    assert_eq!(
        refused.expect(403)["message"],
        "admission webhook \"guard.example.com\" denied the request: protected"
    );
    w.http.get(&format!("{CONFIGMAPS}/kept")).await.expect(200);
    let deleted = w.http.delete(&format!("{CONFIGMAPS}/gone")).await;
    assert_eq!(
        deleted.warnings(),
        ["299 - \"deleting an unprotected object\""]
    );
    deleted.expect(200);
    let request = &guard.seen()[1];
    assert_eq!(request["operation"], "DELETE");
    assert_eq!(request["name"], "gone");
    assert_eq!(request["object"], Value::Null);
    assert_eq!(request["oldObject"]["metadata"]["name"], "gone");
    assert_eq!(request["options"]["kind"], "DeleteOptions");

    // A mutating webhook may see a delete, but not patch it (mutating/dispatcher.go).
    w.configure(
        MUTATING,
        "patcher",
        vec![w.webhook("patch.example.com", "/patch", deletes)],
    )
    .await;
    w.http
        .post(CONFIGMAPS, &configmap("patched", json!({})))
        .await
        .expect(201);
    let refused = w
        .http
        .delete(&format!("{CONFIGMAPS}/patched"))
        .await
        .expect(500);
    assert_eq!(
        refused["message"],
        "Internal error occurred: admission webhook \"patch.example.com\" attempted to modify the object, which is not supported for this operation"
    );
    assert_eq!(patcher.seen().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dry_runs_reach_webhooks_flagged_and_store_nothing() {
    let look = Scripted::new(|_| json!({"allowed": true, "warnings": ["looked"]}));
    let w = world(&[("/look", look.clone())]).await;
    w.configure(
        VALIDATING,
        "look",
        vec![w.webhook("look.example.com", "/look", json!({}))],
    )
    .await;
    let dry = w
        .http
        .post(
            &format!("{CONFIGMAPS}?dryRun=All"),
            &configmap("dry", json!({})),
        )
        .await;
    assert_eq!(dry.warnings(), ["299 - \"looked\""]);
    dry.expect(201);
    w.http.get(&format!("{CONFIGMAPS}/dry")).await.expect(404);
    let request = &look.seen()[0];
    assert_eq!(request["dryRun"], true);
    assert_eq!(
        request["options"],
        json!({"apiVersion": "meta.k8s.io/v1", "kind": "CreateOptions", "dryRun": ["All"]})
    );
}

/// A CRD serving `v1` (stored) and `v2` of one schema, converted by `None`.
fn two_version_crd() -> Value {
    let schema = json!({"openAPIV3Schema": {"type": "object", "properties": {
        "spec": {"type": "object", "properties": {"size": {"type": "integer"}}}}}});
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "widgets.shop.example.com"},
        "spec": {
            "group": "shop.example.com",
            "scope": "Namespaced",
            "names": {"plural": "widgets", "singular": "widget", "kind": "Widget", "listKind": "WidgetList"},
            "versions": [
                {"name": "v1", "served": true, "storage": true, "schema": schema},
                {"name": "v2", "served": true, "storage": false, "schema": schema},
            ],
        },
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_equivalent_rule_gets_the_object_in_its_own_version() {
    let v1_only =
        Scripted::new(|_| patch(json!([{"op": "add", "path": "/spec/size", "value": 7}])));
    let exact = Scripted::new(|_| allow());
    let w = world(&[("/v1", v1_only.clone()), ("/exact", exact.clone())]).await;
    w.http
        .post(
            "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
            &two_version_crd(),
        )
        .await
        .expect(201);
    let rules = json!({"rules": [{"apiGroups": ["shop.example.com"], "apiVersions": ["v1"],
                                  "operations": ["CREATE"], "resources": ["widgets"]}]});
    let mut exact_rules = rules.clone();
    exact_rules["matchPolicy"] = json!("Exact");
    w.configure(
        MUTATING,
        "widgets",
        vec![
            w.webhook("v1.example.com", "/v1", rules),
            w.webhook("exact.example.com", "/exact", exact_rules),
        ],
    )
    .await;
    let widget = json!({"apiVersion": "shop.example.com/v2", "kind": "Widget",
                        "metadata": {"name": "w", "namespace": "default"}, "spec": {"size": 1}});
    let created = w
        .http
        .post(
            "/apis/shop.example.com/v2/namespaces/default/widgets",
            &widget,
        )
        .await
        .expect(201);
    // Patched in v1, answered in v2 (generic/webhook.go: the equivalent resource's kind).
    assert_eq!(created["apiVersion"], "shop.example.com/v2");
    assert_eq!(created["spec"]["size"], 7);
    let request = &v1_only.seen()[0];
    assert_eq!(
        request["kind"],
        json!({"group": "shop.example.com", "version": "v1", "kind": "Widget"})
    );
    assert_eq!(request["requestKind"]["version"], "v2");
    assert_eq!(request["resource"]["version"], "v1");
    assert_eq!(request["requestResource"]["version"], "v2");
    assert_eq!(request["object"]["apiVersion"], "shop.example.com/v1");
    assert!(
        exact.seen().is_empty(),
        "Exact does not match another version"
    );
}
