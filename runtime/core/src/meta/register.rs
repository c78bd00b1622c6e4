//! The meta kinds in a [`Scheme`], in the group-versions kube-apiserver uses for them.
//!
//! Kubernetes registers Status and the discovery documents as "unversioned" `v1` kinds,
//! Table and PartialObjectMetadata(List) in `meta.k8s.io/v1`, and the options kinds and
//! WatchEvent in `meta.k8s.io/v1` and in every served group-version
//! (`metav1.AddToGroupVersion`). Written by hand: codegen's register generator runs on API
//! crates, not on kapi.

use super::*;
use crate::scheme::{KindMeta, KindShape, ResourceMeta, Scheme, SchemeError};
use crate::Resource;

const fn simple(kind: &'static str) -> KindMeta {
    KindMeta::unserved(kind, KindShape::Simple)
}

const STATUS: KindMeta = simple("Status");
const WATCH_EVENT: KindMeta = simple("WatchEvent");
const GET_OPTIONS: KindMeta = simple("GetOptions");
const LIST_OPTIONS: KindMeta = simple("ListOptions");
const CREATE_OPTIONS: KindMeta = simple("CreateOptions");
const UPDATE_OPTIONS: KindMeta = simple("UpdateOptions");
const PATCH_OPTIONS: KindMeta = simple("PatchOptions");
const DELETE_OPTIONS: KindMeta = simple("DeleteOptions");
const API_VERSIONS: KindMeta = simple("APIVersions");
const API_GROUP_LIST: KindMeta = simple("APIGroupList");
const API_GROUP: KindMeta = simple("APIGroup");
const API_RESOURCE_LIST: KindMeta = simple("APIResourceList");
const TABLE: KindMeta = simple("Table");
const TABLE_OPTIONS: KindMeta = simple("TableOptions");
const PARTIAL_OBJECT_METADATA: KindMeta = KindMeta::unserved(
    "PartialObjectMetadata",
    KindShape::Object(ResourceMeta::unserved_named(
        <PartialObjectMetadata as Resource>::PLURAL,
        <PartialObjectMetadata as Resource>::SINGULAR,
        <PartialObjectMetadata as Resource>::LIST_KIND,
        <PartialObjectMetadata as Resource>::SCOPE,
    )),
);
const PARTIAL_OBJECT_METADATA_LIST: KindMeta =
    KindMeta::unserved("PartialObjectMetadataList", KindShape::List);

/// Registers every meta kind: Status, WatchEvent, the options and the discovery documents
/// as `v1`; Table, TableOptions and PartialObjectMetadata(List) as `meta.k8s.io/v1`; the
/// options and WatchEvent also as `meta.k8s.io/v1`.
pub fn add_to_scheme(scheme: &mut Scheme) -> Result<(), SchemeError> {
    macro_rules! add {
        ($($t:ty => $meta:expr),* $(,)?) => {
            $(scheme.add_unconverted::<$t>(&$meta, crate::__private::kind_hooks!($t))?;)*
        };
    }
    add!(
        Status => STATUS,
        WatchEvent => WATCH_EVENT,
        GetOptions => GET_OPTIONS,
        ListOptions => LIST_OPTIONS,
        CreateOptions => CREATE_OPTIONS,
        UpdateOptions => UPDATE_OPTIONS,
        PatchOptions => PATCH_OPTIONS,
        DeleteOptions => DELETE_OPTIONS,
        APIVersions => API_VERSIONS,
        APIGroupList => API_GROUP_LIST,
        APIGroup => API_GROUP,
        APIResourceList => API_RESOURCE_LIST,
        Table => TABLE,
        TableOptions => TABLE_OPTIONS,
        PartialObjectMetadata => PARTIAL_OBJECT_METADATA,
        PartialObjectMetadataList => PARTIAL_OBJECT_METADATA_LIST,
    );
    add_to_group_version(scheme, "meta.k8s.io", "v1")
}

/// Registers the options kinds and WatchEvent under a served group-version
/// (`frob.example.com/v1, Kind=DeleteOptions`), as Go's `metav1.AddToGroupVersion` does:
/// kube-apiserver accepts a DeleteOptions body of the resource's own group-version. They
/// decode to kapi's `v1` types.
pub fn add_to_group_version(
    scheme: &mut Scheme,
    group: &str,
    version: &str,
) -> Result<(), SchemeError> {
    macro_rules! add_as {
        ($($t:ty => $meta:expr),* $(,)?) => {
            $(scheme.add_unconverted_as::<$t>(
                &$meta,
                group,
                version,
                crate::__private::kind_hooks!($t),
            )?;)*
        };
    }
    add_as!(
        WatchEvent => WATCH_EVENT,
        GetOptions => GET_OPTIONS,
        ListOptions => LIST_OPTIONS,
        CreateOptions => CREATE_OPTIONS,
        UpdateOptions => UPDATE_OPTIONS,
        PatchOptions => PATCH_OPTIONS,
        DeleteOptions => DELETE_OPTIONS,
    );
    Ok(())
}
