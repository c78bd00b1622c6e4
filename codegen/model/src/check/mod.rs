//! Checks of what the parser read: [`item`], one item's markers against each other (the
//! parser runs them, so the derive reports them too); here, the checks that need more than
//! one type, run on the whole model in codegen, on its resolution ([`Index`]).

pub mod item;

use super::*;
use crate::diagnostics::{closest, Diagnostic, Diagnostics};
use crate::markers::{key, Key};
use crate::resolve::{Index, Origin};

/// The checks of the API crate `index.api`, whose type names `index` resolves.
pub fn check(index: &Index, diags: &mut Diagnostics) {
    let model = index.api;
    for gv in &model.versions {
        let from = Origin {
            model,
            gv: Some(gv),
        };
        for t in &gv.types {
            for f in t.fields() {
                check_item_keys(
                    index,
                    from,
                    t,
                    f,
                    key::LIST_MAP_KEY,
                    &f.list_map_keys,
                    diags,
                );
                if let Some(k) = &f.patch_merge_key {
                    let keys = [k.value.clone()];
                    check_item_keys(index, from, t, f, key::PATCH_MERGE_KEY, &keys, diags);
                }
                check_type_default(index, from, t, f, diags);
            }
        }
    }
    check_internal_versions(model, diags);
    check_storage_versions(model, diags);
    check_feature_gates(model, diags);
    check_protobuf_numbers(model, diags);
}

/// The numbers `--assign-protobuf-tags` gives, and the missing-number error suggests, for
/// each field of `t` without one, in field order: counting up from the highest number in
/// use, tombstones included, so a new number never lands on a removed field's; skipping the
/// range protobuf reserves for itself.
pub fn missing_protobuf_numbers(t: &TypeDef) -> Vec<(usize, i64)> {
    let highest = t
        .fields()
        .iter()
        .filter_map(|f| f.protobuf.map(|n| n.value))
        .chain(t.tombstones.iter().map(|ts| ts.protobuf))
        .max()
        .unwrap_or(0);
    let mut next = highest;
    let mut out = Vec::new();
    for (i, f) in t.fields().iter().enumerate() {
        if f.protobuf.is_some() {
            continue;
        }
        next += 1;
        if (19_000..=19_999).contains(&next) {
            next = 20_000;
        }
        out.push((i, next));
    }
    out
}

/// Whether a group-version is encoded as protobuf: it names its protobuf package.
pub fn protobuf_enabled(gv: &GroupVersion) -> bool {
    gv.protobuf_package.is_some()
}

/// In a protobuf-enabled group-version every field of every struct has a stable number:
/// a number derived from field order would silently change the wire format when a field is
/// added or moved. Duplicates and tombstone reuse are checked per type by the parser.
fn check_protobuf_numbers(model: &Model, diags: &mut Diagnostics) {
    for gv in model.versions.iter().filter(|gv| protobuf_enabled(gv)) {
        let package = gv.protobuf_package.as_deref().unwrap_or_default();
        for t in &gv.types {
            for (i, n) in missing_protobuf_numbers(t) {
                let Some(f) = t.fields().get(i) else { continue };
                diags.push(at(
                    t,
                    Diagnostic::new(
                        f.span,
                        format!(
                            "field `{}.{}` has no protobuf number (package `{package}` is encoded as protobuf)",
                            t.name, f.rust_name
                        ),
                    )
                    .with_help(format!(
                        "add `protobuf = {n}`, the next free number of `{}`, or run codegen with `--assign-protobuf-tags`",
                        t.name
                    )),
                ));
            }
        }
    }
}

/// Every `feature_gate` marker names a gate of the crate's `feature_gates!`, declared at the
/// crate root (where the derive looks for it), at most once; a gated field can be unset.
fn check_feature_gates(model: &Model, diags: &mut Diagnostics) {
    let declared: Vec<&str> = model
        .feature_gates
        .iter()
        .map(|g| g.name.as_str())
        .collect();
    for (i, g) in model.feature_gates.iter().enumerate() {
        if !g.module.is_empty() {
            let mut d = Diagnostic::new(g.span, format!("feature gate `{}` is declared outside the crate root", g.name))
                .with_help("move `kapi::feature_gates!` to src/lib.rs: the derive looks for gates at `crate::`");
            d.file = Some(g.file.clone());
            diags.push(d);
        }
        if declared[..i].contains(&g.name.as_str()) {
            let mut d = Diagnostic::new(
                g.span,
                format!("feature gate `{}` is declared twice", g.name),
            );
            d.file = Some(g.file.clone());
            diags.push(d);
        }
    }
    let unknown = |gate: &str, span| unknown_feature_gate(gate, span, &declared);
    for gv in &model.versions {
        for t in &gv.types {
            for f in t.fields() {
                let Some(gate) = &f.feature_gate else {
                    continue;
                };
                if !declared.contains(&gate.as_str()) {
                    diags.push(at(t, unknown(gate, gate.span)));
                }
                if !f.optional {
                    diags.push(at(
                        t,
                        Diagnostic::new(gate.span, format!("gated field `{}` is required", f.json_name))
                            .with_help("a gated field is cleared when its gate is off, so it must be optional (`Option<T>` or `optional`)"),
                    ));
                }
            }
            if let Shape::Enum { variants, .. } = &t.shape {
                for v in variants {
                    let Some(gate) = &v.feature_gate else {
                        continue;
                    };
                    if !declared.contains(&gate.as_str()) {
                        diags.push(at(t, unknown(gate, gate.span)));
                    }
                }
            }
        }
    }
}

/// A `feature_gate` marker naming no declared gate. The derive reports the same (through
/// the check macro `kapi::feature_gates!` defines), so the text is the same everywhere.
pub fn unknown_feature_gate(gate: &str, span: crate::span::Span, declared: &[&str]) -> Diagnostic {
    let help = match closest(gate, declared.iter().copied()) {
        Some(c) => format!("did you mean `{c}`?"),
        None if declared.is_empty() => {
            "declare it at the crate root: `kapi::feature_gates! { Name: Alpha = false }`"
                .to_string()
        }
        None => format!("declared gates: {}", declared.join(", ")),
    };
    Diagnostic::new(span, format!("unknown feature gate `{gate}`")).with_help(help)
}

/// The API type a field holds, or holds a list of, and where it is declared.
fn element_type<'a>(
    index: &Index<'a>,
    from: Origin<'a>,
    f: &Field,
) -> Option<(Origin<'a>, &'a TypeDef)> {
    let elem = match f.ty.strip_option() {
        TypeRef::Vec(inner) => &**inner,
        other => other,
    };
    match elem {
        TypeRef::Named(path) => index.in_crate(from, path),
        _ => None,
    }
}

fn at(t: &TypeDef, d: Diagnostic) -> Diagnostic {
    Diagnostic {
        file: Some(t.file.clone()),
        ..d
    }
}

/// The fields of `t`'s JSON object: its own, and those of the structs it embeds with
/// `inline` (`EphemeralContainer`'s `name` comes from `EphemeralContainerCommon`).
fn json_fields<'a>(index: &Index<'a>, from: Origin<'a>, t: &'a TypeDef) -> Vec<&'a Field> {
    let mut out = Vec::new();
    for f in t.fields() {
        match f.inline.then(|| element_type(index, from, f)).flatten() {
            // An inline field names another type; a struct cannot embed itself.
            Some((o, embedded)) if !std::ptr::eq(embedded, t) => {
                out.extend(json_fields(index, o, embedded))
            }
            _ => out.push(f),
        }
    }
    out
}

/// `list_map_key` and `patch_merge_key` name fields of the list's items.
fn check_item_keys(
    index: &Index,
    from: Origin,
    t: &TypeDef,
    f: &Field,
    marker_key: Key,
    keys: &[String],
    diags: &mut Diagnostics,
) {
    if keys.is_empty() {
        return;
    }
    let Some((elem_from, elem)) = element_type(index, from, f) else {
        return;
    };
    let marker = f.marker_spans.span(marker_key).unwrap_or(f.span);
    let marker_name = marker_key.name();
    // A key optional without a default is accepted: built-in kinds have them
    // (ServiceAccount.secrets by `name`); a CRD may not, and the CRD generator's structural
    // check says so for the kinds that become CRDs.
    let fields = json_fields(index, elem_from, elem);
    for k in keys {
        if fields.iter().any(|ef| &ef.json_name == k) {
            continue;
        }
        let names: Vec<&str> = fields.iter().map(|f| f.json_name.as_str()).collect();
        let help = match closest(k, names.iter().copied()) {
            Some(best) => format!(
                "did you mean \"{best}\"? (fields of `{}`: {})",
                elem.name,
                names.join(", ")
            ),
            None => format!("fields of `{}`: {}", elem.name, names.join(", ")),
        };
        diags.push(at(
            t,
            Diagnostic::new(
                marker,
                format!(
                    "`{marker_name} = \"{k}\"` on `{}.{}`: `{}` has no field \"{k}\"",
                    t.name, f.rust_name, elem.name
                ),
            )
            .with_help(help),
        ))
    }
}

/// A default on a field whose type reaches one of the crate's: the derive of the struct
/// cannot see that type, so this is where an enum default that is not a value, or an
/// object that is not one of the struct's (a key it lacks, a value that does not fit), is
/// caught (the generated defaulting would otherwise leave the field unset).
fn check_type_default(
    index: &Index,
    from: Origin,
    t: &TypeDef,
    f: &Field,
    diags: &mut Diagnostics,
) {
    let Some(default) = &f.default else { return };
    // The parser checked a default of kapi's types and scalars already.
    if !reaches_crate_type(index, from, &f.ty) {
        return;
    }
    // A plain field of a struct type is never unset (Go's zero struct is a value), so its
    // default could never apply; a string enum's empty value is unset.
    if let TypeRef::Named(path) = &f.ty {
        let target = index.in_crate(from, path);
        if target.is_some_and(|(_, t)| matches!(t.shape, Shape::Struct { .. })) {
            let d = Diagnostic::new(
                default.span,
                format!(
                    "field `{}.{}` of type `{}` has a default but no way to be unset",
                    t.name, f.rust_name, f.ty
                ),
            )
            .with_help(format!(
                "make it `Option<{}>` so defaulting can tell unset from set",
                f.ty
            ));
            diags.push(at(t, d));
            return;
        }
    }
    let Some(Mismatch { path, target, kind }) =
        default_mismatch(index, from, f.ty.strip_option(), default, String::new())
    else {
        return;
    };
    let owner = format!("{}.{}{path}", t.name, f.rust_name);
    let d = match kind {
        MismatchKind::Enum { got, values } => {
            let quoted: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
            Diagnostic::new(
                default.span,
                format!("default `{got}` of `{owner}` is not a value of enum `{target}`"),
            )
            .with_help(
                match got.as_str().and_then(|d| closest(d, values.iter().map(String::as_str))) {
                    Some(best) => format!(
                        "did you mean \"{best}\"? (supported values: {})",
                        quoted.join(", ")
                    ),
                    None => format!("supported values: {}", quoted.join(", ")),
                },
            )
        }
        MismatchKind::NotObject { got } => Diagnostic::new(
            default.span,
            format!("default `{got}` of `{owner}` is not an object of struct `{target}`"),
        )
        .with_help(format!(
            "write the struct's JSON, `default = json!({{\"field\": ...}})`, or put `default` markers on the fields of `{target}`"
        )),
        MismatchKind::UnknownField { key, fields } => Diagnostic::new(
            default.span,
            format!("default of `{owner}` sets `{key}`, which struct `{target}` does not have"),
        )
        .with_help(match closest(&key, fields.iter().map(String::as_str)) {
            Some(best) => format!("did you mean `{best}`?"),
            None => format!("its fields: {}", fields.join(", ")),
        }),
        MismatchKind::Value { got } => Diagnostic::new(
            default.span,
            format!("default `{got}` of `{owner}` does not fit its type `{target}`"),
        ),
    };
    diags.push(at(t, d));
}

/// Whether `ty` is, or holds, a type of the crate.
fn reaches_crate_type(index: &Index, from: Origin, ty: &TypeRef) -> bool {
    match ty {
        TypeRef::Option(inner) | TypeRef::Box(inner) | TypeRef::Vec(inner) => {
            reaches_crate_type(index, from, inner)
        }
        TypeRef::Map { value, .. } => reaches_crate_type(index, from, value),
        TypeRef::Named(path) => index.in_crate(from, path).is_some(),
        TypeRef::Scalar(_) => false,
    }
}

/// Where and how a default does not fit the crate's types.
struct Mismatch {
    /// The JSON path inside the default (`.from`, `[0].name`), empty at its top.
    path: String,
    target: String,
    kind: MismatchKind,
}

enum MismatchKind {
    Enum {
        got: serde_json::Value,
        values: Vec<String>,
    },
    NotObject {
        got: serde_json::Value,
    },
    UnknownField {
        key: String,
        fields: Vec<String>,
    },
    Value {
        got: serde_json::Value,
    },
}

/// The first place `value` does not fit `ty`: structs of the crate by their JSON field
/// names, enums by their values, kapi's own types and scalars as the parser checks them.
fn default_mismatch(
    index: &Index,
    from: Origin,
    ty: &TypeRef,
    value: &serde_json::Value,
    path: String,
) -> Option<Mismatch> {
    use serde_json::Value;
    match (ty, value) {
        (TypeRef::Option(inner) | TypeRef::Box(inner), v) => {
            default_mismatch(index, from, inner, v, path)
        }
        (TypeRef::Vec(inner), Value::Array(items)) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| default_mismatch(index, from, inner, v, format!("{path}[{i}]"))),
        (TypeRef::Map { value: inner, .. }, Value::Object(entries)) => entries
            .iter()
            .find_map(|(k, v)| default_mismatch(index, from, inner, v, format!("{path}[{k}]"))),
        (TypeRef::Named(type_path), v) => {
            let name = type_path.last()?;
            let Some((target_from, target)) = index.in_crate(from, type_path) else {
                return super::default_value::fits_type(ty, v)
                    .err()
                    .map(|_| Mismatch {
                        path,
                        target: name.clone(),
                        kind: MismatchKind::Value { got: v.clone() },
                    });
            };
            let mismatch = |kind| {
                Some(Mismatch {
                    path: path.clone(),
                    target: target.name.clone(),
                    kind,
                })
            };
            match (&target.shape, v) {
                (Shape::Enum { variants, .. }, v) => {
                    let ok = v
                        .as_str()
                        .is_some_and(|s| variants.iter().any(|x| x.value == s));
                    if ok {
                        return None;
                    }
                    mismatch(MismatchKind::Enum {
                        got: v.clone(),
                        values: variants.iter().map(|x| x.value.clone()).collect(),
                    })
                }
                (Shape::Struct { fields }, Value::Object(entries)) => {
                    entries.iter().find_map(|(key, v)| {
                        match fields.iter().find(|f| !f.inline && f.json_name == *key) {
                            Some(f) => default_mismatch(
                                index,
                                target_from,
                                &f.ty,
                                v,
                                format!("{path}.{key}"),
                            ),
                            None => mismatch(MismatchKind::UnknownField {
                                key: key.clone(),
                                fields: fields.iter().map(|f| f.json_name.clone()).collect(),
                            }),
                        }
                    })
                }
                (Shape::Struct { .. }, v) => mismatch(MismatchKind::NotObject { got: v.clone() }),
            }
        }
        (ty, v) => super::default_value::fits_type(ty, v)
            .err()
            .map(|_| Mismatch {
                path,
                target: ty.to_string(),
                kind: MismatchKind::Value { got: v.clone() },
            }),
    }
}

fn check_internal_versions(model: &Model, diags: &mut Diagnostics) {
    for group in model.groups() {
        let internals: Vec<&GroupVersion> =
            model.versions_of(group).filter(|v| v.internal).collect();
        for extra in internals.iter().skip(1) {
            diags.push(Diagnostic {
                file: Some(extra.file.clone()),
                ..Diagnostic::new(
                    extra.span,
                    format!("group \"{group}\" declares more than one internal version"),
                )
            });
        }
    }
}

fn check_storage_versions(model: &Model, diags: &mut Diagnostics) {
    for group in model.groups() {
        let mut seen: std::collections::HashMap<&str, &str> = std::collections::HashMap::new();
        for gv in model.versions_of(group) {
            for t in gv.kinds() {
                if !t.kind.as_ref().is_some_and(|k| k.storage_version) {
                    continue;
                }
                if let Some(first) = seen.get(t.name.as_str()) {
                    diags.push(at(
                        t,
                        Diagnostic::new(
                            t.span,
                            format!(
                                "kind `{}` is marked `storage_version` in both {first} and {}",
                                t.name, gv.version
                            ),
                        )
                        .with_help("exactly one version stores a kind"),
                    ));
                } else {
                    seen.insert(&t.name, &gv.version);
                }
            }
        }
    }
}
