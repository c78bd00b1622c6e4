//! Resolution: the one place a type name written in the model becomes the type it names.
//!
//! [`Index::new`] is the resolution step. It gives every type of the API crate and of kapi's
//! meta types a handle ([`TypeId`]), resolves every type path written in a field of either
//! crate once (by [`rules`]), and finds each group-version's internal hub. The checks, the
//! linter, the compatibility checker and every generator then read these answers, so a path
//! means the same type in all of them; what only one crate may hold (a check of the API's
//! own types) is [`Index::in_crate`], the same answer restricted to the API crate.

mod rules;
#[cfg(test)]
mod tests;

pub use super::special::Special;
use super::{GroupVersion, Model, TypeDef, TypeRef};
use std::collections::HashMap;
use std::sync::LazyLock;

/// Where a type is declared: a crate's model and the group-version it belongs to (`None`
/// for the crate's shared types).
#[derive(Clone, Copy)]
pub struct Origin<'a> {
    pub model: &'a Model,
    pub gv: Option<&'a GroupVersion>,
}

/// What a type path in a field names.
#[derive(Clone, Copy)]
pub enum Resolved<'a> {
    Type(Origin<'a>, &'a TypeDef),
    Special(Special),
}

/// A type of the resolved model: its place in the [`Index`]'s table of every type of both
/// crates. Cheap to copy, hash and keep in sets, unlike the type it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(u32);

/// What a type path resolved to, by handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Type(TypeId),
    Special(Special),
}

/// The resolved model: the API crate's and kapi's types by handle, every type path their
/// fields write resolved, and each group-version's hub. Built once per reader of a whole API
/// (an API of thousands of types resolves every field through here).
pub struct Index<'a> {
    pub api: &'a Model,
    pub kapi: &'a Model,
    /// Whether kapi's types were given ([`Index::new`], not [`Index::of_crate`]).
    kapi_known: bool,
    /// Every type of both crates, by [`TypeId`].
    types: Vec<(Origin<'a>, &'a TypeDef)>,
    /// A type's handle by where it lives.
    ids: HashMap<Address, TypeId>,
    names: rules::Names<'a>,
    /// (scope, path) → what the path names there, for every path a field of either crate
    /// writes; the scope is the group-version, or the model for shared types.
    refs: HashMap<(Address, &'a [String]), Option<Target>>,
    /// Each group-version's internal hub, for both crates.
    hubs: HashMap<Address, &'a GroupVersion>,
    prefixes: HashMap<Address, String>,
}

/// A type, group-version or model by where it lives: the index borrows both crates' models,
/// so an address names one of them for as long as the index exists. An integer, unlike a
/// pointer, lets generators share the index across threads.
type Address = usize;

fn address<T>(value: &T) -> Address {
    value as *const T as Address
}

/// The model of a crate without types: kapi's place for readers that have only the API.
static NO_TYPES: LazyLock<Model> = LazyLock::new(Model::default);

impl<'a> Index<'a> {
    /// Resolves the API crate's model `api` against itself and kapi's meta types `kapi`
    /// (`kapi_codegen::model::kapi_types::load`).
    pub fn new(api: &'a Model, kapi: &'a Model) -> Self {
        Index::build(api, kapi, true)
    }

    /// [`Index::new`] without kapi's types, for readers of the crate's own types that have
    /// no kapi source (the model's checks, tests): a path to one of kapi's types names
    /// nothing, and a bare name is not guessed to be a sibling module's type, since it may
    /// as well be kapi's.
    pub fn of_crate(api: &'a Model) -> Self {
        Index::build(api, &NO_TYPES, false)
    }

    fn build(api: &'a Model, kapi: &'a Model, kapi_known: bool) -> Self {
        let mut index = Index {
            api,
            kapi,
            kapi_known,
            types: Vec::new(),
            ids: HashMap::new(),
            names: rules::Names::default(),
            refs: HashMap::new(),
            hubs: HashMap::new(),
            prefixes: HashMap::new(),
        };
        for model in [api, kapi] {
            for t in &model.shared_types {
                let id = index.add(Origin { model, gv: None }, t);
                index.names.add_shared(address(model), t, id);
            }
            for gv in &model.versions {
                index.prefixes.insert(address(gv), definition_prefix(gv));
                if let Some(hub) = hub_of(model, gv) {
                    index.hubs.insert(address(gv), hub);
                }
                for t in &gv.types {
                    let id = index.add(
                        Origin {
                            model,
                            gv: Some(gv),
                        },
                        t,
                    );
                    index
                        .names
                        .add_in_gv(address(gv), t, id, std::ptr::eq(model, kapi));
                }
            }
        }
        index.resolve_fields();
        index
    }

    fn add(&mut self, origin: Origin<'a>, t: &'a TypeDef) -> TypeId {
        let id = TypeId(self.types.len() as u32);
        self.types.push((origin, t));
        self.ids.insert(address(t), id);
        id
    }

    /// Every path a field of either crate writes, resolved where it is written.
    fn resolve_fields(&mut self) {
        let mut refs = HashMap::new();
        for &(origin, t) in &self.types {
            let scope = scope(origin);
            for f in t.fields() {
                let mut stack = vec![&f.ty];
                while let Some(ty) = stack.pop() {
                    match ty {
                        TypeRef::Option(inner) | TypeRef::Vec(inner) | TypeRef::Box(inner) => {
                            stack.push(inner)
                        }
                        TypeRef::Map { key, value, .. } => stack.extend([&**key, &**value]),
                        TypeRef::Scalar(_) => {}
                        TypeRef::Named(path) => {
                            refs.entry((scope, path.as_slice()))
                                .or_insert_with(|| self.names.lookup(self, origin, path));
                        }
                    }
                }
            }
        }
        self.refs = refs;
    }

    /// The type behind a handle and where it is declared.
    pub fn get(&self, id: TypeId) -> (Origin<'a>, &'a TypeDef) {
        self.types[id.0 as usize]
    }

    /// The handle of a type of either crate's model.
    pub fn id(&self, t: &TypeDef) -> Option<TypeId> {
        self.ids.get(&address(t)).copied()
    }

    /// The type `name` declared in group-version `gv` (of either crate).
    pub fn find(&self, gv: &'a GroupVersion, name: &str) -> Option<&'a TypeDef> {
        Some(self.get(self.names.in_gv(address(gv), name)?).1)
    }

    /// The type `name` declared where `scope` says: in its group-version, or among its
    /// crate's shared types. For readers that start from a name (a snapshot's types).
    pub fn declared(&self, scope: Origin<'a>, name: &str) -> Option<&'a TypeDef> {
        let id = match scope.gv {
            Some(gv) => self.names.in_gv(address(gv), name),
            None => self.names.shared(address(scope.model), name),
        };
        Some(self.get(id?).1)
    }

    /// The type `path` names when written in a field of a type from `from`: the same
    /// group-version first (how Rust resolves a bare name there), then the crate's other
    /// modules for `crate::` paths, its shared types, kapi's types, and kapi's scalars.
    pub fn resolve(&self, from: Origin<'a>, path: &[String]) -> Option<Resolved<'a>> {
        let target = match self.refs.get(&(scope(from), path)) {
            Some(target) => *target,
            // A path no field writes (a client method's input type).
            None => self.names.lookup(self, from, path),
        };
        Some(match target? {
            Target::Type(id) => {
                let (origin, t) = self.get(id);
                Resolved::Type(origin, t)
            }
            Target::Special(s) => Resolved::Special(s),
        })
    }

    /// The API crate's type that `path`, written in a type from `from`, names; `None` for
    /// kapi's types, scalars and unknown names. The checks and the linter judge the API's
    /// own types.
    pub fn in_crate(&self, from: Origin<'a>, path: &[String]) -> Option<(Origin<'a>, &'a TypeDef)> {
        match self.resolve(from, path)? {
            Resolved::Type(origin, t) if std::ptr::eq(origin.model, self.api) => Some((origin, t)),
            _ => None,
        }
    }

    /// The internal version (the hub) of `gv`'s group, if it declares one.
    pub fn hub(&self, gv: &GroupVersion) -> Option<&'a GroupVersion> {
        self.hubs.get(&address(gv)).copied()
    }

    /// kapi's meta type `name` (`ListMeta`, `DeleteOptions`, ...) and where it is declared.
    pub fn kapi_type(&self, name: &str) -> Option<(Origin<'a>, &'a TypeDef)> {
        Some(self.get(self.names.kapi_type(name)?))
    }

    /// Whether a type comes from kapi rather than the API crate.
    pub fn is_kapi(&self, origin: Origin) -> bool {
        std::ptr::eq(origin.model, self.kapi)
    }

    /// The OpenAPI definition name of a type (`com.example.frob.v1.Frobber`).
    pub fn definition_name(&self, origin: Origin, t: &TypeDef) -> String {
        match origin.gv {
            Some(gv) => match self.prefixes.get(&address(gv)) {
                Some(prefix) => format!("{prefix}.{}", t.name),
                None => format!("{}.{}", definition_prefix(gv), t.name),
            },
            None => format!("{}.{}", origin.model.crate_name.replace('-', "_"), t.name),
        }
    }
}

/// Where paths are resolved from: the group-version, or the model for its shared types.
fn scope(origin: Origin) -> Address {
    match origin.gv {
        Some(gv) => address(gv),
        None => address(origin.model),
    }
}

/// The internal version (the hub) of `gv`'s group, if it declares one: the one rule, which
/// [`Index::hub`] answers from and readers without an index (a generator's context) ask.
pub fn hub_of<'m>(model: &'m Model, gv: &GroupVersion) -> Option<&'m GroupVersion> {
    model
        .versions
        .iter()
        .find(|h| h.internal && h.group == gv.group)
}

/// The prefix of a group-version's definition names, as Kubernetes names them: Kubernetes'
/// own packages by their Go import path (`k8s.io.api.core.v1` → `io.k8s.api.core.v1`), every
/// other group by its reversed DNS name and version, like the API server names CRD types.
pub fn definition_prefix(gv: &GroupVersion) -> String {
    // The import path keeps its dashes (`io.k8s.apiextensions-apiserver.pkg.apis...`),
    // which the protobuf package cannot.
    if let Some(rest) = gv
        .protobuf_path
        .as_deref()
        .and_then(|p| p.strip_prefix("k8s.io/")?.strip_suffix("/generated.proto"))
    {
        return format!("io.k8s.{}", rest.replace('/', "."));
    }
    if let Some(rest) = gv
        .protobuf_package
        .as_deref()
        .and_then(|p| p.strip_prefix("k8s.io."))
    {
        return format!("io.k8s.{rest}");
    }
    if gv.group.is_empty() {
        return format!("io.k8s.api.core.{}", gv.version);
    }
    let mut labels: Vec<&str> = gv.group.split('.').collect();
    labels.reverse();
    format!("{}.{}", labels.join("."), gv.version)
}
