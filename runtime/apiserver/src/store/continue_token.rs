//! Continue tokens in kube-apiserver's format, so clients that inspect or log them see the
//! familiar shape: unpadded URL-safe base64 of `{"v":"meta.k8s.io/v1","rv":N,"start":"..."}`.
//!
//! `start` is the last returned key relative to the listed scope, plus a NUL byte so the
//! next page starts strictly after it (etcd range semantics): `name\0` when the scope is one
//! namespace or the object is cluster-scoped, `namespace/name\0` otherwise.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};

use super::{Collection, ObjectKey};

const API_VERSION: &str = "meta.k8s.io/v1";

#[derive(Serialize, Deserialize)]
struct Token {
    v: String,
    rv: u64,
    start: String,
}

/// Where a continued list resumes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Continue {
    /// The snapshot revision of the first page.
    pub revision: u64,
    pub namespace: String,
    pub name: String,
    /// Whether `namespace/name` itself was already returned (the usual NUL-terminated form).
    pub exclusive: bool,
}

/// The token for the page after `last`, read at `revision`.
pub(super) fn encode(scope: &Collection, last: &ObjectKey, revision: u64) -> String {
    let start = if scope.namespace.is_some() || last.namespace.is_empty() {
        format!("{}\0", last.name)
    } else {
        format!("{}/{}\0", last.namespace, last.name)
    };
    encode_raw(revision, start)
}

fn encode_raw(revision: u64, start: String) -> String {
    let token = Token {
        v: API_VERSION.to_string(),
        rv: revision,
        start,
    };
    // Serializing a struct of strings and integers cannot fail.
    let json = serde_json::to_vec(&token).unwrap_or_default();
    URL_SAFE_NO_PAD.encode(json)
}

/// The same token with another snapshot revision (the "inconsistent continue" of a 410).
pub(super) fn with_revision(token: &str, revision: u64) -> Result<String, String> {
    let decoded = decode_raw(token)?;
    Ok(encode_raw(revision, decoded.start))
}

/// Parses a token against the scope it is used with. Errors are messages for a 400.
pub(super) fn decode(token: &str, scope: &Collection) -> Result<Continue, String> {
    let decoded = decode_raw(token)?;
    let (start, exclusive) = match decoded.start.strip_suffix('\0') {
        Some(start) => (start, true),
        None => (decoded.start.as_str(), false),
    };
    let (namespace, name) = match &scope.namespace {
        Some(namespace) if !start.contains('/') => (namespace.clone(), start.to_string()),
        Some(_) => return Err("start key does not belong to the namespace".into()),
        None => match start.split_once('/') {
            Some((namespace, name)) if !name.contains('/') => {
                (namespace.to_string(), name.to_string())
            }
            Some(_) => return Err("malformed start key".into()),
            None => (String::new(), start.to_string()),
        },
    };
    Ok(Continue {
        revision: decoded.rv,
        namespace,
        name,
        exclusive,
    })
}

fn decode_raw(token: &str) -> Result<Token, String> {
    // Accept padded tokens too; some clients re-encode what they were given.
    let bytes = URL_SAFE_NO_PAD
        .decode(token.trim_end_matches('='))
        .map_err(|e| format!("{e}"))?;
    let decoded: Token = serde_json::from_slice(&bytes).map_err(|e| format!("{e}"))?;
    if decoded.v != API_VERSION {
        return Err("continue key is not supported by this version".into());
    }
    if decoded.rv == 0 {
        return Err(format!(
            "incorrect encoded start resourceVersion (version {API_VERSION})"
        ));
    }
    if decoded.start.is_empty() || decoded.start == "\0" {
        return Err(format!("encoded start key empty (version {API_VERSION})"));
    }
    Ok(decoded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::ResourceKey;

    fn resource() -> ResourceKey {
        ResourceKey::new("frob.example.com", "frobbers")
    }

    fn key(namespace: &str, name: &str) -> ObjectKey {
        ObjectKey::new(resource(), namespace, name)
    }

    #[test]
    fn round_trips_in_every_scope() {
        let all = Collection::all(resource());
        let ns = Collection::namespaced(resource(), "a");
        for (scope, last) in [
            (&all, key("a", "x")),
            (&all, key("", "x")),
            (&ns, key("a", "x")),
        ] {
            let token = encode(scope, &last, 7);
            let c = decode(&token, scope).expect("own token decodes");
            assert_eq!(
                (
                    c.revision,
                    c.namespace.as_str(),
                    c.name.as_str(),
                    c.exclusive
                ),
                (7, last.namespace.as_str(), "x", true)
            );
        }
    }

    #[test]
    fn has_the_kubernetes_shape() {
        let token = encode(&Collection::all(resource()), &key("a", "x"), 7);
        let json = URL_SAFE_NO_PAD.decode(token).expect("base64");
        assert_eq!(
            json,
            br#"{"v":"meta.k8s.io/v1","rv":7,"start":"a/x\u0000"}"#
        );
    }

    #[test]
    fn rejects_malformed_tokens() {
        let scope = Collection::namespaced(resource(), "a");
        let raw = |json: &str| URL_SAFE_NO_PAD.encode(json);
        for bad in [
            "!!!".to_string(),
            raw("not json"),
            raw(r#"{"v":"meta.k8s.io/v2","rv":1,"start":"x\u0000"}"#),
            raw(r#"{"v":"meta.k8s.io/v1","rv":0,"start":"x\u0000"}"#),
            raw(r#"{"v":"meta.k8s.io/v1","rv":-1,"start":"x\u0000"}"#),
            raw(r#"{"v":"meta.k8s.io/v1","rv":1,"start":""}"#),
            raw(r#"{"v":"meta.k8s.io/v1","rv":1,"start":"b/x\u0000"}"#),
        ] {
            assert!(decode(&bad, &scope).is_err(), "{bad}");
        }
    }

    #[test]
    fn with_revision_keeps_the_start() {
        let scope = Collection::all(resource());
        let token = encode(&scope, &key("a", "x"), 7);
        let moved = with_revision(&token, 9).expect("valid");
        let c = decode(&moved, &scope).expect("valid");
        assert_eq!(
            (c.revision, c.namespace.as_str(), c.name.as_str()),
            (9, "a", "x")
        );
    }
}
