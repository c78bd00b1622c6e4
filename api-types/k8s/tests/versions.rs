//! A kind served in several versions (kapi-k8s ships versioned types only, no internal
//! hub): the embedded server stores one version and answers in any other where the
//! versions agree on the object's fields, as Kubernetes' field-for-field conversions do;
//! an object the other version cannot hold is refused with the field named, never served
//! with a loss.

use kapi::client::Config;
use kapi::meta::{CreateOptions, GetOptions, ListOptions, ObjectMeta};
use kapi_apiserver::ApiServer;
use kapi_k8s::autoscaling::v2::{
    CrossVersionObjectReference, HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec, MetricSpec,
    MetricTarget, ResourceMetricSource,
};
use kapi_k8s::networking::{v1, v1beta1};
use kapi_k8s::Clientset;

fn named(name: &str) -> ObjectMeta {
    ObjectMeta {
        name: name.into(),
        ..Default::default()
    }
}

async fn clientset() -> (ApiServer, Clientset) {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    let server = ApiServer::builder(scheme).start().await.expect("server");
    let clientset =
        Clientset::from_config(Config::new(server.url().parse().expect("url"))).expect("client");
    (server, clientset)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn versions_of_one_shape_read_each_others_objects() {
    let (_server, clientset) = clientset().await;
    let get = GetOptions::default();
    let parameters = |kind: &str| (Some("example.com".to_string()), kind.to_string());

    let (api_group, kind) = parameters("Params");
    clientset
        .networking_v1()
        .ingress_classes()
        .create(
            &v1::IngressClass {
                metadata: named("nginx"),
                spec: v1::IngressClassSpec {
                    controller: "example.com/ingress".into(),
                    parameters: Some(v1::IngressClassParametersReference {
                        api_group,
                        kind,
                        name: "defaults".into(),
                        scope: Some("Cluster".into()),
                        ..Default::default()
                    }),
                },
            },
            &CreateOptions::default(),
        )
        .await
        .expect("create through v1");
    let beta = clientset
        .networking_v1beta1()
        .ingress_classes()
        .get("nginx", &get)
        .await
        .expect("read through v1beta1");
    assert_eq!(beta.spec.controller, "example.com/ingress");
    let reference = beta.spec.parameters.expect("parameters kept");
    assert_eq!((reference.api_group, reference.kind), parameters("Params"));
    assert_eq!(reference.scope.as_deref(), Some("Cluster"));

    // Written in the version that is not stored, read back in the stored one.
    clientset
        .networking_v1beta1()
        .ingress_classes()
        .create(
            &v1beta1::IngressClass {
                metadata: named("traefik"),
                spec: v1beta1::IngressClassSpec {
                    controller: "example.com/traefik".into(),
                    ..Default::default()
                },
            },
            &CreateOptions::default(),
        )
        .await
        .expect("create through v1beta1");
    let names: Vec<String> = clientset
        .networking_v1()
        .ingress_classes()
        .list(&ListOptions::default())
        .await
        .expect("list through v1")
        .items
        .into_iter()
        .map(|class| class.metadata.name)
        .collect();
    assert_eq!(names, ["nginx", "traefik"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_object_the_other_version_cannot_hold_is_refused_by_field() {
    let (_server, clientset) = clientset().await;
    let hpa = |name: &str, metrics: Vec<MetricSpec>| HorizontalPodAutoscaler {
        metadata: named(name),
        spec: HorizontalPodAutoscalerSpec {
            scale_target_ref: CrossVersionObjectReference {
                kind: "Deployment".into(),
                name: "web".into(),
                api_version: "apps/v1".into(),
            },
            min_replicas: Some(1),
            max_replicas: 5,
            metrics,
            behavior: None,
        },
        ..Default::default()
    };
    let v2 = clientset.autoscaling_v2();
    let create = CreateOptions::default();
    v2.horizontal_pod_autoscalers("default")
        .create(&hpa("plain", Vec::new()), &create)
        .await
        .expect("create plain");
    let cpu = MetricSpec {
        type_: "Resource".into(),
        resource: Some(ResourceMetricSource {
            name: "cpu".into(),
            target: MetricTarget {
                type_: "Utilization".into(),
                average_utilization: Some(80),
                ..Default::default()
            },
        }),
        ..Default::default()
    };
    v2.horizontal_pod_autoscalers("default")
        .create(&hpa("by-cpu", vec![cpu]), &create)
        .await
        .expect("create with metrics");

    let v1 = clientset.autoscaling_v1();
    let plain = v1
        .horizontal_pod_autoscalers("default")
        .get("plain", &GetOptions::default())
        .await
        .expect("v1 holds every field of this one");
    assert_eq!(plain.spec.max_replicas, 5);
    assert_eq!(plain.spec.scale_target_ref.name, "web");

    let refused = v1
        .horizontal_pod_autoscalers("default")
        .get("by-cpu", &GetOptions::default())
        .await
        .expect_err("v1 has no metrics")
        .to_string();
    assert!(
        refused.contains("autoscaling/v1 has no field spec.metrics"),
        "{refused}"
    );
}
