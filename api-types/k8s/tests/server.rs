//! The embedded API server serves Kubernetes' kinds after one call, `kapi_k8s::install`, and
//! the generated clients read and write them: what an operator's test needs for the children
//! it creates (Namespace, ConfigMap, Secret, Event, Lease, Pod, Deployment and its scale, Role),
//! and CustomResourceDefinitions.

use kapi::client::Config;
use kapi::meta::{
    ByteString, CreateOptions, GetOptions, ListOptions, MicroTime, ObjectMeta, StringMap,
    UpdateOptions,
};
use kapi_apiserver::{ApiServer, OpenApiDocuments};
use kapi_k8s::apps::v1::Deployment;
use kapi_k8s::coordination::v1::{Lease, LeaseSpec};
use kapi_k8s::core::v1::{
    ConfigMap, Container, DNSPolicy, Event, Namespace, ObjectReference, Pod, PodSpec, PullPolicy,
    RestartPolicy, Secret,
};
use kapi_k8s::generated::openapi_documents::{V2, V3};
use kapi_k8s::rbac::v1::{PolicyRule, Role};
use kapi_k8s::Clientset;
use std::collections::BTreeMap;

fn named(name: &str) -> ObjectMeta {
    ObjectMeta {
        name: name.into(),
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_serves_kubernetes_kinds() {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    let server = ApiServer::builder(scheme)
        .openapi(OpenApiDocuments::from_generated(V2, V3))
        .start()
        .await
        .expect("server");
    let clientset =
        Clientset::from_config(Config::new(server.url().parse().expect("url"))).expect("client");
    let core = clientset.core_v1();
    let create = CreateOptions::default();
    let get = GetOptions::default();

    let namespace = core
        .namespaces()
        .create(
            &Namespace {
                metadata: named("team-a"),
                ..Default::default()
            },
            &create,
        )
        .await
        .expect("Namespace");
    assert!(!namespace.metadata.uid.is_empty());

    core.config_maps("team-a")
        .create(
            &ConfigMap {
                metadata: named("settings"),
                data: StringMap::from([("mode", "fast")]),
                ..Default::default()
            },
            &create,
        )
        .await
        .expect("ConfigMap");
    let settings = core
        .config_maps("team-a")
        .get("settings", &get)
        .await
        .expect("get ConfigMap");
    assert_eq!(settings.data.get("mode"), Some("fast"));

    let secret = core
        .secrets("team-a")
        .create(
            &Secret {
                metadata: named("token"),
                data: BTreeMap::from([("token".to_string(), ByteString(b"s3cr3t".to_vec()))]),
                type_: "Opaque".into(),
                ..Default::default()
            },
            &create,
        )
        .await
        .expect("Secret");
    assert_eq!(secret.data["token"].0, b"s3cr3t");

    core.events("team-a")
        .create(
            &Event {
                metadata: named("settings.1"),
                involved_object: ObjectReference {
                    kind: "ConfigMap".into(),
                    namespace: "team-a".into(),
                    name: "settings".into(),
                    ..Default::default()
                },
                reason: "Created".into(),
                message: "settings created".into(),
                type_: "Normal".into(),
                count: 1,
                ..Default::default()
            },
            &create,
        )
        .await
        .expect("Event");
    let events = core
        .events("team-a")
        .list(&ListOptions::default())
        .await
        .expect("list Events");
    assert_eq!(events.items.len(), 1);

    let lease = clientset
        .coordination_v1()
        .leases("team-a")
        .create(
            &Lease {
                metadata: named("leader"),
                spec: LeaseSpec {
                    holder_identity: Some("pod-1".into()),
                    lease_duration_seconds: Some(15),
                    renew_time: Some(MicroTime::now()),
                    ..Default::default()
                },
            },
            &create,
        )
        .await
        .expect("Lease");
    assert_eq!(lease.spec.holder_identity.as_deref(), Some("pod-1"));

    // The server defaults as kube-apiserver does before it validates.
    let pod = core
        .pods("team-a")
        .create(
            &Pod {
                metadata: named("web"),
                spec: PodSpec {
                    containers: vec![Container {
                        name: "web".into(),
                        image: "nginx".into(),
                        ..Default::default()
                    }],
                    ..Default::default()
                },
                ..Default::default()
            },
            &create,
        )
        .await
        .expect("Pod");
    assert_eq!(pod.spec.restart_policy, RestartPolicy::Always);
    assert_eq!(pod.spec.dns_policy, DNSPolicy::ClusterFirst);
    assert_eq!(pod.spec.containers[0].image_pull_policy, PullPolicy::Always);

    let deployment = clientset
        .apps_v1()
        .deployments("team-a")
        .create(
            &Deployment {
                metadata: named("web"),
                spec: kapi_k8s::apps::v1::DeploymentSpec {
                    template: kapi_k8s::core::v1::PodTemplateSpec {
                        spec: pod.spec.clone(),
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
    assert_eq!(deployment.spec.replicas, Some(1));
    assert_eq!(deployment.spec.revision_history_limit, Some(10));

    // The scale subresource (kube-apiserver's registry, `k8s_registry.toml`), through the
    // client methods k8s.io/api's `+genclient:method=GetScale,...` declares.
    let deployments = clientset.apps_v1().deployments("team-a");
    let mut scale = deployments.get_scale("web").await.expect("get scale");
    assert_eq!(scale.spec.replicas, 1);
    scale.spec.replicas = 3;
    deployments
        .update_scale("web", &scale, &UpdateOptions::default())
        .await
        .expect("update scale");
    let scaled = deployments.get("web", &get).await.expect("get Deployment");
    assert_eq!(scaled.spec.replicas, Some(3));

    // A group beyond the first ports: RBAC.
    let role = clientset
        .rbac_v1()
        .roles("team-a")
        .create(
            &Role {
                metadata: named("reader"),
                rules: vec![PolicyRule {
                    verbs: vec!["get".into(), "list".into()],
                    api_groups: vec![String::new()],
                    resources: vec!["configmaps".into()],
                    ..Default::default()
                }],
            },
            &create,
        )
        .await
        .expect("Role");
    assert_eq!(role.rules[0].resources, ["configmaps"]);
}

/// apiextensions.k8s.io/v1 (imported from k8s.io/apiextensions-apiserver): a
/// CustomResourceDefinition whose schema uses the union types' JSON forms is refused where
/// kube-apiserver refuses them, then created and read back without those, defaulted as
/// kube-apiserver does and otherwise unchanged, through the generated client.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_serves_custom_resource_definitions() {
    use kapi_k8s::apiextensions::v1::{
        CustomResourceConversion, CustomResourceDefinition, CustomResourceDefinitionNames,
        CustomResourceDefinitionSpec, CustomResourceDefinitionVersion, CustomResourceValidation,
        JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
        JSONSchemaPropsOrStringArray, JSON,
    };
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    let server = ApiServer::builder(scheme).start().await.expect("server");
    let clientset =
        Clientset::from_config(Config::new(server.url().parse().expect("url"))).expect("client");
    let string = || JSONSchemaProps {
        type_: "string".into(),
        ..Default::default()
    };
    let schema = JSONSchemaProps {
        type_: "object".into(),
        properties: BTreeMap::from([
            (
                "tags".to_string(),
                JSONSchemaProps {
                    type_: "array".into(),
                    items: Some(Box::new(JSONSchemaPropsOrArray {
                        schema: Some(Box::new(string())),
                        json_schemas: Vec::new(),
                    })),
                    ..Default::default()
                },
            ),
            (
                "mode".to_string(),
                JSONSchemaProps {
                    default: Some(JSON {
                        raw: ByteString(br#""fast""#.to_vec()),
                    }),
                    ..string()
                },
            ),
        ]),
        additional_properties: Some(Box::new(JSONSchemaPropsOrBool {
            allows: false,
            schema: None,
        })),
        dependencies: BTreeMap::from([(
            "mode".to_string(),
            JSONSchemaPropsOrStringArray {
                schema: None,
                property: vec!["tags".into()],
            },
        )]),
        ..Default::default()
    };
    let crd = CustomResourceDefinition {
        metadata: named("widgets.example.com"),
        spec: CustomResourceDefinitionSpec {
            group: "example.com".into(),
            names: CustomResourceDefinitionNames {
                plural: "widgets".into(),
                kind: "Widget".into(),
                ..Default::default()
            },
            scope: "Namespaced".into(),
            versions: vec![CustomResourceDefinitionVersion {
                name: "v1".into(),
                served: true,
                storage: true,
                schema: Some(CustomResourceValidation {
                    open_apiv3_schema: Some(schema),
                }),
                ..Default::default()
            }],
            ..Default::default()
        },
        ..Default::default()
    };
    let crds = clientset.apiextensions_v1().custom_resource_definitions();
    // Two of the union forms read back fine but are refused in a v1 CRD's structural
    // schema, as kube-apiserver refuses them (apiextensions' validation).
    let refused = crds
        .create(&crd, &CreateOptions::default())
        .await
        .expect_err("kube-apiserver refuses this schema")
        .to_string();
    for cause in [
        "spec.versions[0].schema.openAPIV3Schema.dependencies: Forbidden: dependencies is not supported",
        "spec.versions[0].schema.openAPIV3Schema.additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive",
    ] {
        assert!(refused.contains(cause), "{refused}");
    }
    let mut crd = crd;
    if let Some(schema) = crd.spec.versions[0]
        .schema
        .as_mut()
        .and_then(|v| v.open_apiv3_schema.as_mut())
    {
        schema.additional_properties = None;
        schema.dependencies.clear();
    }
    let created = crds
        .create(&crd, &CreateOptions::default())
        .await
        .expect("create CustomResourceDefinition");
    assert!(!created.metadata.uid.is_empty());
    let got = crds
        .get("widgets.example.com", &GetOptions::default())
        .await
        .expect("get CustomResourceDefinition");
    // kube-apiserver's defaults (`src/apiextensions/v1_defaults.rs`), and nothing else.
    let mut want = crd.spec.clone();
    want.names.singular = "widget".into();
    want.names.list_kind = "WidgetList".into();
    want.conversion = Some(CustomResourceConversion {
        strategy: "None".into(),
        webhook: None,
    });
    assert_eq!(got.spec, want);
    assert_eq!(got.status.stored_versions, ["v1"]);
    let listed = crds
        .list(&ListOptions::default())
        .await
        .expect("list CustomResourceDefinitions");
    assert_eq!(listed.items.len(), 1);
}
