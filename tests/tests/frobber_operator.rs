//! An operator against the embedded API server: a Frobber controller (the example API) that
//! owns a Deployment (`kapi_k8s::apps::v1`) through the generated Deployment client, lister
//! and informer. A Frobber gets a Deployment with its owner reference; a spec change reaches
//! the Deployment; the Deployment's status comes back into the Frobber's; deleting the
//! Frobber deletes its Deployment (the garbage collector's part: the embedded server runs no
//! controllers, so this one does it, and the test plays the Deployment controller).

use api_types::generated::informers::SharedInformerFactory;
use api_types::v1::{Frobber, FrobberSpec, FrobberStatus};
use kapi::cache::{key_of, split_key, EventHandlerFns};
use kapi::client::{Client, Config, Error};
use kapi::meta::{
    CreateOptions, DeleteOptions, GetOptions, ObjectMeta, OwnerReference, UpdateOptions,
};
use kapi_k8s::apps::v1::generated::informers::AppsV1Informers;
use kapi_k8s::apps::v1::{Deployment, DeploymentSpec, DeploymentStatus};
use kapi_k8s::core::v1::{Container, PodSpec, PodTemplateSpec};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, watch};

const NAMESPACE: &str = "default";

/// Both APIs' clientsets over one connection whose scheme knows both.
#[derive(Clone)]
struct Clients {
    frob: api_types::generated::clientset::Clientset,
    k8s: kapi_k8s::Clientset,
}

impl Clients {
    fn new(url: &str) -> Clients {
        let mut scheme = kapi_k8s::scheme().expect("Kubernetes' kinds register");
        api_types::install(&mut scheme).expect("the example API registers");
        let config = Config::new(url.parse().expect("server URL"));
        let client = Client::new(config, Arc::new(scheme)).expect("client");
        Clients {
            frob: api_types::generated::clientset::Clientset::new(client.clone()),
            k8s: kapi_k8s::Clientset::new(client),
        }
    }
}

/// The Frobber controlling `deployment`, by its controller owner reference.
fn controlling_frobber(deployment: &Deployment) -> Option<&OwnerReference> {
    deployment.metadata.owner_references.iter().find(|r| {
        r.controller == Some(true) && r.kind == "Frobber" && r.api_version == "frob.example.com/v1"
    })
}

/// The Deployment a Frobber asks for: its replicas of one frob container, owned by it.
fn desired_deployment(frobber: &Frobber) -> Deployment {
    let labels = BTreeMap::from([("frobber".to_string(), frobber.metadata.name.clone())]);
    Deployment {
        metadata: ObjectMeta {
            name: frobber.metadata.name.clone(),
            namespace: frobber.metadata.namespace.clone(),
            owner_references: vec![OwnerReference {
                api_version: "frob.example.com/v1".into(),
                kind: "Frobber".into(),
                name: frobber.metadata.name.clone(),
                uid: frobber.metadata.uid.clone(),
                controller: Some(true),
                block_owner_deletion: Some(true),
            }],
            ..Default::default()
        },
        spec: DeploymentSpec {
            replicas: frobber.spec.replicas,
            selector: Some(kapi::meta::LabelSelector {
                match_labels: labels.clone().into_iter().collect(),
                ..Default::default()
            }),
            template: PodTemplateSpec {
                metadata: ObjectMeta {
                    labels: labels.into_iter().collect(),
                    ..Default::default()
                },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "frob".into(),
                        image: format!("frob:{}", frobber.spec.height),
                        ..Default::default()
                    }],
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        ..Default::default()
    }
}

/// What the controller sets in a Deployment's spec: the server defaults the rest, so only
/// these are compared.
fn owned_fields(spec: &DeploymentSpec) -> (Option<i32>, Vec<(&str, &str)>) {
    let containers = spec.template.spec.containers.iter();
    (
        spec.replicas,
        containers
            .map(|c| (c.name.as_str(), c.image.as_str()))
            .collect(),
    )
}

/// Watches Frobbers and the Deployments they own, and reconciles each Frobber whose own or
/// whose Deployment's state changed, until `stop` turns true.
async fn run(clients: Clients, mut stop: watch::Receiver<bool>) -> Result<(), Error> {
    let factory = SharedInformerFactory::from_clientset(&clients.frob).with_namespace(NAMESPACE);
    let frobbers = factory.frob_v1().frobbers();
    // One factory, so one connection and one start for both APIs' informers.
    let deployments = AppsV1Informers::new(factory.factory().clone()).deployments();

    let (queue, mut keys) = mpsc::unbounded_channel::<String>();
    let send = |queue: &mpsc::UnboundedSender<String>| {
        let queue = queue.clone();
        move |key: String| {
            let _ = queue.send(key);
        }
    };
    let (add, update, delete) = (send(&queue), send(&queue), send(&queue));
    frobbers.informer().add_event_handler(
        EventHandlerFns::new()
            .on_add(move |f: &Arc<Frobber>, _| add(key_of(f.as_ref())))
            .on_update(move |_, f: &Arc<Frobber>| update(key_of(f.as_ref())))
            .on_delete(move |f| delete(key_of(f.object().as_ref()))),
    );
    // A Deployment's change queues its owner, as controller-runtime's `Owns` does.
    let owner_key = |d: &Deployment| {
        controlling_frobber(d).map(|r| format!("{}/{}", d.metadata.namespace, r.name))
    };
    let (add, update, delete) = (send(&queue), send(&queue), send(&queue));
    deployments.informer().add_event_handler(
        EventHandlerFns::new()
            .on_add(move |d: &Arc<Deployment>, _| owner_key(d).into_iter().for_each(&add))
            .on_update(move |_, d: &Arc<Deployment>| owner_key(d).into_iter().for_each(&update))
            .on_delete(move |d| owner_key(d.object()).into_iter().for_each(&delete)),
    );
    factory.start();
    factory.wait_for_cache_sync().await;

    let (frobber_lister, deployment_lister) = (frobbers.lister(), deployments.lister());
    loop {
        let key = tokio::select! {
            _ = stop.wait_for(|stopped| *stopped) => break,
            key = keys.recv() => match key {
                Some(key) => key,
                None => break,
            },
        };
        let (namespace, name) = split_key(&key);
        let frobber = frobber_lister.frobbers(namespace).get(name);
        let deployment = deployment_lister.deployments(namespace).get(name);
        let result = reconcile(&clients, frobber.as_deref(), deployment.as_deref()).await;
        match result {
            Ok(()) => {}
            // The cache was behind the server: the informer brings the newer state, which
            // queues the key again.
            Err(e) if e.is_conflict() || e.is_not_found() || e.is_already_exists() => {}
            Err(e) => {
                factory.shutdown();
                return Err(e);
            }
        }
    }
    factory.shutdown();
    Ok(())
}

/// One step towards what `frobber` asks for, from the cached Frobber and Deployment.
async fn reconcile(
    clients: &Clients,
    frobber: Option<&Frobber>,
    deployment: Option<&Deployment>,
) -> Result<(), Error> {
    let Some(frobber) = frobber else {
        // Gone: its Deployment goes too.
        if let Some(d) = deployment.filter(|d| controlling_frobber(d).is_some()) {
            let client = clients.k8s.apps_v1().deployments(&d.metadata.namespace);
            client
                .delete(&d.metadata.name, &DeleteOptions::default())
                .await?;
        }
        return Ok(());
    };
    let namespace = &frobber.metadata.namespace;
    let desired = desired_deployment(frobber);
    let deployments = clients.k8s.apps_v1().deployments(namespace);
    let Some(deployment) = deployment else {
        deployments
            .create(&desired, &CreateOptions::default())
            .await?;
        return Ok(());
    };
    if owned_fields(&deployment.spec) != owned_fields(&desired.spec) {
        let mut updated = deployment.clone();
        updated.spec.replicas = desired.spec.replicas;
        updated.spec.template = desired.spec.template;
        deployments
            .update(&updated, &UpdateOptions::default())
            .await?;
        return Ok(());
    }
    let status = FrobberStatus {
        replicas: deployment.status.ready_replicas,
        observed_generation: frobber.metadata.generation,
        ..frobber.status.clone().unwrap_or_default()
    };
    if frobber.status.as_ref() != Some(&status) {
        let mut updated = frobber.clone();
        updated.status = Some(status);
        clients
            .frob
            .frob_v1()
            .frobbers(namespace)
            .update_status(&updated, &UpdateOptions::default())
            .await?;
    }
    Ok(())
}

/// Polls `get` until it succeeds with what `done` accepts.
async fn eventually<T, F>(what: &str, mut get: impl FnMut() -> F, done: impl Fn(&T) -> bool) -> T
where
    F: std::future::Future<Output = Result<T, Error>>,
{
    let mut last = None;
    for _ in 0..500 {
        match get().await {
            Ok(value) if done(&value) => return value,
            Ok(_) => {}
            Err(e) => last = Some(e),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{what} never happened (last error: {last:?})");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frobber_owns_its_deployment() {
    let mut scheme = kapi::Scheme::new();
    api_types::install(&mut scheme).expect("the example API registers");
    // What the server needs to serve Kubernetes' kinds too: one call.
    kapi_k8s::install(&mut scheme).expect("Kubernetes' kinds register");
    let server = kapi_apiserver::ApiServer::builder(scheme)
        .start()
        .await
        .expect("server");
    let clients = Clients::new(&server.url());
    let (stop, stopped) = watch::channel(false);
    let controller = tokio::spawn(run(clients.clone(), stopped));

    let frobbers = clients.frob.frob_v1().frobbers(NAMESPACE);
    let deployments = clients.k8s.apps_v1().deployments(NAMESPACE);
    let get = GetOptions::default();
    let frobber = Frobber {
        metadata: ObjectMeta {
            name: "blue".into(),
            ..Default::default()
        },
        spec: FrobberSpec {
            height: 3,
            replicas: Some(2),
            ..Default::default()
        },
        ..Default::default()
    };
    let created = frobbers
        .create(&frobber, &CreateOptions::default())
        .await
        .expect("create the Frobber");

    // Its Deployment appears, owned by it.
    let deployment = eventually("the Deployment", || deployments.get("blue", &get), |_| true).await;
    let owner = controlling_frobber(&deployment).expect("owner reference");
    assert_eq!(
        (owner.name.as_str(), owner.uid.as_str()),
        ("blue", created.metadata.uid.as_str())
    );
    assert_eq!(deployment.spec.replicas, Some(2));
    assert_eq!(deployment.spec.template.spec.containers[0].image, "frob:3");

    // A spec change reaches the Deployment.
    // The controller writes the Frobber's status meanwhile: read, change and write again
    // until no one wrote in between (client-go's `RetryOnConflict`).
    eventually(
        "the Frobber's update",
        || async {
            let mut taller = frobbers.get("blue", &get).await?;
            taller.spec.replicas = Some(4);
            taller.spec.height = 5;
            frobbers.update(&taller, &UpdateOptions::default()).await
        },
        |_| true,
    )
    .await;
    let deployment = eventually(
        "the Deployment's update",
        || deployments.get("blue", &get),
        |d| d.spec.replicas == Some(4),
    )
    .await;
    assert_eq!(deployment.spec.template.spec.containers[0].image, "frob:5");

    // The Deployment controller's part: its pods become ready.
    eventually(
        "the Deployment's status update",
        || async {
            let mut ready = deployments.get("blue", &get).await?;
            ready.status = DeploymentStatus {
                replicas: 4,
                ready_replicas: 4,
                ..Default::default()
            };
            deployments
                .update_status(&ready, &UpdateOptions::default())
                .await
        },
        |_| true,
    )
    .await;
    let observed = eventually(
        "the Frobber's status",
        || frobbers.get("blue", &get),
        |f| f.status.as_ref().is_some_and(|s| s.replicas == 4),
    )
    .await;
    assert_eq!(
        observed.status.expect("status").observed_generation,
        observed.metadata.generation
    );

    // Deleting the Frobber deletes its Deployment.
    frobbers
        .delete("blue", &DeleteOptions::default())
        .await
        .expect("delete the Frobber");
    eventually(
        "the Deployment's deletion",
        || async {
            match deployments.get("blue", &Default::default()).await {
                Err(e) if e.is_not_found() => Ok(true),
                Err(e) => Err(e),
                Ok(_) => Ok(false),
            }
        },
        |gone| *gone,
    )
    .await;

    stop.send(true).expect("controller running");
    controller
        .await
        .expect("controller task")
        .expect("controller");
}
