//! A custom resource through kube-apiserver's order: prune, then default, then validate.

use kapi_schema::validate::{validate, Failure, FailureKind};
use kapi_schema::{defaults, prune::prune};
use serde_json::json;

#[test]
fn prune_then_default_then_validate() {
    let schema = json!({
        "type": "object",
        "properties": {
            "spec": {
                "type": "object",
                "properties": {
                    "replicas": {"type": "integer", "default": 1, "minimum": 1},
                    "id": {"type": "string", "format": "uuid"},
                    "template": {
                        "type": "object",
                        "x-kubernetes-embedded-resource": true,
                        "properties": {"spec": {"type": "object", "properties": {
                            "image": {"type": "string", "default": "nginx"}
                        }}}
                    },
                    "extra": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                    "ports": {"type": "array", "items": {"type": "object", "properties": {
                        "port": {"type": "integer", "maximum": 65535},
                        "protocol": {"type": "string", "default": "TCP"}
                    }}}
                }
            }
        }
    });
    let mut object = json!({
        "apiVersion": "example.com/v1",
        "kind": "Widget",
        "metadata": {"name": "w", "labels": {"a": "b"}},
        "spec": {
            "id": "not-a-uuid",
            "unknown": 1,
            "template": {
                "apiVersion": "v1",
                "kind": "Pod",
                "metadata": {"name": "p"},
                "spec": {"junk": true},
                "junk": 1
            },
            "extra": {"anything": {"goes": 1}},
            "ports": [{"port": 70000, "name": "http"}, {"port": 80, "protocol": "UDP"}]
        },
        "status": {"x": 1}
    });

    let pruned = prune(&mut object, &schema, true);
    assert_eq!(
        pruned,
        [
            "spec.ports[0].name",
            "spec.template.junk",
            "spec.template.spec.junk",
            "spec.unknown",
            "status"
        ]
    );

    defaults::apply(&mut object, &schema);
    assert_eq!(
        object,
        json!({
            "apiVersion": "example.com/v1",
            "kind": "Widget",
            "metadata": {"name": "w", "labels": {"a": "b"}},
            "spec": {
                "replicas": 1,
                "id": "not-a-uuid",
                "template": {
                    "apiVersion": "v1",
                    "kind": "Pod",
                    "metadata": {"name": "p"},
                    "spec": {"image": "nginx"}
                },
                "extra": {"anything": {"goes": 1}},
                "ports": [{"port": 70000, "protocol": "TCP"}, {"port": 80, "protocol": "UDP"}]
            }
        })
    );

    assert_eq!(
        validate(&object, &schema),
        vec![
            Failure {
                path: "spec.id".into(),
                kind: FailureKind::TypeInvalid {
                    value: json!("not-a-uuid"),
                    message: "spec.id in body must be of type uuid: \"not-a-uuid\"".into(),
                },
            },
            Failure {
                path: "spec.ports[0].port".into(),
                kind: FailureKind::Invalid {
                    value: json!(70000),
                    message: "spec.ports[0].port in body should be less than or equal to 65535"
                        .into(),
                },
            },
        ]
    );
}
