//! References to other objects: `fooRef` holds an object with a `name`, a field holding only
//! a name is `fooName`.

use super::api::{element, unwrap, Api};
use super::rule::{Rule, Sink};
use super::words::words;
use crate::model::{Scalar, Shape, TypeRef};
use heck::{ToLowerCamelCase, ToUpperCamelCase};
use std::collections::{HashMap, HashSet};

pub(super) const RULES: &[Rule] = &[
    Rule {
        name: "reference-holds-object",
        rationale: "a `fooRef` is an object with `name` (and `namespace`, `apiGroup`, `kind` as needed), so it can grow without breaking",
        check: reference_holds_object,
    },
    Rule {
        name: "reference-field-name",
        rationale: "a field holding an object reference is named `fooRef` (`fooRefs` for a list), never `fooReference`",
        check: reference_field_name,
    },
    Rule {
        name: "name-field-suffix",
        rationale: "a string naming another object is `fooName` (`secretName`, not `secret`)",
        check: name_field_suffix,
    },
];

/// Kubernetes kinds that API fields commonly name, in camelCase.
const BUILTIN_KINDS: &[&str] = &[
    "configMap",
    "cronJob",
    "daemonSet",
    "deployment",
    "job",
    "node",
    "persistentVolume",
    "persistentVolumeClaim",
    "pod",
    "priorityClass",
    "runtimeClass",
    "secret",
    "service",
    "serviceAccount",
    "statefulSet",
    "storageClass",
    "ingressClass",
];

/// The last word of a field's JSON name, lowercased.
fn last_word(json: &str) -> String {
    words(json)
        .last()
        .map(|w| w.to_ascii_lowercase())
        .unwrap_or_default()
}

fn is_reference_word(w: &str) -> bool {
    matches!(w, "ref" | "refs" | "reference" | "references")
}

/// The JSON name without its last word, `secret` for `secretReference`.
fn without_last_word(json: &str) -> String {
    let ws = words(json);
    ws[..ws.len().saturating_sub(1)]
        .concat()
        .to_lower_camel_case()
}

fn reference_holds_object(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        if !is_reference_word(&last_word(&f.json_name)) {
            continue;
        }
        let base = without_last_word(&f.json_name);
        let problem = match element(&f.ty) {
            TypeRef::Scalar(s) => format!("is a bare `{}`", s.rust_name()),
            TypeRef::Map { .. } => format!("is a map, `{}`", f.ty),
            ty @ TypeRef::Named(_) => match api.resolve(item.gv, ty) {
                Some(t) if matches!(t.shape, Shape::Enum { .. }) => {
                    format!("is the enum `{}`", t.name)
                }
                Some(t) if !t.fields().iter().any(|tf| tf.json_name == "name") => {
                    format!("holds `{}`, which has no `name`", t.name)
                }
                _ => continue,
            },
            _ => continue,
        };
        sink.on_field(
            item.ty,
            f,
            format!("reference `{}.{}` {problem}", item.ty.name, f.rust_name),
            format!(
                "hold a struct with `name` (plus `namespace`, `apiGroup`, `kind` as needed); a field holding only a name is \"{base}Name\""
            ),
        );
    }
}

fn reference_field_name(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        let last = last_word(&f.json_name);
        let list = matches!(unwrap(&f.ty), TypeRef::Vec(_));
        let suffix = if list { "Refs" } else { "Ref" };
        let (message, suggestion) = if matches!(last.as_str(), "reference" | "references") {
            (
                format!(
                    "reference `{}.{}` is named `...{}`",
                    item.ty.name,
                    f.rust_name,
                    last.to_upper_camel_case()
                ),
                format!("{}{suffix}", without_last_word(&f.json_name)),
            )
        } else if !is_reference_word(&last)
            && element(&f.ty)
                .named_last()
                .is_some_and(|n| n.ends_with("Reference") || n.ends_with("Ref"))
        {
            (
                format!(
                    "`{}.{}` holds a `{}` but its name does not end in `{suffix}`",
                    item.ty.name,
                    f.rust_name,
                    element(&f.ty)
                ),
                format!("{}{suffix}", f.json_name),
            )
        } else {
            continue;
        };
        sink.on_field(item.ty, f, message, format!("name it \"{suggestion}\""));
    }
}

fn name_field_suffix(api: &Api, sink: &mut Sink) {
    let local: Vec<String> = api
        .object_kinds()
        .map(|k| k.ty.name.to_lower_camel_case())
        .collect();
    // (lowerCamel, UpperCamel), cased once.
    let kinds: Vec<(&str, String)> = BUILTIN_KINDS
        .iter()
        .copied()
        .chain(local.iter().map(String::as_str))
        .map(|k| (k, k.to_upper_camel_case()))
        .collect();
    // A name that ends with a kind ends with it at a capital letter: each field tries its
    // suffixes from the longest, rather than every kind (fields × kinds on a large API).
    let by_lower: HashMap<&str, &str> = kinds.iter().map(|(l, u)| (*l, u.as_str())).collect();
    let by_upper: HashSet<&str> = kinds.iter().map(|(_, u)| u.as_str()).collect();
    for (item, f) in api.fields() {
        if unwrap(&f.ty) != &TypeRef::Scalar(Scalar::String) {
            continue;
        }
        let json = f.json_name.as_str();
        // The longest kind the name ends with: `serviceAccount`, not `account`.
        let Some(kind) = by_lower.get(json).copied().or_else(|| {
            json.char_indices()
                .filter(|(_, c)| c.is_uppercase())
                .map(|(i, _)| &json[i..])
                .find(|suffix| by_upper.contains(suffix))
        }) else {
            continue;
        };
        sink.on_field(
            item.ty,
            f,
            format!("string `{}.{}` names a {}", item.ty.name, f.rust_name, kind),
            format!("name it \"{json}Name\", or make it a \"{json}Ref\" object"),
        );
    }
}
