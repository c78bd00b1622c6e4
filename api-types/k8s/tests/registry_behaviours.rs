//! What kube-apiserver's registry does for Kubernetes' own kinds, as a client sees it on the
//! embedded server: the review kinds answered and not stored, Services given cluster IPs
//! and node ports (conflicts refused with kube-apiserver's messages), and the `token`,
//! `eviction` and `binding` subresources. Expected messages are kube-apiserver's, from
//! `pkg/registry/core/service/storage/alloc.go`, `pkg/registry/core/service/ipallocator`,
//! `portallocator`, `pkg/registry/core/pod/storage/eviction.go` and
//! `pkg/apis/authorization/validation`.

use kapi::client::{Client, Config, Error, Method};
use kapi_apiserver::{
    ApiServer, ApiServerBuilder, Attributes, Authorizer, Decision, Rules, UserInfo,
};
use serde_json::{json, Value};
use std::sync::Arc;

fn k8s_scheme() -> kapi::Scheme {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    scheme
}

struct Api {
    client: Client,
    _server: ApiServer,
}

impl Api {
    async fn start(configure: impl FnOnce(ApiServerBuilder) -> ApiServerBuilder) -> Api {
        let server = configure(ApiServer::builder(k8s_scheme()))
            .start()
            .await
            .expect("server");
        let mut config = Config::new(server.url().parse().expect("url"));
        config.retry.max_attempts = 1;
        let client = Client::new(config, Arc::new(k8s_scheme())).expect("client");
        Api {
            client,
            _server: server,
        }
    }

    /// The status code and JSON body of a request.
    async fn call(&self, method: Method, path: &str, body: Option<&Value>) -> (u16, Value) {
        self.call_with(method, path, body, "application/json").await
    }

    /// [`Api::call`] with a body of another content type (a patch).
    async fn call_with(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        content_type: &str,
    ) -> (u16, Value) {
        let body = body.map(|b| (content_type, b.to_string().into_bytes()));
        match self
            .client
            .request_raw(method.clone(), path, body, "application/json")
            .await
        {
            Ok(r) => (
                r.status,
                serde_json::from_slice(&r.body).unwrap_or(Value::Null),
            ),
            Err(Error::Api(e)) => (
                e.code,
                serde_json::to_value(&e.status).expect("status as JSON"),
            ),
            Err(e) => panic!("{method} {path}: {e}"),
        }
    }

    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.call(Method::POST, path, Some(&body)).await
    }
}

const SSAR: &str = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews";

fn can_i(verb: &str, resource: &str) -> Value {
    json!({
        "apiVersion": "authorization.k8s.io/v1",
        "kind": "SelfSubjectAccessReview",
        "spec": { "resourceAttributes": { "namespace": "default", "verb": verb, "resource": resource } }
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reviews_are_answered_without_a_name_and_not_stored() {
    let api = Api::start(|b| b).await;
    let (code, review) = api.post(SSAR, can_i("create", "pods")).await;
    assert_eq!(code, 201, "{review}");
    assert_eq!(review["status"]["allowed"], true, "{review}");
    assert_eq!(review["metadata"].get("name"), None, "{review}");
    // Answered, not stored: the resource serves `create` only.
    let (code, _) = api.call(Method::GET, SSAR, None).await;
    assert_eq!(code, 405);

    let sar = "/apis/authorization.k8s.io/v1/subjectaccessreviews";
    let (code, status) = api
        .post(
            sar,
            json!({
                "apiVersion": "authorization.k8s.io/v1", "kind": "SubjectAccessReview",
                "spec": { "resourceAttributes": { "verb": "get", "resource": "pods" } }
            }),
        )
        .await;
    assert_eq!(code, 422, "{status}");
    assert_eq!(
        status["message"],
        "SubjectAccessReview.authorization.k8s.io \"\" is invalid: spec.user: Invalid value: \"\": at least one of user or group must be specified"
    );
    let (code, status) = api
        .post(
            sar,
            json!({
                "apiVersion": "authorization.k8s.io/v1", "kind": "SubjectAccessReview",
                "spec": { "user": "alice" }
            }),
        )
        .await;
    assert_eq!(code, 422, "{status}");
    assert_eq!(
        status["message"],
        "SubjectAccessReview.authorization.k8s.io \"\" is invalid: spec: Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified"
    );

    let (code, status) = api
        .post(
            "/apis/authorization.k8s.io/v1/namespaces/team-a/localsubjectaccessreviews",
            json!({
                "apiVersion": "authorization.k8s.io/v1", "kind": "LocalSubjectAccessReview",
                "spec": { "user": "alice", "resourceAttributes": { "namespace": "other", "verb": "get", "resource": "pods" } }
            }),
        )
        .await;
    assert_eq!(code, 400, "{status}");
    assert_eq!(
        status["message"],
        "spec.resourceAttributes.namespace must match namespace: team-a"
    );

    let (code, review) = api
        .post(
            "/apis/authentication.k8s.io/v1/selfsubjectreviews",
            json!({ "apiVersion": "authentication.k8s.io/v1", "kind": "SelfSubjectReview" }),
        )
        .await;
    assert_eq!(code, 201, "{review}");
    assert_eq!(review["status"]["userInfo"]["username"], "system:anonymous");

    let rules = "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews";
    let (code, status) = api
        .post(
            rules,
            json!({ "apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectRulesReview", "spec": {} }),
        )
        .await;
    assert_eq!(code, 400, "{status}");
    assert_eq!(status["message"], "no namespace on request");
    let (code, review) = api
        .post(
            rules,
            json!({ "apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectRulesReview", "spec": { "namespace": "default" } }),
        )
        .await;
    assert_eq!(code, 201, "{review}");
    assert_eq!(
        review["status"]["resourceRules"],
        json!([{ "verbs": ["*"], "apiGroups": ["*"], "resources": ["*"] }])
    );

    let token_reviews = "/apis/authentication.k8s.io/v1/tokenreviews";
    let (code, status) = api
        .post(
            token_reviews,
            json!({ "apiVersion": "authentication.k8s.io/v1", "kind": "TokenReview", "spec": {} }),
        )
        .await;
    assert_eq!(code, 400, "{status}");
    assert_eq!(
        status["message"],
        "token is required for TokenReview in authentication"
    );
}

/// Refuses everything but `get`.
struct ReadOnly;

impl Authorizer for ReadOnly {
    fn authorize(&self, a: &Attributes) -> Decision {
        if a.verb == "get" {
            Decision::Allow(String::new())
        } else {
            Decision::Deny(format!("{} may only read", a.user.username))
        }
    }
    fn rules(&self, _: &UserInfo, _: &str) -> Rules {
        Rules::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pluggable_authorizer_answers_access_reviews() {
    let api = Api::start(|b| b.authorizer(ReadOnly)).await;
    let (_, review) = api.post(SSAR, can_i("get", "pods")).await;
    assert_eq!(review["status"]["allowed"], true, "{review}");
    let (_, review) = api.post(SSAR, can_i("delete", "pods")).await;
    assert_eq!(
        review["status"],
        json!({ "allowed": false, "denied": true, "reason": "system:anonymous may only read" })
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discovery_lists_only_what_kube_apiserver_serves_at_top_level() {
    let api = Api::start(|b| b).await;
    for (path, absent) in [
        ("/api/v1", "rangeallocations"),
        ("/apis/autoscaling/v1", "scales"),
        ("/apis/apps/v1beta1", "scales"),
        ("/apis/apps/v1beta2", "scales"),
        ("/apis/extensions/v1beta1", "scales"),
        ("/apis/authentication.k8s.io/v1", "tokenrequests"),
        ("/apis/policy/v1", "evictions"),
    ] {
        let (code, list) = api.call(Method::GET, path, None).await;
        assert_eq!(code, 200, "{path}");
        let names: Vec<&str> = list["resources"]
            .as_array()
            .expect("resources")
            .iter()
            .filter_map(|r| r["name"].as_str())
            .collect();
        assert!(!names.contains(&absent), "{path} lists {absent}: {names:?}");
    }
    let (code, _) = api
        .call(
            Method::GET,
            "/apis/policy/v1/namespaces/default/evictions",
            None,
        )
        .await;
    assert_eq!(code, 404);
}

fn service(name: &str, spec: Value) -> Value {
    json!({ "apiVersion": "v1", "kind": "Service", "metadata": { "name": name }, "spec": spec })
}

const SERVICES: &str = "/api/v1/namespaces/default/services";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn services_get_cluster_ips_from_the_service_cidr() {
    let api = Api::start(|b| b).await;
    let ports = json!([{ "port": 80, "targetPort": 8080 }]);
    let (code, a) = api
        .post(SERVICES, service("a", json!({ "ports": ports })))
        .await;
    assert_eq!(code, 201, "{a}");
    let ip = a["spec"]["clusterIP"]
        .as_str()
        .expect("clusterIP")
        .to_string();
    assert!(
        ip.starts_with("10.0.0.") && ip != "10.0.0.0" && ip != "10.0.0.255",
        "{ip}"
    );
    assert_eq!(a["spec"]["clusterIPs"], json!([ip]));
    assert_eq!(a["spec"]["ipFamilies"], json!(["IPv4"]));
    assert_eq!(a["spec"]["ipFamilyPolicy"], "SingleStack");
    assert!(a["spec"]["ports"][0].get("nodePort").is_none(), "{a}");

    let (code, b) = api
        .post(
            SERVICES,
            service("b", json!({ "ports": ports, "clusterIP": ip })),
        )
        .await;
    assert_eq!(code, 422, "{b}");
    assert_eq!(
        b["message"],
        format!("Service \"b\" is invalid: spec.clusterIPs: Invalid value: []string{{\"{ip}\"}}: failed to allocate IP {ip}: provided IP is already allocated")
    );
    let (code, c) = api
        .post(
            SERVICES,
            service("c", json!({ "ports": ports, "clusterIP": "10.1.0.5" })),
        )
        .await;
    assert_eq!(code, 422, "{c}");
    assert_eq!(
        c["message"],
        "Service \"c\" is invalid: spec.clusterIPs: Invalid value: []string{\"10.1.0.5\"}: failed to allocate IP 10.1.0.5: the provided IP (10.1.0.5) is not in the valid range. The range of valid IPs is 10.0.0.0/24"
    );
    let (code, headless) = api
        .post(
            SERVICES,
            service("headless", json!({ "ports": ports, "clusterIP": "None" })),
        )
        .await;
    assert_eq!(code, 201, "{headless}");
    assert_eq!(headless["spec"]["clusterIPs"], json!(["None"]));
    let (code, status) = api
        .post(
            SERVICES,
            service(
                "dual",
                json!({ "ports": ports, "ipFamilyPolicy": "RequireDualStack" }),
            ),
        )
        .await;
    assert_eq!(code, 422, "{status}");
    assert_eq!(
        status["message"],
        "Service \"dual\" is invalid: spec.ipFamilyPolicy: Invalid value: \"RequireDualStack\": this cluster is not configured for dual-stack services"
    );

    // Released on delete: the address can be asked for again.
    let (code, _) = api
        .call(Method::DELETE, &format!("{SERVICES}/a"), None)
        .await;
    assert_eq!(code, 200);
    let (code, again) = api
        .post(
            SERVICES,
            service("again", json!({ "ports": ports, "clusterIP": ip })),
        )
        .await;
    assert_eq!(code, 201, "{again}");
    assert_eq!(again["spec"]["clusterIP"], json!(ip));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dual_stack_services_get_one_address_per_family() {
    let api = Api::start(|b| b.service_cidrs(&["10.96.0.0/16", "fd00:10:96::/112"])).await;
    let ports = json!([{ "port": 80 }]);
    let (code, s) = api
        .post(
            SERVICES,
            service(
                "dual",
                json!({ "ports": ports, "ipFamilyPolicy": "PreferDualStack" }),
            ),
        )
        .await;
    assert_eq!(code, 201, "{s}");
    assert_eq!(s["spec"]["ipFamilies"], json!(["IPv4", "IPv6"]));
    let ips = s["spec"]["clusterIPs"].as_array().expect("clusterIPs");
    assert_eq!(ips.len(), 2, "{s}");
    assert!(
        ips[0].as_str().is_some_and(|ip| ip.starts_with("10.96.")),
        "{s}"
    );
    assert!(
        ips[1]
            .as_str()
            .is_some_and(|ip| ip.starts_with("fd00:10:96::")),
        "{s}"
    );
    let (code, single) = api
        .post(
            SERVICES,
            service("v6", json!({ "ports": ports, "ipFamilies": ["IPv6"] })),
        )
        .await;
    assert_eq!(code, 201, "{single}");
    assert!(single["spec"]["clusterIP"]
        .as_str()
        .is_some_and(|ip| ip.starts_with("fd00:10:96::")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn node_ports_are_allocated_in_range_and_conflicts_refused() {
    let api = Api::start(|b| b.node_port_range(31000..=31001)).await;
    let (code, a) = api
        .post(
            SERVICES,
            service(
                "a",
                json!({ "type": "NodePort", "ports": [{ "port": 80 }] }),
            ),
        )
        .await;
    assert_eq!(code, 201, "{a}");
    let port = a["spec"]["ports"][0]["nodePort"]
        .as_i64()
        .expect("nodePort");
    assert!((31000..=31001).contains(&port), "{port}");
    // A PUT that leaves out what was allocated keeps it (kube-apiserver's
    // patchAllocatedValues).
    let mut replaced = a.clone();
    let spec = replaced["spec"].as_object_mut().expect("spec");
    spec.remove("clusterIP");
    spec.remove("clusterIPs");
    replaced["spec"]["ports"][0]
        .as_object_mut()
        .expect("port")
        .remove("nodePort");
    let (code, updated) = api
        .call(Method::PUT, &format!("{SERVICES}/a"), Some(&replaced))
        .await;
    assert_eq!(code, 200, "{updated}");
    assert_eq!(updated["spec"]["clusterIPs"], a["spec"]["clusterIPs"]);
    assert_eq!(updated["spec"]["ports"][0]["nodePort"], json!(port));
    let (code, b) = api
        .post(
            SERVICES,
            service(
                "b",
                json!({ "type": "NodePort", "ports": [{ "port": 80, "nodePort": port }] }),
            ),
        )
        .await;
    assert_eq!(code, 422, "{b}");
    assert_eq!(
        b["message"],
        format!("Service \"b\" is invalid: spec.ports[0].nodePort: Invalid value: {port}: provided port is already allocated")
    );
    let (code, c) = api
        .post(
            SERVICES,
            service(
                "c",
                json!({ "type": "LoadBalancer", "ports": [{ "port": 80, "nodePort": 30080 }] }),
            ),
        )
        .await;
    assert_eq!(code, 422, "{c}");
    assert_eq!(
        c["message"],
        "Service \"c\" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is not in the valid range. The range of valid ports is 31000-31001"
    );
    let (code, lb) = api
        .post(
            SERVICES,
            service(
                "lb",
                json!({ "type": "LoadBalancer", "ports": [{ "port": 443 }] }),
            ),
        )
        .await;
    assert_eq!(code, 201, "{lb}");
    let other = lb["spec"]["ports"][0]["nodePort"]
        .as_i64()
        .expect("nodePort");
    assert_ne!(other, port);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn token_eviction_and_binding_subresources() {
    let api = Api::start(|b| b).await;
    let (code, _) = api
        .post(
            "/api/v1/namespaces/default/serviceaccounts",
            json!({ "apiVersion": "v1", "kind": "ServiceAccount", "metadata": { "name": "robot" } }),
        )
        .await;
    assert_eq!(code, 201);
    let before = jiff::Timestamp::now();
    let (code, request) = api
        .post(
            "/api/v1/namespaces/default/serviceaccounts/robot/token",
            json!({ "apiVersion": "authentication.k8s.io/v1", "kind": "TokenRequest", "spec": {} }),
        )
        .await;
    assert_eq!(code, 201, "{request}");
    let token = request["status"]["token"]
        .as_str()
        .expect("token")
        .to_string();
    assert_eq!(token.split('.').count(), 3, "{token}");
    let expires: jiff::Timestamp = request["status"]["expirationTimestamp"]
        .as_str()
        .expect("expirationTimestamp")
        .parse()
        .expect("a timestamp");
    let lifetime = expires.as_second() - before.as_second();
    assert!((3599..=3601).contains(&lifetime), "{lifetime}");
    let (_, review) = api
        .post(
            "/apis/authentication.k8s.io/v1/tokenreviews",
            json!({ "apiVersion": "authentication.k8s.io/v1", "kind": "TokenReview", "spec": { "token": token } }),
        )
        .await;
    assert_eq!(review["status"]["authenticated"], true, "{review}");
    assert_eq!(
        review["status"]["user"]["username"],
        "system:serviceaccount:default:robot"
    );
    let (code, status) = api
        .post(
            "/api/v1/namespaces/default/serviceaccounts/robot/token",
            json!({ "apiVersion": "authentication.k8s.io/v1", "kind": "TokenRequest", "spec": { "expirationSeconds": 60 } }),
        )
        .await;
    assert_eq!(code, 422, "{status}");

    let pod = |name: &str| {
        json!({ "apiVersion": "v1", "kind": "Pod", "metadata": { "name": name, "labels": { "app": "web" } },
                "spec": { "containers": [{ "name": "c", "image": "nginx" }] } })
    };
    let pods = "/api/v1/namespaces/default/pods";
    for name in ["p1", "p2"] {
        let (code, created) = api.post(pods, pod(name)).await;
        assert_eq!(code, 201, "{created}");
    }
    let (code, status) = api
        .post(
            &format!("{pods}/p1/binding"),
            json!({ "apiVersion": "v1", "kind": "Binding", "metadata": { "name": "p1" }, "target": { "kind": "Node", "name": "node-1" } }),
        )
        .await;
    assert_eq!(code, 201, "{status}");
    assert_eq!(status["status"], "Success");
    let (_, p1) = api.call(Method::GET, &format!("{pods}/p1"), None).await;
    assert_eq!(p1["spec"]["nodeName"], "node-1");
    let (code, status) = api
        .post(
            &format!("{pods}/p1/binding"),
            json!({ "apiVersion": "v1", "kind": "Binding", "metadata": { "name": "p1" }, "target": { "kind": "Node", "name": "node-2" } }),
        )
        .await;
    assert_eq!(code, 409, "{status}");
    assert_eq!(
        status["message"],
        "Operation cannot be fulfilled on pods/binding \"p1\": pod p1 is already assigned to node \"node-1\""
    );

    let (code, _) = api
        .post(
            "/apis/policy/v1/namespaces/default/poddisruptionbudgets",
            json!({ "apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": { "name": "web" },
                    "spec": { "minAvailable": 2, "selector": { "matchLabels": { "app": "web" } } } }),
        )
        .await;
    assert_eq!(code, 201);
    let pdb_status = |allowed: i64, desired: i64| {
        json!({ "apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": { "name": "web" },
                "spec": { "minAvailable": 2, "selector": { "matchLabels": { "app": "web" } } },
                "status": { "disruptionsAllowed": allowed, "currentHealthy": 2, "desiredHealthy": desired,
                            "expectedPods": 2, "observedGeneration": 1 } })
    };
    let pdb_path = "/apis/policy/v1/namespaces/default/poddisruptionbudgets/web";
    let (code, _) = api
        .call(
            Method::PUT,
            &format!("{pdb_path}/status"),
            Some(&pdb_status(1, 1)),
        )
        .await;
    assert_eq!(code, 200);
    let eviction = |name: &str| json!({ "apiVersion": "policy/v1", "kind": "Eviction", "metadata": { "name": name, "namespace": "default" } });
    // One disruption allowed: the Pod goes, and the budget records it.
    let (code, status) = api
        .post(&format!("{pods}/p1/eviction"), eviction("p1"))
        .await;
    assert_eq!(code, 201, "{status}");
    assert_eq!(status["status"], "Success");
    let (code, _) = api.call(Method::GET, &format!("{pods}/p1"), None).await;
    assert_eq!(code, 404);
    let (_, pdb) = api.call(Method::GET, pdb_path, None).await;
    assert_eq!(pdb["status"]["disruptionsAllowed"], 0, "{pdb}");
    assert!(pdb["status"]["disruptedPods"]["p1"].is_string(), "{pdb}");
    assert_eq!(
        pdb["status"]["conditions"][0]["reason"], "InsufficientPods",
        "{pdb}"
    );
    let (code, _) = api
        .call(
            Method::PUT,
            &format!("{pdb_path}/status"),
            Some(&pdb_status(0, 2)),
        )
        .await;
    assert_eq!(code, 200);
    let (code, status) = api
        .post(&format!("{pods}/p2/eviction"), eviction("p2"))
        .await;
    assert_eq!(code, 429, "{status}");
    assert_eq!(
        status["message"],
        "Cannot evict pod as it would violate the pod's disruption budget."
    );
    assert_eq!(
        status["details"]["causes"],
        json!([{ "reason": "DisruptionBudget", "message": "The disruption budget web needs 2 healthy pods and has 2 currently" }])
    );
    let (code, _) = api
        .call(
            Method::DELETE,
            "/apis/policy/v1/namespaces/default/poddisruptionbudgets/web",
            None,
        )
        .await;
    assert_eq!(code, 200);
    let (code, status) = api
        .post(&format!("{pods}/p2/eviction"), eviction("p2"))
        .await;
    assert_eq!(code, 201, "{status}");
    let (code, _) = api.call(Method::GET, &format!("{pods}/p2"), None).await;
    assert_eq!(code, 404);
}

fn pod(name: &str, node: &str, restart: &str) -> Value {
    json!({
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": name},
        "spec": {
            "nodeName": node,
            "restartPolicy": restart,
            "containers": [{"name": "c", "image": "nginx"}],
        },
    })
}

fn names(list: &Value) -> Vec<String> {
    let mut names: Vec<String> = list["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["metadata"]["name"].as_str().unwrap_or("").to_string())
        .collect();
    names.sort();
    names
}

/// Pods, Secrets, Services, Nodes and Namespaces select on the fields kube-apiserver's
/// registry gives them (pkg/apis/core/v1/conversion.go's field label conversions); other
/// labels are refused with its 400 as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn core_kinds_select_on_kube_apiservers_field_labels() {
    let api = Api::start(|b| b).await;
    let pods = "/api/v1/namespaces/default/pods";
    for (name, node, restart) in [
        ("a", "n1", "Always"),
        ("b", "n2", "Never"),
        ("c", "n1", "Never"),
    ] {
        let (code, body) = api
            .call(Method::POST, pods, Some(&pod(name, node, restart)))
            .await;
        assert_eq!(code, 201, "{body}");
    }
    let select = |selector: &str| {
        format!(
            "{pods}?fieldSelector={}",
            selector.replace('=', "%3D").replace(',', "%2C")
        )
    };
    for (selector, expected) in [
        ("spec.nodeName=n1", vec!["a", "c"]),
        ("spec.nodeName=n1,spec.restartPolicy=Never", vec!["c"]),
        ("spec.nodeName!=n1", vec!["b"]),
        // The label clients before v1 sent.
        ("spec.host=n2", vec!["b"]),
        // Unset: Go's false.
        ("spec.hostNetwork=false", vec!["a", "b", "c"]),
        ("status.phase=Running", vec![]),
        ("metadata.name=a", vec!["a"]),
    ] {
        let (code, list) = api.call(Method::GET, &select(selector), None).await;
        assert_eq!(code, 200, "{selector}: {list}");
        assert_eq!(names(&list), expected, "{selector}");
    }
    let (code, status) = api
        .call(Method::GET, &select("spec.image=nginx"), None)
        .await;
    assert_eq!(code, 400);
    assert_eq!(status["message"], "field label not supported: spec.image");

    let secrets = "/api/v1/namespaces/default/secrets";
    for (name, ty) in [("tls", "kubernetes.io/tls"), ("plain", "Opaque")] {
        let secret = json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name}, "type": ty,
            "data": {"tls.crt": "", "tls.key": ""}});
        let (code, body) = api.call(Method::POST, secrets, Some(&secret)).await;
        assert_eq!(code, 201, "{body}");
    }
    let (_, list) = api
        .call(
            Method::GET,
            &format!("{secrets}?fieldSelector=type%3DOpaque"),
            None,
        )
        .await;
    assert_eq!(names(&list), ["plain"]);

    // A Node has no namespace to select on; a Deployment only its metadata.
    let (code, _) = api
        .call(
            Method::GET,
            "/api/v1/nodes?fieldSelector=metadata.namespace%3Dx",
            None,
        )
        .await;
    assert_eq!(code, 400);
    let (code, _) = api
        .call(
            Method::GET,
            "/apis/apps/v1/namespaces/default/deployments?fieldSelector=spec.replicas%3D1",
            None,
        )
        .await;
    assert_eq!(code, 400);
}

/// Beyond the core group, the kinds whose `AddFieldLabelConversionFunc` accepts more than
/// the metadata: batch's Job (`status.successful`, the registry's `Status.Succeeded`, `0`
/// when unset), apps' StatefulSet (`status.successful` accepted, but absent from the
/// registry's field set, so only the empty value matches) and certificates' CSR
/// (`spec.signerName`, and no namespace).
#[tokio::test]
async fn kinds_beyond_core_select_on_kube_apiservers_field_labels() {
    let api = Api::start(|b| b).await;
    let jobs = "/apis/batch/v1/namespaces/default/jobs";
    for (name, succeeded) in [("done", Some(2)), ("fresh", None)] {
        let job = json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": name},
            "spec": {"template": {"spec": {"restartPolicy": "Never",
                "containers": [{"name": "c", "image": "busybox"}]}}}});
        let (code, body) = api.call(Method::POST, jobs, Some(&job)).await;
        assert_eq!(code, 201, "{body}");
        if let Some(n) = succeeded {
            let status = json!({"status": {"succeeded": n}});
            let (code, body) = api
                .call_with(
                    Method::PATCH,
                    &format!("{jobs}/{name}/status"),
                    Some(&status),
                    "application/merge-patch+json",
                )
                .await;
            assert_eq!(code, 200, "{body}");
        }
    }
    for (selector, expected) in [
        ("status.successful%3D2", vec!["done"]),
        ("status.successful%3D0", vec!["fresh"]),
        ("status.successful!%3D0", vec!["done"]),
    ] {
        let (code, list) = api
            .call(
                Method::GET,
                &format!("{jobs}?fieldSelector={selector}"),
                None,
            )
            .await;
        assert_eq!(code, 200, "{selector}: {list}");
        assert_eq!(names(&list), expected, "{selector}");
    }
    let (code, status) = api
        .call(
            Method::GET,
            &format!("{jobs}?fieldSelector=spec.parallelism%3D1"),
            None,
        )
        .await;
    assert_eq!(code, 400);
    assert_eq!(
        status["message"],
        "field label not supported: spec.parallelism"
    );

    let sets = "/apis/apps/v1/namespaces/default/statefulsets";
    for (selector, code_wanted) in [("status.successful%3D1", 200), ("status.replicas%3D1", 400)] {
        let (code, body) = api
            .call(
                Method::GET,
                &format!("{sets}?fieldSelector={selector}"),
                None,
            )
            .await;
        assert_eq!(code, code_wanted, "{selector}: {body}");
    }

    let csrs = "/apis/certificates.k8s.io/v1/certificatesigningrequests";
    for (selector, code_wanted) in [
        ("spec.signerName%3Dkubernetes.io%2Fkubelet-serving", 200),
        ("metadata.namespace%3Ddefault", 400),
    ] {
        let (code, body) = api
            .call(
                Method::GET,
                &format!("{csrs}?fieldSelector={selector}"),
                None,
            )
            .await;
        assert_eq!(code, code_wanted, "{selector}: {body}");
    }
}
