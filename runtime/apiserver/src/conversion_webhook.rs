//! A CRD's conversion webhook, called as kube-apiserver calls it: an
//! `apiextensions.k8s.io/v1` `ConversionReview` POSTed over HTTPS to
//! `spec.conversion.webhook.clientConfig.url`, trusting only its `caBundle`, HTTP/1.1, with
//! `?timeout=30s` (kube-apiserver's conversion webhook timeout). An answer that is no
//! review, of another uid, not `Success`, or with the wrong objects fails the conversion
//! with kube-apiserver's wording; the request that needed it then fails with a 500.
//!
//! The call blocks its thread: conversions run inside the scheme's synchronous conversion
//! (reads, writes, watches). On a multi-threaded tokio runtime the thread's other tasks are
//! handed to the other workers first, so a webhook server running in the same runtime
//! answers; on a current-thread runtime the webhook must run elsewhere (its own thread or
//! process), or the call waits out its timeout.

use kapi_core::conversion::ConversionError;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;

/// kube-apiserver's timeout for a conversion webhook call.
const TIMEOUT: Duration = Duration::from_secs(30);
/// The largest answer read: kube-apiserver's object limit for each of the (one) objects,
/// and room for the envelope.
const MAX_ANSWER: u64 = 3 * 1024 * 1024 + 64 * 1024;

/// Where a CRD's conversion webhook is, and whom to trust there.
#[derive(Debug)]
pub struct ConversionWebhook {
    host: String,
    port: u16,
    path: String,
    tls: Arc<rustls::ClientConfig>,
    timeout: Duration,
}

impl ConversionWebhook {
    /// From a CRD's `spec.conversion.webhook.clientConfig`: its `url` (a Service reference
    /// has no address outside a cluster; tests point the CRD at their server, as envtest
    /// rewrites it) and its `caBundle` (base64 of PEM).
    pub fn from_client_config(config: &Value) -> Result<Self, String> {
        let url = config
            .get("url")
            .and_then(Value::as_str)
            .ok_or("its conversion webhook's clientConfig has no url: a Service reference has no address outside a cluster, point the CRD at the webhook's URL (envtest rewrites it the same way)")?;
        let rest = url
            .strip_prefix("https://")
            .ok_or_else(|| format!("conversion webhook url {url:?}: must be https"))?;
        let (authority, path) = match rest.find('/') {
            Some(at) => (&rest[..at], &rest[at..]),
            None => (rest, "/"),
        };
        let (host, port) = split_host_port(authority)
            .ok_or_else(|| format!("conversion webhook url {url:?}: not host[:port]"))?;
        let bundle = config
            .get("caBundle")
            .and_then(Value::as_str)
            .ok_or("its conversion webhook's clientConfig has no caBundle")?;
        let pem = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, bundle)
            .map_err(|e| format!("clientConfig.caBundle: not base64: {e}"))?;
        let mut roots = rustls::RootCertStore::empty();
        for cert in kapi_tls::pem::certificates(&pem, "clientConfig.caBundle").map_err(|e| e.0)? {
            roots
                .add(cert)
                .map_err(|e| format!("clientConfig.caBundle: {e}"))?;
        }
        let mut tls = rustls::ClientConfig::builder_with_provider(kapi_tls::provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_root_certificates(roots)
            .with_no_client_auth();
        // kube-apiserver's webhook client asks for HTTP/1.1.
        tls.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(ConversionWebhook {
            host,
            port,
            path: path.to_string(),
            tls: Arc::new(tls),
            timeout: TIMEOUT,
        })
    }

    /// `object` (JSON) converted to `desired` (`group/version`) by the webhook.
    pub fn convert(&self, object: &Value, desired: &str) -> Result<Value, ConversionError> {
        let call = || self.call(object, desired);
        let answer = match tokio::runtime::Handle::try_current() {
            Ok(handle) if handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
                tokio::task::block_in_place(call)
            }
            _ => call(),
        };
        answer.map_err(|why| {
            let kind = object.get("kind").and_then(Value::as_str).unwrap_or("");
            let from = object
                .get("apiVersion")
                .and_then(Value::as_str)
                .unwrap_or("");
            ConversionError::new(format!(
                "conversion webhook for {from}, Kind={kind} failed: {why}"
            ))
        })
    }

    fn call(&self, object: &Value, desired: &str) -> Result<Value, String> {
        let uid = format!("{:016x}{:016x}", fastrand::u64(..), fastrand::u64(..));
        let review = json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "ConversionReview",
            "request": {"uid": uid, "desiredAPIVersion": desired, "objects": [object]},
        });
        let body = serde_json::to_vec(&review).map_err(|e| e.to_string())?;
        let (status, answer) = self.post(&body)?;
        if status != 200 {
            return Err(format!(
                "the server answered {status}: {}",
                String::from_utf8_lossy(&answer)
            ));
        }
        let answer: Value =
            serde_json::from_slice(&answer).map_err(|e| format!("the answer is no JSON: {e}"))?;
        if answer.get("apiVersion").and_then(Value::as_str) != Some("apiextensions.k8s.io/v1")
            || answer.get("kind").and_then(Value::as_str) != Some("ConversionReview")
        {
            return Err("the answer is no apiextensions.k8s.io/v1 ConversionReview".into());
        }
        let response = &answer["response"];
        if response.get("uid").and_then(Value::as_str) != Some(uid.as_str()) {
            return Err(format!(
                "expected response.uid={uid:?}, got {:?}",
                response.get("uid").and_then(Value::as_str).unwrap_or("")
            ));
        }
        let result = &response["result"];
        if result.get("status").and_then(Value::as_str) != Some("Success") {
            return Err(match result.get("message").and_then(Value::as_str) {
                Some(message) if !message.is_empty() => message.to_string(),
                _ => format!(
                    "response.result.status was '{}', not 'Success'",
                    result.get("status").and_then(Value::as_str).unwrap_or("")
                ),
            });
        }
        let converted = response
            .get("convertedObjects")
            .and_then(Value::as_array)
            .filter(|objects| objects.len() == 1)
            .ok_or("expected 1 converted objects")?;
        let out = converted[0].clone();
        if out.get("apiVersion").and_then(Value::as_str) != Some(desired) {
            return Err(format!(
                "invalid apiVersion {:?} in converted object, expected {desired:?}",
                out.get("apiVersion").and_then(Value::as_str).unwrap_or("")
            ));
        }
        if out.get("kind") != object.get("kind") {
            return Err("the converted object's kind changed".into());
        }
        for field in ["name", "namespace", "uid"] {
            if out["metadata"].get(field) != object["metadata"].get(field) {
                return Err(format!("the converted object's metadata.{field} changed"));
            }
        }
        Ok(out)
    }

    /// One POST over a fresh TLS connection, `Connection: close`: the status and body.
    fn post(&self, body: &[u8]) -> Result<(u16, Vec<u8>), String> {
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

fn split_host_port(authority: &str) -> Option<(String, u16)> {
    if let Some(rest) = authority.strip_prefix('[') {
        let (host, after) = rest.split_once(']')?;
        let port = match after.strip_prefix(':') {
            Some(p) => p.parse().ok()?,
            None => 443,
        };
        return Some((host.to_string(), port));
    }
    match authority.rsplit_once(':') {
        Some((host, port)) => Some((host.to_string(), port.parse().ok()?)),
        None => Some((authority.to_string(), 443)),
    }
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
    use super::{parse_response, split_host_port};

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
    fn authorities_split_as_urls_write_them() {
        assert_eq!(
            split_host_port("127.0.0.1:9443"),
            Some(("127.0.0.1".into(), 9443))
        );
        assert_eq!(
            split_host_port("hooks.example.com"),
            Some(("hooks.example.com".into(), 443))
        );
        assert_eq!(split_host_port("[::1]:8443"), Some(("::1".into(), 8443)));
        assert_eq!(split_host_port("host:port"), None);
    }
}
