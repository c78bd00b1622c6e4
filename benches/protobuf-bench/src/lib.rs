//! prost-build's code for the protos kapi-codegen writes for api-types (and a core/v1
//! ConfigMap, `proto/configmap.proto`): the baseline `benches/protobuf.rs` measures kapi's
//! derived codec against. Modules follow the proto packages: `k8s::io::api::core::v1`,
//! `k8s::io::apimachinery::pkg::apis::meta::v1`, `com::example::frob::v1`, ...

pub mod objects;

/// prost-build's output, one module per proto package.
#[allow(clippy::all, clippy::pedantic, missing_docs)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/protos.rs"));
}

pub use generated::*;
