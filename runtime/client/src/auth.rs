//! The `Authorization` header of each request, with a token file read again whenever it
//! changes (a rotated service-account token), like client-go's cached token source, and a
//! credential plugin's token or certificate, run again after a 401.

use super::config::Auth;
use super::error::Error;
use super::exec::{Credential, ExecAuth};
use base64::Engine;
use http::HeaderValue;
use kapi_tls::FileStamp;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub(crate) struct Authenticator {
    kind: Kind,
}

enum Kind {
    None,
    Static(HeaderValue),
    File {
        path: PathBuf,
        cached: Mutex<Option<CachedToken>>,
    },
    Exec(Arc<ExecAuth>),
    Oidc(Box<super::oidc::OidcAuth>),
}

/// A token file's token, and what the file looked like when it was read.
struct CachedToken {
    /// The file when it was read; `None` if it could not be looked at.
    stamp: Option<FileStamp>,
    read_at: Instant,
    header: HeaderValue,
}

/// How long a token file's token is used without reading the file again, however it looks:
/// client-go's cached token source reads it every minute, so a rotation that keeps the
/// file's time and size (kubelet swaps a directory symlink) is still seen.
const TOKEN_FILE_PERIOD: Duration = Duration::from_secs(60);

/// What a request is sent with: its `Authorization` header, and the plugin credential that
/// header (or the connection's certificate) came from.
pub(crate) struct Authorization {
    pub header: Option<HeaderValue>,
    exec: Option<Arc<Credential>>,
}

fn sensitive(value: String) -> Result<HeaderValue, Error> {
    let mut v = HeaderValue::try_from(value)
        .map_err(|_| Error::Config("the credential is not a valid header value".into()))?;
    v.set_sensitive(true);
    Ok(v)
}

impl Authenticator {
    pub(crate) fn new(auth: &Auth) -> Result<Self, Error> {
        let kind = match auth {
            Auth::None => Kind::None,
            Auth::Bearer(token) => {
                Kind::Static(sensitive(format!("Bearer {}", token.expose().trim()))?)
            }
            Auth::Basic { user, password } => {
                let raw = format!("{user}:{}", password.expose());
                Kind::Static(sensitive(format!(
                    "Basic {}",
                    base64::engine::general_purpose::STANDARD.encode(raw)
                ))?)
            }
            Auth::TokenFile(path) => Kind::File {
                path: path.clone(),
                cached: Mutex::new(None),
            },
            Auth::Exec(config) => Kind::Exec(Arc::new(ExecAuth::new((**config).clone())?)),
            Auth::Oidc(config) => {
                Kind::Oidc(Box::new(super::oidc::OidcAuth::new((**config).clone())?))
            }
        };
        Ok(Authenticator { kind })
    }

    /// The credential plugin's certificate, for the TLS handshake to present.
    pub(crate) fn plugin_certificate(&self) -> Option<super::tls::CertificateSource> {
        match &self.kind {
            Kind::Exec(exec) => {
                let exec = exec.clone();
                Some(Arc::new(move || exec.client_certificate()))
            }
            _ => None,
        }
    }

    /// What the next request is sent with. A plugin runs here, before the request opens a
    /// connection, so a certificate it returns is there for the handshake.
    pub(crate) async fn authorize(&self) -> Result<Authorization, Error> {
        if let Kind::Oidc(oidc) = &self.kind {
            let token = oidc.token().await?;
            return Ok(Authorization {
                header: Some(sensitive(format!("Bearer {}", token.expose()))?),
                exec: None,
            });
        }
        let Kind::Exec(exec) = &self.kind else {
            return Ok(Authorization {
                header: self.header()?,
                exec: None,
            });
        };
        let credential = exec.credential().await?;
        let header = match &credential.token {
            Some(token) => Some(sensitive(format!("Bearer {}", token.expose().trim()))?),
            None => None,
        };
        Ok(Authorization {
            header,
            exec: Some(credential),
        })
    }

    /// The server answered 401 to a request sent with `sent`: a plugin's credential is
    /// renewed by the next request, as client-go does.
    pub(crate) async fn unauthorized(&self, sent: &Authorization) {
        if let (Kind::Exec(exec), Some(credential)) = (&self.kind, &sent.exec) {
            exec.unauthorized(credential).await;
        }
    }

    /// The header value for the next request, `None` without credentials.
    fn header(&self) -> Result<Option<HeaderValue>, Error> {
        match &self.kind {
            Kind::None | Kind::Exec(_) | Kind::Oidc(_) => Ok(None),
            Kind::Static(v) => Ok(Some(v.clone())),
            Kind::File { path, cached } => {
                let stamp = FileStamp::of(path);
                let mut cache = cached.lock().unwrap_or_else(|e| e.into_inner());
                if let (Some(now), Some(c)) = (stamp, cache.as_ref()) {
                    if c.stamp == Some(now) && c.read_at.elapsed() < TOKEN_FILE_PERIOD {
                        return Ok(Some(c.header.clone()));
                    }
                }
                match std::fs::read_to_string(path) {
                    Ok(token) => {
                        let token = token.trim();
                        if token.is_empty() {
                            return Err(Error::Config(format!("token file {path:?} is empty")));
                        }
                        let value = sensitive(format!("Bearer {token}"))?;
                        *cache = Some(CachedToken {
                            stamp,
                            read_at: Instant::now(),
                            header: value.clone(),
                        });
                        Ok(Some(value))
                    }
                    // Keep using the last token while the file is being replaced.
                    Err(e) => match cache.as_ref() {
                        Some(c) => Ok(Some(c.header.clone())),
                        None => Err(Error::Config(format!("token file {path:?}: {e}"))),
                    },
                }
            }
        }
    }
}
