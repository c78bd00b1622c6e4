//! The kinds of the `meta.k8s.io/v1` group-version: the other forms a server answers a
//! read in (`Accept: ...;as=Table` and `;as=PartialObjectMetadata[List]`) and their
//! options. Kubernetes also serves them as `meta.k8s.io/v1beta1`; kapi speaks only v1.

mod partial_object_metadata;
mod table;

pub use partial_object_metadata::{PartialObjectMetadata, PartialObjectMetadataList};
pub use table::{
    IncludeObjectPolicy, Table, TableColumnDefinition, TableOptions, TableRow, TableRowCondition,
};

// No protobuf package: Table has no protobuf form in Kubernetes (`+protobuf=false`, its
// cells are any JSON); the numbered kinds here still get their messages derived.
crate::group_version! {
    group_name = "meta.k8s.io",
    version = "v1",
    group_go_name = "Meta",
}
