//! The HTTP front: faults first, then discovery, OpenAPI, or a resource verb; every
//! failure leaves as a Kubernetes `Status`.

use super::authorization;
use super::builtin::authorizer::UserInfo;
use super::context::Reply;
use super::handlers;
use super::request::{route, Query, Route};
use super::state::{Served, ServerState};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::Response;
use http::{Method, StatusCode};
use kapi_serving::negotiate;
use kapi_serving::StatusError;
use kapi_serving::{answer_panics, error_response, read_body, too_many_requests};
use std::sync::Arc;

pub(crate) fn router(served: Arc<Served>) -> axum::Router {
    axum::Router::new().fallback(dispatch).with_state(served)
}

async fn dispatch(State(served): State<Arc<Served>>, request: Request) -> Response {
    answer(served, request, None).await
}

/// Answers `request`: as `user`'s when given (a loopback request), as the user its
/// credentials name otherwise.
pub(crate) async fn answer(
    served: Arc<Served>,
    request: Request,
    user: Option<UserInfo>,
) -> Response {
    let state = served.current();
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
    let answer = serve(&state, parts, body, user, &path, &uri, accept.as_deref());
    let response = answer_panics(
        answer,
        || format!("kapi apiserver: {method} {uri}"),
        accept.as_deref(),
    )
    .await;
    // A CRD written: what it serves is served before the client hears back, so its next
    // request can use the new resource.
    if method != http::Method::GET && response.status().is_success() && writes_crds(&path) {
        served.sync_crds();
    }
    response
}

/// Whether `path` is the CustomResourceDefinitions' collection, one of them, or its status.
fn writes_crds(path: &str) -> bool {
    path.strip_prefix("/apis/apiextensions.k8s.io/")
        .and_then(|rest| rest.split_once('/'))
        .is_some_and(|(_, rest)| rest.starts_with("customresourcedefinitions"))
}

async fn serve(
    state: &Arc<ServerState>,
    parts: http::request::Parts,
    body: Body,
    user: Option<UserInfo>,
    path: &str,
    uri: &str,
    accept: Option<&str>,
) -> Response {
    if let Some(error) = state.faults.on_request(parts.method.as_str(), path, uri) {
        return error_response(&error, accept);
    }
    let user = match user {
        Some(user) => user,
        None => match admit(state, &parts, path) {
            Ok(user) => user,
            Err(e) => return error_response(&e, accept),
        },
    };
    super::requester::as_user(user, serve_admitted(state, parts, body, path, accept)).await
}

/// The request's user, once authenticated and authorized; everyone (as anonymous) on a
/// server that authenticates no one.
fn admit(
    state: &ServerState,
    parts: &http::request::Parts,
    path: &str,
) -> Result<UserInfo, StatusError> {
    if !state.authentication.is_on() {
        return Ok(UserInfo::anonymous());
    }
    let user = state
        .authentication
        .authenticate(&parts.headers, &state.builtin)?;
    authorization::authorize(
        state.builtin.authorizer.as_ref(),
        user.clone(),
        &parts.method,
        path,
        parts.uri.query(),
    )?;
    Ok(user)
}

async fn serve_admitted(
    state: &Arc<ServerState>,
    parts: http::request::Parts,
    body: Body,
    path: &str,
    accept: Option<&str>,
) -> Response {
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
