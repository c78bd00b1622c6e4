//! The model as the rules see it: every type with its group-version, name resolution, and
//! which types only a kind's `status` reaches.

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
    /// Types reachable from a kind only through its `status`: written by controllers, so
    /// the rules about what a user can leave unset do not apply to them.
    status_only: HashSet<*const TypeDef>,
}

impl<'m> Api<'m> {
    pub(super) fn new(model: &'m Model) -> Self {
        let mut api = Api {
            model,
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
    fn reach(
        &self,
        gv: Option<&'m GroupVersion>,
        ty: &TypeRef,
        seen: &mut HashSet<*const TypeDef>,
    ) {
        let mut stack = vec![ty.clone()];
        while let Some(ty) = stack.pop() {
            match ty {
                TypeRef::Option(inner) | TypeRef::Vec(inner) | TypeRef::Box(inner) => {
                    stack.push(*inner)
                }
                TypeRef::Map { value, .. } => stack.push(*value),
                TypeRef::Scalar(_) => {}
                TypeRef::Named(_) => {
                    if let Some(t) = self.resolve(gv, &ty) {
                        if t.kind.is_none() && seen.insert(t as *const TypeDef) {
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

    /// The API type a named type refers to: in the same group-version, else a shared type.
    /// Types from elsewhere (`kapi::meta::Condition`) are `None`.
    pub fn resolve(&self, gv: Option<&'m GroupVersion>, ty: &TypeRef) -> Option<&'m TypeDef> {
        crate::model::resolve::in_crate(self.model, gv, unwrap(ty).named_last()?)
    }

    /// Whether `t` is only ever part of some kind's `status`.
    pub fn is_status_only(&self, t: &TypeDef) -> bool {
        self.status_only.contains(&(t as *const TypeDef))
    }

    /// The internal version (the hub) of `gv`'s group, if it has one.
    pub fn hub_of(&self, gv: &GroupVersion) -> Option<&'m GroupVersion> {
        crate::model::resolve::hub_of(self.model, gv)
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
