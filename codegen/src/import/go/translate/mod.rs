//! Go declarations to [`ir`]: structs become API structs, string types with `+enum` become
//! open enums, other named types (strings, numbers, maps, slices, aliases) are written as
//! what they stand for at each use, and string and integer constants become `pub const`s.
//! Every package of a run is in one [`Universe`], so a reference to another imported
//! package resolves to the item it really is.

mod context;
mod fields;
mod items;
mod types;

use context::const_value;
pub use context::{Pkg, Translator, Universe};
use items::dedupe_consts;

use crate::import::go::markers::{self as gm};
use crate::import::ir;
use std::collections::BTreeSet;

impl Translator<'_> {
    pub fn module(&mut self, p: usize) -> ir::Module {
        self.current = p;
        let pkg = &self.u.pkgs[p];
        let mut group = None;
        let mut group_go_name = None;
        for m in &pkg.go.markers {
            let g = gm::split(m);
            match g.name.as_str() {
                "groupName" => group = Some(g.value.unwrap_or_default()),
                "groupGoName" => group_go_name = g.value,
                _ => self.package_marker(&g),
            }
        }
        // Packages without `+groupName` (apps/v1) declare it in register.go.
        let group = group.or_else(|| {
            pkg.go
                .consts
                .iter()
                .find(|c| c.name == "GroupName")
                .and_then(|c| const_value(self.u, p, c))
        });
        let group = group.unwrap_or_else(|| {
            let at = pkg.go.types.first().map(|(_, t)| t.pos.clone());
            if let Some(at) = at {
                self.warn(
                    &at,
                    "no group name",
                    "the package has no `+groupName=` (in doc.go) nor `GroupName` constant: written as the core group \"\""
                        .into(),
                );
            }
            String::new()
        });
        let has_protobuf = self.has_protobuf_tags(p);
        let (protobuf_package, protobuf_path) = match &pkg.proto {
            Some((package, path)) => (Some(package.clone()), Some(path.clone())),
            None if has_protobuf => (
                Some(pkg.import_path.replace(['/'], ".").replace('-', "_")),
                None,
            ),
            None => (None, None),
        };
        let mut items = Vec::new();
        let mut placed: BTreeSet<String> = BTreeSet::new();
        for (_, decl) in &pkg.go.types {
            if let Some(item) = self.type_item(p, decl) {
                items.push(item);
            }
            if !pkg.enums.contains(&decl.name) {
                for c in pkg
                    .go
                    .consts
                    .iter()
                    .filter(|c| c.ty.as_deref() == Some(&decl.name))
                {
                    if let Some(item) = self.const_item(p, c) {
                        placed.insert(c.name.clone());
                        items.push(item);
                    }
                }
            }
        }
        for c in &pkg.go.consts {
            let enum_value = c.ty.as_ref().is_some_and(|t| pkg.enums.contains(t));
            if enum_value || placed.contains(&c.name) {
                continue;
            }
            if let Some(item) = self.const_item(p, c) {
                items.push(item);
            }
        }
        dedupe_consts(&mut items);
        let validation = match served_as_crds(&pkg.go) {
            true => ir::ValidationStyle::Schema,
            false => ir::ValidationStyle::BuiltIn,
        };
        ir::Module {
            file: pkg.file.clone(),
            path: pkg.rust.clone(),
            docs: self.docs(&pkg.go.docs),
            group,
            version: pkg.go.name.clone(),
            group_go_name,
            protobuf_package,
            protobuf_path,
            validation,
            items,
        }
    }
}

/// Whether the package is a CRD project's (controller-gen's): one of its types carries a
/// marker that only makes sense for a CustomResourceDefinition (`+kubebuilder:object:root`,
/// `+kubebuilder:resource`, `+kubebuilder:subresource:*`, `+kubebuilder:storageversion`),
/// or the package asks controller-gen for its objects (`+kubebuilder:object:generate`).
/// kube-apiserver validates such kinds against their schema. Kubernetes' own packages use a
/// few `+kubebuilder:validation:*` field markers, and none of these.
fn served_as_crds(go: &crate::import::go::syntax::GoPackage) -> bool {
    let crd_marker = |m: &crate::import::go::syntax::MarkerLine| {
        let name = gm::split(m).name;
        name == "kubebuilder:object:root"
            || name == "kubebuilder:object:generate"
            || name == "kubebuilder:resource"
            || name == "kubebuilder:storageversion"
            || name.starts_with("kubebuilder:subresource:")
    };
    go.markers.iter().any(crd_marker)
        || go
            .types
            .iter()
            .any(|(_, t)| t.comments.markers.iter().any(crd_marker))
}
