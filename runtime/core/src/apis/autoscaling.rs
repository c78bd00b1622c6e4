//! autoscaling: `v1::Scale`, the body of every `scale` subresource
//! (`GET`/`PUT`/`PATCH .../{name}/scale`), written with kapi's markers like the meta types so
//! codegen describes it (OpenAPI) from the same model as everything else.

/// autoscaling/v1, the group-version Kubernetes serves `Scale` in.
pub mod v1 {
    use crate::meta::ObjectMeta;
    use crate::ApiType;

    crate::group_version! {
        group_name = "autoscaling",
        version = "v1",
        group_go_name = "Autoscaling",
        protobuf_package = "k8s.io.api.autoscaling.v1",
    }

    const SCALE: crate::scheme::KindMeta =
        crate::scheme::KindMeta::unserved("Scale", crate::scheme::KindShape::Simple);

    /// Registers `Scale`, so servers and clients of scale subresources can decode and
    /// encode it through a scheme. A scheme that has autoscaling/v1 Scale already (from an
    /// API crate that ships autoscaling/v1, as kapi-k8s does) keeps it: the wire form is the
    /// same.
    pub fn add_to_scheme(scheme: &mut crate::Scheme) -> Result<(), crate::scheme::SchemeError> {
        let gvk = crate::scheme::GroupVersionKind::new("autoscaling", "v1", "Scale");
        if scheme.recognizes(&gvk) {
            return Ok(());
        }
        scheme.add_unconverted::<Scale>(&SCALE, crate::__private::kind_hooks!(Scale))
    }

    /// The replica count of a scalable resource, as read and written through its `scale`
    /// subresource.
    // A kind without a REST resource of its own: it only travels through subresources.
    #[derive(ApiType, Debug, PartialEq)]
    #[k8s(simple_kind)]
    pub struct Scale {
        /// The metadata of the scaled object.
        #[k8s(optional, protobuf = 1)]
        pub metadata: ObjectMeta,
        /// The desired number of replicas.
        #[k8s(optional, protobuf = 2)]
        pub spec: ScaleSpec,
        /// The observed number of replicas; read-only.
        #[k8s(optional, protobuf = 3)]
        pub status: ScaleStatus,
    }

    /// The desired state of a scale.
    #[derive(ApiType, Debug, PartialEq)]
    pub struct ScaleSpec {
        /// The desired number of replicas of the scaled object.
        #[k8s(optional, protobuf = 1)]
        pub replicas: i32,
    }

    /// The observed state of a scale.
    #[derive(ApiType, Debug, PartialEq)]
    pub struct ScaleStatus {
        /// The number of replicas observed.
        #[k8s(protobuf = 1)]
        pub replicas: i32,
        /// The label selector of the replicas in string form (`a=b,c in (d)`), as the
        /// horizontal pod autoscaler reads it.
        #[k8s(optional, protobuf = 2)]
        pub selector: String,
    }
}
