//! Exec credential plugins from a kubeconfig, run as client-go runs them: real processes
//! (shell scripts written by the test) against a server that records the `Authorization`
//! header of every request and answers 401 when told to.

mod client_support;
mod support;

use client_support::credentials::serve;
use kapi::client::{Client, Config, Error, Method};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// A plugin that counts its runs in `dir/count`, keeps each run's `KUBERNETES_EXEC_INFO` in
/// `dir/info.<n>`, waits `PLUGIN_SLEEP` seconds, and prints a token `tok-<n>` expiring at
/// `PLUGIN_EXPIRY` (none when empty).
fn plugin(dir: &Path) -> PathBuf {
    let script = dir.join("plugin.sh");
    std::fs::write(
        &script,
        r#"#!/bin/sh
set -e
n=$(( $(cat "$PLUGIN_DIR/count" 2>/dev/null || echo 0) + 1 ))
echo "$n" > "$PLUGIN_DIR/count"
printf '%s' "$KUBERNETES_EXEC_INFO" > "$PLUGIN_DIR/info.$n"
sleep "${PLUGIN_SLEEP:-0}"
if [ -n "$PLUGIN_EXPIRY" ]; then expiry=",\"expirationTimestamp\":\"$PLUGIN_EXPIRY\""; fi
echo "{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"tok-$n\"$expiry}}"
"#,
    )
    .unwrap();
    make_executable(&script);
    script
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// A kubeconfig whose user runs `command` with `env` (name, value pairs).
fn kubeconfig(url: &str, command: &Path, env: &[(&str, &str)], extra: &str) -> String {
    let env: Vec<String> = env
        .iter()
        .map(|(k, v)| format!("{{name: {k}, value: '{v}'}}"))
        .collect();
    format!(
        "apiVersion: v1
kind: Config
current-context: c
contexts: [{{name: c, context: {{cluster: k, user: eks-admin}}}}]
clusters:
- name: k
  cluster:
    server: {url}
    extensions:
    - name: client.authentication.k8s.io/exec
      extension: {{audience: kapi}}
users:
- name: eks-admin
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: {command}
      args: [--region, eu-west-1]
      env: [{env}]
      interactiveMode: Never
{extra}",
        command = command.display(),
        env = env.join(", "),
    )
}

fn client(kubeconfig: &str) -> Client {
    let mut config = Config::from_kubeconfig_str(kubeconfig, None, Path::new("/")).unwrap();
    // The test server speaks plain http.
    config.allow_credentials_over_http = true;
    config.retry = kapi::client::RetryPolicy::none();
    Client::new(config, Arc::new(kapi::Scheme::new())).unwrap()
}

async fn get(client: &Client) -> Result<(), Error> {
    client
        .request_raw(Method::GET, "/version", None, "application/json")
        .await
        .map(|_| ())
}

fn runs(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("count"))
        .map(|s| s.trim().parse().unwrap())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plugins_token_is_sent_cached_and_renewed_after_a_401() {
    let (url, seen) = serve().await;
    let dir = tempfile::tempdir().unwrap();
    let script = plugin(dir.path());
    let dir_s = dir.path().to_str().unwrap();
    let client = client(&kubeconfig(
        &url,
        &script,
        &[("PLUGIN_DIR", dir_s), ("PLUGIN_SLEEP", "0.3")],
        "      provideClusterInfo: true\n",
    ));

    // Ten requests at once share one run.
    let requests = (0..10).map(|_| get(&client));
    for result in futures_util::future::join_all(requests).await {
        result.unwrap();
    }
    get(&client).await.unwrap();
    assert_eq!(runs(dir.path()), 1);
    assert!(seen
        .authorization
        .lock()
        .unwrap()
        .iter()
        .all(|a| a == "Bearer tok-1"));

    // What the plugin was told: the request, and the cluster (provideClusterInfo).
    let info: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("info.1")).unwrap()).unwrap();
    assert_eq!(
        info,
        serde_json::json!({
            "apiVersion": "client.authentication.k8s.io/v1",
            "kind": "ExecCredential",
            "spec": {
                "interactive": false,
                "cluster": {"server": url, "config": {"audience": "kapi"}}
            }
        })
    );

    // A 401 goes back to the caller, and the next request runs the plugin again.
    seen.refuse.store(1, Ordering::SeqCst);
    let refused = get(&client).await.unwrap_err();
    assert!(refused.is_unauthorized(), "{refused}");
    get(&client).await.unwrap();
    assert_eq!(runs(dir.path()), 2);
    assert_eq!(
        seen.authorization
            .lock()
            .unwrap()
            .last()
            .map(String::as_str),
        Some("Bearer tok-2")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_credential_runs_the_plugin_again() {
    let (url, seen) = serve().await;
    let dir = tempfile::tempdir().unwrap();
    let script = plugin(dir.path());
    let dir_s = dir.path().to_str().unwrap();
    let expiring = client(&kubeconfig(
        &url,
        &script,
        &[
            ("PLUGIN_DIR", dir_s),
            ("PLUGIN_EXPIRY", "2001-01-01T00:00:00Z"),
        ],
        "",
    ));
    get(&expiring).await.unwrap();
    get(&expiring).await.unwrap();
    assert_eq!(runs(dir.path()), 2);
    let lasting = client(&kubeconfig(
        &url,
        &script,
        &[
            ("PLUGIN_DIR", dir_s),
            ("PLUGIN_EXPIRY", "2999-01-01T00:00:00Z"),
        ],
        "",
    ));
    get(&lasting).await.unwrap();
    get(&lasting).await.unwrap();
    assert_eq!(runs(dir.path()), 3);
    let sent = seen.authorization.lock().unwrap().clone();
    assert_eq!(
        sent,
        [
            "Bearer tok-1",
            "Bearer tok-2",
            "Bearer tok-3",
            "Bearer tok-3"
        ]
    );
}

/// The error of the first request through a plugin `script` (its body after `#!/bin/sh`).
async fn failure(script: &str, extra: &str) -> String {
    let (url, _) = serve().await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plugin.sh");
    std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).unwrap();
    make_executable(&path);
    let client = client(&kubeconfig(
        &url,
        &path,
        &[("SECRET_ENV", "hunter2")],
        extra,
    ));
    let error = get(&client).await.unwrap_err().to_string();
    assert!(!error.contains("hunter2"), "{error}");
    assert!(!format!("{client:?}").contains("hunter2"));
    error
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plugin_that_fails_is_a_clear_error_naming_the_user_and_the_command() {
    let error = failure("echo leaked-token-on-stdout; exit 3", "").await;
    assert!(
        error.starts_with("user \"eks-admin\": getting credentials: exec: executable "),
        "{error}"
    );
    assert!(
        error.ends_with("plugin.sh failed with exit code 3"),
        "{error}"
    );
    assert!(!error.contains("leaked-token"), "{error}");

    let error = failure("echo '{\"apiVersion\": \"client.authentication.k8s.io/v1\", \"status\": {\"token\": \"secret-tok\"'", "").await;
    assert!(
        error.contains("getting credentials: decoding stdout: "),
        "{error}"
    );
    assert!(!error.contains("secret-tok"), "{error}");

    let error = failure(
        "echo '{\"apiVersion\": \"client.authentication.k8s.io/v1beta1\", \"status\": {\"token\": \"t\"}}'",
        "",
    )
    .await;
    assert!(error.ends_with("exec plugin is configured to use API version client.authentication.k8s.io/v1, plugin returned version client.authentication.k8s.io/v1beta1"), "{error}");

    let error = failure(
        "echo '{\"apiVersion\": \"client.authentication.k8s.io/v1\", \"status\": {}}'",
        "",
    )
    .await;
    assert!(
        error.ends_with("exec plugin didn't return a token or cert/key pair"),
        "{error}"
    );

    let error = failure(
        "echo '{\"apiVersion\": \"client.authentication.k8s.io/v1\", \"status\": {\"clientCertificateData\": \"x\"}}'",
        "",
    )
    .await;
    assert!(
        error.ends_with("exec plugin returned only certificate or key, not both"),
        "{error}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interactive_mode_always_needs_a_terminal() {
    // Test runners give no terminal on standard input.
    let (url, _) = serve().await;
    let dir = tempfile::tempdir().unwrap();
    let script = plugin(dir.path());
    let always = kubeconfig(&url, &script, &[], "")
        .replace("interactiveMode: Never", "interactiveMode: Always");
    let error = get(&client(&always)).await.unwrap_err().to_string();
    assert_eq!(
        error,
        "user \"eks-admin\": getting credentials: exec plugin cannot support interactive mode: standard input is not a terminal"
    );
    assert_eq!(runs(dir.path()), 0, "the plugin never ran");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_plugin_names_the_install_hint_and_a_hung_one_is_cut() {
    let (url, _) = serve().await;
    let missing = kubeconfig(
        &url,
        Path::new("/nonexistent/aws-iam-authenticator"),
        &[],
        "      installHint: 'install it with: brew install aws-iam-authenticator'\n",
    );
    let error = get(&client(&missing)).await.unwrap_err().to_string();
    assert_eq!(
        error,
        "user \"eks-admin\": getting credentials: exec: executable /nonexistent/aws-iam-authenticator not found\n\nIt looks like you are trying to use a client-go credential plugin that is not installed.\n\nTo learn more about this feature, consult the documentation available at:\n      https://kubernetes.io/docs/reference/access-authn-authz/authentication/#client-go-credential-plugins\n\ninstall it with: brew install aws-iam-authenticator"
    );

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hang.sh");
    std::fs::write(&path, "#!/bin/sh\nexec sleep 30\n").unwrap();
    make_executable(&path);
    let mut config =
        Config::from_kubeconfig_str(&kubeconfig(&url, &path, &[], ""), None, Path::new("/"))
            .unwrap();
    config.allow_credentials_over_http = true;
    let kapi::client::Auth::Exec(exec) = &mut config.auth else {
        panic!("an exec user: {:?}", config.auth);
    };
    exec.timeout = Duration::from_millis(300);
    let hung = Client::new(config, Arc::new(kapi::Scheme::new())).unwrap();
    let started = std::time::Instant::now();
    let error = get(&hung).await.unwrap_err().to_string();
    assert!(
        error.ends_with("hang.sh did not finish within 300ms"),
        "{error}"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn the_exec_section_is_checked_as_clientcmd_checks_it() {
    let base = |exec: &str| {
        format!(
            "current-context: c\ncontexts: [{{name: c, context: {{cluster: k, user: u}}}}]\nclusters: [{{name: k, cluster: {{server: 'https://x', insecure-skip-tls-verify: true}}}}]\nusers: [{{name: u, user: {{exec: {{{exec}}}}}}}]\n"
        )
    };
    let error = |exec: &str| {
        Config::from_kubeconfig_str(&base(exec), None, Path::new("/"))
            .unwrap_err()
            .to_string()
    };
    assert!(error("command: aws")
        .ends_with("apiVersion must be specified for u to use exec authentication plugin"));
    assert!(error("apiVersion: client.authentication.k8s.io/v1")
        .ends_with("command must be specified for u to use exec authentication plugin"));
    assert!(
        error("command: aws, apiVersion: client.authentication.k8s.io/v1")
            .ends_with("interactiveMode must be specified for u to use exec authentication plugin")
    );
    assert!(error(
        "command: aws, apiVersion: client.authentication.k8s.io/v1, interactiveMode: Sometimes"
    )
    .ends_with("invalid interactiveMode for u: \"Sometimes\""));
    assert!(error(
        "command: aws, apiVersion: client.authentication.k8s.io/v2, interactiveMode: Never"
    )
    .ends_with("exec plugin: invalid apiVersion \"client.authentication.k8s.io/v2\""));
    assert!(error(
        "command: aws, apiVersion: client.authentication.k8s.io/v1beta1, env: [{value: x}]"
    )
    .ends_with("env variable name must be specified for u to use exec authentication plugin"));
    // v1beta1 defaults to IfAvailable.
    let config = Config::from_kubeconfig_str(
        &base("command: aws, apiVersion: client.authentication.k8s.io/v1beta1"),
        None,
        Path::new("/"),
    )
    .unwrap();
    let kapi::client::Auth::Exec(exec) = &config.auth else {
        panic!("{:?}", config.auth);
    };
    assert_eq!(
        exec.interactive_mode,
        kapi::client::InteractiveMode::IfAvailable
    );
    assert_eq!(exec.cluster, None, "provideClusterInfo is off");
}
