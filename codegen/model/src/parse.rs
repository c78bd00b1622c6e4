//! One Rust item (a struct or enum deriving `ApiType`) into a [`TypeDef`].
//!
//! The proc-macro calls [`parse_item`] on its input and codegen calls it on every item of
//! the crate, so markers are checked by the same code in both places.

use super::*;
use crate::diagnostics::{closest, Diagnostic, Diagnostics};
use crate::markers::{self, key, Key, Marker, MarkerList, MarkerSpans, Place};
use heck::ToLowerCamelCase;
use syn::spanned::Spanned as _;

pub fn parse_item(item: &syn::Item, diags: &mut Diagnostics) -> Option<TypeDef> {
    match item {
        syn::Item::Struct(s) => parse_struct(s, diags),
        syn::Item::Enum(e) => parse_enum(e, diags),
        other => {
            diags.error(
                other.span(),
                "`ApiType` applies to structs (objects) and enums (string enums)",
            );
            None
        }
    }
}

/// Doc comment text with Go-style `+marker` lines removed (and reported: they do nothing here).
pub fn docs(attrs: &[syn::Attribute], diags: &mut Diagnostics) -> String {
    let mut lines = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        let syn::Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) = &nv.value
        else {
            continue;
        };
        for line in s.value().lines() {
            let line = line.strip_prefix(' ').unwrap_or(line);
            let trimmed = line.trim_start();
            if let Some(rest) = trimmed.strip_prefix('+') {
                if rest.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
                    let go_key = rest.split(['=', ' ', '\t']).next().unwrap_or(rest);
                    let mut d = Diagnostic::new(
                        attr.span(),
                        format!("Go-style marker `+{rest}` in a doc comment has no effect"),
                    );
                    d = match go_marker_equivalent(go_key) {
                        Some(name) => d.with_help(format!("write `#[k8s({name})]` instead")),
                        None => d.with_help("write kapi markers as `#[k8s(...)]` attributes"),
                    };
                    diags.push(d);
                    continue;
                }
            }
            lines.push(line.trim_end().to_string());
        }
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    while lines.first().is_some_and(|l| l.is_empty()) {
        lines.remove(0);
    }
    lines.join("\n")
}

/// The kapi marker for a Go marker key (`k8s:deepcopy-gen:interfaces`, `genclient:nonNamespaced`):
/// an exact match first, else the longest Go marker that is a `:`-prefix of it.
fn go_marker_equivalent(go_key: &str) -> Option<&'static str> {
    let key_of = |k: &'static str| -> &'static str {
        k.trim_start_matches('+')
            .split(['=', '|', ' ', '['])
            .next()
            .unwrap_or("")
    };
    let specs = markers::MARKERS
        .iter()
        .filter(|m| m.kubernetes.starts_with('+'));
    if let Some(m) = specs.clone().find(|m| key_of(m.kubernetes) == go_key) {
        return Some(m.name());
    }
    specs
        .filter(|m| {
            let k = key_of(m.kubernetes);
            go_key.starts_with(k) && go_key[k.len()..].starts_with(':')
        })
        .max_by_key(|m| key_of(m.kubernetes).len())
        .map(|m| m.name())
}

fn check_generics(generics: &syn::Generics, diags: &mut Diagnostics) {
    if !generics.params.is_empty() {
        diags.error(
            generics.span(),
            "API types cannot be generic: every type has one schema",
        );
    }
}

fn parse_struct(item: &syn::ItemStruct, diags: &mut Diagnostics) -> Option<TypeDef> {
    check_generics(&item.generics, diags);
    let name = item.ident.to_string();
    let docs = docs(&item.attrs, diags);
    let markers = markers::parse_attrs(&item.attrs, Place::Struct, diags);
    let syn::Fields::Named(named) = &item.fields else {
        diags.error(
            item.ident.span(),
            format!("`{name}` must have named fields: each one is a JSON field"),
        );
        return None;
    };
    let union = markers.flag(key::UNION);
    let mut fields = Vec::new();
    for f in &named.named {
        if let Some(field) = parse_field(f, union, diags) {
            fields.push(field);
        }
    }
    check_json_names(&fields, diags);
    let tombstones = parse_tombstones(&markers, &fields, diags);
    check_protobuf_numbers(&fields, &tombstones, diags);
    if union {
        check_union(&item.ident, &fields, diags);
    }
    let kind = parse_kind(&item.ident, &markers, &fields, diags);
    let custom_json = parse_custom_json(&markers, diags);
    if custom_json.is_some() && kind.is_some() {
        diags.push(
            Diagnostic::new(
                markers.span(key::CUSTOM_JSON).unwrap_or_else(|| item.ident.span().into()),
                format!("`{name}` is a kind: its JSON is `apiVersion`, `kind` and its fields, never custom"),
            )
            .with_help("put the custom JSON on the type of a field instead"),
        );
    }
    let struct_type = markers.str(key::STRUCT_TYPE).and_then(|s| {
        let parsed = parse_map_type(&s);
        if parsed.is_none() {
            bad_choice(diags, s.span, key::STRUCT_TYPE, &s, &["atomic", "granular"]);
        }
        Some(Spanned::new(parsed?, s.span))
    });
    Some(TypeDef {
        name,
        docs,
        module: Vec::new(),
        kind,
        shape: Shape::Struct { fields },
        union,
        custom_json,
        struct_type,
        manual_conversion: manual_conversion(&markers),
        preserve_unknown_fields: markers.flag(key::PRESERVE_UNKNOWN_FIELDS),
        defaults_hook: markers.flag(key::DEFAULTS_HOOK),
        validate_hook: markers.flag(key::VALIDATE_HOOK),
        validation_rules: parse_validation_rules(&markers, diags),
        lifecycle: parse_lifecycle(&markers),
        tombstones,
        allow_lint: allow_lint(&markers),
        allow_compat: allow_compat(&markers),
        marker_spans: MarkerSpans::of(&markers),
        span: item.ident.span().into(),
        file: Default::default(),
    })
}

/// JSON Schema's types, the values `custom_json(type = ..)` may name.
const JSON_TYPES: &[&str] = &["array", "boolean", "integer", "number", "object", "string"];

fn parse_custom_json(markers: &[markers::Marker], diags: &mut Diagnostics) -> Option<CustomJson> {
    use key::custom_json::*;
    let m = markers.marker(key::CUSTOM_JSON)?;
    let n = m.nested();
    let type_ = n.str(TYPE);
    if let Some(t) = &type_ {
        if !JSON_TYPES.contains(&t.as_str()) {
            bad_choice(diags, t.span, TYPE, t, JSON_TYPES);
        }
    }
    Some(CustomJson {
        type_,
        format: n.str(FORMAT),
    })
}

fn parse_enum(item: &syn::ItemEnum, diags: &mut Diagnostics) -> Option<TypeDef> {
    check_generics(&item.generics, diags);
    let docs = docs(&item.attrs, diags);
    let markers = markers::parse_attrs(&item.attrs, Place::Enum, diags);
    let mut variants: Vec<Variant> = Vec::new();
    let mut other: Option<&syn::Variant> = None;
    for v in &item.variants {
        if is_other_variant(v) {
            if let Some(first) = other {
                diags.push(
                    Diagnostic::new(
                        v.ident.span(),
                        format!(
                            "`{}` and `{}` both carry unknown values",
                            first.ident, v.ident
                        ),
                    )
                    .with_help("keep one `(String)` variant"),
                );
            }
            if let Some(attr) = v.attrs.iter().find(|a| a.path().is_ident("k8s")) {
                diags.push(
                    Diagnostic::new(
                        attr.span(),
                        format!("`{}` carries unknown values and takes no markers", v.ident),
                    )
                    .with_help("markers go on the known values"),
                );
            }
            other = Some(v);
            continue;
        }
        if !matches!(v.fields, syn::Fields::Unit) {
            diags.push(
                Diagnostic::new(
                    v.span(),
                    format!(
                        "enum value `{}` carries data; API enum values are strings",
                        v.ident
                    ),
                )
                .with_help(
                    "use a unit variant (unknown values go in the one `Other(String)` variant), or a struct with `#[k8s(union)]` for one-of fields",
                ),
            );
            continue;
        }
        if let Some((_, d)) = &v.discriminant {
            diags.error(
                d.span(),
                "API enum values are strings; remove the discriminant",
            );
        }
        let vm = markers::parse_attrs(&v.attrs, Place::Variant, diags);
        let rust_name = v.ident.to_string();
        let value = vm
            .str(key::RENAME)
            .map_or_else(|| rust_name.clone(), |r| r.value);
        if let Some(prev) = variants.iter().find(|p| p.value == value) {
            diags.push(
                Diagnostic::new(
                    v.ident.span(),
                    format!("enum value \"{value}\" is used twice"),
                )
                .with_help(format!(
                    "`{}` already serializes as \"{value}\"",
                    prev.rust_name
                )),
            );
        }
        variants.push(Variant {
            rust_name,
            value,
            docs: self::docs(&v.attrs, diags),
            feature_gate: vm.str(key::FEATURE_GATE),
            allow_lint: allow_lint(&vm),
            marker_spans: MarkerSpans::of(&vm),
            span: v.ident.span().into(),
        });
    }
    // Enums are open on the wire, as Go's string enums are: a value this version does not
    // know is kept, not refused, so an object from a newer server survives a read and write.
    let other = match other {
        Some(v) => v.ident.to_string(),
        None => {
            diags.push(
                Diagnostic::new(
                    item.ident.span(),
                    format!(
                        "enum `{}` has no variant for values it does not know",
                        item.ident
                    ),
                )
                .with_help("add `Other(String)`: API enums carry unknown values unchanged, and validation reports them as `Unsupported value`"),
            );
            "Other".to_string()
        }
    };
    Some(TypeDef {
        name: item.ident.to_string(),
        docs,
        module: Vec::new(),
        kind: None,
        shape: Shape::Enum { variants, other },
        union: false,
        custom_json: None,
        struct_type: None,
        manual_conversion: manual_conversion(&markers),
        preserve_unknown_fields: false,
        defaults_hook: false,
        validate_hook: false,
        validation_rules: Vec::new(),
        lifecycle: None,
        tombstones: Vec::new(),
        allow_lint: allow_lint(&markers),
        allow_compat: allow_compat(&markers),
        marker_spans: MarkerSpans::of(&markers),
        span: item.ident.span().into(),
        file: Default::default(),
    })
}

/// `Name(String)`: the variant that holds a value outside the known set.
fn is_other_variant(v: &syn::Variant) -> bool {
    let syn::Fields::Unnamed(fields) = &v.fields else {
        return false;
    };
    let mut fields = fields.unnamed.iter();
    match (fields.next(), fields.next()) {
        (Some(f), None) => matches!(TypeRef::from_syn(&f.ty), TypeRef::Scalar(Scalar::String)),
        _ => false,
    }
}

fn parse_field(f: &syn::Field, in_union: bool, diags: &mut Diagnostics) -> Option<Field> {
    let ident = f.ident.as_ref()?;
    let rust_name = {
        let s = ident.to_string();
        s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
    };
    let markers = markers::parse_attrs(&f.attrs, Place::Field, diags);
    let ty = TypeRef::from_syn(&f.ty);
    let optional = ty.is_option() || markers.flag(key::OPTIONAL);
    let inner = ty.strip_option();
    let (list_type, map_type) = parse_collection_types(&markers, diags);
    let presence = parse_presence(&markers, &ty, optional, diags);
    let (patch_strategy, patch_merge_key) = parse_patch_markers(&markers, inner, diags);
    let validation = parse_field_validation(&markers, optional, diags);
    let mut field = Field {
        json_name: markers
            .str(key::RENAME)
            .map_or_else(|| rust_name.to_lower_camel_case(), |r| r.value),
        ty,
        docs: String::new(),
        optional,
        presence,
        default: markers.json(key::DEFAULT),
        feature_gate: markers.str(key::FEATURE_GATE),
        list_type,
        list_map_keys: markers.strs(key::LIST_MAP_KEY),
        map_type,
        patch_strategy,
        patch_merge_key,
        union_discriminator: markers.flag(key::UNION_DISCRIMINATOR),
        validation,
        protobuf: markers.int(key::PROTOBUF),
        protobuf_name: markers.str(key::PROTOBUF_NAME),
        manual_conversion: manual_conversion(&markers),
        preserve_unknown_fields: markers.flag(key::PRESERVE_UNKNOWN_FIELDS),
        embedded_resource: markers.flag(key::EMBEDDED_RESOURCE),
        inline: markers.flag(key::INLINE),
        allow_lint: allow_lint(&markers),
        allow_compat: allow_compat(&markers),
        marker_spans: MarkerSpans::of(&markers),
        span: ident.span().into(),
        rust_name,
    };
    check::item::field(&field, &markers, in_union, diags);
    field.docs = docs(&f.attrs, diags);
    Some(field)
}

/// The bound `value_key` writes, exclusive when `exclusive_key` is written too.
fn bound(markers: &[Marker], value_key: Key, exclusive_key: Key) -> Option<Spanned<Bound>> {
    let exclusive = markers.flag(exclusive_key);
    markers
        .number(value_key)
        .map(|v| v.map(|value| Bound { value, exclusive }))
}

/// `list_type` and `map_type`, each one of its choices.
fn parse_collection_types(
    markers: &[Marker],
    diags: &mut Diagnostics,
) -> (Option<Spanned<ListType>>, Option<Spanned<MapType>>) {
    let list_type = markers.str(key::LIST_TYPE).and_then(|s| {
        let parsed = match s.as_str() {
            "atomic" => Some(ListType::Atomic),
            "set" => Some(ListType::Set),
            "map" => Some(ListType::Map),
            _ => None,
        };
        if parsed.is_none() {
            bad_choice(diags, s.span, key::LIST_TYPE, &s, &["atomic", "set", "map"]);
        }
        Some(Spanned::new(parsed?, s.span))
    });
    let map_type = markers.str(key::MAP_TYPE).and_then(|s| {
        let parsed = parse_map_type(&s);
        if parsed.is_none() {
            bad_choice(diags, s.span, key::MAP_TYPE, &s, &["atomic", "granular"]);
        }
        Some(Spanned::new(parsed?, s.span))
    });
    (list_type, map_type)
}

/// The field's validation markers as written; `check::item::field` checks where they apply
/// and how they combine.
fn parse_field_validation(
    markers: &[Marker],
    optional: bool,
    diags: &mut Diagnostics,
) -> FieldValidation {
    FieldValidation {
        minimum: bound(markers, key::MINIMUM, key::EXCLUSIVE_MINIMUM),
        maximum: bound(markers, key::MAXIMUM, key::EXCLUSIVE_MAXIMUM),
        min_length: markers.int(key::MIN_LENGTH),
        max_length: markers.int(key::MAX_LENGTH),
        pattern: markers.str(key::PATTERN),
        format: markers.str(key::FORMAT),
        min_items: markers.int(key::MIN_ITEMS),
        max_items: markers.int(key::MAX_ITEMS),
        immutable: markers.flag(key::IMMUTABLE),
        rules: parse_validation_rules(markers, diags),
        required_in_schema: !optional,
        required_marker: markers
            .span(key::REQUIRED)
            .map(|span| Spanned::new((), span)),
    }
}

/// Go's regexp syntax is RE2; we only catch what is certainly malformed: unbalanced groups
/// and classes. Full checking happens when validation compiles the pattern.
pub(crate) fn check_pattern(p: &str) -> Result<(), String> {
    let mut depth = 0i32;
    let mut in_class = false;
    let mut chars = p.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            '(' if !in_class => depth += 1,
            ')' if !in_class => {
                depth -= 1;
                if depth < 0 {
                    return Err("unmatched `)`".into());
                }
            }
            _ => {}
        }
    }
    if in_class {
        return Err("unclosed `[`".into());
    }
    if depth != 0 {
        return Err("unclosed `(`".into());
    }
    Ok(())
}

/// `conversion_gen = false`: the conversion is written by hand.
fn manual_conversion(markers: &[Marker]) -> bool {
    markers
        .bool(key::CONVERSION_GEN)
        .is_some_and(|generated| !generated.value)
}

/// The rule names of `allow_lint`, each with the span of the (first) marker that names it.
fn allow_compat(markers: &[Marker]) -> Vec<AllowCompat> {
    use key::allow_compat::*;
    markers
        .all(key::ALLOW_COMPAT)
        .into_iter()
        .map(|m| AllowCompat {
            rule: m.nested().str(RULE),
            reason: m.nested().str(REASON),
            span: m.span,
        })
        .collect()
}

fn allow_lint(markers: &[Marker]) -> Vec<Spanned<String>> {
    let Some(span) = markers.span(key::ALLOW_LINT) else {
        return Vec::new();
    };
    markers
        .strs(key::ALLOW_LINT)
        .into_iter()
        .map(|name| Spanned::new(name, span))
        .collect()
}

/// The verbs a `gen_client(method(...))` may use: the subresource verbs of `kapi::client::Api`.
pub const CLIENT_METHOD_VERBS: &[&str] = &["get", "update", "patch"];

/// A custom client method is a subresource call the typed client can make, named by a Rust
/// type name (`GetScale` becomes `get_scale`).
fn check_client_method(
    m: &crate::markers::Marker,
    name: &str,
    verb: &str,
    has_subresource: bool,
    diags: &mut Diagnostics,
) {
    let is_camel = name.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && name.chars().all(|c| c.is_ascii_alphanumeric());
    if !is_camel {
        diags.push(
            Diagnostic::new(
                m.span,
                format!("client method name \"{name}\" is not an UpperCamelCase name"),
            )
            .with_help("name it like Go's client-gen does, e.g. `name = \"GetScale\"`"),
        );
    }
    if !CLIENT_METHOD_VERBS.contains(&verb) {
        bad_choice(
            diags,
            m.span,
            key::client_method::VERB,
            verb,
            CLIENT_METHOD_VERBS,
        );
    }
    if !has_subresource {
        diags.push(
            Diagnostic::new(
                m.span,
                format!("client method \"{name}\" needs a `subresource`"),
            )
            .with_help("custom methods call a subresource: write `subresource = \"scale\"`"),
        );
    }
}

fn parse_map_type(s: &str) -> Option<MapType> {
    match s {
        "atomic" => Some(MapType::Atomic),
        "granular" => Some(MapType::Granular),
        _ => None,
    }
}

/// `patch_strategy` and `patch_merge_key`, as Kubernetes' struct tags allow them: `merge`
/// on lists (a merge key when the items are structs), `retainKeys` on structs and lists of
/// them, `replace` on structs and maps.
fn parse_patch_markers(
    markers: &[Marker],
    inner: &TypeRef,
    diags: &mut Diagnostics,
) -> (Option<Spanned<String>>, Option<Spanned<String>>) {
    const CHOICES: &[&str] = &["merge", "retainKeys", "merge,retainKeys", "replace"];
    let strategy = markers.str(key::PATCH_STRATEGY).filter(|s| {
        let known = CHOICES.contains(&s.as_str());
        if !known {
            bad_choice(diags, s.span, key::PATCH_STRATEGY, s, CHOICES);
        }
        known
    });
    let merge_key = markers.str(key::PATCH_MERGE_KEY);
    if let Some(s) = &strategy {
        let fits = match s.as_str() {
            "merge" => matches!(inner, TypeRef::Vec(_)),
            "merge,retainKeys" => matches!(inner, TypeRef::Vec(_)),
            "retainKeys" => matches!(inner, TypeRef::Named(_) | TypeRef::Vec(_)),
            _ => matches!(inner, TypeRef::Named(_) | TypeRef::Map { .. }),
        };
        if !fits {
            misplaced_for_type(
                diags,
                s.span,
                key::PATCH_STRATEGY,
                "lists (`merge`), structs (`retainKeys`, `replace`) and maps (`replace`)",
                inner,
            );
        }
    }
    if let Some(k) = &merge_key {
        if !strategy.as_ref().is_some_and(|s| s.starts_with("merge")) {
            diags.push(
                Diagnostic::new(
                    k.span,
                    "`patch_merge_key` needs `patch_strategy = \"merge\"`",
                )
                .with_help("add `patch_strategy = \"merge\"`: the key says how merged items match"),
            );
        }
    }
    (strategy, merge_key)
}

/// `presence`, checked against the type: only what can be unset can be `null`, and an unset
/// `Option` has only `null` to be written as.
fn parse_presence(
    markers: &[Marker],
    ty: &TypeRef,
    optional: bool,
    diags: &mut Diagnostics,
) -> Presence {
    let default = if optional {
        Presence::OmitEmpty
    } else {
        Presence::Always
    };
    let Some(s) = markers.str(key::PRESENCE) else {
        return default;
    };
    let presence = match s.as_str() {
        "omit_empty" => Presence::OmitEmpty,
        "always" => Presence::Always,
        "null" => Presence::Null,
        _ => {
            bad_choice(
                diags,
                s.span,
                key::PRESENCE,
                &s,
                &["omit_empty", "always", "null"],
            );
            return default;
        }
    };
    // Go's nil pointers, slices and maps, and a nil `[]byte` (kapi's `ByteString`).
    let nullable = match ty {
        TypeRef::Option(_) | TypeRef::Vec(_) | TypeRef::Map { .. } => true,
        TypeRef::Named(path) => {
            special::Special::from_path(path) == Some(special::Special::ByteString)
        }
        _ => false,
    };
    if presence == Presence::Always && ty.is_option() {
        diags.push(
            Diagnostic::new(s.span, "an unset `Option` is written as `null`")
                .with_help("write `presence = \"null\"`"),
        );
    } else if presence == Presence::Null && !nullable {
        diags.push(
            Diagnostic::new(
                s.span,
                format!("a `{ty}` cannot be written as `null`"),
            )
            .with_help("only an `Option`, a list, a map or a `ByteString` can: write `presence = \"always\"` or `\"omit_empty\"`"),
        );
    }
    presence
}

pub(crate) fn bad_choice(
    diags: &mut Diagnostics,
    span: crate::span::Span,
    marker: Key,
    got: &str,
    valid: &[&str],
) {
    let mut d = Diagnostic::new(
        span,
        format!(
            "`{} = \"{got}\"` is not one of {}",
            marker.name(),
            quote_list(valid)
        ),
    );
    if let Some(best) = closest(got, valid.iter().copied()) {
        d = d.with_help(format!("did you mean \"{best}\"?"));
    }
    diags.push(d);
}

pub(crate) fn misplaced_for_type(
    diags: &mut Diagnostics,
    span: crate::span::Span,
    marker: Key,
    applies_to: &str,
    ty: &TypeRef,
) {
    let marker = marker.name();
    diags.push(
        Diagnostic::new(
            span,
            format!("marker `{marker}` does not apply to type `{ty}`"),
        )
        .with_help(format!("`{marker}` applies to {applies_to}")),
    );
}

pub(crate) fn quote_list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("\"{s}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_json_names(fields: &[Field], diags: &mut Diagnostics) {
    for (i, f) in fields.iter().enumerate() {
        if let Some(prev) = fields[..i].iter().find(|p| p.json_name == f.json_name) {
            diags.push(
                Diagnostic::new(
                    f.span,
                    format!("JSON field name \"{}\" is used twice", f.json_name),
                )
                .with_help(format!(
                    "field `{}` already serializes as \"{}\"; give one a different `rename`",
                    prev.rust_name, f.json_name
                )),
            );
        }
    }
}

fn parse_tombstones(
    markers: &[Marker],
    fields: &[Field],
    diags: &mut Diagnostics,
) -> Vec<Tombstone> {
    let mut out = Vec::new();
    for m in markers.all(key::DEPRECATED) {
        let nested = m.nested();
        let (Some(name), Some(protobuf)) = (
            nested.str(key::tombstone::NAME).map(|n| n.value),
            nested.int(key::tombstone::PROTOBUF).map(|n| n.value),
        ) else {
            diags.push(
                Diagnostic::new(
                    m.span,
                    "a tombstone needs both the old field's name and its number",
                )
                .with_help("write `deprecated(name = \"width\", protobuf = 3)`"),
            );
            continue;
        };
        if let Some(f) = fields
            .iter()
            .find(|f| f.json_name == name || f.rust_name == name)
        {
            diags.push(
                Diagnostic::new(
                    f.span,
                    format!(
                        "field `{}` reuses the removed field name \"{name}\"",
                        f.rust_name
                    ),
                )
                .with_help("removed names are tombstoned forever; pick a new name"),
            );
        }
        if let Some(prev) = out
            .iter()
            .find(|t: &&Tombstone| t.protobuf == protobuf || t.name == name)
        {
            diags.push(
                Diagnostic::new(
                    m.span,
                    format!(
                        "tombstone `{name}` = {protobuf} repeats tombstone `{}` = {}",
                        prev.name, prev.protobuf
                    ),
                )
                .with_help("each removed field is tombstoned once, with its own name and number"),
            );
        }
        out.push(Tombstone {
            name,
            protobuf,
            span: m.span,
        });
    }
    out
}

fn check_protobuf_numbers(fields: &[Field], tombstones: &[Tombstone], diags: &mut Diagnostics) {
    for (i, f) in fields.iter().enumerate() {
        // Point at `protobuf = N`, the thing to change.
        let Some(Spanned { value: n, span }) = f.protobuf else {
            continue;
        };
        if let Some(prev) = fields[..i].iter().find(|p| p.protobuf == f.protobuf) {
            diags.push(
                Diagnostic::new(span, format!("protobuf number {n} is used twice"))
                    .with_help(format!("field `{}` already has number {n}", prev.rust_name)),
            );
        }
        if let Some(t) = tombstones.iter().find(|t| t.protobuf == n) {
            diags.push(
                Diagnostic::new(
                    span,
                    format!(
                        "protobuf number {n} belonged to removed field \"{}\"",
                        t.name
                    ),
                )
                .with_help("tombstoned numbers can never be reused; pick a new number"),
            );
        }
    }
}

fn check_union(ident: &syn::Ident, fields: &[Field], diags: &mut Diagnostics) {
    let discriminators: Vec<&Field> = fields.iter().filter(|f| f.union_discriminator).collect();
    if let [first, rest @ ..] = discriminators.as_slice() {
        for extra in rest {
            let span = extra
                .marker_spans
                .span(key::UNION_DISCRIMINATOR)
                .unwrap_or(extra.span);
            diags.push(
                Diagnostic::new(
                    span,
                    format!("union `{ident}` has a second discriminator, `{}`", extra.rust_name),
                )
                .with_help(format!(
                    "`{}` is already the discriminator: it names the member that is set. Remove `union_discriminator` here, and make `{}` a member (optional) or move it out of the union",
                    first.rust_name, extra.rust_name
                )),
            );
        }
    }
    if fields.iter().filter(|f| !f.union_discriminator).count() < 2 {
        diags.error(
            ident.span(),
            format!("union `{ident}` needs at least two members"),
        );
    }
}

fn parse_lifecycle(markers: &[Marker]) -> Option<Lifecycle> {
    use key::lifecycle::*;
    let m = markers.marker(key::LIFECYCLE)?;
    let n = m.nested();
    let text = |key: Key| n.str(key).map(|s| s.value);
    Some(Lifecycle {
        introduced: text(INTRODUCED),
        deprecated: text(DEPRECATED),
        removed: text(REMOVED),
        replacement: text(REPLACEMENT),
        span: m.span,
    })
}

/// Kubernetes' pluralization for resource names (the namer in gengo).
/// A kind's resource name as Kubernetes' code generators derive it (gengo's
/// `NewAllLowercasePluralNamer` with client-gen's exceptions), for a kind without a `plural`
/// marker: the rules look at the kind as written, then the result is lowercased.
pub fn pluralize(kind: &str) -> String {
    // client-gen's exceptions: a kind whose name is already plural.
    const EXCEPTIONS: &[(&str, &str)] = &[("Endpoints", "Endpoints")];
    const CONSONANTS: &str = "bcdfghjklmnpqrstvwxyz";
    if let Some((_, plural)) = EXCEPTIONS.iter().find(|(k, _)| *k == kind) {
        return plural.to_lowercase();
    }
    let chars: Vec<char> = kind.chars().collect();
    let (Some(&last), Some(&before)) = (
        chars.last(),
        chars.len().checked_sub(2).and_then(|i| chars.get(i)),
    ) else {
        return kind.to_lowercase();
    };
    let stem: String = chars[..chars.len() - 1].iter().collect();
    let plural = match last {
        's' | 'x' | 'z' => format!("{kind}es"),
        'y' if CONSONANTS.contains(before) => format!("{stem}ies"),
        'h' if before == 'c' || before == 's' => format!("{kind}es"),
        'e' if before == 'f' => {
            let stem: String = chars[..chars.len() - 2].iter().collect();
            format!("{stem}ves")
        }
        'f' => format!("{stem}ves"),
        _ => format!("{kind}s"),
    };
    plural.to_lowercase()
}

/// The verbs of kube-apiserver's discovery, as a `verbs` marker names them.
pub const REST_VERBS: &[&str] = &[
    "create",
    "delete",
    "deletecollection",
    "get",
    "list",
    "patch",
    "update",
    "watch",
];

fn parse_kind(
    ident: &syn::Ident,
    markers: &[Marker],
    fields: &[Field],
    diags: &mut Diagnostics,
) -> Option<KindInfo> {
    let name = ident.to_string();
    check::item::kind_markers(&name, markers, diags);
    let span = markers.span(key::KIND).or(markers.span(key::SIMPLE_KIND))?;
    let category = if markers.flag(key::SIMPLE_KIND) {
        KindCategory::Simple
    } else if is_list_kind(&name) {
        KindCategory::List
    } else {
        KindCategory::Object
    };
    check::item::kind_fields(ident, category, fields, diags);
    let client = markers.marker(key::GEN_CLIENT).map(|m| {
        use key::gen_client::*;
        let n = m.nested();
        ClientInfo {
            no_status: n.flag(NO_STATUS),
            no_verbs: n.flag(NO_VERBS),
            read_only: n.flag(READ_ONLY),
            only_verbs: n.strs(ONLY_VERBS),
            skip_verbs: n.strs(SKIP_VERBS),
            methods: n
                .all(METHOD)
                .into_iter()
                .filter_map(|mm| parse_client_method(mm, diags))
                .collect(),
        }
    });
    let scope = parse_scope(markers, diags);
    let subresource_scale = markers
        .marker(key::SUBRESOURCE_SCALE)
        .map(|m| parse_scale(m, diags));
    let print_columns = markers
        .all(key::PRINT_COLUMN)
        .into_iter()
        .filter_map(|m| parse_print_column(m, diags))
        .collect();
    let lower = name.to_lowercase();
    let text = |key: Key| markers.str(key).map(|s| s.value);
    let kind = KindInfo {
        category,
        plural: text(key::PLURAL).unwrap_or_else(|| pluralize(&name)),
        singular: text(key::SINGULAR).unwrap_or(lower),
        scope,
        list_kind: if category == KindCategory::Object {
            format!("{name}List")
        } else {
            String::new()
        },
        short_names: markers.strs(key::SHORT_NAMES),
        categories: markers.strs(key::CATEGORIES),
        verbs: markers.marker(key::VERBS).map(|_| markers.strs(key::VERBS)),
        client,
        subresource_status: markers.flag(key::SUBRESOURCE_STATUS),
        subresource_scale,
        print_columns,
        storage_version: markers.flag(key::STORAGE_VERSION),
        validating_webhook: markers
            .marker(key::VALIDATING_WEBHOOK)
            .map(|m| admission::parse_marker(m, false, diags)),
        mutating_webhook: markers
            .marker(key::MUTATING_WEBHOOK)
            .map(|m| admission::parse_marker(m, true, diags)),
        span,
    };
    check::item::kind(&kind, markers, diags);
    Some(kind)
}

/// A `kind` named `<Kind>List` is that kind's list.
pub(crate) fn is_list_kind(name: &str) -> bool {
    name.ends_with("List") && name.len() > 4
}

/// `scope`, else cluster-scoped when `gen_client(non_namespaced)` says so.
fn parse_scope(markers: &[Marker], diags: &mut Diagnostics) -> Scope {
    let non_namespaced = markers
        .marker(key::GEN_CLIENT)
        .is_some_and(|m| m.nested().flag(key::gen_client::NON_NAMESPACED));
    match markers
        .str(key::SCOPE)
        .as_ref()
        .map(|s| (s.as_str(), s.span))
    {
        None if non_namespaced => Scope::Cluster,
        None | Some(("Namespaced", _)) => Scope::Namespaced,
        Some(("Cluster", _)) => Scope::Cluster,
        Some((other, span)) => {
            bad_choice(diags, span, key::SCOPE, other, &["Namespaced", "Cluster"]);
            Scope::Namespaced
        }
    }
}

/// `subresource_scale(...)`, which needs both replica paths.
fn parse_scale(m: &Marker, diags: &mut Diagnostics) -> ScaleInfo {
    use key::scale::*;
    let n = m.nested();
    let spec_path = n.str(SPEC_REPLICAS_PATH);
    let status_path = n.str(STATUS_REPLICAS_PATH);
    if spec_path.is_none() || status_path.is_none() {
        diags.push(
            Diagnostic::new(m.span, "`subresource_scale` needs `spec_replicas_path` and `status_replicas_path`")
                .with_help("write `subresource_scale(spec_replicas_path = \".spec.replicas\", status_replicas_path = \".status.replicas\")`"),
        );
    }
    ScaleInfo {
        spec_replicas_path: spec_path.map(|p| p.value).unwrap_or_default(),
        status_replicas_path: status_path.map(|p| p.value).unwrap_or_default(),
        label_selector_path: n.str(LABEL_SELECTOR_PATH).map(|p| p.value),
        span: m.span,
    }
}

fn parse_client_method(m: &Marker, diags: &mut Diagnostics) -> Option<ClientMethod> {
    use key::client_method::*;
    let k = m.nested();
    let text = |key: Key| k.str(key).map(|s| s.value);
    let (Some(name), Some(verb)) = (text(NAME), text(VERB)) else {
        diags.push(
            Diagnostic::new(m.span, "a client method needs `name` and `verb`")
                .with_help("write `method(name = \"GetScale\", verb = \"get\", subresource = \"scale\", result = \"Scale\")`"),
        );
        return None;
    };
    let subresource = text(SUBRESOURCE);
    check_client_method(m, &name, &verb, subresource.is_some(), diags);
    Some(ClientMethod {
        name,
        verb,
        subresource,
        input: text(INPUT),
        result: text(RESULT),
        span: m.span,
    })
}

fn parse_validation_rules(markers: &[Marker], diags: &mut Diagnostics) -> Vec<ValidationRule> {
    markers
        .all(key::VALIDATION_RULE)
        .into_iter()
        .filter_map(|m| parse_validation_rule(m, diags))
        .collect()
}

fn parse_validation_rule(m: &Marker, diags: &mut Diagnostics) -> Option<ValidationRule> {
    use key::validation_rule::*;
    let n = m.nested();
    let text = |key: Key| n.str(key).map(|s| s.value);
    let Some(rule) = text(RULE).filter(|r| !r.trim().is_empty()) else {
        diags.push(
            Diagnostic::new(m.span, "a validation rule needs a CEL `rule`")
                .with_help("write `validation_rule(rule = \"self.minReplicas <= self.replicas\", message = \"minReplicas must not exceed replicas\")`"),
        );
        return None;
    };
    // kube-apiserver's CRD validation accepts these reasons and no others.
    const REASONS: &[&str] = &[
        "FieldValueInvalid",
        "FieldValueForbidden",
        "FieldValueRequired",
        "FieldValueDuplicate",
    ];
    let reason = n.str(REASON);
    if let Some(r) = &reason {
        if !REASONS.contains(&r.as_str()) {
            bad_choice(diags, r.span, REASON, r, REASONS);
        }
    }
    // kube-apiserver compiles both when the CRD is written, and refuses it if either fails.
    for key in [RULE, MESSAGE_EXPRESSION] {
        let Some(source) = n.str(key) else { continue };
        if let Some(why) = super::cel::syntax_error(&source.value) {
            diags.push(
                Diagnostic::new(
                    source.span,
                    format!("`{}` is not valid CEL: {why}", source.value),
                )
                .with_help("kube-apiserver refuses a CRD whose rule does not compile"),
            );
        }
    }
    let optional_old_self = n.bool(OPTIONAL_OLD_SELF).is_some_and(|b| b.value);
    if optional_old_self && !rule.contains("oldSelf") {
        diags.push(
            Diagnostic::new(
                m.span,
                "`optional_old_self` is for a transition rule, and this rule never names `oldSelf`",
            )
            .with_help("remove `optional_old_self`, or use `oldSelf` in the rule"),
        );
    }
    Some(ValidationRule {
        rule,
        message: text(MESSAGE),
        message_expression: text(MESSAGE_EXPRESSION),
        reason: reason.map(|r| r.value),
        field_path: text(FIELD_PATH),
        optional_old_self,
        span: m.span,
    })
}

fn parse_print_column(m: &Marker, diags: &mut Diagnostics) -> Option<PrintColumn> {
    use key::print_column::*;
    let n = m.nested();
    let text = |key: Key| n.str(key).map(|s| s.value);
    let (Some(name), Some(ty), Some(json_path)) = (text(NAME), text(TYPE), text(JSON_PATH)) else {
        diags.push(
            Diagnostic::new(m.span, "a print column needs `name`, `type` and `json_path`")
                .with_help("write `print_column(name = \"Age\", type = \"date\", json_path = \".metadata.creationTimestamp\")`"),
        );
        return None;
    };
    const TYPES: &[&str] = &["integer", "number", "string", "boolean", "date"];
    if !TYPES.contains(&ty.as_str()) {
        bad_choice(diags, m.span, TYPE, &ty, TYPES);
    }
    let priority = n.int(PRIORITY).map(|p| p.value);
    // Kubernetes' TableColumnDefinition and CRD printer columns hold an int32.
    if priority.is_some_and(|p| i32::try_from(p).is_err()) {
        diags.error(m.span, "a print column's `priority` must fit an int32");
    }
    Some(PrintColumn {
        name,
        ty,
        json_path,
        description: text(DESCRIPTION),
        format: text(FORMAT),
        priority,
        span: m.span,
    })
}

/// Parses a `group_version!` body into its facts.
pub fn parse_group_version(
    tokens: proc_macro2::TokenStream,
    span: crate::span::Span,
    diags: &mut Diagnostics,
) -> Option<GroupVersion> {
    let markers = markers::parse_group_version_tokens(tokens, diags);
    let internal = markers.flag(key::INTERNAL);
    let group = markers.str(key::GROUP_NAME).map(|g| g.value);
    if group.is_none() {
        diags.push(
            Diagnostic::new(span, "`group_version!` needs `group_name`")
                .with_help("write `group_name = \"example.com\"` (use \"\" for the core group)"),
        );
    }
    let version = match (markers.str(key::VERSION), internal) {
        (Some(v), false) => {
            if !is_version_name(&v) {
                diags.push(
                    Diagnostic::new(v.span, format!("\"{v}\" is not a Kubernetes version name"))
                        .with_help("versions look like v1, v2beta1, v1alpha3"),
                );
            }
            Some(v.value)
        }
        (None, true) => Some(INTERNAL_VERSION.to_string()),
        (Some(v), true) => {
            diags.push(
                Diagnostic::new(v.span, "the internal version has no version name")
                    .with_help("remove `version`, or remove `internal`"),
            );
            Some(INTERNAL_VERSION.to_string())
        }
        (None, false) => {
            diags.push(
                Diagnostic::new(
                    span,
                    "`group_version!` needs `version` (or `internal` for the hub)",
                )
                .with_help("write `version = \"v1\"`"),
            );
            None
        }
    };
    let validation = match markers.str(key::VALIDATION) {
        None => ValidationStyle::BuiltIn,
        Some(s) => ValidationStyle::parse(&s).unwrap_or_else(|| {
            bad_choice(diags, s.span, key::VALIDATION, &s, ValidationStyle::CHOICES);
            ValidationStyle::BuiltIn
        }),
    };
    let (Some(group), Some(version)) = (group, version) else {
        return None;
    };
    let go_name = markers
        .str(key::GROUP_GO_NAME)
        .map(|n| n.value)
        .unwrap_or_else(|| {
            use heck::ToUpperCamelCase;
            group
                .split('.')
                .next()
                .filter(|s| !s.is_empty())
                .unwrap_or("core")
                .to_upper_camel_case()
        });
    Some(GroupVersion {
        group,
        version,
        internal,
        go_name,
        protobuf_package: markers.str(key::PROTOBUF_PACKAGE).map(|p| p.value),
        protobuf_path: markers.str(key::PROTOBUF_PATH).map(|p| p.value),
        cargo_feature: markers.str(key::CARGO_FEATURE).map(|f| f.value),
        validation,
        module: Vec::new(),
        file: Default::default(),
        span,
        types: Vec::new(),
        functions: Vec::new(),
        pub_uses: Vec::new(),
        index: Default::default(),
    })
}

/// `v1`, `v2beta1`, `v1alpha3`: the shapes Kubernetes sorts versions by.
pub fn is_version_name(v: &str) -> bool {
    let Some(rest) = v.strip_prefix('v') else {
        return false;
    };
    let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || rest.starts_with('0') {
        return false;
    }
    let tail = &rest[digits..];
    if tail.is_empty() {
        return true;
    }
    for stage in ["alpha", "beta"] {
        if let Some(n) = tail.strip_prefix(stage) {
            return !n.is_empty() && !n.starts_with('0') && n.chars().all(|c| c.is_ascii_digit());
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::pluralize;

    /// Expected names are kube-apiserver's (its discovery documents) for built-in kinds, and
    /// gengo's rules for the rest.
    #[test]
    fn plurals_follow_gengo_with_client_gens_exceptions() {
        for (kind, plural) in [
            ("Endpoints", "endpoints"),
            ("ComponentStatus", "componentstatuses"),
            ("Status", "statuses"),
            ("Ingress", "ingresses"),
            ("IPAddress", "ipaddresses"),
            ("NetworkPolicy", "networkpolicies"),
            ("PriorityClass", "priorityclasses"),
            ("Gateway", "gateways"),
            ("Patch", "patches"),
            ("Mesh", "meshes"),
            ("Graph", "graphs"),
            ("Shelf", "shelves"),
            ("Knife", "knives"),
            ("Box", "boxes"),
            ("Quiz", "quizes"),
            ("CSIDriver", "csidrivers"),
            ("StorageVersionMigration", "storageversionmigrations"),
            // gengo reads the kind as written: an upper-case final letter takes `s`.
            ("FooS", "fooss"),
            ("FooY", "fooys"),
            ("X", "x"),
        ] {
            assert_eq!(pluralize(kind), plural, "{kind}");
        }
    }
}
