//! A certificate pair kept in files. cert-manager and kubelet rotate a pair by writing new
//! files and renaming or re-linking them, so each handshake compares the files' stamps
//! (time, size, inode) with the ones last read and reads them again when either changed.
//! A pair that does not parse, or whose halves do not match (one file written, the other
//! not yet), keeps the last good pair until the next handshake looks again: a rotation
//! never fails a handshake.

use crate::file_stamp::FileStamp;
use crate::pem::certified_key;
use crate::TlsError;
use rustls::client::ResolvesClientCert;
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use rustls::SignatureScheme;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

type PairStamp = [Option<FileStamp>; 2];

/// A certificate chain file and its key file, for a client's or a server's handshakes.
#[derive(Debug)]
pub struct CertificateFiles {
    cert: PathBuf,
    key: PathBuf,
    role: &'static str,
    current: Mutex<(PairStamp, Arc<CertifiedKey>)>,
}

impl CertificateFiles {
    /// Reads the pair now: an error if it cannot be used. `role` ("client", "serving")
    /// names it in errors and warnings.
    pub fn new(
        cert: impl Into<PathBuf>,
        key: impl Into<PathBuf>,
        role: &'static str,
    ) -> Result<Self, TlsError> {
        let (cert, key) = (cert.into(), key.into());
        let stamp = stamp(&cert, &key);
        let pair = read(&cert, &key, role)?;
        Ok(CertificateFiles {
            cert,
            key,
            role,
            current: Mutex::new((stamp, pair)),
        })
    }

    /// The pair for a handshake starting now: the files' if they changed and can be used,
    /// the last good one otherwise.
    pub fn current(&self) -> Arc<CertifiedKey> {
        let mut current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        let now = stamp(&self.cert, &self.key);
        if now != current.0 {
            match read(&self.cert, &self.key, self.role) {
                Ok(pair) => *current = (now, pair),
                Err(e) => tracing::warn!(
                    target: "kapi_tls",
                    cert = %self.cert.display(),
                    "the {} certificate files changed but cannot be used, keeping the last ones: {e}",
                    self.role
                ),
            }
        }
        current.1.clone()
    }
}

fn stamp(cert: &Path, key: &Path) -> PairStamp {
    [FileStamp::of(cert), FileStamp::of(key)]
}

fn read(cert: &Path, key: &Path, role: &str) -> Result<Arc<CertifiedKey>, TlsError> {
    let chain = std::fs::read(cert)
        .map_err(|e| TlsError(format!("{role} certificate {}: {e}", cert.display())))?;
    let key_pem =
        std::fs::read(key).map_err(|e| TlsError(format!("{role} key {}: {e}", key.display())))?;
    certified_key(&chain, &key_pem, role)
}

impl ResolvesClientCert for CertificateFiles {
    fn resolve(&self, _: &[&[u8]], _: &[SignatureScheme]) -> Option<Arc<CertifiedKey>> {
        Some(self.current())
    }

    fn has_certs(&self) -> bool {
        true
    }
}

impl ResolvesServerCert for CertificateFiles {
    fn resolve(&self, _: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(self.current())
    }
}

#[cfg(test)]
mod tests {
    use super::CertificateFiles;
    use std::path::Path;

    fn pair(name: &str) -> (String, String) {
        let cert = rcgen::generate_simple_self_signed(vec![name.to_string()]).expect("a pair");
        (cert.cert.pem(), cert.key_pair.serialize_pem())
    }

    fn write(dir: &Path, file: &str, text: &str) {
        // A new file renamed over the old one, as cert-manager's and kubelet's writers do.
        let tmp = dir.join(format!(".{file}.tmp"));
        std::fs::write(&tmp, text).expect("write");
        std::fs::rename(&tmp, dir.join(file)).expect("rename");
    }

    #[test]
    fn a_replaced_pair_is_read_again_and_a_half_written_one_keeps_the_last() {
        let dir = std::env::temp_dir().join(format!("kapi-tls-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let (cert_a, key_a) = pair("a.example");
        write(&dir, "tls.crt", &cert_a);
        write(&dir, "tls.key", &key_a);
        let files = CertificateFiles::new(dir.join("tls.crt"), dir.join("tls.key"), "serving")
            .expect("a usable pair");
        let first = files.current();

        // Only the certificate rotated so far: its key does not match, the old pair stays.
        let (cert_b, key_b) = pair("b.example");
        write(&dir, "tls.crt", &cert_b);
        assert_eq!(files.current().cert, first.cert);
        // Both written: the new pair is served.
        write(&dir, "tls.key", &key_b);
        let second = files.current();
        assert_ne!(second.cert, first.cert);
        // Garbage written over both: the last good pair stays.
        write(&dir, "tls.crt", "not pem");
        assert_eq!(files.current().cert, second.cert);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_key_of_another_certificate_is_refused_up_front() {
        let dir = std::env::temp_dir().join(format!("kapi-tls-mismatch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let (cert_a, _) = pair("a.example");
        let (_, key_b) = pair("b.example");
        write(&dir, "tls.crt", &cert_a);
        write(&dir, "tls.key", &key_b);
        let err = CertificateFiles::new(dir.join("tls.crt"), dir.join("tls.key"), "serving")
            .expect_err("mismatched halves");
        assert_eq!(
            err.to_string(),
            "serving key: not the key of the serving certificate"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
