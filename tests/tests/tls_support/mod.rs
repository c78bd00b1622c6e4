//! A test certificate authority made by rcgen, issuing leaf certificates for the tests'
//! TLS servers and clients.

use rcgen::{
    BasicConstraints, CertificateParams, DistinguishedName, DnType, ExtendedKeyUsagePurpose, IsCa,
    KeyPair, KeyUsagePurpose,
};

pub struct Pki {
    pub ca_pem: String,
    ca: rcgen::Certificate,
    ca_key: KeyPair,
}

impl Pki {
    pub fn new() -> Self {
        let ca_key = KeyPair::generate().unwrap();
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        // Named apart from its leaves: OpenSSL takes a leaf whose subject is its issuer's
        // name for self-signed (rcgen names both "rcgen self signed cert").
        params.distinguished_name = DistinguishedName::new();
        params
            .distinguished_name
            .push(DnType::CommonName, "kapi test CA");
        params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        let ca = params.self_signed(&ca_key).unwrap();
        Pki {
            ca_pem: ca.pem(),
            ca,
            ca_key,
        }
    }

    /// A leaf certificate and its key, PEM.
    pub fn issue(&self, names: &[&str], purpose: ExtendedKeyUsagePurpose) -> (String, String) {
        let key = KeyPair::generate().unwrap();
        let mut params =
            CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
                .unwrap();
        params.extended_key_usages = vec![purpose];
        params.distinguished_name = DistinguishedName::new();
        if let Some(name) = names.first() {
            params.distinguished_name.push(DnType::CommonName, *name);
        }
        let cert = params.signed_by(&key, &self.ca, &self.ca_key).unwrap();
        (cert.pem(), key.serialize_pem())
    }
}
