//! Kinds: CamelCase and singular names, a `<Kind>List` per kind, and the spec/status shape.

use super::api::{unwrap, Api};
use super::rule::{Rule, Sink};
use super::words::{is_upper_camel, words};
use crate::markers::key;
use crate::model::{KindCategory, Shape, TypeDef, TypeRef};
use heck::ToUpperCamelCase;
use std::collections::HashSet;

pub(super) const RULES: &[Rule] = &[
    Rule {
        name: "kind-camel-case",
        rationale: "kinds are CamelCase: the name is the `kind` clients send and match on",
        check: kind_camel_case,
    },
    Rule {
        name: "kind-singular",
        rationale: "kinds are singular; the plural is the resource name (`Frobber`, `frobbers`)",
        check: kind_singular,
    },
    Rule {
        name: "kind-controller-suffix",
        rationale: "`FooController` is a deprecated way to name a kind: name it after what it controls",
        check: kind_controller_suffix,
    },
    Rule {
        name: "list-kind",
        rationale: "a list kind is `<Kind>List` of a kind of its group-version; only list kinds have `items`",
        check: list_kind,
    },
    Rule {
        name: "spec-and-status",
        rationale: "a kind with a `status` has a `spec`, and beside both it holds only `metadata`",
        check: spec_and_status,
    },
    Rule {
        name: "spec-status-struct",
        rationale: "a kind's `spec` and `status` are objects, so fields can be added later",
        check: spec_status_struct,
    },
    Rule {
        name: "status-subresource",
        rationale: "a kind with a `status` serves the `/status` subresource, so users and controllers write separately",
        check: status_subresource,
    },
    Rule {
        name: "status-optional",
        rationale: "`status` and its fields are optional: objects are created without it and controllers fill it in",
        check: status_optional,
    },
    Rule {
        name: "nested-status",
        rationale: "`status` means a kind's observed state; below the top level (conditions aside) it misleads",
        check: nested_status,
    },
];

fn category(t: &TypeDef) -> Option<KindCategory> {
    t.kind.as_ref().map(|k| k.category)
}

fn kind_camel_case(api: &Api, sink: &mut Sink) {
    for kind in api.kinds() {
        if is_upper_camel(&kind.ty.name) {
            continue;
        }
        sink.on_type(
            kind.ty,
            format!("kind `{}` is not CamelCase", kind.ty.name),
            format!("name it `{}`", kind.ty.name.to_upper_camel_case()),
        );
    }
}

/// The singular of an English plural, as far as kind names need it.
fn singular_of(word: &str) -> String {
    if let Some(stem) = word.strip_suffix("ies") {
        format!("{stem}y")
    } else if ["sses", "xes", "zes", "ches", "shes"]
        .iter()
        .any(|s| word.ends_with(s))
    {
        word[..word.len() - 2].to_string()
    } else {
        word[..word.len() - 1].to_string()
    }
}

fn kind_singular(api: &Api, sink: &mut Sink) {
    for kind in api.object_kinds() {
        let name = &kind.ty.name;
        let Some(last) = words(name).last().copied() else {
            continue;
        };
        // Not acronyms (`DNS`), nor singular words ending in s (`Ingress`, `Status`, `Analysis`).
        let plural = last.ends_with('s')
            && last.chars().any(|c| c.is_lowercase())
            && !["ss", "us", "is"].iter().any(|s| last.ends_with(s));
        if !plural {
            continue;
        }
        sink.on_type(
            kind.ty,
            format!("kind `{name}` is plural"),
            format!(
                "name the kind in the singular (`{}`); the resource keeps the plural",
                singular_of(name)
            ),
        );
    }
}

fn kind_controller_suffix(api: &Api, sink: &mut Sink) {
    for kind in api.object_kinds() {
        let Some(base) = kind.ty.name.strip_suffix("Controller") else {
            continue;
        };
        if base.is_empty() {
            continue;
        }
        sink.on_type(
            kind.ty,
            format!("kind `{}` is named after its controller", kind.ty.name),
            format!("name it after what is controlled (`{base}`)"),
        );
    }
}

fn list_kind(api: &Api, sink: &mut Sink) {
    for kind in api.kinds() {
        let t = kind.ty;
        let items = t.fields().iter().find(|f| f.json_name == "items");
        if category(t) != Some(KindCategory::List) {
            if let Some(items) = items {
                sink.on_field(
                    t,
                    items,
                    format!("kind `{}` has `items` but is not a list kind", t.name),
                    "only `<Kind>List` kinds hold `items`: rename the field, or the kind",
                );
            }
            continue;
        }
        let item_name = &t.name[..t.name.len() - "List".len()];
        let item_kind = kind.gv.and_then(|gv| gv.find(item_name));
        if category_of(item_kind) != Some(KindCategory::Object) {
            let version = kind
                .gv
                .map_or_else(|| "its module".to_string(), |gv| gv.api_version());
            sink.on_type(
                t,
                format!("list kind `{}` lists no kind `{item_name}` of {version}", t.name),
                format!("name a list kind `<Kind>List` after an object kind of its group-version, or add `#[k8s(kind)] struct {item_name}`"),
            );
            continue;
        }
        // `items` that are not the kind are an error of the model (`parse`), not a finding.
    }
}

fn category_of(t: Option<&TypeDef>) -> Option<KindCategory> {
    t.and_then(category)
}

fn spec_and_status(api: &Api, sink: &mut Sink) {
    for kind in api.object_kinds() {
        let t = kind.ty;
        let spec = t.fields().iter().any(|f| f.json_name == "spec");
        let Some(status) = t.fields().iter().find(|f| f.json_name == "status") else {
            continue;
        };
        if !spec {
            sink.on_field(
                t,
                status,
                format!("kind `{}` has a `status` but no `spec`", t.name),
                "put the desired state in `spec`, what controllers observe in `status`",
            );
            continue;
        }
        for extra in t
            .fields()
            .iter()
            .filter(|f| !matches!(f.json_name.as_str(), "metadata" | "spec" | "status"))
        {
            sink.on_field(
                t,
                extra,
                format!(
                    "kind `{}` has `{}` beside `spec` and `status`",
                    t.name, extra.json_name
                ),
                format!(
                    "move `{}` into `spec` (desired state) or `status` (observed state)",
                    extra.rust_name
                ),
            );
        }
    }
}

fn spec_status_struct(api: &Api, sink: &mut Sink) {
    for kind in api.object_kinds() {
        for f in kind.ty.fields() {
            if !matches!(f.json_name.as_str(), "spec" | "status") {
                continue;
            }
            let object = match unwrap(&f.ty) {
                TypeRef::Named(_) => api
                    .resolve(kind.gv, &f.ty)
                    .is_none_or(|t| matches!(t.shape, Shape::Struct { .. })),
                _ => false,
            };
            if object {
                continue;
            }
            let suffix = if f.json_name == "spec" {
                "Spec"
            } else {
                "Status"
            };
            sink.on_field(
                kind.ty,
                f,
                format!(
                    "`{}` of kind `{}` is `{}`, not an object",
                    f.json_name, kind.ty.name, f.ty
                ),
                format!(
                    "give it a struct, `{}{suffix}`, so fields can be added without breaking clients",
                    kind.ty.name
                ),
            );
        }
    }
}

/// Served versions only: the hub is never served, so it has no subresources.
fn status_subresource(api: &Api, sink: &mut Sink) {
    for kind in api.object_kinds() {
        if kind.gv.is_some_and(|gv| gv.internal) {
            continue;
        }
        let t = kind.ty;
        let Some(info) = &t.kind else { continue };
        let has_status = t.fields().iter().any(|f| f.json_name == "status");
        if has_status && !info.subresource_status {
            sink.on_type(
                t,
                format!("kind `{}` has a `status` but no status subresource", t.name),
                "add `subresource_status` to its `#[k8s(kind, ...)]`",
            );
        } else if !has_status && info.subresource_status {
            sink.on_marker(
                t,
                key::SUBRESOURCE_STATUS,
                format!(
                    "kind `{}` serves a status subresource but has no `status`",
                    t.name
                ),
                "add `pub status: Option<...Status>`, or remove `subresource_status`",
            );
        }
    }
}

fn status_optional(api: &Api, sink: &mut Sink) {
    let mut status_types: HashSet<*const TypeDef> = HashSet::new();
    for kind in api.object_kinds() {
        let Some(status) = kind.ty.fields().iter().find(|f| f.json_name == "status") else {
            continue;
        };
        if !status.optional {
            sink.on_field(
                kind.ty,
                status,
                format!("`status` of kind `{}` is required", kind.ty.name),
                format!("make it `Option<{}>`", status.ty),
            );
        }
        let Some(st) = api.resolve(kind.gv, &status.ty) else {
            continue;
        };
        // A status type shared by several kinds is reported once.
        if !status_types.insert(st as *const TypeDef) {
            continue;
        }
        for f in st.fields().iter().filter(|f| !f.optional) {
            sink.on_field(
                st,
                f,
                format!("status field `{}.{}` is required", st.name, f.rust_name),
                format!(
                    "mark it `#[k8s(optional)]` or make it `Option<{}>`: controllers fill status in over time",
                    f.ty
                ),
            );
        }
    }
}

fn nested_status(api: &Api, sink: &mut Sink) {
    for item in api.types().filter(|i| i.ty.kind.is_none()) {
        let fields = item.ty.fields();
        // A condition's `status` (True, False, Unknown) sits beside its `type`.
        if fields.iter().any(|f| f.json_name == "type") {
            continue;
        }
        for f in fields.iter().filter(|f| f.json_name == "status") {
            sink.on_field(
                item.ty,
                f,
                format!(
                    "`{}` has a field named `status` below the top level",
                    item.ty.name
                ),
                "name it for what it holds (`state`, `result`, `outcome`); `status` is a kind's observed state",
            );
        }
    }
}
