//! What the controller tests share: the Deployment a Frobber owns.

#![allow(dead_code)]

use api_types::v1::Frobber;
use kapi_controller::owner::set_controller_reference;
use kapi_k8s::apps::v1::Deployment;
use serde_json::json;

/// The Deployment a Frobber wants: its name and namespace, `replicas` copies of a frob
/// container, controlled by the Frobber.
pub fn desired(frobber: &Frobber) -> Deployment {
    let name = &frobber.metadata.name;
    let mut deployment: Deployment = serde_json::from_value(json!({
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": name, "namespace": frobber.metadata.namespace},
        "spec": {
            "replicas": frobber.spec.replicas.unwrap_or(1),
            "selector": {"matchLabels": {"frobber": name}},
            "template": {
                "metadata": {"labels": {"frobber": name}},
                "spec": {"containers": [{"name": "frob", "image": "frob:1"}]},
            },
        },
    }))
    .expect("a Deployment");
    set_controller_reference(frobber, &mut deployment).expect("the Frobber controls it");
    deployment
}
