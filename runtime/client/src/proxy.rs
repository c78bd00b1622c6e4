//! How connections reach the cluster: directly, through an HTTP or HTTPS proxy (a `CONNECT`
//! tunnel), or through a SOCKS5 proxy; from the kubeconfig's `proxy-url`, else from
//! `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` as Go's `ProxyFromEnvironment` reads them.

use super::error::Error;
use base64::Engine;
use hyper_rustls::{HttpsConnector, MaybeHttpsStream};
use hyper_util::client::legacy::connect::proxy::{SocksV5, Tunnel};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::proxy::matcher::Matcher;
use hyper_util::rt::TokioIo;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::net::TcpStream;
use tower_service::Service;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// A connection to the cluster's host: a TCP stream, or for an HTTPS proxy a TLS stream
/// to the proxy, carrying the tunnel.
pub(crate) type Io = MaybeHttpsStream<TokioIo<TcpStream>>;

/// The connector below TLS: one route, chosen once per client.
#[derive(Clone)]
pub(crate) enum Route {
    Direct(HttpConnector),
    Connect(Tunnel<HttpConnector>),
    ConnectOverTls(Tunnel<HttpsConnector<HttpConnector>>),
    Socks(SocksV5<HttpConnector>),
}

impl Route {
    /// The route through `proxy` (`http://`, `https://` or `socks5://`, credentials in its
    /// user info), or direct without one. `tls` verifies an HTTPS proxy, as Go verifies it
    /// with the cluster's TLS settings.
    pub fn new(
        proxy: Option<&http::Uri>,
        tcp: HttpConnector,
        tls: &rustls::ClientConfig,
    ) -> Result<Route, Error> {
        let Some(proxy) = proxy else {
            return Ok(Route::Direct(tcp));
        };
        let (user, password) = user_info(proxy);
        let bare = without_user_info(proxy)?;
        let basic = match &user {
            Some(u) => {
                let raw = format!("{u}:{}", password.as_deref().unwrap_or(""));
                let value = format!(
                    "Basic {}",
                    base64::engine::general_purpose::STANDARD.encode(raw)
                );
                Some(
                    http::HeaderValue::try_from(value)
                        .map_err(|_| proxy_error(proxy, "bad credentials"))?,
                )
            }
            None => None,
        };
        match proxy.scheme_str() {
            Some("http") => {
                let tunnel = Tunnel::new(bare, tcp);
                Ok(Route::Connect(match basic {
                    Some(value) => tunnel.with_auth(value),
                    None => tunnel,
                }))
            }
            Some("https") => {
                let to_proxy = hyper_rustls::HttpsConnectorBuilder::new()
                    .with_tls_config(tls.clone())
                    .https_only()
                    .enable_http1()
                    .wrap_connector(tcp);
                let tunnel = Tunnel::new(bare, to_proxy);
                Ok(Route::ConnectOverTls(match basic {
                    Some(value) => tunnel.with_auth(value),
                    None => tunnel,
                }))
            }
            Some("socks5") => {
                let socks = SocksV5::new(bare, tcp).local_dns(false);
                Ok(Route::Socks(match user {
                    Some(user) => socks.with_auth(user, password.unwrap_or_default()),
                    None => socks,
                }))
            }
            _ => Err(proxy_error(
                proxy,
                "the scheme must be http, https or socks5",
            )),
        }
    }
}

impl Service<http::Uri> for Route {
    type Response = Io;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Io, BoxError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        match self {
            Route::Direct(c) => c.poll_ready(cx).map_err(Into::into),
            Route::Connect(c) => c.poll_ready(cx).map_err(Into::into),
            Route::ConnectOverTls(c) => c.poll_ready(cx).map_err(Into::into),
            Route::Socks(c) => c.poll_ready(cx).map_err(Into::into),
        }
    }

    fn call(&mut self, dst: http::Uri) -> Self::Future {
        match self {
            Route::Direct(c) => {
                let connecting = c.call(dst);
                Box::pin(async move { Ok(MaybeHttpsStream::Http(connecting.await?)) })
            }
            Route::Connect(c) => {
                let connecting = c.call(dst);
                Box::pin(async move { Ok(MaybeHttpsStream::Http(connecting.await?)) })
            }
            Route::ConnectOverTls(c) => {
                let connecting = c.call(dst);
                Box::pin(async move { Ok(connecting.await?) })
            }
            Route::Socks(c) => {
                let connecting = c.call(dst);
                Box::pin(async move { Ok(MaybeHttpsStream::Http(connecting.await?)) })
            }
        }
    }
}

/// The proxy the environment names for `cluster`, as Go's `ProxyFromEnvironment` picks it:
/// `HTTPS_PROXY` for an https cluster, `HTTP_PROXY` for an http one (each also lower case),
/// none for a host `NO_PROXY` lists (domains with their subdomains, IP addresses, CIDR
/// ranges, `*`) and never for localhost or a loopback address. `env` reads a variable.
pub(crate) fn from_env(
    cluster: &http::Uri,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Option<http::Uri>, Error> {
    let host = cluster.host().unwrap_or("").trim_matches(['[', ']']);
    let loopback = host.eq_ignore_ascii_case("localhost")
        || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback());
    if loopback {
        return Ok(None);
    }
    let first = |names: [&str; 2]| {
        names
            .into_iter()
            .find_map(|n| env(n).filter(|v| !v.is_empty()))
            .unwrap_or_default()
    };
    let https = first(["HTTPS_PROXY", "https_proxy"]);
    let http = first(["HTTP_PROXY", "http_proxy"]);
    let matcher = Matcher::builder()
        .http(http.clone())
        .https(https.clone())
        .no(first(["NO_PROXY", "no_proxy"]))
        .build();
    if matcher.intercept(cluster).is_none() {
        return Ok(None);
    }
    // The variable's own URL, credentials and all; a bare `host:port` is an http proxy.
    let value = if cluster.scheme_str() == Some("https") {
        https
    } else {
        http
    };
    let value = if value.contains("://") {
        value
    } else {
        format!("http://{value}")
    };
    value
        .parse()
        .map(Some)
        .map_err(|_| Error::Config("the proxy named by the environment is not a URL".into()))
}

fn user_info(proxy: &http::Uri) -> (Option<String>, Option<String>) {
    let Some((info, _)) = proxy.authority().and_then(|a| a.as_str().rsplit_once('@')) else {
        return (None, None);
    };
    let decode = |s: &str| percent_decode(s).unwrap_or_else(|| s.to_string());
    match info.split_once(':') {
        Some((user, password)) => (Some(decode(user)), Some(decode(password))),
        None => (Some(decode(info)), None),
    }
}

fn without_user_info(proxy: &http::Uri) -> Result<http::Uri, Error> {
    let authority = proxy
        .authority()
        .ok_or_else(|| proxy_error(proxy, "it has no host"))?;
    let host = authority
        .as_str()
        .rsplit_once('@')
        .map_or(authority.as_str(), |(_, h)| h);
    format!("{}://{host}", proxy.scheme_str().unwrap_or("http"))
        .parse()
        .map_err(|_| proxy_error(proxy, "it has no valid host"))
}

/// `%XX` escapes of a URL's user info.
fn percent_decode(s: &str) -> Option<String> {
    let mut out = Vec::with_capacity(s.len());
    let mut bytes = s.bytes();
    while let Some(b) = bytes.next() {
        if b == b'%' {
            let hex = [bytes.next()?, bytes.next()?];
            out.push(u8::from_str_radix(std::str::from_utf8(&hex).ok()?, 16).ok()?);
        } else {
            out.push(b);
        }
    }
    String::from_utf8(out).ok()
}

/// A proxy URL that cannot be used; its credentials are never shown.
fn proxy_error(proxy: &http::Uri, why: &str) -> Error {
    let shown = without_user_info(proxy)
        .map(|u| u.to_string())
        .unwrap_or_else(|_| "(unparsable)".into());
    Error::Config(format!("proxy {shown}: {why}"))
}

#[cfg(test)]
mod tests {
    use super::from_env;

    fn proxy(cluster: &str, vars: &[(&str, &str)]) -> Option<String> {
        let env = |name: &str| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        };
        from_env(&cluster.parse().unwrap(), env)
            .unwrap()
            .map(|u| u.to_string())
    }

    #[test]
    fn the_environment_picks_the_proxy_as_go_does() {
        let vars = [
            ("HTTPS_PROXY", "http://secure-proxy:3128"),
            ("http_proxy", "http://plain-proxy:3128"),
            ("NO_PROXY", "internal.example, 10.0.0.0/8, 192.168.1.7"),
        ];
        assert_eq!(
            proxy("https://api.example:6443", &vars).as_deref(),
            Some("http://secure-proxy:3128/")
        );
        assert_eq!(
            proxy("http://api.example:8080", &vars).as_deref(),
            Some("http://plain-proxy:3128/")
        );
        // NO_PROXY: a domain and its subdomains, a CIDR range, an address.
        for direct in [
            "https://internal.example",
            "https://k8s.internal.example:6443",
            "https://10.1.2.3:6443",
            "https://192.168.1.7",
        ] {
            assert_eq!(proxy(direct, &vars), None, "{direct}");
        }
        assert!(proxy("https://192.168.1.8", &vars).is_some());
        // Loopback is never proxied.
        for local in [
            "https://localhost:6443",
            "https://127.0.0.1",
            "https://[::1]:6443",
        ] {
            assert_eq!(proxy(local, &vars), None, "{local}");
        }
        // `*` turns it off; nothing set, nothing used.
        assert_eq!(
            proxy(
                "https://api.example",
                &[("HTTPS_PROXY", "http://p:1"), ("no_proxy", "*")]
            ),
            None
        );
        assert_eq!(proxy("https://api.example", &[]), None);
    }

    #[test]
    fn credentials_in_the_proxy_url_are_kept() {
        let vars = [("HTTPS_PROXY", "http://user:p%40ss@proxy:3128")];
        let uri: http::Uri = proxy("https://api.example", &vars)
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(
            super::user_info(&uri),
            (Some("user".to_string()), Some("p@ss".to_string()))
        );
        assert_eq!(
            super::without_user_info(&uri).unwrap().to_string(),
            "http://proxy:3128/"
        );
    }
}
