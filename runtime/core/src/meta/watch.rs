use super::{RawExtension, GROUP_VERSION};
use crate::{ApiType, TypeInfo};

/// One event of a watch stream as it travels on the wire.
#[derive(ApiType, Debug, PartialEq)]
pub struct WatchEvent {
    /// `ADDED`, `MODIFIED`, `DELETED`, `BOOKMARK` or `ERROR`.
    #[k8s(protobuf = 1, rename = "type")]
    pub type_: String,
    /// The object (a Status for ERROR).
    #[k8s(protobuf = 2)]
    pub object: RawExtension,
}

// Kubernetes registers WatchEvent as a kind (`v1`, and every group-version), yet its JSON
// has no `kind`/`apiVersion` and its protobuf envelope an empty type (Go's WatchEvent has
// no TypeMeta). So it is not a `simple_kind`, whose serializer would write them; the kind
// is declared here so a scheme can hold it.
impl TypeInfo for WatchEvent {
    const GROUP: &'static str = GROUP_VERSION.group;
    const VERSION: &'static str = GROUP_VERSION.version;
    const API_VERSION: &'static str = GROUP_VERSION.api_version;
    const KIND: &'static str = "WatchEvent";
}
