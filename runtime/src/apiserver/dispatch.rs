//! The HTTP front: faults first, then discovery, OpenAPI, or a resource verb; every
//! failure leaves as a Kubernetes `Status`.

use super::context::Reply;
use super::handlers;
use super::negotiate::{self, Encoding};
use super::request::{route, Query, Route};
use super::serving::ServingLimits;
use super::state::ServerState;
use super::status_error::StatusError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::Response;
use futures_util::FutureExt;
use http::{HeaderValue, Method, StatusCode};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;

pub(crate) fn router(state: Arc<ServerState>) -> axum::Router {
    axum::Router::new().fallback(dispatch).with_state(state)
}

async fn dispatch(State(state): State<Arc<ServerState>>, request: Request) -> Response {
    state.faults.wait_unpaused().await;
    let (parts, body) = request.into_parts();
    let method = parts.method.clone();
    let path = parts.uri.path().to_string();
    let uri = parts
        .uri
        .path_and_query()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| path.clone());
    let accept = parts
        .headers
        .get(http::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    // A panic anywhere below is answered, as kube-apiserver's panic filter does, instead of
    // dropping the connection.
    let served = AssertUnwindSafe(serve(&state, parts, body, &path, &uri, accept.as_deref()))
        .catch_unwind()
        .await;
    match served {
        Ok(response) => response,
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_string());
            eprintln!("kapi apiserver: {method} {uri} panicked: {message}");
            error_response(&StatusError::panicked(), accept.as_deref())
        }
    }
}

async fn serve(
    state: &Arc<ServerState>,
    parts: http::request::Parts,
    body: Body,
    path: &str,
    uri: &str,
    accept: Option<&str>,
) -> Response {
    if let Some(error) = state.faults.on_request(parts.method.as_str(), path, uri) {
        return error_response(&error, accept);
    }
    let query = match Query::parse(parts.uri.query()) {
        Ok(q) => q,
        Err(e) => return error_response(&e, accept),
    };
    let route = route(path);
    let long_running = matches!(&route, Some(Route::Resource(r)) if r.watch_prefix)
        || matches!(query.bool("watch"), Ok(Some(true)));
    // Held until the answer is ready: a slot bounds the bodies being read and the work
    // being done at once, as kube-apiserver's max-in-flight filter does.
    let Ok(_slot) = state.in_flight.admit(&parts.method, long_running) else {
        return too_many_requests();
    };
    let body = match read_body(&state.limits, &parts.headers, body).await {
        Ok(b) => b,
        Err(e) => return error_response(&e, accept),
    };
    let result = async {
        let route = route.ok_or_else(StatusError::no_route)?;
        match route {
            Route::Resource(resource_path) => {
                handlers::serve(
                    state,
                    &parts.method,
                    resource_path,
                    query,
                    parts.headers,
                    body,
                )
                .await
            }
            other => {
                if parts.method != Method::GET {
                    return Err(StatusError::method_not_allowed());
                }
                non_resource(state, other, accept, &parts.headers)
            }
        }
    }
    .await;
    match result {
        Ok(reply) => reply.into_response(),
        Err(e) => error_response(&e, accept),
    }
}

/// The request body, within the body size limit and the request deadline (a client that
/// announces a body and stalls is answered when the deadline passes, as kube-apiserver's
/// timeout filter answers it).
async fn read_body(
    limits: &ServingLimits,
    headers: &http::HeaderMap,
    body: Body,
) -> Result<bytes::Bytes, StatusError> {
    let limit = limits.max_request_body_bytes;
    let too_large = || {
        StatusError::new(
            413,
            "RequestEntityTooLarge",
            format!("Request entity too large: limit is {limit}"),
        )
    };
    // A body announced larger than the limit would be refused once read; refuse it
    // before reading.
    let announced = headers
        .get(http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    match tokio::time::timeout(limits.request_timeout, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(_)) => Err(too_large()),
        Err(_) => Err(StatusError::timeout()),
    }
}

/// kube-apiserver's max-in-flight answer: plain text, not a `Status`, and a retry in a
/// second.
fn too_many_requests() -> Response {
    let mut response = Response::new(Body::from("Too many requests, please try again later.\n"));
    *response.status_mut() = StatusCode::TOO_MANY_REQUESTS;
    let headers = response.headers_mut();
    headers.insert(
        http::header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(
        http::header::HeaderName::from_static("x-content-type-options"),
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(http::header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

fn json_reply(value: &serde_json::Value) -> Result<Reply, StatusError> {
    Ok(Reply {
        code: StatusCode::OK,
        content_type: negotiate::JSON,
        body: Body::from(serde_json::to_vec(value).map_err(StatusError::internal)?),
        warnings: Vec::new(),
        headers: http::HeaderMap::new(),
    })
}

fn non_resource(
    state: &ServerState,
    route: Route,
    accept: Option<&str>,
    headers: &http::HeaderMap,
) -> Result<Reply, StatusError> {
    use super::discovery;
    match route {
        Route::Version => json_reply(&discovery::version()),
        Route::Health => Ok(Reply {
            code: StatusCode::OK,
            content_type: "text/plain; charset=utf-8",
            body: Body::from("ok"),
            warnings: Vec::new(),
            headers: http::HeaderMap::new(),
        }),
        Route::CoreVersions | Route::Groups => {
            if let Some(content_type) = super::aggregated::wanted(accept) {
                let doc =
                    super::aggregated::document(state, route == Route::CoreVersions, content_type);
                let mut reply = json_reply(&doc)?;
                reply.content_type = content_type;
                return Ok(reply);
            }
            negotiate::output(accept, false)?;
            if route == Route::CoreVersions {
                let host = headers
                    .get(http::header::HOST)
                    .and_then(|h| h.to_str().ok())
                    .unwrap_or("127.0.0.1");
                json_reply(&discovery::core_versions(state, host))
            } else {
                json_reply(&discovery::groups(state))
            }
        }
        Route::Group(group) => {
            negotiate::output(accept, false)?;
            json_reply(&discovery::group(state, &group).ok_or_else(StatusError::no_route)?)
        }
        Route::ResourceList { group, version } => {
            negotiate::output(accept, false)?;
            json_reply(
                &discovery::resource_list(state, &group, &version)
                    .ok_or_else(StatusError::no_route)?,
            )
        }
        Route::OpenApiV2 => super::openapi_reply::v2(&state.openapi, accept, headers),
        Route::OpenApiV3Index => json_reply(&state.openapi.v3_index()),
        Route::OpenApiV3(path) => {
            let doc = state.openapi.v3(&path).ok_or_else(StatusError::no_route)?;
            Ok(Reply {
                code: StatusCode::OK,
                content_type: negotiate::JSON,
                body: Body::from(doc.to_string()),
                warnings: Vec::new(),
                headers: http::HeaderMap::new(),
            })
        }
        Route::Resource(_) => Err(StatusError::no_route()),
    }
}

/// A `Status` body in the format the client accepts (JSON unless it asked for protobuf
/// only), with `Retry-After` when set.
pub(crate) fn error_response(error: &StatusError, accept: Option<&str>) -> Response {
    let encoding = negotiate::output(accept, false)
        .map(|o| o.encoding)
        .unwrap_or(Encoding::Json);
    let (content_type, body) = match encoding {
        Encoding::Protobuf => (
            negotiate::PROTOBUF,
            crate::codec::protobuf::encode(error.status.as_ref()),
        ),
        _ => (
            negotiate::JSON,
            serde_json::to_vec(&error.status).unwrap_or_default(),
        ),
    };
    let mut response = Response::new(Body::from(body));
    *response.status_mut() =
        StatusCode::from_u16(error.code()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    response.headers_mut().insert(
        http::header::CONTENT_TYPE,
        HeaderValue::from_static(content_type),
    );
    if let Some(seconds) = error.retry_after {
        if let Ok(v) = HeaderValue::from_str(&seconds.to_string()) {
            response.headers_mut().insert(http::header::RETRY_AFTER, v);
        }
    }
    response
}
