//! How Rust reaches a type from where a path is written, as far as the model can tell: the
//! names each scope declares, and the order they are tried in. [`super::Index::new`] asks
//! once per path a field writes; nothing else applies these rules.

use super::{address, Address, Index, Origin, Special, Target, TypeId};
use crate::TypeDef;
use std::collections::HashMap;

/// The names every scope of both crates declares.
#[derive(Default)]
pub(super) struct Names<'a> {
    /// (group-version, name) → type, for both crates (the first declared wins).
    in_gv: HashMap<(Address, &'a str), TypeId>,
    /// (crate, name) → shared type.
    shared: HashMap<(Address, &'a str), TypeId>,
    /// kapi's group-version types by name (the first group-version declaring it wins).
    kapi_types: HashMap<&'a str, TypeId>,
    /// The API crate's types by name, `None` when several group-versions declare it.
    api_types: HashMap<&'a str, Option<TypeId>>,
}

impl<'a> Names<'a> {
    pub(super) fn add_shared(&mut self, model: Address, t: &'a TypeDef, id: TypeId) {
        self.shared.entry((model, t.name.as_str())).or_insert(id);
    }

    pub(super) fn add_in_gv(&mut self, gv: Address, t: &'a TypeDef, id: TypeId, kapi: bool) {
        let name = t.name.as_str();
        self.in_gv.entry((gv, name)).or_insert(id);
        if kapi {
            self.kapi_types.entry(name).or_insert(id);
        } else {
            self.api_types
                .entry(name)
                .and_modify(|e| *e = None)
                .or_insert(Some(id));
        }
    }

    pub(super) fn in_gv(&self, gv: Address, name: &str) -> Option<TypeId> {
        self.in_gv.get(&(gv, name)).copied()
    }

    pub(super) fn shared(&self, model: Address, name: &str) -> Option<TypeId> {
        self.shared.get(&(model, name)).copied()
    }

    pub(super) fn kapi_type(&self, name: &str) -> Option<TypeId> {
        self.kapi_types.get(name).copied()
    }

    /// What `path`, written in a type from `from`, names: the same group-version first
    /// (how Rust resolves a bare name there), then the crate's other modules for `crate::`
    /// paths, its shared types, kapi's types, a type of a sibling module of the crate whose
    /// name is unique (only when kapi's names are known), and kapi's scalars.
    pub(super) fn lookup(
        &self,
        index: &Index<'a>,
        from: Origin<'a>,
        path: &[String],
    ) -> Option<Target> {
        let last = path.last()?;
        let local = match path {
            [_] => true,
            [first, ..] => first == "self" || first == "super",
            [] => false,
        };
        if local {
            let found = match from.gv {
                Some(gv) => self.in_gv(address(gv), last),
                None => self.shared(address(from.model), last),
            };
            if let Some(id) = found {
                return Some(Target::Type(id));
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
            if let Some(id) = owner.and_then(|gv| self.in_gv(address(gv), last)) {
                return Some(Target::Type(id));
            }
        }
        let kapi_path = path.first().is_some_and(|p| p == "kapi");
        if !kapi_path {
            if let Some(id) = self.shared(address(from.model), last) {
                return Some(Target::Type(id));
            }
        }
        // kapi's types are reached with `use kapi::meta::X`, so a bare name from another
        // module most often means one of them.
        let kapi = self
            .shared(address(index.kapi), last)
            .or_else(|| self.kapi_type(last));
        if let Some(id) = kapi {
            return Some(Target::Type(id));
        }
        if index.kapi_known && !kapi_path && std::ptr::eq(from.model, index.api) {
            // A type imported from a sibling module of the crate, when the name is unique
            // and is none of kapi's.
            if let Some(Some(id)) = self.api_types.get(last.as_str()) {
                return Some(Target::Type(*id));
            }
        }
        Special::from_path(path).map(Target::Special)
    }
}
