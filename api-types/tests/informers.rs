//! The generated listers and informers against the embedded API server: the generated
//! `SharedInformerFactory` with namespace, label and field filters caches only what they
//! select; listers answer list, get and per-namespace reads for Frobber (namespaced) and
//! FrobberClass (cluster-scoped); every consumer of a kind shares one informer and one
//! cache; `wait_for_cache_sync` waits for every started informer; handlers see add, update
//! and delete in order, and a handler added late gets the cached objects first.

use api_types::generated::clientset::{scheme, Clientset};
use api_types::generated::informers::SharedInformerFactory;
use api_types::v1::{Frobber, FrobberClass};
use kapi::cache::EventHandlerFns;
use kapi::client::{Client, Config};
use kapi::meta::{CreateOptions, DeleteOptions, Selector, UpdateOptions};
use kapi_apiserver::{ApiServer, OpenApiDocuments};
use serde_json::json;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

async fn start() -> ApiServer {
    use api_types::generated::openapi_documents::{V2, V3};
    let mut scheme = kapi::Scheme::new();
    api_types::install(&mut scheme).expect("the example API registers");
    ApiServer::builder(scheme)
        .openapi(OpenApiDocuments::from_generated(V2, V3))
        .bookmark_interval(Duration::from_millis(100))
        .start()
        .await
        .expect("the server starts")
}

fn clientset(server: &ApiServer) -> Clientset {
    let mut config = Config::new(server.url().parse().expect("the server URL parses"));
    config.qps = 1000.0;
    config.burst = 1000;
    let scheme = scheme().expect("the clientset's scheme builds");
    Clientset::new(Client::new(config, Arc::new(scheme)).expect("the client builds"))
}

fn frobber(namespace: &str, name: &str, labels: serde_json::Value) -> Frobber {
    serde_json::from_value(json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "Frobber",
        "metadata": {"name": name, "namespace": namespace, "labels": labels},
        "spec": {"height": 5, "replicas": 1},
    }))
    .expect("a Frobber")
}

fn frobber_class(name: &str) -> FrobberClass {
    serde_json::from_value(json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "FrobberClass",
        "metadata": {"name": name},
        "spec": {"provisioner": "example.com/frob", "maxReplicas": 3},
    }))
    .expect("a FrobberClass")
}

async fn create(cs: &Clientset, f: Frobber) -> Frobber {
    cs.frob_v1()
        .frobbers(&f.metadata.namespace)
        .create(&f, &CreateOptions::default())
        .await
        .expect("create a Frobber")
}

/// `namespace/name` of each object, sorted.
fn keys(objects: &[Arc<Frobber>]) -> Vec<String> {
    let mut keys: Vec<String> = objects
        .iter()
        .map(|f| format!("{}/{}", f.metadata.namespace, f.metadata.name))
        .collect();
    keys.sort();
    keys
}

/// Polls `done` until it holds; panics after 10 seconds.
async fn eventually(what: &str, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

fn label(key: &str, value: &str) -> serde_json::Value {
    json!({ key: value })
}

#[tokio::test(flavor = "multi_thread")]
async fn the_factory_caches_only_what_its_filters_select() {
    let server = start().await;
    let cs = clientset(&server);
    create(&cs, frobber("default", "a", label("app", "frob"))).await;
    create(&cs, frobber("default", "b", label("app", "other"))).await;
    create(&cs, frobber("other", "c", label("app", "frob"))).await;

    let factory = SharedInformerFactory::from_clientset(&cs)
        .with_namespace("default")
        .with_label_selector("app=frob");
    let frobbers = factory.frob_v1().frobbers();
    factory.start();
    assert!(factory.wait_for_cache_sync().await);
    let lister = frobbers.lister();
    assert_eq!(keys(&lister.list(&Selector::everything())), ["default/a"]);

    // Changes outside the filters never arrive: the watch is ordered, so once `d` (created
    // last) is cached, `e` and `f` would have been too.
    create(&cs, frobber("default", "e", label("app", "other"))).await;
    create(&cs, frobber("other", "f", label("app", "frob"))).await;
    create(&cs, frobber("default", "d", label("app", "frob"))).await;
    eventually("default/d in the cache", || {
        lister.frobbers("default").get("d").is_some()
    })
    .await;
    assert_eq!(
        keys(&lister.list(&Selector::everything())),
        ["default/a", "default/d"]
    );
    assert!(lister.frobbers("other").get("f").is_none());

    // A field selector, every namespace.
    let by_name = SharedInformerFactory::from_clientset(&cs).with_field_selector("metadata.name=c");
    let named_c = by_name.frob_v1().frobbers();
    by_name.start();
    assert!(by_name.wait_for_cache_sync().await);
    assert_eq!(
        keys(&named_c.lister().list(&Selector::everything())),
        ["other/c"]
    );
    // The options reach every list and watch through the tweak too.
    let tweaked = SharedInformerFactory::from_clientset(&cs)
        .with_tweak_list_options(|o| o.label_selector = "app=other".to_string());
    let others = tweaked.frob_v1().frobbers();
    tweaked.start();
    assert!(tweaked.wait_for_cache_sync().await);
    assert_eq!(
        keys(&others.lister().list(&Selector::everything())),
        ["default/b", "default/e"]
    );
    factory.shutdown();
    by_name.shutdown();
    tweaked.shutdown();
}

#[tokio::test(flavor = "multi_thread")]
async fn listers_list_get_and_read_one_namespace() {
    let server = start().await;
    let cs = clientset(&server);
    create(&cs, frobber("default", "a", label("tier", "web"))).await;
    create(&cs, frobber("default", "b", label("tier", "db"))).await;
    create(&cs, frobber("other", "a", label("tier", "web"))).await;
    cs.frob_v1()
        .frobber_classes()
        .create(&frobber_class("gold"), &CreateOptions::default())
        .await
        .expect("create a FrobberClass");

    let factory = SharedInformerFactory::from_clientset(&cs);
    let frobbers = factory.frob_v1().frobbers();
    let classes = factory.frob_v1().frobber_classes();
    factory.start();
    assert!(factory.wait_for_cache_sync().await);

    let lister = frobbers.lister();
    assert_eq!(
        keys(&lister.list(&Selector::everything())),
        ["default/a", "default/b", "other/a"]
    );
    let web = Selector::parse("tier=web").expect("a selector");
    assert_eq!(keys(&lister.list(&web)), ["default/a", "other/a"]);
    let default = lister.frobbers("default");
    let a = default.get("a").expect("default/a is cached");
    assert_eq!(a.metadata.namespace, "default");
    assert!(default.get("c").is_none());
    let db = Selector::parse("tier=db").expect("a selector");
    assert_eq!(keys(&default.list(&db)), ["default/b"]);
    assert_eq!(
        keys(&lister.frobbers("other").list(&Selector::everything())),
        ["other/a"]
    );
    assert!(lister
        .frobbers("elsewhere")
        .list(&Selector::everything())
        .is_empty());

    let classes = classes.lister();
    assert_eq!(
        classes
            .get("gold")
            .expect("gold is cached")
            .spec
            .max_replicas,
        Some(3)
    );
    assert!(classes.get("silver").is_none());
    assert_eq!(classes.list(&Selector::everything()).len(), 1);

    // Asking for more after start: start again starts the new informer (v2beta1 objects,
    // converted by the server), and waits for it too.
    let v2 = factory.frob_v2beta1().frobbers();
    factory.start();
    assert!(factory.wait_for_cache_sync().await);
    assert!(v2.informer().has_synced());
    let v2_a = v2
        .lister()
        .frobbers("other")
        .get("a")
        .expect("other/a in v2beta1");
    assert_eq!(v2_a.metadata.name, "a");
    factory.shutdown();
}

#[tokio::test(flavor = "multi_thread")]
async fn every_consumer_of_a_kind_shares_one_informer() {
    let server = start().await;
    let cs = clientset(&server);
    create(&cs, frobber("default", "a", json!({}))).await;

    let factory = SharedInformerFactory::from_clientset(&cs);
    // Two consumers, each with its own handle on the factory.
    let first = factory.frob_v1().frobbers();
    let second = factory.clone().frob_v1().frobbers();
    factory.start();
    assert!(factory.wait_for_cache_sync().await);
    assert!(first.informer().has_synced() && second.informer().has_synced());

    // One cache: the same `Arc`s, and an index added through one is there for the other.
    let from_first = first.lister().frobbers("default").get("a").expect("cached");
    let from_second = second
        .lister()
        .frobbers("default")
        .get("a")
        .expect("cached");
    assert!(Arc::ptr_eq(&from_first, &from_second));
    first
        .informer()
        .store()
        .add_indexer("by-height", |f: &Frobber| vec![f.spec.height.to_string()]);
    assert_eq!(
        keys(&second.informer().store().by_index("by-height", "5")),
        ["default/a"]
    );
    // What one consumer's informer receives, the other's cache holds.
    create(&cs, frobber("default", "b", json!({}))).await;
    eventually("default/b through the second consumer", || {
        second.lister().frobbers("default").get("b").is_some()
    })
    .await;
    assert_eq!(first.informer().store().by_index("by-height", "5").len(), 2);
    factory.shutdown();
}

#[tokio::test(flavor = "multi_thread")]
async fn handlers_see_add_update_and_delete_in_order() {
    let server = start().await;
    let cs = clientset(&server);
    create(&cs, frobber("default", "early", json!({}))).await;

    let factory = SharedInformerFactory::from_clientset(&cs);
    let frobbers = factory.frob_v1().frobbers();
    let seen = Arc::new(Mutex::new(Vec::<String>::new()));
    let handler = |seen: &Arc<Mutex<Vec<String>>>| {
        let (add, update, delete) = (seen.clone(), seen.clone(), seen.clone());
        EventHandlerFns::new()
            .on_add(move |f: &Arc<Frobber>, initial| {
                let when = if initial { "initial" } else { "new" };
                add.lock()
                    .unwrap()
                    .push(format!("add {} {when}", f.metadata.name));
            })
            .on_update(move |old: &Arc<Frobber>, new: &Arc<Frobber>| {
                update.lock().unwrap().push(format!(
                    "update {} {}->{}",
                    new.metadata.name, old.spec.height, new.spec.height
                ));
            })
            .on_delete(move |d| {
                delete
                    .lock()
                    .unwrap()
                    .push(format!("delete {}", d.object().metadata.name));
            })
    };
    let registration = frobbers.informer().add_event_handler(handler(&seen));
    factory.start();
    assert!(factory.wait_for_cache_sync().await);
    eventually("the initial add", || registration.has_synced()).await;
    assert_eq!(*seen.lock().unwrap(), ["add early initial"]);

    let late = create(&cs, frobber("default", "late", json!({}))).await;
    let mut taller = late.clone();
    taller.spec.height = 7;
    let client = cs.frob_v1().frobbers("default");
    client
        .update(&taller, &UpdateOptions::default())
        .await
        .expect("update");
    client
        .delete("late", &DeleteOptions::default())
        .await
        .expect("delete");
    eventually("the delete of late", || seen.lock().unwrap().len() == 4).await;
    assert_eq!(
        *seen.lock().unwrap(),
        [
            "add early initial",
            "add late new",
            "update late 5->7",
            "delete late"
        ]
    );
    assert!(frobbers.lister().frobbers("default").get("late").is_none());

    // A handler added to the running informer gets the cached objects first.
    let later = Arc::new(Mutex::new(Vec::<String>::new()));
    let registration = frobbers.informer().add_event_handler(handler(&later));
    eventually("the late handler's initial adds", || {
        registration.has_synced()
    })
    .await;
    assert_eq!(*later.lock().unwrap(), ["add early initial"]);
    factory.shutdown();
}
