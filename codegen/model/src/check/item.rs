//! Checks of one item's markers against each other and against the item's Rust types, as
//! serde_derive's `check.rs` validates what `attr.rs` read: the parser reads markers into
//! the model and calls these on what it read. They need no other type, so the derive
//! reports them too.

use crate::diagnostics::{closest, Diagnostic, Diagnostics};
use crate::markers::{self, key, Key, Marker, MarkerList};
use crate::parse::{check_pattern, misplaced_for_type, quote_list, REST_VERBS};
use crate::{
    default_value, formats, special, Field, KindCategory, KindInfo, ListType, Scalar, Scope,
    TypeRef,
};

/// A field's markers: `in_union` when its struct is a `union`. `markers` are the field's
/// markers as written, for what the model keeps no value of (`rename = ""`, `optional =
/// false` beside `required`).
pub fn field(f: &Field, markers: &[Marker], in_union: bool, diags: &mut Diagnostics) {
    presence(f, markers, in_union, diags);
    if let Some(value) = &f.default {
        default_unsettable(f, value, diags);
    }
    collection_types(f, diags);
    validation_placement(f, diags);
    validation_ranges(f, diags);
    let inner = f.ty.strip_option();
    if let Some(value) = &f.default {
        default_value::check(&f.rust_name, inner, &f.validation, value, diags);
    }
    if let Some(format) = &f.validation.format {
        if !formats::is_known(format) {
            let mut d = Diagnostic::new(format.span, format!("unknown format \"{format}\""));
            d = match closest(format, formats::all()) {
                Some(best) => d.with_help(format!("did you mean \"{best}\"?")),
                None => d.with_help(format!(
                    "formats kapi validates: {}",
                    quote_list(formats::VALIDATED)
                )),
            };
            diags.push(d);
        }
    }
    if let Some(r) = markers.str(key::RENAME).filter(|r| r.is_empty()) {
        diags.error(r.span, "`rename` needs a non-empty JSON name");
    }
    if let Some(p) = &f.validation.pattern {
        if let Err(msg) = check_pattern(p) {
            diags.error(p.span, format!("invalid `pattern`: {msg}"));
        }
    }
    shape_markers(f, in_union, diags);
}

/// The span of `key` on the field, else the field's.
fn marker_span(f: &Field, key: Key) -> crate::span::Span {
    f.marker_spans.span(key).unwrap_or(f.span)
}

/// `required` against `optional` and `Option`; a union member is optional.
fn presence(f: &Field, markers: &[Marker], in_union: bool, diags: &mut Diagnostics) {
    let (rust_name, ty) = (&f.rust_name, &f.ty);
    if let Some(required) = &f.validation.required_marker {
        if markers.flag(key::OPTIONAL) {
            diags.push(
                Diagnostic::new(
                    required.span,
                    format!("field `{rust_name}` is marked both `optional` and `required`"),
                )
                .with_help("keep one of them"),
            );
        }
        if ty.is_option() {
            diags.push(
                Diagnostic::new(
                    required.span,
                    format!("required field `{rust_name}` has type `{ty}`"),
                )
                .with_help(
                    "a required field is not an `Option`; drop `Option` or mark it `optional`",
                ),
            );
        }
    }
    if in_union && !f.optional && !f.union_discriminator {
        diags.push(
            Diagnostic::new(
                f.span,
                format!("union member `{rust_name}` must be optional"),
            )
            .with_help("make it an `Option<...>` or mark it `#[k8s(optional)]`"),
        );
    }
}

/// A default needs a field that may be unset, and a way to tell unset from set.
fn default_unsettable(
    f: &Field,
    value: &crate::Spanned<serde_json::Value>,
    diags: &mut Diagnostics,
) {
    let (rust_name, ty) = (&f.rust_name, &f.ty);
    if !f.optional {
        diags.push(
            Diagnostic::new(
                value.span,
                format!("field `{rust_name}` has a default but is required"),
            )
            .with_help("a defaulted field is optional: mark it `optional` or make it an `Option`"),
        );
    }
    // A named type may be a string enum, whose empty value is unset; whether it is one
    // needs the whole crate (`check.rs`), or the compiler (the derive's bound).
    let named_may_be_unset = match ty {
        TypeRef::Named(path) => matches!(
            special::Special::from_path(path),
            None | Some(special::Special::ByteString)
        ),
        _ => false,
    };
    if f.optional && !ty.is_option() && !ty.has_empty_value() && !named_may_be_unset {
        diags.push(
            Diagnostic::new(
                value.span,
                format!("field `{rust_name}` of type `{ty}` has a default but no way to be unset"),
            )
            .with_help(format!(
                "make it `Option<{ty}>` so defaulting can tell unset from set"
            )),
        );
    }
}

/// `list_type` on lists, with `list_map_key`s exactly when it is `map`; `map_type` on maps
/// and structs.
fn collection_types(f: &Field, diags: &mut Diagnostics) {
    let (rust_name, inner) = (&f.rust_name, f.ty.strip_option());
    if let Some(lt) = &f.list_type {
        if !matches!(inner, TypeRef::Vec(_)) {
            misplaced_for_type(diags, lt.span, key::LIST_TYPE, "lists (`Vec<...>`)", inner);
        }
    }
    let is_list_map = f.list_type.as_deref() == Some(&ListType::Map);
    if is_list_map && f.list_map_keys.is_empty() {
        diags.push(
            Diagnostic::new(
                marker_span(f, key::LIST_TYPE),
                format!("`list_type = \"map\"` on `{rust_name}` needs at least one `list_map_key`"),
            )
            .with_help("add `list_map_key = \"name\"`"),
        );
    }
    if !f.list_map_keys.is_empty() && !is_list_map {
        diags.push(
            Diagnostic::new(
                marker_span(f, key::LIST_MAP_KEY),
                format!("`list_map_key` on `{rust_name}` needs `list_type = \"map\"`"),
            )
            .with_help("add `list_type = \"map\"`"),
        );
    }
    if let Some(mt) = &f.map_type {
        if !matches!(inner, TypeRef::Map { .. } | TypeRef::Named(_)) {
            misplaced_for_type(diags, mt.span, key::MAP_TYPE, "maps and structs", inner);
        }
    }
}

/// Each validation marker on the types it constrains. A list's or map's scalar constraints
/// are its items' or values' (as its schema's `items` / `additionalProperties` carry them).
fn validation_placement(f: &Field, diags: &mut Diagnostics) {
    let inner = f.ty.strip_option();
    let scalar = match inner {
        TypeRef::Vec(item) => item.as_ref(),
        TypeRef::Map { value, .. } => value.as_ref(),
        other => other,
    };
    let is_number = matches!(scalar, TypeRef::Scalar(s) if s.is_number());
    let is_string = matches!(scalar, TypeRef::Scalar(Scalar::String) | TypeRef::Named(_));
    let is_list = matches!(inner, TypeRef::Vec(_));
    const NUMBERS: &str = "numbers, and lists and maps of them (each item)";
    const STRINGS: &str = "strings, and lists and maps of them (each item)";
    for (key, ok, what) in [
        (key::MINIMUM, is_number, NUMBERS),
        (key::MAXIMUM, is_number, NUMBERS),
        (key::EXCLUSIVE_MINIMUM, is_number, NUMBERS),
        (key::EXCLUSIVE_MAXIMUM, is_number, NUMBERS),
        (key::MIN_LENGTH, is_string, STRINGS),
        (key::MAX_LENGTH, is_string, STRINGS),
        (key::PATTERN, is_string, STRINGS),
        (key::MIN_ITEMS, is_list, "lists"),
        (key::MAX_ITEMS, is_list, "lists"),
    ] {
        if let Some(span) = f.marker_spans.span(key) {
            if !ok {
                misplaced_for_type(diags, span, key, what, inner);
            }
        }
    }
}

/// Lower bounds not above upper ones; lengths and sizes not negative.
fn validation_ranges(f: &Field, diags: &mut Diagnostics) {
    let (rust_name, validation) = (&f.rust_name, &f.validation);
    if let (Some(min), Some(max)) = (&validation.minimum, &validation.maximum) {
        if min.value.value > max.value.value {
            diags.error(
                min.span,
                format!("`minimum = {min}` is greater than `maximum = {max}` on `{rust_name}`"),
            );
        }
    }
    for (min_key, max_key, min, max) in [
        (
            key::MIN_LENGTH,
            key::MAX_LENGTH,
            &validation.min_length,
            &validation.max_length,
        ),
        (
            key::MIN_ITEMS,
            key::MAX_ITEMS,
            &validation.min_items,
            &validation.max_items,
        ),
    ] {
        for (key, v) in [(min_key, min), (max_key, max)] {
            if let Some(v) = v.as_ref().filter(|v| v.value < 0) {
                diags.error(v.span, format!("`{}` cannot be negative", key.name()));
            }
        }
        if let (Some(lo), Some(hi)) = (min, max) {
            if lo.value > hi.value {
                diags.error(
                    lo.span,
                    format!(
                        "`{} = {lo}` is greater than `{} = {hi}` on `{rust_name}`",
                        min_key.name(),
                        max_key.name()
                    ),
                );
            }
        }
    }
}

/// `union_discriminator` in a union, `inline` on a struct type, a protobuf number in range.
fn shape_markers(f: &Field, in_union: bool, diags: &mut Diagnostics) {
    if f.union_discriminator && !in_union {
        diags.push(
            Diagnostic::new(
                marker_span(f, key::UNION_DISCRIMINATOR),
                "`union_discriminator` is only meaningful in a struct marked `union`",
            )
            .with_help("add `#[k8s(union)]` to the struct"),
        );
    }
    if f.inline && !matches!(f.ty, TypeRef::Named(_)) {
        diags.push(
            Diagnostic::new(
                marker_span(f, key::INLINE),
                "`inline` embeds a struct's fields, so the field's type must name a struct",
            )
            .with_help(
                "write the struct type itself, as Go embeds it (not an Option, list or map)",
            ),
        );
    }
    if let Some(n) = &f.protobuf {
        if !(1..=536_870_911).contains(&n.value) || (19_000..=19_999).contains(&n.value) {
            diags.error(
                n.span,
                format!(
                    "protobuf field number {n} is out of range (1..=536870911, not 19000..=19999)"
                ),
            );
        }
    }
}

/// `kind` or `simple_kind`, not both; kind-only markers only on an item kind.
pub fn kind_markers(name: &str, markers: &[Marker], diags: &mut Diagnostics) {
    let kind_span = markers.span(key::KIND);
    let simple_span = markers.span(key::SIMPLE_KIND);
    if let (Some(_), Some(simple)) = (kind_span, simple_span) {
        diags.error(
            simple,
            "a type is either a `kind` or a `simple_kind`, not both",
        );
    }
    let is_kind = kind_span.is_some();
    let is_list = is_kind && crate::parse::is_list_kind(name);
    for m in markers {
        let kind_only = markers::spec_of(m.key).is_some_and(|s| s.kind_only);
        if kind_only && (!is_kind || is_list) {
            let marker = m.key.name();
            let help = if is_list {
                format!("list kinds take no resource markers; put `{marker}` on the item kind")
            } else {
                format!("`{marker}` applies to kinds: add `#[k8s(kind)]` to `{name}`")
            };
            diags.push(
                Diagnostic::new(
                    m.span,
                    format!("marker `{marker}` is only allowed on a kind"),
                )
                .with_help(help),
            );
        }
    }
}

/// A kind's own fields: no `apiVersion` or `kind`, `metadata` of its category's type, and a
/// list kind's `items` of its item kind.
pub fn kind_fields(
    ident: &syn::Ident,
    category: KindCategory,
    fields: &[Field],
    diags: &mut Diagnostics,
) {
    let name = ident.to_string();
    for reserved in ["apiVersion", "kind"] {
        if let Some(f) = fields.iter().find(|f| f.json_name == reserved) {
            diags.push(
                Diagnostic::new(
                    f.span,
                    format!("kind `{name}` declares `{reserved}` itself"),
                )
                .with_help("kinds write and check apiVersion and kind for you; remove the field"),
            );
        }
    }
    let metadata = fields.iter().find(|f| f.rust_name == "metadata");
    match category {
        KindCategory::Object => match metadata {
            None => diags.push(
                Diagnostic::new(ident.span(), format!("kind `{name}` has no `metadata` field"))
                    .with_help("add `pub metadata: kapi::meta::ObjectMeta` (or use `simple_kind` for options and Status)"),
            ),
            Some(m) if m.ty.strip_option().named_last() != Some("ObjectMeta") => diags.push(
                Diagnostic::new(m.span, format!("`metadata` of kind `{name}` must be `ObjectMeta`, found `{}`", m.ty))
                    .with_help("use `kapi::meta::ObjectMeta`"),
            ),
            _ => {}
        },
        KindCategory::List => {
            match metadata {
                None => diags.push(
                    Diagnostic::new(ident.span(), format!("list kind `{name}` has no `metadata` field"))
                        .with_help("add `pub metadata: kapi::meta::ListMeta`"),
                ),
                Some(m) if m.ty.strip_option().named_last() != Some("ListMeta") => diags.push(
                    Diagnostic::new(m.span, format!("`metadata` of list kind `{name}` must be `ListMeta`, found `{}`", m.ty))
                        .with_help("use `kapi::meta::ListMeta`"),
                ),
                _ => {}
            }
            list_items(ident, fields, diags);
        }
        KindCategory::Simple => {}
    }
}

/// A list kind lists its kind: clients, informers and the server decode its items as that
/// kind.
fn list_items(ident: &syn::Ident, fields: &[Field], diags: &mut Diagnostics) {
    let name = ident.to_string();
    let item = &name[..name.len() - "List".len()];
    match fields.iter().find(|f| f.rust_name == "items") {
        None => diags.push(
            Diagnostic::new(
                ident.span(),
                format!("list kind `{name}` has no `items` field"),
            )
            .with_help(format!("add `pub items: Vec<{item}>`")),
        ),
        Some(f) if !matches!(f.ty, TypeRef::Vec(_)) => diags.push(Diagnostic::new(
            f.span,
            format!(
                "`items` of list kind `{name}` must be a `Vec`, found `{}`",
                f.ty
            ),
        )),
        Some(f) => {
            let listed = match &f.ty {
                TypeRef::Vec(inner) => inner.strip_option().named_last(),
                _ => None,
            };
            if listed != Some(item) {
                diags.push(
                    Diagnostic::new(
                        f.span,
                        format!(
                            "`items` of list kind `{name}` is `{}`, not `Vec<{item}>`",
                            f.ty
                        ),
                    )
                    .with_help(format!(
                        "a list kind holds its kind: write `pub items: Vec<{item}>`"
                    )),
                );
            }
        }
    }
}

/// The client verbs a `gen_client` may name.
const CLIENT_VERBS: &[&str] = &[
    "create",
    "update",
    "update_status",
    "delete",
    "delete_collection",
    "get",
    "list",
    "watch",
    "patch",
    "apply",
    "apply_status",
];

/// What a kind's markers say together: one way of choosing client verbs, known verbs, a
/// scope that agrees with the client's.
pub fn kind(kind: &KindInfo, markers: &[Marker], diags: &mut Diagnostics) {
    let gen_client = markers.marker(key::GEN_CLIENT);
    if let (Some(c), Some(m)) = (&kind.client, gen_client) {
        use key::gen_client::*;
        let set = [
            (NO_VERBS, c.no_verbs),
            (READ_ONLY, c.read_only),
            (ONLY_VERBS, !c.only_verbs.is_empty()),
            (SKIP_VERBS, !c.skip_verbs.is_empty()),
        ];
        let given: Vec<&str> = set.iter().filter(|s| s.1).map(|s| s.0.name()).collect();
        if given.len() > 1 {
            let all: Vec<&str> = set.iter().map(|s| s.0.name()).collect();
            diags.push(
                Diagnostic::new(
                    m.span,
                    format!(
                        "`gen_client` takes one of {}, found {}",
                        quote_list(&all),
                        quote_list(&given)
                    ),
                )
                .with_help("keep the one that says which verbs the client has"),
            );
        }
        for (list, verbs) in [(ONLY_VERBS, &c.only_verbs), (SKIP_VERBS, &c.skip_verbs)] {
            // At the list that names the verb: `gen_client` may hold both lists.
            let span = m.nested().span(list).unwrap_or(m.span);
            unknown_verbs(verbs, (CLIENT_VERBS, "client"), span, diags, |v| {
                format!("unknown client verb \"{v}\" in `{}`", list.name())
            });
        }
    }
    let non_namespaced =
        gen_client.is_some_and(|m| m.nested().flag(key::gen_client::NON_NAMESPACED));
    if let Some(written) = markers
        .str(key::SCOPE)
        .filter(|_| non_namespaced && kind.scope == Scope::Namespaced)
    {
        diags.error(
            written.span,
            "`gen_client(non_namespaced)` contradicts `scope = \"Namespaced\"`",
        );
    }
    if let (Some(verbs), Some(m)) = (&kind.verbs, markers.marker(key::VERBS)) {
        unknown_verbs(verbs, (REST_VERBS, "REST"), m.span, diags, |v| {
            format!("unknown REST verb \"{v}\" in `verbs`")
        });
    }
    webhook_operations_served(kind, diags);
}

/// A webhook operation whose request the resource never serves would never be sent: an
/// error, like a `verbs` list that does not say what was meant.
fn webhook_operations_served(kind: &KindInfo, diags: &mut Diagnostics) {
    let Some(verbs) = &kind.verbs else { return };
    let webhooks = [
        (key::VALIDATING_WEBHOOK, &kind.validating_webhook),
        (key::MUTATING_WEBHOOK, &kind.mutating_webhook),
    ];
    for (marker, webhook) in webhooks {
        let Some(webhook) = webhook else { continue };
        for operation in &webhook.operations {
            // The REST verbs whose requests kube-apiserver admits as the operation.
            let served_by: &[&str] = match operation.as_str() {
                "CREATE" => &["create"],
                "UPDATE" => &["update", "patch"],
                "DELETE" => &["delete", "deletecollection"],
                _ => continue,
            };
            if served_by.iter().any(|v| verbs.iter().any(|w| w == v)) {
                continue;
            }
            diags.push(
                Diagnostic::new(
                    webhook.span,
                    format!(
                        "`{}` asks for {operation}, but the resource serves none of {} (`verbs`)",
                        marker.name(),
                        quote_list(served_by)
                    ),
                )
                .with_help(format!(
                    "leave {operation} out of `operations`, or add its verb to `verbs`"
                )),
            );
        }
    }
}

/// Each of `verbs` not in `known` (named `kind`), with the closest known verb.
fn unknown_verbs(
    verbs: &[String],
    (known, kind): (&[&str], &str),
    span: crate::span::Span,
    diags: &mut Diagnostics,
    message: impl Fn(&str) -> String,
) {
    for v in verbs.iter().filter(|v| !known.contains(&v.as_str())) {
        let mut d = Diagnostic::new(span, message(v));
        d = match closest(v, known.iter().copied()) {
            Some(best) => d.with_help(format!("did you mean \"{best}\"?")),
            None => d.with_help(format!("{kind} verbs: {}", quote_list(known))),
        };
        diags.push(d);
    }
}
