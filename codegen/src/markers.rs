//! The marker language: every `#[k8s(...)]` key kapi knows, where it may appear, and what
//! value it takes. Parsing here is generic (name + typed value + span); `model::parse` turns
//! the values into the typed fields of the model.

use crate::diagnostics::{closest, Diagnostic, Diagnostics};
use proc_macro2::Span;
use serde::Serialize;
use syn::spanned::Spanned;

/// Where a marker is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Place {
    Struct,
    Enum,
    Field,
    Variant,
    GroupVersion,
}

impl Place {
    pub fn describe(self) -> &'static str {
        match self {
            Place::Struct => "a struct",
            Place::Enum => "an enum",
            Place::Field => "a field",
            Place::Variant => "an enum value",
            Place::GroupVersion => "a `group_version!` declaration",
        }
    }
}

/// The value a marker takes.
#[derive(Debug, Clone, Copy)]
pub enum ValueKind {
    /// `#[k8s(optional)]`
    Flag,
    /// `= true` / `= false`; a bare flag means true.
    Bool,
    /// `= 3`, `= -1`
    Int,
    /// `= 0.5` or an integer
    Number,
    /// `= "text"`
    Str,
    /// `= "a"` or `= ["a", "b"]`; repeated markers accumulate.
    StrList,
    /// Any JSON value: a literal, a negative number, an array of literals, or a string.
    Json,
    /// `name(key = value, ...)`, with its own keys; a bare flag is allowed when `flag_ok`.
    Nested {
        keys: &'static [MarkerSpec],
        flag_ok: bool,
    },
}

#[derive(Debug, Clone, Copy)]
pub struct MarkerSpec {
    pub name: &'static str,
    pub places: &'static [Place],
    pub value: ValueKind,
    /// May be written more than once (values accumulate).
    pub repeatable: bool,
    /// The Kubernetes marker it stands for, for docs and the README table.
    pub kubernetes: &'static str,
}

const fn spec(
    name: &'static str,
    places: &'static [Place],
    value: ValueKind,
    kubernetes: &'static str,
) -> MarkerSpec {
    MarkerSpec {
        name,
        places,
        value,
        repeatable: false,
        kubernetes,
    }
}

const fn repeat(mut s: MarkerSpec) -> MarkerSpec {
    s.repeatable = true;
    s
}

use Place::*;
use ValueKind::*;

const NESTED: &[Place] = &[];

pub const GEN_CLIENT_KEYS: &[MarkerSpec] = &[
    spec("non_namespaced", NESTED, Flag, "+genclient:nonNamespaced"),
    spec("no_status", NESTED, Flag, "+genclient:noStatus"),
    spec("no_verbs", NESTED, Flag, "+genclient:noVerbs"),
    spec("read_only", NESTED, Flag, "+genclient:readonly"),
    spec("only_verbs", NESTED, StrList, "+genclient:onlyVerbs"),
    spec("skip_verbs", NESTED, StrList, "+genclient:skipVerbs"),
    repeat(spec(
        "method",
        NESTED,
        Nested {
            keys: CLIENT_METHOD_KEYS,
            flag_ok: false,
        },
        "+genclient:method",
    )),
];

pub const CLIENT_METHOD_KEYS: &[MarkerSpec] = &[
    spec("name", NESTED, Str, "name"),
    spec("verb", NESTED, Str, "verb"),
    spec("subresource", NESTED, Str, "subresource"),
    spec("input", NESTED, Str, "input"),
    spec("result", NESTED, Str, "result"),
];

pub const SCALE_KEYS: &[MarkerSpec] = &[
    spec("spec_replicas_path", NESTED, Str, "specpath"),
    spec("status_replicas_path", NESTED, Str, "statuspath"),
    spec("label_selector_path", NESTED, Str, "selectorpath"),
];

pub const PRINT_COLUMN_KEYS: &[MarkerSpec] = &[
    spec("name", NESTED, Str, "name"),
    spec("type", NESTED, Str, "type"),
    spec("json_path", NESTED, Str, "JSONPath"),
    spec("description", NESTED, Str, "description"),
    spec("format", NESTED, Str, "format"),
    spec("priority", NESTED, Int, "priority"),
];

pub const LIFECYCLE_KEYS: &[MarkerSpec] = &[
    spec("introduced", NESTED, Str, "introduced"),
    spec("deprecated", NESTED, Str, "deprecated"),
    spec("removed", NESTED, Str, "removed"),
    spec("replacement", NESTED, Str, "replacement"),
];

pub const TOMBSTONE_KEYS: &[MarkerSpec] = &[
    spec("name", NESTED, Str, "name"),
    spec("protobuf", NESTED, Int, "protobuf"),
];

/// Every marker kapi understands. Order is the order of the README's marker table.
pub const MARKERS: &[MarkerSpec] = &[
    // Fields.
    spec("optional", &[Field], Flag, "+optional"),
    spec("required", &[Field], Flag, "+required"),
    spec("default", &[Field], Json, "+default=<json>"),
    spec("rename", &[Field, Variant], Str, "json tag name"),
    spec("feature_gate", &[Field, Variant], Str, "+featureGate=Name"),
    spec("list_type", &[Field], Str, "+listType=atomic|set|map"),
    repeat(spec("list_map_key", &[Field], StrList, "+listMapKey=k")),
    spec("map_type", &[Field], Str, "+mapType=atomic|granular"),
    spec("union_discriminator", &[Field], Flag, "+unionDiscriminator"),
    spec("minimum", &[Field], Number, "+minimum"),
    spec("maximum", &[Field], Number, "+maximum"),
    spec("exclusive_minimum", &[Field], Flag, "+exclusiveMinimum"),
    spec("exclusive_maximum", &[Field], Flag, "+exclusiveMaximum"),
    spec("min_length", &[Field], Int, "+minLength"),
    spec("max_length", &[Field], Int, "+maxLength"),
    spec("pattern", &[Field], Str, "+pattern"),
    spec("format", &[Field], Str, "+format"),
    spec("min_items", &[Field], Int, "+minItems"),
    spec("max_items", &[Field], Int, "+maxItems"),
    spec(
        "immutable",
        &[Field],
        Flag,
        "+immutable (x-kubernetes-validations)",
    ),
    spec("protobuf", &[Field], Int, "protobuf tag number"),
    spec(
        "conversion_gen",
        &[Struct, Enum, Field],
        Bool,
        "+k8s:conversion-gen=false",
    ),
    spec(
        "preserve_unknown_fields",
        &[Struct, Field],
        Flag,
        "x-kubernetes-preserve-unknown-fields",
    ),
    spec(
        "embedded_resource",
        &[Field],
        Flag,
        "x-kubernetes-embedded-resource",
    ),
    // Names are checked against the linter's rules by codegen (`lint`), which owns them.
    repeat(spec(
        "allow_lint",
        &[Struct, Enum, Field, Variant],
        StrList,
        "`//nolint` (kube-api-linter exceptions)",
    )),
    // Types.
    spec(
        "kind",
        &[Struct],
        Flag,
        "+k8s:deepcopy-gen:interfaces=runtime.Object",
    ),
    spec(
        "simple_kind",
        &[Struct],
        Flag,
        "runtime.Object without ObjectMeta (options, Status)",
    ),
    spec("enum", &[Enum], Flag, "+enum"),
    spec("union", &[Struct], Flag, "+union"),
    spec(
        "gen_client",
        &[Struct],
        Nested {
            keys: GEN_CLIENT_KEYS,
            flag_ok: true,
        },
        "+genclient[:nonNamespaced|:noStatus|:noVerbs|:onlyVerbs|:skipVerbs|:method=]",
    ),
    spec("plural", &[Struct], Str, "+kubebuilder:resource:path"),
    spec("singular", &[Struct], Str, "+kubebuilder:resource:singular"),
    spec("scope", &[Struct], Str, "+kubebuilder:resource:scope"),
    spec(
        "short_names",
        &[Struct],
        StrList,
        "+kubebuilder:resource:shortName",
    ),
    spec(
        "categories",
        &[Struct],
        StrList,
        "+kubebuilder:resource:categories",
    ),
    spec(
        "subresource_status",
        &[Struct],
        Flag,
        "+kubebuilder:subresource:status",
    ),
    spec(
        "subresource_scale",
        &[Struct],
        Nested {
            keys: SCALE_KEYS,
            flag_ok: false,
        },
        "+kubebuilder:subresource:scale",
    ),
    repeat(spec(
        "print_column",
        &[Struct],
        Nested {
            keys: PRINT_COLUMN_KEYS,
            flag_ok: false,
        },
        "+kubebuilder:printcolumn",
    )),
    spec(
        "storage_version",
        &[Struct],
        Flag,
        "+kubebuilder:storageversion",
    ),
    spec(
        "lifecycle",
        &[Struct],
        Nested {
            keys: LIFECYCLE_KEYS,
            flag_ok: false,
        },
        "+k8s:prerelease-lifecycle-gen:introduced|deprecated|removed|replacement",
    ),
    repeat(spec(
        "deprecated",
        &[Struct],
        Nested {
            keys: TOMBSTONE_KEYS,
            flag_ok: false,
        },
        "+k8s:deprecated=name,protobuf=N",
    )),
    // Group-version declarations (`kapi::group_version!`).
    spec("group_name", &[GroupVersion], Str, "+groupName"),
    spec(
        "version",
        &[GroupVersion],
        Str,
        "package name (v1, v2beta1)",
    ),
    spec(
        "internal",
        &[GroupVersion],
        Flag,
        "the internal hub version (__internal)",
    ),
    spec("group_go_name", &[GroupVersion], Str, "+groupGoName"),
    spec(
        "protobuf_package",
        &[GroupVersion],
        Str,
        "protobuf package (go-to-protobuf)",
    ),
];

pub fn lookup(name: &str) -> Option<&'static MarkerSpec> {
    MARKERS.iter().find(|m| m.name == name)
}

/// A parsed marker value. Numbers are numbers and lists are lists.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum MarkerValue {
    Bool(bool),
    Int(i64),
    Number(f64),
    Str(String),
    StrList(Vec<String>),
    Json(serde_json::Value),
    Nested(Vec<Marker>),
}

#[derive(Debug, Clone, Serialize)]
pub struct Marker {
    pub name: &'static str,
    pub value: MarkerValue,
    #[serde(skip)]
    pub span: Span,
}

/// Parses every `#[k8s(...)]` attribute in `attrs` written at `place`.
/// Unknown, misplaced, repeated and malformed markers are reported to `diags`; the good
/// ones are returned in source order.
pub fn parse_attrs(attrs: &[syn::Attribute], place: Place, diags: &mut Diagnostics) -> Vec<Marker> {
    let mut out: Vec<Marker> = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("k8s") {
            continue;
        }
        let list = match &attr.meta {
            syn::Meta::List(list) => list,
            other => {
                diags.push(
                    Diagnostic::new(other.span(), "malformed marker attribute")
                        .with_help("write markers as `#[k8s(name)]` or `#[k8s(name = value)]`"),
                );
                continue;
            }
        };
        let result = list.parse_nested_meta(|meta| {
            parse_one(&meta, place, MARKERS, &mut out, diags);
            Ok(())
        });
        if let Err(err) = result {
            diags.push(
                Diagnostic::new(err.span(), format!("malformed marker: {err}"))
                    .with_help("write markers as `#[k8s(name)]` or `#[k8s(name = value)]`"),
            );
        }
    }
    out
}

/// Parses the body of a `group_version!` invocation: `key = value, ...`.
pub fn parse_group_version_tokens(
    tokens: proc_macro2::TokenStream,
    diags: &mut Diagnostics,
) -> Vec<Marker> {
    use syn::parse::Parser;
    let mut out = Vec::new();
    let parser = syn::meta::parser(|meta| {
        parse_one(&meta, Place::GroupVersion, MARKERS, &mut out, diags);
        Ok(())
    });
    if let Err(err) = parser.parse2(tokens) {
        diags.push(
            Diagnostic::new(err.span(), format!("malformed group_version!: {err}")).with_help(
                "write `kapi::group_version! { group_name = \"example.com\", version = \"v1\" }`",
            ),
        );
    }
    out
}

fn parse_one(
    meta: &syn::meta::ParseNestedMeta,
    place: Place,
    table: &'static [MarkerSpec],
    out: &mut Vec<Marker>,
    diags: &mut Diagnostics,
) {
    let span = meta.path.span();
    let name = path_to_string(&meta.path);
    let Some(spec) = table.iter().find(|m| m.name == name) else {
        let mut d = Diagnostic::new(span, format!("unknown marker `{name}`"));
        let candidates = table
            .iter()
            .filter(|m| m.places.is_empty() || m.places.contains(&place))
            .map(|m| m.name);
        if let Some(best) = closest(&name, candidates) {
            d = d.with_help(format!("did you mean `{best}`?"));
        } else if let Some(best) = table
            .iter()
            .find(|m| Some(m.name) == closest(&name, table.iter().map(|m| m.name)))
        {
            let places: Vec<&str> = best.places.iter().map(|p| p.describe()).collect();
            d = d.with_help(format!(
                "`{}` is the closest marker, but it belongs on {}",
                best.name,
                places.join(" or ")
            ));
        } else {
            let valid: Vec<&str> = table
                .iter()
                .filter(|m| m.places.is_empty() || m.places.contains(&place))
                .map(|m| m.name)
                .collect();
            d = d.with_help(format!("valid markers here: {}", valid.join(", ")));
        }
        diags.push(d);
        skip_value(meta);
        return;
    };
    if !spec.places.is_empty() && !spec.places.contains(&place) {
        let allowed: Vec<&str> = spec.places.iter().map(|p| p.describe()).collect();
        diags.push(
            Diagnostic::new(
                span,
                format!(
                    "marker `{}` is not allowed on {}",
                    spec.name,
                    place.describe()
                ),
            )
            .with_help(format!(
                "`{}` belongs on {}",
                spec.name,
                allowed.join(" or ")
            )),
        );
        skip_value(meta);
        return;
    }
    let value = match parse_value(meta, spec, diags) {
        Some(v) => v,
        None => return,
    };
    if let Some(prev) = out.iter_mut().find(|m| m.name == spec.name) {
        match (&mut prev.value, value) {
            (MarkerValue::StrList(list), MarkerValue::StrList(more)) if spec.repeatable => {
                list.extend(more);
                return;
            }
            (_, value) if spec.repeatable => {
                out.push(Marker {
                    name: spec.name,
                    value,
                    span,
                });
                return;
            }
            _ => {
                diags.push(
                    Diagnostic::new(span, format!("marker `{}` is given twice", spec.name))
                        .with_help("remove one of them"),
                );
                return;
            }
        }
    }
    out.push(Marker {
        name: spec.name,
        value,
        span,
    });
}

fn path_to_string(path: &syn::Path) -> String {
    path.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}

/// Consumes whatever follows an unusable marker so parsing goes on with the next one.
fn skip_value(meta: &syn::meta::ParseNestedMeta) {
    if meta.input.peek(syn::Token![=]) {
        if let Ok(v) = meta.value() {
            let _ = v.parse::<syn::Expr>();
        }
    } else if meta.input.peek(syn::token::Paren) {
        let _ = meta.parse_nested_meta(|inner| {
            skip_value(&inner);
            Ok(())
        });
    }
}

fn value_error(spec: &MarkerSpec, span: Span, expected: &str) -> Diagnostic {
    let example = match spec.value {
        Flag => format!("`{}`", spec.name),
        Bool => format!("`{} = false`", spec.name),
        Int => format!("`{} = 3`", spec.name),
        Number => format!("`{} = 0`", spec.name),
        Str => format!("`{} = \"value\"`", spec.name),
        StrList => format!("`{} = [\"a\", \"b\"]`", spec.name),
        Json => format!("`{} = 1` or `{} = \"text\"`", spec.name, spec.name),
        Nested { keys, .. } => {
            let keys: Vec<String> = keys.iter().map(|k| format!("{} = ..", k.name)).collect();
            format!("`{}({})`", spec.name, keys.join(", "))
        }
    };
    Diagnostic::new(span, format!("marker `{}` expects {expected}", spec.name))
        .with_help(format!("write {example}"))
}

fn parse_value(
    meta: &syn::meta::ParseNestedMeta,
    spec: &'static MarkerSpec,
    diags: &mut Diagnostics,
) -> Option<MarkerValue> {
    let span = meta.path.span();
    let has_eq = meta.input.peek(syn::Token![=]);
    let has_paren = meta.input.peek(syn::token::Paren);
    match spec.value {
        Flag => {
            if has_eq || has_paren {
                diags.push(value_error(spec, span, "no value"));
                skip_value(meta);
                return None;
            }
            Some(MarkerValue::Bool(true))
        }
        Nested { keys, flag_ok } => {
            if has_paren {
                let mut inner = Vec::new();
                let res = meta.parse_nested_meta(|m| {
                    parse_one(&m, Place::Field, keys, &mut inner, diags);
                    Ok(())
                });
                if let Err(err) = res {
                    diags.push(Diagnostic::new(
                        err.span(),
                        format!("malformed marker: {err}"),
                    ));
                    return None;
                }
                Some(MarkerValue::Nested(inner))
            } else if !has_eq && flag_ok {
                Some(MarkerValue::Nested(Vec::new()))
            } else {
                diags.push(value_error(spec, span, "a parenthesized list of settings"));
                skip_value(meta);
                None
            }
        }
        _ => {
            if !has_eq {
                if matches!(spec.value, Bool) && !has_paren {
                    return Some(MarkerValue::Bool(true));
                }
                diags.push(value_error(spec, span, "a value"));
                skip_value(meta);
                return None;
            }
            let expr: syn::Expr = match meta.value().and_then(|v| v.parse()) {
                Ok(e) => e,
                Err(err) => {
                    diags.push(Diagnostic::new(
                        err.span(),
                        format!("malformed marker value: {err}"),
                    ));
                    return None;
                }
            };
            let expr_span = expr.span();
            let json = match expr_to_json(&expr) {
                Some(j) => j,
                None => {
                    diags.push(value_error(spec, expr_span, "a literal value"));
                    return None;
                }
            };
            let typed = match (spec.value, &json) {
                (Bool, serde_json::Value::Bool(b)) => Some(MarkerValue::Bool(*b)),
                (Int, serde_json::Value::Number(n)) if n.is_i64() => {
                    n.as_i64().map(MarkerValue::Int)
                }
                (Number, serde_json::Value::Number(n)) => {
                    if let Some(i) = n.as_i64() {
                        Some(MarkerValue::Int(i))
                    } else {
                        n.as_f64().map(MarkerValue::Number)
                    }
                }
                (Str, serde_json::Value::String(s)) => Some(MarkerValue::Str(s.clone())),
                (StrList, serde_json::Value::String(s)) => {
                    Some(MarkerValue::StrList(vec![s.clone()]))
                }
                (StrList, serde_json::Value::Array(items)) => items
                    .iter()
                    .map(|i| i.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
                    .map(MarkerValue::StrList),
                (Json, j) => Some(MarkerValue::Json(j.clone())),
                _ => None,
            };
            match typed {
                Some(v) => Some(v),
                None => {
                    let expected = match spec.value {
                        Bool => "`true` or `false`",
                        Int => "an integer",
                        Number => "a number",
                        Str => "a string",
                        StrList => "a string or a list of strings",
                        _ => "a value",
                    };
                    diags.push(value_error(
                        spec,
                        expr_span,
                        &format!(
                            "{expected}, found `{}`",
                            quote::ToTokens::to_token_stream(&expr)
                        ),
                    ));
                    None
                }
            }
        }
    }
}

/// Literal expressions as JSON: strings, numbers (with a leading `-`), booleans, arrays.
fn expr_to_json(expr: &syn::Expr) -> Option<serde_json::Value> {
    use serde_json::Value;
    match expr {
        syn::Expr::Lit(lit) => match &lit.lit {
            syn::Lit::Str(s) => Some(Value::String(s.value())),
            syn::Lit::Bool(b) => Some(Value::Bool(b.value)),
            syn::Lit::Int(i) => i.base10_parse::<i64>().ok().map(Value::from),
            syn::Lit::Float(f) => f
                .base10_parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
                .map(Value::Number),
            _ => None,
        },
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => match expr_to_json(&u.expr)? {
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    Some(Value::from(-i))
                } else {
                    n.as_f64()
                        .and_then(|f| serde_json::Number::from_f64(-f))
                        .map(Value::Number)
                }
            }
            _ => None,
        },
        syn::Expr::Array(arr) => arr
            .elems
            .iter()
            .map(expr_to_json)
            .collect::<Option<Vec<_>>>()
            .map(Value::Array),
        syn::Expr::Group(g) => expr_to_json(&g.expr),
        syn::Expr::Paren(p) => expr_to_json(&p.expr),
        _ => None,
    }
}

/// Accessors over a parsed marker list.
pub trait MarkerList {
    fn marker(&self, name: &str) -> Option<&Marker>;
    fn flag(&self, name: &str) -> bool;
    fn str(&self, name: &str) -> Option<String>;
    fn int(&self, name: &str) -> Option<i64>;
    fn strs(&self, name: &str) -> Vec<String>;
    fn all(&self, name: &str) -> Vec<&Marker>;
}

impl MarkerList for [Marker] {
    fn marker(&self, name: &str) -> Option<&Marker> {
        self.iter().find(|m| m.name == name)
    }
    fn flag(&self, name: &str) -> bool {
        matches!(
            self.marker(name).map(|m| &m.value),
            Some(MarkerValue::Bool(true)) | Some(MarkerValue::Nested(_))
        )
    }
    fn str(&self, name: &str) -> Option<String> {
        match self.marker(name).map(|m| &m.value) {
            Some(MarkerValue::Str(s)) => Some(s.clone()),
            _ => None,
        }
    }
    fn int(&self, name: &str) -> Option<i64> {
        match self.marker(name).map(|m| &m.value) {
            Some(MarkerValue::Int(i)) => Some(*i),
            _ => None,
        }
    }
    fn strs(&self, name: &str) -> Vec<String> {
        match self.marker(name).map(|m| &m.value) {
            Some(MarkerValue::StrList(l)) => l.clone(),
            _ => Vec::new(),
        }
    }
    fn all(&self, name: &str) -> Vec<&Marker> {
        self.iter().filter(|m| m.name == name).collect()
    }
}

impl Marker {
    pub fn nested(&self) -> &[Marker] {
        match &self.value {
            MarkerValue::Nested(n) => n,
            _ => &[],
        }
    }
}
