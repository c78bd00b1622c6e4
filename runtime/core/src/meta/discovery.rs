//! Discovery documents (`/api`, `/apis`, `/apis/<group>/<version>`), as kube-apiserver
//! serves them. Field names, numbers and which fields are always written follow
//! k8s.io/apimachinery's `meta/v1` types: a Go field without `omitempty` is written even
//! when empty, so it is a plain (not `optional`) field here.

use super::GROUP_VERSION;
use crate::ApiType;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `GET /api`: the versions of the core group.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct APIVersions {
    #[k8s(protobuf = 1, list_type = "atomic")]
    pub versions: Vec<String>,
    /// Where clients of each network should reach the server.
    #[k8s(
        protobuf = 2,
        list_type = "atomic",
        rename = "serverAddressByClientCIDRs"
    )]
    pub server_address_by_client_cidrs: Vec<ServerAddressByClientCIDR>,
}

/// `GET /apis`: every group with its versions.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct APIGroupList {
    #[k8s(protobuf = 1, list_type = "atomic")]
    pub groups: Vec<APIGroup>,
}

/// `GET /apis/<group>`, and one entry of [`APIGroupList`].
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct APIGroup {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2, list_type = "atomic")]
    pub versions: Vec<GroupVersionForDiscovery>,
    /// Go marks it `omitempty`, which never omits a struct: always written.
    #[k8s(protobuf = 3)]
    pub preferred_version: GroupVersionForDiscovery,
    #[k8s(
        optional,
        protobuf = 4,
        list_type = "atomic",
        rename = "serverAddressByClientCIDRs"
    )]
    pub server_address_by_client_cidrs: Vec<ServerAddressByClientCIDR>,
}

/// The address of the server for clients of one network.
#[derive(ApiType, Debug, PartialEq)]
pub struct ServerAddressByClientCIDR {
    #[k8s(protobuf = 1, rename = "clientCIDR")]
    pub client_cidr: String,
    /// `host`, `host:port`, `ip` or `ip:port`.
    #[k8s(protobuf = 2)]
    pub server_address: String,
}

/// One version of a group: `groupVersion` (`apps/v1`) and `version` (`v1`).
#[derive(ApiType, Debug, PartialEq)]
pub struct GroupVersionForDiscovery {
    #[k8s(protobuf = 1)]
    pub group_version: String,
    #[k8s(protobuf = 2)]
    pub version: String,
}

/// `GET /apis/<group>/<version>` (`/api/v1` for the core group): the resources served.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind)]
pub struct APIResourceList {
    #[k8s(protobuf = 1)]
    pub group_version: String,
    #[k8s(protobuf = 2, list_type = "atomic", rename = "resources")]
    pub resources: Vec<APIResource>,
}

/// One resource or subresource (`frobbers`, `frobbers/status`) of a group-version.
#[derive(ApiType, Debug, PartialEq)]
pub struct APIResource {
    /// The plural name, with `/subresource` for subresources.
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 6)]
    pub singular_name: String,
    #[k8s(protobuf = 2)]
    pub namespaced: bool,
    /// Set when it differs from the list's group (the `Scale` of a scale subresource).
    #[k8s(optional, protobuf = 8)]
    pub group: String,
    #[k8s(optional, protobuf = 9)]
    pub version: String,
    #[k8s(protobuf = 3)]
    pub kind: String,
    /// `get`, `list`, `watch`, `create`, `update`, `patch`, `delete`, `deletecollection`.
    #[k8s(protobuf = 4)]
    pub verbs: Verbs,
    #[k8s(optional, protobuf = 5, list_type = "atomic")]
    pub short_names: Vec<String>,
    #[k8s(optional, protobuf = 7, list_type = "atomic")]
    pub categories: Vec<String>,
    #[k8s(optional, protobuf = 10)]
    pub storage_version_hash: String,
}

/// The verbs of an [`APIResource`]. A JSON array; in protobuf a message of its own
/// (`Verbs { repeated string items = 1; }`), which is why it is not a `Vec<String>`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verbs(pub Vec<String>);

impl Verbs {
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }

    pub fn contains(&self, verb: &str) -> bool {
        self.0.iter().any(|v| v == verb)
    }
}

impl<S: Into<String>> FromIterator<S> for Verbs {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> Self {
        Verbs(iter.into_iter().map(Into::into).collect())
    }
}

impl Serialize for Verbs {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Verbs {
    /// `null` (Go's nil slice) reads as no verbs.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Option::<Vec<String>>::deserialize(d).map(|v| Verbs(v.unwrap_or_default()))
    }
}
