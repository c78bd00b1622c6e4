/// Identity of a group-version, declared once per version module by `kapi::group_version!`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GroupVersionInfo {
    pub group: &'static str,
    pub version: &'static str,
    /// `group/version`, or `version` for the core group.
    pub api_version: &'static str,
    /// The internal hub version (`__internal`), never served.
    pub internal: bool,
    /// The group's name in client accessors (`+groupGoName`).
    pub go_name: &'static str,
    pub protobuf_package: Option<&'static str>,
    /// How its kinds are validated (`validation`): as built-in kinds or as a CRD's schema.
    pub validation: crate::validation::Style,
}

/// Whether a resource lives in a namespace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    Namespaced,
    Cluster,
}

impl Scope {
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Namespaced => "Namespaced",
            Scope::Cluster => "Cluster",
        }
    }
}

/// Every kind: what it writes as `apiVersion` and `kind`.
pub trait TypeInfo {
    const GROUP: &'static str;
    const VERSION: &'static str;
    const API_VERSION: &'static str;
    const KIND: &'static str;

    /// The kind's protobuf codec, when it has one (the derive provides it for a type whose
    /// every field has a protobuf number). Typed clients read and write objects through it,
    /// so a client compiles only the kinds it uses and needs no scheme to decode them.
    fn protobuf_codec() -> Option<crate::scheme::ProtobufFns<Self>>
    where
        Self: Sized,
    {
        None
    }

    /// The kind's fields with their patch markers (the derive provides it), which the
    /// embedded server's strategic merge patch and server-side apply follow.
    fn patch_shape() -> crate::patch_shape::Shape
    where
        Self: Sized,
    {
        crate::patch_shape::Shape::Leaf
    }
}

/// An object kind served as a REST resource.
pub trait Resource: TypeInfo {
    const PLURAL: &'static str;
    const SINGULAR: &'static str;
    const SCOPE: Scope;
    const LIST_KIND: &'static str;
    const SHORT_NAMES: &'static [&'static str];
    const CATEGORIES: &'static [&'static str];
    const HAS_STATUS: bool;
    const HAS_SCALE: bool;

    fn metadata(&self) -> &crate::meta::ObjectMeta;
    fn metadata_mut(&mut self) -> &mut crate::meta::ObjectMeta;
}

/// A `<Kind>List`.
pub trait ListResource: TypeInfo {
    type Item;
    fn items(&self) -> &[Self::Item];
    fn items_mut(&mut self) -> &mut Vec<Self::Item>;
    fn list_meta(&self) -> &crate::meta::ListMeta;
    fn list_meta_mut(&mut self) -> &mut crate::meta::ListMeta;
}

/// Applies `default` markers recursively, then the type's [`DefaultsHook`].
///
/// The default, for a type with nothing to default (a string enum, a leaf scalar), does
/// nothing.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no defaulting: kapi's `validation` feature is off",
    note = "derived defaulting, validation and gated-field dropping compile only with `kapi = {{ features = [\"validation\"] }}` (the `apiserver` feature turns it on)"
)]
pub trait ApplyDefaults {
    #[inline]
    fn apply_defaults(&mut self) {}
}

/// Hand-written defaulting for a type, run after its marker defaults (like Go's
/// `SetDefaults_<Type>`). Implement it anywhere in the crate, and mark the type
/// `#[k8s(defaults_hook)]`: its derived defaulting calls the hook then.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is marked `defaults_hook` but does not implement `kapi::DefaultsHook`",
    label = "its derived defaulting calls the hook",
    note = "implement `kapi::DefaultsHook` for `{Self}` anywhere in the crate, or drop the marker"
)]
pub trait DefaultsHook: crate::__private::hooks::DefaultsHookDeclared {
    fn default_hook(&mut self);
}

impl<T: ApplyDefaults> ApplyDefaults for Option<T> {
    #[inline]
    fn apply_defaults(&mut self) {
        if let Some(v) = self {
            v.apply_defaults();
        }
    }
}

impl<T: ApplyDefaults> ApplyDefaults for Vec<T> {
    fn apply_defaults(&mut self) {
        for v in self {
            v.apply_defaults();
        }
    }
}

impl<T: ApplyDefaults> ApplyDefaults for Box<T> {
    fn apply_defaults(&mut self) {
        (**self).apply_defaults();
    }
}

impl<K, V: ApplyDefaults> ApplyDefaults for std::collections::BTreeMap<K, V> {
    fn apply_defaults(&mut self) {
        for v in self.values_mut() {
            v.apply_defaults();
        }
    }
}

impl<K, V: ApplyDefaults, S> ApplyDefaults for std::collections::HashMap<K, V, S> {
    fn apply_defaults(&mut self) {
        for v in self.values_mut() {
            v.apply_defaults();
        }
    }
}

/// Hand-written reconciliation of fields that carry the same information, run on every
/// write before conversion to the internal version: the "making a singular field plural"
/// rules of the Kubernetes API change guide. `old` is the stored object in the request's
/// version on updates, `None` on create. Implement it for a versioned kind anywhere in its
/// crate; generated registration finds it.
pub trait Normalize: Sized {
    fn normalize(&mut self, old: Option<&Self>) -> Result<(), crate::validation::ErrorList>;
}
