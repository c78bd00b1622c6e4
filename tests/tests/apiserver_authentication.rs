//! The embedded server serving HTTPS with static bearer tokens, answering as kube-apiserver
//! with `--token-auth-file`, anonymous requests allowed and default RBAC does: a token
//! nobody issued is a 401, no token is `system:anonymous` (the public-info paths only), a
//! user in `system:masters` may do anything, any other user what the authorizer allows.
//! (Service account tokens, which need `authentication.k8s.io`, are in kapi-envtest's binary
//! test.)

mod tls_support;

use kapi_apiserver::{ApiServer, Attributes, Authorizer, Decision, Rules, UserInfo};
use kapi_apiserver::{ServingCertificate, ServingLimits};
use rcgen::ExtendedKeyUsagePurpose;
use std::sync::Arc;
use tls_support::Pki;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Lets `viewer` get, list and ask what it may do, refuses it the rest with a reason, and
/// has no opinion on anyone else.
struct ViewerReads;

impl Authorizer for ViewerReads {
    fn authorize(&self, a: &Attributes) -> Decision {
        match (a.user.username.as_str(), a.verb.as_str()) {
            ("viewer", "get" | "list") => Decision::Allow(String::new()),
            ("viewer", "create") if a.resource == "selfsubjectaccessreviews" => {
                Decision::Allow(String::new())
            }
            ("viewer", _) => Decision::Deny("viewers only read".into()),
            _ => Decision::NoOpinion(String::new()),
        }
    }

    fn rules(&self, _: &UserInfo, _: &str) -> Rules {
        Rules::default()
    }
}

struct Tls {
    addr: std::net::SocketAddr,
    connector: tokio_rustls::TlsConnector,
}

impl Tls {
    fn new(addr: std::net::SocketAddr, ca_pem: &str) -> Self {
        let mut roots = rustls::RootCertStore::empty();
        for cert in kapi_tls_certificates(ca_pem) {
            roots.add(cert).expect("the CA");
        }
        let config = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
        Tls {
            addr,
            connector: tokio_rustls::TlsConnector::from(Arc::new(config)),
        }
    }

    /// One request on a connection of its own: the status and the body.
    async fn request(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &str,
    ) -> (u16, String) {
        let tcp = tokio::net::TcpStream::connect(self.addr)
            .await
            .expect("connect");
        let name = rustls::pki_types::ServerName::try_from("127.0.0.1").expect("a name");
        let mut tls = self.connector.connect(name, tcp).await.expect("handshake");
        let auth = token
            .map(|t| format!("Authorization: Bearer {t}\r\n"))
            .unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\n{auth}Accept: application/json\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.addr,
            body.len()
        );
        tls.write_all(head.as_bytes()).await.expect("write");
        tls.write_all(body.as_bytes()).await.expect("write");
        let mut answer = Vec::new();
        let _ = tls.read_to_end(&mut answer).await;
        let answer = String::from_utf8_lossy(&answer).into_owned();
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = answer
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (status, body)
    }
}

fn kapi_tls_certificates(pem: &str) -> Vec<rustls::pki_types::CertificateDer<'static>> {
    use rustls::pki_types::pem::PemObject;
    rustls::pki_types::CertificateDer::pem_slice_iter(pem.as_bytes())
        .collect::<Result<_, _>>()
        .expect("PEM certificates")
}

async fn server(pki: &Pki) -> ApiServer {
    let (cert, key) = pki.issue(&["127.0.0.1"], ExtendedKeyUsagePurpose::ServerAuth);
    let certificate =
        ServingCertificate::from_pem(cert.as_bytes(), key.as_bytes(), pki.ca_pem.clone())
            .expect("a usable pair");
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("Kubernetes' kinds");
    let admin = UserInfo {
        username: "admin".into(),
        groups: vec!["system:masters".into()],
        ..UserInfo::default()
    };
    let viewer = UserInfo {
        username: "viewer".into(),
        uid: "v-1".into(),
        ..UserInfo::default()
    };
    ApiServer::builder(scheme)
        .tls(certificate)
        .static_token("admin-token", admin)
        .static_token("viewer-token", viewer)
        .authorizer(ViewerReads)
        .serving_limits(ServingLimits::default())
        .start()
        .await
        .expect("the server starts")
}

// kube-apiserver's answers: filters/authentication.go's Unauthorized, and
// responsewriters.ForbiddenStatusError with default RBAC's system:public-info-viewer.
#[tokio::test]
async fn tokens_and_anonymous_requests_get_kube_apiservers_answers() {
    let pki = Pki::new();
    let server = server(&pki).await;
    assert!(server.url().starts_with("https://127.0.0.1:"));
    let tls = Tls::new(server.addr(), &pki.ca_pem);
    let configmaps = "/api/v1/namespaces/default/configmaps";

    assert_eq!(
        tls.request("GET", configmaps, Some("wrong"), "").await,
        (
            401,
            r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Unauthorized","reason":"Unauthorized","code":401}"#
                .to_string()
        )
    );
    assert_eq!(
        tls.request("GET", configmaps, None, "").await,
        (
            403,
            r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"configmaps is forbidden: User \"system:anonymous\" cannot list resource \"configmaps\" in API group \"\" in the namespace \"default\"","reason":"Forbidden","details":{"kind":"configmaps"},"code":403}"#
                .to_string()
        )
    );
    assert_eq!(
        tls.request("GET", "/apis", None, "").await,
        (
            403,
            r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"forbidden: User \"system:anonymous\" cannot get path \"/apis\"","reason":"Forbidden","details":{},"code":403}"#
                .to_string()
        )
    );
    for path in ["/healthz", "/livez", "/readyz", "/version"] {
        assert_eq!(tls.request("GET", path, None, "").await.0, 200, "{path}");
    }

    // system:masters may do anything; the authorizer is not asked.
    let cm = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}"#;
    assert_eq!(
        tls.request("POST", configmaps, Some("admin-token"), cm)
            .await
            .0,
        201
    );
    // Another user gets what the authorizer allows, and its reason when refused.
    assert_eq!(
        tls.request("GET", &format!("{configmaps}/a"), Some("viewer-token"), "")
            .await
            .0,
        200
    );
    let (status, body) = tls
        .request(
            "DELETE",
            &format!("{configmaps}/a"),
            Some("viewer-token"),
            "",
        )
        .await;
    assert_eq!(status, 403);
    let body: serde_json::Value = serde_json::from_str(&body).expect("a Status");
    assert_eq!(
        body["message"],
        r#"configmaps "a" is forbidden: User "viewer" cannot delete resource "configmaps" in API group "" in the namespace "default": viewers only read"#
    );
    assert_eq!(
        body["details"],
        serde_json::json!({ "name": "a", "kind": "configmaps" })
    );
}

#[tokio::test]
async fn a_self_subject_access_review_asks_about_the_tokens_user() {
    let pki = Pki::new();
    let server = server(&pki).await;
    let tls = Tls::new(server.addr(), &pki.ca_pem);

    // A SelfSubjectAccessReview asks about the token's user: the authorizer's refusal of
    // `viewer`, with its reason.
    let review = r#"{"apiVersion":"authorization.k8s.io/v1","kind":"SelfSubjectAccessReview","spec":{"resourceAttributes":{"namespace":"default","verb":"delete","resource":"configmaps"}}}"#;
    let (status, body) = tls
        .request(
            "POST",
            "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
            Some("viewer-token"),
            review,
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let body: serde_json::Value = serde_json::from_str(&body).expect("a review");
    assert_eq!(
        body["status"],
        serde_json::json!({ "allowed": false, "denied": true, "reason": "viewers only read" })
    );
}

#[tokio::test]
async fn the_kubeconfig_carries_the_ca_and_the_first_token() {
    use base64::Engine as _;
    let pki = Pki::new();
    let server = server(&pki).await;
    let kubeconfig: serde_json::Value =
        serde_yaml_ng::from_str(&server.kubeconfig("ns")).expect("YAML");
    let cluster = &kubeconfig["clusters"][0]["cluster"];
    assert_eq!(cluster["server"], server.url());
    let ca = base64::engine::general_purpose::STANDARD
        .decode(
            cluster["certificate-authority-data"]
                .as_str()
                .expect("CA data"),
        )
        .expect("base64");
    assert_eq!(String::from_utf8(ca).expect("PEM"), pki.ca_pem);
    assert_eq!(kubeconfig["users"][0]["user"]["token"], "admin-token");
}
