//! Kubernetes' own API groups that kapi ships, one module per group and one per version
//! inside it (`kapi::apis::autoscaling::v1::Scale`), written with kapi's markers like the
//! meta types so codegen describes them from the same model as everything else.

pub mod autoscaling;
