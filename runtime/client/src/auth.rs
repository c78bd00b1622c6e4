//! The `Authorization` header of each request, with a token file read again whenever it
//! changes (a rotated service-account token), like client-go's cached token source.

use super::config::Auth;
use super::error::Error;
use base64::Engine;
use http::HeaderValue;
use std::path::PathBuf;
use std::sync::Mutex;
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
        };
        Ok(Authenticator { kind })
    }

    /// The header value for the next request, `None` without credentials.
    pub(crate) fn header(&self) -> Result<Option<HeaderValue>, Error> {
        match &self.kind {
            Kind::None => Ok(None),
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
