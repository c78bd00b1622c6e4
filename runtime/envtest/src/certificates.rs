//! `--tls`: a certificate authority and a serving certificate for 127.0.0.1 and localhost
//! made at start, as envtest makes its own for kube-apiserver's secure port; and the
//! admin token written beside them when none is given.

use rcgen::{
    BasicConstraints, CertificateParams, DistinguishedName, DnType, ExtendedKeyUsagePurpose, IsCa,
    KeyPair, KeyUsagePurpose,
};

/// A serving pair and the authority that signed it, PEM.
pub struct Generated {
    pub ca_pem: String,
    pub cert_pem: String,
    pub key_pem: String,
}

/// A fresh CA and a serving certificate it signed, for the names a local client dials.
pub fn generate() -> Result<Generated, rcgen::Error> {
    let ca_key = KeyPair::generate()?;
    let mut ca_params = CertificateParams::new(Vec::<String>::new())?;
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca_params.key_usages = vec![
        KeyUsagePurpose::KeyCertSign,
        KeyUsagePurpose::CrlSign,
        KeyUsagePurpose::DigitalSignature,
    ];
    // Named apart from the leaf: OpenSSL (Python's client) takes a certificate whose
    // subject is its issuer's for self-signed.
    ca_params.distinguished_name = name("kapi-apiserver CA");
    let ca = ca_params.self_signed(&ca_key)?;

    let key = KeyPair::generate()?;
    let mut params =
        CertificateParams::new(vec!["127.0.0.1".to_string(), "localhost".to_string()])?;
    params.distinguished_name = name("kapi-apiserver");
    params.key_usages = vec![
        KeyUsagePurpose::DigitalSignature,
        KeyUsagePurpose::KeyEncipherment,
    ];
    params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
    let cert = params.signed_by(&key, &ca, &ca_key)?;
    Ok(Generated {
        ca_pem: ca.pem(),
        cert_pem: cert.pem(),
        key_pem: key.serialize_pem(),
    })
}

fn name(common_name: &str) -> DistinguishedName {
    let mut name = DistinguishedName::new();
    name.push(DnType::CommonName, common_name);
    name
}

/// 32 bytes from the operating system's generator, URL-safe base64: a bearer token no one
/// guesses.
pub fn random_token() -> Result<String, getrandom::Error> {
    use base64::Engine as _;
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes)?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_generated_pair_is_usable_and_names_the_loopback_address() {
        let generated = super::generate().expect("a pair");
        let pair = kapi_tls::pem::certified_key(
            generated.cert_pem.as_bytes(),
            generated.key_pem.as_bytes(),
            "serving",
        )
        .expect("the key matches the certificate");
        assert_eq!(pair.cert.len(), 1);
        assert_ne!(generated.ca_pem, generated.cert_pem);
        let token = super::random_token().expect("a token");
        assert_eq!(token.len(), 43);
        assert_ne!(token, super::random_token().expect("another token"));
    }
}
