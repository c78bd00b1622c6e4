//! The review kinds: answered on create from the authorizer and the server's tokens, never
//! stored, with no name needed (kube-apiserver's `pkg/registry/authorization` and
//! `pkg/registry/authentication`).

use super::authorizer::{Attributes, Decision, UserInfo};
use super::Builtin;
use crate::resources::Resource;
use kapi_core::validation::{ErrorList, FieldError};
use kapi_serving::{StatusError, Target};
use serde_json::{json, Value};

/// The request a review answers: the registry's state, the resource and the URL's namespace.
struct Review<'a> {
    builtin: &'a Builtin,
    resource: &'a Resource,
    namespace: Option<&'a str>,
}

/// Answers a create of a review kind with the review, its status filled in; `None` when
/// the resource is none.
pub(super) fn create(
    builtin: &Builtin,
    resource: &Resource,
    namespace: Option<&str>,
    value: &Value,
) -> Option<Result<Value, StatusError>> {
    let ctx = &Review {
        builtin,
        resource,
        namespace,
    };
    let r = resource;
    let answer = match (r.group(), r.kind()) {
        ("authorization.k8s.io", "SubjectAccessReview") => access_review(ctx, value, Subject::Spec),
        ("authorization.k8s.io", "LocalSubjectAccessReview") => {
            access_review(ctx, value, Subject::Local)
        }
        ("authorization.k8s.io", "SelfSubjectAccessReview") => {
            access_review(ctx, value, Subject::Requester)
        }
        ("authorization.k8s.io", "SelfSubjectRulesReview") => rules_review(ctx, value),
        ("authentication.k8s.io", "TokenReview") => token_review(ctx, value),
        ("authentication.k8s.io", "SelfSubjectReview") => {
            let mut out = value.clone();
            out["status"] = json!({ "userInfo": user_json(&requester()) });
            Ok(out)
        }
        _ => return None,
    };
    Some(answer)
}

/// The user of the request being answered.
fn requester() -> UserInfo {
    crate::requester::requester()
}

enum Subject {
    /// SubjectAccessReview: the user in the spec.
    Spec,
    /// LocalSubjectAccessReview: the spec's user, in the URL's namespace.
    Local,
    /// SelfSubjectAccessReview: the requester.
    Requester,
}

fn target<'a>(ctx: &Review<'a>) -> Target<'a> {
    Target {
        group: ctx.resource.group(),
        resource: ctx.resource.plural(),
        kind: ctx.resource.kind(),
        name: "",
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_default().to_string()
}

fn access_review(ctx: &Review<'_>, value: &Value, subject: Subject) -> Result<Value, StatusError> {
    let spec = &value["spec"];
    let resource = spec.get("resourceAttributes").filter(|v| !v.is_null());
    let non_resource = spec.get("nonResourceAttributes").filter(|v| !v.is_null());
    let mut errors = ErrorList::default();
    // kube-apiserver's ValidateSubjectAccessReviewSpec and its self and local forms.
    if resource.is_some() == non_resource.is_some() {
        errors.push(FieldError::invalid(
            "spec",
            non_resource.cloned().unwrap_or(Value::Null),
            "exactly one of nonResourceAttributes or resourceAttributes must be specified",
        ));
    }
    let user = match subject {
        Subject::Requester => requester(),
        Subject::Spec | Subject::Local => {
            let user = UserInfo {
                username: text(spec, "user"),
                uid: text(spec, "uid"),
                groups: strings(&spec["groups"]),
                extra: spec["extra"]
                    .as_object()
                    .map(|m| m.iter().map(|(k, v)| (k.clone(), strings(v))).collect())
                    .unwrap_or_default(),
            };
            if user.username.is_empty() && user.groups.is_empty() {
                errors.push(FieldError::invalid(
                    "spec.user",
                    "",
                    "at least one of user or group must be specified",
                ));
            }
            user
        }
    };
    if !errors.is_empty() {
        return Err(StatusError::invalid(target(ctx), &errors));
    }
    let mut out = value.clone();
    if let Subject::Local = subject {
        let namespace = ctx.namespace.unwrap_or_default().to_string();
        if namespace.is_empty() {
            return Err(StatusError::bad_request(format!(
                "namespace is required on this type: {namespace}"
            )));
        }
        let declared = value["metadata"]["namespace"].as_str().unwrap_or_default();
        let attributes_namespace = resource.map(|r| text(r, "namespace")).unwrap_or_default();
        if (!declared.is_empty() && declared != namespace)
            || (resource.is_some() && attributes_namespace != namespace)
        {
            return Err(StatusError::bad_request(format!(
                "spec.resourceAttributes.namespace must match namespace: {namespace}"
            )));
        }
        out["metadata"]["namespace"] = json!(namespace);
    }
    let attributes = match (resource, non_resource) {
        (Some(r), _) => Attributes {
            user,
            verb: text(r, "verb"),
            namespace: text(r, "namespace"),
            group: text(r, "group"),
            version: text(r, "version"),
            resource: text(r, "resource"),
            subresource: text(r, "subresource"),
            name: text(r, "name"),
            path: None,
        },
        (None, Some(n)) => Attributes {
            user,
            verb: text(n, "verb"),
            path: Some(text(n, "path")),
            ..Attributes::default()
        },
        (None, None) => unreachable_attributes()?,
    };
    let decision = crate::authorization::decide(ctx.builtin.authorizer.as_ref(), &attributes);
    let (allowed, denied, reason) = match decision {
        Decision::Allow(r) => (true, false, r),
        Decision::Deny(r) => (false, true, r),
        Decision::NoOpinion(r) => (false, false, r),
    };
    let mut status = json!({ "allowed": allowed });
    if denied {
        status["denied"] = json!(true);
    }
    if !reason.is_empty() {
        status["reason"] = json!(reason);
    }
    out["status"] = status;
    Ok(out)
}

/// Validation has refused a spec with neither kind of attributes.
fn unreachable_attributes() -> Result<Attributes, StatusError> {
    Err(StatusError::internal(
        "an access review without attributes passed validation",
    ))
}

fn rules_review(ctx: &Review<'_>, value: &Value) -> Result<Value, StatusError> {
    let namespace = text(&value["spec"], "namespace");
    if namespace.is_empty() {
        // kube-apiserver's SelfSubjectRulesReview REST.
        return Err(StatusError::bad_request(
            "no namespace on request".to_string(),
        ));
    }
    let rules = ctx.builtin.authorizer.rules(&requester(), &namespace);
    let mut out = value.clone();
    let mut status = json!({
        "resourceRules": rules.resource_rules,
        "nonResourceRules": rules.non_resource_rules,
        "incomplete": rules.incomplete,
    });
    if !rules.evaluation_error.is_empty() {
        status["evaluationError"] = json!(rules.evaluation_error);
    }
    out["status"] = status;
    Ok(out)
}

fn token_review(ctx: &Review<'_>, value: &Value) -> Result<Value, StatusError> {
    let token = text(&value["spec"], "token");
    if token.is_empty() {
        // kube-apiserver's TokenReview REST.
        return Err(StatusError::bad_request(
            "token is required for TokenReview in authentication",
        ));
    }
    let audiences = strings(&value["spec"]["audiences"]);
    let mut out = value.clone();
    out["status"] = match ctx.builtin.tokens.review(&token, &audiences) {
        Some((user, audiences)) => json!({
            "authenticated": true,
            "user": user_json(&user),
            "audiences": audiences,
        }),
        None => json!({ "user": {}, "error": "invalid bearer token" }),
    };
    Ok(out)
}

fn user_json(user: &UserInfo) -> Value {
    let mut out = json!({ "username": user.username, "groups": user.groups });
    if !user.uid.is_empty() {
        out["uid"] = json!(user.uid);
    }
    if !user.extra.is_empty() {
        out["extra"] = json!(user.extra);
    }
    out
}
