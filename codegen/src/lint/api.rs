//! The model as the rules see it: every type with its group-version, the model's resolution
//! of type names, and which types only a kind's `status` reaches.

use crate::model::resolve::{Index, Origin, TypeId};
use crate::model::{Field, GroupVersion, Model, TypeDef, TypeRef};
use std::collections::HashSet;

/// A type of the model with the group-version it belongs to (`None` for shared types).
#[derive(Clone, Copy)]
pub(crate) struct Item<'m> {
    pub gv: Option<&'m GroupVersion>,
    pub ty: &'m TypeDef,
}

/// The model as the rules see it: every type with its scope, and name resolution.
pub(crate) struct Api<'m> {
    model: &'m Model,
    index: &'m Index<'m>,
    /// Types reachable from a kind only through its `status`: written by controllers, so
    /// the rules about what a user can leave unset do not apply to them.
    status_only: HashSet<TypeId>,
}

impl<'m> Api<'m> {
    pub(super) fn new(index: &'m Index<'m>) -> Self {
        let mut api = Api {
            model: index.api,
            index,
            status_only: HashSet::new(),
        };
        let mut from_status = HashSet::new();
        let mut from_elsewhere = HashSet::new();
        for kind in api.kinds() {
            for f in kind.ty.fields() {
                let seen = if f.json_name == "status" {
                    &mut from_status
                } else {
                    &mut from_elsewhere
                };
                api.reach(kind.gv, &f.ty, seen);
            }
        }
        api.status_only = from_status.difference(&from_elsewhere).copied().collect();
        api
    }

    /// Every non-kind type reachable from `ty`, without entering kinds (each is its own root).
    fn reach(&self, gv: Option<&'m GroupVersion>, ty: &TypeRef, seen: &mut HashSet<TypeId>) {
        let mut stack = vec![ty.clone()];
        while let Some(ty) = stack.pop() {
            match ty {
                TypeRef::Option(inner) | TypeRef::Vec(inner) | TypeRef::Box(inner) => {
                    stack.push(*inner)
                }
                TypeRef::Map { value, .. } => stack.push(*value),
                TypeRef::Scalar(_) => {}
                TypeRef::Named(_) => {
                    let found = self
                        .resolve(gv, &ty)
                        .and_then(|t| Some((self.index.id(t)?, t)));
                    if let Some((id, t)) = found {
                        if t.kind.is_none() && seen.insert(id) {
                            stack.extend(t.fields().iter().map(|f| f.ty.clone()));
                        }
                    }
                }
            }
        }
    }

    /// Every type: group-version types in module order, then shared types.
    pub fn types(&self) -> impl Iterator<Item = Item<'m>> + '_ {
        let model = self.model;
        model
            .versions
            .iter()
            .flat_map(|gv| gv.types.iter().map(move |ty| Item { gv: Some(gv), ty }))
            .chain(model.shared_types.iter().map(|ty| Item { gv: None, ty }))
    }

    /// Every struct field with the type that holds it.
    pub fn fields(&self) -> impl Iterator<Item = (Item<'m>, &'m Field)> + '_ {
        self.types()
            .flat_map(|item| item.ty.fields().iter().map(move |f| (item, f)))
    }

    pub fn kinds(&self) -> impl Iterator<Item = Item<'m>> + '_ {
        self.types().filter(|i| i.ty.kind.is_some())
    }

    /// The API type a named type (written in a type of `gv`, `None` for a shared type)
    /// refers to, as the model resolves it. Types from elsewhere (`kapi::meta::Condition`)
    /// are `None`.
    pub fn resolve(&self, gv: Option<&'m GroupVersion>, ty: &TypeRef) -> Option<&'m TypeDef> {
        let TypeRef::Named(path) = unwrap(ty) else {
            return None;
        };
        let from = Origin {
            model: self.model,
            gv,
        };
        self.index.in_crate(from, path).map(|(_, t)| t)
    }

    /// Whether `t` is only ever part of some kind's `status`.
    pub fn is_status_only(&self, t: &TypeDef) -> bool {
        self.index
            .id(t)
            .is_some_and(|id| self.status_only.contains(&id))
    }

    /// The internal version (the hub) of `gv`'s group, if it has one.
    pub fn hub_of(&self, gv: &GroupVersion) -> Option<&'m GroupVersion> {
        self.index.hub(gv)
    }

    /// Object kinds of every group (the names fields may refer to).
    pub fn object_kinds(&self) -> impl Iterator<Item = Item<'m>> + '_ {
        self.kinds().filter(|k| {
            k.ty.kind
                .as_ref()
                .is_some_and(|k| k.category == crate::model::KindCategory::Object)
        })
    }
}

/// The type without `Option` and `Box` around it.
pub(crate) fn unwrap(ty: &TypeRef) -> &TypeRef {
    match ty {
        TypeRef::Option(inner) | TypeRef::Box(inner) => unwrap(inner),
        other => other,
    }
}

/// The type of one value: without `Option`, `Box` and one `Vec`.
pub(crate) fn element(ty: &TypeRef) -> &TypeRef {
    match unwrap(ty) {
        TypeRef::Vec(inner) => unwrap(inner),
        other => other,
    }
}
