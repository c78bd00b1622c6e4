//! Admission webhook configurations (`admissionregistration.k8s.io/v1`): one
//! `ValidatingWebhookConfiguration` and one `MutatingWebhookConfiguration`, in
//! `webhooks/validating-webhook-configuration.yaml` and
//! `webhooks/mutating-webhook-configuration.yaml` beside `crds/`, each with one webhook per
//! resource whose kind asks (`validating_webhook`, `mutating_webhook`). They point at the
//! crate's webhook server (`[package.metadata.kapi.webhook]`, the service the CRDs'
//! conversion stanza names too) at its validate and mutate paths, for the resource in every
//! served version. No `caBundle`: cert-manager's cainjector writes it when the settings name
//! a Certificate (`cert-manager.io/inject-ca-from`), or the deployment patches it in.

use super::core::{Context, GeneratedFile, Generator};
use super::settings::{is_dns_subdomain, WebhookSettings};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::version_name::priority as version_priority;
use crate::model::{AdmissionWebhook, GroupVersion, KindCategory, KindInfo, Scope, TypeDef};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The webhook configuration generator.
pub struct Webhook;

impl Generator for Webhook {
    fn name(&self) -> &'static str {
        "webhook"
    }

    fn generate(&self, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile> {
        let resources = resources(cx.served());
        let mut files = Vec::new();
        for side in [Side::Validating, Side::Mutating] {
            let webhooks: Vec<Value> = resources
                .values()
                .filter_map(|served| webhook(side, served, cx.settings.webhook.as_ref(), diags))
                .collect();
            if webhooks.is_empty() {
                continue;
            }
            // Every asking kind reported the missing settings already.
            let Some(settings) = &cx.settings.webhook else {
                continue;
            };
            files.push(GeneratedFile {
                path: cx
                    .settings
                    .output
                    .join("webhooks")
                    .join(format!("{}.yaml", side.file_name())),
                contents: to_yaml(&configuration(side, settings, webhooks)),
            });
        }
        files
    }
}

/// Which of the two configurations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Validating,
    Mutating,
}

impl Side {
    fn kind(self) -> &'static str {
        match self {
            Side::Validating => "ValidatingWebhookConfiguration",
            Side::Mutating => "MutatingWebhookConfiguration",
        }
    }

    fn file_name(self) -> &'static str {
        match self {
            Side::Validating => "validating-webhook-configuration",
            Side::Mutating => "mutating-webhook-configuration",
        }
    }

    /// The marker that asks for it.
    fn marker(self) -> &'static str {
        match self {
            Side::Validating => "validating_webhook",
            Side::Mutating => "mutating_webhook",
        }
    }

    /// The first label of each webhook's name.
    fn verb(self) -> &'static str {
        match self {
            Side::Validating => "validate",
            Side::Mutating => "mutate",
        }
    }

    fn of(self, kind: &KindInfo) -> Option<&AdmissionWebhook> {
        match self {
            Side::Validating => kind.validating_webhook.as_ref(),
            Side::Mutating => kind.mutating_webhook.as_ref(),
        }
    }

    fn path(self, settings: &WebhookSettings) -> &str {
        match self {
            Side::Validating => &settings.validate_path,
            Side::Mutating => &settings.mutate_path,
        }
    }
}

/// A resource's kind in each served version, most preferred version first.
type Served<'a> = Vec<(&'a GroupVersion, &'a TypeDef, &'a KindInfo)>;

/// Every served object kind by (group, plural): a webhook rule names the resource.
fn resources<'a>(
    served: impl Iterator<Item = &'a GroupVersion>,
) -> BTreeMap<(&'a str, &'a str), Served<'a>> {
    let mut out: BTreeMap<(&str, &str), Served> = BTreeMap::new();
    for gv in served {
        for t in gv.kinds() {
            let Some(k) = t.kind.as_ref().filter(|k| k.category == KindCategory::Object) else {
                continue;
            };
            out.entry((gv.group.as_str(), k.plural.as_str()))
                .or_default()
                .push((gv, t, k));
        }
    }
    for served in out.values_mut() {
        served.sort_by(|a, b| version_priority(&a.0.version, &b.0.version));
    }
    out
}

/// The webhook entry of one resource, if its kind asks for `side`; the problems with the
/// markers and the settings go to `diags`.
fn webhook(
    side: Side,
    served: &Served,
    settings: Option<&WebhookSettings>,
    diags: &mut Diagnostics,
) -> Option<Value> {
    let asking: Vec<_> = served
        .iter()
        .filter_map(|(gv, t, k)| side.of(k).map(|w| (*gv, *t, w)))
        .collect();
    let (first_gv, first_t, marker) = *asking.first()?;
    let mut agreed = true;
    for (gv, t, k) in served {
        match side.of(k) {
            None => {
                diags.push(at(
                    first_t,
                    marker,
                    format!(
                        "kind `{}` asks for a {} in {} but not in {}",
                        t.name,
                        side.marker().replace('_', " "),
                        first_gv.version,
                        gv.version
                    ),
                    format!(
                        "one webhook serves the resource in every served version (kube-apiserver converts a request to the version a rule matches): write the same `{}` on `{}` in {}",
                        side.marker(),
                        t.name,
                        gv.version
                    ),
                ));
                agreed = false;
            }
            Some(other) if !other.same_as(marker) => {
                diags.push(at(
                    t,
                    other,
                    format!(
                        "`{}` of `{}` in {} differs from the one in {}",
                        side.marker(),
                        t.name,
                        gv.version,
                        first_gv.version
                    ),
                    "one webhook serves the resource in every served version: make the markers agree".into(),
                ));
                agreed = false;
            }
            Some(_) => {}
        }
    }
    let Some(settings) = settings else {
        diags.push(at(
            first_t,
            marker,
            format!(
                "kind `{}` asks for a {}, but Cargo.toml does not say where the webhook server runs",
                first_t.name,
                side.marker().replace('_', " ")
            ),
            "add `[package.metadata.kapi.webhook]` with `service = { namespace = \"..\", name = \"..\", port = 443 }` (or `url = \"https://..\"`)".into(),
        ));
        return None;
    };
    let kind = first_t.kind.as_ref()?;
    let group = first_gv.group.as_str();
    let name = format!("{}.{}.{group}", side.verb(), kind.plural);
    if !is_dns_subdomain(&name) || name.split('.').count() < 3 {
        diags.push(at(
            first_t,
            marker,
            format!("the webhook's name `{name}` is not a domain of three or more labels, which kube-apiserver requires"),
            "admission webhooks are named `<validate|mutate>.<plural>.<group>`: give the kind a group with a dot (`example.com`)".into(),
        ));
        return None;
    }
    if !agreed {
        return None;
    }
    let versions: Vec<&str> = served.iter().map(|(gv, _, _)| gv.version.as_str()).collect();
    let scope = match kind.scope {
        Scope::Namespaced => "Namespaced",
        Scope::Cluster => "Cluster",
    };
    let mut entry = json!({
        "name": name,
        "clientConfig": settings.client_config(side.path(settings)).to_json(),
        "rules": [{
            "apiGroups": [group],
            "apiVersions": versions,
            "operations": marker.operations,
            "resources": [kind.plural],
            "scope": scope,
        }],
        "failurePolicy": marker.failure_policy.as_deref().unwrap_or(&settings.failure_policy),
        "matchPolicy": settings.match_policy,
        "sideEffects": marker.side_effects.as_deref().unwrap_or(&settings.side_effects),
        "timeoutSeconds": marker.timeout_seconds.unwrap_or(settings.timeout_seconds),
        "admissionReviewVersions": settings.admission_review_versions,
    });
    // The patch is the kind's defaults, which a second call would not change.
    if side == Side::Mutating {
        entry["reinvocationPolicy"] = "Never".into();
    }
    Some(entry)
}

/// The configuration object of `side` holding `webhooks`, sorted by name.
pub fn configuration(side: Side, settings: &WebhookSettings, mut webhooks: Vec<Value>) -> Value {
    webhooks.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    let mut metadata = json!({ "name": settings.configuration_name });
    if let Some(certificate) = settings.inject_ca_from() {
        metadata["annotations"] = json!({ "cert-manager.io/inject-ca-from": certificate });
    }
    json!({
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": side.kind(),
        "metadata": metadata,
        "webhooks": webhooks,
    })
}

/// The document as YAML, keys sorted (serde_json's maps are), so output is stable.
fn to_yaml(doc: &Value) -> String {
    serde_yaml_ng::to_string(doc).unwrap_or_else(|e| {
        // A JSON value always has a YAML form; keep a failure visible rather than panic.
        format!("# cannot render as YAML: {e}\n")
    })
}

/// An error at a webhook marker of `t`.
fn at(t: &TypeDef, marker: &AdmissionWebhook, message: String, help: String) -> Diagnostic {
    let mut d = Diagnostic::new(marker.span, message).with_help(help);
    d.file = Some(t.file.clone());
    d
}
