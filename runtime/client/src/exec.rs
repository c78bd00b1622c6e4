//! Exec credential plugins (a kubeconfig user's `exec`), run as client-go runs them: the
//! command with its arguments and environment, an `ExecCredential` request in
//! `KUBERNETES_EXEC_INFO` (with the cluster when `provideClusterInfo` asks), the credential
//! read from its standard output, cached until its `expirationTimestamp`, one run at a time
//! however many requests wait for it, and run again after a 401. EKS, GKE and AKS
//! kubeconfigs all authenticate this way.

use super::credentials::{ExecConfig, InteractiveMode};
use super::error::Error;
use super::secret::Secret;
use base64::Engine;
use rustls::sign::CertifiedKey;
use serde::Deserialize;
use std::fmt;
use std::io::IsTerminal;
use std::process::Stdio;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

/// client-go's words after a missing executable's name, before the kubeconfig's
/// `installHint`.
const INSTALL_HINT_HELP: &str = "\n\nIt looks like you are trying to use a client-go credential plugin that is not installed.\n\nTo learn more about this feature, consult the documentation available at:\n      https://kubernetes.io/docs/reference/access-authn-authz/authentication/#client-go-credential-plugins";

/// What a plugin returned.
pub(crate) struct Credential {
    pub token: Option<Secret>,
    /// The client certificate chain and its key, parsed.
    pub client_certificate: Option<Arc<CertifiedKey>>,
    expires: Option<SystemTime>,
}

impl Credential {
    fn expired(&self) -> bool {
        self.expires.is_some_and(|at| SystemTime::now() >= at)
    }
}

/// A plugin's credential, cached between runs; requests share one.
pub(crate) struct ExecAuth {
    config: ExecConfig,
    /// Held across a run, so concurrent requests wait for one run instead of starting many.
    current: tokio::sync::Mutex<Option<Arc<Credential>>>,
    /// The certificate the TLS handshake presents: the latest run's.
    certificate: Mutex<Option<Arc<Credential>>>,
}

impl fmt::Debug for ExecAuth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExecAuth")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl ExecAuth {
    pub fn new(config: ExecConfig) -> Result<Self, Error> {
        config.validate()?;
        Ok(ExecAuth {
            config,
            current: tokio::sync::Mutex::new(None),
            certificate: Mutex::new(None),
        })
    }

    /// The credential to send: the cached one until it expires, else a new run's.
    pub async fn credential(&self) -> Result<Arc<Credential>, Error> {
        let mut current = self.current.lock().await;
        if let Some(credential) = current.as_ref().filter(|c| !c.expired()) {
            return Ok(credential.clone());
        }
        let credential = Arc::new(self.run().await?);
        *current = Some(credential.clone());
        *self
            .certificate
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(credential.clone());
        Ok(credential)
    }

    /// A 401 answered a request sent with `used`: the next request runs the plugin again,
    /// unless another request already replaced that credential.
    pub async fn unauthorized(&self, used: &Arc<Credential>) {
        let mut current = self.current.lock().await;
        if current.as_ref().is_some_and(|c| Arc::ptr_eq(c, used)) {
            *current = None;
        }
    }

    /// The client certificate of the latest run, for a TLS handshake.
    pub fn client_certificate(&self) -> Option<Arc<CertifiedKey>> {
        let latest = self
            .certificate
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        latest.as_ref()?.client_certificate.clone()
    }

    async fn run(&self) -> Result<Credential, Error> {
        let c = &self.config;
        let interactive = self.interactive()?;
        let mut command = tokio::process::Command::new(&c.command);
        command
            .args(&c.args)
            .envs(c.env.iter().map(|(k, v)| (k, v.expose())))
            .env("KUBERNETES_EXEC_INFO", self.exec_info(interactive))
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .stdin(if interactive {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .kill_on_drop(true);
        let child = command.spawn().map_err(|e| self.spawn_error(&e))?;
        let output = match tokio::time::timeout(c.timeout, child.wait_with_output()).await {
            Ok(result) => result.map_err(|e| self.failure(&format!("exec: {e}")))?,
            // Dropping the child's future kills it (`kill_on_drop`).
            Err(_) => {
                return Err(self.failure(&format!(
                    "exec: executable {} did not finish within {:?}",
                    c.command, c.timeout
                )))
            }
        };
        if !output.status.success() {
            let code = output
                .status
                .code()
                .map_or("a signal".to_string(), |c| format!("exit code {c}"));
            return Err(self.failure(&format!(
                "exec: executable {} failed with {code}",
                c.command
            )));
        }
        self.read_output(&output.stdout)
    }

    /// client-go's `isInteractive`.
    fn interactive(&self) -> Result<bool, Error> {
        let terminal = std::io::stdin().is_terminal();
        match self.config.interactive_mode {
            InteractiveMode::Never => Ok(false),
            InteractiveMode::IfAvailable => Ok(terminal),
            InteractiveMode::Always if terminal => Ok(true),
            InteractiveMode::Always => Err(self.failure(
                "exec plugin cannot support interactive mode: standard input is not a terminal",
            )),
        }
    }

    /// The `ExecCredential` a plugin finds in `KUBERNETES_EXEC_INFO`.
    fn exec_info(&self, interactive: bool) -> String {
        let mut spec = serde_json::json!({ "interactive": interactive });
        if let Some(cluster) = &self.config.cluster {
            let mut info = serde_json::json!({ "server": cluster.server });
            if let Some(name) = &cluster.tls_server_name {
                info["tls-server-name"] = name.clone().into();
            }
            if cluster.insecure_skip_tls_verify {
                info["insecure-skip-tls-verify"] = true.into();
            }
            if let Some(ca) = &cluster.certificate_authority_data {
                info["certificate-authority-data"] =
                    base64::engine::general_purpose::STANDARD.encode(ca).into();
            }
            if let Some(proxy) = &cluster.proxy_url {
                info["proxy-url"] = proxy.clone().into();
            }
            if let Some(config) = &cluster.config {
                info["config"] = config.clone();
            }
            spec["cluster"] = info;
        }
        serde_json::json!({
            "kind": "ExecCredential",
            "apiVersion": self.config.api_version,
            "spec": spec,
        })
        .to_string()
    }

    /// The credential in a plugin's output, checked as client-go checks it.
    fn read_output(&self, stdout: &[u8]) -> Result<Credential, Error> {
        let output: Output = serde_json::from_slice(stdout).map_err(|e| {
            // serde_json's message names a position, never the credential's text.
            self.failure(&format!("decoding stdout: {e}"))
        })?;
        if output.api_version != self.config.api_version {
            return Err(self.failure(&format!(
                "exec plugin is configured to use API version {}, plugin returned version {}",
                self.config.api_version, output.api_version
            )));
        }
        let status = output
            .status
            .ok_or_else(|| self.failure("exec plugin didn't return a status field"))?;
        let token = status.token.filter(|t| !t.is_empty());
        let certificate = status.client_certificate_data.filter(|c| !c.is_empty());
        let key = status.client_key_data.filter(|k| !k.is_empty());
        if token.is_none() && certificate.is_none() && key.is_none() {
            return Err(self.failure("exec plugin didn't return a token or cert/key pair"));
        }
        let client_certificate = match (certificate, key) {
            (Some(certificate), Some(key)) => Some(
                super::tls::certified_key(certificate.as_bytes(), &key).map_err(|e| {
                    self.failure(&format!("failed parsing client key/certificate: {e}"))
                })?,
            ),
            (None, None) => None,
            _ => return Err(self.failure("exec plugin returned only certificate or key, not both")),
        };
        let expires = match status.expiration_timestamp.filter(|t| !t.is_empty()) {
            Some(at) => Some(parse_time(&at).ok_or_else(|| {
                self.failure(&format!(
                    "exec plugin returned an expirationTimestamp that is not RFC 3339: {at:?}"
                ))
            })?),
            None => None,
        };
        Ok(Credential {
            token: token.map(Secret::new),
            client_certificate,
            expires,
        })
    }

    fn spawn_error(&self, e: &std::io::Error) -> Error {
        if e.kind() != std::io::ErrorKind::NotFound {
            return self.failure(&format!("exec: {e}"));
        }
        let mut message = format!(
            "exec: executable {} not found{INSTALL_HINT_HELP}",
            self.config.command
        );
        if let Some(hint) = self.config.install_hint.as_ref().filter(|h| !h.is_empty()) {
            message.push_str("\n\n");
            message.push_str(hint);
        }
        self.failure(&message)
    }

    /// A failed run, as client-go words it (`getting credentials: ...`), naming the user.
    fn failure(&self, message: &str) -> Error {
        Error::Credentials(format!(
            "user {:?}: getting credentials: {message}",
            self.config.user
        ))
    }
}

/// The part of a plugin's `ExecCredential` the client reads.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Output {
    #[serde(default)]
    api_version: String,
    status: Option<Status>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Status {
    token: Option<String>,
    client_certificate_data: Option<String>,
    client_key_data: Option<String>,
    expiration_timestamp: Option<String>,
}

fn parse_time(text: &str) -> Option<SystemTime> {
    let time: kapi_core::meta::Time = text.parse().ok()?;
    Some(SystemTime::from(time.timestamp()))
}
