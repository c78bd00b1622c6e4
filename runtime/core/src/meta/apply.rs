//! Apply configurations of the object metadata (client-go's
//! `applyconfigurations/meta/v1`): every field optional, fluent `with_*` setters, and JSON
//! that carries only what was set, which is what server-side apply takes as a manager's
//! intent. The generated apply configuration of each kind embeds these as its `metadata`.

use super::Time;
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::collections::BTreeMap;

/// The metadata of an object in a server-side apply request. Fields that are `None` are
/// not written, so the manager does not claim them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ObjectMetaApplyConfiguration {
    pub name: Option<String>,
    pub generate_name: Option<String>,
    pub namespace: Option<String>,
    pub uid: Option<String>,
    pub resource_version: Option<String>,
    pub generation: Option<i64>,
    pub creation_timestamp: Option<Time>,
    pub deletion_timestamp: Option<Time>,
    pub deletion_grace_period_seconds: Option<i64>,
    pub labels: Option<BTreeMap<String, String>>,
    pub annotations: Option<BTreeMap<String, String>>,
    pub owner_references: Option<Vec<OwnerReferenceApplyConfiguration>>,
    pub finalizers: Option<Vec<String>>,
}

impl ObjectMetaApplyConfiguration {
    /// Empty metadata: nothing is written until a setter is called.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets `name`.
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Sets `generateName`.
    pub fn with_generate_name(mut self, generate_name: impl Into<String>) -> Self {
        self.generate_name = Some(generate_name.into());
        self
    }

    /// Sets `namespace`.
    pub fn with_namespace(mut self, namespace: impl Into<String>) -> Self {
        self.namespace = Some(namespace.into());
        self
    }

    /// Sets `uid`.
    pub fn with_uid(mut self, uid: impl Into<String>) -> Self {
        self.uid = Some(uid.into());
        self
    }

    /// Sets `resourceVersion`: the apply then fails with a conflict unless the object is
    /// still at that version.
    pub fn with_resource_version(mut self, resource_version: impl Into<String>) -> Self {
        self.resource_version = Some(resource_version.into());
        self
    }

    /// Sets `generation`.
    pub fn with_generation(mut self, generation: i64) -> Self {
        self.generation = Some(generation);
        self
    }

    /// Sets `creationTimestamp`.
    pub fn with_creation_timestamp(mut self, time: Time) -> Self {
        self.creation_timestamp = Some(time);
        self
    }

    /// Sets `deletionTimestamp`.
    pub fn with_deletion_timestamp(mut self, time: Time) -> Self {
        self.deletion_timestamp = Some(time);
        self
    }

    /// Sets `deletionGracePeriodSeconds`.
    pub fn with_deletion_grace_period_seconds(mut self, seconds: i64) -> Self {
        self.deletion_grace_period_seconds = Some(seconds);
        self
    }

    /// Adds `labels`; an entry replaces one with the same key.
    pub fn with_labels<K: Into<String>, V: Into<String>>(
        mut self,
        entries: impl IntoIterator<Item = (K, V)>,
    ) -> Self {
        extend_map(&mut self.labels, entries);
        self
    }

    /// Adds `annotations`; an entry replaces one with the same key.
    pub fn with_annotations<K: Into<String>, V: Into<String>>(
        mut self,
        entries: impl IntoIterator<Item = (K, V)>,
    ) -> Self {
        extend_map(&mut self.annotations, entries);
        self
    }

    /// Appends to `ownerReferences`.
    pub fn with_owner_references(
        mut self,
        items: impl IntoIterator<Item = OwnerReferenceApplyConfiguration>,
    ) -> Self {
        self.owner_references
            .get_or_insert_with(Vec::new)
            .extend(items);
        self
    }

    /// Appends to `finalizers`.
    pub fn with_finalizers<T: Into<String>>(mut self, items: impl IntoIterator<Item = T>) -> Self {
        self.finalizers
            .get_or_insert_with(Vec::new)
            .extend(items.into_iter().map(Into::into));
        self
    }
}

fn extend_map<K: Into<String>, V: Into<String>>(
    map: &mut Option<BTreeMap<String, String>>,
    entries: impl IntoIterator<Item = (K, V)>,
) {
    map.get_or_insert_with(BTreeMap::new)
        .extend(entries.into_iter().map(|(k, v)| (k.into(), v.into())));
}

impl Serialize for ObjectMetaApplyConfiguration {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        entry(&mut map, "name", &self.name)?;
        entry(&mut map, "generateName", &self.generate_name)?;
        entry(&mut map, "namespace", &self.namespace)?;
        entry(&mut map, "uid", &self.uid)?;
        entry(&mut map, "resourceVersion", &self.resource_version)?;
        entry(&mut map, "generation", &self.generation)?;
        entry(&mut map, "creationTimestamp", &self.creation_timestamp)?;
        entry(&mut map, "deletionTimestamp", &self.deletion_timestamp)?;
        entry(
            &mut map,
            "deletionGracePeriodSeconds",
            &self.deletion_grace_period_seconds,
        )?;
        entry(&mut map, "labels", &self.labels)?;
        entry(&mut map, "annotations", &self.annotations)?;
        entry(&mut map, "ownerReferences", &self.owner_references)?;
        entry(&mut map, "finalizers", &self.finalizers)?;
        map.end()
    }
}

/// A reference to an owner in a server-side apply request.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OwnerReferenceApplyConfiguration {
    pub api_version: Option<String>,
    pub kind: Option<String>,
    pub name: Option<String>,
    pub uid: Option<String>,
    pub controller: Option<bool>,
    pub block_owner_deletion: Option<bool>,
}

impl OwnerReferenceApplyConfiguration {
    /// An empty reference: set at least apiVersion, kind, name and uid.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets `apiVersion`.
    pub fn with_api_version(mut self, api_version: impl Into<String>) -> Self {
        self.api_version = Some(api_version.into());
        self
    }

    /// Sets `kind`.
    pub fn with_kind(mut self, kind: impl Into<String>) -> Self {
        self.kind = Some(kind.into());
        self
    }

    /// Sets `name`.
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Sets `uid`.
    pub fn with_uid(mut self, uid: impl Into<String>) -> Self {
        self.uid = Some(uid.into());
        self
    }

    /// Sets `controller`.
    pub fn with_controller(mut self, controller: bool) -> Self {
        self.controller = Some(controller);
        self
    }

    /// Sets `blockOwnerDeletion`.
    pub fn with_block_owner_deletion(mut self, block: bool) -> Self {
        self.block_owner_deletion = Some(block);
        self
    }
}

impl Serialize for OwnerReferenceApplyConfiguration {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        entry(&mut map, "apiVersion", &self.api_version)?;
        entry(&mut map, "kind", &self.kind)?;
        entry(&mut map, "name", &self.name)?;
        entry(&mut map, "uid", &self.uid)?;
        entry(&mut map, "controller", &self.controller)?;
        entry(&mut map, "blockOwnerDeletion", &self.block_owner_deletion)?;
        map.end()
    }
}

/// Writes `key` only when the value was set.
fn entry<M: SerializeMap, T: Serialize>(
    map: &mut M,
    key: &'static str,
    value: &Option<T>,
) -> Result<(), M::Error> {
    match value {
        Some(v) => map.serialize_entry(key, v),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_was_set_is_written() {
        let meta = ObjectMetaApplyConfiguration::new()
            .with_name("a")
            .with_labels([("app", "frob")])
            .with_labels([("tier", "web")])
            .with_finalizers(["x"]);
        assert_eq!(
            crate::codec::json::to_value(&meta).unwrap(),
            serde_json::json!({
                "name": "a",
                "labels": {"app": "frob", "tier": "web"},
                "finalizers": ["x"],
            })
        );
        assert_eq!(
            crate::codec::json::to_value(&ObjectMetaApplyConfiguration::new()).unwrap(),
            serde_json::json!({})
        );
    }
}
