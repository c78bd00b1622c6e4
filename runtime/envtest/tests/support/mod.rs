//! The `kapi-apiserver` binary as a harness in another language runs it: started with a
//! free port and a kubeconfig path, read from its first line of output, stopped with
//! SIGTERM.

#![allow(dead_code)] // each test file uses its own part

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

pub fn require_tools() -> bool {
    std::env::var("KAPI_REQUIRE_TOOLS").is_ok_and(|v| v == "1")
}

/// A tool a test needs is missing: a failure under `KAPI_REQUIRE_TOOLS=1`, a printed skip
/// otherwise.
pub fn missing(what: &str) {
    if require_tools() {
        panic!("{what} (required under KAPI_REQUIRE_TOOLS=1)");
    }
    eprintln!("SKIPPED: {what}");
}

/// The example API's generated CRDs.
pub fn crds() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../api-types/generated/crds")
}

/// A running binary and the files it was given.
pub struct Server {
    child: Child,
    pub dir: PathBuf,
    pub kubeconfig: PathBuf,
    /// `http://127.0.0.1:<port>` or `https://...`, from its first line.
    pub url: String,
}

impl Server {
    /// Starts the binary on a free port with `args` besides `--port` and `--kubeconfig`,
    /// in a directory of its own named for `test`.
    pub fn start(test: &str, args: &[&str]) -> Server {
        let dir = std::env::temp_dir().join(format!("kapi-envtest-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory");
        let kubeconfig = dir.join("kubeconfig");
        let mut child = Command::new(env!("CARGO_BIN_EXE_kapi-apiserver"))
            .args(["--port", "0", "--kubeconfig"])
            .arg(&kubeconfig)
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("its stdout"))
            .read_line(&mut line)
            .expect("its first line");
        let url = line
            .strip_prefix("kapi-apiserver serving on ")
            .and_then(|rest| rest.split(' ').next())
            .unwrap_or_else(|| panic!("not the serving line: {line:?}"))
            .to_string();
        Server {
            child,
            dir,
            kubeconfig,
            url,
        }
    }

    /// `127.0.0.1:<port>`
    pub fn addr(&self) -> &str {
        self.url.split("://").nth(1).unwrap_or("")
    }

    /// The kubeconfig it wrote.
    pub fn kubeconfig_text(&self) -> String {
        std::fs::read_to_string(&self.kubeconfig).expect("the kubeconfig")
    }

    /// SIGTERM: the server stops and the process exits cleanly.
    pub fn stop(mut self) {
        let stopped = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(stopped.success());
        let exit = self.child.wait().expect("the binary exits");
        assert!(exit.success(), "{exit:?}");
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // A failed test still ends its server.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// kubectl on PATH, if there is one.
pub fn kubectl() -> Option<PathBuf> {
    let found = Command::new("kubectl")
        .args(["version", "--client"])
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        return Some(PathBuf::from("kubectl"));
    }
    missing("kubectl not found on PATH");
    None
}
