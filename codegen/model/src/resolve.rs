//! Type resolution: what a type path written in a field names. The API crate's types, kapi's
//! meta types (ObjectMeta, ListMeta, ...) and the hand-written scalars (Time, Quantity, ...)
//! are indexed once per run; every generator that follows a field to its type asks here, so
//! a path means the same type in OpenAPI, CRDs, protobuf, clients and apply configurations.

pub use super::special::Special;
use super::{GroupVersion, Model, TypeDef};
use std::collections::HashMap;

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

/// Every type codegen can describe: the API crate's and kapi's, indexed by name (an API of
/// thousands of types resolves every field through here).
pub struct Index<'a> {
    pub api: &'a Model,
    pub kapi: &'a Model,
    /// (group-version, name) → type, for both crates.
    in_gv: HashMap<(Address, &'a str), &'a TypeDef>,
    /// (crate, name) → shared type.
    shared: HashMap<(Address, &'a str), &'a TypeDef>,
    /// kapi's group-version types by name (the first group-version declaring it wins).
    kapi_types: HashMap<&'a str, (&'a GroupVersion, &'a TypeDef)>,
    /// The API crate's types by name, `None` when several group-versions declare it.
    api_types: HashMap<&'a str, Option<(&'a GroupVersion, &'a TypeDef)>>,
    prefixes: HashMap<Address, String>,
}

/// A group-version or a model by where it lives: the index borrows both crates' models, so
/// an address names one of them for as long as the index exists. An integer, unlike a
/// pointer, lets generators share the index across threads.
type Address = usize;

fn address<T>(value: &T) -> Address {
    value as *const T as Address
}

impl<'a> Index<'a> {
    /// Indexes the API crate's model `api` and kapi's meta types `kapi`
    /// (`kapi_codegen::model::kapi_types::load`); built once per codegen run and shared by every generator.
    pub fn new(api: &'a Model, kapi: &'a Model) -> Self {
        let mut index = Index {
            api,
            kapi,
            in_gv: HashMap::new(),
            shared: HashMap::new(),
            kapi_types: HashMap::new(),
            api_types: HashMap::new(),
            prefixes: HashMap::new(),
        };
        for model in [api, kapi] {
            for t in &model.shared_types {
                index
                    .shared
                    .entry((address(model), t.name.as_str()))
                    .or_insert(t);
            }
            for gv in &model.versions {
                index.prefixes.insert(address(gv), definition_prefix(gv));
                for t in &gv.types {
                    index
                        .in_gv
                        .entry((address(gv), t.name.as_str()))
                        .or_insert(t);
                    if std::ptr::eq(model, kapi) {
                        index.kapi_types.entry(t.name.as_str()).or_insert((gv, t));
                    } else {
                        index
                            .api_types
                            .entry(t.name.as_str())
                            .and_modify(|e| *e = None)
                            .or_insert(Some((gv, t)));
                    }
                }
            }
        }
        index
    }

    /// The type `name` of group-version `gv` (of either crate).
    pub fn find(&self, gv: &'a GroupVersion, name: &str) -> Option<&'a TypeDef> {
        self.in_gv.get(&(address(gv), name)).copied()
    }

    fn find_shared(&self, model: &'a Model, name: &str) -> Option<&'a TypeDef> {
        self.shared.get(&(address(model), name)).copied()
    }

    /// The type `path` names when written in a field of a type from `from`: the same
    /// group-version first (how Rust resolves a bare name there), then the crate's other
    /// modules for `crate::` paths, its shared types, kapi's types, and kapi's scalars.
    pub fn resolve(&self, from: Origin<'a>, path: &[String]) -> Option<Resolved<'a>> {
        let last = path.last()?;
        let local = match path {
            [_] => true,
            [first, ..] => first == "self" || first == "super",
            [] => false,
        };
        if local {
            let found = match from.gv {
                Some(gv) => self.find(gv, last),
                None => self.find_shared(from.model, last),
            };
            if let Some(t) = found {
                return Some(Resolved::Type(from, t));
            }
        }
        if path.first().is_some_and(|p| p == "crate") {
            let modules = &path[1..path.len() - 1];
            let owner = from
                .model
                .versions
                .iter()
                .filter(|gv| modules.starts_with(&gv.module))
                .max_by_key(|gv| gv.module.len());
            if let Some((gv, t)) = owner.and_then(|gv| Some((gv, self.find(gv, last)?))) {
                return Some(Resolved::Type(
                    Origin {
                        model: from.model,
                        gv: Some(gv),
                    },
                    t,
                ));
            }
        }
        let kapi_path = path.first().is_some_and(|p| p == "kapi");
        if !kapi_path {
            if let Some(t) = self.find_shared(from.model, last) {
                return Some(Resolved::Type(
                    Origin {
                        model: from.model,
                        gv: None,
                    },
                    t,
                ));
            }
        }
        // kapi's types are reached with `use kapi::meta::X`, so a bare name from another
        // module most often means one of them.
        let kapi = self.kapi;
        if let Some(t) = self.find_shared(kapi, last) {
            return Some(Resolved::Type(
                Origin {
                    model: kapi,
                    gv: None,
                },
                t,
            ));
        }
        if let Some((gv, t)) = self.kapi_types.get(last.as_str()) {
            return Some(Resolved::Type(
                Origin {
                    model: kapi,
                    gv: Some(gv),
                },
                t,
            ));
        }
        if !kapi_path && std::ptr::eq(from.model, self.api) {
            // A type imported from a sibling module of the crate, when the name is unique.
            if let Some(Some((gv, t))) = self.api_types.get(last.as_str()) {
                return Some(Resolved::Type(
                    Origin {
                        model: from.model,
                        gv: Some(gv),
                    },
                    t,
                ));
            }
        }
        Special::from_path(path).map(Resolved::Special)
    }

    /// kapi's meta type `name` (`ListMeta`, `DeleteOptions`, ...) and where it is declared.
    pub fn kapi_type(&self, name: &str) -> Option<(Origin<'a>, &'a TypeDef)> {
        let (gv, t) = self.kapi_types.get(name)?;
        Some((
            Origin {
                model: self.kapi,
                gv: Some(gv),
            },
            t,
        ))
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

/// The API type a name written in a type of `gv` (`None`: a shared type) names within its
/// own crate, without kapi's types: the same group-version first, then the crate's shared
/// types. The model's checks and the linter read one crate; generators, which need kapi's
/// types too, ask [`Index::resolve`].
pub fn in_crate<'m>(
    model: &'m Model,
    gv: Option<&'m GroupVersion>,
    name: &str,
) -> Option<&'m TypeDef> {
    gv.and_then(|gv| gv.find(name))
        .or_else(|| model.shared_types.iter().find(|t| t.name == name))
}

/// The internal version (the hub) of `gv`'s group, if it declares one.
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
