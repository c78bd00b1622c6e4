//! kube-rs against the `kapi-apiserver` binary over TLS with its token: the separate
//! workspace `compat/kube-rs` (so the kapi workspace never compiles kube) is built with its
//! own lock file and run with the kubeconfig the binary wrote. It does CRUD and a watcher on
//! a CRD kind through `DynamicObject`, then runs a `kube::runtime::Controller` that writes
//! each object's status; kapi's own client then reads that status back.

mod support;

use kapi::client::{Client, Config, Method};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use support::{missing, Server};

const OBJECTS: usize = 5;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The target directory this test was built in (`<target>/<profile>/deps/<test>`), where
/// the compat workspace gets a directory of its own.
fn target_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        return Some(PathBuf::from(dir));
    }
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.parent()?.parent()?.to_path_buf())
}

/// Builds the compat binary: its path, or why it could not be built.
fn build() -> Result<PathBuf, String> {
    let target = target_dir()
        .ok_or("no target directory")?
        .join("compat-kube-rs");
    let manifest = workspace().join("compat/kube-rs/Cargo.toml");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .args(["build", "--locked", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .map_err(|e| format!("running cargo: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo build of {} failed:\n{}",
            manifest.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(target.join("debug/kapi-compat-kube-rs"))
}

#[test]
fn kube_rs_crud_watch_and_a_controller_work_against_the_binary_over_tls() {
    let binary = match build() {
        Ok(binary) => binary,
        Err(why) => {
            missing(&format!("kube-rs could not be built: {why}"));
            return;
        }
    };
    let crd = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/gadgets.yaml");
    let server = Server::start(
        "kube-rs",
        &["--tls", "--crds", crd.to_str().expect("a UTF-8 path")],
    );
    let out = Command::new(&binary)
        .arg(&server.kubeconfig)
        .arg(OBJECTS.to_string())
        .output()
        .expect("the compat binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "crud: created, read, listed",
            "crud: merge-patched, status patched",
            "crud: watched",
            "crud: deleted",
            "controller: reconciled 5 gadgets",
        ]
    );

    // What the controller wrote, read by kapi's client through the same kubeconfig.
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let list: serde_json::Value = runtime.block_on(async {
        let config = Config::from_kubeconfig(&server.kubeconfig, None).expect("the kubeconfig");
        let client = Client::new(config, Arc::new(kapi::Scheme::new())).expect("a client");
        let answer = client
            .request_raw(
                Method::GET,
                "/apis/compat.example.com/v1/namespaces/default/gadgets",
                None,
                "application/json",
            )
            .await
            .expect("the gadgets");
        serde_json::from_slice(&answer.body).expect("a JSON list")
    });
    let items = list["items"].as_array().expect("items");
    assert_eq!(items.len(), OBJECTS);
    for item in items {
        assert_eq!(item["status"]["phase"], "Reconciled", "{item}");
        assert_eq!(
            item["status"]["reconciledGeneration"], item["metadata"]["generation"],
            "{item}"
        );
    }
    server.stop();
}
