//! The official Python client (PyPI `kubernetes`, as `.ci/run` pins it) against the
//! `kapi-apiserver` binary over TLS with its token, from the kubeconfig the binary wrote:
//! a ConfigMap, and a CRD kind through `CustomObjectsApi` (create, get, list, merge patch,
//! the status subresource, a watch, delete), and a wrong token refused.

mod support;

use std::path::Path;
use std::process::Command;
use support::{missing, Server};

fn clients() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients")
}

#[test]
fn the_python_client_uses_the_binary_over_tls_with_its_token() {
    let found = Command::new("python3")
        .args(["-c", "import kubernetes"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        missing(
            "the Python module `kubernetes` is not installed (python3 -m pip install kubernetes)",
        );
        return;
    }
    let crd = clients().join("gadgets.yaml");
    let server = Server::start(
        "python",
        &["--tls", "--crds", crd.to_str().expect("a UTF-8 path")],
    );
    let out = Command::new("python3")
        .arg(clients().join("python_client.py"))
        .arg(&server.kubeconfig)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "configmap created, read, listed",
            "gadget created, read, listed",
            "gadget merge-patched",
            "gadget status patched",
            "gadget watched: ADDED g1",
            "gadget deleted",
            "wrong token: 401 Unauthorized",
        ]
    );
    server.stop();
}
