//! The marker language: every `#[k8s(...)]` key kapi knows, where it may appear, and what
//! value it takes. Parsing here is generic (name + typed value + span); `model::parse` turns
//! the values into the typed fields of the model, each [`Spanned`] with its marker.
//!
//! A marker is named in code only by its constant in [`key`] (`key::FEATURE_GATE`,
//! `key::print_column::JSON_PATH`); the tables ([`MARKERS`] and the nested ones) are built
//! from those constants, so each name is written once and a misspelling does not compile.

use crate::diagnostics::{closest, Diagnostic, Diagnostics};
use crate::span::Span;
use syn::spanned::Spanned as _;

/// Where a marker is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// The name of a marker. Only the constants of [`key`] exist, so reading a misspelt marker
/// does not compile (a string would silently read nothing):
///
/// ```compile_fail
/// use kapi_codegen::markers::{key, Marker, MarkerList};
/// let markers: Vec<Marker> = Vec::new();
/// let gate = markers.str(key::FEATUR_GATE);
/// ```
///
/// ```compile_fail
/// use kapi_codegen::markers::{Marker, MarkerList};
/// let markers: Vec<Marker> = Vec::new();
/// let gate = markers.str("feature_gate");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key(&'static str);

impl Key {
    /// The name as written in `#[k8s(...)]`.
    pub const fn name(self) -> &'static str {
        self.0
    }
}

/// Every marker name, each written once: [`MARKERS`] and the nested tables are built from
/// these, and every reader names a marker by one of them.
pub mod key {
    use super::Key;

    macro_rules! keys {
        ($($konst:ident = $name:literal,)*) => {
            $(pub const $konst: Key = Key($name);)*
            /// Every key of this table, for the test that the table has each once.
            #[cfg(test)]
            pub const ALL: &[Key] = &[$($konst),*];
        };
    }

    keys! {
        // Fields.
        OPTIONAL = "optional",
        REQUIRED = "required",
        PRESENCE = "presence",
        DEFAULT = "default",
        RENAME = "rename",
        FEATURE_GATE = "feature_gate",
        LIST_TYPE = "list_type",
        LIST_MAP_KEY = "list_map_key",
        MAP_TYPE = "map_type",
        PATCH_STRATEGY = "patch_strategy",
        PATCH_MERGE_KEY = "patch_merge_key",
        UNION_DISCRIMINATOR = "union_discriminator",
        MINIMUM = "minimum",
        MAXIMUM = "maximum",
        EXCLUSIVE_MINIMUM = "exclusive_minimum",
        EXCLUSIVE_MAXIMUM = "exclusive_maximum",
        MIN_LENGTH = "min_length",
        MAX_LENGTH = "max_length",
        PATTERN = "pattern",
        FORMAT = "format",
        MIN_ITEMS = "min_items",
        MAX_ITEMS = "max_items",
        IMMUTABLE = "immutable",
        VALIDATION_RULE = "validation_rule",
        PROTOBUF = "protobuf",
        PROTOBUF_NAME = "protobuf_name",
        CONVERSION_GEN = "conversion_gen",
        PRESERVE_UNKNOWN_FIELDS = "preserve_unknown_fields",
        EMBEDDED_RESOURCE = "embedded_resource",
        INLINE = "inline",
        ALLOW_LINT = "allow_lint",
        ALLOW_COMPAT = "allow_compat",
        // Types.
        KIND = "kind",
        SIMPLE_KIND = "simple_kind",
        ENUM = "enum",
        UNION = "union",
        STRUCT_TYPE = "struct_type",
        DEFAULTS_HOOK = "defaults_hook",
        VALIDATE_HOOK = "validate_hook",
        CUSTOM_JSON = "custom_json",
        GEN_CLIENT = "gen_client",
        PLURAL = "plural",
        SINGULAR = "singular",
        SCOPE = "scope",
        SHORT_NAMES = "short_names",
        VERBS = "verbs",
        CATEGORIES = "categories",
        SUBRESOURCE_STATUS = "subresource_status",
        SUBRESOURCE_SCALE = "subresource_scale",
        PRINT_COLUMN = "print_column",
        STORAGE_VERSION = "storage_version",
        VALIDATING_WEBHOOK = "validating_webhook",
        MUTATING_WEBHOOK = "mutating_webhook",
        LIFECYCLE = "lifecycle",
        DEPRECATED = "deprecated",
        // Group-version declarations.
        GROUP_NAME = "group_name",
        VERSION = "version",
        INTERNAL = "internal",
        GROUP_GO_NAME = "group_go_name",
        PROTOBUF_PACKAGE = "protobuf_package",
        PROTOBUF_PATH = "protobuf_path",
        CARGO_FEATURE = "cargo_feature",
        VALIDATION = "validation",
    }

    /// Inside `gen_client(...)`.
    pub mod gen_client {
        use super::Key;
        keys! {
            NON_NAMESPACED = "non_namespaced",
            NO_STATUS = "no_status",
            NO_VERBS = "no_verbs",
            READ_ONLY = "read_only",
            ONLY_VERBS = "only_verbs",
            SKIP_VERBS = "skip_verbs",
            METHOD = "method",
        }
    }

    /// Inside `gen_client(method(...))`.
    pub mod client_method {
        use super::Key;
        keys! {
            NAME = "name",
            VERB = "verb",
            SUBRESOURCE = "subresource",
            INPUT = "input",
            RESULT = "result",
        }
    }

    /// Inside `custom_json(...)`: what kube-openapi reads from Go's `OpenAPISchemaType` and
    /// `OpenAPISchemaFormat`.
    pub mod custom_json {
        use super::Key;
        keys! {
            TYPE = "type",
            FORMAT = "format",
        }
    }

    /// Inside `subresource_scale(...)`.
    pub mod scale {
        use super::Key;
        keys! {
            SPEC_REPLICAS_PATH = "spec_replicas_path",
            STATUS_REPLICAS_PATH = "status_replicas_path",
            LABEL_SELECTOR_PATH = "label_selector_path",
        }
    }

    /// Inside `print_column(...)`.
    pub mod print_column {
        use super::Key;
        keys! {
            NAME = "name",
            TYPE = "type",
            JSON_PATH = "json_path",
            DESCRIPTION = "description",
            FORMAT = "format",
            PRIORITY = "priority",
        }
    }

    /// Inside `validating_webhook(...)` and `mutating_webhook(...)`.
    pub mod webhook {
        use super::Key;
        keys! {
            OPERATIONS = "operations",
            FAILURE_POLICY = "failure_policy",
            SIDE_EFFECTS = "side_effects",
            TIMEOUT_SECONDS = "timeout_seconds",
        }
    }

    /// Inside `allow_compat(...)`.
    pub mod allow_compat {
        use super::Key;
        keys! {
            RULE = "rule",
            REASON = "reason",
        }
    }

    /// Inside `validation_rule(...)`: one entry of `x-kubernetes-validations`.
    pub mod validation_rule {
        use super::Key;
        keys! {
            RULE = "rule",
            MESSAGE = "message",
            MESSAGE_EXPRESSION = "message_expression",
            REASON = "reason",
            FIELD_PATH = "field_path",
            OPTIONAL_OLD_SELF = "optional_old_self",
        }
    }

    /// Inside `lifecycle(...)`.
    pub mod lifecycle {
        use super::Key;
        keys! {
            INTRODUCED = "introduced",
            DEPRECATED = "deprecated",
            REMOVED = "removed",
            REPLACEMENT = "replacement",
        }
    }

    /// Inside `deprecated(...)`, a tombstone.
    pub mod tombstone {
        use super::Key;
        keys! {
            NAME = "name",
            PROTOBUF = "protobuf",
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct MarkerSpec {
    pub key: Key,
    pub places: &'static [Place],
    pub value: ValueKind,
    /// May be written more than once (values accumulate).
    pub repeatable: bool,
    /// Only meaningful on a top-level object kind (a resource), not on its list or a type.
    pub kind_only: bool,
    /// The Kubernetes marker it stands for, for docs and the README table.
    pub kubernetes: &'static str,
}

impl MarkerSpec {
    pub fn name(&self) -> &'static str {
        self.key.name()
    }
}

const fn spec(
    key: Key,
    places: &'static [Place],
    value: ValueKind,
    kubernetes: &'static str,
) -> MarkerSpec {
    MarkerSpec {
        key,
        places,
        value,
        repeatable: false,
        kind_only: false,
        kubernetes,
    }
}

const fn repeat(mut s: MarkerSpec) -> MarkerSpec {
    s.repeatable = true;
    s
}

const fn kind_only(mut s: MarkerSpec) -> MarkerSpec {
    s.kind_only = true;
    s
}

use Place::*;
use ValueKind::*;

const NESTED: &[Place] = &[];

pub const GEN_CLIENT_KEYS: &[MarkerSpec] = {
    use key::gen_client::*;
    &[
        spec(NON_NAMESPACED, NESTED, Flag, "+genclient:nonNamespaced"),
        spec(NO_STATUS, NESTED, Flag, "+genclient:noStatus"),
        spec(NO_VERBS, NESTED, Flag, "+genclient:noVerbs"),
        spec(READ_ONLY, NESTED, Flag, "+genclient:readonly"),
        spec(ONLY_VERBS, NESTED, StrList, "+genclient:onlyVerbs"),
        spec(SKIP_VERBS, NESTED, StrList, "+genclient:skipVerbs"),
        repeat(spec(
            METHOD,
            NESTED,
            Nested {
                keys: CLIENT_METHOD_KEYS,
                flag_ok: false,
            },
            "+genclient:method",
        )),
    ]
};

pub const CLIENT_METHOD_KEYS: &[MarkerSpec] = {
    use key::client_method::*;
    &[
        spec(NAME, NESTED, Str, "name"),
        spec(VERB, NESTED, Str, "verb"),
        spec(SUBRESOURCE, NESTED, Str, "subresource"),
        spec(INPUT, NESTED, Str, "input"),
        spec(RESULT, NESTED, Str, "result"),
    ]
};

pub const CUSTOM_JSON_KEYS: &[MarkerSpec] = {
    use key::custom_json::*;
    &[
        spec(TYPE, NESTED, Str, "OpenAPISchemaType()"),
        spec(FORMAT, NESTED, Str, "OpenAPISchemaFormat()"),
    ]
};

pub const SCALE_KEYS: &[MarkerSpec] = {
    use key::scale::*;
    &[
        spec(SPEC_REPLICAS_PATH, NESTED, Str, "specpath"),
        spec(STATUS_REPLICAS_PATH, NESTED, Str, "statuspath"),
        spec(LABEL_SELECTOR_PATH, NESTED, Str, "selectorpath"),
    ]
};

pub const PRINT_COLUMN_KEYS: &[MarkerSpec] = {
    use key::print_column::*;
    &[
        spec(NAME, NESTED, Str, "name"),
        spec(TYPE, NESTED, Str, "type"),
        spec(JSON_PATH, NESTED, Str, "JSONPath"),
        spec(DESCRIPTION, NESTED, Str, "description"),
        spec(FORMAT, NESTED, Str, "format"),
        spec(PRIORITY, NESTED, Int, "priority"),
    ]
};

pub const WEBHOOK_KEYS: &[MarkerSpec] = {
    use key::webhook::*;
    &[
        spec(OPERATIONS, NESTED, StrList, "verbs"),
        spec(FAILURE_POLICY, NESTED, Str, "failurePolicy"),
        spec(SIDE_EFFECTS, NESTED, Str, "sideEffects"),
        spec(TIMEOUT_SECONDS, NESTED, Int, "timeoutSeconds"),
    ]
};

pub const LIFECYCLE_KEYS: &[MarkerSpec] = {
    use key::lifecycle::*;
    &[
        spec(INTRODUCED, NESTED, Str, "introduced"),
        spec(DEPRECATED, NESTED, Str, "deprecated"),
        spec(REMOVED, NESTED, Str, "removed"),
        spec(REPLACEMENT, NESTED, Str, "replacement"),
    ]
};

pub const VALIDATION_RULE_KEYS: &[MarkerSpec] = {
    use key::validation_rule::*;
    &[
        spec(RULE, NESTED, Str, "rule"),
        spec(MESSAGE, NESTED, Str, "message"),
        spec(MESSAGE_EXPRESSION, NESTED, Str, "messageExpression"),
        spec(REASON, NESTED, Str, "reason"),
        spec(FIELD_PATH, NESTED, Str, "fieldPath"),
        spec(OPTIONAL_OLD_SELF, NESTED, Bool, "optionalOldSelf"),
    ]
};

pub const ALLOW_COMPAT_KEYS: &[MarkerSpec] = {
    use key::allow_compat::*;
    &[
        spec(RULE, NESTED, Str, "rule"),
        spec(REASON, NESTED, Str, "reason"),
    ]
};

pub const TOMBSTONE_KEYS: &[MarkerSpec] = {
    use key::tombstone::*;
    &[
        spec(NAME, NESTED, Str, "name"),
        spec(PROTOBUF, NESTED, Int, "protobuf"),
    ]
};

/// Every marker kapi understands. Order is the order of the README's marker table.
pub const MARKERS: &[MarkerSpec] = {
    use key::*;
    &[
        // Fields.
        spec(OPTIONAL, &[Field], Flag, "+optional"),
        spec(REQUIRED, &[Field], Flag, "+required"),
        spec(
            PRESENCE,
            &[Field],
            Str,
            "json tag `omitempty` (or its absence)",
        ),
        spec(DEFAULT, &[Field], Json, "+default=<json>"),
        spec(RENAME, &[Field, Variant], Str, "json tag name"),
        spec(FEATURE_GATE, &[Field, Variant], Str, "+featureGate=Name"),
        spec(LIST_TYPE, &[Field], Str, "+listType=atomic|set|map"),
        repeat(spec(LIST_MAP_KEY, &[Field], StrList, "+listMapKey=k")),
        spec(MAP_TYPE, &[Field], Str, "+mapType=atomic|granular"),
        spec(
            PATCH_STRATEGY,
            &[Field],
            Str,
            "+patchStrategy=merge|retainKeys|merge,retainKeys|replace",
        ),
        spec(PATCH_MERGE_KEY, &[Field], Str, "+patchMergeKey=k"),
        spec(UNION_DISCRIMINATOR, &[Field], Flag, "+unionDiscriminator"),
        spec(MINIMUM, &[Field], Number, "+minimum"),
        spec(MAXIMUM, &[Field], Number, "+maximum"),
        spec(EXCLUSIVE_MINIMUM, &[Field], Flag, "+exclusiveMinimum"),
        spec(EXCLUSIVE_MAXIMUM, &[Field], Flag, "+exclusiveMaximum"),
        spec(MIN_LENGTH, &[Field], Int, "+minLength"),
        spec(MAX_LENGTH, &[Field], Int, "+maxLength"),
        spec(PATTERN, &[Field], Str, "+pattern"),
        spec(FORMAT, &[Field], Str, "+format"),
        spec(MIN_ITEMS, &[Field], Int, "+minItems"),
        spec(MAX_ITEMS, &[Field], Int, "+maxItems"),
        spec(
            IMMUTABLE,
            &[Field],
            Flag,
            "+immutable (x-kubernetes-validations)",
        ),
        repeat(spec(
            VALIDATION_RULE,
            &[Struct, Field],
            Nested {
                keys: VALIDATION_RULE_KEYS,
                flag_ok: false,
            },
            "+kubebuilder:validation:XValidation (x-kubernetes-validations)",
        )),
        spec(PROTOBUF, &[Field], Int, "protobuf tag number"),
        spec(PROTOBUF_NAME, &[Field], Str, "protobuf tag `name=`"),
        spec(
            CONVERSION_GEN,
            &[Struct, Enum, Field],
            Bool,
            "+k8s:conversion-gen=false",
        ),
        spec(
            PRESERVE_UNKNOWN_FIELDS,
            &[Struct, Field],
            Flag,
            "x-kubernetes-preserve-unknown-fields",
        ),
        spec(
            EMBEDDED_RESOURCE,
            &[Field],
            Flag,
            "x-kubernetes-embedded-resource",
        ),
        spec(
            INLINE,
            &[Field],
            Flag,
            "`json:\",inline\"` on an embedded struct",
        ),
        // Names are checked against the linter's rules by codegen (`lint`), which owns them.
        repeat(spec(
            ALLOW_LINT,
            &[Struct, Enum, Field, Variant],
            StrList,
            "`//nolint` (kube-api-linter exceptions)",
        )),
        // Rule names and the required reason are checked by codegen (`compat`), which owns
        // the rules. Not on an enum value: a removed value is reported at its enum.
        repeat(spec(
            ALLOW_COMPAT,
            &[Struct, Enum, Field],
            Nested {
                keys: ALLOW_COMPAT_KEYS,
                flag_ok: false,
            },
            "a reviewer's sign-off on an API break (no marker in Go)",
        )),
        // Types.
        spec(
            KIND,
            &[Struct],
            Flag,
            "+k8s:deepcopy-gen:interfaces=runtime.Object",
        ),
        spec(
            SIMPLE_KIND,
            &[Struct],
            Flag,
            "runtime.Object without ObjectMeta (options, Status)",
        ),
        spec(ENUM, &[Enum], Flag, "+enum"),
        spec(UNION, &[Struct], Flag, "+union"),
        spec(STRUCT_TYPE, &[Struct], Str, "+structType=atomic|granular"),
        spec(
            DEFAULTS_HOOK,
            &[Struct],
            Flag,
            "a hand-written `SetDefaults_<Type>` (defaulter-gen)",
        ),
        spec(
            VALIDATE_HOOK,
            &[Struct],
            Flag,
            "a hand-written `Validate<Type>`",
        ),
        spec(
            CUSTOM_JSON,
            &[Struct],
            Nested {
                keys: CUSTOM_JSON_KEYS,
                flag_ok: true,
            },
            "`MarshalJSON`/`UnmarshalJSON` methods (and `OpenAPISchemaType`)",
        ),
        kind_only(spec(
            GEN_CLIENT,
            &[Struct],
            Nested {
                keys: GEN_CLIENT_KEYS,
                flag_ok: true,
            },
            "+genclient[:nonNamespaced|:noStatus|:noVerbs|:onlyVerbs|:skipVerbs|:method=]",
        )),
        kind_only(spec(PLURAL, &[Struct], Str, "+kubebuilder:resource:path")),
        kind_only(spec(
            SINGULAR,
            &[Struct],
            Str,
            "+kubebuilder:resource:singular",
        )),
        kind_only(spec(SCOPE, &[Struct], Str, "+kubebuilder:resource:scope")),
        kind_only(spec(
            SHORT_NAMES,
            &[Struct],
            StrList,
            "+kubebuilder:resource:shortName",
        )),
        kind_only(spec(
            CATEGORIES,
            &[Struct],
            StrList,
            "+kubebuilder:resource:categories",
        )),
        kind_only(spec(
            VERBS,
            &[Struct],
            StrList,
            "the REST verbs of kube-apiserver's storage for the resource (discovery's `verbs`)",
        )),
        kind_only(spec(
            SUBRESOURCE_STATUS,
            &[Struct],
            Flag,
            "+kubebuilder:subresource:status",
        )),
        kind_only(spec(
            SUBRESOURCE_SCALE,
            &[Struct],
            Nested {
                keys: SCALE_KEYS,
                flag_ok: false,
            },
            "+kubebuilder:subresource:scale",
        )),
        kind_only(repeat(spec(
            PRINT_COLUMN,
            &[Struct],
            Nested {
                keys: PRINT_COLUMN_KEYS,
                flag_ok: false,
            },
            "+kubebuilder:printcolumn",
        ))),
        kind_only(spec(
            STORAGE_VERSION,
            &[Struct],
            Flag,
            "+kubebuilder:storageversion",
        )),
        kind_only(spec(
            VALIDATING_WEBHOOK,
            &[Struct],
            Nested {
                keys: WEBHOOK_KEYS,
                flag_ok: true,
            },
            "+kubebuilder:webhook:mutating=false",
        )),
        kind_only(spec(
            MUTATING_WEBHOOK,
            &[Struct],
            Nested {
                keys: WEBHOOK_KEYS,
                flag_ok: true,
            },
            "+kubebuilder:webhook:mutating=true",
        )),
        spec(
            LIFECYCLE,
            &[Struct],
            Nested {
                keys: LIFECYCLE_KEYS,
                flag_ok: false,
            },
            "+k8s:prerelease-lifecycle-gen:introduced|deprecated|removed|replacement",
        ),
        repeat(spec(
            DEPRECATED,
            &[Struct],
            Nested {
                keys: TOMBSTONE_KEYS,
                flag_ok: false,
            },
            "+k8s:deprecated=name,protobuf=N",
        )),
        // Group-version declarations (`kapi::group_version!`).
        spec(GROUP_NAME, &[GroupVersion], Str, "+groupName"),
        spec(VERSION, &[GroupVersion], Str, "package name (v1, v2beta1)"),
        spec(
            INTERNAL,
            &[GroupVersion],
            Flag,
            "the internal hub version (__internal)",
        ),
        spec(GROUP_GO_NAME, &[GroupVersion], Str, "+groupGoName"),
        spec(
            PROTOBUF_PACKAGE,
            &[GroupVersion],
            Str,
            "protobuf package (go-to-protobuf)",
        ),
        spec(
            PROTOBUF_PATH,
            &[GroupVersion],
            Str,
            "go_package's generated.proto path",
        ),
        spec(
            CARGO_FEATURE,
            &[GroupVersion],
            Str,
            "none (a Go package is always compiled)",
        ),
        spec(
            VALIDATION,
            &[GroupVersion],
            Str,
            "none (built-in kinds: Go validation; CRDs: the schema)",
        ),
    ]
};

/// The table entry of a top-level marker.
pub fn spec_of(key: Key) -> Option<&'static MarkerSpec> {
    MARKERS.iter().find(|m| m.key == key)
}

/// A parsed marker value. Numbers are numbers and lists are lists.
#[derive(Debug, Clone)]
pub enum MarkerValue {
    Bool(bool),
    Int(i64),
    Number(f64),
    Str(String),
    StrList(Vec<String>),
    Json(serde_json::Value),
    Nested(Vec<Marker>),
}

#[derive(Debug, Clone)]
pub struct Marker {
    pub key: Key,
    pub value: MarkerValue,
    pub span: Span,
}

/// A value the model took from a marker, with the marker's span so later checks and the
/// derive point at what the user wrote. It reads as its value (`Deref`) and compares by
/// value.
#[derive(Debug, Clone, Copy)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: impl Into<Span>) -> Self {
        Spanned {
            value,
            span: span.into(),
        }
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Spanned<U> {
        Spanned {
            value: f(self.value),
            span: self.span,
        }
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: PartialEq> PartialEq for Spanned<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: PartialEq> PartialEq<T> for Spanned<T> {
    fn eq(&self, other: &T) -> bool {
        self.value == *other
    }
}

impl<T: Eq> Eq for Spanned<T> {}

impl<T: PartialOrd> PartialOrd for Spanned<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl<T: Ord> Ord for Spanned<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.value.cmp(&other.value)
    }
}

impl<T: std::fmt::Display> std::fmt::Display for Spanned<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.value.fmt(f)
    }
}

/// Emitted as its value's tokens, spanned as those are: code that should point at the
/// marker says so with `quote_spanned!`.
impl<T: quote::ToTokens> quote::ToTokens for Spanned<T> {
    fn to_tokens(&self, tokens: &mut proc_macro2::TokenStream) {
        self.value.to_tokens(tokens)
    }
}

/// Into JSON as its value, as it serializes.
impl<T> From<Spanned<T>> for serde_json::Value
where
    serde_json::Value: From<T>,
{
    fn from(s: Spanned<T>) -> Self {
        s.value.into()
    }
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
    let span: Span = meta.path.span().into();
    let name = path_to_string(&meta.path);
    let Some(spec) = table.iter().find(|m| m.name() == name) else {
        let mut d = Diagnostic::new(span, format!("unknown marker `{name}`"));
        let candidates = table
            .iter()
            .filter(|m| m.places.is_empty() || m.places.contains(&place))
            .map(|m| m.name());
        if let Some(best) = closest(&name, candidates) {
            d = d.with_help(format!("did you mean `{best}`?"));
        } else if let Some(best) = table
            .iter()
            .find(|m| Some(m.name()) == closest(&name, table.iter().map(|m| m.name())))
        {
            let places: Vec<&str> = best.places.iter().map(|p| p.describe()).collect();
            d = d.with_help(format!(
                "`{}` is the closest marker, but it belongs on {}",
                best.name(),
                places.join(" or ")
            ));
        } else {
            let valid: Vec<&str> = table
                .iter()
                .filter(|m| m.places.is_empty() || m.places.contains(&place))
                .map(|m| m.name())
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
                    spec.name(),
                    place.describe()
                ),
            )
            .with_help(format!(
                "`{}` belongs on {}",
                spec.name(),
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
    if let Some(prev) = out.iter_mut().find(|m| m.key == spec.key) {
        match (&mut prev.value, value) {
            (MarkerValue::StrList(list), MarkerValue::StrList(more)) if spec.repeatable => {
                list.extend(more);
                return;
            }
            (_, value) if spec.repeatable => {
                out.push(Marker {
                    key: spec.key,
                    value,
                    span,
                });
                return;
            }
            _ => {
                diags.push(
                    Diagnostic::new(span, format!("marker `{}` is given twice", spec.name()))
                        .with_help("remove one of them"),
                );
                return;
            }
        }
    }
    out.push(Marker {
        key: spec.key,
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
        Flag => format!("`{}`", spec.name()),
        Bool => format!("`{} = false`", spec.name()),
        Int => format!("`{} = 3`", spec.name()),
        Number => format!("`{} = 0`", spec.name()),
        Str => format!("`{} = \"value\"`", spec.name()),
        StrList => format!("`{} = [\"a\", \"b\"]`", spec.name()),
        Json => format!(
            "`{0} = 1`, `{0} = \"text\"`, `{0} = [\"a\"]` or `{0} = json!({{\"key\": 1}})`",
            spec.name()
        ),
        Nested { keys, .. } => {
            let keys: Vec<String> = keys.iter().map(|k| format!("{} = ..", k.name())).collect();
            format!("`{}({})`", spec.name(), keys.join(", "))
        }
    };
    Diagnostic::new(span, format!("marker `{}` expects {expected}", spec.name()))
        .with_help(format!("write {example}"))
}

fn parse_value(
    meta: &syn::meta::ParseNestedMeta,
    spec: &'static MarkerSpec,
    diags: &mut Diagnostics,
) -> Option<MarkerValue> {
    let span: Span = meta.path.span().into();
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
            let expr_span: Span = expr.span().into();
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
        // Objects have no Rust literal: `json!({"from": "Same"})`, serde_json's syntax.
        syn::Expr::Macro(m) if m.mac.path.is_ident("json") => {
            let mut tokens = m.mac.tokens.clone().into_iter().peekable();
            let value = tokens_to_json(&mut tokens)?;
            tokens.next().is_none().then_some(value)
        }
        _ => None,
    }
}

/// One JSON value from the tokens of a `json!(...)`: objects in braces, arrays in brackets,
/// string and number literals (a `-` before a number), `true`, `false` and `null`.
fn tokens_to_json(
    tokens: &mut std::iter::Peekable<proc_macro2::token_stream::IntoIter>,
) -> Option<serde_json::Value> {
    use proc_macro2::{Delimiter, TokenTree};
    use serde_json::Value;
    let literal = |l: &proc_macro2::Literal| match syn::Lit::new(l.clone()) {
        syn::Lit::Str(s) => Some(Value::String(s.value())),
        lit => expr_to_json(&syn::Expr::Lit(syn::ExprLit {
            attrs: Vec::new(),
            lit,
        })),
    };
    match tokens.next()? {
        TokenTree::Literal(l) => literal(&l),
        TokenTree::Ident(i) => match i.to_string().as_str() {
            "true" => Some(Value::Bool(true)),
            "false" => Some(Value::Bool(false)),
            "null" => Some(Value::Null),
            _ => None,
        },
        TokenTree::Punct(p) if p.as_char() == '-' => match tokens.next()? {
            TokenTree::Literal(l) => match literal(&l)? {
                Value::Number(n) => match n.as_i64() {
                    Some(i) => Some(Value::from(-i)),
                    None => serde_json::Number::from_f64(-n.as_f64()?).map(Value::Number),
                },
                _ => None,
            },
            _ => None,
        },
        TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket => {
            let mut inner = g.stream().into_iter().peekable();
            let mut items = Vec::new();
            while inner.peek().is_some() {
                items.push(tokens_to_json(&mut inner)?);
                match inner.next() {
                    None => break,
                    Some(TokenTree::Punct(p)) if p.as_char() == ',' => {}
                    Some(_) => return None,
                }
            }
            Some(Value::Array(items))
        }
        TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
            let mut inner = g.stream().into_iter().peekable();
            let mut fields = serde_json::Map::new();
            while inner.peek().is_some() {
                let Some(Value::String(key)) = tokens_to_json(&mut inner) else {
                    return None;
                };
                match inner.next() {
                    Some(TokenTree::Punct(p)) if p.as_char() == ':' => {}
                    _ => return None,
                }
                fields.insert(key, tokens_to_json(&mut inner)?);
                match inner.next() {
                    None => break,
                    Some(TokenTree::Punct(p)) if p.as_char() == ',' => {}
                    Some(_) => return None,
                }
            }
            Some(Value::Object(fields))
        }
        _ => None,
    }
}

/// Accessors over a parsed marker list, by typed [`Key`]. Values come with their marker's
/// span.
pub trait MarkerList {
    fn marker(&self, key: Key) -> Option<&Marker>;
    /// Where the marker is written, if it is.
    fn span(&self, key: Key) -> Option<Span>;
    /// A flag (or a nested marker written bare) is present.
    fn flag(&self, key: Key) -> bool;
    fn bool(&self, key: Key) -> Option<Spanned<bool>>;
    fn str(&self, key: Key) -> Option<Spanned<String>>;
    fn int(&self, key: Key) -> Option<Spanned<i64>>;
    /// An integer or a float, as a float.
    fn number(&self, key: Key) -> Option<Spanned<f64>>;
    fn json(&self, key: Key) -> Option<Spanned<serde_json::Value>>;
    /// The strings of a list marker (every occurrence, in order), or none.
    fn strs(&self, key: Key) -> Vec<String>;
    /// Every occurrence of a repeatable nested marker.
    fn all(&self, key: Key) -> Vec<&Marker>;
}

impl MarkerList for [Marker] {
    fn marker(&self, key: Key) -> Option<&Marker> {
        self.iter().find(|m| m.key == key)
    }
    fn span(&self, key: Key) -> Option<Span> {
        self.marker(key).map(|m| m.span)
    }
    fn flag(&self, key: Key) -> bool {
        matches!(
            self.marker(key).map(|m| &m.value),
            Some(MarkerValue::Bool(true)) | Some(MarkerValue::Nested(_))
        )
    }
    fn bool(&self, key: Key) -> Option<Spanned<bool>> {
        let m = self.marker(key)?;
        match &m.value {
            MarkerValue::Bool(b) => Some(Spanned::new(*b, m.span)),
            _ => None,
        }
    }
    fn str(&self, key: Key) -> Option<Spanned<String>> {
        let m = self.marker(key)?;
        match &m.value {
            MarkerValue::Str(s) => Some(Spanned::new(s.clone(), m.span)),
            _ => None,
        }
    }
    fn int(&self, key: Key) -> Option<Spanned<i64>> {
        let m = self.marker(key)?;
        match &m.value {
            MarkerValue::Int(i) => Some(Spanned::new(*i, m.span)),
            _ => None,
        }
    }
    fn number(&self, key: Key) -> Option<Spanned<f64>> {
        let m = self.marker(key)?;
        match &m.value {
            MarkerValue::Int(i) => Some(Spanned::new(*i as f64, m.span)),
            MarkerValue::Number(n) => Some(Spanned::new(*n, m.span)),
            _ => None,
        }
    }
    fn json(&self, key: Key) -> Option<Spanned<serde_json::Value>> {
        let m = self.marker(key)?;
        match &m.value {
            MarkerValue::Json(v) => Some(Spanned::new(v.clone(), m.span)),
            _ => None,
        }
    }
    fn strs(&self, key: Key) -> Vec<String> {
        match self.marker(key).map(|m| &m.value) {
            Some(MarkerValue::StrList(l)) => l.clone(),
            _ => Vec::new(),
        }
    }
    fn all(&self, key: Key) -> Vec<&Marker> {
        self.iter().filter(|m| m.key == key).collect()
    }
}

/// Where each marker of an item is written, by key, in source order: all the model keeps
/// of the markers once parse has read their values into typed fields. A flag's value is a
/// `bool`, with no span of its own, so diagnostics about a marker (lint, compat, the
/// whole-model checks) find where it is written here; `--assign-protobuf-tags` writes after
/// the last one.
#[derive(Debug, Clone, Default)]
pub struct MarkerSpans(Vec<(Key, Span)>);

impl MarkerSpans {
    /// The keys and spans of `markers` (top level only: nested markers are values).
    pub fn of(markers: &[Marker]) -> Self {
        MarkerSpans(markers.iter().map(|m| (m.key, m.span)).collect())
    }

    /// Where the first `key` marker is written, if it is.
    pub fn span(&self, key: Key) -> Option<Span> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, s)| *s)
    }

    /// Where the last marker is written, if any is.
    pub fn last(&self) -> Option<Span> {
        self.0.last().map(|(_, s)| *s)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_in_its_table_once() {
        for (keys, table) in [
            (key::ALL, MARKERS),
            (key::gen_client::ALL, GEN_CLIENT_KEYS),
            (key::client_method::ALL, CLIENT_METHOD_KEYS),
            (key::custom_json::ALL, CUSTOM_JSON_KEYS),
            (key::scale::ALL, SCALE_KEYS),
            (key::print_column::ALL, PRINT_COLUMN_KEYS),
            (key::lifecycle::ALL, LIFECYCLE_KEYS),
            (key::webhook::ALL, WEBHOOK_KEYS),
            (key::tombstone::ALL, TOMBSTONE_KEYS),
            (key::allow_compat::ALL, ALLOW_COMPAT_KEYS),
            (key::validation_rule::ALL, VALIDATION_RULE_KEYS),
        ] {
            assert_eq!(keys.len(), table.len());
            for k in keys {
                let n = table.iter().filter(|s| s.key == *k).count();
                assert_eq!(n, 1, "`{}` is in its table {n} times", k.name());
            }
        }
    }
}
