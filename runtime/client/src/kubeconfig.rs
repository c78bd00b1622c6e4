//! kubeconfig files (clusters, users, contexts) and the in-cluster service-account config,
//! read as client-go reads them.

use super::config::{Auth, Config, Secret};
use super::credentials::{
    ExecCluster, ExecConfig, InteractiveMode, OidcConfig, DEFAULT_EXEC_TIMEOUT,
};
use super::error::Error;
use base64::Engine;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Where a pod's service-account files are mounted.
pub const SERVICE_ACCOUNT_DIR: &str = "/var/run/secrets/kubernetes.io/serviceaccount";

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct RawKubeconfig {
    #[serde(default)]
    clusters: Option<Vec<Named<RawCluster>>>,
    #[serde(default)]
    users: Option<Vec<Named<RawUser>>>,
    #[serde(default)]
    contexts: Option<Vec<Named<RawContext>>>,
    #[serde(default)]
    current_context: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Named<T> {
    name: String,
    #[serde(alias = "cluster", alias = "user", alias = "context")]
    #[serde(default)]
    value: Option<T>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct RawCluster {
    #[serde(default)]
    server: String,
    certificate_authority: Option<String>,
    certificate_authority_data: Option<String>,
    #[serde(default)]
    insecure_skip_tls_verify: bool,
    tls_server_name: Option<String>,
    proxy_url: Option<String>,
    #[serde(default)]
    extensions: Option<Vec<NamedExtension>>,
}

/// A cluster's `extensions` entry; `client.authentication.k8s.io/exec` goes to exec plugins.
#[derive(Debug, Clone, Deserialize)]
struct NamedExtension {
    name: String,
    extension: Option<serde_yaml_ng::Value>,
}

/// A user's `auth-provider` section.
#[derive(Debug, Clone, Default, Deserialize)]
struct RawAuthProvider {
    #[serde(default)]
    name: String,
    #[serde(default)]
    config: Option<std::collections::BTreeMap<String, String>>,
}

/// A user's `exec` section, as clientcmd reads it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawExec {
    #[serde(default)]
    command: String,
    #[serde(default)]
    args: Option<Vec<String>>,
    #[serde(default)]
    env: Option<Vec<RawEnv>>,
    #[serde(default)]
    api_version: String,
    install_hint: Option<String>,
    #[serde(default)]
    provide_cluster_info: bool,
    #[serde(default)]
    interactive_mode: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
struct RawEnv {
    #[serde(default)]
    name: String,
    #[serde(default)]
    value: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct RawUser {
    token: Option<String>,
    #[serde(rename = "tokenFile")]
    token_file: Option<String>,
    client_certificate: Option<String>,
    client_certificate_data: Option<String>,
    client_key: Option<String>,
    client_key_data: Option<String>,
    username: Option<String>,
    password: Option<String>,
    exec: Option<RawExec>,
    auth_provider: Option<RawAuthProvider>,
    /// The file this user came from: refreshed OIDC tokens are written back there.
    #[serde(skip)]
    source: Option<PathBuf>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct RawContext {
    #[serde(default)]
    cluster: String,
    #[serde(default)]
    user: String,
    namespace: Option<String>,
}

/// A parsed kubeconfig, its relative paths already resolved against the directory of the
/// file that named them. Several files merge as client-go merges them: the first file to
/// define a cluster, user or context by name wins, and so does the first `current-context`.
#[derive(Debug, Default)]
pub(crate) struct Kubeconfig {
    clusters: Vec<(String, RawCluster)>,
    users: Vec<(String, RawUser)>,
    contexts: Vec<(String, RawContext)>,
    current_context: Option<String>,
}

fn resolve(base: &Path, p: &mut Option<String>) {
    if let Some(path) = p.as_mut() {
        if !path.is_empty() && Path::new(path.as_str()).is_relative() {
            *path = base.join(path.as_str()).to_string_lossy().into_owned();
        }
    }
}

impl Kubeconfig {
    pub(crate) fn parse(yaml: &str, base_dir: &Path) -> Result<Self, Error> {
        let raw: RawKubeconfig = if yaml.trim().is_empty() {
            RawKubeconfig::default()
        } else {
            serde_yaml_ng::from_str(yaml)
                .map_err(|e| Error::Config(format!("malformed kubeconfig: {e}")))?
        };
        let mut kc = Kubeconfig {
            current_context: raw.current_context.filter(|c| !c.is_empty()),
            ..Default::default()
        };
        for c in raw.clusters.unwrap_or_default() {
            let mut v = c.value.unwrap_or_default();
            resolve(base_dir, &mut v.certificate_authority);
            kc.clusters.push((c.name, v));
        }
        for u in raw.users.unwrap_or_default() {
            let mut v = u.value.unwrap_or_default();
            resolve(base_dir, &mut v.token_file);
            resolve(base_dir, &mut v.client_certificate);
            resolve(base_dir, &mut v.client_key);
            kc.users.push((u.name, v));
        }
        for c in raw.contexts.unwrap_or_default() {
            kc.contexts.push((c.name, c.value.unwrap_or_default()));
        }
        Ok(kc)
    }

    /// Adds what `other` defines and `self` does not.
    fn merge(&mut self, other: Kubeconfig) {
        fn merge_named<T>(into: &mut Vec<(String, T)>, from: Vec<(String, T)>) {
            for (name, v) in from {
                if !into.iter().any(|(n, _)| *n == name) {
                    into.push((name, v));
                }
            }
        }
        merge_named(&mut self.clusters, other.clusters);
        merge_named(&mut self.users, other.users);
        merge_named(&mut self.contexts, other.contexts);
        if self.current_context.is_none() {
            self.current_context = other.current_context;
        }
    }

    pub(crate) fn into_config(self, context: Option<&str>) -> Result<Config, Error> {
        let context_name = context
            .map(str::to_string)
            .or(self.current_context.clone())
            .ok_or_else(|| {
                Error::Config("the kubeconfig has no current-context and none was given".into())
            })?;
        let ctx = find(&self.contexts, &context_name)
            .ok_or_else(|| Error::Config(format!("context {context_name:?} not found")))?;
        let cluster = find(&self.clusters, &ctx.cluster).ok_or_else(|| {
            Error::Config(format!(
                "cluster {:?} of context {context_name:?} not found",
                ctx.cluster
            ))
        })?;
        if cluster.server.is_empty() {
            return Err(Error::Config(format!(
                "cluster {:?} has no server",
                ctx.cluster
            )));
        }
        let url: http::Uri = cluster.server.parse().map_err(|e| {
            Error::Config(format!(
                "server {:?} of cluster {:?} is not a URL: {e}",
                cluster.server, ctx.cluster
            ))
        })?;
        let mut config = Config::new(url);
        if let Some(ns) = ctx.namespace.as_ref().filter(|n| !n.is_empty()) {
            config.default_namespace = ns.clone();
        }
        if let Some(proxy) = cluster.proxy_url.as_ref().filter(|p| !p.is_empty()) {
            let url: http::Uri = proxy.parse().map_err(|_| {
                Error::Config(format!(
                    "proxy-url of cluster {:?} is not a URL",
                    ctx.cluster
                ))
            })?;
            config.proxy = super::config::Proxy::Url(url);
        }

        // Inline data wins over a file, as in client-go.
        let ca = data_or_file(
            &cluster.certificate_authority_data,
            &cluster.certificate_authority,
            "certificate-authority",
        )?;
        if cluster.insecure_skip_tls_verify && ca.is_some() {
            return Err(Error::Config(
                "specifying a root certificates file with the insecure flag is not allowed".into(),
            ));
        }
        config.tls.root_ca_pem = ca;
        config.tls.insecure_skip_tls_verify = cluster.insecure_skip_tls_verify;
        config.tls.tls_server_name = cluster.tls_server_name.clone().filter(|s| !s.is_empty());

        if ctx.user.is_empty() {
            return Ok(config);
        }
        let user = find(&self.users, &ctx.user).ok_or_else(|| {
            Error::Config(format!(
                "user {:?} of context {context_name:?} not found",
                ctx.user
            ))
        })?;
        if let Some(exec) = &user.exec {
            if user.auth_provider.is_some() {
                return Err(Error::Config(format!(
                    "authProvider cannot be provided in combination with an exec plugin for {}",
                    ctx.user
                )));
            }
            let cluster_info = exec
                .provide_cluster_info
                .then(|| exec_cluster(cluster, &config));
            config.auth = Auth::Exec(Box::new(exec_config(&ctx.user, exec, cluster_info)?));
            return Ok(config);
        }
        if let Some(provider) = &user.auth_provider {
            if provider.name != "oidc" {
                return Err(Error::Config(format!(
                    "user {:?} uses the {:?} auth-provider, which is not supported (only oidc is; use an exec plugin)",
                    ctx.user, provider.name
                )));
            }
            config.auth = Auth::Oidc(Box::new(oidc_config(&ctx.user, user, provider)?));
            return Ok(config);
        }
        client_certificate(&mut config, user, &ctx.user)?;
        let token = user.token.as_ref().filter(|t| !t.is_empty());
        let token_file = user.token_file.as_ref().filter(|t| !t.is_empty());
        config.auth = if let Some(file) = token_file {
            // client-go reads the file up front (an unreadable file is a config error) and
            // then keeps it fresh; the file wins over an inline token.
            std::fs::metadata(file).map_err(|e| {
                Error::Config(format!("tokenFile {file:?} of user {:?}: {e}", ctx.user))
            })?;
            Auth::TokenFile(PathBuf::from(file))
        } else if let Some(token) = token {
            Auth::Bearer(Secret::new(token.clone()))
        } else if let Some(user_name) = user.username.as_ref().filter(|u| !u.is_empty()) {
            Auth::Basic {
                user: user_name.clone(),
                password: Secret::new(user.password.clone().unwrap_or_default()),
            }
        } else {
            Auth::None
        };
        Ok(config)
    }
}

/// A user's `auth-provider: oidc` config, as client-go's provider reads it.
fn oidc_config(
    name: &str,
    user: &RawUser,
    provider: &RawAuthProvider,
) -> Result<OidcConfig, Error> {
    let config = provider.config.clone().unwrap_or_default();
    let get = |key: &str| config.get(key).filter(|v| !v.is_empty()).cloned();
    let issuer_ca_pem =
        match get("idp-certificate-authority-data") {
            Some(data) => Some(
                base64::engine::general_purpose::STANDARD
                    .decode(data.split_whitespace().collect::<String>())
                    .map_err(|e| {
                        Error::Config(format!("idp-certificate-authority-data is not base64: {e}"))
                    })?,
            ),
            None => match get("idp-certificate-authority") {
                Some(file) => Some(std::fs::read(&file).map_err(|e| {
                    Error::Config(format!("idp-certificate-authority {file:?}: {e}"))
                })?),
                None => None,
            },
        };
    Ok(OidcConfig {
        user: name.to_string(),
        issuer_url: get("idp-issuer-url").unwrap_or_default(),
        client_id: get("client-id").unwrap_or_default(),
        client_secret: get("client-secret").map(Secret::new),
        id_token: get("id-token").map(Secret::new),
        refresh_token: get("refresh-token").map(Secret::new),
        issuer_ca_pem,
        persist_to: user.source.clone(),
    })
}

/// A user's client certificate and key: inline data as PEM, files as files (read again when
/// they change), each pair whole.
fn client_certificate(config: &mut Config, user: &RawUser, name: &str) -> Result<(), Error> {
    let inline = |data: &Option<String>| data.as_ref().is_some_and(|d| !d.is_empty());
    let file = |f: &Option<String>| f.clone().filter(|f| !f.is_empty());
    if !inline(&user.client_certificate_data) && !inline(&user.client_key_data) {
        if let (Some(cert), Some(key)) = (file(&user.client_certificate), file(&user.client_key)) {
            // Read once now: a missing or malformed file is a config error, as in client-go.
            super::tls::certified_key(
                &std::fs::read(&cert)
                    .map_err(|e| Error::Config(format!("client-certificate {cert:?}: {e}")))?,
                &std::fs::read_to_string(&key)
                    .map_err(|e| Error::Config(format!("client-key {key:?}: {e}")))?,
            )?;
            config.tls.client_cert_files = Some((PathBuf::from(cert), PathBuf::from(key)));
            return Ok(());
        }
    }
    config.tls.client_cert_pem = data_or_file(
        &user.client_certificate_data,
        &user.client_certificate,
        "client-certificate",
    )?;
    config.tls.client_key_pem =
        data_or_file(&user.client_key_data, &user.client_key, "client-key")?
            .map(|k| Secret::new(String::from_utf8_lossy(&k).into_owned()));
    if config.tls.client_cert_pem.is_some() != config.tls.client_key_pem.is_some() {
        return Err(Error::Config(format!(
            "user {name:?} has a client certificate without a key, or a key without a certificate"
        )));
    }
    Ok(())
}

/// A user's `exec` section checked as clientcmd's validation checks it, with its defaults.
fn exec_config(
    user: &str,
    exec: &RawExec,
    cluster: Option<ExecCluster>,
) -> Result<ExecConfig, Error> {
    let invalid = |m: String| Error::Config(m);
    if exec.command.is_empty() {
        return Err(invalid(format!(
            "command must be specified for {user} to use exec authentication plugin"
        )));
    }
    if exec.api_version.is_empty() {
        return Err(invalid(format!(
            "apiVersion must be specified for {user} to use exec authentication plugin"
        )));
    }
    let env = exec.env.clone().unwrap_or_default();
    if env.iter().any(|e| e.name.is_empty()) {
        return Err(invalid(format!(
            "env variable name must be specified for {user} to use exec authentication plugin"
        )));
    }
    let interactive_mode = match exec.interactive_mode.as_str() {
        // `v1beta1` (and `v1alpha1`) default to IfAvailable; `v1` must say.
        "" if exec.api_version != "client.authentication.k8s.io/v1" => InteractiveMode::IfAvailable,
        "" => {
            return Err(invalid(format!(
                "interactiveMode must be specified for {user} to use exec authentication plugin"
            )))
        }
        "Never" => InteractiveMode::Never,
        "IfAvailable" => InteractiveMode::IfAvailable,
        "Always" => InteractiveMode::Always,
        other => {
            return Err(invalid(format!(
                "invalid interactiveMode for {user}: {other:?}"
            )))
        }
    };
    let config = ExecConfig {
        user: user.to_string(),
        command: exec.command.clone(),
        args: exec.args.clone().unwrap_or_default(),
        env: env
            .into_iter()
            .map(|e| (e.name, Secret::new(e.value)))
            .collect(),
        api_version: exec.api_version.clone(),
        install_hint: exec.install_hint.clone(),
        interactive_mode,
        cluster,
        timeout: DEFAULT_EXEC_TIMEOUT,
    };
    config.validate()?;
    Ok(config)
}

/// What `provideClusterInfo` hands the plugin: the cluster as the kubeconfig describes it.
fn exec_cluster(cluster: &RawCluster, config: &Config) -> ExecCluster {
    let extension = cluster
        .extensions
        .iter()
        .flatten()
        .find(|e| e.name == "client.authentication.k8s.io/exec")
        .and_then(|e| e.extension.as_ref())
        .and_then(|v| serde_json::to_value(v).ok());
    ExecCluster {
        server: cluster.server.clone(),
        tls_server_name: cluster.tls_server_name.clone().filter(|s| !s.is_empty()),
        insecure_skip_tls_verify: cluster.insecure_skip_tls_verify,
        certificate_authority_data: config.tls.root_ca_pem.clone(),
        proxy_url: cluster.proxy_url.clone().filter(|s| !s.is_empty()),
        config: extension,
    }
}

fn find<'a, T>(list: &'a [(String, T)], name: &str) -> Option<&'a T> {
    list.iter().find(|(n, _)| n == name).map(|(_, v)| v)
}

fn data_or_file(
    data: &Option<String>,
    file: &Option<String>,
    what: &str,
) -> Result<Option<Vec<u8>>, Error> {
    if let Some(data) = data.as_ref().filter(|d| !d.is_empty()) {
        let compact: String = data.split_whitespace().collect();
        return base64::engine::general_purpose::STANDARD
            .decode(compact.as_bytes())
            .map(Some)
            .map_err(|e| Error::Config(format!("{what}-data is not base64: {e}")));
    }
    if let Some(file) = file.as_ref().filter(|f| !f.is_empty()) {
        return std::fs::read(file)
            .map(Some)
            .map_err(|e| Error::Config(format!("{what} {file:?}: {e}")));
    }
    Ok(None)
}

/// Reads and merges kubeconfig files (missing ones skipped, at least one must exist).
pub(crate) fn load_files(paths: &[PathBuf], context: Option<&str>) -> Result<Config, Error> {
    let mut merged: Option<Kubeconfig> = None;
    for path in paths {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && paths.len() > 1 => continue,
            Err(e) => return Err(Error::Config(format!("kubeconfig {path:?}: {e}"))),
        };
        let base = path.parent().unwrap_or(Path::new("."));
        let mut kc = Kubeconfig::parse(&text, base)
            .map_err(|e| Error::Config(format!("kubeconfig {path:?}: {e}")))?;
        for (_, user) in &mut kc.users {
            user.source = Some(path.clone());
        }
        match merged.as_mut() {
            Some(m) => m.merge(kc),
            None => merged = Some(kc),
        }
    }
    merged
        .ok_or_else(|| Error::Config("none of the kubeconfig files exists".into()))?
        .into_config(context)
}

/// The in-cluster config from the service host and port and the service-account directory.
pub(crate) fn incluster_at(host: &str, port: &str, dir: &Path) -> Result<Config, Error> {
    if host.is_empty() || port.is_empty() {
        return Err(Error::Config(
            "unable to load in-cluster configuration, KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be defined".into(),
        ));
    }
    let host = if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]")
    } else {
        host.to_string()
    };
    let url: http::Uri = format!("https://{host}:{port}")
        .parse()
        .map_err(|e| Error::Config(format!("in-cluster service address: {e}")))?;
    let token = dir.join("token");
    std::fs::metadata(&token)
        .map_err(|e| Error::Config(format!("in-cluster token {token:?}: {e}")))?;
    let mut config = Config::new(url);
    config.auth = Auth::TokenFile(token);
    let ca = dir.join("ca.crt");
    config.tls.root_ca_pem =
        Some(std::fs::read(&ca).map_err(|e| Error::Config(format!("in-cluster CA {ca:?}: {e}")))?);
    if let Ok(ns) = std::fs::read_to_string(dir.join("namespace")) {
        let ns = ns.trim();
        if !ns.is_empty() {
            config.default_namespace = ns.to_string();
        }
    }
    Ok(config)
}

/// Where a [`Config`] comes from besides explicit settings: kubeconfig files, a pod's
/// service account, and client-go's search order over both.
impl Config {
    /// Reads a kubeconfig file; `context` overrides its `current-context`. Relative paths
    /// in it are relative to the file's directory.
    ///
    /// Read as client-go reads them: a cluster's `server`, `certificate-authority(-data)`,
    /// `insecure-skip-tls-verify` (an error together with a CA), `tls-server-name`; a
    /// user's `token`, `tokenFile` (wins over `token`, read again when it changes),
    /// `client-certificate(-data)`, `client-key(-data)` (inline data wins over a file),
    /// `username`/`password`; a context's `namespace`. Not supported: `proxy-url` (ignored:
    /// requests go to the server directly), and `exec` / `auth-provider` plugins (an error).
    pub fn from_kubeconfig(path: impl AsRef<Path>, context: Option<&str>) -> Result<Self, Error> {
        load_files(&[path.as_ref().to_path_buf()], context)
    }

    /// Parses a kubeconfig document; relative paths in it are relative to `base_dir`.
    pub fn from_kubeconfig_str(
        yaml: &str,
        context: Option<&str>,
        base_dir: &Path,
    ) -> Result<Self, Error> {
        let kc = Kubeconfig::parse(yaml, base_dir)?;
        kc.into_config(context)
    }

    /// The pod's service account: `KUBERNETES_SERVICE_HOST`/`PORT`, and the token, CA and
    /// namespace under `/var/run/secrets/kubernetes.io/serviceaccount/`.
    pub fn incluster() -> Result<Self, Error> {
        let host = std::env::var("KUBERNETES_SERVICE_HOST").unwrap_or_default();
        let port = std::env::var("KUBERNETES_SERVICE_PORT").unwrap_or_default();
        incluster_at(&host, &port, Path::new(SERVICE_ACCOUNT_DIR))
    }

    /// client-go's search: the files of `KUBECONFIG` (merged, the first to set a value
    /// wins; missing files skipped), else `~/.kube/config`, else the in-cluster config.
    pub fn infer() -> Result<Self, Error> {
        if let Some(list) = std::env::var_os("KUBECONFIG").filter(|v| !v.is_empty()) {
            let paths: Vec<PathBuf> = std::env::split_paths(&list)
                .filter(|p| !p.as_os_str().is_empty())
                .collect();
            if paths.iter().any(|p| p.exists()) {
                return load_files(&paths, None);
            }
        } else if let Some(home) = home_dir() {
            let path = home.join(".kube").join("config");
            if path.exists() {
                return Self::from_kubeconfig(path, None);
            }
        }
        Self::incluster()
            .map_err(|e| Error::Config(format!("no kubeconfig found, and not in a cluster: {e}")))
    }
}

fn home_dir() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incluster_reads_the_service_account_files() {
        let dir = std::env::temp_dir().join(format!("kapi-incluster-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("token"), "tok").unwrap();
        std::fs::write(dir.join("ca.crt"), "PEM").unwrap();
        std::fs::write(dir.join("namespace"), "team-a\n").unwrap();
        let c = incluster_at("10.0.0.1", "443", &dir).unwrap();
        assert_eq!(c.cluster_url.to_string(), "https://10.0.0.1:443/");
        assert_eq!(c.default_namespace, "team-a");
        assert_eq!(c.auth, Auth::TokenFile(dir.join("token")));
        assert_eq!(c.tls.root_ca_pem.as_deref(), Some(&b"PEM"[..]));
        let v6 = incluster_at("fd00::1", "6443", &dir).unwrap();
        assert_eq!(v6.cluster_url.to_string(), "https://[fd00::1]:6443/");
        assert!(incluster_at("", "443", &dir).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn merging_keeps_the_first_definition() {
        let a = Kubeconfig::parse(
            "current-context: a\ncontexts:\n- name: a\n  context: {cluster: c, namespace: one}\nclusters:\n- name: c\n  cluster: {server: 'https://first:6443', insecure-skip-tls-verify: true}\n",
            Path::new("/a"),
        )
        .unwrap();
        let b = Kubeconfig::parse(
            "current-context: b\ncontexts:\n- name: b\n  context: {cluster: c}\nclusters:\n- name: c\n  cluster: {server: 'https://second:6443'}\n",
            Path::new("/b"),
        )
        .unwrap();
        let mut merged = a;
        merged.merge(b);
        let c = merged.into_config(None).unwrap();
        assert_eq!(c.cluster_url.host(), Some("first"));
        assert_eq!(c.default_namespace, "one");
    }
}
