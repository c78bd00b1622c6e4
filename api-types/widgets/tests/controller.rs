//! The controller against the embedded API server: a Widget becomes Ready for each
//! generation, and the generated round-trip checks pass on every kind.

use kapi::client::Config;
use kapi::meta::{CreateOptions, ObjectMeta, UpdateOptions};
use std::time::Duration;
use widgets::controller::{self, READY};
use widgets::generated::clientset::Clientset;
use widgets::v1::{Widget, WidgetSpec};

/// Polls the server until the Widget's Ready condition covers `generation`.
async fn ready_for(clientset: &Clientset, name: &str, generation: i64) -> Widget {
    let widgets = clientset.widgets_v1().widgets("default");
    for _ in 0..500 {
        let widget = widgets.get(name, &Default::default()).await.expect("get");
        let ready = widget.status.as_ref().and_then(|s| {
            s.conditions
                .iter()
                .find(|c| c.type_ == READY && c.observed_generation == generation)
        });
        if ready.is_some() {
            return widget;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{name} never became Ready for generation {generation}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn widgets_become_ready_for_each_generation() {
    let mut scheme = kapi::Scheme::new();
    widgets::install(&mut scheme).expect("install");
    let server = kapi_apiserver::ApiServer::builder(scheme)
        .start()
        .await
        .expect("server");
    let config = Config::new(server.url().parse().expect("url"));
    let clientset = Clientset::from_config(config).expect("clientset");

    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let controller = tokio::spawn(controller::run(clientset.clone(), "default", async {
        let _ = stopped.await;
    }));

    let widgets = clientset.widgets_v1().widgets("default");
    let widget = Widget {
        metadata: ObjectMeta {
            name: "blue".into(),
            ..Default::default()
        },
        spec: WidgetSpec {
            colour: "blue".into(),
            ..Default::default()
        },
        ..Default::default()
    };
    let created = widgets
        .create(&widget, &CreateOptions::default())
        .await
        .expect("create");
    // The server applied the marker default.
    assert_eq!(created.spec.replicas, Some(1));

    let ready = ready_for(&clientset, "blue", 1).await;
    let condition = &ready.status.as_ref().expect("status").conditions[0];
    assert_eq!(condition.message, "1 replicas");

    // A spec change is a new generation; the controller catches up with it.
    let mut scaled = ready.clone();
    scaled.spec.replicas = Some(3);
    let scaled = widgets
        .update(&scaled, &UpdateOptions::default())
        .await
        .expect("update");
    assert_eq!(scaled.metadata.generation, 2);
    let ready = ready_for(&clientset, "blue", 2).await;
    let conditions = &ready.status.as_ref().expect("status").conditions;
    assert_eq!(conditions.len(), 1);
    assert_eq!(conditions[0].message, "3 replicas");

    // Validation comes from the markers, on the server's write path.
    let mut invalid = ready.clone();
    invalid.spec.replicas = Some(101);
    let err = widgets
        .update(&invalid, &UpdateOptions::default())
        .await
        .expect_err("replicas above the maximum");
    assert!(err.is_invalid(), "{err}");

    stop.send(()).expect("controller running");
    controller.await.expect("the controller stops");
}

#[test]
fn every_kind_round_trips() {
    let seeds = 0..64;
    let passed = widgets::generated::round_trip::round_trip_all(seeds).expect("round trips");
    // Widget and WidgetList: JSON, v1 -> hub -> v1 and hub -> v1 -> hub, on every seed.
    assert_eq!(passed, 2 * 3 * 64);
}
