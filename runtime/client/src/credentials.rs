//! What the credential plugins are told: a kubeconfig user's `exec` section and its
//! `auth-provider: oidc` config, as `Config::auth` holds them. The plugins that run them
//! are `exec` and `oidc`.

use super::error::Error;
use super::secret::Secret;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// How long a plugin may run before the request that needed it fails: long enough for a
/// cloud CLI's token exchange, bounded so a hung plugin cannot hold every request.
pub const DEFAULT_EXEC_TIMEOUT: Duration = Duration::from_secs(120);

/// `client.authentication.k8s.io` versions of `ExecCredential` the plugins speak.
const API_VERSIONS: &[&str] = &[
    "client.authentication.k8s.io/v1",
    "client.authentication.k8s.io/v1beta1",
];

/// When a plugin may talk to the user through standard input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InteractiveMode {
    Never,
    /// When standard input is a terminal (`v1beta1`'s default).
    IfAvailable,
    /// Always; an error when standard input is not a terminal.
    Always,
}

/// The cluster a plugin is told about when its kubeconfig sets `provideClusterInfo`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExecCluster {
    pub server: String,
    pub tls_server_name: Option<String>,
    pub insecure_skip_tls_verify: bool,
    /// The cluster's CA bundle, PEM.
    pub certificate_authority_data: Option<Vec<u8>>,
    pub proxy_url: Option<String>,
    /// The cluster's `client.authentication.k8s.io/exec` extension, passed on as `config`.
    pub config: Option<serde_json::Value>,
}

/// A kubeconfig user's `exec` section.
#[derive(Clone, PartialEq, Eq)]
pub struct ExecConfig {
    /// The kubeconfig user it authenticates, named in every error.
    pub user: String,
    pub command: String,
    pub args: Vec<String>,
    /// Added to the client's own environment; the values are shown in no `Debug` output.
    pub env: Vec<(String, Secret)>,
    /// `client.authentication.k8s.io/v1` or `/v1beta1`.
    pub api_version: String,
    pub install_hint: Option<String>,
    pub interactive_mode: InteractiveMode,
    /// Set when the kubeconfig asks (`provideClusterInfo`).
    pub cluster: Option<ExecCluster>,
    /// How long one run may take ([`DEFAULT_EXEC_TIMEOUT`]).
    pub timeout: Duration,
}

impl fmt::Debug for ExecConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let env: Vec<&str> = self.env.iter().map(|(k, _)| k.as_str()).collect();
        f.debug_struct("ExecConfig")
            .field("user", &self.user)
            .field("command", &self.command)
            .field("args", &self.args)
            .field("env", &env)
            .field("api_version", &self.api_version)
            .field("interactive_mode", &self.interactive_mode)
            .field("provide_cluster_info", &self.cluster.is_some())
            .field("timeout", &self.timeout)
            .finish()
    }
}

impl ExecConfig {
    /// Checks the section as client-go does when it builds the authenticator.
    pub fn validate(&self) -> Result<(), Error> {
        if self.command.is_empty() {
            return Err(self.error("exec plugin: command must be specified"));
        }
        if !API_VERSIONS.contains(&self.api_version.as_str()) {
            return Err(self.error(&format!(
                "exec plugin: invalid apiVersion {:?}",
                self.api_version
            )));
        }
        Ok(())
    }

    fn error(&self, message: &str) -> Error {
        Error::Config(format!("user {:?}: {message}", self.user))
    }
}

/// A kubeconfig user's `auth-provider: {name: oidc, config: {...}}`.
#[derive(Clone, PartialEq, Eq)]
pub struct OidcConfig {
    /// The kubeconfig user, named in every error.
    pub user: String,
    pub issuer_url: String,
    pub client_id: String,
    pub client_secret: Option<Secret>,
    pub id_token: Option<Secret>,
    pub refresh_token: Option<Secret>,
    /// The issuer's CA (`idp-certificate-authority(-data)`), PEM; the system's roots without.
    pub issuer_ca_pem: Option<Vec<u8>>,
    /// The kubeconfig file refreshed tokens are written to; `None` keeps them in memory
    /// (a kubeconfig given as text).
    pub persist_to: Option<PathBuf>,
}

impl fmt::Debug for OidcConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OidcConfig")
            .field("user", &self.user)
            .field("issuer_url", &self.issuer_url)
            .field("client_id", &self.client_id)
            .field("persist_to", &self.persist_to)
            .finish_non_exhaustive()
    }
}
