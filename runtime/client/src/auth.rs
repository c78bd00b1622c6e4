//! The `Authorization` header of each request, with a token file read again whenever it
//! changes (a rotated service-account token), like client-go's cached token source, and a
//! credential plugin's token or certificate, run again after a 401.

use super::config::Auth;
use super::error::Error;
use super::exec::{Credential, ExecAuth};
use base64::Engine;
use http::HeaderValue;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

pub(crate) struct Authenticator {
    kind: Kind,
}

enum Kind {
    None,
    Static(HeaderValue),
    File {
        path: PathBuf,
        cached: Mutex<Option<(Option<SystemTime>, u64, HeaderValue)>>,
    },
    Exec(Arc<ExecAuth>),
}

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
        };
        Ok(Authenticator { kind })
    }

    /// The credential plugin, whose certificate the TLS handshake presents.
    pub(crate) fn exec(&self) -> Option<Arc<ExecAuth>> {
        match &self.kind {
            Kind::Exec(exec) => Some(exec.clone()),
            _ => None,
        }
    }

    /// What the next request is sent with. A plugin runs here, before the request opens a
    /// connection, so a certificate it returns is there for the handshake.
    pub(crate) async fn authorize(&self) -> Result<Authorization, Error> {
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
            Kind::None | Kind::Exec(_) => Ok(None),
            Kind::Static(v) => Ok(Some(v.clone())),
            Kind::File { path, cached } => {
                let meta = std::fs::metadata(path);
                let stamp = meta.as_ref().ok().map(|m| (m.modified().ok(), m.len()));
                let mut cache = cached.lock().unwrap_or_else(|e| e.into_inner());
                if let (Some((mtime, len)), Some((cm, cl, value))) = (stamp, cache.as_ref()) {
                    if *cm == mtime && *cl == len {
                        return Ok(Some(value.clone()));
                    }
                }
                match std::fs::read_to_string(path) {
                    Ok(token) => {
                        let token = token.trim();
                        if token.is_empty() {
                            return Err(Error::Config(format!("token file {path:?} is empty")));
                        }
                        let value = sensitive(format!("Bearer {token}"))?;
                        let (mtime, len) = stamp.unwrap_or((None, 0));
                        *cache = Some((mtime, len, value.clone()));
                        Ok(Some(value))
                    }
                    // Keep using the last token while the file is being replaced.
                    Err(e) => match cache.as_ref() {
                        Some((_, _, value)) => Ok(Some(value.clone())),
                        None => Err(Error::Config(format!("token file {path:?}: {e}"))),
                    },
                }
            }
        }
    }
}
