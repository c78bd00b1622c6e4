//! The REST client over TLS: a rustls server with a CA, a server certificate and (when
//! asked) client-certificate authentication, all made by rcgen.

use bytes::Bytes;
use http_body_util::Full;
use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo};
use kapi::client::{Auth, Client, Config, Error, Method, Secret};
use rcgen::ExtendedKeyUsagePurpose;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::WebPkiClientVerifier;
use std::sync::Arc;

mod tls_support;
use tls_support::Pki;

/// A PEM certificate as the server reports it: base64 of its DER.
fn der_base64(pem: &str) -> String {
    let der = CertificateDer::from_pem_slice(pem.as_bytes()).unwrap();
    base64::Engine::encode(&base64::engine::general_purpose::STANDARD, der)
}

/// Serves HTTPS on 127.0.0.1, offering HTTP/2 and HTTP/1.1 as kube-apiserver does;
/// answers every request with the Authorization header it got and its HTTP version.
async fn serve(server_cert: (String, String), client_ca: Option<&str>) -> u16 {
    serve_offering(server_cert, client_ca, &[b"h2", b"http/1.1"]).await
}

async fn serve_offering(
    server_cert: (String, String),
    client_ca: Option<&str>,
    alpn: &[&[u8]],
) -> u16 {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let chain: Vec<CertificateDer<'static>> =
        CertificateDer::pem_slice_iter(server_cert.0.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap();
    let key = PrivateKeyDer::from_pem_slice(server_cert.1.as_bytes()).unwrap();
    let builder = rustls::ServerConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .unwrap();
    let builder = match client_ca {
        Some(ca) => {
            let mut roots = rustls::RootCertStore::empty();
            for c in CertificateDer::pem_slice_iter(ca.as_bytes()) {
                roots.add(c.unwrap()).unwrap();
            }
            let verifier = WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider)
                .build()
                .unwrap();
            builder.with_client_cert_verifier(verifier)
        }
        None => builder.with_no_client_auth(),
    };
    let mut config = builder.with_single_cert(chain, key).unwrap();
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        loop {
            let Ok((tcp, _)) = listener.accept().await else {
                return;
            };
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(tls) = acceptor.accept(tcp).await else {
                    return;
                };
                // The client certificate of this connection, as base64 DER.
                let peer = tls
                    .get_ref()
                    .1
                    .peer_certificates()
                    .and_then(|c| c.first())
                    .map(|c| base64::Engine::encode(&base64::engine::general_purpose::STANDARD, c))
                    .unwrap_or_default();
                let service = service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
                    let peer = peer.clone();
                    async move {
                        let auth = req
                            .headers()
                            .get("authorization")
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or("")
                            .to_string();
                        let version = format!("{:?}", req.version());
                        let body = serde_json::json!({
                            "authorization": auth,
                            "version": version,
                            "client_certificate": peer,
                        })
                        .to_string();
                        // HTTP/1.1 connections end after each answer, so every request
                        // handshakes (and presents its client certificate) again.
                        let mut response =
                            hyper::Response::builder().header("content-type", "application/json");
                        if req.version() == hyper::Version::HTTP_11 {
                            response = response.header("connection", "close");
                        }
                        Ok::<_, std::convert::Infallible>(
                            response.body(Full::new(Bytes::from(body))).unwrap(),
                        )
                    }
                });
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(tls), service)
                    .await;
            });
        }
    });
    port
}

fn config(url: &str) -> Config {
    let mut c = Config::new(url.parse().unwrap());
    c.retry = kapi::client::RetryPolicy::none();
    c
}

async fn get(config: Config) -> Result<serde_json::Value, Error> {
    let client = Client::new(config, Arc::new(kapi::Scheme::new()))?;
    let resp = client
        .request_raw(Method::GET, "/version", None, "application/json")
        .await?;
    Ok(serde_json::from_slice(&resp.body).unwrap())
}

#[tokio::test]
async fn the_cluster_ca_is_verified() {
    let pki = Pki::new();
    let port = serve(
        pki.issue(&["localhost"], ExtendedKeyUsagePurpose::ServerAuth),
        None,
    )
    .await;
    let url = format!("https://localhost:{port}");

    let mut ok = config(&url);
    ok.tls.root_ca_pem = Some(pki.ca_pem.clone().into_bytes());
    ok.auth = Auth::Bearer(Secret::new("tls-token"));
    let answer = get(ok).await.expect("a verified connection");
    assert_eq!(answer["authorization"], "Bearer tls-token");

    // Another CA: the server is not trusted.
    let other = Pki::new();
    let mut wrong = config(&url);
    wrong.tls.root_ca_pem = Some(other.ca_pem.into_bytes());
    let err = get(wrong).await.unwrap_err();
    assert!(matches!(err, Error::Transport(_)), "{err}");
    assert!(
        err.to_string().to_lowercase().contains("certificate"),
        "{err}"
    );

    // The certificate is for localhost, not 127.0.0.1 ...
    let mut by_ip = config(&format!("https://127.0.0.1:{port}"));
    by_ip.tls.root_ca_pem = Some(pki.ca_pem.clone().into_bytes());
    assert!(get(by_ip.clone()).await.is_err());
    // ... unless tls-server-name says which name to verify.
    by_ip.tls.tls_server_name = Some("localhost".into());
    get(by_ip).await.expect("verified for tls-server-name");

    // insecure-skip-tls-verify accepts it without a CA.
    let mut insecure = config(&url);
    insecure.tls.insecure_skip_tls_verify = true;
    get(insecure).await.expect("an unverified connection");

    // Without a CA the system's trust roots are used, as client-go uses them: the test's
    // CA is not among them.
    let err = get(config(&url)).await.unwrap_err();
    assert!(matches!(err, Error::Transport(_)), "{err}");
    assert!(
        err.to_string().to_lowercase().contains("certificate"),
        "{err}"
    );
}

#[tokio::test]
async fn client_certificates_authenticate() {
    let pki = Pki::new();
    let port = serve(
        pki.issue(&["localhost"], ExtendedKeyUsagePurpose::ServerAuth),
        Some(&pki.ca_pem),
    )
    .await;
    let url = format!("https://localhost:{port}");
    let (cert, key) = pki.issue(&["alice"], ExtendedKeyUsagePurpose::ClientAuth);

    let mut with_cert = config(&url);
    with_cert.tls.root_ca_pem = Some(pki.ca_pem.clone().into_bytes());
    with_cert.tls.client_cert_pem = Some(cert.into_bytes());
    with_cert.tls.client_key_pem = Some(Secret::new(key));
    get(with_cert)
        .await
        .expect("a client certificate is accepted");

    let mut without = config(&url);
    without.tls.root_ca_pem = Some(pki.ca_pem.clone().into_bytes());
    assert!(
        get(without).await.is_err(),
        "the server requires a certificate"
    );

    // A certificate from another CA is refused.
    let other = Pki::new();
    let (cert, key) = other.issue(&["mallory"], ExtendedKeyUsagePurpose::ClientAuth);
    let mut foreign = config(&url);
    foreign.tls.root_ca_pem = Some(pki.ca_pem.clone().into_bytes());
    foreign.tls.client_cert_pem = Some(cert.into_bytes());
    foreign.tls.client_key_pem = Some(Secret::new(key));
    assert!(get(foreign).await.is_err());
}

/// A credential plugin may answer with a client certificate instead of a token: the
/// handshake presents it (client-go's `GetClientCertificate` callback).
#[tokio::test]
async fn an_exec_plugins_client_certificate_authenticates() {
    use std::os::unix::fs::PermissionsExt;
    let pki = Pki::new();
    let port = serve(
        pki.issue(&["localhost"], ExtendedKeyUsagePurpose::ServerAuth),
        Some(&pki.ca_pem),
    )
    .await;
    let (cert, key) = pki.issue(&["alice"], ExtendedKeyUsagePurpose::ClientAuth);
    let dir = tempfile::tempdir().unwrap();
    let credential = serde_json::json!({
        "apiVersion": "client.authentication.k8s.io/v1beta1",
        "kind": "ExecCredential",
        "status": {"clientCertificateData": cert, "clientKeyData": key}
    });
    std::fs::write(dir.path().join("credential.json"), credential.to_string()).unwrap();
    let plugin = dir.path().join("plugin.sh");
    std::fs::write(
        &plugin,
        format!(
            "#!/bin/sh\ncat {}\n",
            dir.path().join("credential.json").display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&plugin, std::fs::Permissions::from_mode(0o755)).unwrap();
    let ca = base64::Engine::encode(
        &base64::engine::general_purpose::STANDARD,
        pki.ca_pem.as_bytes(),
    );
    let kubeconfig = format!(
        "current-context: c\ncontexts: [{{name: c, context: {{cluster: k, user: u}}}}]\nclusters: [{{name: k, cluster: {{server: 'https://localhost:{port}', certificate-authority-data: {ca}}}}}]\nusers: [{{name: u, user: {{exec: {{command: {}, apiVersion: client.authentication.k8s.io/v1beta1}}}}}}]\n",
        plugin.display()
    );
    let mut config =
        Config::from_kubeconfig_str(&kubeconfig, None, std::path::Path::new("/")).unwrap();
    config.retry = kapi::client::RetryPolicy::none();
    let answer = get(config)
        .await
        .expect("the plugin's certificate is accepted");
    assert_eq!(answer["authorization"], "", "no token was sent");
}

/// HTTP/2 when the server offers it in the handshake (kube-apiserver does), HTTP/1.1 when it
/// does not or when the config turns it off.
#[tokio::test]
async fn http2_is_negotiated_by_alpn() {
    let pki = Pki::new();
    let cert = || pki.issue(&["localhost"], ExtendedKeyUsagePurpose::ServerAuth);
    let h2 = serve(cert(), None).await;
    let http1 = serve_offering(cert(), None, &[b"http/1.1"]).await;
    let no_alpn = serve_offering(cert(), None, &[]).await;
    let version = |port: u16, disable_http2: bool| {
        let mut c = config(&format!("https://localhost:{port}"));
        c.tls.root_ca_pem = Some(pki.ca_pem.clone().into_bytes());
        c.disable_http2 = disable_http2;
        async move { get(c).await.expect("answers")["version"].clone() }
    };
    assert_eq!(version(h2, false).await, "HTTP/2.0");
    assert_eq!(version(h2, true).await, "HTTP/1.1");
    assert_eq!(version(http1, false).await, "HTTP/1.1");
    assert_eq!(version(no_alpn, false).await, "HTTP/1.1");
}

/// A kubeconfig's client certificate files are read again when they change: the next
/// connection presents the rotated certificate.
#[tokio::test]
async fn client_certificate_files_are_read_again_when_rotated() {
    let pki = Pki::new();
    let port = serve_offering(
        pki.issue(&["localhost"], ExtendedKeyUsagePurpose::ServerAuth),
        Some(&pki.ca_pem),
        &[b"http/1.1"],
    )
    .await;
    let dir = tempfile::tempdir().unwrap();
    let (cert_file, key_file) = (dir.path().join("client.crt"), dir.path().join("client.key"));
    // Written as cert-manager writes a Secret's files: new files renamed into place.
    let install = |(cert, key): &(String, String)| {
        std::fs::write(dir.path().join("tmp.crt"), cert).unwrap();
        std::fs::write(dir.path().join("tmp.key"), key).unwrap();
        std::fs::rename(dir.path().join("tmp.crt"), &cert_file).unwrap();
        std::fs::rename(dir.path().join("tmp.key"), &key_file).unwrap();
    };
    let alice = pki.issue(&["alice"], ExtendedKeyUsagePurpose::ClientAuth);
    let bob = pki.issue(&["bob"], ExtendedKeyUsagePurpose::ClientAuth);
    install(&alice);
    let ca = base64::Engine::encode(
        &base64::engine::general_purpose::STANDARD,
        pki.ca_pem.as_bytes(),
    );
    let kubeconfig = format!(
        "current-context: c\ncontexts: [{{name: c, context: {{cluster: k, user: u}}}}]\nclusters: [{{name: k, cluster: {{server: 'https://localhost:{port}', certificate-authority-data: {ca}}}}}]\nusers: [{{name: u, user: {{client-certificate: client.crt, client-key: client.key}}}}]\n"
    );
    let mut config = Config::from_kubeconfig_str(&kubeconfig, None, dir.path()).unwrap();
    config.retry = kapi::client::RetryPolicy::none();
    let client = Client::new(config, Arc::new(kapi::Scheme::new())).unwrap();
    let presented = || async {
        let resp = client
            .request_raw(Method::GET, "/version", None, "application/json")
            .await
            .expect("answers");
        let body: serde_json::Value = serde_json::from_slice(&resp.body).unwrap();
        body["client_certificate"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    assert_eq!(presented().await, der_base64(&alice.0));
    install(&bob);
    assert_eq!(presented().await, der_base64(&bob.0));
}
