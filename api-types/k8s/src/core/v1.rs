// Imported by kapi-codegen from k8s.io/api/core/v1. Change the source and import again.

use kapi::meta::{
    ByteString, Condition, IntOrString, LabelSelector, ListMeta, MicroTime, ObjectMeta,
    OwnerReference, Quantity, StringMap, Time,
};
use kapi::ApiType;
use std::collections::BTreeMap;

kapi::group_version! {
    group_name = "",
    version = "v1",
    protobuf_package = "k8s.io.api.core.v1",
    protobuf_path = "k8s.io/api/core/v1/generated.proto",
    cargo_feature = "core-v1",
}

#[rustfmt::skip]
#[path = "../../generated/core/v1/mod.rs"]
pub mod generated;

#[derive(ApiType, Debug, PartialEq)]
pub struct Volume {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(inline, protobuf = 2)]
    pub volume_source: VolumeSource,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeSource {
    #[k8s(protobuf = 1)]
    pub host_path: Option<HostPathVolumeSource>,
    #[k8s(protobuf = 2)]
    pub empty_dir: Option<EmptyDirVolumeSource>,
    #[k8s(protobuf = 3)]
    pub gce_persistent_disk: Option<GCEPersistentDiskVolumeSource>,
    #[k8s(protobuf = 4)]
    pub aws_elastic_block_store: Option<AWSElasticBlockStoreVolumeSource>,
    #[k8s(protobuf = 5)]
    pub git_repo: Option<GitRepoVolumeSource>,
    #[k8s(protobuf = 6)]
    pub secret: Option<SecretVolumeSource>,
    #[k8s(protobuf = 7)]
    pub nfs: Option<NFSVolumeSource>,
    #[k8s(protobuf = 8)]
    pub iscsi: Option<ISCSIVolumeSource>,
    #[k8s(protobuf = 9)]
    pub glusterfs: Option<GlusterfsVolumeSource>,
    #[k8s(protobuf = 10)]
    pub persistent_volume_claim: Option<PersistentVolumeClaimVolumeSource>,
    #[k8s(protobuf = 11)]
    pub rbd: Option<RBDVolumeSource>,
    #[k8s(protobuf = 12)]
    pub flex_volume: Option<FlexVolumeSource>,
    #[k8s(protobuf = 13)]
    pub cinder: Option<CinderVolumeSource>,
    #[k8s(protobuf = 14)]
    pub cephfs: Option<CephFSVolumeSource>,
    #[k8s(protobuf = 15)]
    pub flocker: Option<FlockerVolumeSource>,
    #[k8s(rename = "downwardAPI", protobuf = 16)]
    pub downward_api: Option<DownwardAPIVolumeSource>,
    #[k8s(protobuf = 17)]
    pub fc: Option<FCVolumeSource>,
    #[k8s(protobuf = 18)]
    pub azure_file: Option<AzureFileVolumeSource>,
    #[k8s(protobuf = 19)]
    pub config_map: Option<ConfigMapVolumeSource>,
    #[k8s(protobuf = 20)]
    pub vsphere_volume: Option<VsphereVirtualDiskVolumeSource>,
    #[k8s(protobuf = 21)]
    pub quobyte: Option<QuobyteVolumeSource>,
    #[k8s(protobuf = 22)]
    pub azure_disk: Option<AzureDiskVolumeSource>,
    #[k8s(protobuf = 23)]
    pub photon_persistent_disk: Option<PhotonPersistentDiskVolumeSource>,
    #[k8s(protobuf = 26)]
    pub projected: Option<ProjectedVolumeSource>,
    #[k8s(protobuf = 24)]
    pub portworx_volume: Option<PortworxVolumeSource>,
    #[k8s(rename = "scaleIO", protobuf = 25)]
    pub scale_io: Option<ScaleIOVolumeSource>,
    #[k8s(protobuf = 27)]
    pub storageos: Option<StorageOSVolumeSource>,
    #[k8s(protobuf = 28)]
    pub csi: Option<CSIVolumeSource>,
    #[k8s(protobuf = 29)]
    pub ephemeral: Option<EphemeralVolumeSource>,
    #[k8s(protobuf = 30)]
    pub image: Option<ImageVolumeSource>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PersistentVolumeClaimVolumeSource {
    #[k8s(protobuf = 1)]
    pub claim_name: String,
    #[k8s(optional, protobuf = 2)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PersistentVolumeSource {
    #[k8s(protobuf = 1)]
    pub gce_persistent_disk: Option<GCEPersistentDiskVolumeSource>,
    #[k8s(protobuf = 2)]
    pub aws_elastic_block_store: Option<AWSElasticBlockStoreVolumeSource>,
    #[k8s(protobuf = 3)]
    pub host_path: Option<HostPathVolumeSource>,
    #[k8s(protobuf = 4)]
    pub glusterfs: Option<GlusterfsPersistentVolumeSource>,
    #[k8s(protobuf = 5)]
    pub nfs: Option<NFSVolumeSource>,
    #[k8s(protobuf = 6)]
    pub rbd: Option<RBDPersistentVolumeSource>,
    #[k8s(protobuf = 7)]
    pub iscsi: Option<ISCSIPersistentVolumeSource>,
    #[k8s(protobuf = 8)]
    pub cinder: Option<CinderPersistentVolumeSource>,
    #[k8s(protobuf = 9)]
    pub cephfs: Option<CephFSPersistentVolumeSource>,
    #[k8s(protobuf = 10)]
    pub fc: Option<FCVolumeSource>,
    #[k8s(protobuf = 11)]
    pub flocker: Option<FlockerVolumeSource>,
    #[k8s(protobuf = 12)]
    pub flex_volume: Option<FlexPersistentVolumeSource>,
    #[k8s(protobuf = 13)]
    pub azure_file: Option<AzureFilePersistentVolumeSource>,
    #[k8s(protobuf = 14)]
    pub vsphere_volume: Option<VsphereVirtualDiskVolumeSource>,
    #[k8s(protobuf = 15)]
    pub quobyte: Option<QuobyteVolumeSource>,
    #[k8s(protobuf = 16)]
    pub azure_disk: Option<AzureDiskVolumeSource>,
    #[k8s(protobuf = 17)]
    pub photon_persistent_disk: Option<PhotonPersistentDiskVolumeSource>,
    #[k8s(protobuf = 18)]
    pub portworx_volume: Option<PortworxVolumeSource>,
    #[k8s(rename = "scaleIO", protobuf = 19)]
    pub scale_io: Option<ScaleIOPersistentVolumeSource>,
    #[k8s(protobuf = 20)]
    pub local: Option<LocalVolumeSource>,
    #[k8s(protobuf = 21)]
    pub storageos: Option<StorageOSPersistentVolumeSource>,
    #[k8s(protobuf = 22)]
    pub csi: Option<CSIPersistentVolumeSource>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.0"),
    plural = "persistentvolumes",
    singular = "persistentvolume",
    short_names = ["pv"],
    subresource_status
)]
pub struct PersistentVolume {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: PersistentVolumeSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: PersistentVolumeStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PersistentVolumeSpec {
    #[k8s(optional, protobuf = 1)]
    pub capacity: BTreeMap<String, Quantity>,
    #[k8s(inline, protobuf = 2)]
    pub persistent_volume_source: PersistentVolumeSource,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    #[k8s(protobuf = 4)]
    pub claim_ref: Option<ObjectReference>,
    #[k8s(optional, protobuf = 5)]
    pub persistent_volume_reclaim_policy: PersistentVolumeReclaimPolicy,
    #[k8s(optional, protobuf = 6)]
    pub storage_class_name: String,
    #[k8s(optional, list_type = "atomic", protobuf = 7)]
    pub mount_options: Vec<String>,
    #[k8s(protobuf = 8)]
    pub volume_mode: Option<PersistentVolumeMode>,
    #[k8s(protobuf = 9)]
    pub node_affinity: Option<VolumeNodeAffinity>,
    #[k8s(feature_gate = "VolumeAttributesClass", protobuf = 10)]
    pub volume_attributes_class_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeNodeAffinity {
    #[k8s(protobuf = 1)]
    pub required: Option<NodeSelector>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PersistentVolumeReclaimPolicy {
    Recycle,
    Delete,
    Retain,
    Other(String),
}

impl Default for PersistentVolumeReclaimPolicy {
    fn default() -> Self {
        PersistentVolumeReclaimPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PersistentVolumeMode {
    Block,
    Filesystem,
    Other(String),
}

impl Default for PersistentVolumeMode {
    fn default() -> Self {
        PersistentVolumeMode::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PersistentVolumeStatus {
    #[k8s(optional, protobuf = 1)]
    pub phase: PersistentVolumePhase,
    #[k8s(optional, protobuf = 2)]
    pub message: String,
    #[k8s(optional, protobuf = 3)]
    pub reason: String,
    #[k8s(protobuf = 4)]
    pub last_phase_transition_time: Option<Time>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct PersistentVolumeList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<PersistentVolume>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.0"),
    plural = "persistentvolumeclaims",
    singular = "persistentvolumeclaim",
    short_names = ["pvc"],
    subresource_status
)]
pub struct PersistentVolumeClaim {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: PersistentVolumeClaimSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: PersistentVolumeClaimStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct PersistentVolumeClaimList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<PersistentVolumeClaim>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PersistentVolumeClaimSpec {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    #[k8s(protobuf = 4)]
    pub selector: Option<LabelSelector>,
    #[k8s(optional, protobuf = 2)]
    pub resources: VolumeResourceRequirements,
    #[k8s(optional, protobuf = 3)]
    pub volume_name: String,
    #[k8s(protobuf = 5)]
    pub storage_class_name: Option<String>,
    #[k8s(protobuf = 6)]
    pub volume_mode: Option<PersistentVolumeMode>,
    #[k8s(protobuf = 7)]
    pub data_source: Option<TypedLocalObjectReference>,
    #[k8s(protobuf = 8)]
    pub data_source_ref: Option<TypedObjectReference>,
    #[k8s(feature_gate = "VolumeAttributesClass", protobuf = 9)]
    pub volume_attributes_class_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TypedObjectReference {
    #[k8s(presence = "null", protobuf = 1)]
    pub api_group: Option<String>,
    #[k8s(protobuf = 2)]
    pub kind: String,
    #[k8s(protobuf = 3)]
    pub name: String,
    #[k8s(feature_gate = "CrossNamespaceVolumeDataSource", protobuf = 4)]
    pub namespace: Option<String>,
}

pub const PERSISTENT_VOLUME_CLAIM_RESIZING: &str = "Resizing";

pub const PERSISTENT_VOLUME_CLAIM_FILE_SYSTEM_RESIZE_PENDING: &str = "FileSystemResizePending";

pub const PERSISTENT_VOLUME_CLAIM_CONTROLLER_RESIZE_ERROR: &str = "ControllerResizeError";

pub const PERSISTENT_VOLUME_CLAIM_NODE_RESIZE_ERROR: &str = "NodeResizeError";

pub const PERSISTENT_VOLUME_CLAIM_VOLUME_MODIFY_VOLUME_ERROR: &str = "ModifyVolumeError";

pub const PERSISTENT_VOLUME_CLAIM_VOLUME_MODIFYING_VOLUME: &str = "ModifyingVolume";

pub const PERSISTENT_VOLUME_CLAIM_UNUSED: &str = "Unused";

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ClaimResourceStatus {
    ControllerResizeInProgress,
    ControllerResizeInfeasible,
    NodeResizePending,
    NodeResizeInProgress,
    NodeResizeInfeasible,
    Other(String),
}

impl Default for ClaimResourceStatus {
    fn default() -> Self {
        ClaimResourceStatus::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PersistentVolumeClaimModifyVolumeStatus {
    Pending,
    InProgress,
    Infeasible,
    Other(String),
}

impl Default for PersistentVolumeClaimModifyVolumeStatus {
    fn default() -> Self {
        PersistentVolumeClaimModifyVolumeStatus::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ModifyVolumeStatus {
    #[k8s(optional, protobuf = 1)]
    pub target_volume_attributes_class_name: String,
    #[k8s(protobuf = 2)]
    pub status: PersistentVolumeClaimModifyVolumeStatus,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PersistentVolumeClaimCondition {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_probe_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 5)]
    pub reason: String,
    #[k8s(optional, protobuf = 6)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum VolumeHealthStatusType {
    Inaccessible,
    DataLoss,
    Degraded,
    Other(String),
}

impl Default for VolumeHealthStatusType {
    fn default() -> Self {
        VolumeHealthStatusType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeHealthCondition {
    #[k8s(required, protobuf = 1)]
    pub status: VolumeHealthStatusType,
    #[k8s(required, protobuf = 2)]
    pub reason: String,
    #[k8s(optional, protobuf = 3)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeHealthStatus {
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "status",
        patch_merge_key = "status",
        patch_strategy = "merge",
        list_map_key = "reason",
        max_items = 16,
        protobuf = 1
    )]
    pub health_conditions: Vec<VolumeHealthCondition>,
    #[k8s(optional, protobuf = 2)]
    pub last_transition_time: Time,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodVolumeHealth {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "status",
        patch_merge_key = "status",
        patch_strategy = "merge",
        list_map_key = "reason",
        max_items = 16,
        protobuf = 2
    )]
    pub health_conditions: Vec<VolumeHealthCondition>,
    #[k8s(optional, protobuf = 3)]
    pub last_transition_time: Time,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PersistentVolumeClaimStatus {
    #[k8s(optional, protobuf = 1)]
    pub phase: PersistentVolumeClaimPhase,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub access_modes: Vec<PersistentVolumeAccessMode>,
    #[k8s(optional, protobuf = 3)]
    pub capacity: BTreeMap<String, Quantity>,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 4
    )]
    pub conditions: Vec<PersistentVolumeClaimCondition>,
    #[k8s(optional, protobuf = 5)]
    pub allocated_resources: BTreeMap<String, Quantity>,
    #[k8s(optional, map_type = "granular", protobuf = 7)]
    pub allocated_resource_statuses: BTreeMap<String, ClaimResourceStatus>,
    #[k8s(feature_gate = "VolumeAttributesClass", protobuf = 8)]
    pub current_volume_attributes_class_name: Option<String>,
    #[k8s(feature_gate = "VolumeAttributesClass", protobuf = 9)]
    pub modify_volume_status: Option<ModifyVolumeStatus>,
    #[k8s(feature_gate = "CSIVolumeHealth", protobuf = 10)]
    pub health_status: Option<VolumeHealthStatus>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PersistentVolumeAccessMode {
    ReadWriteOnce,
    ReadOnlyMany,
    ReadWriteMany,
    ReadWriteOncePod,
    Other(String),
}

impl Default for PersistentVolumeAccessMode {
    fn default() -> Self {
        PersistentVolumeAccessMode::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PersistentVolumePhase {
    Pending,
    Available,
    Bound,
    Released,
    Failed,
    Other(String),
}

impl Default for PersistentVolumePhase {
    fn default() -> Self {
        PersistentVolumePhase::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PersistentVolumeClaimPhase {
    Pending,
    Bound,
    Lost,
    Other(String),
}

impl Default for PersistentVolumeClaimPhase {
    fn default() -> Self {
        PersistentVolumeClaimPhase::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum HostPathType {
    #[k8s(rename = "")]
    HostPathUnset,
    DirectoryOrCreate,
    Directory,
    FileOrCreate,
    File,
    Socket,
    CharDevice,
    BlockDevice,
    Other(String),
}

impl Default for HostPathType {
    fn default() -> Self {
        HostPathType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HostPathVolumeSource {
    #[k8s(protobuf = 1)]
    pub path: String,
    #[k8s(protobuf = 2)]
    pub type_: Option<HostPathType>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EmptyDirVolumeSource {
    #[k8s(optional, protobuf = 1)]
    pub medium: String,
    #[k8s(protobuf = 2)]
    pub size_limit: Option<Quantity>,
    #[k8s(feature_gate = "EmptyDirVolumeMode", protobuf = 3)]
    pub mode: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct GlusterfsVolumeSource {
    #[k8s(protobuf = 1)]
    pub endpoints: String,
    #[k8s(protobuf = 2)]
    pub path: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct GlusterfsPersistentVolumeSource {
    #[k8s(protobuf = 1)]
    pub endpoints: String,
    #[k8s(protobuf = 2)]
    pub path: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
    #[k8s(protobuf = 4)]
    pub endpoints_namespace: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct RBDVolumeSource {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub monitors: Vec<String>,
    #[k8s(protobuf = 2)]
    pub image: String,
    #[k8s(optional, protobuf = 3)]
    pub fs_type: String,
    #[k8s(optional, default = "rbd", protobuf = 4)]
    pub pool: String,
    #[k8s(optional, default = "admin", protobuf = 5)]
    pub user: String,
    #[k8s(optional, default = "/etc/ceph/keyring", protobuf = 6)]
    pub keyring: String,
    #[k8s(protobuf = 7)]
    pub secret_ref: Option<LocalObjectReference>,
    #[k8s(optional, protobuf = 8)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct RBDPersistentVolumeSource {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub monitors: Vec<String>,
    #[k8s(protobuf = 2)]
    pub image: String,
    #[k8s(optional, protobuf = 3)]
    pub fs_type: String,
    #[k8s(optional, default = "rbd", protobuf = 4)]
    pub pool: String,
    #[k8s(optional, default = "admin", protobuf = 5)]
    pub user: String,
    #[k8s(optional, default = "/etc/ceph/keyring", protobuf = 6)]
    pub keyring: String,
    #[k8s(protobuf = 7)]
    pub secret_ref: Option<SecretReference>,
    #[k8s(optional, protobuf = 8)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CinderVolumeSource {
    #[k8s(rename = "volumeID", protobuf = 1)]
    pub volume_id: String,
    #[k8s(optional, protobuf = 2)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
    #[k8s(protobuf = 4)]
    pub secret_ref: Option<LocalObjectReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CinderPersistentVolumeSource {
    #[k8s(rename = "volumeID", protobuf = 1)]
    pub volume_id: String,
    #[k8s(optional, protobuf = 2)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
    #[k8s(protobuf = 4)]
    pub secret_ref: Option<SecretReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CephFSVolumeSource {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub monitors: Vec<String>,
    #[k8s(optional, protobuf = 2)]
    pub path: String,
    #[k8s(optional, protobuf = 3)]
    pub user: String,
    #[k8s(optional, protobuf = 4)]
    pub secret_file: String,
    #[k8s(protobuf = 5)]
    pub secret_ref: Option<LocalObjectReference>,
    #[k8s(optional, protobuf = 6)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct SecretReference {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub namespace: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CephFSPersistentVolumeSource {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub monitors: Vec<String>,
    #[k8s(optional, protobuf = 2)]
    pub path: String,
    #[k8s(optional, protobuf = 3)]
    pub user: String,
    #[k8s(optional, protobuf = 4)]
    pub secret_file: String,
    #[k8s(protobuf = 5)]
    pub secret_ref: Option<SecretReference>,
    #[k8s(optional, protobuf = 6)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct FlockerVolumeSource {
    #[k8s(optional, protobuf = 1)]
    pub dataset_name: String,
    #[k8s(optional, rename = "datasetUUID", protobuf = 2)]
    pub dataset_uuid: String,
}

pub const STORAGE_MEDIUM_DEFAULT: &str = "";

pub const STORAGE_MEDIUM_MEMORY: &str = "Memory";

pub const STORAGE_MEDIUM_HUGE_PAGES: &str = "HugePages";

pub const STORAGE_MEDIUM_HUGE_PAGES_PREFIX: &str = "HugePages-";

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum Protocol {
    #[k8s(rename = "TCP")]
    Tcp,
    #[k8s(rename = "UDP")]
    Udp,
    #[k8s(rename = "SCTP")]
    Sctp,
    Other(String),
}

impl Default for Protocol {
    fn default() -> Self {
        Protocol::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct GCEPersistentDiskVolumeSource {
    #[k8s(protobuf = 1)]
    pub pd_name: String,
    #[k8s(optional, protobuf = 2)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 3)]
    pub partition: i32,
    #[k8s(optional, protobuf = 4)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct QuobyteVolumeSource {
    #[k8s(protobuf = 1)]
    pub registry: String,
    #[k8s(protobuf = 2)]
    pub volume: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
    #[k8s(optional, protobuf = 4)]
    pub user: String,
    #[k8s(optional, protobuf = 5)]
    pub group: String,
    #[k8s(optional, protobuf = 6)]
    pub tenant: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct FlexPersistentVolumeSource {
    #[k8s(protobuf = 1)]
    pub driver: String,
    #[k8s(optional, protobuf = 2)]
    pub fs_type: String,
    #[k8s(protobuf = 3)]
    pub secret_ref: Option<SecretReference>,
    #[k8s(optional, protobuf = 4)]
    pub read_only: bool,
    #[k8s(optional, protobuf = 5)]
    pub options: StringMap,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct FlexVolumeSource {
    #[k8s(protobuf = 1)]
    pub driver: String,
    #[k8s(optional, protobuf = 2)]
    pub fs_type: String,
    #[k8s(protobuf = 3)]
    pub secret_ref: Option<LocalObjectReference>,
    #[k8s(optional, protobuf = 4)]
    pub read_only: bool,
    #[k8s(optional, protobuf = 5)]
    pub options: StringMap,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AWSElasticBlockStoreVolumeSource {
    #[k8s(rename = "volumeID", protobuf = 1)]
    pub volume_id: String,
    #[k8s(optional, protobuf = 2)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 3)]
    pub partition: i32,
    #[k8s(optional, protobuf = 4)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct GitRepoVolumeSource {
    #[k8s(protobuf = 1)]
    pub repository: String,
    #[k8s(optional, protobuf = 2)]
    pub revision: String,
    #[k8s(optional, protobuf = 3)]
    pub directory: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SecretVolumeSource {
    #[k8s(optional, protobuf = 1)]
    pub secret_name: String,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub items: Vec<KeyToPath>,
    #[k8s(protobuf = 3)]
    pub default_mode: Option<i32>,
    #[k8s(protobuf = 4)]
    pub optional: Option<bool>,
    #[k8s(feature_gate = "AtomicWriteVolumeUserFields", protobuf = 5)]
    pub default_user: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SecretProjection {
    #[k8s(inline, protobuf = 1)]
    pub local_object_reference: LocalObjectReference,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub items: Vec<KeyToPath>,
    #[k8s(protobuf = 4)]
    pub optional: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NFSVolumeSource {
    #[k8s(protobuf = 1)]
    pub server: String,
    #[k8s(protobuf = 2)]
    pub path: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ISCSIVolumeSource {
    #[k8s(protobuf = 1)]
    pub target_portal: String,
    #[k8s(protobuf = 2)]
    pub iqn: String,
    #[k8s(protobuf = 3)]
    pub lun: i32,
    #[k8s(optional, default = "default", protobuf = 4)]
    pub iscsi_interface: String,
    #[k8s(optional, protobuf = 5)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 6)]
    pub read_only: bool,
    #[k8s(optional, list_type = "atomic", protobuf = 7)]
    pub portals: Vec<String>,
    #[k8s(optional, protobuf = 8)]
    pub chap_auth_discovery: bool,
    #[k8s(optional, protobuf = 11)]
    pub chap_auth_session: bool,
    #[k8s(protobuf = 10)]
    pub secret_ref: Option<LocalObjectReference>,
    #[k8s(protobuf = 12)]
    pub initiator_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ISCSIPersistentVolumeSource {
    #[k8s(protobuf = 1)]
    pub target_portal: String,
    #[k8s(protobuf = 2)]
    pub iqn: String,
    #[k8s(protobuf = 3)]
    pub lun: i32,
    #[k8s(optional, default = "default", protobuf = 4)]
    pub iscsi_interface: String,
    #[k8s(optional, protobuf = 5)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 6)]
    pub read_only: bool,
    #[k8s(optional, list_type = "atomic", protobuf = 7)]
    pub portals: Vec<String>,
    #[k8s(optional, protobuf = 8)]
    pub chap_auth_discovery: bool,
    #[k8s(optional, protobuf = 11)]
    pub chap_auth_session: bool,
    #[k8s(protobuf = 10)]
    pub secret_ref: Option<SecretReference>,
    #[k8s(protobuf = 12)]
    pub initiator_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct FCVolumeSource {
    #[k8s(optional, rename = "targetWWNs", list_type = "atomic", protobuf = 1)]
    pub target_wwns: Vec<String>,
    #[k8s(protobuf = 2)]
    pub lun: Option<i32>,
    #[k8s(optional, protobuf = 3)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 4)]
    pub read_only: bool,
    #[k8s(optional, list_type = "atomic", protobuf = 5)]
    pub wwids: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AzureFileVolumeSource {
    #[k8s(protobuf = 1)]
    pub secret_name: String,
    #[k8s(protobuf = 2)]
    pub share_name: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AzureFilePersistentVolumeSource {
    #[k8s(protobuf = 1)]
    pub secret_name: String,
    #[k8s(protobuf = 2)]
    pub share_name: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
    #[k8s(presence = "null", protobuf = 4)]
    pub secret_namespace: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VsphereVirtualDiskVolumeSource {
    #[k8s(protobuf = 1)]
    pub volume_path: String,
    #[k8s(optional, protobuf = 2)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 3)]
    pub storage_policy_name: String,
    #[k8s(optional, rename = "storagePolicyID", protobuf = 4)]
    pub storage_policy_id: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PhotonPersistentDiskVolumeSource {
    #[k8s(rename = "pdID", protobuf = 1)]
    pub pd_id: String,
    #[k8s(optional, protobuf = 2)]
    pub fs_type: String,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum AzureDataDiskCachingMode {
    None,
    ReadOnly,
    ReadWrite,
    Other(String),
}

impl Default for AzureDataDiskCachingMode {
    fn default() -> Self {
        AzureDataDiskCachingMode::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum AzureDataDiskKind {
    Shared,
    Dedicated,
    Managed,
    Other(String),
}

impl Default for AzureDataDiskKind {
    fn default() -> Self {
        AzureDataDiskKind::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AzureDiskVolumeSource {
    #[k8s(protobuf = 1)]
    pub disk_name: String,
    #[k8s(rename = "diskURI", protobuf = 2)]
    pub disk_uri: String,
    #[k8s(default = "ReadWrite", protobuf = 3)]
    pub caching_mode: Option<AzureDataDiskCachingMode>,
    #[k8s(default = "ext4", protobuf = 4)]
    pub fs_type: Option<String>,
    #[k8s(default = false, protobuf = 5)]
    pub read_only: Option<bool>,
    #[k8s(default = "Shared", protobuf = 6)]
    pub kind: Option<AzureDataDiskKind>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PortworxVolumeSource {
    #[k8s(rename = "volumeID", protobuf = 1)]
    pub volume_id: String,
    #[k8s(optional, protobuf = 2)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ScaleIOVolumeSource {
    #[k8s(protobuf = 1)]
    pub gateway: String,
    #[k8s(protobuf = 2)]
    pub system: String,
    #[k8s(presence = "null", protobuf = 3)]
    pub secret_ref: Option<LocalObjectReference>,
    #[k8s(optional, protobuf = 4)]
    pub ssl_enabled: bool,
    #[k8s(optional, protobuf = 5)]
    pub protection_domain: String,
    #[k8s(optional, protobuf = 6)]
    pub storage_pool: String,
    #[k8s(optional, default = "ThinProvisioned", protobuf = 7)]
    pub storage_mode: String,
    #[k8s(optional, protobuf = 8)]
    pub volume_name: String,
    #[k8s(optional, default = "xfs", protobuf = 9)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 10)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ScaleIOPersistentVolumeSource {
    #[k8s(protobuf = 1)]
    pub gateway: String,
    #[k8s(protobuf = 2)]
    pub system: String,
    #[k8s(presence = "null", protobuf = 3)]
    pub secret_ref: Option<SecretReference>,
    #[k8s(optional, protobuf = 4)]
    pub ssl_enabled: bool,
    #[k8s(optional, protobuf = 5)]
    pub protection_domain: String,
    #[k8s(optional, protobuf = 6)]
    pub storage_pool: String,
    #[k8s(optional, default = "ThinProvisioned", protobuf = 7)]
    pub storage_mode: String,
    #[k8s(optional, protobuf = 8)]
    pub volume_name: String,
    #[k8s(optional, default = "xfs", protobuf = 9)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 10)]
    pub read_only: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct StorageOSVolumeSource {
    #[k8s(optional, protobuf = 1)]
    pub volume_name: String,
    #[k8s(optional, protobuf = 2)]
    pub volume_namespace: String,
    #[k8s(optional, protobuf = 3)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 4)]
    pub read_only: bool,
    #[k8s(protobuf = 5)]
    pub secret_ref: Option<LocalObjectReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct StorageOSPersistentVolumeSource {
    #[k8s(optional, protobuf = 1)]
    pub volume_name: String,
    #[k8s(optional, protobuf = 2)]
    pub volume_namespace: String,
    #[k8s(optional, protobuf = 3)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 4)]
    pub read_only: bool,
    #[k8s(protobuf = 5)]
    pub secret_ref: Option<ObjectReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ConfigMapVolumeSource {
    #[k8s(inline, protobuf = 1)]
    pub local_object_reference: LocalObjectReference,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub items: Vec<KeyToPath>,
    #[k8s(protobuf = 3)]
    pub default_mode: Option<i32>,
    #[k8s(protobuf = 4)]
    pub optional: Option<bool>,
    #[k8s(feature_gate = "AtomicWriteVolumeUserFields", protobuf = 5)]
    pub default_user: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ConfigMapProjection {
    #[k8s(inline, protobuf = 1)]
    pub local_object_reference: LocalObjectReference,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub items: Vec<KeyToPath>,
    #[k8s(protobuf = 4)]
    pub optional: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceAccountTokenProjection {
    #[k8s(optional, protobuf = 1)]
    pub audience: String,
    #[k8s(protobuf = 2)]
    pub expiration_seconds: Option<i64>,
    #[k8s(protobuf = 3)]
    pub path: String,
    #[k8s(feature_gate = "AtomicWriteVolumeUserFields", protobuf = 4)]
    pub user: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ClusterTrustBundleProjection {
    #[k8s(protobuf = 1)]
    pub name: Option<String>,
    #[k8s(protobuf = 2)]
    pub signer_name: Option<String>,
    #[k8s(protobuf = 3)]
    pub label_selector: Option<LabelSelector>,
    #[k8s(protobuf = 5)]
    pub optional: Option<bool>,
    #[k8s(protobuf = 4)]
    pub path: String,
    #[k8s(feature_gate = "AtomicWriteVolumeUserFields", protobuf = 6)]
    pub user: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodCertificateProjection {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub signer_name: String,
    #[k8s(required, presence = "omit_empty", protobuf = 2)]
    pub key_type: String,
    #[k8s(protobuf = 3)]
    pub max_expiration_seconds: Option<i32>,
    #[k8s(optional, protobuf = 4)]
    pub credential_bundle_path: String,
    #[k8s(optional, protobuf = 5)]
    pub key_path: String,
    #[k8s(optional, protobuf = 6)]
    pub certificate_chain_path: String,
    #[k8s(optional, protobuf = 7)]
    pub user_annotations: StringMap,
    #[k8s(feature_gate = "AtomicWriteVolumeUserFields", protobuf = 8)]
    pub user: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ProjectedVolumeSource {
    #[k8s(optional, presence = "null", list_type = "atomic", protobuf = 1)]
    pub sources: Vec<VolumeProjection>,
    #[k8s(protobuf = 2)]
    pub default_mode: Option<i32>,
    #[k8s(feature_gate = "AtomicWriteVolumeUserFields", protobuf = 3)]
    pub default_user: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeProjection {
    #[k8s(protobuf = 1)]
    pub secret: Option<SecretProjection>,
    #[k8s(rename = "downwardAPI", protobuf = 2)]
    pub downward_api: Option<DownwardAPIProjection>,
    #[k8s(protobuf = 3)]
    pub config_map: Option<ConfigMapProjection>,
    #[k8s(protobuf = 4)]
    pub service_account_token: Option<ServiceAccountTokenProjection>,
    #[k8s(feature_gate = "ClusterTrustBundleProjection", protobuf = 5)]
    pub cluster_trust_bundle: Option<ClusterTrustBundleProjection>,
    #[k8s(feature_gate = "PodCertificateProjection", protobuf = 6)]
    pub pod_certificate: Option<PodCertificateProjection>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct KeyToPath {
    #[k8s(protobuf = 1)]
    pub key: String,
    #[k8s(protobuf = 2)]
    pub path: String,
    #[k8s(protobuf = 3)]
    pub mode: Option<i32>,
    #[k8s(feature_gate = "AtomicWriteVolumeUserFields", protobuf = 4)]
    pub user: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LocalVolumeSource {
    #[k8s(protobuf = 1)]
    pub path: String,
    #[k8s(protobuf = 2)]
    pub fs_type: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CSIPersistentVolumeSource {
    #[k8s(protobuf = 1)]
    pub driver: String,
    #[k8s(protobuf = 2)]
    pub volume_handle: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
    #[k8s(optional, protobuf = 4)]
    pub fs_type: String,
    #[k8s(optional, protobuf = 5)]
    pub volume_attributes: StringMap,
    #[k8s(protobuf = 6)]
    pub controller_publish_secret_ref: Option<SecretReference>,
    #[k8s(protobuf = 7)]
    pub node_stage_secret_ref: Option<SecretReference>,
    #[k8s(protobuf = 8)]
    pub node_publish_secret_ref: Option<SecretReference>,
    #[k8s(protobuf = 9)]
    pub controller_expand_secret_ref: Option<SecretReference>,
    #[k8s(protobuf = 10)]
    pub node_expand_secret_ref: Option<SecretReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct CSIVolumeSource {
    #[k8s(protobuf = 1)]
    pub driver: String,
    #[k8s(protobuf = 2)]
    pub read_only: Option<bool>,
    #[k8s(protobuf = 3)]
    pub fs_type: Option<String>,
    #[k8s(optional, protobuf = 4)]
    pub volume_attributes: StringMap,
    #[k8s(protobuf = 5)]
    pub node_publish_secret_ref: Option<LocalObjectReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EphemeralVolumeSource {
    #[k8s(protobuf = 1)]
    pub volume_claim_template: Option<PersistentVolumeClaimTemplate>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PersistentVolumeClaimTemplate {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub spec: PersistentVolumeClaimSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(defaults_hook)]
pub struct ContainerPort {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub host_port: i32,
    #[k8s(protobuf = 3)]
    pub container_port: i32,
    #[k8s(optional, default = "TCP", protobuf = 4)]
    pub protocol: Protocol,
    #[k8s(optional, rename = "hostIP", protobuf = 5)]
    pub host_ip: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeMount {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub read_only: bool,
    #[k8s(protobuf = 7)]
    pub recursive_read_only: Option<String>,
    #[k8s(protobuf = 3)]
    pub mount_path: String,
    #[k8s(optional, protobuf = 4)]
    pub sub_path: String,
    #[k8s(protobuf = 5)]
    pub mount_propagation: Option<MountPropagationMode>,
    #[k8s(optional, protobuf = 6)]
    pub sub_path_expr: String,
    #[k8s(
        optional,
        feature_gate = "VolumeBindMountOptions",
        list_type = "set",
        protobuf = 8
    )]
    pub bind_mount_options: Vec<String>,
}

pub const BIND_MOUNT_OPTION_NO_EXEC: &str = "noexec";

pub const BIND_MOUNT_OPTION_NO_DEV: &str = "nodev";

pub const BIND_MOUNT_OPTION_NO_SUID: &str = "nosuid";

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum MountPropagationMode {
    None,
    HostToContainer,
    Bidirectional,
    Other(String),
}

impl Default for MountPropagationMode {
    fn default() -> Self {
        MountPropagationMode::Other(String::new())
    }
}

pub const RECURSIVE_READ_ONLY_DISABLED: &str = "Disabled";

pub const RECURSIVE_READ_ONLY_IF_POSSIBLE: &str = "IfPossible";

pub const RECURSIVE_READ_ONLY_ENABLED: &str = "Enabled";

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeDevice {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub device_path: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EnvVar {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub value: String,
    #[k8s(protobuf = 3)]
    pub value_from: Option<EnvVarSource>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EnvVarSource {
    #[k8s(protobuf = 1)]
    pub field_ref: Option<ObjectFieldSelector>,
    #[k8s(protobuf = 2)]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    #[k8s(protobuf = 3)]
    pub config_map_key_ref: Option<ConfigMapKeySelector>,
    #[k8s(protobuf = 4)]
    pub secret_key_ref: Option<SecretKeySelector>,
    #[k8s(feature_gate = "EnvFiles", protobuf = 5)]
    pub file_key_ref: Option<FileKeySelector>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct FileKeySelector {
    #[k8s(required, protobuf = 1)]
    pub volume_name: String,
    #[k8s(required, protobuf = 2)]
    pub path: String,
    #[k8s(required, protobuf = 3)]
    pub key: String,
    #[k8s(default = false, protobuf = 4)]
    pub optional: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct ObjectFieldSelector {
    #[k8s(optional, protobuf = 1)]
    pub api_version: String,
    #[k8s(protobuf = 2)]
    pub field_path: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct ResourceFieldSelector {
    #[k8s(optional, protobuf = 1)]
    pub container_name: String,
    #[k8s(protobuf = 2)]
    pub resource: String,
    #[k8s(optional, protobuf = 3)]
    pub divisor: Quantity,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct ConfigMapKeySelector {
    #[k8s(inline, protobuf = 1)]
    pub local_object_reference: LocalObjectReference,
    #[k8s(protobuf = 2)]
    pub key: String,
    #[k8s(protobuf = 3)]
    pub optional: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct SecretKeySelector {
    #[k8s(inline, protobuf = 1)]
    pub local_object_reference: LocalObjectReference,
    #[k8s(protobuf = 2)]
    pub key: String,
    #[k8s(protobuf = 3)]
    pub optional: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EnvFromSource {
    #[k8s(optional, protobuf = 1)]
    pub prefix: String,
    #[k8s(protobuf = 2)]
    pub config_map_ref: Option<ConfigMapEnvSource>,
    #[k8s(protobuf = 3)]
    pub secret_ref: Option<SecretEnvSource>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ConfigMapEnvSource {
    #[k8s(inline, protobuf = 1)]
    pub local_object_reference: LocalObjectReference,
    #[k8s(protobuf = 2)]
    pub optional: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SecretEnvSource {
    #[k8s(inline, protobuf = 1)]
    pub local_object_reference: LocalObjectReference,
    #[k8s(protobuf = 2)]
    pub optional: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HTTPHeader {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub value: String,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum HTTPProtocol {
    #[k8s(rename = "HTTP1")]
    Http1,
    #[k8s(rename = "HTTP2")]
    Http2,
    Other(String),
}

impl Default for HTTPProtocol {
    fn default() -> Self {
        HTTPProtocol::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HTTPGetAction {
    #[k8s(optional, protobuf = 1)]
    pub path: String,
    #[k8s(protobuf = 2)]
    pub port: IntOrString,
    #[k8s(optional, protobuf = 3)]
    pub host: String,
    #[k8s(optional, protobuf = 4)]
    pub scheme: URIScheme,
    #[k8s(optional, list_type = "atomic", protobuf = 5)]
    pub http_headers: Vec<HTTPHeader>,
    #[k8s(feature_gate = "H2CContainerProbe", protobuf = 6)]
    pub protocol: Option<HTTPProtocol>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum URIScheme {
    #[k8s(rename = "HTTP")]
    Http,
    #[k8s(rename = "HTTPS")]
    Https,
    Other(String),
}

impl Default for URIScheme {
    fn default() -> Self {
        URIScheme::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TCPSocketAction {
    #[k8s(protobuf = 1)]
    pub port: IntOrString,
    #[k8s(optional, protobuf = 2)]
    pub host: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct GRPCAction {
    #[k8s(protobuf = 1)]
    pub port: i32,
    #[k8s(presence = "null", default = "", protobuf = 2)]
    pub service: Option<String>,
    #[k8s(feature_gate = "GRPCContainerProbeTLS", protobuf = 3)]
    pub mode: Option<GRPCProbeMode>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum GRPCProbeMode {
    Plaintext,
    #[k8s(rename = "TLS")]
    Tls,
    Other(String),
}

impl Default for GRPCProbeMode {
    fn default() -> Self {
        GRPCProbeMode::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ExecAction {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub command: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SleepAction {
    #[k8s(protobuf = 1)]
    pub seconds: i64,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Probe {
    #[k8s(inline, protobuf = 1, protobuf_name = "handler")]
    pub probe_handler: ProbeHandler,
    #[k8s(optional, protobuf = 2)]
    pub initial_delay_seconds: i32,
    #[k8s(optional, protobuf = 3)]
    pub timeout_seconds: i32,
    #[k8s(optional, protobuf = 4)]
    pub period_seconds: i32,
    #[k8s(optional, protobuf = 5)]
    pub success_threshold: i32,
    #[k8s(optional, protobuf = 6)]
    pub failure_threshold: i32,
    #[k8s(protobuf = 7)]
    pub termination_grace_period_seconds: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PullPolicy {
    Always,
    Never,
    IfNotPresent,
    Other(String),
}

impl Default for PullPolicy {
    fn default() -> Self {
        PullPolicy::Other(String::new())
    }
}

pub const NOT_REQUIRED: &str = "NotRequired";

pub const RESTART_CONTAINER: &str = "RestartContainer";

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerResizePolicy {
    #[k8s(protobuf = 1)]
    pub resource_name: String,
    #[k8s(protobuf = 2)]
    pub restart_policy: String,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PreemptionPolicy {
    PreemptLowerPriority,
    Never,
    Other(String),
}

impl Default for PreemptionPolicy {
    fn default() -> Self {
        PreemptionPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum TerminationMessagePolicy {
    File,
    FallbackToLogsOnError,
    Other(String),
}

impl Default for TerminationMessagePolicy {
    fn default() -> Self {
        TerminationMessagePolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Capabilities {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub add: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub drop: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceRequirements {
    #[k8s(optional, protobuf = 1)]
    pub limits: BTreeMap<String, Quantity>,
    #[k8s(optional, protobuf = 2)]
    pub requests: BTreeMap<String, Quantity>,
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "name",
        feature_gate = "DynamicResourceAllocation",
        protobuf = 3
    )]
    pub claims: Vec<ResourceClaim>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeResourceRequirements {
    #[k8s(optional, protobuf = 1)]
    pub limits: BTreeMap<String, Quantity>,
    #[k8s(optional, protobuf = 2)]
    pub requests: BTreeMap<String, Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceClaim {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub request: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(defaults_hook)]
pub struct Container {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub image: String,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub command: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub args: Vec<String>,
    #[k8s(optional, protobuf = 5)]
    pub working_dir: String,
    #[k8s(
        optional,
        patch_merge_key = "containerPort",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "containerPort",
        list_map_key = "protocol",
        protobuf = 6
    )]
    pub ports: Vec<ContainerPort>,
    #[k8s(optional, list_type = "atomic", protobuf = 19)]
    pub env_from: Vec<EnvFromSource>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 7
    )]
    pub env: Vec<EnvVar>,
    #[k8s(optional, protobuf = 8)]
    pub resources: ResourceRequirements,
    #[k8s(
        optional,
        feature_gate = "InPlacePodVerticalScaling",
        list_type = "atomic",
        protobuf = 23
    )]
    pub resize_policy: Vec<ContainerResizePolicy>,
    #[k8s(protobuf = 24)]
    pub restart_policy: Option<String>,
    #[k8s(
        optional,
        feature_gate = "ContainerRestartRules",
        list_type = "atomic",
        protobuf = 25
    )]
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    #[k8s(
        optional,
        patch_merge_key = "mountPath",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "mountPath",
        protobuf = 9
    )]
    pub volume_mounts: Vec<VolumeMount>,
    #[k8s(
        optional,
        patch_merge_key = "devicePath",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "devicePath",
        protobuf = 21
    )]
    pub volume_devices: Vec<VolumeDevice>,
    #[k8s(protobuf = 10)]
    pub liveness_probe: Option<Probe>,
    #[k8s(protobuf = 11)]
    pub readiness_probe: Option<Probe>,
    #[k8s(protobuf = 22)]
    pub startup_probe: Option<Probe>,
    #[k8s(protobuf = 12)]
    pub lifecycle: Option<Lifecycle>,
    #[k8s(optional, protobuf = 13)]
    pub termination_message_path: String,
    #[k8s(optional, protobuf = 20)]
    pub termination_message_policy: TerminationMessagePolicy,
    #[k8s(optional, protobuf = 14)]
    pub image_pull_policy: PullPolicy,
    #[k8s(protobuf = 15)]
    pub security_context: Option<SecurityContext>,
    #[k8s(optional, protobuf = 16)]
    pub stdin: bool,
    #[k8s(optional, protobuf = 17)]
    pub stdin_once: bool,
    #[k8s(optional, protobuf = 18)]
    pub tty: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ProbeHandler {
    #[k8s(protobuf = 1)]
    pub exec: Option<ExecAction>,
    #[k8s(protobuf = 2)]
    pub http_get: Option<HTTPGetAction>,
    #[k8s(protobuf = 3)]
    pub tcp_socket: Option<TCPSocketAction>,
    #[k8s(protobuf = 4)]
    pub grpc: Option<GRPCAction>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LifecycleHandler {
    #[k8s(protobuf = 1)]
    pub exec: Option<ExecAction>,
    #[k8s(protobuf = 2)]
    pub http_get: Option<HTTPGetAction>,
    #[k8s(protobuf = 3)]
    pub tcp_socket: Option<TCPSocketAction>,
    #[k8s(protobuf = 4)]
    pub sleep: Option<SleepAction>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum Signal {
    #[k8s(rename = "SIGABRT")]
    Sigabrt,
    #[k8s(rename = "SIGALRM")]
    Sigalrm,
    #[k8s(rename = "SIGBUS")]
    Sigbus,
    #[k8s(rename = "SIGCHLD")]
    Sigchld,
    #[k8s(rename = "SIGCLD")]
    Sigcld,
    #[k8s(rename = "SIGCONT")]
    Sigcont,
    #[k8s(rename = "SIGFPE")]
    Sigfpe,
    #[k8s(rename = "SIGHUP")]
    Sighup,
    #[k8s(rename = "SIGILL")]
    Sigill,
    #[k8s(rename = "SIGINT")]
    Sigint,
    #[k8s(rename = "SIGIO")]
    Sigio,
    #[k8s(rename = "SIGIOT")]
    Sigiot,
    #[k8s(rename = "SIGKILL")]
    Sigkill,
    #[k8s(rename = "SIGPIPE")]
    Sigpipe,
    #[k8s(rename = "SIGPOLL")]
    Sigpoll,
    #[k8s(rename = "SIGPROF")]
    Sigprof,
    #[k8s(rename = "SIGPWR")]
    Sigpwr,
    #[k8s(rename = "SIGQUIT")]
    Sigquit,
    #[k8s(rename = "SIGSEGV")]
    Sigsegv,
    #[k8s(rename = "SIGSTKFLT")]
    Sigstkflt,
    #[k8s(rename = "SIGSTOP")]
    Sigstop,
    #[k8s(rename = "SIGSYS")]
    Sigsys,
    #[k8s(rename = "SIGTERM")]
    Sigterm,
    #[k8s(rename = "SIGTRAP")]
    Sigtrap,
    #[k8s(rename = "SIGTSTP")]
    Sigtstp,
    #[k8s(rename = "SIGTTIN")]
    Sigttin,
    #[k8s(rename = "SIGTTOU")]
    Sigttou,
    #[k8s(rename = "SIGURG")]
    Sigurg,
    #[k8s(rename = "SIGUSR1")]
    Sigusr1,
    #[k8s(rename = "SIGUSR2")]
    Sigusr2,
    #[k8s(rename = "SIGVTALRM")]
    Sigvtalrm,
    #[k8s(rename = "SIGWINCH")]
    Sigwinch,
    #[k8s(rename = "SIGXCPU")]
    Sigxcpu,
    #[k8s(rename = "SIGXFSZ")]
    Sigxfsz,
    #[k8s(rename = "SIGRTMIN")]
    Sigrtmin,
    #[k8s(rename = "SIGRTMIN+1")]
    Sigrtmin1,
    #[k8s(rename = "SIGRTMIN+2")]
    Sigrtmin2,
    #[k8s(rename = "SIGRTMIN+3")]
    Sigrtmin3,
    #[k8s(rename = "SIGRTMIN+4")]
    Sigrtmin4,
    #[k8s(rename = "SIGRTMIN+5")]
    Sigrtmin5,
    #[k8s(rename = "SIGRTMIN+6")]
    Sigrtmin6,
    #[k8s(rename = "SIGRTMIN+7")]
    Sigrtmin7,
    #[k8s(rename = "SIGRTMIN+8")]
    Sigrtmin8,
    #[k8s(rename = "SIGRTMIN+9")]
    Sigrtmin9,
    #[k8s(rename = "SIGRTMIN+10")]
    Sigrtmin10,
    #[k8s(rename = "SIGRTMIN+11")]
    Sigrtmin11,
    #[k8s(rename = "SIGRTMIN+12")]
    Sigrtmin12,
    #[k8s(rename = "SIGRTMIN+13")]
    Sigrtmin13,
    #[k8s(rename = "SIGRTMIN+14")]
    Sigrtmin14,
    #[k8s(rename = "SIGRTMIN+15")]
    Sigrtmin15,
    #[k8s(rename = "SIGRTMAX-14")]
    Sigrtmax14,
    #[k8s(rename = "SIGRTMAX-13")]
    Sigrtmax13,
    #[k8s(rename = "SIGRTMAX-12")]
    Sigrtmax12,
    #[k8s(rename = "SIGRTMAX-11")]
    Sigrtmax11,
    #[k8s(rename = "SIGRTMAX-10")]
    Sigrtmax10,
    #[k8s(rename = "SIGRTMAX-9")]
    Sigrtmax9,
    #[k8s(rename = "SIGRTMAX-8")]
    Sigrtmax8,
    #[k8s(rename = "SIGRTMAX-7")]
    Sigrtmax7,
    #[k8s(rename = "SIGRTMAX-6")]
    Sigrtmax6,
    #[k8s(rename = "SIGRTMAX-5")]
    Sigrtmax5,
    #[k8s(rename = "SIGRTMAX-4")]
    Sigrtmax4,
    #[k8s(rename = "SIGRTMAX-3")]
    Sigrtmax3,
    #[k8s(rename = "SIGRTMAX-2")]
    Sigrtmax2,
    #[k8s(rename = "SIGRTMAX-1")]
    Sigrtmax1,
    #[k8s(rename = "SIGRTMAX")]
    Sigrtmax,
    Other(String),
}

impl Default for Signal {
    fn default() -> Self {
        Signal::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Lifecycle {
    #[k8s(protobuf = 1)]
    pub post_start: Option<LifecycleHandler>,
    #[k8s(protobuf = 2)]
    pub pre_stop: Option<LifecycleHandler>,
    #[k8s(protobuf = 3)]
    pub stop_signal: Option<Signal>,
}

pub const CONDITION_TRUE: &str = "True";

pub const CONDITION_FALSE: &str = "False";

pub const CONDITION_UNKNOWN: &str = "Unknown";

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerStateWaiting {
    #[k8s(optional, protobuf = 1)]
    pub reason: String,
    #[k8s(optional, protobuf = 2)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerStateRunning {
    #[k8s(optional, protobuf = 1)]
    pub started_at: Time,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerStateTerminated {
    #[k8s(protobuf = 1)]
    pub exit_code: i32,
    #[k8s(optional, protobuf = 2)]
    pub signal: i32,
    #[k8s(optional, protobuf = 3)]
    pub reason: String,
    #[k8s(optional, protobuf = 4)]
    pub message: String,
    #[k8s(optional, protobuf = 5)]
    pub started_at: Time,
    #[k8s(optional, protobuf = 6)]
    pub finished_at: Time,
    #[k8s(optional, rename = "containerID", protobuf = 7)]
    pub container_id: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerState {
    #[k8s(protobuf = 1)]
    pub waiting: Option<ContainerStateWaiting>,
    #[k8s(protobuf = 2)]
    pub running: Option<ContainerStateRunning>,
    #[k8s(protobuf = 3)]
    pub terminated: Option<ContainerStateTerminated>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerStatus {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub state: ContainerState,
    #[k8s(optional, protobuf = 3)]
    pub last_state: ContainerState,
    #[k8s(protobuf = 4)]
    pub ready: bool,
    #[k8s(protobuf = 5)]
    pub restart_count: i32,
    #[k8s(protobuf = 6)]
    pub image: String,
    #[k8s(rename = "imageID", protobuf = 7)]
    pub image_id: String,
    #[k8s(optional, rename = "containerID", protobuf = 8)]
    pub container_id: String,
    #[k8s(protobuf = 9)]
    pub started: Option<bool>,
    #[k8s(optional, protobuf = 10)]
    pub allocated_resources: BTreeMap<String, Quantity>,
    #[k8s(feature_gate = "InPlacePodVerticalScaling", protobuf = 11)]
    pub resources: Option<ResourceRequirements>,
    #[k8s(
        optional,
        patch_merge_key = "mountPath",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "mountPath",
        protobuf = 12
    )]
    pub volume_mounts: Vec<VolumeMountStatus>,
    #[k8s(feature_gate = "SupplementalGroupsPolicy", protobuf = 13)]
    pub user: Option<ContainerUser>,
    #[k8s(
        optional,
        feature_gate = "ResourceHealthStatus",
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 14
    )]
    pub allocated_resources_status: Vec<ResourceStatus>,
    #[k8s(feature_gate = "ContainerStopSignals", protobuf = 15)]
    pub stop_signal: Option<Signal>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceStatus {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(optional, list_type = "map", list_map_key = "resourceID", protobuf = 2)]
    pub resources: Vec<ResourceHealth>,
}

pub const RESOURCE_HEALTH_STATUS_HEALTHY: &str = "Healthy";

pub const RESOURCE_HEALTH_STATUS_UNHEALTHY: &str = "Unhealthy";

pub const RESOURCE_HEALTH_STATUS_UNKNOWN: &str = "Unknown";

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceHealth {
    #[k8s(rename = "resourceID", protobuf = 1)]
    pub resource_id: String,
    #[k8s(optional, protobuf = 2)]
    pub health: String,
    #[k8s(feature_gate = "ResourceHealthStatusMessage", protobuf = 6)]
    pub message: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerUser {
    #[k8s(protobuf = 1)]
    pub linux: Option<LinuxContainerUser>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LinuxContainerUser {
    #[k8s(protobuf = 1)]
    pub uid: i64,
    #[k8s(protobuf = 2)]
    pub gid: i64,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub supplemental_groups: Vec<i64>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PodPhase {
    Pending,
    Running,
    Succeeded,
    Failed,
    Unknown,
    Other(String),
}

impl Default for PodPhase {
    fn default() -> Self {
        PodPhase::Other(String::new())
    }
}

pub const CONTAINERS_READY: &str = "ContainersReady";

pub const POD_INITIALIZED: &str = "Initialized";

pub const POD_READY: &str = "Ready";

pub const POD_SCHEDULED: &str = "PodScheduled";

pub const DISRUPTION_TARGET: &str = "DisruptionTarget";

pub const POD_READY_TO_START_CONTAINERS: &str = "PodReadyToStartContainers";

pub const POD_RESIZE_PENDING: &str = "PodResizePending";

pub const POD_RESIZE_IN_PROGRESS: &str = "PodResizeInProgress";

pub const ALL_CONTAINERS_RESTARTING: &str = "AllContainersRestarting";

#[derive(ApiType, Debug, PartialEq)]
pub struct PodCondition {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(optional, protobuf = 7)]
    pub observed_generation: i64,
    #[k8s(protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_probe_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 5)]
    pub reason: String,
    #[k8s(optional, protobuf = 6)]
    pub message: String,
}

pub const POD_RESIZE_STATUS_IN_PROGRESS: &str = "InProgress";

pub const POD_RESIZE_STATUS_DEFERRED: &str = "Deferred";

pub const POD_RESIZE_STATUS_INFEASIBLE: &str = "Infeasible";

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeMountStatus {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub mount_path: String,
    #[k8s(optional, protobuf = 3)]
    pub read_only: bool,
    #[k8s(protobuf = 4)]
    pub recursive_read_only: Option<String>,
    #[k8s(protobuf = 5)]
    pub volume_status: Option<VolumeStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct VolumeStatus {
    #[k8s(feature_gate = "ImageVolumeWithDigest", protobuf = 1)]
    pub image: Option<ImageVolumeStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ImageVolumeStatus {
    #[k8s(required, presence = "omit_empty", max_length = 256, protobuf = 1)]
    pub image_ref: String,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum RestartPolicy {
    Always,
    OnFailure,
    Never,
    Other(String),
}

impl Default for RestartPolicy {
    fn default() -> Self {
        RestartPolicy::Other(String::new())
    }
}

pub const CONTAINER_RESTART_POLICY_ALWAYS: &str = "Always";

pub const CONTAINER_RESTART_POLICY_NEVER: &str = "Never";

pub const CONTAINER_RESTART_POLICY_ON_FAILURE: &str = "OnFailure";

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerRestartRule {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub action: String,
    #[k8s(protobuf = 2)]
    pub exit_codes: Option<ContainerRestartRuleOnExitCodes>,
}

pub const CONTAINER_RESTART_RULE_ACTION_RESTART: &str = "Restart";

pub const CONTAINER_RESTART_RULE_ACTION_RESTART_ALL_CONTAINERS: &str = "RestartAllContainers";

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerRestartRuleOnExitCodes {
    #[k8s(required, presence = "omit_empty", protobuf = 1)]
    pub operator: String,
    #[k8s(optional, list_type = "set", protobuf = 2)]
    pub values: Vec<i32>,
}

pub const CONTAINER_RESTART_RULE_ON_EXIT_CODES_OP_IN: &str = "In";

pub const CONTAINER_RESTART_RULE_ON_EXIT_CODES_OP_NOT_IN: &str = "NotIn";

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum DNSPolicy {
    ClusterFirstWithHostNet,
    ClusterFirst,
    Default,
    None,
    Other(String),
}

impl Default for DNSPolicy {
    fn default() -> Self {
        DNSPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct NodeSelector {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub node_selector_terms: Vec<NodeSelectorTerm>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct NodeSelectorTerm {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub match_expressions: Vec<NodeSelectorRequirement>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub match_fields: Vec<NodeSelectorRequirement>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeSelectorRequirement {
    #[k8s(protobuf = 1)]
    pub key: String,
    #[k8s(protobuf = 2)]
    pub operator: NodeSelectorOperator,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub values: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum NodeSelectorOperator {
    In,
    NotIn,
    Exists,
    DoesNotExist,
    Gt,
    Lt,
    Other(String),
}

impl Default for NodeSelectorOperator {
    fn default() -> Self {
        NodeSelectorOperator::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct TopologySelectorTerm {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub match_label_expressions: Vec<TopologySelectorLabelRequirement>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TopologySelectorLabelRequirement {
    #[k8s(protobuf = 1)]
    pub key: String,
    #[k8s(presence = "null", list_type = "atomic", protobuf = 2)]
    pub values: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Affinity {
    #[k8s(protobuf = 1)]
    pub node_affinity: Option<NodeAffinity>,
    #[k8s(protobuf = 2)]
    pub pod_affinity: Option<PodAffinity>,
    #[k8s(protobuf = 3)]
    pub pod_anti_affinity: Option<PodAntiAffinity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodAffinity {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodAntiAffinity {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WeightedPodAffinityTerm {
    #[k8s(protobuf = 1)]
    pub weight: i32,
    #[k8s(protobuf = 2)]
    pub pod_affinity_term: PodAffinityTerm,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodAffinityTerm {
    #[k8s(protobuf = 1)]
    pub label_selector: Option<LabelSelector>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub namespaces: Vec<String>,
    #[k8s(protobuf = 3)]
    pub topology_key: String,
    #[k8s(protobuf = 4)]
    pub namespace_selector: Option<LabelSelector>,
    #[k8s(optional, list_type = "atomic", protobuf = 5)]
    pub match_label_keys: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 6)]
    pub mismatch_label_keys: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeAffinity {
    #[k8s(protobuf = 1)]
    pub required_during_scheduling_ignored_during_execution: Option<NodeSelector>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub preferred_during_scheduling_ignored_during_execution: Vec<PreferredSchedulingTerm>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PreferredSchedulingTerm {
    #[k8s(protobuf = 1)]
    pub weight: i32,
    #[k8s(protobuf = 2)]
    pub preference: NodeSelectorTerm,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Taint {
    #[k8s(protobuf = 1)]
    pub key: String,
    #[k8s(optional, protobuf = 2)]
    pub value: String,
    #[k8s(protobuf = 3)]
    pub effect: TaintEffect,
    #[k8s(protobuf = 4)]
    pub time_added: Option<Time>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum TaintEffect {
    NoSchedule,
    PreferNoSchedule,
    NoExecute,
    Other(String),
}

impl Default for TaintEffect {
    fn default() -> Self {
        TaintEffect::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Toleration {
    #[k8s(optional, protobuf = 1)]
    pub key: String,
    #[k8s(optional, protobuf = 2)]
    pub operator: TolerationOperator,
    #[k8s(optional, protobuf = 3)]
    pub value: String,
    #[k8s(optional, protobuf = 4)]
    pub effect: TaintEffect,
    #[k8s(protobuf = 5)]
    pub toleration_seconds: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum TolerationOperator {
    Exists,
    Equal,
    Lt,
    Gt,
    Other(String),
}

impl Default for TolerationOperator {
    fn default() -> Self {
        TolerationOperator::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodReadinessGate {
    #[k8s(protobuf = 1)]
    pub condition_type: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(defaults_hook)]
pub struct PodSpec {
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge,retainKeys",
        list_type = "map",
        list_map_key = "name",
        protobuf = 1
    )]
    pub volumes: Vec<Volume>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 20
    )]
    pub init_containers: Vec<Container>,
    #[k8s(
        presence = "null",
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 2
    )]
    pub containers: Vec<Container>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 34
    )]
    pub ephemeral_containers: Vec<EphemeralContainer>,
    #[k8s(optional, protobuf = 3)]
    pub restart_policy: RestartPolicy,
    #[k8s(protobuf = 4)]
    pub termination_grace_period_seconds: Option<i64>,
    #[k8s(protobuf = 5)]
    pub active_deadline_seconds: Option<i64>,
    #[k8s(optional, protobuf = 6)]
    pub dns_policy: DNSPolicy,
    #[k8s(optional, map_type = "atomic", protobuf = 7)]
    pub node_selector: StringMap,
    #[k8s(optional, protobuf = 8)]
    pub service_account_name: String,
    #[k8s(optional, protobuf = 9)]
    pub service_account: String,
    #[k8s(protobuf = 21)]
    pub automount_service_account_token: Option<bool>,
    #[k8s(optional, protobuf = 10)]
    pub node_name: String,
    #[k8s(optional, protobuf = 11)]
    pub host_network: bool,
    #[k8s(optional, rename = "hostPID", protobuf = 12)]
    pub host_pid: bool,
    #[k8s(optional, rename = "hostIPC", protobuf = 13)]
    pub host_ipc: bool,
    #[k8s(protobuf = 27)]
    pub share_process_namespace: Option<bool>,
    #[k8s(protobuf = 14)]
    pub security_context: Option<PodSecurityContext>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 15
    )]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    #[k8s(optional, protobuf = 16)]
    pub hostname: String,
    #[k8s(optional, protobuf = 17)]
    pub subdomain: String,
    #[k8s(protobuf = 18)]
    pub affinity: Option<Affinity>,
    #[k8s(optional, protobuf = 19)]
    pub scheduler_name: String,
    #[k8s(optional, list_type = "atomic", protobuf = 22)]
    pub tolerations: Vec<Toleration>,
    #[k8s(
        optional,
        patch_merge_key = "ip",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "ip",
        protobuf = 23
    )]
    pub host_aliases: Vec<HostAlias>,
    #[k8s(optional, protobuf = 24)]
    pub priority_class_name: String,
    #[k8s(protobuf = 25)]
    pub priority: Option<i32>,
    #[k8s(protobuf = 26)]
    pub dns_config: Option<PodDNSConfig>,
    #[k8s(optional, list_type = "atomic", protobuf = 28)]
    pub readiness_gates: Vec<PodReadinessGate>,
    #[k8s(protobuf = 29)]
    pub runtime_class_name: Option<String>,
    #[k8s(protobuf = 30)]
    pub enable_service_links: Option<bool>,
    #[k8s(protobuf = 31)]
    pub preemption_policy: Option<PreemptionPolicy>,
    #[k8s(optional, protobuf = 32)]
    pub overhead: BTreeMap<String, Quantity>,
    #[k8s(
        optional,
        patch_merge_key = "topologyKey",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "topologyKey",
        list_map_key = "whenUnsatisfiable",
        protobuf = 33
    )]
    pub topology_spread_constraints: Vec<TopologySpreadConstraint>,
    #[k8s(rename = "setHostnameAsFQDN", protobuf = 35)]
    pub set_hostname_as_fqdn: Option<bool>,
    #[k8s(protobuf = 36)]
    pub os: Option<PodOS>,
    #[k8s(protobuf = 37)]
    pub host_users: Option<bool>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 38
    )]
    pub scheduling_gates: Vec<PodSchedulingGate>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge,retainKeys",
        list_type = "map",
        list_map_key = "name",
        feature_gate = "DynamicResourceAllocation",
        protobuf = 39
    )]
    pub resource_claims: Vec<PodResourceClaim>,
    #[k8s(feature_gate = "PodLevelResources", protobuf = 40)]
    pub resources: Option<ResourceRequirements>,
    #[k8s(feature_gate = "HostnameOverride", protobuf = 41)]
    pub hostname_override: Option<String>,
    #[k8s(feature_gate = "GenericWorkload", protobuf = 43)]
    pub scheduling_group: Option<PodSchedulingGroup>,
    #[k8s(
        optional,
        feature_gate = "EvictionRequestAPI",
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        max_items = 10,
        protobuf = 44
    )]
    pub eviction_responders: Vec<EvictionResponder>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodResourceClaim {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 3)]
    pub resource_claim_name: Option<String>,
    #[k8s(protobuf = 4)]
    pub resource_claim_template_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodResourceClaimStatus {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub resource_claim_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodExtendedResourceClaimStatus {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub request_mappings: Vec<ContainerExtendedResourceRequest>,
    #[k8s(protobuf = 2)]
    pub resource_claim_name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerExtendedResourceRequest {
    #[k8s(protobuf = 1)]
    pub container_name: String,
    #[k8s(protobuf = 2)]
    pub resource_name: String,
    #[k8s(protobuf = 3)]
    pub request_name: String,
}

pub const LINUX: &str = "linux";

pub const WINDOWS: &str = "windows";

#[derive(ApiType, Debug, PartialEq)]
pub struct PodOS {
    #[k8s(protobuf = 1)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodSchedulingGate {
    #[k8s(protobuf = 1)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodSchedulingGroup {
    #[k8s(protobuf = 1)]
    pub pod_group_name: Option<String>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum UnsatisfiableConstraintAction {
    DoNotSchedule,
    ScheduleAnyway,
    Other(String),
}

impl Default for UnsatisfiableConstraintAction {
    fn default() -> Self {
        UnsatisfiableConstraintAction::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum NodeInclusionPolicy {
    Ignore,
    Honor,
    Other(String),
}

impl Default for NodeInclusionPolicy {
    fn default() -> Self {
        NodeInclusionPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct TopologySpreadConstraint {
    #[k8s(protobuf = 1)]
    pub max_skew: i32,
    #[k8s(protobuf = 2)]
    pub topology_key: String,
    #[k8s(protobuf = 3)]
    pub when_unsatisfiable: UnsatisfiableConstraintAction,
    #[k8s(protobuf = 4)]
    pub label_selector: Option<LabelSelector>,
    #[k8s(protobuf = 5)]
    pub min_domains: Option<i32>,
    #[k8s(protobuf = 6)]
    pub node_affinity_policy: Option<NodeInclusionPolicy>,
    #[k8s(protobuf = 7)]
    pub node_taints_policy: Option<NodeInclusionPolicy>,
    #[k8s(optional, list_type = "atomic", protobuf = 8)]
    pub match_label_keys: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HostAlias {
    #[k8s(required, protobuf = 1)]
    pub ip: String,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub hostnames: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PodFSGroupChangePolicy {
    OnRootMismatch,
    Always,
    Other(String),
}

impl Default for PodFSGroupChangePolicy {
    fn default() -> Self {
        PodFSGroupChangePolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum SupplementalGroupsPolicy {
    Merge,
    Strict,
    Other(String),
}

impl Default for SupplementalGroupsPolicy {
    fn default() -> Self {
        SupplementalGroupsPolicy::Other(String::new())
    }
}

pub const SE_LINUX_CHANGE_POLICY_RECURSIVE: &str = "Recursive";

pub const SE_LINUX_CHANGE_POLICY_MOUNT_OPTION: &str = "MountOption";

#[derive(ApiType, Debug, PartialEq)]
pub struct PodSecurityContext {
    #[k8s(protobuf = 1)]
    pub se_linux_options: Option<SELinuxOptions>,
    #[k8s(protobuf = 8)]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    #[k8s(protobuf = 2)]
    pub run_as_user: Option<i64>,
    #[k8s(protobuf = 6)]
    pub run_as_group: Option<i64>,
    #[k8s(protobuf = 3)]
    pub run_as_non_root: Option<bool>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub supplemental_groups: Vec<i64>,
    #[k8s(feature_gate = "SupplementalGroupsPolicy", protobuf = 12)]
    pub supplemental_groups_policy: Option<SupplementalGroupsPolicy>,
    #[k8s(protobuf = 5)]
    pub fs_group: Option<i64>,
    #[k8s(optional, list_type = "atomic", protobuf = 7)]
    pub sysctls: Vec<Sysctl>,
    #[k8s(protobuf = 9)]
    pub fs_group_change_policy: Option<PodFSGroupChangePolicy>,
    #[k8s(protobuf = 10)]
    pub seccomp_profile: Option<SeccompProfile>,
    #[k8s(protobuf = 11)]
    pub app_armor_profile: Option<AppArmorProfile>,
    #[k8s(feature_gate = "SELinuxChangePolicy", protobuf = 13)]
    pub se_linux_change_policy: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SeccompProfile {
    #[k8s(protobuf = 1)]
    pub type_: SeccompProfileType,
    #[k8s(protobuf = 2)]
    pub localhost_profile: Option<String>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum SeccompProfileType {
    Unconfined,
    RuntimeDefault,
    Localhost,
    Other(String),
}

impl Default for SeccompProfileType {
    fn default() -> Self {
        SeccompProfileType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AppArmorProfile {
    #[k8s(protobuf = 1)]
    pub type_: AppArmorProfileType,
    #[k8s(protobuf = 2)]
    pub localhost_profile: Option<String>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum AppArmorProfileType {
    Unconfined,
    RuntimeDefault,
    Localhost,
    Other(String),
}

impl Default for AppArmorProfileType {
    fn default() -> Self {
        AppArmorProfileType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum PodQOSClass {
    Guaranteed,
    Burstable,
    BestEffort,
    Other(String),
}

impl Default for PodQOSClass {
    fn default() -> Self {
        PodQOSClass::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodDNSConfig {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub nameservers: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub searches: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub options: Vec<PodDNSConfigOption>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodDNSConfigOption {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub value: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodIP {
    #[k8s(required, protobuf = 1)]
    pub ip: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct HostIP {
    #[k8s(required, protobuf = 1)]
    pub ip: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EphemeralContainerCommon {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(optional, protobuf = 2)]
    pub image: String,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub command: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub args: Vec<String>,
    #[k8s(optional, protobuf = 5)]
    pub working_dir: String,
    #[k8s(
        optional,
        patch_merge_key = "containerPort",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "containerPort",
        list_map_key = "protocol",
        protobuf = 6
    )]
    pub ports: Vec<ContainerPort>,
    #[k8s(optional, list_type = "atomic", protobuf = 19)]
    pub env_from: Vec<EnvFromSource>,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 7
    )]
    pub env: Vec<EnvVar>,
    #[k8s(optional, protobuf = 8)]
    pub resources: ResourceRequirements,
    #[k8s(
        optional,
        feature_gate = "InPlacePodVerticalScaling",
        list_type = "atomic",
        protobuf = 23
    )]
    pub resize_policy: Vec<ContainerResizePolicy>,
    #[k8s(protobuf = 24)]
    pub restart_policy: Option<String>,
    #[k8s(
        optional,
        feature_gate = "ContainerRestartRules",
        list_type = "atomic",
        protobuf = 25
    )]
    pub restart_policy_rules: Vec<ContainerRestartRule>,
    #[k8s(
        optional,
        patch_merge_key = "mountPath",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "mountPath",
        protobuf = 9
    )]
    pub volume_mounts: Vec<VolumeMount>,
    #[k8s(
        optional,
        patch_merge_key = "devicePath",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "devicePath",
        protobuf = 21
    )]
    pub volume_devices: Vec<VolumeDevice>,
    #[k8s(protobuf = 10)]
    pub liveness_probe: Option<Probe>,
    #[k8s(protobuf = 11)]
    pub readiness_probe: Option<Probe>,
    #[k8s(protobuf = 22)]
    pub startup_probe: Option<Probe>,
    #[k8s(protobuf = 12)]
    pub lifecycle: Option<Lifecycle>,
    #[k8s(optional, protobuf = 13)]
    pub termination_message_path: String,
    #[k8s(optional, protobuf = 20)]
    pub termination_message_policy: TerminationMessagePolicy,
    #[k8s(optional, protobuf = 14)]
    pub image_pull_policy: PullPolicy,
    #[k8s(protobuf = 15)]
    pub security_context: Option<SecurityContext>,
    #[k8s(optional, protobuf = 16)]
    pub stdin: bool,
    #[k8s(optional, protobuf = 17)]
    pub stdin_once: bool,
    #[k8s(optional, protobuf = 18)]
    pub tty: bool,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EphemeralContainer {
    #[k8s(inline, protobuf = 1)]
    pub ephemeral_container_common: EphemeralContainerCommon,
    #[k8s(optional, protobuf = 2)]
    pub target_container_name: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct EvictionResponder {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(presence = "null", minimum = 0, maximum = 100000, protobuf = 2)]
    pub priority: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodStatus {
    #[k8s(optional, protobuf = 17)]
    pub observed_generation: i64,
    #[k8s(optional, protobuf = 1)]
    pub phase: PodPhase,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 2
    )]
    pub conditions: Vec<PodCondition>,
    #[k8s(optional, protobuf = 3)]
    pub message: String,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 11)]
    pub nominated_node_name: String,
    #[k8s(optional, rename = "hostIP", protobuf = 5)]
    pub host_ip: String,
    #[k8s(
        optional,
        rename = "hostIPs",
        patch_strategy = "merge",
        patch_merge_key = "ip",
        list_type = "atomic",
        protobuf = 16
    )]
    pub host_ips: Vec<HostIP>,
    #[k8s(optional, rename = "podIP", protobuf = 6)]
    pub pod_ip: String,
    #[k8s(
        optional,
        rename = "podIPs",
        patch_strategy = "merge",
        patch_merge_key = "ip",
        list_type = "map",
        list_map_key = "ip",
        protobuf = 12
    )]
    pub pod_ips: Vec<PodIP>,
    #[k8s(protobuf = 7)]
    pub start_time: Option<Time>,
    #[k8s(optional, list_type = "atomic", protobuf = 10)]
    pub init_container_statuses: Vec<ContainerStatus>,
    #[k8s(optional, list_type = "atomic", protobuf = 8)]
    pub container_statuses: Vec<ContainerStatus>,
    #[k8s(optional, protobuf = 9)]
    pub qos_class: PodQOSClass,
    #[k8s(optional, list_type = "atomic", protobuf = 13)]
    pub ephemeral_container_statuses: Vec<ContainerStatus>,
    #[k8s(optional, feature_gate = "InPlacePodVerticalScaling", protobuf = 14)]
    pub resize: String,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge,retainKeys",
        list_type = "map",
        list_map_key = "name",
        feature_gate = "DynamicResourceAllocation",
        protobuf = 15
    )]
    pub resource_claim_statuses: Vec<PodResourceClaimStatus>,
    #[k8s(feature_gate = "DRAExtendedResource", protobuf = 18)]
    pub extended_resource_claim_status: Option<PodExtendedResourceClaimStatus>,
    #[k8s(
        optional,
        feature_gate = "InPlacePodLevelResourcesVerticalScaling",
        protobuf = 19
    )]
    pub allocated_resources: BTreeMap<String, Quantity>,
    #[k8s(
        feature_gate = "InPlacePodLevelResourcesVerticalScaling",
        protobuf = 20
    )]
    pub resources: Option<ResourceRequirements>,
    #[k8s(
        optional,
        feature_gate = "DRANodeAllocatableResources",
        patch_strategy = "merge",
        patch_merge_key = "resourceClaimName",
        list_type = "map",
        list_map_key = "resourceClaimName",
        protobuf = 21
    )]
    pub node_allocatable_resource_claim_statuses: Vec<NodeAllocatableResourceClaimStatus>,
    #[k8s(
        optional,
        feature_gate = "CSIVolumeHealth",
        list_type = "map",
        list_map_key = "name",
        protobuf = 22
    )]
    pub volume_health: Vec<PodVolumeHealth>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(method(name = "UpdateEphemeralContainers", verb = "update", subresource = "ephemeralcontainers"), method(name = "UpdateResize", verb = "update", subresource = "resize")),
    lifecycle(introduced = "1.0"),
    plural = "pods",
    singular = "pod",
    short_names = ["po"],
    categories = ["all"],
    subresource_status
)]
pub struct Pod {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: PodSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: PodStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct PodList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Pod>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodTemplateSpec {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: PodSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.0"),
    plural = "podtemplates",
    singular = "podtemplate"
)]
pub struct PodTemplate {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub template: PodTemplateSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct PodTemplateList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<PodTemplate>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ReplicationControllerSpec {
    #[k8s(default = 1, minimum = 0, protobuf = 1)]
    pub replicas: Option<i32>,
    #[k8s(optional, default = 0, minimum = 0, protobuf = 4)]
    pub min_ready_seconds: i32,
    #[k8s(optional, map_type = "atomic", protobuf = 2)]
    pub selector: StringMap,
    #[k8s(protobuf = 3)]
    pub template: Option<PodTemplateSpec>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ReplicationControllerStatus {
    #[k8s(protobuf = 1)]
    pub replicas: i32,
    #[k8s(optional, protobuf = 2)]
    pub fully_labeled_replicas: i32,
    #[k8s(optional, protobuf = 4)]
    pub ready_replicas: i32,
    #[k8s(optional, protobuf = 5)]
    pub available_replicas: i32,
    #[k8s(optional, protobuf = 3)]
    pub observed_generation: i64,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 6
    )]
    pub conditions: Vec<ReplicationControllerCondition>,
}

pub const REPLICATION_CONTROLLER_REPLICA_FAILURE: &str = "ReplicaFailure";

#[derive(ApiType, Debug, PartialEq)]
pub struct ReplicationControllerCondition {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub reason: String,
    #[k8s(optional, protobuf = 5)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(method(name = "GetScale", verb = "get", subresource = "scale", result = "crate::autoscaling::v1::Scale"), method(name = "UpdateScale", verb = "update", subresource = "scale", input = "crate::autoscaling::v1::Scale", result = "crate::autoscaling::v1::Scale")),
    lifecycle(introduced = "1.0"),
    plural = "replicationcontrollers",
    singular = "replicationcontroller",
    short_names = ["rc"],
    categories = ["all"],
    subresource_status,
    subresource_scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas")
)]
pub struct ReplicationController {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: ReplicationControllerSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ReplicationControllerStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct ReplicationControllerList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ReplicationController>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ServiceAffinity {
    #[k8s(rename = "ClientIP")]
    ClientIp,
    None,
    Other(String),
}

impl Default for ServiceAffinity {
    fn default() -> Self {
        ServiceAffinity::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SessionAffinityConfig {
    #[k8s(rename = "clientIP", protobuf = 1)]
    pub client_ip: Option<ClientIPConfig>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ClientIPConfig {
    #[k8s(protobuf = 1)]
    pub timeout_seconds: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ServiceType {
    #[k8s(rename = "ClusterIP")]
    ClusterIp,
    NodePort,
    LoadBalancer,
    ExternalName,
    Other(String),
}

impl Default for ServiceType {
    fn default() -> Self {
        ServiceType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ServiceInternalTrafficPolicy {
    Cluster,
    Local,
    Other(String),
}

impl Default for ServiceInternalTrafficPolicy {
    fn default() -> Self {
        ServiceInternalTrafficPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ServiceExternalTrafficPolicy {
    Cluster,
    Local,
    Other(String),
}

impl Default for ServiceExternalTrafficPolicy {
    fn default() -> Self {
        ServiceExternalTrafficPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceStatus {
    #[k8s(optional, protobuf = 1)]
    pub load_balancer: LoadBalancerStatus,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 2
    )]
    pub conditions: Vec<Condition>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LoadBalancerStatus {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub ingress: Vec<LoadBalancerIngress>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LoadBalancerIngress {
    #[k8s(optional, protobuf = 1)]
    pub ip: String,
    #[k8s(optional, protobuf = 2)]
    pub hostname: String,
    #[k8s(protobuf = 3)]
    pub ip_mode: Option<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 4)]
    pub ports: Vec<PortStatus>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum IPFamily {
    IPv4,
    IPv6,
    #[k8s(rename = "")]
    Unknown,
    Other(String),
}

impl Default for IPFamily {
    fn default() -> Self {
        IPFamily::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum IPFamilyPolicy {
    SingleStack,
    PreferDualStack,
    RequireDualStack,
    Other(String),
}

impl Default for IPFamilyPolicy {
    fn default() -> Self {
        IPFamilyPolicy::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceSpec {
    #[k8s(
        optional,
        patch_merge_key = "port",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "port",
        list_map_key = "protocol",
        protobuf = 1
    )]
    pub ports: Vec<ServicePort>,
    #[k8s(optional, map_type = "atomic", protobuf = 2)]
    pub selector: StringMap,
    #[k8s(optional, rename = "clusterIP", protobuf = 3)]
    pub cluster_ip: String,
    #[k8s(optional, rename = "clusterIPs", list_type = "atomic", protobuf = 18)]
    pub cluster_ips: Vec<String>,
    #[k8s(optional, protobuf = 4)]
    pub type_: ServiceType,
    #[k8s(optional, rename = "externalIPs", list_type = "atomic", protobuf = 5)]
    pub external_ips: Vec<String>,
    #[k8s(optional, protobuf = 7)]
    pub session_affinity: ServiceAffinity,
    #[k8s(optional, rename = "loadBalancerIP", protobuf = 8)]
    pub load_balancer_ip: String,
    #[k8s(optional, list_type = "atomic", protobuf = 9)]
    pub load_balancer_source_ranges: Vec<String>,
    #[k8s(optional, protobuf = 10)]
    pub external_name: String,
    #[k8s(optional, protobuf = 11)]
    pub external_traffic_policy: ServiceExternalTrafficPolicy,
    #[k8s(optional, protobuf = 12)]
    pub health_check_node_port: i32,
    #[k8s(optional, protobuf = 13)]
    pub publish_not_ready_addresses: bool,
    #[k8s(protobuf = 14)]
    pub session_affinity_config: Option<SessionAffinityConfig>,
    #[k8s(optional, list_type = "atomic", protobuf = 19)]
    pub ip_families: Vec<IPFamily>,
    #[k8s(protobuf = 17)]
    pub ip_family_policy: Option<IPFamilyPolicy>,
    #[k8s(protobuf = 20)]
    pub allocate_load_balancer_node_ports: Option<bool>,
    #[k8s(protobuf = 21)]
    pub load_balancer_class: Option<String>,
    #[k8s(protobuf = 22)]
    pub internal_traffic_policy: Option<ServiceInternalTrafficPolicy>,
    #[k8s(protobuf = 23)]
    pub traffic_distribution: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServicePort {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
    #[k8s(optional, default = "TCP", protobuf = 2)]
    pub protocol: Protocol,
    #[k8s(protobuf = 6)]
    pub app_protocol: Option<String>,
    #[k8s(protobuf = 3)]
    pub port: i32,
    #[k8s(optional, protobuf = 4)]
    pub target_port: IntOrString,
    #[k8s(optional, protobuf = 5)]
    pub node_port: i32,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(skip_verbs = ["delete_collection"]),
    lifecycle(introduced = "1.0"),
    plural = "services",
    singular = "service",
    short_names = ["svc"],
    categories = ["all"],
    subresource_status
)]
pub struct Service {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: ServiceSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ServiceStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct ServiceList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Service>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.0"),
    plural = "serviceaccounts",
    singular = "serviceaccount",
    short_names = ["sa"]
)]
pub struct ServiceAccount {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(
        optional,
        patch_merge_key = "name",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "name",
        protobuf = 2
    )]
    pub secrets: Vec<ObjectReference>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    #[k8s(protobuf = 4)]
    pub automount_service_account_token: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct ServiceAccountList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ServiceAccount>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.0"),
    plural = "endpoints",
    singular = "endpoints",
    short_names = ["ep"]
)]
pub struct Endpoints {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub subsets: Vec<EndpointSubset>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EndpointSubset {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub addresses: Vec<EndpointAddress>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub not_ready_addresses: Vec<EndpointAddress>,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub ports: Vec<EndpointPort>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct EndpointAddress {
    #[k8s(protobuf = 1)]
    pub ip: String,
    #[k8s(optional, protobuf = 3)]
    pub hostname: String,
    #[k8s(protobuf = 4)]
    pub node_name: Option<String>,
    #[k8s(protobuf = 2)]
    pub target_ref: Option<ObjectReference>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct EndpointPort {
    #[k8s(optional, protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub port: i32,
    #[k8s(optional, protobuf = 3)]
    pub protocol: Protocol,
    #[k8s(protobuf = 4)]
    pub app_protocol: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct EndpointsList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Endpoints>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeSpec {
    #[k8s(optional, rename = "podCIDR", protobuf = 1)]
    pub pod_cidr: String,
    #[k8s(
        optional,
        rename = "podCIDRs",
        patch_strategy = "merge",
        list_type = "set",
        protobuf = 7
    )]
    pub pod_cidrs: Vec<String>,
    #[k8s(optional, rename = "providerID", protobuf = 3)]
    pub provider_id: String,
    #[k8s(optional, protobuf = 4)]
    pub unschedulable: bool,
    #[k8s(optional, list_type = "atomic", protobuf = 5)]
    pub taints: Vec<Taint>,
    #[k8s(protobuf = 6)]
    pub config_source: Option<NodeConfigSource>,
    #[k8s(optional, rename = "externalID", protobuf = 2)]
    pub external_id: String,
    #[k8s(
        feature_gate = "InPlacePodVerticalScalingSchedulerPreemption",
        protobuf = 8
    )]
    pub pod_preemption_policy: Option<NodePodPreemptionPolicy>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodePodPreemptionPolicy {
    #[k8s(optional, list_type = "set", max_items = 20, protobuf = 1)]
    pub disable_resize_preemption: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(deprecated(name = "configMapRef", protobuf = 1))]
pub struct NodeConfigSource {
    #[k8s(protobuf = 2)]
    pub config_map: Option<ConfigMapNodeConfigSource>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ConfigMapNodeConfigSource {
    #[k8s(protobuf = 1)]
    pub namespace: String,
    #[k8s(protobuf = 2)]
    pub name: String,
    #[k8s(optional, protobuf = 3)]
    pub uid: String,
    #[k8s(optional, protobuf = 4)]
    pub resource_version: String,
    #[k8s(protobuf = 5)]
    pub kubelet_config_key: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DaemonEndpoint {
    #[k8s(rename = "Port", protobuf = 1)]
    pub port: i32,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeDaemonEndpoints {
    #[k8s(optional, protobuf = 1)]
    pub kubelet_endpoint: DaemonEndpoint,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeRuntimeHandlerFeatures {
    #[k8s(protobuf = 1)]
    pub recursive_read_only_mounts: Option<bool>,
    #[k8s(protobuf = 2)]
    pub user_namespaces: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeRuntimeHandler {
    #[k8s(optional, presence = "always", protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub features: Option<NodeRuntimeHandlerFeatures>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeFeatures {
    #[k8s(protobuf = 1)]
    pub supplemental_groups_policy: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeSystemInfo {
    #[k8s(rename = "machineID", protobuf = 1)]
    pub machine_id: String,
    #[k8s(rename = "systemUUID", protobuf = 2)]
    pub system_uuid: String,
    #[k8s(rename = "bootID", protobuf = 3)]
    pub boot_id: String,
    #[k8s(protobuf = 4)]
    pub kernel_version: String,
    #[k8s(protobuf = 5)]
    pub os_image: String,
    #[k8s(protobuf = 6)]
    pub container_runtime_version: String,
    #[k8s(protobuf = 7)]
    pub kubelet_version: String,
    #[k8s(protobuf = 8)]
    pub kube_proxy_version: String,
    #[k8s(protobuf = 9)]
    pub operating_system: String,
    #[k8s(protobuf = 10)]
    pub architecture: String,
    #[k8s(protobuf = 11)]
    pub swap: Option<NodeSwapStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeSwapStatus {
    #[k8s(protobuf = 1)]
    pub capacity: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeConfigStatus {
    #[k8s(protobuf = 1)]
    pub assigned: Option<NodeConfigSource>,
    #[k8s(protobuf = 2)]
    pub active: Option<NodeConfigSource>,
    #[k8s(protobuf = 3)]
    pub last_known_good: Option<NodeConfigSource>,
    #[k8s(optional, protobuf = 4)]
    pub error: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeStatus {
    #[k8s(optional, protobuf = 1)]
    pub capacity: BTreeMap<String, Quantity>,
    #[k8s(optional, protobuf = 2)]
    pub allocatable: BTreeMap<String, Quantity>,
    #[k8s(optional, protobuf = 3)]
    pub phase: NodePhase,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 4
    )]
    pub conditions: Vec<NodeCondition>,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 5
    )]
    pub addresses: Vec<NodeAddress>,
    #[k8s(optional, protobuf = 6)]
    pub daemon_endpoints: NodeDaemonEndpoints,
    #[k8s(optional, protobuf = 7)]
    pub node_info: NodeSystemInfo,
    #[k8s(optional, list_type = "atomic", protobuf = 8)]
    pub images: Vec<ContainerImage>,
    #[k8s(optional, list_type = "atomic", protobuf = 9)]
    pub volumes_in_use: Vec<String>,
    #[k8s(optional, list_type = "atomic", protobuf = 10)]
    pub volumes_attached: Vec<AttachedVolume>,
    #[k8s(protobuf = 11)]
    pub config: Option<NodeConfigStatus>,
    #[k8s(optional, list_type = "atomic", protobuf = 12)]
    pub runtime_handlers: Vec<NodeRuntimeHandler>,
    #[k8s(feature_gate = "SupplementalGroupsPolicy", protobuf = 13)]
    pub features: Option<NodeFeatures>,
    #[k8s(
        optional,
        feature_gate = "NodeDeclaredFeatures",
        list_type = "atomic",
        protobuf = 14
    )]
    pub declared_features: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AttachedVolume {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub device_path: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct AvoidPods {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub prefer_avoid_pods: Vec<PreferAvoidPodsEntry>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PreferAvoidPodsEntry {
    #[k8s(protobuf = 1)]
    pub pod_signature: PodSignature,
    #[k8s(optional, protobuf = 2)]
    pub eviction_time: Time,
    #[k8s(optional, protobuf = 3)]
    pub reason: String,
    #[k8s(optional, protobuf = 4)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PodSignature {
    #[k8s(protobuf = 1)]
    pub pod_controller: Option<OwnerReference>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ContainerImage {
    #[k8s(optional, presence = "null", list_type = "atomic", protobuf = 1)]
    pub names: Vec<String>,
    #[k8s(optional, protobuf = 2)]
    pub size_bytes: i64,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum NodePhase {
    Pending,
    Running,
    Terminated,
    Other(String),
}

impl Default for NodePhase {
    fn default() -> Self {
        NodePhase::Other(String::new())
    }
}

pub const NODE_READY: &str = "Ready";

pub const NODE_MEMORY_PRESSURE: &str = "MemoryPressure";

pub const NODE_DISK_PRESSURE: &str = "DiskPressure";

pub const NODE_PID_PRESSURE: &str = "PIDPressure";

pub const NODE_NETWORK_UNAVAILABLE: &str = "NetworkUnavailable";

pub const NODE_GRACEFUL_NODE_SHUTDOWN_IN_PROGRESS: &str = "GracefulNodeShutdownInProgress";

pub const NODE_DRAIN_IN_PROGRESS: &str = "DrainInProgress";

pub const NODE_DRAINED: &str = "Drained";

pub const NODE_MAINTENANCE_PLANNED: &str = "MaintenancePlanned";

pub const NODE_MAINTENANCE_IN_PROGRESS: &str = "MaintenanceInProgress";

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeCondition {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub last_heartbeat_time: Time,
    #[k8s(optional, protobuf = 4)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 5)]
    pub reason: String,
    #[k8s(optional, protobuf = 6)]
    pub message: String,
}

pub const NODE_HOST_NAME: &str = "Hostname";

pub const NODE_INTERNAL_IP: &str = "InternalIP";

pub const NODE_EXTERNAL_IP: &str = "ExternalIP";

pub const NODE_INTERNAL_DNS: &str = "InternalDNS";

pub const NODE_EXTERNAL_DNS: &str = "ExternalDNS";

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeAddress {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub address: String,
}

pub const RESOURCE_CPU: &str = "cpu";

pub const RESOURCE_MEMORY: &str = "memory";

pub const RESOURCE_STORAGE: &str = "storage";

pub const RESOURCE_EPHEMERAL_STORAGE: &str = "ephemeral-storage";

pub const RESOURCE_PODS: &str = "pods";

pub const RESOURCE_SERVICES: &str = "services";

pub const RESOURCE_REPLICATION_CONTROLLERS: &str = "replicationcontrollers";

pub const RESOURCE_QUOTAS: &str = "resourcequotas";

pub const RESOURCE_SECRETS: &str = "secrets";

pub const RESOURCE_CONFIG_MAPS: &str = "configmaps";

pub const RESOURCE_PERSISTENT_VOLUME_CLAIMS: &str = "persistentvolumeclaims";

pub const RESOURCE_SERVICES_NODE_PORTS: &str = "services.nodeports";

pub const RESOURCE_SERVICES_LOAD_BALANCERS: &str = "services.loadbalancers";

pub const RESOURCE_REQUESTS_CPU: &str = "requests.cpu";

pub const RESOURCE_REQUESTS_MEMORY: &str = "requests.memory";

pub const RESOURCE_REQUESTS_STORAGE: &str = "requests.storage";

pub const RESOURCE_REQUESTS_EPHEMERAL_STORAGE: &str = "requests.ephemeral-storage";

pub const RESOURCE_LIMITS_CPU: &str = "limits.cpu";

pub const RESOURCE_LIMITS_MEMORY: &str = "limits.memory";

pub const RESOURCE_LIMITS_EPHEMERAL_STORAGE: &str = "limits.ephemeral-storage";

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.0"),
    plural = "nodes",
    singular = "node",
    short_names = ["no"],
    subresource_status
)]
pub struct Node {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: NodeSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: NodeStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct NodeList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Node>,
}

pub const FINALIZER_KUBERNETES: &str = "kubernetes";

#[derive(ApiType, Debug, PartialEq)]
pub struct NamespaceSpec {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub finalizers: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NamespaceStatus {
    #[k8s(optional, protobuf = 1)]
    pub phase: NamespacePhase,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 2
    )]
    pub conditions: Vec<NamespaceCondition>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum NamespacePhase {
    Active,
    Terminating,
    Other(String),
}

impl Default for NamespacePhase {
    fn default() -> Self {
        NamespacePhase::Other(String::new())
    }
}

pub const NAMESPACE_DELETION_DISCOVERY_FAILURE: &str = "NamespaceDeletionDiscoveryFailure";

pub const NAMESPACE_DELETION_CONTENT_FAILURE: &str = "NamespaceDeletionContentFailure";

pub const NAMESPACE_DELETION_GV_PARSING_FAILURE: &str =
    "NamespaceDeletionGroupVersionParsingFailure";

pub const NAMESPACE_CONTENT_REMAINING: &str = "NamespaceContentRemaining";

pub const NAMESPACE_FINALIZERS_REMAINING: &str = "NamespaceFinalizersRemaining";

#[derive(ApiType, Debug, PartialEq)]
pub struct NamespaceCondition {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 4)]
    pub last_transition_time: Time,
    #[k8s(optional, protobuf = 5)]
    pub reason: String,
    #[k8s(optional, protobuf = 6)]
    pub message: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced, skip_verbs = ["delete_collection"]),
    lifecycle(introduced = "1.0"),
    plural = "namespaces",
    singular = "namespace",
    verbs = ["create", "delete", "get", "list", "patch", "update", "watch"],
    short_names = ["ns"],
    subresource_status
)]
pub struct Namespace {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: NamespaceSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: NamespaceStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct NamespaceList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Namespace>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    lifecycle(introduced = "1.0"),
    plural = "bindings",
    singular = "binding",
    verbs = ["create"]
)]
pub struct Binding {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub target: ObjectReference,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Preconditions {
    #[k8s(protobuf = 1)]
    pub uid: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind, lifecycle(introduced = "1.0"))]
pub struct PodLogOptions {
    #[k8s(optional, protobuf = 1)]
    pub container: String,
    #[k8s(optional, protobuf = 2)]
    pub follow: bool,
    #[k8s(optional, protobuf = 3)]
    pub previous: bool,
    #[k8s(protobuf = 4)]
    pub since_seconds: Option<i64>,
    #[k8s(protobuf = 5)]
    pub since_time: Option<Time>,
    #[k8s(optional, protobuf = 6)]
    pub timestamps: bool,
    #[k8s(protobuf = 7)]
    pub tail_lines: Option<i64>,
    #[k8s(protobuf = 8)]
    pub limit_bytes: Option<i64>,
    #[k8s(optional, rename = "insecureSkipTLSVerifyBackend", protobuf = 9)]
    pub insecure_skip_tls_verify_backend: bool,
    #[k8s(feature_gate = "PodLogsQuerySplitStreams", protobuf = 10)]
    pub stream: Option<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind, lifecycle(introduced = "1.1"))]
pub struct PodAttachOptions {
    #[k8s(optional, protobuf = 1)]
    pub stdin: bool,
    #[k8s(optional, protobuf = 2)]
    pub stdout: bool,
    #[k8s(optional, protobuf = 3)]
    pub stderr: bool,
    #[k8s(optional, protobuf = 4)]
    pub tty: bool,
    #[k8s(optional, protobuf = 5)]
    pub container: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind, lifecycle(introduced = "1.0"))]
pub struct PodExecOptions {
    #[k8s(optional, protobuf = 1)]
    pub stdin: bool,
    #[k8s(optional, protobuf = 2)]
    pub stdout: bool,
    #[k8s(optional, protobuf = 3)]
    pub stderr: bool,
    #[k8s(optional, protobuf = 4)]
    pub tty: bool,
    #[k8s(optional, protobuf = 5)]
    pub container: String,
    #[k8s(presence = "null", list_type = "atomic", protobuf = 6)]
    pub command: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind, lifecycle(introduced = "1.6"))]
pub struct PodPortForwardOptions {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub ports: Vec<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind, lifecycle(introduced = "1.0"))]
pub struct PodProxyOptions {
    #[k8s(optional, protobuf = 1)]
    pub path: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind, lifecycle(introduced = "1.2"))]
pub struct NodeProxyOptions {
    #[k8s(optional, protobuf = 1)]
    pub path: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind, lifecycle(introduced = "1.2"))]
pub struct ServiceProxyOptions {
    #[k8s(optional, protobuf = 1)]
    pub path: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct ObjectReference {
    #[k8s(optional, protobuf = 1)]
    pub kind: String,
    #[k8s(optional, protobuf = 2)]
    pub namespace: String,
    #[k8s(optional, protobuf = 3)]
    pub name: String,
    #[k8s(optional, protobuf = 4)]
    pub uid: String,
    #[k8s(optional, protobuf = 5)]
    pub api_version: String,
    #[k8s(optional, protobuf = 6)]
    pub resource_version: String,
    #[k8s(optional, protobuf = 7)]
    pub field_path: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct LocalObjectReference {
    #[k8s(optional, default = "", protobuf = 1)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct TypedLocalObjectReference {
    #[k8s(presence = "null", protobuf = 1)]
    pub api_group: Option<String>,
    #[k8s(protobuf = 2)]
    pub kind: String,
    #[k8s(protobuf = 3)]
    pub name: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(simple_kind, lifecycle(introduced = "1.0"))]
pub struct SerializedReference {
    #[k8s(optional, protobuf = 1)]
    pub reference: ObjectReference,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EventSource {
    #[k8s(optional, protobuf = 1)]
    pub component: String,
    #[k8s(optional, protobuf = 2)]
    pub host: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.0"),
    plural = "events",
    singular = "event",
    short_names = ["ev"]
)]
pub struct Event {
    #[k8s(protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub involved_object: ObjectReference,
    #[k8s(optional, protobuf = 3)]
    pub reason: String,
    #[k8s(optional, protobuf = 4)]
    pub message: String,
    #[k8s(optional, protobuf = 5)]
    pub source: EventSource,
    #[k8s(optional, protobuf = 6)]
    pub first_timestamp: Time,
    #[k8s(optional, protobuf = 7)]
    pub last_timestamp: Time,
    #[k8s(optional, protobuf = 8)]
    pub count: i32,
    #[k8s(optional, protobuf = 9)]
    pub type_: String,
    #[k8s(optional, protobuf = 10)]
    pub event_time: MicroTime,
    #[k8s(protobuf = 11)]
    pub series: Option<EventSeries>,
    #[k8s(optional, protobuf = 12)]
    pub action: String,
    #[k8s(protobuf = 13)]
    pub related: Option<ObjectReference>,
    #[k8s(optional, presence = "always", protobuf = 14)]
    pub reporting_component: String,
    #[k8s(optional, presence = "always", protobuf = 15)]
    pub reporting_instance: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct EventSeries {
    #[k8s(optional, protobuf = 1)]
    pub count: i32,
    #[k8s(optional, protobuf = 2)]
    pub last_observed_time: MicroTime,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct EventList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Event>,
}

pub const LIMIT_TYPE_POD: &str = "Pod";

pub const LIMIT_TYPE_CONTAINER: &str = "Container";

pub const LIMIT_TYPE_PERSISTENT_VOLUME_CLAIM: &str = "PersistentVolumeClaim";

#[derive(ApiType, Debug, PartialEq)]
pub struct LimitRangeItem {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(optional, protobuf = 2)]
    pub max: BTreeMap<String, Quantity>,
    #[k8s(optional, protobuf = 3)]
    pub min: BTreeMap<String, Quantity>,
    #[k8s(optional, protobuf = 4)]
    pub default: BTreeMap<String, Quantity>,
    #[k8s(optional, protobuf = 5)]
    pub default_request: BTreeMap<String, Quantity>,
    #[k8s(optional, protobuf = 6)]
    pub max_limit_request_ratio: BTreeMap<String, Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct LimitRangeSpec {
    #[k8s(presence = "null", list_type = "atomic", protobuf = 1)]
    pub limits: Vec<LimitRangeItem>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.0"),
    plural = "limitranges",
    singular = "limitrange",
    short_names = ["limits"]
)]
pub struct LimitRange {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: LimitRangeSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct LimitRangeList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<LimitRange>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ResourceQuotaScope {
    Terminating,
    NotTerminating,
    BestEffort,
    NotBestEffort,
    PriorityClass,
    CrossNamespacePodAffinity,
    VolumeAttributesClass,
    Other(String),
}

impl Default for ResourceQuotaScope {
    fn default() -> Self {
        ResourceQuotaScope::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceQuotaSpec {
    #[k8s(optional, protobuf = 1)]
    pub hard: BTreeMap<String, Quantity>,
    #[k8s(optional, list_type = "atomic", protobuf = 2)]
    pub scopes: Vec<ResourceQuotaScope>,
    #[k8s(protobuf = 3)]
    pub scope_selector: Option<ScopeSelector>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(struct_type = "atomic")]
pub struct ScopeSelector {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub match_expressions: Vec<ScopedResourceSelectorRequirement>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ScopedResourceSelectorRequirement {
    #[k8s(protobuf = 1)]
    pub scope_name: ResourceQuotaScope,
    #[k8s(protobuf = 2)]
    pub operator: ScopeSelectorOperator,
    #[k8s(optional, list_type = "atomic", protobuf = 3)]
    pub values: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ScopeSelectorOperator {
    In,
    NotIn,
    Exists,
    DoesNotExist,
    Other(String),
}

impl Default for ScopeSelectorOperator {
    fn default() -> Self {
        ScopeSelectorOperator::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ResourceQuotaStatus {
    #[k8s(optional, protobuf = 1)]
    pub hard: BTreeMap<String, Quantity>,
    #[k8s(optional, protobuf = 2)]
    pub used: BTreeMap<String, Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.0"),
    plural = "resourcequotas",
    singular = "resourcequota",
    short_names = ["quota"],
    subresource_status
)]
pub struct ResourceQuota {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: ResourceQuotaSpec,
    #[k8s(optional, protobuf = 3)]
    pub status: ResourceQuotaStatus,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct ResourceQuotaList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ResourceQuota>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.0"),
    plural = "secrets",
    singular = "secret"
)]
pub struct Secret {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 5)]
    pub immutable: Option<bool>,
    #[k8s(optional, protobuf = 2)]
    pub data: BTreeMap<String, ByteString>,
    #[k8s(optional, conversion_gen = false, protobuf = 4)]
    pub string_data: StringMap,
    #[k8s(optional, protobuf = 3)]
    pub type_: String,
}

pub const SECRET_TYPE_OPAQUE: &str = "Opaque";

pub const SECRET_TYPE_SERVICE_ACCOUNT_TOKEN: &str = "kubernetes.io/service-account-token";

pub const SECRET_TYPE_DOCKERCFG: &str = "kubernetes.io/dockercfg";

pub const SECRET_TYPE_DOCKER_CONFIG_JSON: &str = "kubernetes.io/dockerconfigjson";

pub const SECRET_TYPE_BASIC_AUTH: &str = "kubernetes.io/basic-auth";

pub const SECRET_TYPE_SSH_AUTH: &str = "kubernetes.io/ssh-auth";

pub const SECRET_TYPE_TLS: &str = "kubernetes.io/tls";

pub const SECRET_TYPE_BOOTSTRAP_TOKEN: &str = "bootstrap.kubernetes.io/token";

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct SecretList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Secret>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client,
    lifecycle(introduced = "1.2"),
    plural = "configmaps",
    singular = "configmap",
    short_names = ["cm"]
)]
pub struct ConfigMap {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 4)]
    pub immutable: Option<bool>,
    #[k8s(optional, protobuf = 2)]
    pub data: StringMap,
    #[k8s(optional, protobuf = 3)]
    pub binary_data: BTreeMap<String, ByteString>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.2"))]
pub struct ConfigMapList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ConfigMap>,
}

pub const COMPONENT_HEALTHY: &str = "Healthy";

#[derive(ApiType, Debug, PartialEq)]
pub struct ComponentCondition {
    #[k8s(protobuf = 1)]
    pub type_: String,
    #[k8s(protobuf = 2)]
    pub status: String,
    #[k8s(optional, protobuf = 3)]
    pub message: String,
    #[k8s(optional, protobuf = 4)]
    pub error: String,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(non_namespaced),
    lifecycle(introduced = "1.0"),
    plural = "componentstatuses",
    singular = "componentstatus",
    verbs = ["get", "list"],
    short_names = ["cs"]
)]
pub struct ComponentStatus {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(
        optional,
        patch_merge_key = "type",
        patch_strategy = "merge",
        list_type = "map",
        list_map_key = "type",
        protobuf = 2
    )]
    pub conditions: Vec<ComponentCondition>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"))]
pub struct ComponentStatusList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<ComponentStatus>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DownwardAPIVolumeSource {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub items: Vec<DownwardAPIVolumeFile>,
    #[k8s(protobuf = 2)]
    pub default_mode: Option<i32>,
    #[k8s(feature_gate = "AtomicWriteVolumeUserFields", protobuf = 3)]
    pub default_user: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DownwardAPIVolumeFile {
    #[k8s(protobuf = 1)]
    pub path: String,
    #[k8s(protobuf = 2)]
    pub field_ref: Option<ObjectFieldSelector>,
    #[k8s(protobuf = 3)]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    #[k8s(protobuf = 4)]
    pub mode: Option<i32>,
    #[k8s(feature_gate = "AtomicWriteVolumeUserFields", protobuf = 5)]
    pub user: Option<i64>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct DownwardAPIProjection {
    #[k8s(optional, list_type = "atomic", protobuf = 1)]
    pub items: Vec<DownwardAPIVolumeFile>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SecurityContext {
    #[k8s(protobuf = 1)]
    pub capabilities: Option<Capabilities>,
    #[k8s(protobuf = 2)]
    pub privileged: Option<bool>,
    #[k8s(protobuf = 3)]
    pub se_linux_options: Option<SELinuxOptions>,
    #[k8s(protobuf = 10)]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    #[k8s(protobuf = 4)]
    pub run_as_user: Option<i64>,
    #[k8s(protobuf = 8)]
    pub run_as_group: Option<i64>,
    #[k8s(protobuf = 5)]
    pub run_as_non_root: Option<bool>,
    #[k8s(protobuf = 6)]
    pub read_only_root_filesystem: Option<bool>,
    #[k8s(protobuf = 7)]
    pub allow_privilege_escalation: Option<bool>,
    #[k8s(protobuf = 9)]
    pub proc_mount: Option<ProcMountType>,
    #[k8s(protobuf = 11)]
    pub seccomp_profile: Option<SeccompProfile>,
    #[k8s(protobuf = 12)]
    pub app_armor_profile: Option<AppArmorProfile>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash)]
#[k8s(enum)]
pub enum ProcMountType {
    Default,
    Unmasked,
    Other(String),
}

impl Default for ProcMountType {
    fn default() -> Self {
        ProcMountType::Other(String::new())
    }
}

#[derive(ApiType, Debug, PartialEq)]
pub struct SELinuxOptions {
    #[k8s(optional, protobuf = 1)]
    pub user: String,
    #[k8s(optional, protobuf = 2)]
    pub role: String,
    #[k8s(optional, protobuf = 3)]
    pub type_: String,
    #[k8s(optional, protobuf = 4)]
    pub level: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct WindowsSecurityContextOptions {
    #[k8s(protobuf = 1)]
    pub gmsa_credential_spec_name: Option<String>,
    #[k8s(protobuf = 2)]
    pub gmsa_credential_spec: Option<String>,
    #[k8s(protobuf = 3)]
    pub run_as_user_name: Option<String>,
    #[k8s(protobuf = 4)]
    pub host_process: Option<bool>,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, lifecycle(introduced = "1.0"), verbs = [])]
pub struct RangeAllocation {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(protobuf = 2)]
    pub range: String,
    #[k8s(presence = "null", protobuf = 3)]
    pub data: ByteString,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Sysctl {
    #[k8s(protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub value: String,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct PortStatus {
    #[k8s(protobuf = 1)]
    pub port: i32,
    #[k8s(protobuf = 2)]
    pub protocol: Protocol,
    #[k8s(
        pattern = "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$",
        max_length = 316,
        protobuf = 3
    )]
    pub error: Option<String>,
}

pub const LOAD_BALANCER_IP_MODE_VIP: &str = "VIP";

pub const LOAD_BALANCER_IP_MODE_PROXY: &str = "Proxy";

#[derive(ApiType, Debug, PartialEq)]
pub struct ImageVolumeSource {
    #[k8s(optional, protobuf = 1)]
    pub reference: String,
    #[k8s(optional, protobuf = 2)]
    pub pull_policy: PullPolicy,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeAllocatableResourceClaimStatus {
    #[k8s(required, protobuf = 1)]
    pub resource_claim_name: String,
    #[k8s(optional, list_type = "set", protobuf = 2)]
    pub containers: Vec<String>,
    #[k8s(
        optional,
        patch_strategy = "merge",
        patch_merge_key = "name",
        list_type = "map",
        list_map_key = "name",
        protobuf = 4
    )]
    pub mapping: Vec<NodeAllocatableMappedResources>,
    #[k8s(
        optional,
        patch_strategy = "merge",
        patch_merge_key = "name",
        list_type = "map",
        list_map_key = "name",
        protobuf = 5
    )]
    pub overhead: Vec<NodeAllocatableOverheadResources>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeAllocatableMappedResources {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(presence = "null", protobuf = 2)]
    pub quantity: Option<Quantity>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct NodeAllocatableOverheadResources {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(protobuf = 2)]
    pub per_pod: Option<Quantity>,
    #[k8s(protobuf = 3)]
    pub per_container: Option<Quantity>,
}

pub const IMAGE_POLICY_FAILED_OPEN_KEY: &str = "alpha.image-policy.k8s.io/failed-open";

pub const MIRROR_POD_ANNOTATION_KEY: &str = "kubernetes.io/config.mirror";

pub const TOLERATIONS_ANNOTATION_KEY: &str = "scheduler.alpha.kubernetes.io/tolerations";

pub const TAINTS_ANNOTATION_KEY: &str = "scheduler.alpha.kubernetes.io/taints";

pub const SECCOMP_POD_ANNOTATION_KEY: &str = "seccomp.security.alpha.kubernetes.io/pod";

pub const SECCOMP_CONTAINER_ANNOTATION_KEY_PREFIX: &str =
    "container.seccomp.security.alpha.kubernetes.io/";

pub const SECCOMP_PROFILE_RUNTIME_DEFAULT: &str = "runtime/default";

pub const SECCOMP_PROFILE_NAME_UNCONFINED: &str = "unconfined";

pub const SECCOMP_LOCALHOST_PROFILE_NAME_PREFIX: &str = "localhost/";

pub const DEPRECATED_APP_ARMOR_BETA_CONTAINER_ANNOTATION_KEY_PREFIX: &str =
    "container.apparmor.security.beta.kubernetes.io/";

pub const DEPRECATED_APP_ARMOR_BETA_PROFILE_RUNTIME_DEFAULT: &str = "runtime/default";

pub const DEPRECATED_APP_ARMOR_BETA_PROFILE_NAME_PREFIX: &str = "localhost/";

pub const DEPRECATED_APP_ARMOR_BETA_PROFILE_NAME_UNCONFINED: &str = "unconfined";

pub const DEPRECATED_SECCOMP_PROFILE_DOCKER_DEFAULT: &str = "docker/default";

pub const PREFER_AVOID_PODS_ANNOTATION_KEY: &str = "scheduler.alpha.kubernetes.io/preferAvoidPods";

pub const OBJECT_TTL_ANNOTATION_KEY: &str = "node.alpha.kubernetes.io/ttl";

pub const NON_CONVERTIBLE_ANNOTATION_PREFIX: &str = "non-convertible.kubernetes.io";

pub const KUBECTL_PREFIX: &str = "kubectl.kubernetes.io/";

pub const ANNOTATION_LOAD_BALANCER_SOURCE_RANGES_KEY: &str =
    "service.beta.kubernetes.io/load-balancer-source-ranges";

pub const ENDPOINTS_LAST_CHANGE_TRIGGER_TIME: &str =
    "endpoints.kubernetes.io/last-change-trigger-time";

pub const ENDPOINTS_OVER_CAPACITY: &str = "endpoints.kubernetes.io/over-capacity";

pub const MIGRATED_PLUGINS_ANNOTATION_KEY: &str = "storage.alpha.kubernetes.io/migrated-plugins";

pub const POD_DELETION_COST: &str = "controller.kubernetes.io/pod-deletion-cost";

pub const DEPRECATED_ANNOTATION_TOPOLOGY_AWARE_HINTS: &str =
    "service.kubernetes.io/topology-aware-hints";

pub const ANNOTATION_TOPOLOGY_MODE: &str = "service.kubernetes.io/topology-mode";

pub const GROUP_NAME: &str = "";

pub const NAMESPACE_DEFAULT: &str = "default";

pub const NAMESPACE_ALL: &str = "";

pub const NAMESPACE_NODE_LEASE: &str = "kube-node-lease";

pub const BETA_STORAGE_CLASS_ANNOTATION: &str = "volume.beta.kubernetes.io/storage-class";

pub const MOUNT_OPTION_ANNOTATION: &str = "volume.beta.kubernetes.io/mount-options";

pub const TERMINATION_MESSAGE_PATH_DEFAULT: &str = "/dev/termination-log";

pub const POD_REASON_UNSCHEDULABLE: &str = "Unschedulable";

pub const POD_REASON_SCHEDULING_GATED: &str = "SchedulingGated";

pub const POD_REASON_SCHEDULER_ERROR: &str = "SchedulerError";

pub const POD_REASON_TERMINATION_BY_KUBELET: &str = "TerminationByKubelet";

pub const POD_REASON_PREEMPTION_BY_SCHEDULER: &str = "PreemptionByScheduler";

pub const POD_REASON_DEFERRED: &str = "Deferred";

pub const POD_REASON_INFEASIBLE: &str = "Infeasible";

pub const POD_REASON_ERROR: &str = "Error";

pub const SERVICE_EXTERNAL_TRAFFIC_POLICY_TYPE_LOCAL: &str = "Local";

pub const SERVICE_EXTERNAL_TRAFFIC_POLICY_TYPE_CLUSTER: &str = "Cluster";

pub const SERVICE_TRAFFIC_DISTRIBUTION_PREFER_SAME_ZONE: &str = "PreferSameZone";

pub const SERVICE_TRAFFIC_DISTRIBUTION_PREFER_SAME_NODE: &str = "PreferSameNode";

pub const SERVICE_TRAFFIC_DISTRIBUTION_PREFER_CLOSE: &str = "PreferClose";

pub const LOAD_BALANCER_PORTS_ERROR: &str = "LoadBalancerPortsError";

pub const LOAD_BALANCER_PORTS_ERROR_REASON: &str = "LoadBalancerMixedProtocolNotSupported";

pub const CLUSTER_IP_NONE: &str = "None";

pub const RESOURCE_DEFAULT_NAMESPACE_PREFIX: &str = "kubernetes.io/";

pub const RESOURCE_HUGE_PAGES_PREFIX: &str = "hugepages-";

pub const RESOURCE_ATTACHABLE_VOLUMES_PREFIX: &str = "attachable-volumes-";

pub const NAMESPACE_TERMINATING_CAUSE: &str = "NamespaceTerminating";

pub const LOG_STREAM_STDOUT: &str = "Stdout";

pub const LOG_STREAM_STDERR: &str = "Stderr";

pub const LOG_STREAM_ALL: &str = "All";

pub const EVENT_TYPE_NORMAL: &str = "Normal";

pub const EVENT_TYPE_WARNING: &str = "Warning";

pub const RESOURCE_CLAIMS_PER_CLASS: &str = ".deviceclass.resource.k8s.io/devices";

pub const RESOURCE_IMPLICIT_EXTENDED_CLAIMS_PER_CLASS: &str =
    "requests.deviceclass.resource.kubernetes.io/";

pub const RESOURCE_REQUESTS_HUGE_PAGES_PREFIX: &str = "requests.hugepages-";

pub const DEFAULT_RESOURCE_REQUESTS_PREFIX: &str = "requests.";

pub const SERVICE_ACCOUNT_NAME_KEY: &str = "kubernetes.io/service-account.name";

pub const SERVICE_ACCOUNT_UID_KEY: &str = "kubernetes.io/service-account.uid";

pub const SERVICE_ACCOUNT_TOKEN_KEY: &str = "token";

pub const SERVICE_ACCOUNT_KUBECONFIG_KEY: &str = "kubernetes.kubeconfig";

pub const SERVICE_ACCOUNT_ROOT_CA_KEY: &str = "ca.crt";

pub const SERVICE_ACCOUNT_NAMESPACE_KEY: &str = "namespace";

pub const DOCKER_CONFIG_KEY: &str = ".dockercfg";

pub const DOCKER_CONFIG_JSON_KEY: &str = ".dockerconfigjson";

pub const BASIC_AUTH_USERNAME_KEY: &str = "username";

pub const BASIC_AUTH_PASSWORD_KEY: &str = "password";

pub const SSH_AUTH_PRIVATE_KEY: &str = "ssh-privatekey";

pub const TLS_CERT_KEY: &str = "tls.crt";

pub const TLS_PRIVATE_KEY_KEY: &str = "tls.key";

pub const DEFAULT_SCHEDULER_NAME: &str = "default-scheduler";

pub const EXEC_STDIN_PARAM: &str = "input";

pub const EXEC_STDOUT_PARAM: &str = "output";

pub const EXEC_STDERR_PARAM: &str = "error";

pub const EXEC_TTY_PARAM: &str = "tty";

pub const EXEC_COMMAND_PARAM: &str = "command";

pub const STREAM_TYPE: &str = "streamType";

pub const STREAM_TYPE_STDIN: &str = "stdin";

pub const STREAM_TYPE_STDOUT: &str = "stdout";

pub const STREAM_TYPE_STDERR: &str = "stderr";

pub const STREAM_TYPE_DATA: &str = "data";

pub const STREAM_TYPE_ERROR: &str = "error";

pub const STREAM_TYPE_RESIZE: &str = "resize";

pub const PORT_HEADER: &str = "port";

pub const PORT_FORWARD_REQUEST_ID_HEADER: &str = "requestID";

pub const MIXED_PROTOCOL_NOT_SUPPORTED: &str = "MixedProtocolNotSupported";

pub const LABEL_HOSTNAME: &str = "kubernetes.io/hostname";

pub const ANNOTATION_PEER_ADVERTISE_ADDRESS: &str = "kubernetes.io/peer-advertise-address";

pub const LABEL_TOPOLOGY_ZONE: &str = "topology.kubernetes.io/zone";

pub const LABEL_TOPOLOGY_REGION: &str = "topology.kubernetes.io/region";

pub const LABEL_FAILURE_DOMAIN_BETA_ZONE: &str = "failure-domain.beta.kubernetes.io/zone";

pub const LABEL_FAILURE_DOMAIN_BETA_REGION: &str = "failure-domain.beta.kubernetes.io/region";

pub const LABEL_ZONE_FAILURE_DOMAIN: &str = "failure-domain.beta.kubernetes.io/zone";

pub const LABEL_ZONE_REGION: &str = "failure-domain.beta.kubernetes.io/region";

pub const LABEL_ZONE_FAILURE_DOMAIN_STABLE: &str = "topology.kubernetes.io/zone";

pub const LABEL_ZONE_REGION_STABLE: &str = "topology.kubernetes.io/region";

pub const LABEL_INSTANCE_TYPE: &str = "beta.kubernetes.io/instance-type";

pub const LABEL_INSTANCE_TYPE_STABLE: &str = "node.kubernetes.io/instance-type";

pub const LABEL_OS_STABLE: &str = "kubernetes.io/os";

pub const LABEL_ARCH_STABLE: &str = "kubernetes.io/arch";

pub const LABEL_WINDOWS_BUILD: &str = "node.kubernetes.io/windows-build";

pub const LABEL_NAMESPACE_SUFFIX_KUBELET: &str = "kubelet.kubernetes.io";

pub const LABEL_NAMESPACE_SUFFIX_NODE: &str = "node.kubernetes.io";

pub const LABEL_NAMESPACE_NODE_RESTRICTION: &str = "node-restriction.kubernetes.io";

pub const IS_HEADLESS_SERVICE: &str = "service.kubernetes.io/headless";

pub const LABEL_NODE_EXCLUDE_BALANCERS: &str =
    "node.kubernetes.io/exclude-from-external-load-balancers";

pub const LABEL_METADATA_NAME: &str = "kubernetes.io/metadata.name";

pub const TAINT_NODE_NOT_READY: &str = "node.kubernetes.io/not-ready";

pub const TAINT_NODE_UNREACHABLE: &str = "node.kubernetes.io/unreachable";

pub const TAINT_NODE_UNSCHEDULABLE: &str = "node.kubernetes.io/unschedulable";

pub const TAINT_NODE_MEMORY_PRESSURE: &str = "node.kubernetes.io/memory-pressure";

pub const TAINT_NODE_DISK_PRESSURE: &str = "node.kubernetes.io/disk-pressure";

pub const TAINT_NODE_NETWORK_UNAVAILABLE: &str = "node.kubernetes.io/network-unavailable";

pub const TAINT_NODE_PID_PRESSURE: &str = "node.kubernetes.io/pid-pressure";

pub const TAINT_NODE_OUT_OF_SERVICE: &str = "node.kubernetes.io/out-of-service";
