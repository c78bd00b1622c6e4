//! What `model.yaml` shows of the model, as its own structs built by destructuring each
//! model struct with no `..`: a field added to the model does not compile here until the
//! summary shows it, or binds it to `_` with the reason it is not shown. The model itself
//! carries no serde attributes for this view.
//!
//! The summary's printer drops empty values (`null`, `false`, `[]`); the values skipped here
//! are left out of the view's serde form too, which tests snapshot whole.

use crate::model::{
    AdmissionWebhook, ClientInfo, ClientMethod, CustomJson, Field, FieldValidation, GateDecl, GroupVersion,
    KindCategory, KindInfo, Lifecycle, ListType, MapType, Model, Presence, PrintColumn, ScaleInfo,
    Scope, Shape, Tombstone, TypeDef, ValidationRule, ValidationStyle, Variant,
};
use serde::Serialize;
use serde_json::Value;

#[derive(Serialize)]
pub struct ModelView<'m> {
    crate_name: &'m str,
    versions: Vec<VersionView<'m>>,
    shared_types: Vec<TypeView<'m>>,
    feature_gates: Vec<GateView<'m>>,
}

impl<'m> ModelView<'m> {
    pub fn of(model: &'m Model) -> Self {
        let Model {
            crate_name,
            versions,
            shared_types,
            path_mods: _, // how the crate includes generated files, not its API
            crate_dir: _, // where the crate is on this machine
            feature_gates,
        } = model;
        ModelView {
            crate_name,
            versions: versions.iter().map(VersionView::of).collect(),
            shared_types: shared_types.iter().map(TypeView::of).collect(),
            feature_gates: feature_gates.iter().map(GateView::of).collect(),
        }
    }
}

#[derive(Serialize)]
struct GateView<'m> {
    name: &'m str,
    stage: &'m str,
    default: bool,
}

impl<'m> GateView<'m> {
    fn of(g: &'m GateDecl) -> Self {
        let GateDecl {
            name,
            stage,
            default,
            module: _, // where it is declared, checked to be the crate root
            span: _,
            file: _,
        } = g;
        GateView {
            name,
            stage,
            default: *default,
        }
    }
}

#[derive(Serialize)]
struct VersionView<'m> {
    group: &'m str,
    version: &'m str,
    internal: bool,
    go_name: &'m str,
    protobuf_package: Option<&'m str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    protobuf_path: Option<&'m str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cargo_feature: Option<&'m str>,
    /// Left out for the default, Go validation's reading.
    #[serde(skip_serializing_if = "Option::is_none")]
    validation: Option<&'static str>,
    module: &'m [String],
    types: Vec<TypeView<'m>>,
}

impl<'m> VersionView<'m> {
    fn of(gv: &'m GroupVersion) -> Self {
        let GroupVersion {
            group,
            version,
            internal,
            go_name,
            protobuf_package,
            protobuf_path,
            cargo_feature,
            validation,
            module,
            file: _,
            span: _,
            types,
            functions: _, // hand-written code the generators call, not the API
            pub_uses: _,  // how paths to its types are written
            index: _,     // a lookup cache
        } = gv;
        VersionView {
            group,
            version,
            internal: *internal,
            go_name,
            protobuf_package: protobuf_package.as_deref(),
            protobuf_path: protobuf_path.as_deref(),
            cargo_feature: cargo_feature.as_deref(),
            validation: (*validation != ValidationStyle::BuiltIn).then(|| validation.as_str()),
            module,
            types: types.iter().map(TypeView::of).collect(),
        }
    }
}

#[derive(Serialize)]
struct TypeView<'m> {
    name: &'m str,
    docs: &'m str,
    module: &'m [String],
    kind: Option<KindView<'m>>,
    shape: ShapeView<'m>,
    union: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    custom_json: Option<CustomJsonView<'m>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    struct_type: Option<&'static str>,
    manual_conversion: bool,
    preserve_unknown_fields: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    defaults_hook: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    validate_hook: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    validation_rules: Vec<RuleView<'m>>,
    lifecycle: Option<LifecycleView<'m>>,
    tombstones: Vec<TombstoneView<'m>>,
}

impl<'m> TypeView<'m> {
    fn of(t: &'m TypeDef) -> Self {
        let TypeDef {
            name,
            docs,
            module,
            kind,
            shape,
            union,
            custom_json,
            struct_type,
            manual_conversion,
            preserve_unknown_fields,
            defaults_hook,
            validate_hook,
            validation_rules,
            lifecycle,
            tombstones,
            allow_lint: _,   // the linter's business
            allow_compat: _, // the compatibility checker's business
            marker_spans: _,
            span: _,
            file: _,
        } = t;
        TypeView {
            name,
            docs,
            module,
            kind: kind.as_ref().map(KindView::of),
            shape: ShapeView::of(shape),
            union: *union,
            custom_json: custom_json.as_ref().map(CustomJsonView::of),
            struct_type: struct_type.as_ref().map(|s| map_type(s.value)),
            manual_conversion: *manual_conversion,
            preserve_unknown_fields: *preserve_unknown_fields,
            defaults_hook: *defaults_hook,
            validate_hook: *validate_hook,
            validation_rules: validation_rules.iter().map(RuleView::of).collect(),
            lifecycle: lifecycle.as_ref().map(LifecycleView::of),
            tombstones: tombstones.iter().map(TombstoneView::of).collect(),
        }
    }
}

/// `true` when it names nothing, so the summary (which drops empty values) still shows the
/// marker.
#[derive(Serialize)]
#[serde(untagged)]
enum CustomJsonView<'m> {
    Bare(bool),
    Named {
        #[serde(rename = "type")]
        type_: Option<&'m str>,
        format: Option<&'m str>,
    },
}

impl<'m> CustomJsonView<'m> {
    fn of(c: &'m CustomJson) -> Self {
        let CustomJson { type_, format } = c;
        match (type_, format) {
            (None, None) => CustomJsonView::Bare(true),
            _ => CustomJsonView::Named {
                type_: type_.as_ref().map(|t| t.value.as_str()),
                format: format.as_ref().map(|f| f.value.as_str()),
            },
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum ShapeView<'m> {
    Struct {
        fields: Vec<FieldView<'m>>,
    },
    Enum {
        variants: Vec<VariantView<'m>>,
        other: &'m str,
    },
}

impl<'m> ShapeView<'m> {
    fn of(shape: &'m Shape) -> Self {
        match shape {
            Shape::Struct { fields } => ShapeView::Struct {
                fields: fields.iter().map(FieldView::of).collect(),
            },
            Shape::Enum { variants, other } => ShapeView::Enum {
                variants: variants.iter().map(VariantView::of).collect(),
                other,
            },
        }
    }
}

#[derive(Serialize)]
struct KindView<'m> {
    category: KindCategory,
    plural: &'m str,
    singular: &'m str,
    scope: Scope,
    list_kind: &'m str,
    short_names: &'m [String],
    categories: &'m [String],
    verbs: Option<&'m [String]>,
    client: Option<ClientView<'m>>,
    subresource_status: bool,
    subresource_scale: Option<ScaleView<'m>>,
    print_columns: Vec<PrintColumnView<'m>>,
    storage_version: bool,
    validating_webhook: Option<WebhookView<'m>>,
    mutating_webhook: Option<WebhookView<'m>>,
}

impl<'m> KindView<'m> {
    fn of(k: &'m KindInfo) -> Self {
        let KindInfo {
            category,
            plural,
            singular,
            scope,
            list_kind,
            short_names,
            categories,
            verbs,
            client,
            subresource_status,
            subresource_scale,
            print_columns,
            storage_version,
            validating_webhook,
            mutating_webhook,
            span: _,
        } = k;
        KindView {
            category: *category,
            plural,
            singular,
            scope: *scope,
            list_kind,
            short_names,
            categories,
            verbs: verbs.as_deref(),
            client: client.as_ref().map(ClientView::of),
            subresource_status: *subresource_status,
            subresource_scale: subresource_scale.as_ref().map(ScaleView::of),
            print_columns: print_columns.iter().map(PrintColumnView::of).collect(),
            storage_version: *storage_version,
            validating_webhook: validating_webhook.as_ref().map(WebhookView::of),
            mutating_webhook: mutating_webhook.as_ref().map(WebhookView::of),
        }
    }
}

#[derive(Serialize)]
struct WebhookView<'m> {
    operations: &'m [String],
    failure_policy: Option<&'m str>,
    side_effects: Option<&'m str>,
    timeout_seconds: Option<i64>,
}

impl<'m> WebhookView<'m> {
    fn of(w: &'m AdmissionWebhook) -> Self {
        let AdmissionWebhook {
            operations,
            failure_policy,
            side_effects,
            timeout_seconds,
            span: _,
        } = w;
        WebhookView {
            operations,
            failure_policy: failure_policy.as_deref(),
            side_effects: side_effects.as_deref(),
            timeout_seconds: *timeout_seconds,
        }
    }
}

#[derive(Serialize)]
struct ClientView<'m> {
    no_status: bool,
    no_verbs: bool,
    read_only: bool,
    only_verbs: &'m [String],
    skip_verbs: &'m [String],
    methods: Vec<MethodView<'m>>,
}

impl<'m> ClientView<'m> {
    fn of(c: &'m ClientInfo) -> Self {
        let ClientInfo {
            no_status,
            no_verbs,
            read_only,
            only_verbs,
            skip_verbs,
            methods,
        } = c;
        ClientView {
            no_status: *no_status,
            no_verbs: *no_verbs,
            read_only: *read_only,
            only_verbs,
            skip_verbs,
            methods: methods.iter().map(MethodView::of).collect(),
        }
    }
}

#[derive(Serialize)]
struct MethodView<'m> {
    name: &'m str,
    verb: &'m str,
    subresource: Option<&'m str>,
    input: Option<&'m str>,
    result: Option<&'m str>,
}

impl<'m> MethodView<'m> {
    fn of(m: &'m ClientMethod) -> Self {
        let ClientMethod {
            name,
            verb,
            subresource,
            input,
            result,
            span: _,
        } = m;
        MethodView {
            name,
            verb,
            subresource: subresource.as_deref(),
            input: input.as_deref(),
            result: result.as_deref(),
        }
    }
}

#[derive(Serialize)]
struct ScaleView<'m> {
    spec_replicas_path: &'m str,
    status_replicas_path: &'m str,
    label_selector_path: Option<&'m str>,
}

impl<'m> ScaleView<'m> {
    fn of(s: &'m ScaleInfo) -> Self {
        let ScaleInfo {
            spec_replicas_path,
            status_replicas_path,
            label_selector_path,
            span: _,
        } = s;
        ScaleView {
            spec_replicas_path,
            status_replicas_path,
            label_selector_path: label_selector_path.as_deref(),
        }
    }
}

#[derive(Serialize)]
struct PrintColumnView<'m> {
    name: &'m str,
    #[serde(rename = "type")]
    ty: &'m str,
    json_path: &'m str,
    description: Option<&'m str>,
    format: Option<&'m str>,
    priority: Option<i64>,
}

impl<'m> PrintColumnView<'m> {
    fn of(c: &'m PrintColumn) -> Self {
        let PrintColumn {
            name,
            ty,
            json_path,
            description,
            format,
            priority,
            span: _,
        } = c;
        PrintColumnView {
            name,
            ty,
            json_path,
            description: description.as_deref(),
            format: format.as_deref(),
            priority: *priority,
        }
    }
}

#[derive(Serialize)]
struct RuleView<'m> {
    rule: &'m str,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'m str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_expression: Option<&'m str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'m str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    field_path: Option<&'m str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    optional_old_self: bool,
}

impl<'m> RuleView<'m> {
    fn of(r: &'m ValidationRule) -> Self {
        let ValidationRule {
            rule,
            message,
            message_expression,
            reason,
            field_path,
            optional_old_self,
            span: _,
        } = r;
        RuleView {
            rule,
            message: message.as_deref(),
            message_expression: message_expression.as_deref(),
            reason: reason.as_deref(),
            field_path: field_path.as_deref(),
            optional_old_self: *optional_old_self,
        }
    }
}

#[derive(Serialize)]
struct LifecycleView<'m> {
    introduced: Option<&'m str>,
    deprecated: Option<&'m str>,
    removed: Option<&'m str>,
    replacement: Option<&'m str>,
}

impl<'m> LifecycleView<'m> {
    fn of(l: &'m Lifecycle) -> Self {
        let Lifecycle {
            introduced,
            deprecated,
            removed,
            replacement,
            span: _,
        } = l;
        LifecycleView {
            introduced: introduced.as_deref(),
            deprecated: deprecated.as_deref(),
            removed: removed.as_deref(),
            replacement: replacement.as_deref(),
        }
    }
}

#[derive(Serialize)]
struct TombstoneView<'m> {
    name: &'m str,
    protobuf: i64,
}

impl<'m> TombstoneView<'m> {
    fn of(t: &'m Tombstone) -> Self {
        let Tombstone {
            name,
            protobuf,
            span: _,
        } = t;
        TombstoneView {
            name,
            protobuf: *protobuf,
        }
    }
}

#[derive(Serialize)]
struct FieldView<'m> {
    rust_name: &'m str,
    json_name: &'m str,
    /// The Rust type as written.
    ty: String,
    docs: &'m str,
    optional: bool,
    presence: &'static str,
    default: Option<&'m Value>,
    feature_gate: Option<&'m str>,
    list_type: Option<&'static str>,
    list_map_keys: &'m [String],
    map_type: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    patch_strategy: Option<&'m str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    patch_merge_key: Option<&'m str>,
    union_discriminator: bool,
    validation: ValidationView<'m>,
    protobuf: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    protobuf_name: Option<&'m str>,
    manual_conversion: bool,
    preserve_unknown_fields: bool,
    embedded_resource: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    inline: bool,
}

impl<'m> FieldView<'m> {
    fn of(f: &'m Field) -> Self {
        let Field {
            rust_name,
            json_name,
            ty,
            docs,
            optional,
            presence,
            default,
            feature_gate,
            list_type,
            list_map_keys,
            map_type,
            patch_strategy,
            patch_merge_key,
            union_discriminator,
            validation,
            protobuf,
            protobuf_name,
            manual_conversion,
            preserve_unknown_fields,
            embedded_resource,
            inline,
            allow_lint: _,   // the linter's business
            allow_compat: _, // the compatibility checker's business
            marker_spans: _,
            span: _,
        } = f;
        let str = |s: &'m Option<crate::model::Spanned<String>>| {
            s.as_ref().map(|s| s.value.as_str())
        };
        FieldView {
            rust_name,
            json_name,
            ty: ty.to_string(),
            docs,
            optional: *optional,
            presence: presence_name(*presence),
            default: default.as_ref().map(|d| &d.value),
            feature_gate: str(feature_gate),
            list_type: list_type.as_ref().map(|l| list_type_name(l.value)),
            list_map_keys,
            map_type: map_type.as_ref().map(|m| self::map_type(m.value)),
            patch_strategy: str(patch_strategy),
            patch_merge_key: str(patch_merge_key),
            union_discriminator: *union_discriminator,
            validation: ValidationView::of(validation),
            protobuf: protobuf.map(|p| p.value),
            protobuf_name: str(protobuf_name),
            manual_conversion: *manual_conversion,
            preserve_unknown_fields: *preserve_unknown_fields,
            embedded_resource: *embedded_resource,
            inline: *inline,
        }
    }
}

/// The validation markers as written: each bound's value, and `exclusive_minimum` /
/// `exclusive_maximum` beside them when set; unset values left out.
#[derive(Serialize)]
struct ValidationView<'m> {
    #[serde(skip_serializing_if = "Option::is_none")]
    minimum: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    maximum: Option<f64>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    exclusive_minimum: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    exclusive_maximum: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    min_length: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_length: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pattern: Option<&'m str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<&'m str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    min_items: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_items: Option<i64>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    immutable: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    rules: Vec<RuleView<'m>>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    required: bool,
}

impl<'m> ValidationView<'m> {
    fn of(v: &'m FieldValidation) -> Self {
        let FieldValidation {
            minimum,
            maximum,
            min_length,
            max_length,
            pattern,
            format,
            min_items,
            max_items,
            immutable,
            rules,
            required_in_schema,
            required_marker: _, // where `required` is written, not what it says
        } = v;
        let int = |n: &Option<crate::model::Spanned<i64>>| n.map(|n| n.value);
        ValidationView {
            minimum: minimum.map(|b| b.value.value),
            maximum: maximum.map(|b| b.value.value),
            exclusive_minimum: minimum.is_some_and(|b| b.exclusive),
            exclusive_maximum: maximum.is_some_and(|b| b.exclusive),
            min_length: int(min_length),
            max_length: int(max_length),
            pattern: pattern.as_ref().map(|p| p.value.as_str()),
            format: format.as_ref().map(|f| f.value.as_str()),
            min_items: int(min_items),
            max_items: int(max_items),
            immutable: *immutable,
            rules: rules.iter().map(RuleView::of).collect(),
            required: *required_in_schema,
        }
    }
}

#[derive(Serialize)]
struct VariantView<'m> {
    rust_name: &'m str,
    value: &'m str,
    docs: &'m str,
    feature_gate: Option<&'m str>,
}

impl<'m> VariantView<'m> {
    fn of(v: &'m Variant) -> Self {
        let Variant {
            rust_name,
            value,
            docs,
            feature_gate,
            allow_lint: _, // the linter's business
            marker_spans: _,
            span: _,
        } = v;
        VariantView {
            rust_name,
            value,
            docs,
            feature_gate: feature_gate.as_ref().map(|g| g.value.as_str()),
        }
    }
}

fn presence_name(p: Presence) -> &'static str {
    match p {
        Presence::OmitEmpty => "omit_empty",
        Presence::Always => "always",
        Presence::Null => "null",
    }
}

fn list_type_name(l: ListType) -> &'static str {
    match l {
        ListType::Atomic => "atomic",
        ListType::Set => "set",
        ListType::Map => "map",
    }
}

fn map_type(m: MapType) -> &'static str {
    match m {
        MapType::Atomic => "atomic",
        MapType::Granular => "granular",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bound, Spanned};
    use crate::span::Span;

    #[test]
    fn a_bound_reads_as_its_two_markers_in_the_summary() {
        let v = FieldValidation {
            minimum: Some(Spanned::new(
                Bound {
                    value: 0.0,
                    exclusive: true,
                },
                Span::default(),
            )),
            maximum: Some(Spanned::new(
                Bound {
                    value: 1.5,
                    exclusive: false,
                },
                Span::default(),
            )),
            required_in_schema: true,
            ..FieldValidation::default()
        };
        assert_eq!(
            serde_json::to_string(&ValidationView::of(&v)).expect("serializes"),
            r#"{"minimum":0.0,"maximum":1.5,"exclusive_minimum":true,"required":true}"#
        );
    }
}
