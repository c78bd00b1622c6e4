//! Admission webhooks called as kube-apiserver calls them: the
//! `MutatingWebhookConfiguration`s and `ValidatingWebhookConfiguration`s stored in the
//! server (when the scheme has those kinds), each webhook whose rules and selectors match a
//! write sent an `admission.k8s.io` `AdmissionReview` over HTTPS (`webhook_client`).
//! Mutating webhooks run first, in order (configurations by name, webhooks as listed), each
//! seeing the last one's patched object; validating webhooks then see the object as it will
//! be stored. A denial is kube-apiserver's `Status` ("admission webhook "n" denied the
//! request: ..."); a webhook that cannot be called fails the write with a 500 under
//! `failurePolicy: Fail` and is skipped under `Ignore`.
//!
//! The configurations are sent no reviews of their own (kube-apiserver never sends one of
//! them to a webhook). Not done: `matchConditions` (CEL), reinvocation, `matchPolicy:
//! Equivalent`'s conversion to another version of the resource (a rule must name the
//! request's version, or `*`), and warnings.

use super::state::ServerState;
use super::store::{ObjectKey, ResourceKey};
use super::webhook_client::WebhookClient;
use kapi_core::meta::LabelSelector;
use kapi_serving::StatusError;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::Duration;

const GROUP: &str = "admissionregistration.k8s.io";

/// A write, as the rules of a webhook see it.
pub struct Attributes<'a> {
    pub group: &'a str,
    pub version: &'a str,
    pub kind: &'a str,
    pub resource: &'a str,
    pub subresource: &'a str,
    /// `CREATE`, `UPDATE` or `DELETE`.
    pub operation: &'static str,
    /// Empty for a cluster-scoped object.
    pub namespace: &'a str,
    pub name: &'a str,
    pub namespaced: bool,
    pub dry_run: bool,
}

struct Hook {
    name: String,
    client: Result<WebhookClient, String>,
    rules: Vec<Value>,
    fail: bool,
    object_selector: Option<LabelSelector>,
    namespace_selector: Option<LabelSelector>,
    review_version: &'static str,
}

/// The webhooks stored when a write arrives, and the labels of its namespace: taken before
/// the write enters the store, whose lock its update holds while admission runs.
pub struct Snapshot {
    mutating: Vec<Hook>,
    validating: Vec<Hook>,
    namespace_labels: BTreeMap<String, String>,
}

impl Snapshot {
    /// `None` when no configuration is stored: a write then pays nothing more.
    pub fn take(state: &ServerState, namespace: Option<&str>) -> Option<std::sync::Arc<Snapshot>> {
        let stored = [
            "mutatingwebhookconfigurations",
            "validatingwebhookconfigurations",
        ]
        .iter()
        .any(|resource| {
            !state
                .store
                .is_empty(&super::store::Collection::all(ResourceKey::new(
                    GROUP, *resource,
                )))
        });
        if !stored {
            return None;
        }
        let namespace_labels = namespace
            .map(|ns| ObjectKey::new(ResourceKey::new("", "namespaces"), "", ns))
            .and_then(|key| state.store.get(&key))
            .and_then(|e| e.value.object.to_json_value().ok())
            .map(|ns| labels_of(Some(&ns)))
            .unwrap_or_default();
        Some(std::sync::Arc::new(Snapshot {
            mutating: hooks(state, true),
            validating: hooks(state, false),
            namespace_labels,
        }))
    }
}

/// The webhooks of every stored configuration of one side, configurations sorted by name.
fn hooks(state: &ServerState, mutating: bool) -> Vec<Hook> {
    let resource = if mutating {
        "mutatingwebhookconfigurations"
    } else {
        "validatingwebhookconfigurations"
    };
    let (entries, _) = state
        .store
        .list_all(&super::store::Collection::all(ResourceKey::new(
            GROUP, resource,
        )));
    let mut out = Vec::new();
    for entry in entries {
        let Ok(config) = entry.value.object.to_json_value() else {
            continue;
        };
        for webhook in config
            .get("webhooks")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let name = webhook
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let timeout = webhook
                .get("timeoutSeconds")
                .and_then(Value::as_u64)
                .unwrap_or(10);
            let versions: Vec<&str> = webhook
                .get("admissionReviewVersions")
                .and_then(Value::as_array)
                .map(|v| v.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let selector = |field: &str| {
                webhook
                    .get(field)
                    .and_then(|s| serde_json::from_value::<LabelSelector>(s.clone()).ok())
            };
            out.push(Hook {
                client: WebhookClient::from_client_config(
                    webhook.get("clientConfig").unwrap_or(&Value::Null),
                    &format!("webhook {name:?}"),
                    Duration::from_secs(timeout),
                ),
                rules: webhook
                    .get("rules")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default(),
                fail: webhook.get("failurePolicy").and_then(Value::as_str) != Some("Ignore"),
                object_selector: selector("objectSelector"),
                namespace_selector: selector("namespaceSelector"),
                review_version: if versions.contains(&"v1") || versions.is_empty() {
                    "v1"
                } else {
                    "v1beta1"
                },
                name,
            });
        }
    }
    out
}

fn listed(list: Option<&Value>, wanted: &str) -> bool {
    list.and_then(Value::as_array).is_some_and(|items| {
        items
            .iter()
            .filter_map(Value::as_str)
            .any(|item| item == "*" || item == wanted)
    })
}

/// Whether one of `rules` covers the write (kube-apiserver's `RuleMatcher`).
fn rules_match(rules: &[Value], a: &Attributes<'_>) -> bool {
    rules.iter().any(|rule| {
        let resource_ok =
            rule.get("resources")
                .and_then(Value::as_array)
                .is_some_and(|resources| {
                    resources.iter().filter_map(Value::as_str).any(|r| {
                        let (res, sub) = r.split_once('/').unwrap_or((r, ""));
                        (res == "*" || res == a.resource)
                            && (sub == a.subresource || (sub == "*" && !a.subresource.is_empty()))
                            || (r == "*/*")
                    })
                });
        let scope_ok = match rule.get("scope").and_then(Value::as_str).unwrap_or("*") {
            "Namespaced" => a.namespaced,
            "Cluster" => !a.namespaced,
            _ => true,
        };
        listed(rule.get("apiGroups"), a.group)
            && listed(rule.get("apiVersions"), a.version)
            && listed(rule.get("operations"), a.operation)
            && resource_ok
            && scope_ok
    })
}

fn labels_of(object: Option<&Value>) -> BTreeMap<String, String> {
    object
        .and_then(|o| o.pointer("/metadata/labels"))
        .and_then(Value::as_object)
        .map(|labels| {
            labels
                .iter()
                .filter_map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_string())))
                .collect()
        })
        .unwrap_or_default()
}

fn selected(
    hook: &Hook,
    snapshot: &Snapshot,
    a: &Attributes<'_>,
    object: Option<&Value>,
    old: Option<&Value>,
) -> bool {
    if let Some(selector) = &hook.object_selector {
        // kube-apiserver matches either the new or the old object's labels.
        if !selector.matches(&labels_of(object)) && !selector.matches(&labels_of(old)) {
            return false;
        }
    }
    if let Some(selector) = &hook.namespace_selector {
        if a.namespaced && !selector.matches(&snapshot.namespace_labels) {
            return false;
        }
    }
    true
}

fn review(hook: &Hook, a: &Attributes<'_>, object: Option<&Value>, old: Option<&Value>) -> Value {
    let uid = format!("{:016x}{:016x}", fastrand::u64(..), fastrand::u64(..));
    let kind = json!({"group": a.group, "version": a.version, "kind": a.kind});
    let resource = json!({"group": a.group, "version": a.version, "resource": a.resource});
    let options = match a.operation {
        "CREATE" => "CreateOptions",
        "UPDATE" => "UpdateOptions",
        _ => "DeleteOptions",
    };
    let mut request = json!({
        "uid": uid,
        "kind": kind, "resource": resource,
        "requestKind": kind, "requestResource": resource,
        "name": a.name,
        "operation": a.operation,
        // The server authenticates no one: kube-apiserver's anonymous user.
        "userInfo": {"username": "system:anonymous", "groups": ["system:unauthenticated"]},
        "object": object.cloned().unwrap_or(Value::Null),
        "oldObject": old.cloned().unwrap_or(Value::Null),
        "dryRun": a.dry_run,
        "options": {"apiVersion": "meta.k8s.io/v1", "kind": options},
    });
    if !a.subresource.is_empty() {
        request["subResource"] = json!(a.subresource);
        request["requestSubResource"] = json!(a.subresource);
    }
    if !a.namespace.is_empty() {
        request["namespace"] = json!(a.namespace);
    }
    json!({
        "apiVersion": format!("admission.k8s.io/{}", hook.review_version),
        "kind": "AdmissionReview",
        "request": request,
    })
}

/// What a webhook answered: allowed (with a JSON patch for a mutating one), or denied.
enum Answer {
    Allowed(Option<json_patch::Patch>),
    Denied(StatusError),
}

fn call(hook: &Hook, review: &Value, mutating: bool) -> Result<Answer, String> {
    let client = hook.client.as_ref().map_err(Clone::clone)?;
    let answer = client.post_json(review)?;
    let response = answer.get("response").ok_or("the answer has no response")?;
    let uid = review.pointer("/request/uid").and_then(Value::as_str);
    if response.get("uid").and_then(Value::as_str) != uid {
        return Err(format!(
            "expected response.uid={:?}, got {:?}",
            uid.unwrap_or(""),
            response.get("uid").and_then(Value::as_str).unwrap_or("")
        ));
    }
    if response.get("allowed").and_then(Value::as_bool) != Some(true) {
        return Ok(Answer::Denied(denied(&hook.name, response.get("status"))));
    }
    let Some(patch) = response.get("patch").and_then(Value::as_str) else {
        return Ok(Answer::Allowed(None));
    };
    if !mutating {
        return Err("a validating webhook may not return a patch".into());
    }
    if response.get("patchType").and_then(Value::as_str) != Some("JSONPatch") {
        return Err("the only supported patchType is JSONPatch".into());
    }
    let bytes = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, patch)
        .map_err(|e| format!("the patch is not base64: {e}"))?;
    let patch: json_patch::Patch =
        serde_json::from_slice(&bytes).map_err(|e| format!("the patch is no JSON patch: {e}"))?;
    Ok(Answer::Allowed(Some(patch)))
}

/// kube-apiserver's `ToStatusErr`: the webhook's status, at least a 400, its message after
/// "admission webhook "name" denied the request".
fn denied(name: &str, status: Option<&Value>) -> StatusError {
    let status = status.cloned().unwrap_or_else(|| json!({}));
    let text = |field: &str| status.get(field).and_then(Value::as_str).unwrap_or("");
    let denied_by = format!("admission webhook {name:?} denied the request");
    let message = match (text("message"), text("reason")) {
        (m, _) if !m.is_empty() => format!("{denied_by}: {m}"),
        (_, r) if !r.is_empty() => format!("{denied_by}: {r}"),
        _ => format!("{denied_by} without explanation"),
    };
    let code = status
        .get("code")
        .and_then(Value::as_u64)
        .and_then(|c| u16::try_from(c).ok())
        .filter(|c| *c >= 400)
        .unwrap_or(400);
    let mut error = StatusError::new(code, text("reason"), message);
    if let Some(details) = status.get("details") {
        error.status.details = serde_json::from_value(details.clone()).ok();
    }
    error
}

fn failed_calling(name: &str, why: &str) -> StatusError {
    StatusError::internal(format!("failed calling webhook {name:?}: {why}"))
}

/// Runs the mutating webhooks on `object`, in order, each patch applied before the next.
pub fn mutate(
    snapshot: &Snapshot,
    a: &Attributes<'_>,
    object: &mut Value,
    old: Option<&Value>,
) -> Result<(), StatusError> {
    if a.group == GROUP {
        return Ok(());
    }
    for hook in &snapshot.mutating {
        if !rules_match(&hook.rules, a) || !selected(hook, snapshot, a, Some(object), old) {
            continue;
        }
        match call(hook, &review(hook, a, Some(object), old), true) {
            Ok(Answer::Denied(error)) => return Err(error),
            Ok(Answer::Allowed(Some(patch))) => {
                json_patch::patch(object, &patch)
                    .map_err(|e| failed_calling(&hook.name, &format!("applying its patch: {e}")))?;
            }
            Ok(Answer::Allowed(None)) => {}
            Err(why) if hook.fail => return Err(failed_calling(&hook.name, &why)),
            Err(_) => {}
        }
    }
    Ok(())
}

/// Runs the validating webhooks on `object` (`None` on DELETE); the first denial stops
/// the write.
pub fn validate(
    snapshot: &Snapshot,
    a: &Attributes<'_>,
    object: Option<&Value>,
    old: Option<&Value>,
) -> Result<(), StatusError> {
    if a.group == GROUP {
        return Ok(());
    }
    for hook in &snapshot.validating {
        if !rules_match(&hook.rules, a) || !selected(hook, snapshot, a, object, old) {
            continue;
        }
        match call(hook, &review(hook, a, object, old), false) {
            Ok(Answer::Denied(error)) => return Err(error),
            Ok(Answer::Allowed(_)) => {}
            Err(why) if hook.fail => return Err(failed_calling(&hook.name, &why)),
            Err(_) => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{denied, rules_match, Attributes};
    use serde_json::json;

    fn pods() -> Attributes<'static> {
        Attributes {
            group: "",
            version: "v1",
            kind: "Pod",
            resource: "pods",
            subresource: "",
            operation: "CREATE",
            namespace: "default",
            name: "web",
            namespaced: true,
            dry_run: false,
        }
    }

    #[test]
    fn rules_match_as_kube_apiservers_rule_matcher() {
        let rule = |resources: serde_json::Value| {
            vec![
                json!({"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE"],
                        "resources": resources, "scope": "*"}),
            ]
        };
        assert!(rules_match(&rule(json!(["pods"])), &pods()));
        assert!(rules_match(&rule(json!(["*"])), &pods()));
        assert!(!rules_match(&rule(json!(["services"])), &pods()));
        let status = Attributes {
            subresource: "status",
            ..pods()
        };
        assert!(!rules_match(&rule(json!(["pods"])), &status));
        assert!(rules_match(&rule(json!(["pods/status"])), &status));
        assert!(rules_match(&rule(json!(["pods/*"])), &status));
        assert!(!rules_match(&rule(json!(["pods/*"])), &pods()));
        assert!(rules_match(&rule(json!(["*/*"])), &status));
        let update = Attributes {
            operation: "UPDATE",
            ..pods()
        };
        assert!(!rules_match(&rule(json!(["pods"])), &update));
        let cluster = vec![
            json!({"apiGroups": ["*"], "apiVersions": ["*"], "operations": ["*"],
                                  "resources": ["*"], "scope": "Cluster"}),
        ];
        assert!(!rules_match(&cluster, &pods()));
    }

    #[test]
    fn a_denial_reads_as_kube_apiservers() {
        let e = denied(
            "deny.example.com",
            Some(&json!({"code": 403, "message": "no"})),
        );
        assert_eq!(e.code(), 403);
        assert_eq!(
            e.status.message,
            "admission webhook \"deny.example.com\" denied the request: no"
        );
        let e = denied("d", Some(&json!({"code": 200})));
        assert_eq!(e.code(), 400);
        assert_eq!(
            e.status.message,
            "admission webhook \"d\" denied the request without explanation"
        );
        assert_eq!(denied("d", None).code(), 400);
        let e = denied("d", Some(&json!({"reason": "Because"})));
        assert_eq!(
            e.status.message,
            "admission webhook \"d\" denied the request: Because"
        );
    }
}
