//! Kubernetes' own API groups as kapi types: one module per group-version
//! (`kapi_k8s::core::v1::Pod`, `kapi_k8s::apps::v1::Deployment`), each behind its own cargo
//! feature (`core-v1`, `apps-v1`, ...; `stable` for every GA group-version), with what
//! `cargo xtask codegen` writes for them: scheme registration, OpenAPI, `.proto` files,
//! clientsets, apply configurations, listers and informers.
//!
//! A test server that serves these kinds takes one call:
//! `kapi_k8s::install(&mut scheme)` registers every enabled group-version.

// BEGIN imported by `cargo xtask import-k8s`: do not edit by hand.

pub mod admission;
pub mod admissionregistration;
pub mod apidiscovery;
pub mod apiextensions;
pub mod apiserverinternal;
pub mod apps;
pub mod authentication;
pub mod authorization;
pub mod autoscaling;
pub mod batch;
pub mod certificates;
pub mod coordination;
pub mod core;
pub mod discovery;
pub mod events;
pub mod extensions;
pub mod flowcontrol;
pub mod imagepolicy;
pub mod lifecycle;
pub mod networking;
pub mod node;
pub mod policy;
pub mod rbac;
pub mod resource;
pub mod scheduling;
pub mod storage;
pub mod storagemigration;

kapi::feature_gates! {
    AtomicWriteVolumeUserFields: Alpha = false,
    CRDObservedGenerationTracking: Beta = true,
    CRDValidationRatcheting: GA = true,
    CSIServiceAccountTokenSecrets: GA = true,
    CSIStorageCapacity: GA = true,
    CSIVolumeHealth: Alpha = false,
    ClusterTrustBundleProjection: GA = true,
    CompositePodGroup: Alpha = false,
    ContainerRestartRules: Beta = true,
    ContainerStopSignals: Alpha = false,
    CoordinatedLeaderElection: Beta = false,
    CrossNamespaceVolumeDataSource: Alpha = false,
    CustomResourceFieldSelectors: GA = true,
    DRAAdminAccess: GA = true,
    DRAConsumableCapacity: Beta = true,
    DRADeviceTaints: GA = true,
    DRAExtendedResource: GA = true,
    DRAListTypeAttributes: Alpha = false,
    DRANodeAllocatableResources: Alpha = false,
    DRAOptionalNodeOperations: Alpha = false,
    DRAPartitionableDevices: Beta = true,
    DRAPartitionableDevicesType: Alpha = false,
    DRAPrioritizedList: GA = true,
    DRAResourceClaimDeviceStatus: GA = true,
    DRAWorkloadResourceClaims: Beta = false,
    DynamicResourceAllocation: GA = true,
    EmptyDirVolumeMode: Alpha = false,
    EnvFiles: Beta = true,
    EvictionRequestAPI: Alpha = false,
    GRPCContainerProbeTLS: Alpha = false,
    GenericWorkload: Beta = false,
    H2CContainerProbe: Alpha = false,
    HPAConfigurableTolerance: GA = true,
    HostnameOverride: GA = true,
    ImageVolumeWithDigest: Alpha = false,
    InPlacePodLevelResourcesVerticalScaling: Beta = true,
    InPlacePodVerticalScaling: GA = true,
    InPlacePodVerticalScalingSchedulerPreemption: Alpha = false,
    MaxUnavailableStatefulSet: Beta = true,
    MutableCSINodeAllocatableCount: GA = true,
    NodeDeclaredFeatures: GA = true,
    PodCertificateProjection: GA = true,
    PodGroupPreemptionPolicy: Alpha = false,
    PodLevelResources: Beta = true,
    PodLogsQuerySplitStreams: Alpha = false,
    ResourceHealthStatus: Beta = true,
    ResourceHealthStatusMessage: Beta = true,
    SELinuxChangePolicy: GA = true,
    SELinuxMountReadWriteOncePod: GA = true,
    StatefulSetRecreateStrategy: Alpha = false,
    SupplementalGroupsPolicy: GA = true,
    TopologyAwareHints: GA = true,
    TopologyAwareWorkloadScheduling: Alpha = false,
    VolumeAttributesClass: GA = true,
    VolumeBindMountOptions: Alpha = false,
    VolumeLimitScaling: Beta = true,
    WorkloadWithJob: Alpha = false,
}

// END imported by `cargo xtask import-k8s`.

#[rustfmt::skip]
#[path = "../generated/mod.rs"]
pub mod generated;

pub use generated::clientset::{scheme, Clientset};
pub use generated::informers::SharedInformerFactory;
pub use generated::register::install;
