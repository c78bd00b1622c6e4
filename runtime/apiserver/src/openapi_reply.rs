//! The answer to `/openapi/v2`: the documents live in `openapi.rs`, the HTTP reply here, so
//! the documents (which the server state holds) do not depend on the request context.

use super::context::Reply;
use super::openapi::{content_hash, OpenApiDocuments};
use axum::body::Body;
use http::{HeaderMap, HeaderValue, StatusCode};
use kapi_serving::negotiate::{self, OpenApiV2Form};
use kapi_serving::StatusError;

/// `/openapi/v2` as kube-openapi's handler answers it: JSON or the protobuf form by
/// `Accept` (406 for anything else), one quoted ETag for both forms (`Vary: Accept`),
/// and 304 when `If-None-Match` has it.
pub(crate) fn v2(
    docs: &OpenApiDocuments,
    accept: Option<&str>,
    request: &HeaderMap,
) -> Result<Reply, StatusError> {
    let json = docs.v2().ok_or_else(StatusError::no_route)?;
    let form = negotiate::openapi_v2(accept).ok_or_else(|| {
        StatusError::not_acceptable(&[negotiate::JSON, negotiate::OPENAPI_V2_PROTOBUF])
    })?;
    let etag = format!("\"{}\"", content_hash(json));
    let mut headers = HeaderMap::new();
    headers.insert(http::header::VARY, HeaderValue::from_static("Accept"));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(http::header::ETAG, value);
    }
    let (content_type, body) = match form {
        OpenApiV2Form::Json => (negotiate::JSON, Body::from(json.to_string())),
        OpenApiV2Form::Protobuf => {
            let bytes = docs
                .v2_protobuf()
                .ok_or_else(StatusError::no_route)?
                .map_err(|e| {
                    StatusError::internal(format!(
                        "the OpenAPI v2 document has no protobuf form: {e}"
                    ))
                })?;
            (negotiate::OPENAPI_V2_PROTOBUF, Body::from(bytes.to_vec()))
        }
    };
    let cached = request
        .get_all(http::header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == etag || tag == "*");
    let (code, body) = if cached {
        (StatusCode::NOT_MODIFIED, Body::empty())
    } else {
        (StatusCode::OK, body)
    };
    Ok(Reply {
        code,
        content_type,
        body,
        warnings: Vec::new(),
        headers,
    })
}
