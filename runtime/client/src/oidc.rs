//! The `oidc` auth provider of a kubeconfig user, as client-go's runs it: the `id-token` is
//! sent while its `exp` is more than 10 s away; past that, the `refresh-token` is exchanged
//! at the issuer's token endpoint (found by OpenID Connect discovery) for a new one, and the
//! new tokens are written back to the kubeconfig file the user came from, atomically, the
//! rest of the file kept as it was.

use super::credentials::OidcConfig;
use super::error::Error;
use super::secret::Secret;
use base64::Engine;
use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client as HyperClient;
use hyper_util::rt::TokioExecutor;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// client-go's margin: a token that expires within it is refreshed first.
const EXPIRY_DELTA: Duration = Duration::from_secs(10);
/// How long a discovery or token request to the issuer may take.
const ISSUER_TIMEOUT: Duration = Duration::from_secs(30);
/// The largest answer read from the issuer.
const MAX_ISSUER_RESPONSE: usize = 1 << 20;

/// The tokens in use, refreshed one request at a time.
pub(crate) struct OidcAuth {
    config: OidcConfig,
    tokens: tokio::sync::Mutex<(Option<Secret>, Option<Secret>)>,
    http: HyperClient<HttpsConnector<HttpConnector>, Full<Bytes>>,
}

impl OidcAuth {
    pub fn new(config: OidcConfig) -> Result<Self, Error> {
        if config.issuer_url.is_empty() {
            return Err(Error::Config(format!(
                "user {:?}: Must provide idp-issuer-url",
                config.user
            )));
        }
        if config.client_id.is_empty() {
            return Err(Error::Config(format!(
                "user {:?}: Must provide client-id",
                config.user
            )));
        }
        let tls = super::tls::client_config(
            &super::config::TlsConfig {
                root_ca_pem: config.issuer_ca_pem.clone(),
                ..Default::default()
            },
            None,
            config.issuer_url.starts_with("https://"),
        )?;
        let connector = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_or_http()
            .enable_http1()
            .build();
        Ok(OidcAuth {
            tokens: tokio::sync::Mutex::new((
                config.id_token.clone(),
                config.refresh_token.clone(),
            )),
            config,
            http: HyperClient::builder(TokioExecutor::new()).build(connector),
        })
    }

    /// The id-token to send, refreshed first when it has expired.
    pub async fn token(&self) -> Result<Secret, Error> {
        let mut tokens = self.tokens.lock().await;
        if let Some(id_token) = &tokens.0 {
            if !id_token.expose().is_empty()
                && still_valid(id_token.expose()).map_err(|e| self.failure(&e))?
            {
                return Ok(id_token.clone());
            }
        }
        let Some(refresh) = tokens.1.clone().filter(|r| !r.expose().is_empty()) else {
            return Err(self.failure("No valid id-token, and cannot refresh without refresh-token"));
        };
        let (id_token, new_refresh) = self.refresh(&refresh).await?;
        let refresh = new_refresh.unwrap_or(refresh);
        if let Some(path) = &self.config.persist_to {
            persist(path, &self.config.user, &tokens, &id_token, &refresh)
                .map_err(|e| self.failure(&format!("could not persist new tokens: {e}")))?;
        }
        *tokens = (Some(id_token.clone()), Some(refresh));
        Ok(id_token)
    }

    /// Exchanges the refresh token at the issuer's token endpoint: the new id-token, and a
    /// new refresh token when the issuer rotated it.
    async fn refresh(&self, refresh: &Secret) -> Result<(Secret, Option<Secret>), Error> {
        let endpoint = self.token_endpoint().await?;
        let c = &self.config;
        let mut form = format!(
            "grant_type=refresh_token&refresh_token={}",
            form_value(refresh.expose())
        );
        let mut request = http::Request::post(&endpoint)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("accept", "application/json");
        match &c.client_secret {
            // oauth2's header style: the client's id and secret, each form-encoded.
            Some(secret) if !secret.expose().is_empty() => {
                let pair = format!(
                    "{}:{}",
                    form_value(&c.client_id),
                    form_value(secret.expose())
                );
                let basic = base64::engine::general_purpose::STANDARD.encode(pair);
                request = request.header("authorization", format!("Basic {basic}"));
            }
            _ => form.push_str(&format!("&client_id={}", form_value(&c.client_id))),
        }
        let request = request
            .body(Full::new(Bytes::from(form)))
            .map_err(|_| self.failure("the token endpoint is not a URL"))?;
        let (status, body) = self.send(request).await?;
        if status != 200 {
            return Err(self.failure(&format!(
                "failed to refresh token: the token endpoint answered {status}: {}",
                excerpt(&body)
            )));
        }
        #[derive(serde::Deserialize)]
        struct Answer {
            id_token: Option<String>,
            refresh_token: Option<String>,
        }
        let answer: Answer = serde_json::from_slice(&body)
            .map_err(|e| self.failure(&format!("failed to refresh token: {e}")))?;
        let id_token = answer.id_token.filter(|t| !t.is_empty()).ok_or_else(|| {
            self.failure("token response did not contain an id_token, either the scope \"openid\" wasn't requested upon login, or the provider doesn't support id_tokens as part of the refresh response")
        })?;
        let rotated = answer
            .refresh_token
            .filter(|r| !r.is_empty() && r != refresh.expose())
            .map(Secret::new);
        Ok((Secret::new(id_token), rotated))
    }

    /// OpenID Connect discovery: the issuer's `token_endpoint`.
    async fn token_endpoint(&self) -> Result<String, Error> {
        let url = format!(
            "{}/.well-known/openid-configuration",
            self.config.issuer_url.trim_end_matches('/')
        );
        let request = http::Request::get(&url)
            .header("accept", "application/json")
            .body(Full::new(Bytes::new()))
            .map_err(|_| self.failure("idp-issuer-url is not a URL"))?;
        let (status, body) = self.send(request).await?;
        if status != 200 {
            return Err(self.failure(&format!(
                "oidc: failed to query metadata endpoint {status}: {:?}",
                excerpt(&body)
            )));
        }
        #[derive(serde::Deserialize)]
        struct Metadata {
            #[serde(default)]
            token_endpoint: String,
        }
        let metadata: Metadata = serde_json::from_slice(&body).map_err(|e| {
            self.failure(&format!(
                "oidc: failed to decode provider discovery object: {e}"
            ))
        })?;
        if metadata.token_endpoint.is_empty() {
            return Err(self.failure("oidc: discovery object doesn't contain a token_endpoint"));
        }
        Ok(metadata.token_endpoint)
    }

    /// One request to the issuer, bounded in time and size.
    async fn send(&self, request: http::Request<Full<Bytes>>) -> Result<(u16, Bytes), Error> {
        let exchange = async {
            let response = self
                .http
                .request(request)
                .await
                .map_err(|e| self.failure(&format!("oidc: {e}")))?;
            let status = response.status().as_u16();
            let body = Limited::new(response.into_body(), MAX_ISSUER_RESPONSE)
                .collect()
                .await
                .map_err(|e| self.failure(&format!("oidc: reading the answer: {e}")))?
                .to_bytes();
            Ok((status, body))
        };
        tokio::time::timeout(ISSUER_TIMEOUT, exchange)
            .await
            .unwrap_or_else(|_| Err(self.failure("oidc: the issuer did not answer in time")))
    }

    fn failure(&self, message: &str) -> Error {
        Error::Credentials(format!(
            "user {:?}: getting credentials: {message}",
            self.config.user
        ))
    }
}

/// Whether a JWT's `exp` is more than [`EXPIRY_DELTA`] away; its signature is the API
/// server's to check.
fn still_valid(jwt: &str) -> Result<bool, String> {
    let parts: Vec<&str> = jwt.split('.').collect();
    if parts.len() != 3 {
        return Err("ID Token is not a valid JWT".into());
    }
    let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(parts[1].trim_end_matches('='))
        .map_err(|_| "ID Token is not a valid JWT".to_string())?;
    #[derive(serde::Deserialize)]
    struct Claims {
        exp: Option<f64>,
    }
    let claims: Claims =
        serde_json::from_slice(&payload).map_err(|e| format!("parsing claims: {e}"))?;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64();
    Ok(claims
        .exp
        .is_some_and(|exp| now + EXPIRY_DELTA.as_secs_f64() < exp.trunc()))
}

/// A form value (`application/x-www-form-urlencoded`).
fn form_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The start of an answer, for an error (an HTML page can be long).
fn excerpt(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    match text.char_indices().nth(80) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.into_owned(),
    }
}

/// Writes the new tokens into the kubeconfig file: each old token replaced where it is
/// written when it is written once, so comments and layout stay; otherwise the user's
/// `auth-provider.config` set through the YAML tree. The file is replaced in one rename,
/// with its permissions.
fn persist(
    path: &Path,
    user: &str,
    old: &(Option<Secret>, Option<Secret>),
    id_token: &Secret,
    refresh: &Secret,
) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path:?}: {e}"))?;
    let replaced = [(&old.0, id_token), (&old.1, refresh)]
        .into_iter()
        .try_fold(text.clone(), |text, (old, new)| match old {
            Some(old) if old.expose() == new.expose() => Some(text),
            Some(old) if !old.expose().is_empty() && text.matches(old.expose()).count() == 1 => {
                Some(text.replacen(old.expose(), new.expose(), 1))
            }
            _ => None,
        });
    let updated = match replaced {
        Some(text) => text,
        None => set_in_tree(&text, user, id_token, refresh)?,
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let temp = dir.join(format!(
        ".{}.kapi-{}",
        path.file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("kubeconfig"),
        std::process::id()
    ));
    std::fs::write(&temp, updated).map_err(|e| format!("{temp:?}: {e}"))?;
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(&temp, meta.permissions());
    }
    std::fs::rename(&temp, path).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        format!("{path:?}: {e}")
    })
}

/// The tokens set in the user's `auth-provider.config` of the YAML tree.
fn set_in_tree(
    text: &str,
    user: &str,
    id_token: &Secret,
    refresh: &Secret,
) -> Result<String, String> {
    use serde_yaml_ng::Value;
    let mut doc: Value = serde_yaml_ng::from_str(text).map_err(|e| e.to_string())?;
    let config = doc
        .get_mut("users")
        .and_then(Value::as_sequence_mut)
        .and_then(|users| {
            users
                .iter_mut()
                .find(|u| u.get("name").and_then(Value::as_str) == Some(user))
        })
        .and_then(|u| u.get_mut("user"))
        .and_then(|u| u.get_mut("auth-provider"))
        .and_then(|p| p.get_mut("config"))
        .and_then(Value::as_mapping_mut)
        .ok_or_else(|| format!("user {user:?} has no auth-provider config in the file"))?;
    config.insert("id-token".into(), id_token.expose().into());
    config.insert("refresh-token".into(), refresh.expose().into());
    serde_yaml_ng::to_string(&doc).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::{form_value, still_valid};
    use base64::Engine;

    fn jwt(exp: u64) -> String {
        let b64 = |s: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(s);
        format!(
            "{}.{}.sig",
            b64(r#"{"alg":"RS256"}"#),
            b64(&format!(r#"{{"iss":"x","exp":{exp}}}"#))
        )
    }

    #[test]
    fn a_token_is_valid_until_ten_seconds_before_its_expiry() {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        assert_eq!(still_valid(&jwt(now + 3600)), Ok(true));
        assert_eq!(still_valid(&jwt(now + 5)), Ok(false));
        assert_eq!(still_valid(&jwt(now - 60)), Ok(false));
        assert_eq!(
            still_valid("not-a-jwt"),
            Err("ID Token is not a valid JWT".to_string())
        );
    }

    #[test]
    fn form_values_are_encoded() {
        assert_eq!(form_value("a b+c/d=e~f"), "a+b%2Bc%2Fd%3De~f");
    }
}
