//! The operator `cargo xtask k8s-bench` compiles to time what a kind's client and informer
//! cost in the crate that uses them (`xtask/templates/k8s_operator.rs`), run against the
//! embedded server: its pass over four kinds reads, writes, patches, lists, creates and
//! deletes each, and its informers cache what the server holds.

#[path = "../../../xtask/templates/k8s_operator.rs"]
mod operator;

use kapi::client::{Config, Encoding};
use kapi::meta::{CreateOptions, GetOptions, ObjectMeta};
use kapi_apiserver::ApiServer;
use kapi_k8s::apps::v1::{Deployment, DeploymentSpec};
use kapi_k8s::core::v1::{
    ConfigMap, Container, Pod, PodSpec, PodTemplateSpec, Service, ServicePort, ServiceSpec,
};
use kapi_k8s::SharedInformerFactory;

fn named(name: &str) -> ObjectMeta {
    ObjectMeta {
        name: name.into(),
        namespace: "team-a".into(),
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_benchmarked_operator_works_on_four_kinds_in_json() {
    operator_pass(Encoding::Json).await;
}

/// Typed clients read and write protobuf through the kinds' own codecs: the clientset's
/// scheme knows none of these kinds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_benchmarked_operator_works_on_four_kinds_in_protobuf() {
    use kapi::TypeInfo;
    assert!(Pod::protobuf_codec().is_some() && Deployment::protobuf_codec().is_some());
    operator_pass(Encoding::Protobuf).await;
}

async fn operator_pass(encoding: Encoding) {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    let server = ApiServer::builder(scheme).start().await.expect("server");
    let mut config = Config::new(server.url().parse().expect("url"));
    config.encoding = encoding;
    let clientset = operator::connect(config).expect("client");
    assert!(
        clientset.client().scheme().gvk_of::<Pod>().is_none(),
        "from_config registers no kind of kapi-k8s"
    );
    let create = CreateOptions::default();
    let pod_spec = PodSpec {
        containers: vec![Container {
            name: "web".into(),
            image: "nginx".into(),
            ..Default::default()
        }],
        ..Default::default()
    };
    let apps = clientset.apps_v1();
    let core = clientset.core_v1();
    apps.deployments("team-a")
        .create(
            &Deployment {
                metadata: named("web"),
                spec: DeploymentSpec {
                    template: PodTemplateSpec {
                        spec: pod_spec.clone(),
                        ..Default::default()
                    },
                    ..Default::default()
                },
                ..Default::default()
            },
            &create,
        )
        .await
        .expect("Deployment");
    core.pods("team-a")
        .create(
            &Pod {
                metadata: named("web"),
                spec: pod_spec,
                ..Default::default()
            },
            &create,
        )
        .await
        .expect("Pod");
    core.config_maps("team-a")
        .create(
            &ConfigMap {
                metadata: named("web"),
                ..Default::default()
            },
            &create,
        )
        .await
        .expect("ConfigMap");
    core.services("team-a")
        .create(
            &Service {
                metadata: named("web"),
                spec: ServiceSpec {
                    ports: vec![ServicePort {
                        port: 80,
                        ..Default::default()
                    }],
                    ..Default::default()
                },
                ..Default::default()
            },
            &create,
        )
        .await
        .expect("Service");

    let listed = operator::reconcile(clientset.clone(), "team-a".into(), "web".into())
        .await
        .expect("the operator's pass");
    // Each list ran before the kind's copy was created: one object per kind.
    assert_eq!(listed, 4);
    let get = GetOptions::default();
    let deployment = apps
        .deployments("team-a")
        .get("web", &get)
        .await
        .expect("get");
    let pod = core.pods("team-a").get("web", &get).await.expect("get");
    let config_map = core
        .config_maps("team-a")
        .get("web", &get)
        .await
        .expect("get");
    let service = core.services("team-a").get("web", &get).await.expect("get");
    for labels in [
        &deployment.metadata.labels,
        &pod.metadata.labels,
        &config_map.metadata.labels,
        &service.metadata.labels,
    ] {
        assert_eq!(labels.get("operator"), Some("seen"));
    }
    // The copies were deleted again.
    let copy = core.pods("team-a").get("web-copy", &get).await;
    assert!(copy.is_err(), "{copy:?}");

    let factory = SharedInformerFactory::from_clientset(&clientset);
    assert_eq!(operator::cached(factory.clone()).await, Some(4));
    factory.shutdown();
}
