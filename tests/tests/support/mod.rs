//! A bare HTTP client for the embedded API server's tests: requests as raw as kubectl's,
//! so the tests see exactly what goes over the wire.

#![allow(dead_code)]

pub mod gizmo;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{HeaderMap, Method, Request};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use kapi_apiserver::{ApiServer, OpenApiDocuments};
use serde_json::Value;
use std::time::Duration;

pub const JSON: &str = "application/json";
pub const PROTOBUF: &str = "application/vnd.kubernetes.protobuf";
pub const MERGE_PATCH: &str = "application/merge-patch+json";
pub const JSON_PATCH: &str = "application/json-patch+json";
pub const STRATEGIC: &str = "application/strategic-merge-patch+json";
pub const APPLY: &str = "application/apply-patch+yaml";

pub const FROBBERS: &str = "/apis/frob.example.com/v1/namespaces/default/frobbers";
pub const FROBBERS_V2: &str = "/apis/frob.example.com/v2beta1/namespaces/default/frobbers";
pub const CLASSES: &str = "/apis/frob.example.com/v1/frobberclasses";

pub fn scheme() -> kapi::Scheme {
    let mut scheme = kapi::Scheme::new();
    api_types::install(&mut scheme).expect("the example API registers");
    scheme
}

pub fn openapi() -> OpenApiDocuments {
    use api_types::generated::openapi_documents::{V2, V3};
    OpenApiDocuments::from_generated(V2, V3)
}

pub async fn start() -> ApiServer {
    ApiServer::builder(scheme())
        .openapi(openapi())
        .bookmark_interval(Duration::from_millis(100))
        .start()
        .await
        .expect("the server starts")
}

#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Resp {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "response is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    pub fn warnings(&self) -> Vec<String> {
        self.headers
            .get_all("warning")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .map(str::to_string)
            .collect()
    }

    /// Asserts the status and returns the JSON body.
    #[track_caller]
    pub fn expect(&self, status: u16) -> Value {
        assert_eq!(
            self.status,
            status,
            "unexpected status; body: {}",
            String::from_utf8_lossy(&self.body)
        );
        self.json()
    }
}

#[derive(Clone)]
pub struct Http {
    client: Client<HttpConnector, Full<Bytes>>,
    base: String,
}

impl Http {
    pub fn new(server: &ApiServer) -> Self {
        Http {
            client: Client::builder(TokioExecutor::new()).build_http(),
            base: server.url(),
        }
    }

    async fn send(
        &self,
        method: Method,
        path: &str,
        headers: &[(&str, &str)],
        body: Vec<u8>,
    ) -> hyper::Response<Incoming> {
        let mut request = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base));
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        let request = request
            .body(Full::new(Bytes::from(body)))
            .expect("a valid request");
        self.client
            .request(request)
            .await
            .expect("the server answers")
    }

    pub async fn request(
        &self,
        method: Method,
        path: &str,
        headers: &[(&str, &str)],
        body: Vec<u8>,
    ) -> Resp {
        let response = self.send(method, path, headers, body).await;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response
            .into_body()
            .collect()
            .await
            .expect("the body arrives")
            .to_bytes()
            .to_vec();
        Resp {
            status,
            headers,
            body,
        }
    }

    pub async fn get(&self, path: &str) -> Resp {
        self.request(Method::GET, path, &[], Vec::new()).await
    }

    pub async fn get_as(&self, path: &str, accept: &str) -> Resp {
        self.request(Method::GET, path, &[("accept", accept)], Vec::new())
            .await
    }

    pub async fn post(&self, path: &str, body: &Value) -> Resp {
        self.request(
            Method::POST,
            path,
            &[("content-type", JSON)],
            serde_json::to_vec(body).expect("JSON"),
        )
        .await
    }

    pub async fn put(&self, path: &str, body: &Value) -> Resp {
        self.request(
            Method::PUT,
            path,
            &[("content-type", JSON)],
            serde_json::to_vec(body).expect("JSON"),
        )
        .await
    }

    pub async fn patch(&self, path: &str, content_type: &str, body: &str) -> Resp {
        self.request(
            Method::PATCH,
            path,
            &[("content-type", content_type)],
            body.as_bytes().to_vec(),
        )
        .await
    }

    pub async fn delete(&self, path: &str) -> Resp {
        self.request(Method::DELETE, path, &[], Vec::new()).await
    }

    /// Opens a watch (JSON lines).
    pub async fn watch(&self, path: &str) -> WatchLines {
        let response = self
            .send(Method::GET, path, &[("accept", JSON)], Vec::new())
            .await;
        assert_eq!(response.status().as_u16(), 200, "watch {path}");
        WatchLines {
            body: response.into_body(),
            buffer: Vec::new(),
        }
    }
}

/// The events of a JSON watch, one per line.
pub struct WatchLines {
    body: Incoming,
    buffer: Vec<u8>,
}

impl WatchLines {
    /// The next event, `None` when the server ended the stream, panics after `timeout`.
    pub async fn next_within(&mut self, timeout: Duration) -> Option<Value> {
        tokio::time::timeout(timeout, self.next())
            .await
            .expect("a watch event in time")
    }

    pub async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(i) = self.buffer.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=i).collect();
                return Some(serde_json::from_slice(&line).expect("a JSON event"));
            }
            match self.body.frame().await {
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        self.buffer.extend_from_slice(&data);
                    }
                }
                _ => return None,
            }
        }
    }

    /// The next non-BOOKMARK event.
    pub async fn next_event(&mut self, timeout: Duration) -> Option<Value> {
        loop {
            let e = self.next_within(timeout).await?;
            if e["type"] != "BOOKMARK" {
                return Some(e);
            }
        }
    }
}

/// A minimal valid v1 Frobber.
pub fn frobber(name: &str, height: i64) -> Value {
    serde_json::json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "Frobber",
        "metadata": { "name": name, "labels": { "app": "frob" } },
        "spec": { "height": height, "ports": [ { "name": "http", "port": 8080 } ] }
    })
}

pub fn frobber_class(name: &str) -> Value {
    serde_json::json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "FrobberClass",
        "metadata": { "name": name },
        "spec": { "provisioner": "example.com/frob", "maxReplicas": 10 }
    })
}
