//! The REST client's configuration: kubeconfig files, credentials, and redaction.

mod client_support;
mod support;

use api_types::v1::Frobber;
use base64::Engine;
use kapi::client::{Api, Auth, Client, Config, Error, Secret};
use kapi::meta::{CreateOptions, ListOptions};
use std::path::Path;
use std::sync::Arc;

const KUBECONFIG: &str = r#"
apiVersion: v1
kind: Config
current-context: dev
clusters:
- name: dev-cluster
  cluster:
    server: https://dev.example.com:6443
    certificate-authority-data: CA_DATA
    tls-server-name: api.dev.internal
- name: files-cluster
  cluster:
    server: https://files.example.com
    certificate-authority: certs/ca.pem
- name: insecure-cluster
  cluster:
    server: https://insecure.example.com
    insecure-skip-tls-verify: true
    proxy-url: http://proxy:3128
users:
- name: token-user
  user:
    token: s3cr3t-token
- name: file-user
  user:
    tokenFile: token.txt
    client-certificate: certs/client.pem
    client-key: certs/client-key.pem
- name: data-user
  user:
    client-certificate-data: CERT_DATA
    client-key-data: KEY_DATA
- name: basic-user
  user:
    username: admin
    password: hunter2
contexts:
- name: dev
  context:
    cluster: dev-cluster
    user: token-user
    namespace: team-a
- name: files
  context:
    cluster: files-cluster
    user: file-user
- name: data
  context:
    cluster: insecure-cluster
    user: data-user
- name: basic
  context:
    cluster: insecure-cluster
    user: basic-user
- name: broken
  context:
    cluster: nowhere
    user: token-user
"#;

fn b64(s: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(s)
}

fn kubeconfig() -> String {
    KUBECONFIG
        .replace("CA_DATA", &b64("CA PEM"))
        .replace("CERT_DATA", &b64("CERT PEM"))
        .replace("KEY_DATA", &b64("KEY PEM"))
}

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn kubeconfig_contexts_clusters_and_users() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "certs/ca.pem", "FILE CA");
    let key = rcgen::KeyPair::generate().unwrap();
    let cert = rcgen::CertificateParams::new(vec!["alice".to_string()])
        .unwrap()
        .self_signed(&key)
        .unwrap();
    write(dir.path(), "certs/client.pem", &cert.pem());
    write(dir.path(), "certs/client-key.pem", &key.serialize_pem());
    write(dir.path(), "token.txt", "file-token\n");
    let yaml = kubeconfig();

    let dev = Config::from_kubeconfig_str(&yaml, None, dir.path()).unwrap();
    assert_eq!(dev.cluster_url.to_string(), "https://dev.example.com:6443/");
    assert_eq!(dev.default_namespace, "team-a");
    assert_eq!(dev.tls.root_ca_pem.as_deref(), Some(&b"CA PEM"[..]));
    assert_eq!(dev.tls.tls_server_name.as_deref(), Some("api.dev.internal"));
    assert!(!dev.tls.insecure_skip_tls_verify);
    assert_eq!(dev.auth, Auth::Bearer(Secret::new("s3cr3t-token")));
    assert_eq!(dev.qps, 5.0);
    assert_eq!(dev.burst, 10);

    let files = Config::from_kubeconfig_str(&yaml, Some("files"), dir.path()).unwrap();
    assert_eq!(files.default_namespace, "default");
    assert_eq!(files.tls.root_ca_pem.as_deref(), Some(&b"FILE CA"[..]));
    // Client certificate files stay files, read again when they change.
    assert_eq!(files.tls.client_cert_pem, None);
    assert_eq!(
        files.tls.client_cert_files,
        Some((
            dir.path().join("certs/client.pem"),
            dir.path().join("certs/client-key.pem")
        ))
    );
    assert_eq!(files.auth, Auth::TokenFile(dir.path().join("token.txt")));

    let data = Config::from_kubeconfig_str(&yaml, Some("data"), dir.path()).unwrap();
    assert!(data.tls.insecure_skip_tls_verify);
    assert_eq!(data.tls.root_ca_pem, None);
    assert_eq!(data.tls.client_cert_pem.as_deref(), Some(&b"CERT PEM"[..]));
    assert_eq!(
        data.tls.client_key_pem.as_ref().unwrap().expose(),
        "KEY PEM"
    );
    assert_eq!(data.auth, Auth::None);

    let basic = Config::from_kubeconfig_str(&yaml, Some("basic"), dir.path()).unwrap();
    assert_eq!(
        basic.auth,
        Auth::Basic {
            user: "admin".into(),
            password: Secret::new("hunter2")
        }
    );

    for (context, message) in [
        (Some("broken"), "cluster \"nowhere\""),
        (Some("missing"), "context \"missing\" not found"),
    ] {
        let err = Config::from_kubeconfig_str(&yaml, context, dir.path()).unwrap_err();
        assert!(matches!(err, Error::Config(_)), "{err}");
        assert!(err.to_string().contains(message), "{err}");
    }
    // Relative paths are relative to the file's directory.
    let path = dir.path().join("config");
    std::fs::write(&path, &yaml).unwrap();
    let from_file = Config::from_kubeconfig(&path, Some("files")).unwrap();
    assert_eq!(from_file.tls.root_ca_pem.as_deref(), Some(&b"FILE CA"[..]));
    // A client certificate file that is no certificate is an error up front.
    write(dir.path(), "certs/client.pem", "FILE CERT");
    let err = Config::from_kubeconfig(&path, Some("files")).unwrap_err();
    assert!(err.to_string().contains("client certificate"), "{err}");
    // A missing token file is an error up front, as in client-go.
    write(dir.path(), "certs/client.pem", &cert.pem());
    std::fs::remove_file(dir.path().join("token.txt")).unwrap();
    assert!(Config::from_kubeconfig(&path, Some("files")).is_err());
}

#[test]
fn kubeconfig_errors() {
    let dir = Path::new("/");
    assert!(Config::from_kubeconfig_str("", None, dir).is_err());
    assert!(Config::from_kubeconfig_str("clusters: [", None, dir).is_err());
    let both = "current-context: c\ncontexts: [{name: c, context: {cluster: k}}]\nclusters: [{name: k, cluster: {server: 'https://x', insecure-skip-tls-verify: true, certificate-authority-data: Q0E=}}]\n";
    let err = Config::from_kubeconfig_str(both, None, dir).unwrap_err();
    assert!(err.to_string().contains("insecure"), "{err}");
    let exec = "current-context: c\ncontexts: [{name: c, context: {cluster: k, user: u}}]\nclusters: [{name: k, cluster: {server: 'https://x'}}]\nusers: [{name: u, user: {exec: {command: aws}}}]\n";
    assert!(Config::from_kubeconfig_str(exec, None, dir).is_err());
    let bad_b64 = "current-context: c\ncontexts: [{name: c, context: {cluster: k}}]\nclusters: [{name: k, cluster: {server: 'https://x', certificate-authority-data: '!!!'}}]\n";
    assert!(Config::from_kubeconfig_str(bad_b64, None, dir).is_err());
}

#[tokio::test]
async fn a_client_from_the_servers_kubeconfig() {
    let server = support::start().await;
    let config =
        Config::from_kubeconfig_str(&server.kubeconfig("team"), None, Path::new(".")).unwrap();
    assert_eq!(config.default_namespace, "team");
    let client = Client::new(config, Arc::new(support::scheme())).unwrap();
    assert_eq!(client.default_namespace(), "team");
    let api: Api<Frobber> = Api::default_namespaced(client);
    let created = api
        .create(&client_support::frobber("k", 1), &CreateOptions::default())
        .await
        .unwrap();
    assert_eq!(created.metadata.namespace, "team");
    assert_eq!(
        api.list(&ListOptions::default()).await.unwrap().items.len(),
        1
    );
}

#[test]
fn debug_output_and_errors_never_show_secrets() {
    let mut config = Config::new("https://example.com".parse().unwrap());
    config.auth = Auth::Bearer(Secret::new("TOPSECRET-token"));
    config.tls.client_key_pem = Some(Secret::new("-----BEGIN PRIVATE KEY-----\nKEYMATERIAL\n"));
    config.tls.insecure_skip_tls_verify = true;
    let debug = format!("{config:?} {:#?}", config);
    assert!(!debug.contains("TOPSECRET"), "{debug}");
    assert!(!debug.contains("KEYMATERIAL"), "{debug}");
    assert!(debug.contains("[redacted]"));

    config.auth = Auth::Basic {
        user: "admin".into(),
        password: Secret::new("hunter2-password"),
    };
    let debug = format!("{config:?}");
    assert!(!debug.contains("hunter2"), "{debug}");
    assert!(debug.contains("admin"));

    // A key that does not parse: the error does not quote it.
    let err = Client::new(config.clone(), Arc::new(kapi::Scheme::new())).unwrap_err();
    assert!(!err.to_string().contains("KEYMATERIAL"), "{err}");
    assert!(!format!("{err:?}").contains("KEYMATERIAL"), "{err:?}");

    // A token that is not a valid header value: the error does not quote it.
    let mut config = Config::new("http://127.0.0.1:1".parse().unwrap());
    config.allow_credentials_over_http = true;
    config.auth = Auth::Bearer(Secret::new("TOPSECRET\nbroken"));
    let err = Client::new(config, Arc::new(kapi::Scheme::new())).unwrap_err();
    assert!(!format!("{err} {err:?}").contains("TOPSECRET"), "{err:?}");
}

#[tokio::test]
async fn credentials_are_sent_and_not_logged() {
    let server = support::start().await;
    let dir = tempfile::tempdir().unwrap();
    let token = dir.path().join("token");
    std::fs::write(&token, "first-token").unwrap();
    let mut config = client_support::config(&server, kapi::client::Encoding::Json);
    config.auth = Auth::TokenFile(token.clone());
    // The embedded server speaks plain http.
    config.allow_credentials_over_http = true;
    let client = client_support::client_with(config);
    // The embedded server ignores credentials; the request goes through with them.
    let api: Api<Frobber> = Api::default_namespaced(client.clone());
    api.list(&ListOptions::default()).await.unwrap();
    // A rotated token is read again; an emptied file is an error that names the file only.
    std::fs::write(&token, "").unwrap();
    let err = api.list(&ListOptions::default()).await.unwrap_err();
    assert!(err.to_string().contains("empty"), "{err}");
    std::fs::write(&token, "second-token-longer").unwrap();
    api.list(&ListOptions::default()).await.unwrap();
    assert!(!format!("{client:?}").contains("token-longer"));
}

/// The only test of this file that touches the environment.
#[test]
fn infer_merges_the_kubeconfig_list() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "one",
        "current-context: first\ncontexts:\n- name: first\n  context: {cluster: shared, user: u, namespace: one}\nusers:\n- name: u\n  user: {token: from-one}\n",
    );
    write(
        dir.path(),
        "two",
        "current-context: second\ncontexts:\n- name: first\n  context: {cluster: ignored}\n- name: second\n  context: {cluster: shared}\nclusters:\n- name: shared\n  cluster: {server: 'http://two.example.com:8080'}\nusers:\n- name: u\n  user: {token: from-two}\n",
    );
    let list = std::env::join_paths([
        dir.path().join("missing"),
        dir.path().join("one"),
        dir.path().join("two"),
    ])
    .unwrap();
    let saved = std::env::var_os("KUBECONFIG");
    std::env::set_var("KUBECONFIG", &list);
    let inferred = Config::infer();
    std::env::set_var("KUBECONFIG", dir.path().join("none-of-these"));
    let none = Config::infer();
    match saved {
        Some(v) => std::env::set_var("KUBECONFIG", v),
        None => std::env::remove_var("KUBECONFIG"),
    }
    let config = inferred.unwrap();
    // The first file's current-context, context and user; the cluster only the second has.
    assert_eq!(config.default_namespace, "one");
    assert_eq!(config.auth, Auth::Bearer(Secret::new("from-one")));
    assert_eq!(config.cluster_url.host(), Some("two.example.com"));
    // No file exists and no cluster around: an error (unless this runs in a pod).
    if std::env::var_os("KUBERNETES_SERVICE_HOST").is_none() {
        assert!(none.is_err());
    }
}

/// A projected service-account token as kubelet writes it (`token` → `..data/token`, and
/// `..data` a symlink swapped atomically to a new timestamped directory on rotation): the
/// next request sends the new token.
#[tokio::test]
async fn a_token_rotated_as_kubelet_rotates_it_is_sent() {
    use std::os::unix::fs::symlink;
    let (url, seen) = client_support::credentials::serve().await;
    let dir = tempfile::tempdir().unwrap();
    let volume = dir.path();
    let project = |generation: &str, token: &str| {
        let data = volume.join(generation);
        std::fs::create_dir(&data).unwrap();
        std::fs::write(data.join("token"), token).unwrap();
        // Swap `..data` in one rename, as kubelet's atomic writer does.
        let next = volume.join("..data_tmp");
        symlink(generation, &next).unwrap();
        std::fs::rename(&next, volume.join("..data")).unwrap();
    };
    project("..2026_11_29_01", "first-token-0123");
    symlink("..data/token", volume.join("token")).unwrap();
    let mut config = Config::new(url.parse().unwrap());
    config.auth = Auth::TokenFile(volume.join("token"));
    config.allow_credentials_over_http = true;
    let client = Client::new(config, Arc::new(kapi::Scheme::new())).unwrap();
    let get = || {
        client.request_raw(
            kapi::client::Method::GET,
            "/version",
            None,
            "application/json",
        )
    };
    get().await.unwrap();
    // Same length, written in the same second: only the symlink moved.
    project("..2026_11_29_02", "second-token-456");
    get().await.unwrap();
    assert_eq!(
        seen.authorization.lock().unwrap().clone(),
        ["Bearer first-token-0123", "Bearer second-token-456"]
    );
}
