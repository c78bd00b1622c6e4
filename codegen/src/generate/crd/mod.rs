//! CustomResourceDefinitions (`apiextensions.k8s.io/v1`): one YAML file per object kind,
//! `crds/<group>_<plural>.yaml` as controller-gen names them, with every served version,
//! the storage version, structural schemas (everything inlined, `metadata` only an object),
//! subresources, printer columns, names, scope, deprecation, and a conversion strategy:
//! `None` when every version has the same schema, a webhook when they differ.
//!
//! Settings (`[package.metadata.kapi]`):
//! - `webhook = { service = { namespace = "..", name = "..", port = 443 } }` (or
//!   `{ url = "https://.." }`), with its `convert-path` (default `/convert`): where the API
//!   server sends ConversionReviews; with `cert-manager-certificate`, such a CRD carries
//!   `cert-manager.io/inject-ca-from` so cainjector fills in the webhook's `caBundle`.
//! - `crd-max-description-length = N`: cut every description to at most N characters (0
//!   drops them), so a large CRD stays under the 262144-byte annotation limit of
//!   `kubectl apply` (client-side apply keeps the whole object in an annotation).

use kapi_schema::structural;
mod yaml;

use super::core::{map_on_cores, Context, GeneratedFile, Generator};
use super::schema::{deprecation_warning, Builder, Target};
use super::settings::{CrdSettings, WebhookConfig};
use crate::diagnostics::{Diagnostic, Diagnostics, Severity};
use crate::model::resolve::{Index, Origin};
use crate::model::version_name::priority as version_priority;
use crate::model::{GroupVersion, KindCategory, KindInfo, Scope, TypeDef};
use serde_json::{json, Map, Value};
use std::path::PathBuf;

/// The CRD generator.
pub struct Crd;

impl Generator for Crd {
    fn name(&self) -> &'static str {
        "crd"
    }

    fn generate(&self, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile> {
        let versions: Vec<&GroupVersion> = cx
            .served()
            .filter(|gv| is_crd_group(&gv.group) && gv.kinds().next().is_some())
            .collect();
        let Some(index) = cx.resolved(&versions, diags) else {
            return Vec::new();
        };
        let (crds, errors) = crds(index, &cx.settings.crd);
        diags.extend(errors);
        map_on_cores(crds, |(name, crd)| GeneratedFile {
            path: cx.settings.output.join("crds").join(name),
            contents: to_yaml(&crd),
        })
    }
}

/// YAML as serde_yaml_ng writes it ([`yaml`]); keys come out sorted (serde_json maps), so
/// output is stable.
pub fn to_yaml(doc: &Value) -> String {
    yaml::document(doc)
}

/// A group a CRD can define: CRD groups are DNS subdomains with at least one dot (the core
/// group and Kubernetes' dotless groups are built in), and not one of the dotted groups
/// kube-apiserver serves itself (a CRD in `gateway.networking.k8s.io` is fine; one in
/// `networking.k8s.io` is not).
fn is_crd_group(group: &str) -> bool {
    group.contains('.') && !BUILT_IN_DOTTED_GROUPS.contains(&group)
}

/// k8s.io/api's groups with a dot in their name.
const BUILT_IN_DOTTED_GROUPS: &[&str] = &[
    "admission.k8s.io",
    "admissionregistration.k8s.io",
    "apidiscovery.k8s.io",
    "apiextensions.k8s.io",
    "apiregistration.k8s.io",
    "authentication.k8s.io",
    "authorization.k8s.io",
    "certificates.k8s.io",
    "coordination.k8s.io",
    "discovery.k8s.io",
    "events.k8s.io",
    "flowcontrol.apiserver.k8s.io",
    "imagepolicy.k8s.io",
    "internal.apiserver.k8s.io",
    "lifecycle.k8s.io",
    "networking.k8s.io",
    "node.k8s.io",
    "rbac.authorization.k8s.io",
    "resource.k8s.io",
    "scheduling.k8s.io",
    "storage.k8s.io",
    "storagemigration.k8s.io",
];

/// Every CRD of the API, as (file name, CRD), and the problems found.
pub fn crds(index: &Index, settings: &CrdSettings) -> (Vec<(PathBuf, Value)>, Vec<Diagnostic>) {
    let model = index.api;
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut builder = Builder::new(index, Target::Crd);
    for group in model.groups() {
        if !is_crd_group(group) {
            continue;
        }
        let mut versions: Vec<&GroupVersion> =
            model.versions_of(group).filter(|gv| !gv.internal).collect();
        versions.sort_by(|a, b| version_priority(&a.version, &b.version));
        let mut kinds: Vec<&str> = versions
            .iter()
            .flat_map(|gv| gv.kinds())
            .filter(|t| {
                t.kind
                    .as_ref()
                    .is_some_and(|k| k.category == KindCategory::Object)
            })
            .map(|t| t.name.as_str())
            .collect();
        kinds.sort();
        kinds.dedup();
        for kind in kinds {
            let served: Vec<(&GroupVersion, &TypeDef)> = versions
                .iter()
                .filter_map(|gv| gv.find(kind).map(|t| (*gv, t)))
                .filter(|(_, t)| t.kind.is_some())
                .collect();
            if let Some(crd) = crd(&mut builder, index, settings, group, &served, &mut errors) {
                out.push(crd);
            }
        }
    }
    errors.extend(builder.crd_errors);
    out.sort_by(|a, b| a.0.cmp(&b.0));
    (out, errors)
}

fn at(t: &TypeDef, message: String, help: String) -> Diagnostic {
    let mut d = Diagnostic::new(t.span, message).with_help(help);
    d.file = Some(t.file.clone());
    d
}

/// cert-manager's annotation: cainjector copies the CA of the named Certificate into the
/// object's `caBundle` fields.
const INJECT_CA_FROM: &str = "cert-manager.io/inject-ca-from";

/// `spec.conversion` for a CRD whose versions are converted by a webhook.
fn webhook_conversion(webhook: &WebhookConfig) -> Value {
    let client_config = webhook.to_json();
    json!({
        "strategy": "Webhook",
        "webhook": {
            "clientConfig": client_config,
            "conversionReviewVersions": ["v1"],
        },
    })
}

fn crd<'a>(
    builder: &mut Builder<'a>,
    index: &Index<'a>,
    settings: &CrdSettings,
    group: &str,
    served: &[(&'a GroupVersion, &'a TypeDef)],
    errors: &mut Vec<Diagnostic>,
) -> Option<(PathBuf, Value)> {
    let storage = storage_version(served, errors)?;
    let (_, stored) = served[storage];
    let k = stored.kind.as_ref()?;
    agree_on_names(served, storage, errors)?;

    // Each version's entry and its schema, which goes in once the schemas are compared.
    let mut versions: Vec<(Map<String, Value>, Value)> = Vec::new();
    for (i, (gv, t)) in served.iter().enumerate() {
        let Some(kind) = &t.kind else { continue };
        let origin = Origin {
            model: index.api,
            gv: Some(gv),
        };
        let mut schema = builder.crd_schema(origin, t);
        if let Some(max) = settings.max_description_length {
            truncate_descriptions(&mut schema, max);
        }
        let mut v = Map::new();
        v.insert("name".into(), gv.version.clone().into());
        v.insert("served".into(), true.into());
        v.insert("storage".into(), (i == storage).into());
        if let Some(warning) = deprecation_warning(index.api, gv, t) {
            v.insert("deprecated".into(), true.into());
            v.insert("deprecationWarning".into(), warning.into());
        }
        if let Some(subresources) = subresources(kind) {
            v.insert("subresources".into(), subresources);
        }
        if let Some(columns) = print_columns(kind, settings) {
            v.insert("additionalPrinterColumns".into(), columns);
        }
        versions.push((v, schema));
    }

    let same_shape = versions
        .windows(2)
        .all(|w| same_but_descriptions(&w[0].1, &w[1].1));
    let versions: Vec<Value> = versions
        .into_iter()
        .map(|(mut v, schema)| {
            // Moved in, not through `json!`, which would copy the whole schema.
            let mut wrapper = Map::new();
            wrapper.insert("openAPIV3Schema".into(), schema);
            v.insert("schema".into(), Value::Object(wrapper));
            Value::Object(v)
        })
        .collect();
    let conversion = conversion(settings, same_shape, served, stored, errors);
    let inject_ca_from = settings
        .inject_ca_from
        .as_ref()
        .filter(|_| conversion["strategy"] == "Webhook");
    let scope = match k.scope {
        Scope::Namespaced => "Namespaced",
        Scope::Cluster => "Cluster",
    };
    // The versions (with their schemas) are moved in: `json!` would copy them.
    let mut spec = Map::new();
    spec.insert("group".into(), group.into());
    spec.insert("names".into(), Value::Object(names(stored, k)));
    spec.insert("scope".into(), scope.into());
    spec.insert("versions".into(), Value::Array(versions));
    spec.insert("conversion".into(), conversion);
    let mut crd = json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": format!("{}.{group}", k.plural)},
    });
    if let Some(certificate) = inject_ca_from {
        crd["metadata"]["annotations"] = json!({ INJECT_CA_FROM: certificate });
    }
    crd["spec"] = Value::Object(spec);
    let violations = structural::check_crd(&crd);
    if !violations.is_empty() {
        errors.push(rejected(stored, &crd, &violations));
        return None;
    }
    Some((PathBuf::from(format!("{group}_{}.yaml", k.plural)), crd))
}

/// The index of the version marked `storage_version` (the only one, when one is served).
fn storage_version(
    served: &[(&GroupVersion, &TypeDef)],
    errors: &mut Vec<Diagnostic>,
) -> Option<usize> {
    let (first_gv, first) = *served.first()?;
    let marked: Vec<usize> = served
        .iter()
        .enumerate()
        .filter(|(_, (_, t))| t.kind.as_ref().is_some_and(|k| k.storage_version))
        .map(|(i, _)| i)
        .collect();
    match (marked.as_slice(), served.len()) {
        ([i], _) => Some(*i),
        ([], 1) => Some(0),
        ([], _) => {
            let names: Vec<&str> = served.iter().map(|(gv, _)| gv.version.as_str()).collect();
            errors.push(at(
                first,
                format!(
                    "kind `{}` is served in {} but no version is marked `storage_version`",
                    first.name,
                    names.join(", ")
                ),
                format!(
                    "add `storage_version` to `{}` in the version etcd should keep it in (usually the most stable, {})",
                    first.name, first_gv.version
                ),
            ));
            None
        }
        // Reported by the model's own checks; nothing sensible to write.
        _ => None,
    }
}

/// A CRD has one plural, singular, scope, short names and categories for all versions.
fn agree_on_names(
    served: &[(&GroupVersion, &TypeDef)],
    storage: usize,
    errors: &mut Vec<Diagnostic>,
) -> Option<()> {
    let k = served[storage].1.kind.as_ref()?;
    for (gv, t) in served {
        let Some(other) = &t.kind else { continue };
        let same = other.plural == k.plural
            && other.singular == k.singular
            && other.scope == k.scope
            && other.short_names == k.short_names
            && other.categories == k.categories;
        if !same {
            errors.push(at(
                t,
                format!(
                    "kind `{}` of {} has other resource names or scope than the storage version {}",
                    t.name,
                    gv.api_version(),
                    served[storage].0.version
                ),
                "a CRD has one plural, singular, scope, short names and categories for all versions; make them agree".into(),
            ));
            return None;
        }
    }
    Some(())
}

/// A version's `subresources`, if it has any.
fn subresources(kind: &KindInfo) -> Option<Value> {
    let mut subresources = Map::new();
    if kind.subresource_status {
        subresources.insert("status".into(), json!({}));
    }
    if let Some(scale) = &kind.subresource_scale {
        let mut s = Map::new();
        s.insert(
            "specReplicasPath".into(),
            scale.spec_replicas_path.clone().into(),
        );
        s.insert(
            "statusReplicasPath".into(),
            scale.status_replicas_path.clone().into(),
        );
        if let Some(selector) = &scale.label_selector_path {
            s.insert("labelSelectorPath".into(), selector.clone().into());
        }
        subresources.insert("scale".into(), Value::Object(s));
    }
    (!subresources.is_empty()).then_some(Value::Object(subresources))
}

/// A version's `additionalPrinterColumns`, if it has any.
fn print_columns(kind: &KindInfo, settings: &CrdSettings) -> Option<Value> {
    if kind.print_columns.is_empty() {
        return None;
    }
    let columns = kind.print_columns.iter().map(|c| {
        let mut m = Map::new();
        m.insert("name".into(), c.name.clone().into());
        m.insert("type".into(), c.ty.clone().into());
        m.insert("jsonPath".into(), c.json_path.clone().into());
        if let Some(d) = &c.description {
            let d = match settings.max_description_length {
                Some(max) => truncate(d, max),
                None => d.clone(),
            };
            if !d.is_empty() {
                m.insert("description".into(), d.into());
            }
        }
        if let Some(f) = &c.format {
            m.insert("format".into(), f.clone().into());
        }
        if let Some(p) = c.priority {
            m.insert("priority".into(), p.into());
        }
        Value::Object(m)
    });
    Some(Value::Array(columns.collect()))
}

/// `spec.conversion`: `None` when every version has one schema, else the webhook.
fn conversion(
    settings: &CrdSettings,
    same_shape: bool,
    served: &[(&GroupVersion, &TypeDef)],
    stored: &TypeDef,
    errors: &mut Vec<Diagnostic>,
) -> Value {
    match &settings.conversion_webhook {
        _ if same_shape => json!({"strategy": "None"}),
        Some(webhook) => webhook_conversion(webhook),
        // Without a webhook the CRD is still written, with conversion `None` (the API
        // server then only rewrites apiVersion), so local work and tests go on; the
        // warning says what a cluster needs.
        None => {
            let names: Vec<&str> = served.iter().map(|(gv, _)| gv.version.as_str()).collect();
            let mut warning = at(
                stored,
                format!(
                    "the versions of `{}` ({}) have different schemas, so its CRD needs a conversion webhook; it is written with conversion strategy `None`, which only rewrites apiVersion",
                    stored.name,
                    names.join(", ")
                ),
                "say where it runs in Cargo.toml: `[package.metadata.kapi] webhook = { service = { namespace = \"..\", name = \"..\" } }` (ConversionReviews go to its `convert-path`, `/convert` by default)".into(),
            );
            warning.severity = Severity::Warning;
            errors.push(warning);
            json!({"strategy": "None"})
        }
    }
}

/// `spec.names`, from the storage version's kind.
fn names(stored: &TypeDef, k: &KindInfo) -> Map<String, Value> {
    let mut names = Map::new();
    names.insert("kind".into(), stored.name.clone().into());
    names.insert("listKind".into(), k.list_kind.clone().into());
    names.insert("plural".into(), k.plural.clone().into());
    names.insert("singular".into(), k.singular.clone().into());
    if !k.short_names.is_empty() {
        names.insert("shortNames".into(), k.short_names.clone().into());
    }
    if !k.categories.is_empty() {
        names.insert("categories".into(), k.categories.clone().into());
    }
    names
}

/// A CRD kube-apiserver would refuse to create: the kind and every rule its CRD breaks.
fn rejected(t: &TypeDef, crd: &Value, violations: &[structural::Violation]) -> Diagnostic {
    let name = crd["metadata"]["name"].as_str().unwrap_or_default();
    let rules: Vec<String> = violations.iter().map(ToString::to_string).collect();
    at(
        t,
        format!(
            "kube-apiserver would reject the CustomResourceDefinition {name} of `{}`, so it is not written: {}",
            t.name,
            rules.join("; ")
        ),
        "change the markers these paths come from (a default outside its own bounds, a name the API server refuses, ...)".into(),
    )
}

/// Calls `f` on every schema node below and including `schema`.
fn for_each_node(schema: &mut Value, f: &mut dyn FnMut(&mut Map<String, Value>)) {
    let Value::Object(map) = schema else { return };
    f(map);
    for key in ["items", "additionalProperties", "not"] {
        if let Some(child) = map.get_mut(key) {
            for_each_node(child, f);
        }
    }
    if let Some(Value::Object(props)) = map.get_mut("properties") {
        for child in props.values_mut() {
            for_each_node(child, f);
        }
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        if let Some(Value::Array(children)) = map.get_mut(key) {
            for child in children {
                for_each_node(child, f);
            }
        }
    }
}

/// Whether two schemas are equal but for the descriptions of their nodes (those
/// [`for_each_node`] visits): compared in place, not on copies without them.
fn same_but_descriptions(a: &Value, b: &Value) -> bool {
    let (Value::Object(a), Value::Object(b)) = (a, b) else {
        return a == b;
    };
    let described = |map: &Map<String, Value>| map.keys().filter(|k| *k != "description").count();
    if described(a) != described(b) {
        return false;
    }
    a.iter().filter(|(k, _)| *k != "description").all(|(key, x)| {
        let Some(y) = b.get(key) else { return false };
        match (key.as_str(), x, y) {
            ("items" | "additionalProperties" | "not", _, _) => same_but_descriptions(x, y),
            ("properties", Value::Object(xs), Value::Object(ys)) => {
                xs.len() == ys.len()
                    && xs.iter().all(|(name, x)| {
                        ys.get(name).is_some_and(|y| same_but_descriptions(x, y))
                    })
            }
            ("allOf" | "anyOf" | "oneOf", Value::Array(xs), Value::Array(ys)) => {
                xs.len() == ys.len()
                    && xs.iter().zip(ys).all(|(x, y)| same_but_descriptions(x, y))
            }
            _ => x == y,
        }
    })
}

/// Cuts every description of a schema to `max` characters (removes them for 0).
pub fn truncate_descriptions(schema: &mut Value, max: usize) {
    for_each_node(schema, &mut |node| {
        let Some(Value::String(d)) = node.get("description") else {
            return;
        };
        let cut = truncate(d, max);
        if cut.is_empty() {
            node.remove("description");
        } else {
            node.insert("description".into(), cut.into());
        }
    });
}

/// `text` in at most `max` characters: whole sentences if they fill at least half, else
/// whole words followed by `...`.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    if max < 4 {
        return String::new();
    }
    let prefix: String = text.chars().take(max).collect();
    // The end of the last sentence that fits.
    let sentence_end = prefix
        .char_indices()
        .filter(|(i, c)| {
            matches!(c, '.' | '!' | '?')
                && prefix[i + c.len_utf8()..]
                    .chars()
                    .next()
                    .is_none_or(char::is_whitespace)
        })
        .map(|(i, c)| i + c.len_utf8())
        .next_back();
    if let Some(end) = sentence_end.filter(|e| prefix[..*e].chars().count() * 2 >= max) {
        return prefix[..end].to_string();
    }
    let room: String = text.chars().take(max - 3).collect();
    // A word that ends exactly where the room does is whole.
    let whole = text
        .chars()
        .nth(max - 3)
        .is_some_and(|c| !c.is_alphanumeric());
    let cut = match room.rfind(char::is_whitespace) {
        _ if whole => room.trim_end(),
        Some(i) if i > 0 => room[..i].trim_end(),
        _ => room.as_str(),
    };
    format!("{cut}...")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_keeps_sentences_or_words() {
        let text = "The first sentence. The second one is longer than the first.";
        assert_eq!(truncate(text, 100), text);
        assert_eq!(truncate(text, 30), "The first sentence.");
        assert_eq!(truncate(text, 15), "The first...");
        assert_eq!(truncate(text, 3), "");
        assert!(truncate("ééééééééééé", 8).chars().count() <= 8);
        for max in 4..text.len() {
            assert!(truncate(text, max).chars().count() <= max, "{max}");
        }
    }
}
