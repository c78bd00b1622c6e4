//! An embedded Kubernetes API server for tests and demos (cargo feature `apiserver`).
//!
//! [`ApiServer`] serves every kind of a [`Scheme`](kapi_core::Scheme) over real HTTP on
//! 127.0.0.1 with kube-apiserver's behaviour where a client could tell: discovery
//! (legacy and aggregated), OpenAPI, every verb with its options, the status and scale
//! subresources, the object lifecycle, selectors, chunked lists, watches with bookmarks,
//! JSON and protobuf, tables, `Status` errors, and the write pipeline of the API change
//! guide. [`Faults`] injects failures so reliability tests can prove clients converge.
//! With Kubernetes' own kinds in the scheme it also does what kube-apiserver's registry
//! does for them: the review kinds answered by an [`Authorizer`], and the subresources
//! `pods/binding`, `pods/eviction` and `serviceaccounts/token`.

mod admission_webhooks;
mod aggregated;
mod authentication;
mod authorization;
mod builtin;
mod context;
mod conversion_webhook;
mod crd_openapi;
mod crd_rules;
mod crds;
mod discovery;
mod dispatch;
mod faults;
mod handlers;
mod lifecycle;
mod managed_fields;
mod openapi;
mod openapi_reply;
mod openapi_v2_protobuf;
// The patch algorithms on JSON values, public for the fuzz targets and the tests that check
// them against Kubernetes' cases; not semver surface.
#[doc(hidden)]
pub mod patch;
mod patching;
mod request;
mod requester;
mod resources;
mod schema_kind;
mod schema_rules;
mod selectable_fields;
mod server;
mod serving_certificate;
mod state;
mod store;
mod stored;
mod table;
mod webhook_client;

pub use builtin::authorizer::{AllowAll, Attributes, Authorizer, Decision, Rules, UserInfo};
pub use faults::{Failure, Faults, RecordedRequest};
pub use kapi_serving::{ServingLimits, StatusError};
// What a `ServingCertificate` is made from.
pub use kapi_tls::{CertificateFiles, TlsError};
pub use openapi::OpenApiDocuments;
pub use schema_kind::SchemaKind;
pub use server::{ApiServer, ApiServerBuilder};
pub use serving_certificate::ServingCertificate;
