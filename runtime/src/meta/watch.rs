use super::RawExtension;
use crate::ApiType;

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
