//! The rustls pieces kapi's client and servers share, so a certificate is read, checked and
//! rotated the same way on both ends: PEM certificates and keys ([`pem`]), and a
//! certificate pair kept in files that cert-manager or kubelet replace ([`files`]),
//! read again for the next handshake after they change.

pub mod file_stamp;
pub mod files;
pub mod pem;

pub use file_stamp::FileStamp;
pub use files::CertificateFiles;

use std::sync::Arc;

/// A certificate, key or bundle that cannot be used, and why (never quoting a key).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TlsError(pub String);

/// The one crypto provider kapi uses: `ring`.
pub fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// A server's rustls settings serving the pair `certificates` resolves (a [`CertificateFiles`]
/// reads its files again for a handshake once they change), HTTP/1.1 only by ALPN: kube-apiserver's webhook client asks for HTTP/1.1
/// (so its concurrent calls spread over a Service's backends), and HTTP/2 is what
/// controller-runtime's webhook server turns off by default since the rapid-reset attacks.
pub fn server_config(
    certificates: Arc<dyn rustls::server::ResolvesServerCert>,
) -> Result<rustls::ServerConfig, TlsError> {
    let mut config = rustls::ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError(e.to_string()))?
        .with_no_client_auth()
        .with_cert_resolver(certificates);
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(config)
}
