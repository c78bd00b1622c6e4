use crate::ApiType;

/// Metadata of lists and of Status.
#[derive(ApiType, Debug, PartialEq)]
pub struct ListMeta {
    /// Deprecated: never set by the server since Kubernetes 1.20.
    #[k8s(optional, protobuf = 1)]
    pub self_link: String,
    /// The version to watch from to see every change after this list.
    #[k8s(optional, protobuf = 2)]
    pub resource_version: String,
    /// The token for the next page of a chunked list.
    #[k8s(optional, protobuf = 3, rename = "continue")]
    pub continue_: String,
    /// How many items remain after this page, when the server can tell.
    #[k8s(protobuf = 4)]
    pub remaining_item_count: Option<i64>,
    /// Which shard of the collection this list holds, for sharded lists.
    #[k8s(protobuf = 5)]
    pub shard_info: Option<ShardInfo>,
}

/// The shard of a sharded list (`shardSelector` in ListOptions).
#[derive(ApiType, Debug, PartialEq)]
pub struct ShardInfo {
    /// The shard selector the list was served for.
    #[k8s(optional, protobuf = 1)]
    pub selector: String,
}

/// apiVersion and kind of an object whose type is not known statically.
#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
pub struct TypeMeta {
    // Kubernetes' numbers: `kind` came first in the Go struct.
    #[k8s(optional, protobuf = 2)]
    pub api_version: String,
    #[k8s(optional, protobuf = 1)]
    pub kind: String,
}
