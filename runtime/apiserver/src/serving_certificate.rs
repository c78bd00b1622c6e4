//! HTTPS for the server (kube-apiserver's `--tls-cert-file` and `--tls-private-key-file`):
//! the pair it serves, and the certificate authority its kubeconfig tells clients to trust.

use kapi_tls::{CertificateFiles, TlsError};
use rustls::server::ResolvesServerCert;
use std::sync::Arc;

/// The certificate the server presents and the bundle that verifies it.
#[derive(Clone)]
pub struct ServingCertificate {
    pub(crate) resolver: Arc<dyn ResolvesServerCert>,
    pub(crate) ca_pem: String,
}

impl ServingCertificate {
    /// The pair in `files`, read again for a handshake once they are replaced; `ca_pem` is
    /// the bundle a kubeconfig names as `certificate-authority-data`.
    pub fn from_files(files: CertificateFiles, ca_pem: impl Into<String>) -> Self {
        ServingCertificate {
            resolver: Arc::new(files),
            ca_pem: ca_pem.into(),
        }
    }

    /// A chain and its key held in memory (a pair generated at start); an error if they
    /// cannot be used together.
    pub fn from_pem(
        chain_pem: &[u8],
        key_pem: &[u8],
        ca_pem: impl Into<String>,
    ) -> Result<Self, TlsError> {
        let pair = kapi_tls::pem::certified_key(chain_pem, key_pem, "serving")?;
        Ok(ServingCertificate {
            resolver: Arc::new(rustls::sign::SingleCertAndKey::from(pair)),
            ca_pem: ca_pem.into(),
        })
    }

    /// The acceptor of every connection: HTTP/1.1 by ALPN, the one protocol the connection
    /// layer speaks.
    pub(crate) fn acceptor(&self) -> Result<tokio_rustls::TlsAcceptor, TlsError> {
        let config = kapi_tls::server_config(self.resolver.clone())?;
        Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
    }
}

impl std::fmt::Debug for ServingCertificate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServingCertificate").finish_non_exhaustive()
    }
}
