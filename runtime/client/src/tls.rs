//! rustls settings from [`TlsConfig`]: the cluster's CA as the only roots, an optional
//! client certificate, and `insecure_skip_tls_verify` (signatures still checked, the
//! certificate not). Only the `ring` provider is used.

use super::config::TlsConfig;
use super::error::Error;
use kapi_tls::CertificateFiles;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::ResolvesClientCert;
use rustls::crypto::CryptoProvider;
use rustls::sign::CertifiedKey;
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use std::fmt;
use std::sync::Arc;

/// Every certificate of a PEM bundle.
pub(crate) fn certificates(pem: &[u8], what: &str) -> Result<Vec<CertificateDer<'static>>, Error> {
    kapi_tls::pem::certificates(pem, what).map_err(|e| Error::Config(e.0))
}

/// A certificate chain and its key, ready for handshakes.
pub(crate) fn certified_key(chain_pem: &[u8], key_pem: &str) -> Result<Arc<CertifiedKey>, Error> {
    kapi_tls::pem::certified_key(chain_pem, key_pem.as_bytes(), "client")
        .map_err(|e| Error::Config(e.0))
}

/// Where a handshake finds a client certificate that can change: a credential plugin's
/// latest (client-go's `GetClientCertificate` callback).
pub(crate) type CertificateSource = Arc<dyn Fn() -> Option<Arc<CertifiedKey>> + Send + Sync>;

struct PluginCertificate(CertificateSource);

impl fmt::Debug for PluginCertificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PluginCertificate")
    }
}

impl ResolvesClientCert for PluginCertificate {
    fn resolve(&self, _: &[&[u8]], _: &[SignatureScheme]) -> Option<Arc<CertifiedKey>> {
        (self.0)()
    }

    fn has_certs(&self) -> bool {
        true
    }
}

/// The rustls settings; `https` says whether trust roots are needed at all (a plain `http`
/// cluster loads none).
pub(crate) fn client_config(
    tls: &TlsConfig,
    plugin_certificate: Option<CertificateSource>,
    https: bool,
) -> Result<ClientConfig, Error> {
    let builder = ClientConfig::builder_with_provider(kapi_tls::provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::Config(format!("TLS: {e}")))?;
    let builder = if tls.insecure_skip_tls_verify {
        builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(NoVerification(kapi_tls::provider())))
    } else {
        let mut roots = RootCertStore::empty();
        match &tls.root_ca_pem {
            Some(pem) => {
                for cert in certificates(pem, "certificate authority")? {
                    roots
                        .add(cert)
                        .map_err(|e| Error::Config(format!("certificate authority: {e}")))?;
                }
            }
            None if https => system_roots(&mut roots)?,
            None => {}
        }
        builder.with_root_certificates(roots)
    };
    let config = match (&tls.client_cert_pem, &tls.client_key_pem) {
        (Some(cert), Some(key)) => {
            let chain = certificates(cert, "client certificate")?;
            // The key's parse error is not shown: it could quote the key.
            let key = PrivateKeyDer::from_pem_slice(key.expose().as_bytes())
                .map_err(|_| Error::Config("client key: not a PEM private key".into()))?;
            builder
                .with_client_auth_cert(chain, key)
                .map_err(|e| Error::Config(format!("client certificate and key: {e}")))?
        }
        (None, None) => {
            let dynamic = match (plugin_certificate, &tls.client_cert_files) {
                (Some(source), _) => {
                    builder.with_client_cert_resolver(Arc::new(PluginCertificate(source)))
                }
                (None, Some((cert, key))) => builder.with_client_cert_resolver(Arc::new(
                    CertificateFiles::new(cert.clone(), key.clone(), "client")
                        .map_err(|e| Error::Config(e.0))?,
                )),
                (None, None) => return Ok(builder.with_no_client_auth()),
            };
            // A resumed TLS session presents the certificate it began with, so a client
            // whose certificate can change does full handshakes.
            let mut dynamic = dynamic;
            dynamic.resumption = rustls::client::Resumption::disabled();
            dynamic
        }
        _ => {
            return Err(Error::Config(
                "a client certificate needs its key, and a key its certificate".into(),
            ))
        }
    };
    Ok(config)
}

/// The system's trust roots, for a cluster whose kubeconfig names no CA (Go's default).
fn system_roots(roots: &mut RootCertStore) -> Result<(), Error> {
    let found = rustls_native_certs::load_native_certs();
    for cert in found.certs {
        // One unusable system certificate does not make the others unusable.
        let _ = roots.add(cert);
    }
    if roots.is_empty() {
        let why = found
            .errors
            .first()
            .map_or("none were found".to_string(), |e| e.to_string());
        return Err(Error::Config(format!(
            "the kubeconfig names no certificate authority and the system's trust roots cannot be used ({why}): set certificate-authority(-data), or insecure-skip-tls-verify"
        )));
    }
    Ok(())
}

/// `insecure-skip-tls-verify`: any certificate is accepted; the handshake's signatures are
/// still verified so the connection is at least to whoever holds the certificate's key.
#[derive(Debug)]
struct NoVerification(Arc<CryptoProvider>);

impl ServerCertVerifier for NoVerification {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}
