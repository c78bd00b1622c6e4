//! The context of a request on a resource: [`Ctx`] (the resource in the request's version,
//! the URL's namespace and name, the options, the negotiated output), the [`Reply`] it
//! builds, and stored objects read in the request's version.

use super::request::Query;
use super::resources::Resource;
use super::state::ServerState;
use super::store::ObjectKey;
use super::stored::Stored;
use super::table::{partial_object_metadata, table_of};
use axum::body::Body;
use axum::response::Response;
use http::{HeaderMap, HeaderValue, StatusCode};
use kapi_core::scheme::{Format, SchemeError};
use kapi_core::Object;
use kapi_serving::negotiate::{Encoding, Output, Shape};
use kapi_serving::{StatusError, Target};
use serde_json::Value;
use std::sync::Arc;

pub(crate) struct Ctx<'a> {
    pub state: &'a Arc<ServerState>,
    pub resource: &'a Resource,
    pub namespace: Option<String>,
    pub name: Option<String>,
    pub subresource: Option<String>,
    pub query: Query,
    pub headers: HeaderMap,
    pub output: Output,
    pub warnings: Vec<String>,
    /// The admission webhooks a write meets, taken when it arrived; `None` for reads and
    /// when none are stored.
    pub admission: Option<std::sync::Arc<crate::admission_webhooks::Snapshot>>,
}

/// A finished response before it becomes HTTP.
pub(crate) struct Reply {
    pub code: StatusCode,
    pub content_type: &'static str,
    pub body: Body,
    pub warnings: Vec<String>,
    /// Headers besides Content-Type and Warning (ETag, Vary).
    pub headers: HeaderMap,
}

impl Reply {
    pub fn into_response(self) -> Response {
        let mut response = Response::new(self.body);
        *response.status_mut() = self.code;
        let headers = response.headers_mut();
        headers.extend(self.headers);
        headers.insert(
            http::header::CONTENT_TYPE,
            HeaderValue::from_static(self.content_type),
        );
        for w in self.warnings {
            // RFC 7234 warning: code 299, agent "-", quoted text.
            let text = format!("299 - {}", serde_json::Value::String(w));
            if let Ok(v) = HeaderValue::from_str(&text) {
                headers.append(http::header::WARNING, v);
            }
        }
        response
    }
}

impl Ctx<'_> {
    /// The encoding of the request body, by its `Content-Type`.
    pub fn body_encoding(&self) -> Result<Encoding, StatusError> {
        let content_type = self
            .headers
            .get(http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok());
        kapi_serving::negotiate::body_encoding(content_type)
    }

    pub fn target<'b>(&'b self, name: &'b str) -> Target<'b> {
        Target {
            group: self.resource.group(),
            resource: self.resource.plural(),
            kind: self.resource.kind(),
            name,
        }
    }

    pub fn key(&self, name: &str) -> ObjectKey {
        ObjectKey {
            resource: self.resource.store_key(),
            namespace: self.namespace.clone().unwrap_or_default(),
            name: name.to_string(),
        }
    }

    pub fn url_name(&self) -> &str {
        self.name.as_deref().unwrap_or("")
    }

    /// A stored object in the request's version.
    pub fn present(&self, stored: &Stored) -> Result<Box<dyn Object>, StatusError> {
        self.state
            .scheme
            .convert(stored.object.clone_object(), &self.resource.api_version())
            .map_err(StatusError::internal)
    }

    /// A stored object encoded in the request's version.
    pub fn encode_stored(
        &self,
        stored: &Stored,
        encoding: Encoding,
    ) -> Result<Vec<u8>, StatusError> {
        let scheme = &self.state.scheme;
        in_version(scheme, stored, &self.resource.api_version(), |obj| {
            encode(scheme, obj, encoding)
        })
    }

    /// A stored object as the request's version's JSON.
    pub fn present_json(&self, stored: &Stored) -> Result<Value, StatusError> {
        in_version(
            &self.state.scheme,
            stored,
            &self.resource.api_version(),
            |obj| obj.to_json_value().map_err(StatusError::internal),
        )
    }

    /// The body of a single-object response in the negotiated form.
    pub fn encode_object(&self, obj: &dyn Object) -> Result<Vec<u8>, StatusError> {
        match self.output.shape {
            Shape::Object => encode(&self.state.scheme, obj, self.output.encoding),
            Shape::Table => {
                let value = obj.to_json_value().map_err(StatusError::internal)?;
                let table = self.table(std::slice::from_ref(&value), None)?;
                encode_value(&table, self.output.encoding)
            }
            Shape::PartialObjectMetadata => {
                let value = obj.to_json_value().map_err(StatusError::internal)?;
                encode_value(&partial_object_metadata(&value), self.output.encoding)
            }
        }
    }

    pub fn reply(&self, code: StatusCode, body: Vec<u8>) -> Reply {
        Reply {
            code,
            content_type: self.output.encoding.content_type(),
            body: Body::from(body),
            warnings: self.reply_warnings(),
            headers: HeaderMap::new(),
        }
    }

    /// The request's warnings and its admission webhooks'.
    pub fn reply_warnings(&self) -> Vec<String> {
        let mut warnings = self.warnings.clone();
        if let Some(snapshot) = &self.admission {
            warnings.extend(snapshot.warnings());
        }
        warnings
    }

    pub fn object_reply(&self, code: StatusCode, obj: &dyn Object) -> Result<Reply, StatusError> {
        let body = self.encode_object(obj)?;
        Ok(self.reply(code, body))
    }

    pub fn stored_reply(&self, code: StatusCode, stored: &Stored) -> Result<Reply, StatusError> {
        if self.output.shape == Shape::Object {
            let body = self.encode_stored(stored, self.output.encoding)?;
            return Ok(self.reply(code, body));
        }
        let obj = self.present(stored)?;
        self.object_reply(code, obj.as_ref())
    }

    /// A scheme failure on a write, as kube-apiserver reports it.
    pub fn scheme_error(&self, e: SchemeError, name: &str) -> StatusError {
        match e {
            SchemeError::Invalid(errors) => StatusError::invalid(self.target(name), &errors),
            other => StatusError::from(other),
        }
    }

    /// A Table of `objects` (request-version JSON) with the request's `includeObject`;
    /// `list_meta` for lists.
    pub fn table(&self, objects: &[Value], list_meta: Option<Value>) -> Result<Value, StatusError> {
        table_of(
            &self.resource.meta,
            self.query.get("includeObject").unwrap_or(""),
            objects,
            list_meta,
        )
    }

    /// The write as admission webhooks' rules see it, with its options (`CreateOptions`,
    /// `UpdateOptions`, `DeleteOptions` as JSON).
    pub fn admission_attributes<'b>(
        &'b self,
        operation: &'static str,
        name: &'b str,
        options: serde_json::Value,
    ) -> Result<crate::admission_webhooks::Attributes<'b>, StatusError> {
        let equivalent_versions = self
            .state
            .resources
            .versions_of(self.resource.group(), self.resource.plural())
            .map(|r| r.version().to_string())
            .filter(|v| v != self.resource.version())
            .collect();
        Ok(crate::admission_webhooks::Attributes {
            group: self.resource.group(),
            version: self.resource.version(),
            kind: self.resource.kind(),
            resource: self.resource.plural(),
            subresource: self.subresource.as_deref().unwrap_or(""),
            operation,
            namespace: self.namespace.as_deref().unwrap_or(""),
            name,
            namespaced: self.resource.namespaced(),
            dry_run: self.dry_run()?,
            options,
            equivalent_versions,
        })
    }

    /// `dryRun=All`: every stage runs, nothing is stored.
    pub fn dry_run(&self) -> Result<bool, StatusError> {
        self.query.dry_run()
    }
}

/// Runs `f` on a stored object in `api_version`: on the stored object itself when that is
/// its version (every read of the storage version, the usual case), else on a converted
/// copy.
pub(crate) fn in_version<R>(
    scheme: &kapi_core::Scheme,
    stored: &Stored,
    api_version: &str,
    f: impl FnOnce(&dyn Object) -> Result<R, StatusError>,
) -> Result<R, StatusError> {
    if stored.object.api_version() == api_version {
        return f(stored.object.as_ref());
    }
    let converted = scheme
        .convert(stored.object.clone_object(), api_version)
        .map_err(StatusError::internal)?;
    f(converted.as_ref())
}

pub(crate) fn encode(
    scheme: &kapi_core::Scheme,
    obj: &dyn Object,
    encoding: Encoding,
) -> Result<Vec<u8>, StatusError> {
    let format = match encoding {
        Encoding::Json => Format::Json,
        Encoding::Yaml => Format::Yaml,
        Encoding::Protobuf => Format::Protobuf,
    };
    scheme.encode(obj, format).map_err(StatusError::internal)
}

pub(crate) fn encode_value(value: &Value, encoding: Encoding) -> Result<Vec<u8>, StatusError> {
    match encoding {
        Encoding::Yaml => kapi_core::codec::yaml::to_string(value)
            .map(String::into_bytes)
            .map_err(StatusError::internal),
        // Tables and metadata-only forms are served as JSON (negotiation never picks
        // protobuf for them).
        _ => serde_json::to_vec(value).map_err(StatusError::internal),
    }
}
