//! A real project's CRDs on the embedded server: Gateway API's standard-channel HTTPRoute,
//! Gateway and GatewayClass (v1.6.1, `data/gateway-api/`). They are accepted and
//! Established, an HTTPRoute gets the defaults its schema declares (what kube-apiserver's
//! structural defaulting gives it), and one breaking its enums, patterns and list bounds is
//! refused with kube's causes. Their CEL rules are not asserted here.

mod support;

use serde_json::{json, Value};
use support::Http;

const CRDS: &str = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const ROUTES: &str = "/apis/gateway.networking.k8s.io/v1/namespaces/default/httproutes";

/// A Gateway API CRD from the test data, as JSON.
pub fn gateway_crd(resource: &str) -> Value {
    let path = format!(
        "{}/tests/data/gateway-api/gateway.networking.k8s.io_{resource}.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the test data is there");
    serde_yaml_ng::from_str(&text).expect("the CRD is YAML")
}

async fn server() -> kapi_apiserver::ApiServer {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    scheme.set_feature_gates(kapi::feature_gates::FeatureGates::new(
        kapi_k8s::FEATURE_GATES,
    ));
    kapi_apiserver::ApiServer::builder(scheme)
        .start()
        .await
        .expect("the server starts")
}

fn established(crd: &Value) -> bool {
    crd["status"]["conditions"].as_array().is_some_and(|cs| {
        cs.iter()
            .any(|c| c["type"] == "Established" && c["status"] == "True")
    })
}

async fn install(http: &Http) {
    for resource in ["gatewayclasses", "gateways", "httproutes"] {
        let created = http.post(CRDS, &gateway_crd(resource)).await.expect(201);
        let name = created["metadata"]["name"]
            .as_str()
            .expect("a name")
            .to_string();
        let crd = http.get(&format!("{CRDS}/{name}")).await.expect(200);
        assert!(
            established(&crd),
            "{name} is not Established: {}",
            crd["status"]
        );
    }
}

/// A route as Gateway API's own examples write one: two parents' worth of defaults left
/// out, a rule without `matches`.
fn store_route() -> Value {
    json!({
        "apiVersion": "gateway.networking.k8s.io/v1",
        "kind": "HTTPRoute",
        "metadata": {"name": "store", "namespace": "default"},
        "spec": {
            "parentRefs": [{"name": "example-gateway", "sectionName": "https"}],
            "hostnames": ["store.example.com", "*.shop.example.com"],
            "rules": [
                {
                    "matches": [
                        {"path": {"type": "PathPrefix", "value": "/login"},
                         "headers": [{"name": "env", "value": "canary"}]},
                        {"path": {"value": "/cart"}, "method": "POST"},
                    ],
                    "backendRefs": [{"name": "store-v2", "port": 8080, "weight": 10}],
                },
                {"backendRefs": [{"name": "store-v1", "port": 8080}]},
            ],
        },
    })
}

#[tokio::test]
async fn an_httproute_gets_the_defaults_its_schema_declares() {
    let server = server().await;
    let http = Http::new(&server);
    install(&http).await;
    let route = http.post(ROUTES, &store_route()).await.expect(201);
    let spec = &route["spec"];
    assert_eq!(
        spec["parentRefs"][0],
        json!({"group": "gateway.networking.k8s.io", "kind": "Gateway",
               "name": "example-gateway", "sectionName": "https"})
    );
    let login = &spec["rules"][0]["matches"][0];
    assert_eq!(
        login["path"],
        json!({"type": "PathPrefix", "value": "/login"})
    );
    assert_eq!(login["headers"][0]["type"], "Exact");
    assert_eq!(
        spec["rules"][0]["matches"][1]["path"],
        json!({"type": "PathPrefix", "value": "/cart"})
    );
    assert_eq!(
        spec["rules"][0]["backendRefs"][0],
        json!({"group": "", "kind": "Service", "name": "store-v2", "port": 8080, "weight": 10})
    );
    // A rule without matches matches every path.
    assert_eq!(
        spec["rules"][1]["matches"],
        json!([{"path": {"type": "PathPrefix", "value": "/"}}])
    );
    assert_eq!(spec["rules"][1]["backendRefs"][0]["weight"], 1);

    // A route without rules gets the one rule that matches everything.
    let mut bare = store_route();
    bare["metadata"]["name"] = json!("bare");
    bare["spec"].as_object_mut().map(|s| s.remove("rules"));
    let bare = http.post(ROUTES, &bare).await.expect(201);
    assert_eq!(
        bare["spec"]["rules"],
        json!([{"matches": [{"path": {"type": "PathPrefix", "value": "/"}}]}])
    );
    // Served in v1beta1 too (the CRD's `None` conversion).
    let old = http
        .get("/apis/gateway.networking.k8s.io/v1beta1/namespaces/default/httproutes/store")
        .await
        .expect(200);
    assert_eq!(old["apiVersion"], "gateway.networking.k8s.io/v1beta1");
}

#[tokio::test]
async fn an_httproute_breaking_its_schema_is_refused_with_kubes_causes() {
    let server = server().await;
    let http = Http::new(&server);
    install(&http).await;
    let mut route = store_route();
    route["spec"]["rules"][0]["matches"][0]["path"]["type"] = json!("Prefix");
    route["spec"]["hostnames"][0] = json!("Store_Example");
    route["spec"]["rules"][0]["backendRefs"][0]["port"] = json!(70000);
    let hostnames: Vec<String> = (0..17).map(|i| format!("h{i}.example.com")).collect();
    route["spec"]["hostnames"] = json!(hostnames);
    route["spec"]["parentRefs"][0]["kind"] = json!("1Gateway");
    let refused = http.post(ROUTES, &route).await.expect(422);
    assert_eq!(refused["reason"], "Invalid");
    let causes: Vec<(String, String)> = refused["details"]["causes"]
        .as_array()
        .expect("causes")
        .iter()
        .map(|c| {
            let text = |k: &str| c[k].as_str().unwrap_or("").to_string();
            (text("field"), text("message"))
        })
        .collect();
    // The CRD's CEL rules may add causes of their own; these are the schema's.
    for expected in [
        (
            "spec.rules[0].matches[0].path.type",
            "Unsupported value: \"Prefix\": supported values: \"Exact\", \"PathPrefix\", \"RegularExpression\"",
        ),
        ("spec.hostnames", "Too many: 17: must have at most 16 items"),
        (
            "spec.parentRefs[0].kind",
            "Invalid value: \"1Gateway\": spec.parentRefs[0].kind in body should match '^[a-zA-Z]([-a-zA-Z0-9]*[a-zA-Z0-9])?$'",
        ),
        (
            "spec.rules[0].backendRefs[0].port",
            "Invalid value: 70000: spec.rules[0].backendRefs[0].port in body should be less than or equal to 65535",
        ),
    ] {
        assert!(
            causes.iter().any(|(f, m)| f == expected.0 && m == expected.1),
            "no cause {expected:?} in {causes:#?}"
        );
    }
    http.get(&format!("{ROUTES}/store")).await.expect(404);
}
