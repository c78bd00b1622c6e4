//! Fully populated objects for documentation, tests and benchmarks.

use serde_json::json;

/// A v1 Frobber with every field set, in its JSON form.
pub fn frobber_v1_json() -> serde_json::Value {
    json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "Frobber",
        "metadata": {
            "name": "tall",
            "namespace": "default",
            "uid": "0b3c2e6a-8d0f-4b5e-9c59-7f2b1d5a6e01",
            "resourceVersion": "42",
            "generation": 3,
            "creationTimestamp": "2026-11-22T10:00:00Z",
            "labels": {"app": "frob", "tier": "backend"},
            "annotations": {"team": "frobbers"},
            "finalizers": ["frob.example.com/cleanup"],
            "ownerReferences": [{
                "apiVersion": "apps/v1",
                "kind": "Deployment",
                "name": "frob",
                "uid": "6f1e3c1a-0000-4000-8000-000000000001",
                "controller": true
            }]
        },
        "spec": {
            "height": 42,
            "width": 3,
            "replicas": 5,
            "restartPolicy": "OnFailure",
            "param": "super",
            "ports": [
                {"name": "http", "port": 8080, "protocol": "TCP"},
                {"name": "metrics", "port": 9090, "protocol": "UDP"}
            ],
            "backend": {"type": "Service", "service": {"name": "sink", "port": 443}},
            "memory": "256Mi",
            "selector": {
                "matchLabels": {"app": "frob"},
                "matchExpressions": [{"key": "tier", "operator": "In", "values": ["backend", "cache"]}]
            },
            "className": "fast",
            "frobLabels": {"color": "blue", "size": "xl"}
        },
        "status": {
            "replicas": 5,
            "selector": "app=frob",
            "observedGeneration": 3,
            "conditions": [{
                "type": "Ready",
                "status": "True",
                "observedGeneration": 3,
                "lastTransitionTime": "2026-11-22T10:05:00Z",
                "reason": "AllFrobsUp",
                "message": "5 of 5 frobs are up"
            }]
        }
    })
}

/// [`frobber_v1_json`] as a typed object.
pub fn frobber_v1() -> crate::v1::Frobber {
    match serde_json::from_value(frobber_v1_json()) {
        Ok(f) => f,
        // The literal above is part of this crate; a failure is a bug in it.
        Err(e) => panic!("the example Frobber does not decode: {e}"),
    }
}
