//! A kubeconfig that names no certificate authority trusts the system's roots, as client-go
//! does; `SSL_CERT_FILE` points them at a bundle. Alone in its binary: it sets that variable
//! for the process.

use kapi::client::{Client, Config, Method};
use rcgen::{BasicConstraints, CertificateParams, ExtendedKeyUsagePurpose, IsCa, KeyPair};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use std::sync::Arc;

#[tokio::test]
async fn the_system_roots_verify_a_cluster_without_a_ca() {
    let ca_key = KeyPair::generate().unwrap();
    let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let ca = params.self_signed(&ca_key).unwrap();
    let server_key = KeyPair::generate().unwrap();
    let mut params = CertificateParams::new(vec!["localhost".to_string()]).unwrap();
    params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
    let server_cert = params.signed_by(&server_key, &ca, &ca_key).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("roots.pem");
    std::fs::write(&bundle, ca.pem()).unwrap();
    // This binary has one test, so no other thread reads the environment while it changes.
    std::env::set_var("SSL_CERT_FILE", &bundle);
    std::env::remove_var("SSL_CERT_DIR");

    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let chain = vec![CertificateDer::from_pem_slice(server_cert.pem().as_bytes()).unwrap()];
    let key = PrivateKeyDer::from_pem_slice(server_key.serialize_pem().as_bytes()).unwrap();
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(tls) = acceptor.accept(tcp).await else {
                    return;
                };
                let service = hyper::service::service_fn(|_req| async {
                    Ok::<_, std::convert::Infallible>(hyper::Response::new(
                        http_body_util::Full::new(bytes::Bytes::from_static(b"{}")),
                    ))
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(tls), service)
                    .await;
            });
        }
    });

    let mut config = Config::new(format!("https://localhost:{port}").parse().unwrap());
    config.retry = kapi::client::RetryPolicy::none();
    let client = Client::new(config, Arc::new(kapi::Scheme::new())).unwrap();
    client
        .request_raw(Method::GET, "/version", None, "application/json")
        .await
        .expect("the bundle's CA verifies the server");
}
