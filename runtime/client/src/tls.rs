//! rustls settings from [`TlsConfig`]: the cluster's CA as the only roots, an optional
//! client certificate, and `insecure_skip_tls_verify` (signatures still checked, the
//! certificate not). Only the `ring` provider is used.

use super::config::TlsConfig;
use super::error::Error;
use super::file_stamp::FileStamp;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::ResolvesClientCert;
use rustls::crypto::CryptoProvider;
use rustls::sign::CertifiedKey;
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

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
    let builder = ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::Config(format!("TLS: {e}")))?;
    let builder = if tls.insecure_skip_tls_verify {
        builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(NoVerification(provider())))
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
                    CertificateFiles::new(cert.clone(), key.clone())?,
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

/// A client certificate kept in files, read again for a handshake when either file
/// changed (its time, size or inode); a file that does not parse keeps the last good pair.
#[derive(Debug)]
struct CertificateFiles {
    cert: PathBuf,
    key: PathBuf,
    current: Mutex<(PairStamp, Arc<CertifiedKey>)>,
}

type PairStamp = [Option<FileStamp>; 2];

impl CertificateFiles {
    fn new(cert: PathBuf, key: PathBuf) -> Result<Self, Error> {
        let stamp = Self::stamp(&cert, &key);
        let pair = Self::read(&cert, &key)?;
        Ok(CertificateFiles {
            cert,
            key,
            current: Mutex::new((stamp, pair)),
        })
    }

    fn stamp(cert: &Path, key: &Path) -> PairStamp {
        [FileStamp::of(cert), FileStamp::of(key)]
    }

    fn read(cert: &Path, key: &Path) -> Result<Arc<CertifiedKey>, Error> {
        let chain = std::fs::read(cert)
            .map_err(|e| Error::Config(format!("client-certificate {cert:?}: {e}")))?;
        let key = std::fs::read_to_string(key)
            .map_err(|e| Error::Config(format!("client-key {key:?}: {e}")))?;
        certified_key(&chain, &key)
    }
}

impl ResolvesClientCert for CertificateFiles {
    fn resolve(&self, _: &[&[u8]], _: &[SignatureScheme]) -> Option<Arc<CertifiedKey>> {
        let mut current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        let stamp = Self::stamp(&self.cert, &self.key);
        if stamp != current.0 {
            match Self::read(&self.cert, &self.key) {
                Ok(pair) => *current = (stamp, pair),
                Err(e) => tracing::warn!(
                    target: "kapi_client",
                    "the client certificate files changed but cannot be used, keeping the last ones: {e}"
                ),
            }
        }
        Some(current.1.clone())
    }

    fn has_certs(&self) -> bool {
        true
    }
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
