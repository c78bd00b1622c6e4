//! The subresources kube-apiserver serves for core kinds that are not a view of the object:
//! `pods/binding` (sets the Pod's node), `pods/eviction` (deletes the Pod unless a
//! PodDisruptionBudget refuses) and `serviceaccounts/token` (a TokenRequest answered with a
//! token). Each takes a POST of its own kind.

use super::write::{delete_one, guaranteed_update};
use crate::context::{Ctx, Reply};
use crate::lifecycle::metadata;
use crate::store::{Collection, ResourceKey};
use http::StatusCode;
use kapi_core::meta::{Status, StatusCause, StatusDetails};
use kapi_core::validation::{ErrorList, FieldError};
use kapi_serving::negotiate::Encoding;
use kapi_serving::{StatusError, Target};
use serde_json::{json, Value};

pub(super) fn create(
    ctx: &mut Ctx<'_>,
    subresource: &str,
    body: &[u8],
) -> Result<Reply, StatusError> {
    let value = request_body(ctx, body)?;
    let name = ctx.url_name().to_string();
    match (ctx.resource.plural(), subresource) {
        ("pods", "binding") => {
            bind(ctx, &name, &value)?;
            success(ctx)
        }
        ("pods", "eviction") => evict(ctx, &name, &value),
        ("serviceaccounts", "token") => token(ctx, &name, &value),
        _ => Err(StatusError::no_route()),
    }
}

/// The posted object as JSON, from any encoding the client chose: kubectl's typed clients
/// send protobuf (`kubectl create token`, `kubectl drain`'s evictions).
fn request_body(ctx: &Ctx<'_>, body: &[u8]) -> Result<Value, StatusError> {
    match ctx.body_encoding()? {
        Encoding::Protobuf => ctx
            .state
            .scheme
            .decode_without_defaults(body)
            .map_err(StatusError::from)?
            .to_json_value()
            .map_err(StatusError::internal),
        Encoding::Json => serde_json::from_slice(body)
            .map_err(|e| StatusError::bad_request(format!("error decoding request body: {e}"))),
        Encoding::Yaml => kapi_core::codec::yaml::from_slice(body).map_err(|e| {
            StatusError::bad_request(format!("error decoding YAML request body: {e}"))
        }),
    }
}

/// `pods/binding`, and the top-level `bindings` whose Binding names the Pod: kube-apiserver's
/// `BindingREST`.
pub(crate) fn bind(ctx: &Ctx<'_>, name: &str, binding: &Value) -> Result<(), StatusError> {
    let declared = binding["metadata"]["name"].as_str().unwrap_or_default();
    if declared != name {
        return Err(StatusError::bad_request(
            "name in URL does not match name in Binding object",
        ));
    }
    let target_kind = binding["target"]["kind"].as_str().unwrap_or_default();
    let node = binding["target"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let mut errors = ErrorList::default();
    if !target_kind.is_empty() && target_kind != "Node" {
        errors.push(FieldError::not_supported(
            "target.kind",
            target_kind,
            &["Node", "<empty>"],
        ));
    }
    if node.is_empty() {
        errors.push(FieldError::required("target.name", ""));
    }
    if !errors.is_empty() {
        return Err(StatusError::invalid(
            Target {
                group: "",
                resource: "bindings",
                kind: "Binding",
                name,
            },
            &errors,
        ));
    }
    let conflict = |why: String| {
        StatusError::conflict(
            Target {
                group: "",
                resource: "pods/binding",
                kind: "",
                name,
            },
            &why,
        )
    };
    guaranteed_update(ctx, name, false, true, &|pod| {
        let mut pod = pod.clone();
        let assigned = pod["spec"]["nodeName"].as_str().unwrap_or_default();
        if !assigned.is_empty() {
            return Err(conflict(format!(
                "pod {name} is already assigned to node {assigned:?}"
            )));
        }
        if pod["metadata"]["deletionTimestamp"].is_string() {
            return Err(conflict(format!(
                "pod {name} is being deleted, cannot be assigned to a host"
            )));
        }
        pod["spec"]["nodeName"] = json!(node);
        if let Some(annotations) = binding["metadata"]["annotations"].as_object() {
            for (k, v) in annotations {
                pod["metadata"]["annotations"][k] = v.clone();
            }
        }
        let conditions = &mut pod["status"]["conditions"];
        if !conditions.is_array() {
            *conditions = json!([]);
        }
        if let Some(list) = conditions.as_array_mut() {
            list.retain(|c| c["type"] != "PodScheduled");
            list.push(json!({ "type": "PodScheduled", "status": "True" }));
        }
        Ok(pod)
    })?;
    Ok(())
}

/// 201 with a `Status` of success, as kube-apiserver answers a binding or an eviction.
pub(crate) fn success(ctx: &Ctx<'_>) -> Result<Reply, StatusError> {
    let status = Status {
        status: "Success".into(),
        code: 201,
        ..Default::default()
    };
    let body = serde_json::to_vec(&status).map_err(StatusError::internal)?;
    let mut reply = ctx.reply(StatusCode::CREATED, body);
    reply.content_type = kapi_serving::negotiate::JSON;
    Ok(reply)
}

fn selector_matches(selector: &Value, labels: &Value) -> bool {
    let label = |k: &str| labels[k].as_str();
    let matches_labels = selector["matchLabels"]
        .as_object()
        .into_iter()
        .flatten()
        .all(|(k, v)| label(k) == v.as_str());
    let matches_expressions = selector["matchExpressions"]
        .as_array()
        .into_iter()
        .flatten()
        .all(|e| {
            let key = e["key"].as_str().unwrap_or_default();
            let values: Vec<&str> = e["values"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            match e["operator"].as_str().unwrap_or_default() {
                "In" => label(key).is_some_and(|v| values.contains(&v)),
                "NotIn" => !label(key).is_some_and(|v| values.contains(&v)),
                "Exists" => label(key).is_some(),
                "DoesNotExist" => label(key).is_none(),
                _ => false,
            }
        });
    matches_labels && matches_expressions
}

/// kube-apiserver's `disruptionDeniedMessage`.
fn denied_message(pdb: &Value) -> String {
    let name = pdb["metadata"]["name"].as_str().unwrap_or_default();
    let status = &pdb["status"];
    let condition = status["conditions"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["type"] == "DisruptionAllowed");
    let text = |c: &Value, k: &str| c[k].as_str().unwrap_or_default().to_string();
    let failed = condition.filter(|c| c["status"] == "False" && !text(c, "message").is_empty());
    let desired = status["desiredHealthy"].as_i64().unwrap_or(0);
    let current = status["currentHealthy"].as_i64().unwrap_or(0);
    match failed {
        Some(c) if text(c, "reason") == "SyncFailed" => format!(
            "The disruption budget {name} does not allow evicting pods currently because it failed sync: {}",
            text(c, "message")
        ),
        _ if current <= desired => format!(
            "The disruption budget {name} needs {desired} healthy pods and has {current} currently"
        ),
        Some(c) => format!(
            "The disruption budget {name} does not allow evicting pods currently ({}): {}",
            text(c, "reason"),
            text(c, "message")
        ),
        None => format!("The disruption budget {name} does not allow evicting pods currently"),
    }
}

/// `pods/eviction`: kube-apiserver's `EvictionREST` as far as a server without a disruption
/// controller can judge: a PodDisruptionBudget selecting the Pod with no disruptions
/// allowed refuses with 429.
fn evict(ctx: &mut Ctx<'_>, name: &str, eviction: &Value) -> Result<Reply, StatusError> {
    let declared = eviction["metadata"]["name"].as_str().unwrap_or_default();
    if declared != name {
        return Err(StatusError::bad_request(
            "name in URL does not match name in Eviction object",
        ));
    }
    let key = ctx.key(name);
    let stored = ctx
        .state
        .store
        .get(&key)
        .ok_or_else(|| StatusError::not_found(ctx.target(name)))?;
    let pod = ctx.present_json(&stored.value)?;
    let phase = pod["status"]["phase"].as_str().unwrap_or_default();
    // A finished Pod is deleted whatever its budgets say.
    if phase != "Succeeded" && phase != "Failed" {
        let namespace = ctx.namespace.clone().unwrap_or_default();
        let labels = metadata(&pod)
            .map(|m| m["labels"].clone())
            .unwrap_or(Value::Null);
        let (pdbs, _) = ctx.state.store.list_all(&Collection::namespaced(
            ResourceKey::new("policy", "poddisruptionbudgets"),
            namespace,
        ));
        let mut selecting = Vec::new();
        for entry in pdbs {
            let pdb = entry
                .value
                .object
                .to_json_value()
                .map_err(StatusError::internal)?;
            let selector = &pdb["spec"]["selector"];
            // A budget without a selector, or with an empty one, selects nothing.
            let empty = selector.as_object().is_none_or(|s| {
                s.values().all(|v| {
                    v.as_object().is_some_and(|o| o.is_empty())
                        || v.as_array().is_some_and(|a| a.is_empty())
                        || v.is_null()
                })
            });
            if !empty && labels.is_object() && selector_matches(selector, &labels) {
                selecting.push(pdb);
            }
        }
        if selecting.len() > 1 {
            return Err(StatusError::internal(
                "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.",
            ));
        }
        if let Some(pdb) = selecting.first() {
            let pdb_name = pdb["metadata"]["name"].as_str().unwrap_or_default();
            let allowed = pdb["status"]["disruptionsAllowed"].as_i64().unwrap_or(0);
            let observed = pdb["status"]["observedGeneration"].as_i64().unwrap_or(0);
            let generation = pdb["metadata"]["generation"].as_i64().unwrap_or(0);
            if observed < generation {
                return Err(too_many_requests(
                    "Cannot evict pod as it would violate the pod's disruption budget.",
                    "too many changes to PDB to check".to_string(),
                ));
            }
            if allowed < 0 {
                return Err(StatusError::new(
                    403,
                    "Forbidden",
                    format!("poddisruptionbudgets.policy {pdb_name:?} is forbidden: pdb disruptions allowed is negative"),
                ));
            }
            if allowed == 0 {
                return Err(too_many_requests(
                    "Cannot evict pod as it would violate the pod's disruption budget.",
                    denied_message(pdb),
                ));
            }
            if !ctx.dry_run()? {
                record_disruption(ctx, pdb_name, name)?;
            }
        }
    }
    let options: kapi_core::meta::DeleteOptions =
        serde_json::from_value(eviction["deleteOptions"].clone()).unwrap_or_default();
    delete_one(ctx, name, &options)?;
    success(ctx)
}

/// What kube-apiserver's `checkAndDecrement` writes to the budget's status before the Pod
/// goes: one disruption fewer allowed, the Pod among the disrupted ones, and the
/// `DisruptionAllowed` condition when none is left.
fn record_disruption(ctx: &Ctx<'_>, pdb: &str, pod: &str) -> Result<(), StatusError> {
    let pdbs = ctx
        .state
        .resources
        .get("policy", "v1", "poddisruptionbudgets")
        .ok_or_else(StatusError::no_route)?;
    let pdb_ctx = Ctx {
        state: ctx.state,
        resource: pdbs,
        namespace: ctx.namespace.clone(),
        name: Some(pdb.to_string()),
        subresource: Some("status".into()),
        query: Default::default(),
        headers: Default::default(),
        output: ctx.output,
        warnings: Vec::new(),
        admission: ctx.admission.clone(),
    };
    let now = jiff::Timestamp::now()
        .strftime("%Y-%m-%dT%H:%M:%SZ")
        .to_string();
    guaranteed_update(&pdb_ctx, pdb, true, true, &|old| {
        let mut new = old.clone();
        let status = &mut new["status"];
        let allowed = status["disruptionsAllowed"].as_i64().unwrap_or(0) - 1;
        status["disruptionsAllowed"] = json!(allowed);
        if !status["disruptedPods"].is_object() {
            status["disruptedPods"] = json!({});
        }
        status["disruptedPods"][pod] = json!(now);
        if allowed == 0 {
            let observed = status["observedGeneration"].clone();
            if !status["conditions"].is_array() {
                status["conditions"] = json!([]);
            }
            if let Some(conditions) = status["conditions"].as_array_mut() {
                let changed = conditions
                    .iter()
                    .find(|c| c["type"] == "DisruptionAllowed")
                    .is_none_or(|c| c["status"] != "False");
                let transition = conditions
                    .iter()
                    .find(|c| c["type"] == "DisruptionAllowed")
                    .filter(|_| !changed)
                    .map(|c| c["lastTransitionTime"].clone())
                    .unwrap_or_else(|| json!(now));
                conditions.retain(|c| c["type"] != "DisruptionAllowed");
                conditions.push(json!({
                    "type": "DisruptionAllowed",
                    "status": "False",
                    "reason": "InsufficientPods",
                    "message": "",
                    "observedGeneration": observed,
                    "lastTransitionTime": transition,
                }));
            }
        }
        Ok(new)
    })?;
    Ok(())
}

/// kube-apiserver's `NewTooManyRequests(message, 10)` with a `DisruptionBudget` cause.
fn too_many_requests(message: &str, cause: String) -> StatusError {
    let mut e = StatusError::from_status(Status {
        status: "Failure".into(),
        message: message.into(),
        reason: "TooManyRequests".into(),
        code: 429,
        details: Some(StatusDetails {
            retry_after_seconds: 10,
            causes: vec![StatusCause {
                type_: "DisruptionBudget".into(),
                message: cause,
                ..Default::default()
            }],
            ..Default::default()
        }),
        ..Default::default()
    });
    e.retry_after = Some(10);
    e
}

/// `serviceaccounts/token`: a TokenRequest answered with a token for the ServiceAccount
/// (kube-apiserver's `TokenREST`).
fn token(ctx: &mut Ctx<'_>, name: &str, request: &Value) -> Result<Reply, StatusError> {
    let key = ctx.key(name);
    let stored = ctx
        .state
        .store
        .get(&key)
        .ok_or_else(|| StatusError::not_found(ctx.target(name)))?;
    let account = ctx.present_json(&stored.value)?;
    let spec = &request["spec"];
    let seconds = spec["expirationSeconds"].as_i64().unwrap_or(3600);
    let mut errors = ErrorList::default();
    // kube-apiserver's ValidateTokenRequest.
    if seconds < 600 {
        errors.push(FieldError::invalid(
            "spec.expirationSeconds",
            seconds,
            "may not specify a duration less than 10 minutes",
        ));
    }
    if seconds > 1 << 32 {
        errors.push(FieldError::invalid(
            "spec.expirationSeconds",
            seconds,
            "may not specify a duration larger than 2^32 seconds",
        ));
    }
    if !errors.is_empty() {
        return Err(StatusError::invalid(
            Target {
                group: "authentication.k8s.io",
                resource: "tokenrequests",
                kind: "TokenRequest",
                name,
            },
            &errors,
        ));
    }
    let mut audiences: Vec<String> = spec["audiences"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a.as_str().map(str::to_string))
        .collect();
    if audiences.is_empty() {
        // kube-apiserver's `--api-audiences` default: its issuer.
        audiences.push("https://kubernetes.default.svc.cluster.local".into());
    }
    let namespace = ctx.namespace.clone().unwrap_or_default();
    let uid = account["metadata"]["uid"].as_str().unwrap_or_default();
    let (token, expires) = ctx
        .state
        .builtin
        .tokens
        .issue(&namespace, name, uid, &audiences, seconds);
    let expiration = jiff::Timestamp::from_second(expires)
        .map_err(StatusError::internal)?
        .strftime("%Y-%m-%dT%H:%M:%SZ")
        .to_string();
    let mut out = request.clone();
    out["apiVersion"] = json!("authentication.k8s.io/v1");
    out["kind"] = json!("TokenRequest");
    out["metadata"]["name"] = json!(name);
    out["metadata"]["namespace"] = json!(namespace);
    out["spec"]["audiences"] = json!(audiences);
    out["spec"]["expirationSeconds"] = json!(seconds);
    out["status"] = json!({ "token": token, "expirationTimestamp": expiration });
    let obj = ctx
        .state
        .scheme
        .decode_value(out)
        .map_err(|e| ctx.scheme_error(e, name))?;
    ctx.object_reply(StatusCode::CREATED, obj.as_ref())
}

/// A create of the top-level `bindings`: the Binding names the Pod it binds.
pub(super) fn create_binding(ctx: &Ctx<'_>, body: &[u8]) -> Result<Reply, StatusError> {
    let value = request_body(ctx, body)?;
    let pods = ctx
        .state
        .resources
        .get("", "v1", "pods")
        .ok_or_else(StatusError::no_route)?;
    let name = value["metadata"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let pod_ctx = Ctx {
        state: ctx.state,
        resource: pods,
        namespace: ctx.namespace.clone(),
        name: Some(name.clone()),
        subresource: Some("binding".into()),
        query: ctx.query.clone(),
        headers: ctx.headers.clone(),
        output: ctx.output,
        warnings: Vec::new(),
        admission: ctx.admission.clone(),
    };
    bind(&pod_ctx, &name, &value)?;
    success(ctx)
}
