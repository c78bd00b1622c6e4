//! kubectl against the embedded API server: discovery, tables, YAML, watch, create,
//! client-side and server-side apply, explain from OpenAPI v3, delete; and the basics
//! (create, apply twice, diff, explain) with kubectl 1.27 (which reads only the protobuf
//! OpenAPI v2), 1.32 and 1.33; and Kubernetes' own kinds from `kapi-k8s` by their short names,
//! scaled through the scale subresource.
//!
//! kubectl is on the machine image: `kubectl` on PATH, the versioned ones as
//! `kubectl.1.<minor>` beside it in the google-cloud-sdk directory (or in
//! `KAPI_KUBECTL_DIR`). Without one a test prints why it skips; with
//! `KAPI_REQUIRE_TOOLS=1` (set by CI) a missing kubectl fails it.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;
use support::*;

fn kubectl_binary() -> Option<PathBuf> {
    let found = Command::new("kubectl")
        .args(["version", "--client"])
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        return Some(PathBuf::from("kubectl"));
    }
    if require_tools() {
        panic!("kubectl is required (KAPI_REQUIRE_TOOLS=1) but not on PATH");
    }
    eprintln!("SKIPPED: kubectl not found on PATH");
    None
}

fn require_tools() -> bool {
    std::env::var("KAPI_REQUIRE_TOOLS").is_ok_and(|v| v == "1")
}

/// `kubectl.1.<minor>`: in `KAPI_KUBECTL_DIR`, beside the `kubectl` on PATH (the image's
/// is a link into the google-cloud-sdk directory), or in that directory itself.
fn versioned_kubectl(minor: u32) -> Option<PathBuf> {
    let name = format!("kubectl.1.{minor}");
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .map(|dir| dir.join("kubectl"))
        .find(|k| k.is_file())
        .and_then(|k| std::fs::canonicalize(k).ok())
        .and_then(|k| k.parent().map(Path::to_path_buf));
    let dirs = std::env::var_os("KAPI_KUBECTL_DIR")
        .map(PathBuf::from)
        .into_iter()
        .chain(on_path)
        .chain([PathBuf::from("/usr/lib/google-cloud-sdk/bin")]);
    for dir in dirs {
        let candidate = dir.join(&name);
        let runs = Command::new(&candidate)
            .args(["version", "--client", "-o", "json"])
            .output()
            .is_ok_and(|o| {
                o.status.success()
                    && String::from_utf8_lossy(&o.stdout)
                        .contains(&format!("\"minor\": \"{minor}\""))
            });
        if runs {
            return Some(candidate);
        }
    }
    if require_tools() {
        panic!("{name} is required (KAPI_REQUIRE_TOOLS=1) but was not found");
    }
    eprintln!("SKIPPED: {name} not found");
    None
}

struct Kubectl {
    binary: PathBuf,
    kubeconfig: PathBuf,
    cache: PathBuf,
    dir: PathBuf,
}

impl Kubectl {
    fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(&self.binary);
        c.arg("--kubeconfig")
            .arg(&self.kubeconfig)
            .arg("--cache-dir")
            .arg(&self.cache)
            .args(args)
            .current_dir(&self.dir);
        c
    }

    /// Runs kubectl off the async runtime (the server lives on it).
    async fn run(&self, args: &[&str]) -> Output {
        let mut command = self.command(args);
        tokio::task::spawn_blocking(move || command.output())
            .await
            .expect("joins")
            .expect("kubectl runs")
    }

    #[track_caller]
    fn ok(output: &Output, what: &str) -> String {
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success(),
            "kubectl {what} failed: {}\nstdout: {stdout}",
            String::from_utf8_lossy(&output.stderr)
        );
        stdout
    }

    /// A kubectl with its own kubeconfig and cache in a fresh directory.
    fn for_server(binary: PathBuf, server: &kapi_apiserver::ApiServer, dir: &Path) -> Self {
        let kubeconfig = dir.join("kubeconfig");
        std::fs::write(&kubeconfig, server.kubeconfig("default")).expect("writes kubeconfig");
        Kubectl {
            binary,
            kubeconfig,
            cache: dir.join("cache"),
            dir: dir.to_path_buf(),
        }
    }

    /// `kubectl diff -f file` finds nothing (exit 0).
    async fn no_diff(&self, file: &str, what: &str) {
        let diff = self.run(&["diff", "-f", file]).await;
        assert_eq!(
            diff.status.code(),
            Some(0),
            "{what}: diff of {file} finds a change: {}{}",
            String::from_utf8_lossy(&diff.stdout),
            String::from_utf8_lossy(&diff.stderr)
        );
    }

    fn write(&self, name: &str, content: &str) -> PathBuf {
        let path = self.dir.join(name);
        std::fs::write(&path, content).expect("writes a manifest");
        path
    }
}

/// Writes every defaulted field of list items out: client-side apply's JSON merge patch
/// replaces whole lists, so a list whose items the server defaults would always differ
/// from the live object (kubectl would print "configured" each time, as it does for
/// custom resources on kube-apiserver).
fn manifest(name: &str, height: u32) -> String {
    format!(
        "apiVersion: frob.example.com/v1\nkind: Frobber\nmetadata:\n  name: {name}\n  labels:\n    app: demo\nspec:\n  height: {height}\n  ports:\n  - name: http\n    port: 8080\n    protocol: TCP\n"
    )
}

fn lines_with<'a>(text: &'a str, word: &str) -> Vec<&'a str> {
    text.lines()
        .filter(|l| l.split_whitespace().next() == Some(word))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_works_against_the_embedded_server() {
    let Some(binary) = kubectl_binary() else {
        return;
    };
    let server = start().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let k = Kubectl::for_server(binary, &server, dir.path());

    // create -f, with kubectl's server-side field validation.
    k.write("a.yaml", &manifest("a", 3));
    let out = Kubectl::ok(&k.run(&["create", "-f", "a.yaml"]).await, "create");
    assert_eq!(out.trim(), "frobber.frob.example.com/a created");
    let create = server
        .faults()
        .requests()
        .into_iter()
        .find(|r| r.method == "POST")
        .expect("a POST");
    assert!(create.uri.contains("fieldValidation=Strict"), "{create:?}");
    assert!(
        !server
            .faults()
            .requests()
            .iter()
            .any(|r| r.uri.starts_with("/openapi/v2")),
        "kubectl found fieldValidation in OpenAPI v3 and never needed v2"
    );
    // A typo in a field is refused by the server's strict validation.
    k.write(
        "typo.yaml",
        &manifest("typo", 1).replace("height", "hieght"),
    );
    let out = k.run(&["create", "-f", "typo.yaml"]).await;
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("unknown field \"spec.hieght\""),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // get: a table from the print columns, by plural and short name.
    let out = Kubectl::ok(&k.run(&["get", "frobbers"]).await, "get");
    let header: Vec<&str> = out
        .lines()
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    assert_eq!(header, ["NAME", "HEIGHT", "REPLICAS", "AGE"], "{out}");
    let row: Vec<&str> = lines_with(&out, "a")[0].split_whitespace().collect();
    // No status yet: the Replicas cell is empty, as for a custom resource.
    assert_eq!(row.len(), 3, "{out}");
    assert_eq!(&row[..2], ["a", "3"]);
    assert!(row[2].ends_with('s'), "an age in seconds: {out}");
    let out = Kubectl::ok(&k.run(&["get", "fb", "-A"]).await, "get -A");
    assert!(out.starts_with("NAMESPACE"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("default") && l.contains(" a ")),
        "{out}"
    );
    let out = Kubectl::ok(&k.run(&["get", "frob"]).await, "get by category");
    // The category names only Frobbers, so kubectl prints them without a kind prefix.
    assert_eq!(lines_with(&out, "a").len(), 1, "{out}");

    // -o yaml: the stored object with defaults and system fields.
    let out = Kubectl::ok(
        &k.run(&["get", "fb", "a", "-o", "yaml"]).await,
        "get -o yaml",
    );
    let object: serde_json::Value = serde_yaml_ng::from_str(&out).expect("YAML");
    assert_eq!(object["spec"]["height"], 3);
    assert_eq!(object["spec"]["restartPolicy"], "Always");
    assert_eq!(object["metadata"]["generation"], 1);
    assert!(object["metadata"]["uid"].is_string());

    // apply -f, client-side: create, configure, unchanged.
    k.write("b.yaml", &manifest("b", 1));
    let out = Kubectl::ok(&k.run(&["apply", "-f", "b.yaml"]).await, "apply (create)");
    assert_eq!(out.trim(), "frobber.frob.example.com/b created");
    k.write("b.yaml", &manifest("b", 2));
    let out = Kubectl::ok(
        &k.run(&["apply", "-f", "b.yaml"]).await,
        "apply (configure)",
    );
    assert_eq!(out.trim(), "frobber.frob.example.com/b configured");
    let out = Kubectl::ok(
        &k.run(&["apply", "-f", "b.yaml"]).await,
        "apply (unchanged)",
    );
    assert_eq!(out.trim(), "frobber.frob.example.com/b unchanged");
    let out = Kubectl::ok(
        &k.run(&[
            "get",
            "fb",
            "b",
            "-o",
            "jsonpath={.spec.height} {.metadata.generation}",
        ])
        .await,
        "get jsonpath",
    );
    assert_eq!(out.trim(), "2 2");

    // apply --server-side: create, then change a field, with managed fields.
    k.write("c.yaml", &manifest("c", 4));
    let out = Kubectl::ok(
        &k.run(&["apply", "--server-side", "-f", "c.yaml"]).await,
        "apply --server-side",
    );
    assert_eq!(out.trim(), "frobber.frob.example.com/c serverside-applied");
    k.write("c.yaml", &manifest("c", 5));
    Kubectl::ok(
        &k.run(&["apply", "--server-side", "-f", "c.yaml"]).await,
        "apply --server-side again",
    );
    let out = Kubectl::ok(
        &k.run(&["get", "fb", "c", "--show-managed-fields", "-o", "yaml"])
            .await,
        "managed fields",
    );
    let object: serde_json::Value = serde_yaml_ng::from_str(&out).expect("YAML");
    assert_eq!(object["spec"]["height"], 5);
    assert_eq!(object["metadata"]["managedFields"][0]["manager"], "kubectl");
    assert_eq!(object["metadata"]["managedFields"][0]["operation"], "Apply");

    // explain from the served OpenAPI v3.
    let out = Kubectl::ok(&k.run(&["explain", "frobbers.spec"]).await, "explain");
    assert!(out.contains("GROUP:      frob.example.com"), "{out}");
    assert!(out.contains("FIELD: spec <FrobberSpec>"), "{out}");
    assert!(
        out.contains("height\t<integer> -required-") || out.contains("height"),
        "{out}"
    );

    // get -w: sees a change made while it watches, then ends at the request timeout.
    let mut watch = k.command(&["get", "fb", "-w", "--request-timeout=4s"]);
    let watcher = tokio::task::spawn_blocking(move || watch.output());
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let http = Http::new(&server);
    http.post(FROBBERS, &frobber("watched", 9))
        .await
        .expect(201);
    let out = watcher.await.expect("joins").expect("kubectl runs");
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(lines_with(&out, "a").len() == 1, "{out}");
    assert!(lines_with(&out, "watched").len() == 1, "{out}");

    // delete a namespaced and a cluster-scoped object (kubectl waits until they are gone).
    let class = "apiVersion: frob.example.com/v1\nkind: FrobberClass\nmetadata:\n  name: fast\nspec:\n  provisioner: example.com/frob\n";
    k.write("class.yaml", class);
    Kubectl::ok(
        &k.run(&["create", "-f", "class.yaml"]).await,
        "create class",
    );
    let out = Kubectl::ok(&k.run(&["get", "frobberclasses"]).await, "get classes");
    assert!(out.starts_with("NAME"), "{out}");
    let out = Kubectl::ok(
        &k.run(&["delete", "frobberclass", "fast"]).await,
        "delete class",
    );
    assert_eq!(out.trim(), "frobberclass.frob.example.com \"fast\" deleted");
    let out = Kubectl::ok(&k.run(&["delete", "frobber", "a"]).await, "delete frobber");
    assert_eq!(out.trim(), "frobber.frob.example.com \"a\" deleted");
    let out = Kubectl::ok(
        &k.run(&["get", "fb", "a", "--ignore-not-found"]).await,
        "get deleted",
    );
    assert_eq!(out.trim(), "");
    let _ = Path::new("");
}

/// A manifest that leaves out every defaulted field (`replicas`, `restartPolicy`,
/// `memory`, a port's `protocol`).
fn sparse_manifest(name: &str) -> String {
    format!(
        "apiVersion: frob.example.com/v1\nkind: Frobber\nmetadata:\n  name: {name}\nspec:\n  height: 2\n  ports:\n  - name: http\n    port: 8080\n"
    )
}

/// create, apply twice (the second is `unchanged`), diff without a change, explain; and a
/// re-apply or diff of a manifest without its defaulted fields changes nothing on the
/// server.
async fn basics(minor: u32) -> Option<kapi_apiserver::ApiServer> {
    let binary = versioned_kubectl(minor)?;
    let server = start().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let k = Kubectl::for_server(binary, &server, dir.path());
    let v = format!("kubectl 1.{minor}");

    k.write("a.yaml", &manifest("a", 3));
    let out = Kubectl::ok(
        &k.run(&["create", "-f", "a.yaml"]).await,
        &format!("{v} create"),
    );
    assert_eq!(out.trim(), "frobber.frob.example.com/a created", "{v}");

    k.write("b.yaml", &manifest("b", 1));
    let out = Kubectl::ok(
        &k.run(&["apply", "-f", "b.yaml"]).await,
        &format!("{v} apply"),
    );
    assert_eq!(out.trim(), "frobber.frob.example.com/b created", "{v}");
    let out = Kubectl::ok(
        &k.run(&["apply", "-f", "b.yaml"]).await,
        &format!("{v} apply again"),
    );
    assert_eq!(out.trim(), "frobber.frob.example.com/b unchanged", "{v}");
    k.no_diff("b.yaml", &v).await;

    // Without the defaulted fields: the server defaults them back, so a re-apply and a
    // diff change nothing (no new resourceVersion, no generation bump).
    k.write("s.yaml", &sparse_manifest("s"));
    Kubectl::ok(
        &k.run(&["apply", "-f", "s.yaml"]).await,
        &format!("{v} apply sparse"),
    );
    const REVISION: &[&str] = &[
        "get",
        "fb",
        "s",
        "-o",
        "jsonpath={.metadata.resourceVersion} {.metadata.generation}",
    ];
    let before = Kubectl::ok(&k.run(REVISION).await, "get");
    Kubectl::ok(
        &k.run(&["apply", "-f", "s.yaml"]).await,
        &format!("{v} apply sparse again"),
    );
    let after = Kubectl::ok(&k.run(REVISION).await, "get");
    assert_eq!(after, before, "{v}: a re-apply wrote");
    k.no_diff("s.yaml", &v).await;
    let after = Kubectl::ok(&k.run(REVISION).await, "get");
    assert_eq!(after, before, "{v}: diff wrote");

    let out = Kubectl::ok(
        &k.run(&["explain", "frobbers.spec"]).await,
        &format!("{v} explain"),
    );
    assert!(
        out.contains("FIELD") && out.contains("height"),
        "{v}: {out}"
    );
    Some(server)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_27_basics() {
    let Some(server) = basics(27).await else {
        return;
    };
    // kubectl 1.27 reads OpenAPI only in v2's protobuf form.
    assert!(
        server
            .faults()
            .requests()
            .iter()
            .any(|r| r.uri.starts_with("/openapi/v2")),
        "kubectl 1.27 asked for /openapi/v2"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_32_basics() {
    basics(32).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_33_basics() {
    basics(33).await;
}

/// A server with every kapi-k8s kind the tests below use, and its OpenAPI documents (kubectl
/// reads them for server-side apply and `explain`).
async fn kubernetes_server() -> kapi_apiserver::ApiServer {
    use kapi_k8s::generated::openapi_documents::{V2, V3};
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    kapi_apiserver::ApiServer::builder(scheme)
        .openapi(kapi_apiserver::OpenApiDocuments::from_generated(V2, V3))
        .start()
        .await
        .expect("the server starts")
}

/// What kube-apiserver accepts from kubectl for Kubernetes' own kinds: server-side apply of
/// a Deployment whose container ports have no protocol (the schema's `default: TCP` makes
/// `protocol` a usable list-map key), and `create ingress` (a `pathType` of the enum's
/// declared values).
async fn kubernetes_kinds_with(minor: u32) {
    let Some(binary) = versioned_kubectl(minor) else {
        return;
    };
    let server = kubernetes_server().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let k = Kubectl::for_server(binary, &server, dir.path());
    let v = format!("kubectl 1.{minor}");

    k.write(
        "deploy.yaml",
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        ports:\n        - containerPort: 80\n",
    );
    let applied = "deployment.apps/web serverside-applied";
    says(
        &k,
        &v,
        &["apply", "--server-side", "-f", "deploy.yaml"],
        applied,
    )
    .await;
    let protocol = "jsonpath={.spec.template.spec.containers[0].ports[0].protocol}";
    says(&k, &v, &["get", "deploy", "web", "-o", protocol], "TCP").await;
    // A second apply of the same manifest owns the same fields: nothing changes.
    says(
        &k,
        &v,
        &["apply", "--server-side", "-f", "deploy.yaml"],
        applied,
    )
    .await;

    let ingress = ["create", "ingress", "ing", "--rule=foo.com/bar=svc:80"];
    says(&k, &v, &ingress, "ingress.networking.k8s.io/ing created").await;
    let path_type = "jsonpath={.spec.rules[0].http.paths[0].pathType}";
    let get = ["get", "ingresses.networking.k8s.io", "ing", "-o", path_type];
    says(&k, &v, &get, "Exact").await;
}

/// Runs `kubectl <args>` and checks that it succeeds and prints `expected`.
async fn says(k: &Kubectl, version: &str, args: &[&str], expected: &str) {
    let out = Kubectl::ok(&k.run(args).await, &format!("{version} {}", args.join(" ")));
    assert_eq!(out.trim(), expected, "{version} {}", args.join(" "));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_27_kubernetes_kinds() {
    kubernetes_kinds_with(27).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_28_kubernetes_kinds() {
    kubernetes_kinds_with(28).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_29_kubernetes_kinds() {
    kubernetes_kinds_with(29).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_30_kubernetes_kinds() {
    kubernetes_kinds_with(30).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_31_kubernetes_kinds() {
    kubernetes_kinds_with(31).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_32_kubernetes_kinds() {
    kubernetes_kinds_with(32).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_33_kubernetes_kinds() {
    kubernetes_kinds_with(33).await;
}

/// kapi-k8s writes an object as Go's `json.Marshal` does: kubectl's `--dry-run=client -o
/// json` prints Go's encoding of the object kubectl built, and the same object built in Rust
/// (the fields kubectl sets, everything else unset) must encode to the same JSON: no `""`
/// for an unset enum, `null` for an unset time, `{}` for an empty struct.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubernetes_kinds_encode_as_go_does() {
    use kapi::meta::{IntOrString, LabelSelector, ObjectMeta, StringMap};
    use kapi_k8s::apps::v1::{Deployment, DeploymentSpec};
    use kapi_k8s::core::v1::{
        Container, ContainerPort, Pod, PodSpec, PodTemplateSpec, Service, ServicePort, ServiceSpec,
        ServiceType,
    };
    let Some(binary) = kubectl_binary() else {
        return;
    };
    // `kubectl run` asks the server for discovery even with a client-side dry run.
    let server = kubernetes_server().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let k = Kubectl::for_server(binary, &server, dir.path());
    let go = |out: &Output, what: &str| -> serde_json::Value {
        serde_json::from_str(&Kubectl::ok(out, what)).expect("kubectl prints JSON")
    };
    let labels = |key: &str, value: &str| StringMap::from([(key, value)]);
    let meta = |name: &str, key: &str| ObjectMeta {
        name: name.into(),
        labels: labels(key, name),
        ..Default::default()
    };

    let deployment = Deployment {
        metadata: meta("web", "app"),
        spec: DeploymentSpec {
            replicas: Some(1),
            selector: Some(LabelSelector {
                match_labels: labels("app", "web"),
                ..Default::default()
            }),
            template: PodTemplateSpec {
                metadata: ObjectMeta {
                    labels: labels("app", "web"),
                    ..Default::default()
                },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "nginx".into(),
                        image: "nginx".into(),
                        ports: vec![ContainerPort {
                            container_port: 80,
                            ..Default::default()
                        }],
                        ..Default::default()
                    }],
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        ..Default::default()
    };
    let want = go(
        &k.run(&[
            "create",
            "deployment",
            "web",
            "--image=nginx",
            "--port=80",
            "--dry-run=client",
            "-o",
            "json",
        ])
        .await,
        "create deployment",
    );
    assert_eq!(serde_json::to_value(&deployment).unwrap(), want);

    let service = Service {
        metadata: meta("web", "app"),
        spec: ServiceSpec {
            ports: vec![ServicePort {
                name: "80-8080".into(),
                protocol: "TCP".into(),
                port: 80,
                target_port: IntOrString::Int(8080),
                ..Default::default()
            }],
            selector: labels("app", "web"),
            type_: ServiceType::ClusterIp,
            ..Default::default()
        },
        ..Default::default()
    };
    let want = go(
        &k.run(&[
            "create",
            "service",
            "clusterip",
            "web",
            "--tcp=80:8080",
            "--dry-run=client",
            "-o",
            "json",
        ])
        .await,
        "create service",
    );
    assert_eq!(serde_json::to_value(&service).unwrap(), want);

    let pod = Pod {
        metadata: meta("pod1", "run"),
        spec: PodSpec {
            containers: vec![Container {
                name: "pod1".into(),
                image: "nginx".into(),
                ..Default::default()
            }],
            restart_policy: "Always".into(),
            dns_policy: "ClusterFirst".into(),
            ..Default::default()
        },
        ..Default::default()
    };
    let want = go(
        &k.run(&[
            "run",
            "pod1",
            "--image=nginx",
            "--dry-run=client",
            "-o",
            "json",
        ])
        .await,
        "run",
    );
    assert_eq!(serde_json::to_value(&pod).unwrap(), want);
}

/// kubectl against Kubernetes' own kinds from `kapi-k8s`: the short names and the scale
/// subresource come from kube-apiserver's registry facts (`xtask/templates/k8s_resources.toml`),
/// which k8s.io/api's Go types do not state; kubectl finds both through discovery.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_uses_short_names_and_scale_of_kubernetes_kinds() {
    use kapi_k8s::generated::openapi_documents::{V2, V3};
    let Some(binary) = kubectl_binary() else {
        return;
    };
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    let server = kapi_apiserver::ApiServer::builder(scheme)
        .openapi(kapi_apiserver::OpenApiDocuments::from_generated(V2, V3))
        .start()
        .await
        .expect("the server starts");
    let dir = tempfile::tempdir().expect("a temp dir");
    let k = Kubectl::for_server(binary, &server, dir.path());

    k.write(
        "web.yaml",
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx\n",
    );
    let out = Kubectl::ok(&k.run(&["create", "-f", "web.yaml"]).await, "create");
    assert_eq!(out.trim(), "deployment.apps/web created");
    // `deploy` is the Deployment's short name in discovery.
    let out = Kubectl::ok(&k.run(&["get", "deploy"]).await, "get deploy");
    assert_eq!(lines_with(&out, "web").len(), 1, "{out}");
    // The server defaulted one replica (Kubernetes' defaults.go, `apps/v1_defaults.rs`).
    let replicas = |out: &str| out.trim().to_string();
    let out = Kubectl::ok(
        &k.run(&["get", "deploy", "web", "-o", "jsonpath={.spec.replicas}"])
            .await,
        "get replicas",
    );
    assert_eq!(replicas(&out), "1");
    // `kubectl scale` writes through the scale subresource.
    let out = Kubectl::ok(
        &k.run(&["scale", "deploy/web", "--replicas=3"]).await,
        "scale",
    );
    assert_eq!(out.trim(), "deployment.apps/web scaled");
    assert!(
        server
            .faults()
            .requests()
            .iter()
            .any(|r| r.uri.contains("/deployments/web/scale")),
        "kubectl scale went through /scale"
    );
    let out = Kubectl::ok(
        &k.run(&[
            "get",
            "deployments.apps",
            "web",
            "-o",
            "jsonpath={.spec.replicas}",
        ])
        .await,
        "get replicas after scale",
    );
    assert_eq!(replicas(&out), "3");
    // And a core kind by its short name.
    let out = k.run(&["get", "po"]).await;
    Kubectl::ok(&out, "get po");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("No resources found"), "{stderr}");
}

/// What kube-apiserver's registry does for Services and access reviews, through one kubectl
/// version: `create service clusterip` gets a cluster IP from the service CIDR, `create
/// service nodeport` a node port from the node port range, and `auth can-i` an answer.
async fn registry(minor: u32) {
    use kapi_k8s::generated::openapi_documents::{V2, V3};
    let Some(binary) = versioned_kubectl(minor) else {
        return;
    };
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    let server = kapi_apiserver::ApiServer::builder(scheme)
        .openapi(kapi_apiserver::OpenApiDocuments::from_generated(V2, V3))
        .start()
        .await
        .expect("the server starts");
    let dir = tempfile::tempdir().expect("a temp dir");
    let k = Kubectl::for_server(binary, &server, dir.path());
    let v = format!("kubectl 1.{minor}");

    let out = Kubectl::ok(
        &k.run(&["create", "service", "clusterip", "web", "--tcp=80:8080"])
            .await,
        &format!("{v} create service clusterip"),
    );
    assert_eq!(out.trim(), "service/web created", "{v}");
    let ip = Kubectl::ok(
        &k.run(&["get", "svc", "web", "-o", "jsonpath={.spec.clusterIP}"])
            .await,
        "get clusterIP",
    );
    // kube-apiserver's default service CIDR, 10.0.0.0/24.
    assert!(ip.starts_with("10.0.0."), "{v}: clusterIP {ip:?}");

    let out = Kubectl::ok(
        &k.run(&["create", "service", "nodeport", "edge", "--tcp=443:8443"])
            .await,
        &format!("{v} create service nodeport"),
    );
    assert_eq!(out.trim(), "service/edge created", "{v}");
    let port = Kubectl::ok(
        &k.run(&[
            "get",
            "svc",
            "edge",
            "-o",
            "jsonpath={.spec.ports[0].nodePort}",
        ])
        .await,
        "get nodePort",
    );
    let port: u16 = port.trim().parse().expect("a node port");
    assert!((30000..=32767).contains(&port), "{v}: nodePort {port}");

    let out = Kubectl::ok(
        &k.run(&["auth", "can-i", "create", "pods"]).await,
        &format!("{v} auth can-i"),
    );
    assert_eq!(out.trim(), "yes", "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_27_services_and_can_i() {
    registry(27).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_28_services_and_can_i() {
    registry(28).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_29_services_and_can_i() {
    registry(29).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_30_services_and_can_i() {
    registry(30).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_31_services_and_can_i() {
    registry(31).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_32_services_and_can_i() {
    registry(32).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_33_services_and_can_i() {
    registry(33).await;
}

/// A kind registered at run time from its schema alone is served to kubectl as a custom
/// resource is: found by discovery (by plural and short name), created from a manifest
/// with its schema's defaults, shown as a table with its printer column, and refused with
/// the schema's message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_uses_a_kind_registered_at_run_time() {
    let Some(binary) = kubectl_binary() else {
        return;
    };
    let server = start().await;
    support::gizmo::register(&server);
    let dir = tempfile::tempdir().expect("a temp dir");
    let k = Kubectl::for_server(binary, &server, dir.path());

    k.write(
        "gizmo.yaml",
        "apiVersion: toys.example.com/v1\nkind: Gizmo\nmetadata:\n  name: g1\nspec:\n  colour: red\n",
    );
    let out = Kubectl::ok(&k.run(&["create", "-f", "gizmo.yaml"]).await, "create");
    assert_eq!(out.trim(), "gizmo.toys.example.com/g1 created");

    let out = Kubectl::ok(
        &k.run(&["get", "gz", "g1", "-o", "json"]).await,
        "get -o json",
    );
    let got: serde_json::Value = serde_json::from_str(&out).expect("kubectl prints JSON");
    assert_eq!(got["spec"]["size"], 1, "the schema's default: {got}");

    let out = Kubectl::ok(&k.run(&["get", "gizmos"]).await, "get (table)");
    let header = out.lines().next().unwrap_or("");
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["NAME", "COLOUR"],
        "{out}"
    );
    assert_eq!(lines_with(&out, "g1").len(), 1, "{out}");
    assert!(lines_with(&out, "g1")[0].contains("red"), "{out}");

    k.write(
        "bad.yaml",
        "apiVersion: toys.example.com/v1\nkind: Gizmo\nmetadata:\n  name: bad\nspec:\n  colour: green\n",
    );
    let out = k.run(&["create", "-f", "bad.yaml"]).await;
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "spec.colour: Unsupported value: \"green\": supported values: \"red\", \"blue\""
        ),
        "{stderr}"
    );
}

/// The example API's generated CRD applied with kubectl to a server that compiles no
/// FrobberClass type: kubectl waits for `Established`, then creates, lists (with the CRD's
/// printer column) and reads FrobberClasses in both versions, the schema's default applied.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_applies_a_generated_crd_and_uses_its_kind() {
    let Some(binary) = kubectl_binary() else {
        return;
    };
    let server = kubernetes_server().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let k = Kubectl::for_server(binary, &server, dir.path());
    let crd = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../api-types/generated/crds/frob.example.com_frobberclasses.yaml");
    let crd = crd.to_string_lossy().into_owned();
    let out = Kubectl::ok(&k.run(&["apply", "-f", &crd]).await, "apply the CRD");
    assert_eq!(
        out.trim(),
        "customresourcedefinition.apiextensions.k8s.io/frobberclasses.frob.example.com created"
    );
    let out = Kubectl::ok(
        &k.run(&[
            "wait",
            "--for=condition=Established",
            "crd/frobberclasses.frob.example.com",
            "--timeout=10s",
        ])
        .await,
        "wait for Established",
    );
    assert!(out.contains("condition met"), "{out}");
    k.write(
        "tape.yaml",
        "apiVersion: frob.example.com/v1\nkind: FrobberClass\nmetadata:\n  name: tape\nspec:\n  provisioner: frob.example.com/tape\n",
    );
    let out = Kubectl::ok(&k.run(&["create", "-f", "tape.yaml"]).await, "create");
    assert_eq!(out.trim(), "frobberclass.frob.example.com/tape created");
    let out = Kubectl::ok(&k.run(&["get", "frobberclasses"]).await, "get");
    let header = out.lines().next().unwrap_or("");
    assert!(header.contains("MAX"), "the CRD's printer column: {out}");
    assert_eq!(lines_with(&out, "tape").len(), 1, "{out}");
    let out = Kubectl::ok(
        &k.run(&[
            "get",
            "frobberclasses.v2beta1.frob.example.com",
            "tape",
            "-o",
            "jsonpath={.apiVersion} {.spec.maxReplicas}",
        ])
        .await,
        "get in v2beta1",
    );
    assert_eq!(out.trim(), "frob.example.com/v2beta1 10");
    // A missing required field: the schema's 422, as kubectl shows it.
    k.write(
        "bad.yaml",
        "apiVersion: frob.example.com/v1\nkind: FrobberClass\nmetadata:\n  name: bad\nspec: {}\n",
    );
    let out = k.run(&["create", "-f", "bad.yaml"]).await;
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("spec.provisioner: Required value"),
        "{stderr}"
    );
}

/// A kind with `selectableFields`, for `--field-selector`.
const WIDGET_CRD: &str = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.shop.example.com
spec:
  group: shop.example.com
  names: {kind: Widget, plural: widgets, singular: widget, shortNames: [wd]}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    selectableFields: [{jsonPath: .spec.colour}]
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              colour: {type: string}
";

/// What kubectl does with CRDs on kube-apiserver, on the embedded server: Gateway API's
/// HTTPRoute (with Gateway and GatewayClass) created with `kubectl create -f`, explained
/// from the OpenAPI documents the server publishes for it, found by `api-resources` and by
/// its category, a route created and selected by field; a Widget selected by its
/// selectable field; and after `delete crd` kubectl no longer knows the kind.
async fn crds_with(minor: u32) {
    let Some(binary) = versioned_kubectl(minor) else {
        return;
    };
    use kapi_k8s::generated::openapi_documents::{V2, V3};
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("kapi-k8s registers");
    scheme.set_feature_gates(kapi::feature_gates::FeatureGates::new(
        kapi_k8s::FEATURE_GATES,
    ));
    let server = kapi_apiserver::ApiServer::builder(scheme)
        .openapi(kapi_apiserver::OpenApiDocuments::from_generated(V2, V3))
        .start()
        .await
        .expect("the server starts");
    let dir = tempfile::tempdir().expect("a temp dir");
    let k = Kubectl::for_server(binary.clone(), &server, dir.path());
    let v = format!("kubectl 1.{minor}");
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gateway-api");
    for crd in ["gatewayclasses", "gateways", "httproutes"] {
        let file = format!("{data}/gateway.networking.k8s.io_{crd}.yaml");
        let expected = format!(
            "customresourcedefinition.apiextensions.k8s.io/{crd}.gateway.networking.k8s.io created"
        );
        says(&k, &v, &["create", "-f", &file], &expected).await;
    }

    let explained = Kubectl::ok(&k.run(&["explain", "httproutes.spec"]).await, "explain");
    for field in ["hostnames", "parentRefs", "rules"] {
        assert!(
            explained.contains(field),
            "{v}: explain lacks {field}: {explained}"
        );
    }
    let path = Kubectl::ok(
        &k.run(&["explain", "httproutes.spec.rules.matches.path"])
            .await,
        "explain path",
    );
    assert!(
        path.contains("value") && path.contains("type"),
        "{v}: {path}"
    );

    let resources = Kubectl::ok(
        &k.run(&[
            "api-resources",
            "--api-group=gateway.networking.k8s.io",
            "--no-headers",
        ])
        .await,
        "api-resources",
    );
    let route_row = lines_with(&resources, "httproutes");
    assert_eq!(route_row.len(), 1, "{v}: {resources}");
    assert!(
        route_row[0].contains("gateway.networking.k8s.io/v1"),
        "{v}: {resources}"
    );
    assert!(route_row[0].contains("HTTPRoute"), "{v}: {resources}");

    k.write(
        "route.yaml",
        "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: store\nspec:\n  parentRefs:\n  - name: example-gateway\n  hostnames: [store.example.com]\n  rules:\n  - backendRefs:\n    - name: store-v1\n      port: 8080\n",
    );
    says(
        &k,
        &v,
        &["apply", "-f", "route.yaml"],
        "httproute.gateway.networking.k8s.io/store created",
    )
    .await;
    let path_type = "jsonpath={.spec.rules[0].matches[0].path.type}";
    says(
        &k,
        &v,
        &["get", "httproute", "store", "-o", path_type],
        "PathPrefix",
    )
    .await;
    let by_category = Kubectl::ok(&k.run(&["get", "gateway-api"]).await, "get by category");
    assert!(by_category.contains("store"), "{v}: {by_category}");
    let name_only = [
        "get",
        "httproutes",
        "--field-selector",
        "metadata.name=store",
        "-o",
        "name",
    ];
    says(
        &k,
        &v,
        &name_only,
        "httproute.gateway.networking.k8s.io/store",
    )
    .await;

    k.write("widget-crd.yaml", WIDGET_CRD);
    says(
        &k,
        &v,
        &["create", "-f", "widget-crd.yaml"],
        "customresourcedefinition.apiextensions.k8s.io/widgets.shop.example.com created",
    )
    .await;
    for (name, colour) in [("w1", "red"), ("w2", "blue")] {
        let manifest = format!("apiVersion: shop.example.com/v1\nkind: Widget\nmetadata:\n  name: {name}\nspec:\n  colour: {colour}\n");
        k.write(&format!("{name}.yaml"), &manifest);
        says(
            &k,
            &v,
            &["create", "-f", &format!("{name}.yaml")],
            &format!("widget.shop.example.com/{name} created"),
        )
        .await;
    }
    let red = [
        "get",
        "widgets",
        "--field-selector",
        "spec.colour=red",
        "-o",
        "name",
    ];
    says(&k, &v, &red, "widget.shop.example.com/w1").await;
    let refused = k
        .run(&["get", "widgets", "--field-selector", "spec.size=1"])
        .await;
    assert!(!refused.status.success(), "{v}");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("field label not supported: spec.size"),
        "{v}: {stderr}"
    );

    says(&k, &v, &["delete", "crd", "httproutes.gateway.networking.k8s.io"], "customresourcedefinition.apiextensions.k8s.io \"httproutes.gateway.networking.k8s.io\" deleted").await;
    // A kubectl with no cache of the server before.
    let after = tempfile::tempdir().expect("a temp dir");
    let fresh = Kubectl::for_server(binary, &server, after.path());
    let gone = fresh.run(&["explain", "httproutes"]).await;
    assert!(
        !gone.status.success(),
        "{v}: explain still finds httproutes"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_27_crds() {
    crds_with(27).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_30_crds() {
    crds_with(30).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_1_33_crds() {
    crds_with(33).await;
}
