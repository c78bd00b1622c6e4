//! Objects reduced to their metadata (`Accept: ...;as=PartialObjectMetadata`), what
//! metadata-only clients (garbage collector, namespace controller) read.

use super::GROUP_VERSION;
use crate::meta::{ListMeta, ObjectMeta};
use crate::ApiType;

/// Any object's `metadata` with its own apiVersion and kind.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct PartialObjectMetadata {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
}

/// A list read as metadata only.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct PartialObjectMetadataList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<PartialObjectMetadata>,
}
