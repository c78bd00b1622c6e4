//! CustomResourceDefinitions served as kube-apiserver's apiextensions server serves them:
//! a CRD written through the API (any client, `kubectl apply`) becomes kinds described by
//! its schemas, served from the next request on; its status says so (`NamesAccepted`,
//! `Established`, `acceptedNames`, `storedVersions`), and deleting it deletes its objects.
//!
//! The server re-derives the kinds from the stored CRDs after every write to
//! `customresourcedefinitions`, before that write is answered, so a client that created a
//! CRD can use its resource with its next request. Versions convert as the CRD says:
//! `None` rewrites `apiVersion`, `Webhook` calls its `clientConfig.url`
//! (`conversion_webhook`). A CRD this module cannot serve (names another kind has, a
//! webhook without an address outside a cluster) stays stored and unserved, its conditions
//! false with the reason.

use super::conversion_webhook::ConversionWebhook;
use super::crd_rules;
use super::resources::Resource;
use super::schema_kind::SchemaKind;
use kapi_core::scheme::{
    GroupVersionKind, KindHandler, KindMeta, KindShape, Names, PrintColumn, ResourceMeta,
    ScalePaths,
};
use kapi_core::validation::{ErrorList, ErrorType, FieldError};
use kapi_core::{Object, Scheme, Scope};
use kapi_schema::structural::{Violation, ViolationType};
use serde_json::{json, Value};
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::Arc;

pub const GROUP: &str = "apiextensions.k8s.io";
pub const RESOURCE: &str = "customresourcedefinitions";

/// A custom resource's verbs, in the order kube-apiserver's discovery lists them.
const VERBS: &[&str] = &[
    "delete",
    "deletecollection",
    "get",
    "list",
    "patch",
    "create",
    "update",
    "watch",
];

/// A CRD's own checks on a write, as kube-apiserver's CRD strategy runs them (names,
/// versions, structural schemas, selectable fields; `old` is the stored CRD on an update):
/// each violation one field error of the 422. Objects of other resources pass.
pub fn admit(
    resource: &Resource,
    object: &dyn Object,
    old: Option<&dyn Object>,
) -> Result<(), ErrorList> {
    if resource.group() != GROUP || resource.kind() != "CustomResourceDefinition" {
        return Ok(());
    }
    let value = object.to_json_value().map_err(|e| {
        let mut errors = ErrorList::default();
        errors.push(FieldError::new(
            ErrorType::Internal,
            "",
            None,
            e.to_string(),
        ));
        errors
    })?;
    let mut errors = ErrorList::default();
    for v in kapi_schema::structural::check_crd(&value) {
        errors.push(violation_error(v));
    }
    crd_rules::check(&value, &mut errors);
    let old = old.and_then(|o| o.to_json_value().ok());
    for e in super::selectable_fields::validate(&value, old.as_ref()).iter() {
        errors.push(e.clone());
    }
    errors.into_result()
}

/// A CRD violation as apiextensions reports it: its field error type and bad value.
pub(crate) fn violation_error(v: Violation) -> FieldError {
    let error_type = match v.kind {
        ViolationType::Required => ErrorType::Required,
        ViolationType::Forbidden => ErrorType::Forbidden,
        ViolationType::Invalid => ErrorType::Invalid,
        ViolationType::NotSupported => ErrorType::NotSupported,
        ViolationType::Duplicate => ErrorType::Duplicate,
        ViolationType::TooMany => ErrorType::TooMany,
        ViolationType::Internal => ErrorType::Internal,
    };
    FieldError::new(error_type, v.path, v.value, v.message)
}

/// One served version of a CRD, ready for the scheme.
pub struct CrdKind {
    pub group: String,
    pub version: String,
    pub meta: KindMeta,
    pub handler: Arc<dyn KindHandler>,
    /// The field labels a list or watch may select on.
    pub field_labels: Vec<String>,
}

impl CrdKind {
    pub fn gvk(&self) -> GroupVersionKind {
        GroupVersionKind::new(&self.group, &self.version, &self.meta.kind)
    }
}

/// What a CRD serves: its group, plural, and one kind per served version; or why it
/// serves nothing.
pub struct Served {
    pub group: String,
    pub plural: String,
    pub kinds: Vec<CrdKind>,
    pub storage_version: String,
}

fn text<'a>(value: &'a Value, pointer: &str) -> &'a str {
    value.pointer(pointer).and_then(Value::as_str).unwrap_or("")
}

fn names(value: &Value, pointer: &str) -> Names {
    let list: Vec<String> = value
        .pointer(pointer)
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    if list.is_empty() {
        Names::NONE
    } else {
        Names::Owned(list)
    }
}

/// The kinds `crd` (its JSON, as stored) serves.
pub fn served(crd: &Value) -> Result<Served, String> {
    let group = text(crd, "/spec/group").to_string();
    let kind = text(crd, "/spec/names/kind").to_string();
    let plural = text(crd, "/spec/names/plural").to_string();
    if group.is_empty() || kind.is_empty() || plural.is_empty() {
        return Err("spec.group, spec.names.kind and spec.names.plural are required".into());
    }
    let singular = match text(crd, "/spec/names/singular") {
        "" => kind.to_lowercase(),
        s => s.to_string(),
    };
    let list_kind = match text(crd, "/spec/names/listKind") {
        "" => format!("{kind}List"),
        s => s.to_string(),
    };
    let scope = match text(crd, "/spec/scope") {
        "Cluster" => Scope::Cluster,
        _ => Scope::Namespaced,
    };
    let versions = crd
        .pointer("/spec/versions")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let storage_version = versions
        .iter()
        .find(|v| v.get("storage").and_then(Value::as_bool) == Some(true))
        .map(|v| text(v, "/name").to_string())
        .ok_or("no version is the storage version")?;
    let served_versions = versions
        .iter()
        .filter(|v| v.get("served").and_then(Value::as_bool) == Some(true))
        .count();
    let webhook = match text(crd, "/spec/conversion/strategy") {
        "Webhook" if served_versions > 1 => Some(Arc::new(ConversionWebhook::from_client_config(
            crd.pointer("/spec/conversion/webhook/clientConfig")
                .unwrap_or(&Value::Null),
        )?)),
        _ => None,
    };
    let mut kinds = Vec::new();
    for version in &versions {
        if version.get("served").and_then(Value::as_bool) != Some(true) {
            continue;
        }
        let name = text(version, "/name").to_string();
        let schema = version
            .pointer("/schema/openAPIV3Schema")
            .cloned()
            .unwrap_or_else(
                || json!({"type": "object", "x-kubernetes-preserve-unknown-fields": true}),
            );
        let mut handler = SchemaKind::new(&group, &name, &kind, schema).map_err(|violations| {
            violations
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        })?;
        if let Some(webhook) = &webhook {
            handler = handler.with_conversion_webhook(webhook.clone());
        }
        let resource = ResourceMeta {
            plural: Cow::Owned(plural.clone()),
            singular: Cow::Owned(singular.clone()),
            scope,
            list_kind: Cow::Owned(list_kind.clone()),
            short_names: names(crd, "/spec/names/shortNames"),
            categories: names(crd, "/spec/names/categories"),
            verbs: Some(Names::Static(VERBS)),
            subresource_status: version.pointer("/subresources/status").is_some(),
            scale: version
                .pointer("/subresources/scale")
                .map(|scale| ScalePaths {
                    spec_replicas_path: Cow::Owned(text(scale, "/specReplicasPath").to_string()),
                    status_replicas_path: Cow::Owned(
                        text(scale, "/statusReplicasPath").to_string(),
                    ),
                    label_selector_path: scale
                        .get("labelSelectorPath")
                        .and_then(Value::as_str)
                        .map(|p| Cow::Owned(p.to_string())),
                }),
            print_columns: Cow::Owned(print_columns(version)),
        };
        kinds.push(CrdKind {
            group: group.clone(),
            version: name.clone(),
            meta: KindMeta {
                kind: Cow::Owned(kind.clone()),
                shape: KindShape::Object(resource),
                storage_version: name == storage_version,
                convertible: false,
                introduced: None,
                deprecated: None,
                removed: None,
            },
            handler: Arc::new(handler),
            field_labels: super::selectable_fields::labels(version, scope == Scope::Namespaced),
        });
    }
    Ok(Served {
        group,
        plural,
        kinds,
        storage_version,
    })
}

fn print_columns(version: &Value) -> Vec<PrintColumn> {
    let Some(columns) = version
        .get("additionalPrinterColumns")
        .and_then(Value::as_array)
    else {
        return Vec::new();
    };
    columns
        .iter()
        .map(|c| PrintColumn {
            name: Cow::Owned(text(c, "/name").to_string()),
            type_: Cow::Owned(text(c, "/type").to_string()),
            format: Cow::Owned(text(c, "/format").to_string()),
            description: Cow::Owned(text(c, "/description").to_string()),
            priority: c
                .get("priority")
                .and_then(Value::as_i64)
                .and_then(|p| i32::try_from(p).ok())
                .unwrap_or(0),
            json_path: Cow::Owned(text(c, "/jsonPath").to_string()),
        })
        .collect()
}

/// Why a stored CRD is not served.
#[derive(Debug)]
pub enum NotServed {
    /// A name another kind of its group has, as the naming controller finds it
    /// (`PluralConflict`, ..., `"frobbers" is already in use`).
    Names {
        reason: &'static str,
        message: String,
    },
    /// Anything else: why, in the `Established` condition.
    Other(String),
}

/// The first of `crd`'s names another kind of its group in `scheme` already has, checked
/// in the naming controller's order: plural, singular, short names (against every
/// resource's), kind and list kind (against every kind's).
pub fn name_conflict(scheme: &Scheme, crd: &Served) -> Option<NotServed> {
    let first = crd.kinds.first()?;
    let KindShape::Object(wanted) = &first.meta.shape else {
        return None;
    };
    let mut resources = BTreeSet::new();
    let mut kinds = BTreeSet::new();
    for version in scheme.versions_of(&crd.group) {
        for meta in scheme.kinds_of(&crd.group, version) {
            kinds.insert(meta.kind.to_string());
            if let Some(r) = meta.resource() {
                kinds.insert(r.list_kind.to_string());
                resources.insert(r.plural.to_string());
                resources.insert(r.singular.to_string());
                resources.extend(r.short_names.iter().map(str::to_string));
            }
        }
    }
    resources.remove("");
    let taken = |reason: &'static str, name: &str| NotServed::Names {
        reason,
        message: format!("{name:?} is already in use"),
    };
    if resources.contains(wanted.plural.as_ref()) {
        return Some(taken("PluralConflict", &wanted.plural));
    }
    if resources.contains(wanted.singular.as_ref()) {
        return Some(taken("SingularConflict", &wanted.singular));
    }
    if let Some(short) = wanted.short_names.iter().find(|s| resources.contains(*s)) {
        return Some(taken("ShortNamesConflict", short));
    }
    if kinds.contains(first.meta.kind.as_ref()) {
        return Some(taken("KindConflict", &first.meta.kind));
    }
    if kinds.contains(wanted.list_kind.as_ref()) {
        return Some(taken("ListKindConflict", &wanted.list_kind));
    }
    None
}

/// The CRD's status once the server serves it (or why not), as the naming and
/// establishing controllers write it: conditions that keep their transition time while
/// they hold, `acceptedNames`, and `storedVersions` growing with each storage version.
pub fn status(crd: &Value, outcome: Result<&str, &NotServed>, now: &str) -> Value {
    let old = crd.get("status").cloned().unwrap_or_else(|| json!({}));
    let mut stored: Vec<Value> = old
        .get("storedVersions")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let condition = |type_: &str, ok: bool, reason: &str, message: &str| {
        let since = old
            .get("conditions")
            .and_then(Value::as_array)
            .and_then(|cs| {
                cs.iter().find(|c| {
                    c.get("type").and_then(Value::as_str) == Some(type_)
                        && c.get("status").and_then(Value::as_str)
                            == Some(if ok { "True" } else { "False" })
                })
            })
            .and_then(|c| c.get("lastTransitionTime").cloned())
            .unwrap_or_else(|| now.into());
        json!({"type": type_, "status": if ok { "True" } else { "False" },
               "lastTransitionTime": since, "reason": reason, "message": message})
    };
    let (conditions, accepted) = match outcome {
        Ok(storage_version) => {
            if !stored.iter().any(|v| v.as_str() == Some(storage_version)) {
                stored.push(storage_version.into());
            }
            (
                vec![
                    condition("NamesAccepted", true, "NoConflicts", "no conflicts found"),
                    condition(
                        "Established",
                        true,
                        "InitialNamesAccepted",
                        "the initial names have been accepted",
                    ),
                ],
                crd.pointer("/spec/names")
                    .cloned()
                    .unwrap_or_else(|| json!({})),
            )
        }
        Err(NotServed::Names { reason, message }) => (
            vec![
                condition("NamesAccepted", false, reason, message),
                condition(
                    "Established",
                    false,
                    "NotAccepted",
                    "not all names are accepted",
                ),
            ],
            old.get("acceptedNames")
                .cloned()
                .unwrap_or_else(|| json!({"kind": "", "plural": ""})),
        ),
        Err(NotServed::Other(why)) => (
            vec![
                condition("NamesAccepted", true, "NoConflicts", "no conflicts found"),
                condition("Established", false, "NotServed", why),
            ],
            old.get("acceptedNames")
                .cloned()
                .unwrap_or_else(|| json!({"kind": "", "plural": ""})),
        ),
    };
    json!({"conditions": conditions, "acceptedNames": accepted, "storedVersions": stored})
}
