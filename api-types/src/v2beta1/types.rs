use super::GROUP_VERSION;
use kapi::meta::{Condition, LabelSelector, ListMeta, ObjectMeta, Quantity};
use kapi::ApiType;
use std::collections::BTreeMap;

/// A Frobber frobs things, in as many replicas as asked.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(
    kind,
    gen_client(method(name = "GetScale", verb = "get", subresource = "scale", result = "Scale")),
    short_names = ["fb"],
    categories = ["all", "frob"],
    subresource_status,
    subresource_scale(
        spec_replicas_path = ".spec.replicas",
        status_replicas_path = ".status.replicas",
        label_selector_path = ".status.selector"
    ),
    print_column(name = "Height", type = "integer", json_path = ".spec.height"),
    print_column(name = "Replicas", type = "integer", json_path = ".status.replicas"),
    print_column(name = "Age", type = "date", json_path = ".metadata.creationTimestamp"),
    validating_webhook,
    mutating_webhook,
    lifecycle(introduced = "1.24", deprecated = "1.30")
)]
pub struct Frobber {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    /// What the user wants.
    #[k8s(optional, protobuf = 2)]
    pub spec: FrobberSpec,
    /// What the controller observed.
    #[k8s(protobuf = 3)]
    pub status: Option<FrobberStatus>,
}

/// A page of Frobbers.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct FrobberList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<Frobber>,
}

/// The desired state of a Frobber.
#[derive(ApiType, Debug, PartialEq)]
pub struct FrobberSpec {
    /// How tall each frob is, in frob units.
    #[k8s(minimum = 1, maximum = 1000, protobuf = 1)]
    pub height: i32,
    /// How wide each frob is; only with the Frobber2D gate.
    #[k8s(feature_gate = "Frobber2D", minimum = 0, protobuf = 2)]
    pub width: Option<i32>,
    /// How many frobbers to run.
    #[k8s(default = 1, minimum = 0, protobuf = 3)]
    pub replicas: Option<i32>,
    /// What to do when a frob fails.
    #[k8s(default = "Always", protobuf = 4)]
    pub restart_policy: Option<RestartPolicy>,
    /// One parameter passed to each frob. Deprecated: use `params`; kept in sync with
    /// `params[0]` so v1 clients keep working.
    #[k8s(max_length = 256, protobuf = 5)]
    pub param: Option<String>,
    /// Parameters passed to each frob.
    #[k8s(optional, list_type = "atomic", max_items = 32, protobuf = 6)]
    pub params: Vec<String>,
    /// Ports each frob listens on, keyed by name.
    #[k8s(
        optional,
        list_type = "map",
        list_map_key = "name",
        patch_strategy = "merge",
        patch_merge_key = "name",
        max_items = 16,
        protobuf = 7
    )]
    pub ports: Vec<FrobberPort>,
    /// Where frobs send their output.
    #[k8s(protobuf = 8)]
    pub backend: Option<FrobberBackend>,
    /// Memory each frob may use.
    #[k8s(default = "128Mi", protobuf = 9)]
    pub memory: Option<Quantity>,
    /// Which pods count as this Frobber's frobs.
    #[k8s(protobuf = 10)]
    pub selector: Option<LabelSelector>,
    /// The FrobberClass to use.
    #[k8s(
        optional,
        max_length = 253,
        format = "dns1123-subdomain",
        protobuf = 11
    )]
    pub class_name: String,
    /// Free-form labels passed to the frobs.
    #[k8s(optional, map_type = "granular", protobuf = 12)]
    pub frob_labels: kapi::meta::StringMap,
}

/// A named port.
#[derive(ApiType, Debug, PartialEq)]
pub struct FrobberPort {
    #[k8s(required, max_length = 63, format = "dns1123-label", protobuf = 1)]
    pub name: String,
    #[k8s(minimum = 1, maximum = 65535, protobuf = 2)]
    pub port: i32,
    #[k8s(default = "TCP", protobuf = 3)]
    pub protocol: Option<Protocol>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default)]
#[k8s(enum)]
pub enum Protocol {
    #[default]
    #[k8s(rename = "TCP")]
    Tcp,
    #[k8s(rename = "UDP")]
    Udp,
    /// A value this version does not know, kept as sent.
    Other(String),
}

/// How a frob is restarted.
#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default)]
#[k8s(enum)]
pub enum RestartPolicy {
    /// Always restart.
    #[default]
    Always,
    /// Restart only on failure.
    OnFailure,
    /// Never restart.
    Never,
    /// Restart on Tuesdays; only with the FrobberRestartPolicyOnTuesday gate.
    #[k8s(feature_gate = "FrobberRestartPolicyOnTuesday")]
    OnTuesday,
    /// A value this version does not know, kept as sent.
    Other(String),
}

/// Exactly one destination for a frob's output, named by `type`.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct FrobberBackend {
    /// Which member is set.
    #[k8s(union_discriminator, rename = "type", protobuf = 1)]
    pub type_: BackendType,
    #[k8s(protobuf = 2)]
    pub service: Option<ServiceBackend>,
    #[k8s(protobuf = 3)]
    pub bucket: Option<BucketBackend>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default)]
#[k8s(enum)]
pub enum BackendType {
    #[default]
    Service,
    Bucket,
    /// A value this version does not know, kept as sent.
    Other(String),
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceBackend {
    #[k8s(required, protobuf = 1)]
    pub name: String,
    #[k8s(minimum = 1, maximum = 65535, protobuf = 2)]
    pub port: Option<i32>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct BucketBackend {
    #[k8s(required, protobuf = 1)]
    pub url: String,
}

/// The observed state of a Frobber.
#[derive(ApiType, Debug, PartialEq)]
pub struct FrobberStatus {
    /// Frobs running now.
    #[k8s(optional, protobuf = 1)]
    pub replicas: i32,
    /// The label selector of the frobs, in string form (for the scale subresource).
    #[k8s(optional, protobuf = 2)]
    pub selector: String,
    /// The generation this status describes.
    #[k8s(optional, protobuf = 3)]
    pub observed_generation: i64,
    #[k8s(optional, list_type = "map", list_map_key = "type", protobuf = 4)]
    pub conditions: Vec<Condition>,
}

/// A cluster-wide class of Frobbers, like a StorageClass.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind, gen_client(non_namespaced), short_names = ["fbc"], print_column(name = "Max", type = "integer", json_path = ".spec.maxReplicas"))]
pub struct FrobberClass {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ObjectMeta,
    #[k8s(optional, protobuf = 2)]
    pub spec: FrobberClassSpec,
}

#[derive(ApiType, Debug, PartialEq)]
#[k8s(kind)]
pub struct FrobberClassList {
    #[k8s(optional, protobuf = 1)]
    pub metadata: ListMeta,
    #[k8s(protobuf = 2)]
    pub items: Vec<FrobberClass>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct FrobberClassSpec {
    /// What the class is for.
    #[k8s(optional, protobuf = 1)]
    pub description: String,
    /// The most replicas a Frobber of this class may ask for.
    #[k8s(default = 10, minimum = 1, protobuf = 2)]
    pub max_replicas: Option<i32>,
    /// Settings passed to every Frobber of the class.
    #[k8s(optional, protobuf = 3)]
    pub parameters: BTreeMap<String, String>,
    /// Immutable once set.
    #[k8s(required, immutable, protobuf = 4)]
    pub provisioner: String,
}
