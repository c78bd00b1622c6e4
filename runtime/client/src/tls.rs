//! rustls settings from [`TlsConfig`]: the cluster's CA as the only roots, an optional
//! client certificate, and `insecure_skip_tls_verify` (signatures still checked, the
//! certificate not). Only the `ring` provider is used.

use super::config::TlsConfig;
use super::error::Error;
use super::exec::ExecAuth;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::ResolvesClientCert;
use rustls::crypto::CryptoProvider;
use rustls::sign::CertifiedKey;
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use std::sync::Arc;

fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Every certificate of a PEM bundle.
pub(crate) fn certificates(pem: &[u8], what: &str) -> Result<Vec<CertificateDer<'static>>, Error> {
    let certs = CertificateDer::pem_slice_iter(pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Error::Config(format!("{what}: not PEM certificates: {e}")))?;
    if certs.is_empty() {
        return Err(Error::Config(format!(
            "{what}: no certificate in the PEM data"
        )));
    }
    Ok(certs)
}

/// A certificate chain and its key, ready for handshakes.
pub(crate) fn certified_key(chain_pem: &[u8], key_pem: &str) -> Result<Arc<CertifiedKey>, Error> {
    let chain = certificates(chain_pem, "client certificate")?;
    // The key's parse error is not shown: it could quote the key.
    let key = PrivateKeyDer::from_pem_slice(key_pem.as_bytes())
        .map_err(|_| Error::Config("client key: not a PEM private key".into()))?;
    let signing = provider()
        .key_provider
        .load_private_key(key)
        .map_err(|e| Error::Config(format!("client key: {e}")))?;
    Ok(Arc::new(CertifiedKey::new(chain, signing)))
}

/// The client certificate a credential plugin returned, presented in each handshake: the
/// latest run's (client-go's `GetClientCertificate` callback).
#[derive(Debug)]
struct PluginCertificate(Arc<ExecAuth>);

impl ResolvesClientCert for PluginCertificate {
    fn resolve(&self, _: &[&[u8]], _: &[SignatureScheme]) -> Option<Arc<CertifiedKey>> {
        self.0.client_certificate()
    }

    fn has_certs(&self) -> bool {
        true
    }
}

pub(crate) fn client_config(
    tls: &TlsConfig,
    exec: Option<Arc<ExecAuth>>,
) -> Result<ClientConfig, Error> {
    let builder = ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::Config(format!("TLS: {e}")))?;
    let builder = if tls.insecure_skip_tls_verify {
        builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(NoVerification(provider())))
    } else {
        let mut roots = RootCertStore::empty();
        if let Some(pem) = &tls.root_ca_pem {
            for cert in certificates(pem, "certificate authority")? {
                roots
                    .add(cert)
                    .map_err(|e| Error::Config(format!("certificate authority: {e}")))?;
            }
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
        (None, None) => match exec {
            Some(exec) => builder.with_client_cert_resolver(Arc::new(PluginCertificate(exec))),
            None => builder.with_no_client_auth(),
        },
        _ => {
            return Err(Error::Config(
                "a client certificate needs its key, and a key its certificate".into(),
            ))
        }
    };
    Ok(config)
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
