//! Admission webhooks called as kube-apiserver calls them: the
//! `MutatingWebhookConfiguration`s and `ValidatingWebhookConfiguration`s stored in the
//! server (when the scheme has those kinds), each webhook whose rules, selectors and
//! `matchConditions` match a write sent an `admission.k8s.io` `AdmissionReview` over HTTPS
//! (`webhook_client`), as k8s.io/apiserver's `generic/webhook.go` and the `mutating` and
//! `validating` dispatchers do:
//!
//! - mutating webhooks first, in order (configurations by name, webhooks as listed), each
//!   seeing the last one's patched and defaulted object; those with `reinvocationPolicy:
//!   IfNeeded` are called once more when a later webhook changed the object;
//! - validating webhooks then see the object as it will be stored; on DELETE both sides see
//!   the stored object as `oldObject` (a patch is then refused);
//! - `matchPolicy: Equivalent` (the v1 default) matches a rule naming another served version
//!   of the resource, and that webhook is sent the object converted to it;
//! - a denial is kube-apiserver's `Status` ("admission webhook "n" denied the request:
//!   ..."); a webhook that cannot be called fails the write with a 500 under `failurePolicy:
//!   Fail` and is skipped under `Ignore`; a dry run reaches only webhooks without side
//!   effects; warnings reach the response.
//!
//! The configurations are sent no reviews of their own (kube-apiserver never sends one of
//! them to a webhook).

use super::state::ServerState;
use super::store::{ObjectKey, ResourceKey};
use super::webhook_client::WebhookClient;
use kapi_core::meta::LabelSelector;
use kapi_serving::{StatusError, Target};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
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
    /// The operation's options (`CreateOptions`, `UpdateOptions`, `DeleteOptions`).
    pub options: Value,
    /// The other served versions of the resource, for `matchPolicy: Equivalent`.
    pub equivalent_versions: Vec<String>,
}

/// What admission borrows from the write path: an object in another version of its kind,
/// and an object defaulted as the decoder defaults it.
pub trait Versions {
    fn convert(&self, object: &Value, version: &str) -> Result<Value, StatusError>;
    fn default(&self, object: Value) -> Result<Value, StatusError>;
}

struct Hook {
    name: String,
    client: Result<WebhookClient, String>,
    rules: Vec<Value>,
    fail: bool,
    equivalent: bool,
    object_selector: Option<LabelSelector>,
    namespace_selector: Option<LabelSelector>,
    /// `(name, expression)`, all of which must hold for the webhook to be called.
    match_conditions: Vec<(String, String)>,
    reinvoke_if_needed: bool,
    /// `sideEffects: None` or `NoneOnDryRun`: the webhook may see dry runs.
    dry_run_safe: bool,
    review_version: &'static str,
}

/// The webhooks stored when a write arrives, and the labels of its namespace: taken before
/// the write enters the store, whose lock its update holds while admission runs.
pub struct Snapshot {
    mutating: Vec<Hook>,
    validating: Vec<Hook>,
    namespace_labels: BTreeMap<String, String>,
    /// What the webhooks of this request answered as warnings, for its response.
    warnings: Mutex<Vec<String>>,
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
            warnings: Mutex::default(),
        }))
    }

    /// The webhooks' warnings so far.
    pub fn warnings(&self) -> Vec<String> {
        self.warnings
            .lock()
            .map(|w| w.clone())
            .unwrap_or_else(|e| e.into_inner().clone())
    }

    fn warn(&self, answer: &Value) {
        let Some(warnings) = answer
            .pointer("/response/warnings")
            .and_then(Value::as_array)
        else {
            return;
        };
        let mut kept = self.warnings.lock().unwrap_or_else(|e| e.into_inner());
        kept.extend(
            warnings
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string),
        );
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
            out.push(hook(webhook));
        }
    }
    out
}

fn hook(webhook: &Value) -> Hook {
    let text = |field: &str| webhook.get(field).and_then(Value::as_str);
    let name = text("name").unwrap_or("").to_string();
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
    let match_conditions = webhook
        .get("matchConditions")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|c| {
            let field = |f: &str| c.get(f).and_then(Value::as_str).unwrap_or("").to_string();
            (field("name"), field("expression"))
        })
        .collect();
    Hook {
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
        fail: text("failurePolicy") != Some("Ignore"),
        // v1's default is Equivalent.
        equivalent: text("matchPolicy") != Some("Exact"),
        object_selector: selector("objectSelector"),
        namespace_selector: selector("namespaceSelector"),
        match_conditions,
        reinvoke_if_needed: text("reinvocationPolicy") == Some("IfNeeded"),
        dry_run_safe: matches!(text("sideEffects"), Some("None" | "NoneOnDryRun")),
        review_version: if versions.contains(&"v1") || versions.is_empty() {
            "v1"
        } else {
            "v1beta1"
        },
        name,
    }
}

fn listed(list: Option<&Value>, wanted: &str) -> bool {
    list.and_then(Value::as_array).is_some_and(|items| {
        items
            .iter()
            .filter_map(Value::as_str)
            .any(|item| item == "*" || item == wanted)
    })
}

/// Whether `rule` covers the write at `version` (kube-apiserver's `rules.Matcher`).
fn rule_matches(rule: &Value, a: &Attributes<'_>, version: &str) -> bool {
    let resource_ok = rule
        .get("resources")
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
        && listed(rule.get("apiVersions"), version)
        && listed(rule.get("operations"), a.operation)
        && resource_ok
        && scope_ok
}

/// The version a webhook is to be called in: the request's when a rule covers it, else
/// (under `matchPolicy: Equivalent`) the first other served version a rule covers, rules
/// in order; `None` when it is not to be called.
fn invocation_version<'a>(hook: &Hook, a: &'a Attributes<'_>) -> Option<&'a str> {
    if hook.rules.iter().any(|r| rule_matches(r, a, a.version)) {
        return Some(a.version);
    }
    if !hook.equivalent {
        return None;
    }
    hook.rules.iter().find_map(|rule| {
        a.equivalent_versions
            .iter()
            .find(|v| rule_matches(rule, a, v))
            .map(String::as_str)
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

/// The `AdmissionRequest` for a webhook called in `version`, without its objects (what a
/// `matchConditions` expression sees as `request`).
fn request(a: &Attributes<'_>, version: &str) -> Value {
    let kind = json!({"group": a.group, "version": version, "kind": a.kind});
    let resource = json!({"group": a.group, "version": version, "resource": a.resource});
    let mut request = json!({
        "kind": kind, "resource": resource,
        "requestKind": {"group": a.group, "version": a.version, "kind": a.kind},
        "requestResource": {"group": a.group, "version": a.version, "resource": a.resource},
        "name": a.name,
        "operation": a.operation,
        // The server authenticates no one: kube-apiserver's anonymous user.
        "userInfo": {"username": "system:anonymous", "groups": ["system:unauthenticated"]},
        "dryRun": a.dry_run,
        "options": a.options,
    });
    if !a.subresource.is_empty() {
        request["subResource"] = json!(a.subresource);
        request["requestSubResource"] = json!(a.subresource);
    }
    if !a.namespace.is_empty() {
        request["namespace"] = json!(a.namespace);
    }
    request
}

fn review(hook: &Hook, mut request: Value, object: Option<&Value>, old: Option<&Value>) -> Value {
    request["uid"] = json!(format!(
        "{:016x}{:016x}",
        fastrand::u64(..),
        fastrand::u64(..)
    ));
    request["object"] = object.cloned().unwrap_or(Value::Null);
    request["oldObject"] = old.cloned().unwrap_or(Value::Null);
    json!({
        "apiVersion": format!("admission.k8s.io/{}", hook.review_version),
        "kind": "AdmissionReview",
        "request": request,
    })
}

/// Whether every `matchConditions` expression holds (`object`, `oldObject`, `request`), as
/// kube-apiserver's `matchconditions.Matcher`: any false skips the webhook; otherwise an
/// error skips it under `Ignore` and forbids the write under `Fail`.
fn conditions_hold(
    hook: &Hook,
    a: &Attributes<'_>,
    request: &Value,
    object: Option<&Value>,
    old: Option<&Value>,
) -> Result<bool, StatusError> {
    if hook.match_conditions.is_empty() {
        return Ok(true);
    }
    let null = Value::Null;
    let variables = [
        ("object", object.unwrap_or(&null)),
        ("oldObject", old.unwrap_or(&null)),
        ("request", request),
    ];
    let mut errors = Vec::new();
    for (_, expression) in &hook.match_conditions {
        match kapi_core::validation::cel::evaluate(expression, &variables) {
            Ok(Value::Bool(true)) => {}
            Ok(Value::Bool(false)) => return Ok(false),
            Ok(other) => errors.push(format!(
                "expression '{expression}' resulted in error: no such overload: {other} is not a bool"
            )),
            Err(e) => errors.push(format!("expression '{expression}' resulted in error: {e}")),
        }
    }
    if errors.is_empty() {
        return Ok(true);
    }
    if !hook.fail {
        return Ok(false);
    }
    // apimachinery's aggregate: one error as itself, several in brackets.
    let why = match errors.as_slice() {
        [one] => one.clone(),
        many => format!("[{}]", many.join(", ")),
    };
    Err(StatusError::forbidden(
        Target {
            group: a.group,
            resource: a.resource,
            kind: a.kind,
            name: a.name,
        },
        &why,
    ))
}

/// What a webhook answered: allowed (with a JSON patch for a mutating one), or denied.
enum Answer {
    Allowed(Option<json_patch::Patch>),
    Denied(StatusError),
}

fn call(
    snapshot: &Snapshot,
    hook: &Hook,
    review: &Value,
    mutating: bool,
) -> Result<Answer, String> {
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
    snapshot.warn(&answer);
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
    Ok(Answer::Allowed((!patch.0.is_empty()).then_some(patch)))
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

/// Whether `hook` is to be called on this write, and in which version: its rules, its
/// selectors, the dry-run check and its `matchConditions` (evaluated on the objects in
/// that version).
fn invocation(
    snapshot: &Snapshot,
    hook: &Hook,
    a: &Attributes<'_>,
    versions: &dyn Versions,
    object: Option<&Value>,
    old: Option<&Value>,
) -> Result<Option<Invocation>, StatusError> {
    let Some(version) = invocation_version(hook, a) else {
        return Ok(None);
    };
    if !selected(hook, snapshot, a, object, old) {
        return Ok(None);
    }
    let in_version = |value: Option<&Value>| match value {
        Some(v) if version != a.version => versions.convert(v, version).map(Some),
        other => Ok(other.cloned()),
    };
    let (object, old) = (in_version(object)?, in_version(old)?);
    let request = request(a, version);
    if !conditions_hold(hook, a, &request, object.as_ref(), old.as_ref())? {
        return Ok(None);
    }
    if a.dry_run && !hook.dry_run_safe {
        return Err(StatusError::bad_request(format!(
            "admission webhook {:?} does not support dry run",
            hook.name
        )));
    }
    Ok(Some(Invocation {
        version: version.to_string(),
        review: review(hook, request, object.as_ref(), old.as_ref()),
        object,
    }))
}

/// A webhook's call: the version it is called in, its review, the object it is sent.
struct Invocation {
    version: String,
    review: Value,
    object: Option<Value>,
}

/// Runs the mutating webhooks on `object` (`None` on DELETE), in order, each patch applied
/// and defaulted before the next; then once more those with `reinvocationPolicy: IfNeeded`
/// that a later webhook's change concerns (kube-apiserver's `webhookReinvokeContext`).
pub fn mutate(
    snapshot: &Snapshot,
    a: &Attributes<'_>,
    versions: &dyn Versions,
    object: &mut Option<Value>,
    old: Option<&Value>,
) -> Result<(), StatusError> {
    if a.group == GROUP {
        return Ok(());
    }
    let mut reinvocable = BTreeSet::new();
    let mut reinvoke = BTreeSet::new();
    for round in 0..2 {
        for (index, hook) in snapshot.mutating.iter().enumerate() {
            if round == 1 && !reinvoke.contains(&index) {
                continue;
            }
            let Some(changed) = mutate_once(snapshot, hook, a, versions, object, old)? else {
                continue;
            };
            if changed {
                reinvoke.append(&mut reinvocable);
            }
            if hook.reinvoke_if_needed {
                reinvocable.insert(index);
            }
        }
        if round == 0 && reinvoke.is_empty() {
            break;
        }
    }
    Ok(())
}
/// One mutating webhook on the write: `None` when it was not called, else whether its patch
/// changed the object.
fn mutate_once(
    snapshot: &Snapshot,
    hook: &Hook,
    a: &Attributes<'_>,
    versions: &dyn Versions,
    object: &mut Option<Value>,
    old: Option<&Value>,
) -> Result<Option<bool>, StatusError> {
    let Some(call_in) = invocation(snapshot, hook, a, versions, object.as_ref(), old)? else {
        return Ok(None);
    };
    let patch = match call(snapshot, hook, &call_in.review, true) {
        Ok(Answer::Denied(error)) => return Err(error),
        Ok(Answer::Allowed(patch)) => patch,
        Err(why) if hook.fail => return Err(failed_calling(&hook.name, &why)),
        Err(_) => None,
    };
    let Some(patch) = patch else {
        return Ok(Some(false));
    };
    let (Some(current), Some(mut sent)) = (object.as_mut(), call_in.object) else {
        return Err(StatusError::internal(format!(
            "admission webhook {:?} attempted to modify the object, which is not supported for this operation",
            hook.name
        )));
    };
    let before = sent.clone();
    json_patch::patch(&mut sent, &patch).map_err(StatusError::internal)?;
    // As the dispatcher: changed is the patched object against the one sent, before the
    // patched one is defaulted.
    let changed = sent != before;
    let patched = versions.default(sent)?;
    *current = if call_in.version == a.version {
        patched
    } else {
        versions.convert(&patched, a.version)?
    };
    Ok(Some(changed))
}

/// Runs the validating webhooks on `object` (`None` on DELETE); the first denial stops
/// the write.
pub fn validate(
    snapshot: &Snapshot,
    a: &Attributes<'_>,
    versions: &dyn Versions,
    object: Option<&Value>,
    old: Option<&Value>,
) -> Result<(), StatusError> {
    if a.group == GROUP {
        return Ok(());
    }
    for hook in &snapshot.validating {
        let Some(call_in) = invocation(snapshot, hook, a, versions, object, old)? else {
            continue;
        };
        match call(snapshot, hook, &call_in.review, false) {
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
    use super::*;
    use serde_json::json;

    fn rules_match(rules: &[Value], a: &Attributes<'_>) -> bool {
        rules.iter().any(|r| rule_matches(r, a, a.version))
    }

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
            options: json!({"apiVersion": "meta.k8s.io/v1", "kind": "CreateOptions"}),
            equivalent_versions: Vec::new(),
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
