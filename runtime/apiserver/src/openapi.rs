//! `/openapi/v2` and `/openapi/v3`: the documents `cargo xtask codegen` wrote, served as
//! kube-apiserver serves them (v2 as JSON or protobuf, a v3 index of group-version paths
//! with content hashes), with what the served CRDs add (`crd_openapi`).

use super::crd_openapi::{self, Fragment};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The OpenAPI documents a server publishes.
#[derive(Debug, Clone, Default)]
pub struct OpenApiDocuments {
    pub(crate) v2: Option<Arc<str>>,
    /// The v2 document's protobuf form, encoded on first request (kube-openapi caches it
    /// the same way).
    v2_protobuf: Arc<OnceLock<Result<Vec<u8>, String>>>,
    /// By path under `/openapi/v3/` (`apis/frob.example.com/v1`).
    pub(crate) v3: BTreeMap<String, Arc<str>>,
    /// What the served CRDs add to the v2 document, merged into it on first read.
    crd_v2: Option<Arc<CrdV2>>,
    /// The given documents' parts CRD documents reuse, read once and shared by the
    /// states built on them.
    reused: Arc<Reused>,
}

#[derive(Debug)]
struct CrdV2 {
    fragment: Fragment,
    merged: OnceLock<Arc<str>>,
}

#[derive(Debug, Default)]
struct Reused {
    /// The meta kinds' definitions, in v3's form.
    meta: OnceLock<Map<String, Value>>,
    /// The v2 document, parsed.
    v2: OnceLock<Option<Value>>,
}

impl OpenApiDocuments {
    pub fn new() -> Self {
        Self::default()
    }

    /// The Swagger 2.0 document.
    pub fn with_v2(mut self, document: impl Into<String>) -> Self {
        self.v2 = Some(Arc::from(document.into()));
        self.v2_protobuf = Arc::default();
        self.reused = Arc::default();
        self
    }

    /// An OpenAPI 3.0 document for one group-version path (`apis/<group>/<version>`).
    pub fn with_v3(mut self, path: &str, document: impl Into<String>) -> Self {
        self.v3.insert(
            path.trim_matches('/').to_string(),
            Arc::from(document.into()),
        );
        self.reused = Arc::default();
        self
    }

    /// The documents as codegen embeds them (`generated/openapi_documents.rs`: `V2`, `V3`).
    pub fn from_generated(v2: &str, v3: &[(&str, &str)]) -> Self {
        v3.iter()
            .fold(Self::new().with_v2(v2), |docs, (path, doc)| {
                docs.with_v3(path, *doc)
            })
    }

    /// Reads a codegen output directory: `swagger.json` and `v3/<path with __>_openapi.json`.
    pub fn from_dir(dir: impl AsRef<Path>) -> std::io::Result<Self> {
        let dir = dir.as_ref();
        let mut docs = Self::new();
        let v2 = dir.join("swagger.json");
        if v2.exists() {
            docs = docs.with_v2(std::fs::read_to_string(v2)?);
        }
        let v3 = dir.join("v3");
        if v3.is_dir() {
            let mut entries: Vec<_> = std::fs::read_dir(&v3)?.collect::<Result<_, _>>()?;
            entries.sort_by_key(|e| e.file_name());
            for entry in entries {
                let name = entry.file_name().to_string_lossy().into_owned();
                if let Some(stem) = name.strip_suffix("_openapi.json") {
                    let path = stem.replace("__", "/");
                    docs = docs.with_v3(&path, std::fs::read_to_string(entry.path())?);
                }
            }
        }
        Ok(docs)
    }

    pub fn v2(&self) -> Option<&str> {
        match &self.crd_v2 {
            None => self.v2.as_deref(),
            Some(crds) => Some(crds.merged.get_or_init(|| {
                let base = self.reused.v2.get_or_init(|| {
                    self.v2
                        .as_deref()
                        .and_then(|d| serde_json::from_str(d).ok())
                });
                let doc = crd_openapi::v2_document(base.as_ref(), &crds.fragment, self.meta());
                Arc::from(doc.to_string())
            })),
        }
    }

    /// The meta kinds' definitions the given documents hold, read on first use.
    fn meta(&self) -> &Map<String, Value> {
        self.reused.meta.get_or_init(|| {
            let v3 = self
                .v3
                .values()
                .filter_map(|d| serde_json::from_str::<Value>(d).ok())
                .filter_map(|mut d| match d["components"]["schemas"].take() {
                    Value::Object(m) => Some((m, "#/components/schemas/")),
                    _ => None,
                });
            let v2 = self
                .v2
                .iter()
                .filter_map(|d| serde_json::from_str::<Value>(d).ok())
                .filter_map(|mut d| match d["definitions"].take() {
                    Value::Object(m) => Some((m, "#/definitions/")),
                    _ => None,
                });
            crd_openapi::harvest_meta(v3.chain(v2))
        })
    }

    /// These documents with what `crds` (the served CRDs, as stored) add: a v3 document
    /// per group-version they serve, their definitions and paths in the v2 document.
    pub(crate) fn with_crds(&self, crds: &[Value]) -> OpenApiDocuments {
        let mut next = self.clone();
        if crds.is_empty() {
            return next;
        }
        let (v3, v2) = crd_openapi::fragments_of(crds);
        for (path, fragments) in v3 {
            let base = self
                .v3
                .get(&path)
                .and_then(|d| serde_json::from_str(d).ok());
            let doc = crd_openapi::v3_document(base, fragments, self.meta());
            next.v3.insert(path, Arc::from(doc.to_string()));
        }
        next.crd_v2 = Some(Arc::new(CrdV2 {
            fragment: v2,
            merged: OnceLock::new(),
        }));
        next.v2_protobuf = Arc::default();
        next
    }

    /// The v2 document as gnostic's `openapi.v2.Document` message, as kube-apiserver
    /// serves it to `application/com.github.proto-openapi.spec.v2.v1.0+protobuf`; an
    /// error names what of the JSON document has no protobuf form.
    pub fn v2_protobuf(&self) -> Option<Result<&[u8], &str>> {
        let json = self.v2()?;
        let encoded = self.v2_protobuf.get_or_init(|| {
            let document: serde_json::Value =
                serde_json::from_str(json).map_err(|e| format!("the v2 document: {e}"))?;
            super::openapi_v2_protobuf::encode_document(&document).map_err(|e| e.to_string())
        });
        Some(encoded.as_deref().map_err(String::as_str))
    }

    pub fn v3(&self, path: &str) -> Option<&str> {
        self.v3.get(path.trim_matches('/')).map(|d| &**d)
    }

    /// The `/openapi/v3` discovery document.
    pub fn v3_index(&self) -> serde_json::Value {
        let paths: serde_json::Map<String, serde_json::Value> = self
            .v3
            .iter()
            .map(|(path, doc)| {
                (
                    path.clone(),
                    serde_json::json!({
                        "serverRelativeURL": format!("/openapi/v3/{path}?hash={}", content_hash(doc))
                    }),
                )
            })
            .collect();
        serde_json::json!({ "paths": paths })
    }

    /// The schema metadata patches and apply need: each kind of `scheme` with its compiled
    /// patch markers, any other kind from the v3 documents.
    pub(crate) fn patch_schemas(&self, scheme: &kapi_core::Scheme) -> super::patch::PatchSchemas {
        let documents: Vec<serde_json::Value> = self
            .v3
            .values()
            .filter_map(|d| serde_json::from_str(d).ok())
            .collect();
        let kinds = scheme
            .all_kinds()
            .into_iter()
            .filter_map(|gvk| Some((gvk.clone(), scheme.patch_shape(gvk)?)));
        super::patch::PatchSchemas::from_openapi_and_shapes(&documents, kinds)
    }
}

pub(crate) const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits: a stable hash for opaque identifiers.
pub(crate) fn fnv1a(bytes: &[u8], offset: u64) -> u64 {
    bytes.iter().fold(offset, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A stable content hash for cache-busting URLs (kube-apiserver uses SHA-512; clients
/// treat it as opaque): two FNV-1a passes with different offsets, 128 bits.
pub fn content_hash(content: &str) -> String {
    let bytes = content.as_bytes();
    format!(
        "{:016X}{:016X}",
        fnv1a(bytes, FNV_OFFSET),
        fnv1a(bytes, 0x6c62_272e_07bb_0142)
    )
}
