//! Certificates and keys from PEM, checked before use: a chain must hold a certificate,
//! and a key must be the one the chain's first certificate names.

use crate::{provider, TlsError};
use rustls::sign::CertifiedKey;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::sync::Arc;

/// Every certificate of a PEM bundle; `what` names it in the error.
pub fn certificates(pem: &[u8], what: &str) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let certs = CertificateDer::pem_slice_iter(pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| TlsError(format!("{what}: not PEM certificates: {e}")))?;
    if certs.is_empty() {
        return Err(TlsError(format!("{what}: no certificate in the PEM data")));
    }
    Ok(certs)
}

/// A certificate chain and its key, ready for handshakes; `role` ("client", "serving")
/// names them in the error.
pub fn certified_key(
    chain_pem: &[u8],
    key_pem: &[u8],
    role: &str,
) -> Result<Arc<CertifiedKey>, TlsError> {
    let chain = certificates(chain_pem, &format!("{role} certificate"))?;
    // The key's parse error is not shown: it could quote the key.
    let key = PrivateKeyDer::from_pem_slice(key_pem)
        .map_err(|_| TlsError(format!("{role} key: not a PEM private key")))?;
    let pair = CertifiedKey::from_der(chain, key, &provider()).map_err(|e| match e {
        rustls::Error::InconsistentKeys(_) => {
            TlsError(format!("{role} key: not the key of the {role} certificate"))
        }
        e => TlsError(format!("{role} key: {e}")),
    })?;
    Ok(Arc::new(pair))
}
