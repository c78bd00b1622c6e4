//! How the server calls a webhook, as kube-apiserver's webhook client does: a JSON POST over
//! HTTPS to a `clientConfig`'s `url`, trusting only its `caBundle`, HTTP/1.1, with
//! `?timeout=<n>s`, a fresh connection each time (`Connection: close`).
//!
//! A call blocks its thread: webhooks are called from the server's synchronous write and
//! conversion paths. On a multi-threaded tokio runtime the worker's other tasks are handed
//! to the other workers first, so a webhook server running in the same runtime answers; on
//! a current-thread runtime the webhook must run elsewhere (its own thread or process), or
//! the call waits out its timeout.

use serde_json::Value;
use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;

/// The largest answer read: kube-apiserver's object limit, twice (an update's review
/// carries two), and room for the envelope.
const MAX_ANSWER: u64 = 2 * 3 * 1024 * 1024 + 64 * 1024;

/// Where a webhook is, and whom to trust there.
#[derive(Debug)]
pub struct WebhookClient {
    host: String,
    port: u16,
    path: String,
    tls: Arc<rustls::ClientConfig>,
    timeout: Duration,
}

impl WebhookClient {
    /// From a `clientConfig`: its `url` (a Service reference has no address outside a
    /// cluster; tests point the configuration at their server, as envtest rewrites it) and
    /// its `caBundle` (base64 of PEM); `what` names the webhook in errors.
    pub fn from_client_config(
        config: &Value,
        what: &str,
        timeout: Duration,
    ) -> Result<Self, String> {
        let url = config
            .get("url")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{what}: its clientConfig has no url: a Service reference has no address outside a cluster, point it at the webhook's URL (envtest rewrites it the same way)"))?;
        let (host, port, path) = https_address(url)
            .ok_or_else(|| format!("{what}: url {url:?}: not https://host[:port][/path]"))?;
        let bundle = config
            .get("caBundle")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{what}: its clientConfig has no caBundle"))?;
        let pem = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, bundle)
            .map_err(|e| format!("{what}: clientConfig.caBundle: not base64: {e}"))?;
        let mut roots = rustls::RootCertStore::empty();
        for cert in kapi_tls::pem::certificates(&pem, "clientConfig.caBundle")
            .map_err(|e| format!("{what}: {}", e.0))?
        {
            roots
                .add(cert)
                .map_err(|e| format!("{what}: clientConfig.caBundle: {e}"))?;
        }
        let mut tls = rustls::ClientConfig::builder_with_provider(kapi_tls::provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_root_certificates(roots)
            .with_no_client_auth();
        // kube-apiserver's webhook client asks for HTTP/1.1.
        tls.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(WebhookClient {
            host,
            port,
            path: path.to_string(),
            tls: Arc::new(tls),
            timeout,
        })
    }

    /// POSTs `review` and reads the answer: a 200 with a JSON body, or why not.
    pub fn post_json(&self, review: &Value) -> Result<Value, String> {
        let body = serde_json::to_vec(review).map_err(|e| e.to_string())?;
        let (status, answer) = self.post(&body)?;
        if status != 200 {
            return Err(format!(
                "the server answered {status}: {}",
                String::from_utf8_lossy(&answer)
            ));
        }
        serde_json::from_slice(&answer).map_err(|e| format!("the answer is no JSON: {e}"))
    }

    /// POSTs `body` (JSON) and returns the answer's status and body, blocking as the module
    /// docs say.
    pub fn post(&self, body: &[u8]) -> Result<(u16, Vec<u8>), String> {
        let call = || self.post_blocking(body);
        match tokio::runtime::Handle::try_current() {
            Ok(handle) if handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
                tokio::task::block_in_place(call)
            }
            _ => call(),
        }
    }

    fn post_blocking(&self, body: &[u8]) -> Result<(u16, Vec<u8>), String> {
        let addr = (self.host.as_str(), self.port)
            .to_socket_addrs()
            .map_err(|e| format!("resolving {}: {e}", self.host))?
            .next()
            .ok_or_else(|| format!("{} has no address", self.host))?;
        let tcp = TcpStream::connect_timeout(&addr, self.timeout).map_err(|e| e.to_string())?;
        let _ = tcp.set_read_timeout(Some(self.timeout));
        let _ = tcp.set_write_timeout(Some(self.timeout));
        let name = rustls::pki_types::ServerName::try_from(self.host.clone())
            .map_err(|e| format!("{}: {e}", self.host))?;
        let connection =
            rustls::ClientConnection::new(self.tls.clone(), name).map_err(|e| e.to_string())?;
        let mut stream = rustls::StreamOwned::new(connection, tcp);
        let separator = if self.path.contains('?') { '&' } else { '?' };
        let head = format!(
            "POST {}{separator}timeout={}s HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.path,
            self.timeout.as_secs(),
            self.host,
            body.len()
        );
        stream
            .write_all(head.as_bytes())
            .and_then(|()| stream.write_all(body))
            .map_err(|e| e.to_string())?;
        let mut answer = Vec::new();
        stream
            .take(MAX_ANSWER)
            .read_to_end(&mut answer)
            .map_err(|e| e.to_string())?;
        parse_response(&answer)
    }
}

/// An `https` URL's host (IPv6 without brackets), port (443 by default) and path with
/// its query.
fn https_address(url: &str) -> Option<(String, u16, String)> {
    let uri: http::Uri = url.parse().ok()?;
    if uri.scheme_str() != Some("https") {
        return None;
    }
    let bracketed = uri.host()?;
    // `http::Uri` reads `host:port` with a port that is no number as no port at all.
    let port = match uri.port_u16() {
        Some(port) => port,
        None if uri.authority()?.as_str() == bracketed => 443,
        None => return None,
    };
    let host = bracketed.trim_start_matches('[').trim_end_matches(']');
    let path = uri.path_and_query().map_or("/", |p| p.as_str()).to_string();
    Some((host.to_string(), port, path))
}

/// An HTTP/1.1 response read to its end: the status and the body (de-chunked).
fn parse_response(raw: &[u8]) -> Result<(u16, Vec<u8>), String> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("the answer has no HTTP head")?;
    let head = String::from_utf8_lossy(&raw[..split]);
    let body = &raw[split + 4..];
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("the answer has no HTTP status")?;
    let chunked = head.lines().any(|line| {
        line.split_once(':').is_some_and(|(name, value)| {
            name.eq_ignore_ascii_case("transfer-encoding") && value.trim() == "chunked"
        })
    });
    if !chunked {
        return Ok((status, body.to_vec()));
    }
    let mut out = Vec::new();
    let mut rest = body;
    loop {
        let line_end = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("a chunk without its size")?;
        let size = std::str::from_utf8(&rest[..line_end])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next().unwrap_or("").trim(), 16).ok())
            .ok_or("a chunk size that is no number")?;
        rest = &rest[line_end + 2..];
        if size == 0 {
            return Ok((status, out));
        }
        let chunk = rest.get(..size).ok_or("a chunk cut short")?;
        out.extend_from_slice(chunk);
        rest = rest.get(size + 2..).ok_or("a chunk cut short")?;
    }
}

#[cfg(test)]
mod tests {
    use super::{https_address, parse_response};

    #[test]
    fn answers_are_read_with_or_without_chunks() {
        let plain = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}";
        assert_eq!(parse_response(plain), Ok((200, b"{}".to_vec())));
        let chunked =
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"a\r\n4\r\n\":1}\r\n0\r\n\r\n";
        assert_eq!(parse_response(chunked), Ok((200, b"{\"a\":1}".to_vec())));
        assert!(
            parse_response(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nff\r\nab")
                .is_err()
        );
        assert!(parse_response(b"garbage").is_err());
    }

    #[test]
    fn urls_split_as_kube_apiserver_reads_them() {
        assert_eq!(
            https_address("https://127.0.0.1:9443/convert"),
            Some(("127.0.0.1".into(), 9443, "/convert".into()))
        );
        assert_eq!(
            https_address("https://hooks.example.com"),
            Some(("hooks.example.com".into(), 443, "/".into()))
        );
        assert_eq!(
            https_address("https://[::1]:8443/v?x=1"),
            Some(("::1".into(), 8443, "/v?x=1".into()))
        );
        assert_eq!(https_address("https://host:port"), None);
        assert_eq!(https_address("http://127.0.0.1/convert"), None);
    }
}
