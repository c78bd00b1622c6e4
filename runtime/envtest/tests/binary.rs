//! The `kapi-apiserver` binary as a test harness in another language runs it: started with
//! a free port, a kubeconfig path and the example API's generated CRDs; read from its first
//! line of output; used by kubectl, over plain HTTP and over TLS with a token; stopped with
//! SIGTERM.

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Output};
use support::{crds, kubectl, Server};

fn get(addr: &str, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("the server listens");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
    )
    .expect("a request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, answer)
}

#[test]
fn the_binary_serves_built_in_kinds_and_the_crds_it_was_given() {
    let crds = crds();
    let server = Server::start("http", &["--crds", crds.to_str().expect("a UTF-8 path")]);
    assert!(
        server.url.starts_with("http://127.0.0.1:"),
        "{}",
        server.url
    );
    let addr = server.addr().to_string();

    // A built-in kind, and the kind of a CRD installed from the directory.
    assert_eq!(get(&addr, "/api/v1/namespaces/default/configmaps").0, 200);
    let (status, body) = get(&addr, "/apis/frob.example.com/v1/frobberclasses");
    assert_eq!(status, 200, "{body}");
    let (status, body) = get(
        &addr,
        "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/frobberclasses.frob.example.com",
    );
    assert_eq!(status, 200);
    assert!(body.contains("\"Established\""), "{body}");
    // Plain HTTP without --token authenticates no one: no credentials in the kubeconfig.
    assert!(!server.kubeconfig_text().contains("token:"));

    if let Some(kubectl) = kubectl() {
        let out = Command::new(kubectl)
            .arg("--kubeconfig")
            .arg(&server.kubeconfig)
            .args(["get", "frobberclasses", "-o", "name"])
            .output()
            .expect("kubectl runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    server.stop();
}

fn run(kubectl: &Path, kubeconfig: &Path, args: &[&str]) -> Output {
    Command::new(kubectl)
        .arg("--kubeconfig")
        .arg(kubeconfig)
        .args(args)
        .output()
        .expect("kubectl runs")
}

fn ok(out: Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn kubectl_works_over_tls_with_the_token_and_a_wrong_token_is_unauthorized() {
    let server = Server::start("tls", &["--tls"]);
    assert!(
        server.url.starts_with("https://127.0.0.1:"),
        "{}",
        server.url
    );
    let config = server.kubeconfig_text();
    assert!(config.contains("certificate-authority-data: "), "{config}");
    assert!(config.contains("token: "), "{config}");
    // Plain HTTP to a TLS port is no request at all.
    let mut plain = TcpStream::connect(server.addr()).expect("the server listens");
    write!(plain, "GET /version HTTP/1.1\r\nHost: x\r\n\r\n").expect("a request");
    let mut answer = Vec::new();
    let _ = plain.read_to_end(&mut answer);
    assert!(!String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 200"));

    let Some(kubectl) = kubectl() else {
        server.stop();
        return;
    };
    let kubeconfig = server.kubeconfig.clone();
    let crd = crds().join("frob.example.com_frobberclasses.yaml");
    ok(run(
        &kubectl,
        &kubeconfig,
        &["create", "-f", crd.to_str().expect("a UTF-8 path")],
    ));
    ok(run(
        &kubectl,
        &kubeconfig,
        &[
            "wait",
            "--for=condition=Established",
            "--timeout=60s",
            "crd/frobberclasses.frob.example.com",
        ],
    ));
    let object = server.dir.join("gold.yaml");
    std::fs::write(
        &object,
        "apiVersion: frob.example.com/v1\nkind: FrobberClass\nmetadata:\n  name: gold\nspec:\n  provisioner: example.com/gold\n",
    )
    .expect("the object's file");
    ok(run(
        &kubectl,
        &kubeconfig,
        &["create", "-f", object.to_str().expect("a UTF-8 path")],
    ));
    // The CRD's default applied on the way in.
    let got = ok(run(
        &kubectl,
        &kubeconfig,
        &[
            "get",
            "frobberclass",
            "gold",
            "-o",
            "jsonpath={.spec.provisioner} {.spec.maxReplicas}",
        ],
    ));
    assert_eq!(got, "example.com/gold 10");

    // `kubectl auth whoami` (a SelfSubjectReview): the admin token is envtest's default
    // user; a token the server issued for a service account is that account's.
    let whoami = [
        "auth",
        "whoami",
        "-o",
        "jsonpath={.status.userInfo.username}",
    ];
    assert_eq!(ok(run(&kubectl, &kubeconfig, &whoami)), "default");
    ok(run(
        &kubectl,
        &kubeconfig,
        &["create", "serviceaccount", "robot"],
    ));
    // `kubectl create token` posts its TokenRequest in protobuf.
    let token = ok(run(&kubectl, &kubeconfig, &["create", "token", "robot"]));
    let token = token.trim();
    let as_robot = [&["--token", token][..], &whoami[..]].concat();
    assert_eq!(
        ok(run(&kubectl, &kubeconfig, &as_robot)),
        "system:serviceaccount:default:robot"
    );

    // Another token: kubectl's message for a 401.
    let out = run(
        &kubectl,
        &kubeconfig,
        &["--token", "not-the-token", "get", "configmaps"],
    );
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: You must be logged in to the server (Unauthorized)"
    );

    // No token: the anonymous user, whom default RBAC lets read /healthz and no more. A
    // username without a password keeps kubectl from prompting for credentials; the Basic
    // header it then sends is no credential to kube-apiserver, which has no basic auth.
    let anonymous = server.dir.join("anonymous");
    let without_token: String = config
        .lines()
        .filter(|l| !l.trim_start().starts_with("token:"))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .replace("  user:\n", "  user: {username: nobody}\n");
    std::fs::write(&anonymous, without_token).expect("a kubeconfig without the token");
    assert_eq!(
        ok(run(&kubectl, &anonymous, &["get", "--raw", "/healthz"])),
        "ok"
    );
    for (path, message) in [
        (
            "/api/v1/namespaces/default/configmaps",
            r#"configmaps is forbidden: User "system:anonymous" cannot list resource "configmaps" in API group "" in the namespace "default""#,
        ),
        (
            "/api",
            r#"forbidden: User "system:anonymous" cannot get path "/api""#,
        ),
    ] {
        let out = run(&kubectl, &anonymous, &["get", "--raw", path]);
        assert!(!out.status.success());
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).trim(),
            format!("Error from server (Forbidden): {message}")
        );
    }
    server.stop();
}
