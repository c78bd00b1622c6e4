//! kapi-model: the one model of an API (group-versions, kinds, types, fields and their
//! markers), the marker language, diagnostics and spans.
//!
//! Built from Rust source by [`parse`] (one item, for the proc-macro) and [`source`] (a
//! whole crate, for codegen). Both `kapi-derive` and `kapi-codegen` depend on this crate,
//! so a marker means the same thing, with the same error text, in both. Every generator
//! reads this model and nothing else.

pub mod admission;
pub mod cel;
pub mod check;
pub mod default_value;
pub mod diagnostics;
pub mod formats;
pub mod grammars;
pub mod markers;
pub mod parse;
pub mod resolve;
pub mod source;
pub mod span;
pub mod special;
mod type_ref;
pub mod version_name;

pub use type_ref::{Scalar, TypeRef};

use crate::markers::MarkerSpans;
pub use crate::markers::Spanned;
use crate::span::Span;
use std::path::PathBuf;

/// The API of one crate: its group-versions in module order.
#[derive(Debug, Clone, Default)]
pub struct Model {
    pub crate_name: String,
    pub versions: Vec<GroupVersion>,
    /// Types that derive `ApiType` outside every group-version module (shared helpers).
    pub shared_types: Vec<TypeDef>,
    /// `#[path = "..."] mod` declarations: how the crate includes generated Rust files.
    pub path_mods: Vec<PathMod>,
    /// The crate's directory (the parent of `src/`).
    pub crate_dir: PathBuf,
    /// Gates declared with `kapi::feature_gates!`, in source order.
    pub feature_gates: Vec<GateDecl>,
}

/// One gate of a `kapi::feature_gates!` declaration.
#[derive(Debug, Clone)]
pub struct GateDecl {
    pub name: String,
    /// `Alpha`, `Beta`, `GA` or `Deprecated`.
    pub stage: String,
    pub default: bool,
    pub module: Vec<String>,
    pub span: Span,
    pub file: PathBuf,
}

/// A module declared with an explicit `#[path]`.
#[derive(Debug, Clone)]
pub struct PathMod {
    /// The module that declares it.
    pub parent: Vec<String>,
    pub name: String,
    /// The file it points at, lexically normalized (`..` resolved).
    pub target: PathBuf,
    pub declared_in: PathBuf,
    pub span: Span,
}

/// A free function in a group-version's modules: where hand-written conversions are found.
#[derive(Debug, Clone)]
pub struct FnDecl {
    pub name: String,
    pub module: Vec<String>,
    /// `pub`, `pub(crate)`, `pub(super)` or `pub(in ..)`: anything but private.
    pub visible: bool,
    /// Its signature, for generators that call it to check before they do.
    pub signature: FnSignature,
    /// Every identifier its body names: the conversion generator asks whether a hand-written
    /// conversion mentions the fields the generated one leaves to it.
    pub body_idents: std::collections::BTreeSet<String>,
    pub span: Span,
    pub file: PathBuf,
}

/// What a free function takes and returns, as far as a caller can tell from the source.
#[derive(Debug, Clone, Default)]
pub struct FnSignature {
    /// Parameter types in order; `None` for a pattern or a receiver the model cannot type.
    pub params: Vec<Option<TypeRef>>,
    /// The return type as written, without spaces around `::`; `None` for `()`.
    pub output: Option<String>,
    /// For a return type whose path ends in `Result<T, ..>`, `T`.
    pub ok: Option<TypeRef>,
    /// It has generic parameters or is `async` or `extern`.
    pub unusual: bool,
}

impl FnSignature {
    pub fn from_syn(sig: &syn::Signature) -> FnSignature {
        let params = sig
            .inputs
            .iter()
            .map(|arg| match arg {
                syn::FnArg::Typed(t) => Some(TypeRef::from_syn(&t.ty)),
                syn::FnArg::Receiver(_) => None,
            })
            .collect();
        let (output, ok) = match &sig.output {
            syn::ReturnType::Default => (None, None),
            syn::ReturnType::Type(_, ty) => {
                let text = type_text(&quote::ToTokens::to_token_stream(ty).to_string());
                (Some(text), result_ok(ty))
            }
        };
        FnSignature {
            params,
            output,
            ok,
            unusual: !sig.generics.params.is_empty()
                || sig.asyncness.is_some()
                || sig.abi.is_some(),
        }
    }
}

/// Tokens as a person writes them: `Result<i64, E>`, not `Result < i64 , E >`.
fn type_text(tokens: &str) -> String {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '\'');
    let chars: Vec<char> = tokens.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' {
            let (before, after) = (out.chars().last(), chars.get(i + 1).copied());
            if (word(before) && word(after)) || before == Some(',') {
                out.push(' ');
            }
            continue;
        }
        out.push(c);
    }
    out
}

/// `T` of `Result<T, E>` (any path ending in `Result`, so aliases such as
/// `conversion::Result<T>` count).
fn result_ok(ty: &syn::Type) -> Option<TypeRef> {
    let syn::Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if last.ident != "Result" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    args.args.iter().find_map(|a| match a {
        syn::GenericArgument::Type(t) => Some(TypeRef::from_syn(t)),
        _ => None,
    })
}

/// One `kapi::group_version!` declaration and the types of its module.
#[derive(Debug, Clone)]
pub struct GroupVersion {
    pub group: String,
    /// `v1`, `v2beta1`, or `__internal` for the hub.
    pub version: String,
    pub internal: bool,
    pub go_name: String,
    pub protobuf_package: Option<String>,
    /// Where other files import this group-version's `.proto` from (`protobuf_path`), e.g.
    /// Kubernetes' `k8s.io/api/core/v1/generated.proto`; its own file is written there too.
    pub protobuf_path: Option<String>,
    /// The cargo feature that compiles this group-version (`cargo_feature`): everything
    /// generated for it outside its own module is behind `#[cfg(feature = "...")]`.
    pub cargo_feature: Option<String>,
    /// How its kinds are validated (`validation`): Go validation's reading of `required`
    /// or a CRD schema's.
    pub validation: ValidationStyle,
    /// Rust module path from the crate root, e.g. `["v1"]`.
    pub module: Vec<String>,
    pub file: PathBuf,
    pub span: Span,
    pub types: Vec<TypeDef>,
    /// Free functions of the module and its children.
    pub functions: Vec<FnDecl>,
    /// `pub use` paths of the module itself (`types::*`), to name its types by the shortest
    /// path (`crate::v1::Frobber` rather than `crate::v1::types::Frobber`).
    pub pub_uses: Vec<Vec<String>>,
    /// How many types were indexed, and each name's first position.
    pub index: std::sync::OnceLock<(usize, std::collections::HashMap<String, usize>)>,
}

pub const INTERNAL_VERSION: &str = "__internal";

/// `group_version!`'s `validation`: how `required` and absent values are read (the
/// runtime's `kapi::validation::Style`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ValidationStyle {
    /// Kubernetes' Go validation of built-in kinds: an empty required value is missing.
    #[default]
    BuiltIn,
    /// A CustomResourceDefinition's schema: a required key must be present, at any value.
    Schema,
}

impl ValidationStyle {
    pub const CHOICES: &'static [&'static str] = &["built_in", "schema"];

    pub fn parse(s: &str) -> Option<ValidationStyle> {
        match s {
            "built_in" => Some(ValidationStyle::BuiltIn),
            "schema" => Some(ValidationStyle::Schema),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ValidationStyle::BuiltIn => "built_in",
            ValidationStyle::Schema => "schema",
        }
    }

    pub fn is_built_in(&self) -> bool {
        *self == ValidationStyle::BuiltIn
    }
}

impl GroupVersion {
    pub fn api_version(&self) -> String {
        api_version(&self.group, &self.version)
    }

    pub fn kinds(&self) -> impl Iterator<Item = &TypeDef> {
        self.types.iter().filter(|t| t.kind.is_some())
    }

    /// The type named `name`. Indexed on first use: generators look types up per field, so
    /// a linear search made large APIs quadratic. The model is complete before any lookup.
    pub fn find(&self, name: &str) -> Option<&TypeDef> {
        let (indexed, index) = self.index.get_or_init(|| {
            let mut map = std::collections::HashMap::with_capacity(self.types.len());
            for (i, t) in self.types.iter().enumerate() {
                map.entry(t.name.clone()).or_insert(i);
            }
            (self.types.len(), map)
        });
        match index.get(name) {
            Some(&i) if self.types.get(i).is_some_and(|t| t.name == name) => self.types.get(i),
            // Most lookups that miss are names of other crates (kapi's `ObjectMeta`): a
            // current index answers them without a scan.
            None if *indexed == self.types.len() => None,
            // Types changed after indexing (only while the model is being built).
            _ => self.types.iter().find(|t| t.name == name),
        }
    }

    pub fn function(&self, name: &str) -> Option<&FnDecl> {
        self.functions.iter().find(|f| f.name == name)
    }

    /// How code outside the module names type `t` of this group-version: through the
    /// module's `pub use` when it re-exports the type, else by its full module path.
    pub fn type_path(&self, t: &TypeDef) -> String {
        let rel = &t.module[self.module.len().min(t.module.len())..];
        let reexported = rel.is_empty()
            || self.pub_uses.iter().any(|u| {
                u.len() == rel.len() + 1
                    && u[..rel.len()] == *rel
                    && (u[rel.len()] == "*" || u[rel.len()] == t.name)
            });
        let mut path = self.rust_path();
        if !reexported {
            for m in rel {
                path.push_str("::");
                path.push_str(m);
            }
        }
        path.push_str("::");
        path.push_str(&t.name);
        path
    }

    /// The Rust path of the module, `crate::v1`.
    pub fn rust_path(&self) -> String {
        std::iter::once("crate")
            .chain(self.module.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("::")
    }
}

/// `group/version`, or just `version` for the core (empty) group.
pub fn api_version(group: &str, version: &str) -> String {
    if group.is_empty() {
        version.to_string()
    } else {
        format!("{group}/{version}")
    }
}

/// A struct or enum that derives `ApiType`.
#[derive(Debug, Clone)]
pub struct TypeDef {
    pub name: String,
    pub docs: String,
    /// Rust module path from the crate root (empty inside the proc-macro).
    pub module: Vec<String>,
    pub kind: Option<KindInfo>,
    pub shape: Shape,
    pub union: bool,
    /// `custom_json`: the type's JSON is not its fields' (Go's `MarshalJSON`): its
    /// `Serialize` / `Deserialize` are written by hand, its schema is only what the marker
    /// says, and apply configurations take it whole. Its fields are still its protobuf
    /// message, deep copy, validation and random values.
    pub custom_json: Option<CustomJson>,
    /// `struct_type`: an atomic struct is owned whole by server-side apply.
    pub struct_type: Option<Spanned<MapType>>,
    /// `conversion_gen = false`: the conversion is written by hand.
    pub manual_conversion: bool,
    pub preserve_unknown_fields: bool,
    /// `defaults_hook`: the type implements `kapi::DefaultsHook`, which its derived
    /// defaulting calls after the markers' defaults.
    pub defaults_hook: bool,
    /// `validate_hook`: the type implements `kapi::validation::ValidateHook`, which its
    /// derived validation calls after the markers' checks.
    pub validate_hook: bool,
    /// `validation_rule(...)`: CEL rules on the whole object.
    pub validation_rules: Vec<ValidationRule>,
    pub lifecycle: Option<Lifecycle>,
    pub tombstones: Vec<Tombstone>,
    /// Lint rules allowed on the type and everything in it (`allow_lint`).
    pub allow_lint: Vec<Spanned<String>>,
    /// Compatibility breaks accepted on the type (`allow_compat`).
    pub allow_compat: Vec<AllowCompat>,
    /// Where each marker is written (`marker_spans.span(key::SUBRESOURCE_STATUS)`); the
    /// values are the typed fields above.
    pub marker_spans: MarkerSpans,
    pub span: Span,
    pub file: PathBuf,
}

/// One `allow_compat(rule = "..", reason = "..")`: a compatibility break the API accepts on
/// purpose. Both are read as written; the compatibility checker reports a missing or
/// unknown rule and a missing reason.
#[derive(Debug, Clone)]
pub struct AllowCompat {
    pub rule: Option<Spanned<String>>,
    pub reason: Option<Spanned<String>>,
    /// The `allow_compat(...)` marker.
    pub span: Span,
}

/// The schema of a type that writes its own JSON, as kube-openapi takes it from Go's
/// `OpenAPISchemaType` / `OpenAPISchemaFormat`: no type (any value) unless one is named.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CustomJson {
    pub type_: Option<Spanned<String>>,
    pub format: Option<Spanned<String>>,
}

impl TypeDef {
    pub fn fields(&self) -> &[Field] {
        match &self.shape {
            Shape::Struct { fields } => fields,
            Shape::Enum { .. } => &[],
        }
    }

    pub fn is_enum(&self) -> bool {
        matches!(self.shape, Shape::Enum { .. })
    }

    pub fn field(&self, rust_name: &str) -> Option<&Field> {
        self.fields().iter().find(|f| f.rust_name == rust_name)
    }
}

impl Field {
    /// The field's name in the `.proto`.
    pub fn protobuf_name(&self) -> &str {
        self.protobuf_name
            .as_ref()
            .map_or(self.json_name.as_str(), |n| n.as_str())
    }

    /// The discriminator value that selects this member of a union: its JSON name with the
    /// first letter upper-cased, Kubernetes' convention.
    pub fn discriminator_value(&self) -> String {
        let mut chars = self.json_name.chars();
        match chars.next() {
            Some(c) => c.to_uppercase().chain(chars).collect(),
            None => String::new(),
        }
    }
}

#[derive(Debug, Clone)]
pub enum Shape {
    Struct {
        fields: Vec<Field>,
    },
    /// `variants` are the known values; `other` names the `(String)` variant that carries
    /// any other value unchanged.
    Enum {
        variants: Vec<Variant>,
        other: String,
    },
}

/// What makes a type a top-level kind (`kind` or `simple_kind`).
#[derive(Debug, Clone)]
pub struct KindInfo {
    pub category: KindCategory,
    pub plural: String,
    pub singular: String,
    pub scope: Scope,
    pub list_kind: String,
    pub short_names: Vec<String>,
    pub categories: Vec<String>,
    /// The REST verbs the resource serves (`verbs` marker); `None` for all eight of a
    /// stored resource, an empty list for a kind served as no resource of its own (a
    /// subresource's body such as Scale).
    pub verbs: Option<Vec<String>>,
    pub client: Option<ClientInfo>,
    pub subresource_status: bool,
    pub subresource_scale: Option<ScaleInfo>,
    pub print_columns: Vec<PrintColumn>,
    pub storage_version: bool,
    /// `validating_webhook`: the resource's requests go to the crate's webhook server,
    /// which answers with the kind's generated validation.
    pub validating_webhook: Option<AdmissionWebhook>,
    /// `mutating_webhook`: the same, answered with the kind's defaults as a JSON Patch.
    pub mutating_webhook: Option<AdmissionWebhook>,
    /// The `kind` or `simple_kind` marker.
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KindCategory {
    /// Has `metadata: ObjectMeta`; served as a resource.
    Object,
    /// `<Kind>List` with `metadata: ListMeta` and `items`.
    List,
    /// apiVersion/kind without object metadata: options, Status, events.
    Simple,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Scope {
    Namespaced,
    Cluster,
}

#[derive(Debug, Clone, Default)]
pub struct ClientInfo {
    pub no_status: bool,
    pub no_verbs: bool,
    pub read_only: bool,
    pub only_verbs: Vec<String>,
    pub skip_verbs: Vec<String>,
    pub methods: Vec<ClientMethod>,
}

#[derive(Debug, Clone)]
pub struct ClientMethod {
    pub name: String,
    pub verb: String,
    pub subresource: Option<String>,
    pub input: Option<String>,
    pub result: Option<String>,
    /// The `method(...)` marker, for diagnostics about its types.
    pub span: Span,
}

#[derive(Debug, Clone)]
pub struct ScaleInfo {
    pub spec_replicas_path: String,
    pub status_replicas_path: String,
    pub label_selector_path: Option<String>,
    /// The `subresource_scale(...)` marker.
    pub span: Span,
}

/// A `validating_webhook(...)` or `mutating_webhook(...)` marker: which requests of the
/// resource kube-apiserver sends to the webhook, and the crate settings it overrides.
#[derive(Debug, Clone)]
pub struct AdmissionWebhook {
    /// As kube-apiserver names them (`CREATE`, `UPDATE`, `DELETE`), in the order written;
    /// [`admission::DEFAULT_OPERATIONS`] when the marker names none.
    pub operations: Vec<String>,
    /// `failure_policy`, else the crate's.
    pub failure_policy: Option<String>,
    /// `side_effects`, else the crate's.
    pub side_effects: Option<String>,
    /// `timeout_seconds`, else the crate's.
    pub timeout_seconds: Option<i64>,
    /// The marker.
    pub span: Span,
}

impl AdmissionWebhook {
    /// Whether two markers ask for the same webhook (where they are written aside).
    pub fn same_as(&self, other: &AdmissionWebhook) -> bool {
        self.operations == other.operations
            && self.failure_policy == other.failure_policy
            && self.side_effects == other.side_effects
            && self.timeout_seconds == other.timeout_seconds
    }
}

#[derive(Debug, Clone)]
pub struct PrintColumn {
    pub name: String,
    pub ty: String,
    pub json_path: String,
    pub description: Option<String>,
    pub format: Option<String>,
    pub priority: Option<i64>,
    /// The `print_column(...)` marker.
    pub span: Span,
}

/// One `validation_rule(...)`: an entry of the schema's `x-kubernetes-validations`, a CEL
/// rule kube-apiserver checks on every write of a custom resource.
#[derive(Debug, Clone)]
pub struct ValidationRule {
    pub rule: String,
    pub message: Option<String>,
    pub message_expression: Option<String>,
    pub reason: Option<String>,
    pub field_path: Option<String>,
    pub optional_old_self: bool,
    /// The `validation_rule(...)` marker.
    pub span: Span,
}

/// Equal when the rules are: where each is written does not count.
impl PartialEq for ValidationRule {
    fn eq(&self, other: &Self) -> bool {
        self.rule == other.rule
            && self.message == other.message
            && self.message_expression == other.message_expression
            && self.reason == other.reason
            && self.field_path == other.field_path
            && self.optional_old_self == other.optional_old_self
    }
}

#[derive(Debug, Clone)]
pub struct Lifecycle {
    pub introduced: Option<String>,
    pub deprecated: Option<String>,
    pub removed: Option<String>,
    pub replacement: Option<String>,
    /// The `lifecycle(...)` marker.
    pub span: Span,
}

/// A removed field whose protobuf number and name may never be reused.
#[derive(Debug, Clone)]
pub struct Tombstone {
    pub name: String,
    pub protobuf: i64,
    /// The `deprecated(...)` marker.
    pub span: Span,
}

#[derive(Debug, Clone)]
pub struct Field {
    pub rust_name: String,
    pub json_name: String,
    pub ty: TypeRef,
    pub docs: String,
    /// `Option<T>` or marked `optional`: may be unset, omitted from JSON when unset/empty.
    /// A field that is not optional is listed in its schema's `required`; whether the user
    /// wrote `required` is [`FieldValidation::required_marker`].
    pub optional: bool,
    /// When JSON writes the field, independent of `optional` (Go's `omitempty` and `+optional`
    /// are separate too).
    pub presence: Presence,
    pub default: Option<Spanned<serde_json::Value>>,
    pub feature_gate: Option<Spanned<String>>,
    pub list_type: Option<Spanned<ListType>>,
    pub list_map_keys: Vec<String>,
    pub map_type: Option<Spanned<MapType>>,
    /// Strategic merge patch strategy (`patch_strategy`), as Kubernetes writes it:
    /// `merge`, `retainKeys`, `merge,retainKeys` or `replace`.
    pub patch_strategy: Option<Spanned<String>>,
    /// The field of list items that strategic merge patch matches them by.
    pub patch_merge_key: Option<Spanned<String>>,
    pub union_discriminator: bool,
    pub validation: FieldValidation,
    pub protobuf: Option<Spanned<i64>>,
    /// The field's name in the `.proto` when it is not the JSON name (`aPIGroup`).
    pub protobuf_name: Option<Spanned<String>>,
    pub manual_conversion: bool,
    pub preserve_unknown_fields: bool,
    pub embedded_resource: bool,
    /// Go's embedded struct (`json:",inline"`): its fields are written into this object in
    /// JSON and in the schemas, while protobuf keeps it a nested message under its number.
    pub inline: bool,
    /// Lint rules allowed on this field (`allow_lint`).
    pub allow_lint: Vec<Spanned<String>>,
    /// Compatibility breaks accepted on this field (`allow_compat`).
    pub allow_compat: Vec<AllowCompat>,
    /// Where each marker is written (`marker_spans.span(key::SUBRESOURCE_STATUS)`); the
    /// values are the typed fields above.
    pub marker_spans: MarkerSpans,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListType {
    Atomic,
    Set,
    Map,
}

/// When a field is written to JSON (`presence`): the default is `OmitEmpty` for optional
/// fields and `Always` for the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// Left out when unset or empty (`json:",omitempty"`). A struct is always written.
    OmitEmpty,
    /// Written even when empty (`json:"x"` on a non-pointer).
    Always,
    /// Written as `null` when unset: an `Option` that is `None`, an empty list or map
    /// (`json:"x"` on a pointer, a nil slice or map).
    Null,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapType {
    Atomic,
    Granular,
}

/// A number's lower or upper bound (`minimum` / `maximum`), which the value may equal
/// unless it is `exclusive` (`exclusive_minimum` / `exclusive_maximum`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bound {
    pub value: f64,
    pub exclusive: bool,
}

impl Bound {
    /// Whether `n` is out of range for this bound as a minimum.
    pub fn excludes_below(&self, n: f64) -> bool {
        n < self.value || (self.exclusive && n == self.value)
    }

    /// Whether `n` is out of range for this bound as a maximum.
    pub fn excludes_above(&self, n: f64) -> bool {
        n > self.value || (self.exclusive && n == self.value)
    }
}

/// Written as its value: messages say `minimum = 1`.
impl std::fmt::Display for Bound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.value.fmt(f)
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldValidation {
    /// `minimum`, exclusive with `exclusive_minimum`.
    pub minimum: Option<Spanned<Bound>>,
    /// `maximum`, exclusive with `exclusive_maximum`.
    pub maximum: Option<Spanned<Bound>>,
    pub min_length: Option<Spanned<i64>>,
    pub max_length: Option<Spanned<i64>>,
    pub pattern: Option<Spanned<String>>,
    pub format: Option<Spanned<String>>,
    pub min_items: Option<Spanned<i64>>,
    pub max_items: Option<Spanned<i64>>,
    pub immutable: bool,
    /// `validation_rule(...)`: CEL rules on the field's value.
    pub rules: Vec<ValidationRule>,
    /// The field is not optional (`!Field::optional`), so schemas list it in `required`.
    pub required_in_schema: bool,
    /// `#[k8s(required)]` is written (with its span): generated validation then also
    /// reports an unset or empty value as `Required value`.
    pub required_marker: Option<Spanned<()>>,
}

/// A value of a string enum.
#[derive(Debug, Clone)]
pub struct Variant {
    pub rust_name: String,
    /// The JSON string (the variant name unless renamed).
    pub value: String,
    pub docs: String,
    pub feature_gate: Option<Spanned<String>>,
    /// Lint rules allowed on this value (`allow_lint`).
    pub allow_lint: Vec<Spanned<String>>,
    /// Where each marker is written (`marker_spans.span(key::SUBRESOURCE_STATUS)`); the
    /// values are the typed fields above.
    pub marker_spans: MarkerSpans,
    pub span: Span,
}

impl Model {
    pub fn groups(&self) -> Vec<&str> {
        let mut groups: Vec<&str> = self.versions.iter().map(|v| v.group.as_str()).collect();
        groups.sort();
        groups.dedup();
        groups
    }

    pub fn versions_of<'a>(&'a self, group: &'a str) -> impl Iterator<Item = &'a GroupVersion> {
        self.versions.iter().filter(move |v| v.group == group)
    }
}
