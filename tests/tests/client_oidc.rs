//! A kubeconfig user with `auth-provider: oidc`: an expired id-token refreshed at the
//! issuer's token endpoint (found by discovery), the new tokens sent and written back to the
//! kubeconfig file with the rest of it kept; an issuer started by the test, and a server
//! that records the `Authorization` header.

mod client_support;
mod support;

use base64::Engine;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use kapi::client::{Client, Config, Method};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

fn jwt(exp_from_now: i64) -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let b64 = |s: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(s);
    format!(
        "{}.{}.c2ln",
        b64(r#"{"alg":"RS256","typ":"JWT"}"#),
        b64(&format!(
            r#"{{"iss":"issuer","sub":"alice","exp":{}}}"#,
            now + exp_from_now
        ))
    )
}

/// What the issuer was sent on its token endpoint: the form and the Authorization header.
type Refreshes = Arc<Mutex<Vec<(String, String)>>>;

/// An OpenID provider: discovery, and a token endpoint that answers `answer`.
async fn issuer(answer: serde_json::Value) -> (String, Refreshes) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let refreshes: Refreshes = Arc::default();
    let (seen, base) = (refreshes.clone(), url.clone());
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let (seen, base, answer) = (seen.clone(), base.clone(), answer.clone());
            tokio::spawn(async move {
                let service = service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
                    let (seen, base, answer) = (seen.clone(), base.clone(), answer.clone());
                    async move {
                        let path = req.uri().path().to_string();
                        let auth = req
                            .headers()
                            .get("authorization")
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or("")
                            .to_string();
                        let body = req.into_body().collect().await.unwrap().to_bytes();
                        let reply = match path.as_str() {
                            "/.well-known/openid-configuration" => serde_json::json!({
                                "issuer": base,
                                "token_endpoint": format!("{base}/token"),
                            }),
                            "/token" => {
                                let form = String::from_utf8_lossy(&body).into_owned();
                                seen.lock().unwrap().push((form, auth));
                                answer
                            }
                            _ => serde_json::json!({}),
                        };
                        Ok::<_, std::convert::Infallible>(hyper::Response::new(Full::new(
                            Bytes::from(reply.to_string()),
                        )))
                    }
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(tcp), service)
                    .await;
            });
        }
    });
    (url, refreshes)
}

fn kubeconfig(server: &str, issuer: &str, id_token: &str, refresh: &str) -> String {
    format!(
        "# The team's cluster; edited by hand, keep the comments.
apiVersion: v1
kind: Config
current-context: dev
clusters:
- name: dev
  cluster:
    server: {server}
contexts:
- name: dev
  context: {{cluster: dev, user: alice}}
users:
- name: alice
  user:
    auth-provider:
      name: oidc
      config:
        idp-issuer-url: {issuer}
        client-id: kubernetes
        client-secret: s3cret/+
        id-token: {id_token}
        refresh-token: {refresh}
"
    )
}

fn client(path: &std::path::Path) -> Client {
    let mut config = Config::from_kubeconfig(path, None).unwrap();
    // The test server speaks plain http.
    config.allow_credentials_over_http = true;
    config.retry = kapi::client::RetryPolicy::none();
    Client::new(config, Arc::new(kapi::Scheme::new())).unwrap()
}

async fn get(client: &Client) -> Result<(), kapi::client::Error> {
    client
        .request_raw(Method::GET, "/version", None, "application/json")
        .await
        .map(|_| ())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_id_token_is_refreshed_and_written_back() {
    let (server, seen) = client_support::credentials::serve().await;
    let fresh = jwt(3600);
    let (issuer_url, refreshes) = issuer(serde_json::json!({
        "access_token": "unused",
        "token_type": "Bearer",
        "id_token": fresh,
        "refresh_token": "refresh-2",
    }))
    .await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config");
    let expired = jwt(-60);
    let original = kubeconfig(&server, &issuer_url, &expired, "refresh-1");
    std::fs::write(&path, &original).unwrap();

    let refreshing = client(&path);
    get(&refreshing).await.unwrap();
    get(&refreshing).await.unwrap();

    // One refresh, with the refresh token and the client's credentials (form-encoded, then
    // basic auth, as golang.org/x/oauth2 sends them).
    let basic = base64::engine::general_purpose::STANDARD.encode("kubernetes:s3cret%2F%2B");
    assert_eq!(
        refreshes.lock().unwrap().clone(),
        [(
            "grant_type=refresh_token&refresh_token=refresh-1".to_string(),
            format!("Basic {basic}")
        )]
    );
    assert_eq!(
        seen.authorization.lock().unwrap().clone(),
        [format!("Bearer {fresh}"), format!("Bearer {fresh}")]
    );
    // The file has the new tokens and nothing else changed.
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        written,
        original
            .replace(&expired, &fresh)
            .replace("refresh-1", "refresh-2")
    );
    // A new client from the file needs no refresh.
    get(&client(&path)).await.unwrap();
    assert_eq!(refreshes.lock().unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_valid_id_token_is_sent_as_it_is() {
    let (server, seen) = client_support::credentials::serve().await;
    let (issuer_url, refreshes) = issuer(serde_json::json!({})).await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config");
    let valid = jwt(600);
    std::fs::write(&path, kubeconfig(&server, &issuer_url, &valid, "refresh-1")).unwrap();
    get(&client(&path)).await.unwrap();
    assert!(refreshes.lock().unwrap().is_empty());
    assert_eq!(
        seen.authorization.lock().unwrap().clone(),
        [format!("Bearer {valid}")]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refresh_failures_are_client_gos_errors() {
    let (server, _) = client_support::credentials::serve().await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config");

    let (issuer_url, _) =
        issuer(serde_json::json!({"access_token": "a", "token_type": "Bearer"})).await;
    std::fs::write(
        &path,
        kubeconfig(&server, &issuer_url, &jwt(-60), "refresh-1"),
    )
    .unwrap();
    let error = get(&client(&path)).await.unwrap_err().to_string();
    assert_eq!(
        error,
        "user \"alice\": getting credentials: token response did not contain an id_token, either the scope \"openid\" wasn't requested upon login, or the provider doesn't support id_tokens as part of the refresh response"
    );

    std::fs::write(&path, kubeconfig(&server, &issuer_url, &jwt(-60), "''")).unwrap();
    let error = get(&client(&path)).await.unwrap_err().to_string();
    assert_eq!(
        error,
        "user \"alice\": getting credentials: No valid id-token, and cannot refresh without refresh-token"
    );

    std::fs::write(&path, kubeconfig(&server, &issuer_url, "not-a-jwt", "r")).unwrap();
    let error = get(&client(&path)).await.unwrap_err().to_string();
    assert!(error.ends_with("ID Token is not a valid JWT"), "{error}");
}

/// A user with no id-token yet (only a refresh token): the new tokens are set in its
/// `auth-provider.config` through the YAML tree.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_id_token_is_added_to_the_file() {
    let (server, _) = client_support::credentials::serve().await;
    let fresh = jwt(3600);
    let (issuer_url, _) = issuer(serde_json::json!({"id_token": fresh})).await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config");
    let without =
        kubeconfig(&server, &issuer_url, "x", "refresh-1").replace("        id-token: x\n", "");
    std::fs::write(&path, without).unwrap();
    get(&client(&path)).await.unwrap();
    let config: serde_yaml_ng::Value =
        serde_yaml_ng::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let provider = &config["users"][0]["user"]["auth-provider"]["config"];
    assert_eq!(provider["id-token"].as_str(), Some(fresh.as_str()));
    assert_eq!(provider["refresh-token"].as_str(), Some("refresh-1"));
    assert_eq!(provider["client-id"].as_str(), Some("kubernetes"));
}
