//! Kubernetes meta types (k8s.io/apimachinery/pkg/apis/meta/v1), wire-compatible with
//! Kubernetes and written with kapi's own markers.

mod apply;
mod byte_string;
mod condition;
mod discovery;
mod field_selector;
mod field_selector_requirement;
mod group_version;
mod int_or_string;
mod label_selector;
mod list_meta;
mod meta_k8s_io;
mod object_meta;
mod object_meta_validation;
mod options;
mod quantity;
mod raw;
mod register;
mod selector;
mod short_str;
mod status;
mod string_map;
mod time;
mod watch;

/// The most a thread's decode scratch buffer (StringMap text, FieldsV1 text) keeps between
/// decodes: a huge value's buffer is not held for the thread's lifetime.
const DECODE_SCRATCH_LIMIT: usize = 64 * 1024;

pub use apply::{ObjectMetaApplyConfiguration, OwnerReferenceApplyConfiguration};
pub use byte_string::ByteString;
pub use condition::{Condition, ConditionStatus};
pub use discovery::{
    APIGroup, APIGroupList, APIResource, APIResourceList, APIVersions, GroupVersionForDiscovery,
    ServerAddressByClientCIDR, Verbs,
};
pub use field_selector::{FieldOperator, FieldRequirement, FieldSelector, FieldSelectorError};
pub use field_selector_requirement::{FieldSelectorOperator, FieldSelectorRequirement};
pub use group_version::{GroupResource, GroupVersionKind, GroupVersionResource};
pub use int_or_string::{IntOrString, IntOrStringError};
pub use label_selector::{LabelSelector, LabelSelectorOperator, LabelSelectorRequirement};
pub use list_meta::{ListMeta, ShardInfo, TypeMeta};
pub use meta_k8s_io::{
    IncludeObjectPolicy, PartialObjectMetadata, PartialObjectMetadataList, Table,
    TableColumnDefinition, TableOptions, TableRow, TableRowCondition,
};
pub use object_meta::{ManagedFieldsEntry, ObjectMeta, OwnerReference};
pub use object_meta_validation::TOTAL_ANNOTATION_SIZE_LIMIT;
pub use options::{
    CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions, Preconditions,
    UpdateOptions,
};
pub use quantity::{Quantity, QuantityError, QuantityFormat};
pub use raw::{FieldsV1, RawExtension};
pub use register::{add_to_group_version, add_to_scheme};
pub use selector::{Labels, Operator, Requirement, Selector, SelectorError};
pub use status::{Status, StatusCause, StatusDetails};
pub use string_map::{Iter as StringMapIter, StringMap};
pub use time::{Duration, DurationError, MicroTime, Time, TimeError};
pub use watch::WatchEvent;

// Meta kinds (Status, the options) are served as core `v1`, as kube-apiserver does.
crate::group_version! {
    group_name = "",
    version = "v1",
    group_go_name = "Meta",
    protobuf_package = "k8s.io.apimachinery.pkg.apis.meta.v1",
}
