//! A server that records the `Authorization` header of every request and answers 401
//! when told to: what credential tests look at.

use bytes::Bytes;
use http_body_util::Full;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// What the server saw, and how many of the next requests it refuses with 401.
#[derive(Default)]
pub struct Seen {
    pub authorization: Mutex<Vec<String>>,
    pub refuse: AtomicUsize,
}

pub async fn serve() -> (String, Arc<Seen>) {
    let seen = Arc::new(Seen::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let state = seen.clone();
    tokio::spawn(async move {
        loop {
            let Ok((tcp, _)) = listener.accept().await else {
                return;
            };
            let state = state.clone();
            tokio::spawn(async move {
                let service = service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
                    let state = state.clone();
                    async move {
                        let auth = req
                            .headers()
                            .get("authorization")
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or("")
                            .to_string();
                        state.authorization.lock().unwrap().push(auth);
                        let refused = state
                            .refuse
                            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                            .is_ok();
                        let (code, body) = if refused {
                            (
                                401,
                                r#"{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Unauthorized","code":401}"#,
                            )
                        } else {
                            (200, r#"{"major":"1","minor":"34"}"#)
                        };
                        Ok::<_, std::convert::Infallible>(
                            hyper::Response::builder()
                                .status(code)
                                .header("content-type", "application/json")
                                .body(Full::new(Bytes::from(body)))
                                .unwrap(),
                        )
                    }
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(tcp), service)
                    .await;
            });
        }
    });
    (url, seen)
}
