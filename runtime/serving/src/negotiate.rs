//! Content negotiation: which codec reads a request body and which writes the response,
//! from `Content-Type` and `Accept`, with kube-apiserver's media types and parameters.

use crate::StatusError;

pub const JSON: &str = "application/json";
pub const YAML: &str = "application/yaml";
pub const PROTOBUF: &str = "application/vnd.kubernetes.protobuf";
pub const JSON_PATCH: &str = "application/json-patch+json";
pub const MERGE_PATCH: &str = "application/merge-patch+json";
pub const STRATEGIC_MERGE_PATCH: &str = "application/strategic-merge-patch+json";
pub const APPLY_PATCH: &str = "application/apply-patch+yaml";

/// Media types a body may be written in.
pub const BODY_TYPES: &[&str] = &[JSON, YAML, PROTOBUF];
pub const PATCH_TYPES: &[&str] = &[JSON_PATCH, MERGE_PATCH, STRATEGIC_MERGE_PATCH, APPLY_PATCH];

/// Wire encodings of objects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Json,
    Yaml,
    Protobuf,
}

impl Encoding {
    pub fn content_type(self) -> &'static str {
        match self {
            Encoding::Json => JSON,
            Encoding::Yaml => YAML,
            Encoding::Protobuf => PROTOBUF,
        }
    }
}

/// What the response should look like: the encoding and, for `as=Table` or
/// `as=PartialObjectMetadata`, the transformed shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Output {
    pub encoding: Encoding,
    pub shape: Shape,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Object,
    Table,
    PartialObjectMetadata,
}

struct MediaRange<'a> {
    essence: &'a str,
    params: Vec<(&'a str, &'a str)>,
    q: f32,
}

fn parse_media_range(s: &str) -> Option<MediaRange<'_>> {
    let mut parts = s.split(';');
    let essence = parts.next()?.trim();
    if essence.is_empty() {
        return None;
    }
    let mut params = Vec::new();
    let mut q = 1.0;
    for p in parts {
        let (k, v) = p.split_once('=')?;
        let (k, v) = (k.trim(), v.trim().trim_matches('"'));
        if k == "q" {
            q = v.parse().unwrap_or(0.0);
        } else {
            params.push((k, v));
        }
    }
    Some(MediaRange { essence, params, q })
}

impl MediaRange<'_> {
    fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| *v)
    }
}

/// The response form for an `Accept` header. Ranges are tried in order of preference;
/// an `as=Table` range is taken only where tables make sense (`tables_allowed`), as
/// kube-apiserver does for object reads but not for discovery.
pub fn output(accept: Option<&str>, tables_allowed: bool) -> Result<Output, StatusError> {
    output_among(accept, tables_allowed, true)
}

/// [`output`] for a kind that may have no protobuf form (`protobuf` false: a custom
/// resource): protobuf ranges are passed over, as kube-apiserver negotiates among the media
/// types the kind's serializer supports, so `protobuf, json` gets JSON and protobuf alone a
/// 406 naming JSON and YAML.
pub fn output_among(
    accept: Option<&str>,
    tables_allowed: bool,
    protobuf: bool,
) -> Result<Output, StatusError> {
    let accept = match accept.map(str::trim) {
        None | Some("") => {
            return Ok(Output {
                encoding: Encoding::Json,
                shape: Shape::Object,
            })
        }
        Some(a) => a,
    };
    let mut ranges: Vec<MediaRange<'_>> = accept.split(',').filter_map(parse_media_range).collect();
    // Stable: equal q keeps the client's order.
    ranges.sort_by(|a, b| b.q.partial_cmp(&a.q).unwrap_or(std::cmp::Ordering::Equal));
    for r in ranges.iter().filter(|r| r.q > 0.0) {
        let encoding = match r.essence {
            JSON | "application/*" | "*/*" => Encoding::Json,
            YAML => Encoding::Yaml,
            PROTOBUF if protobuf => Encoding::Protobuf,
            _ => continue,
        };
        let shape = match (r.param("as"), r.param("g"), r.param("v")) {
            (None, _, _) => Shape::Object,
            (Some("Table"), Some("meta.k8s.io"), Some("v1" | "v1beta1")) if tables_allowed => {
                Shape::Table
            }
            (Some("PartialObjectMetadata"), Some("meta.k8s.io"), Some("v1" | "v1beta1"))
                if tables_allowed =>
            {
                Shape::PartialObjectMetadata
            }
            (Some("PartialObjectMetadataList"), Some("meta.k8s.io"), Some("v1" | "v1beta1"))
                if tables_allowed =>
            {
                Shape::PartialObjectMetadata
            }
            _ => continue,
        };
        return Ok(Output { encoding, shape });
    }
    if protobuf {
        Err(StatusError::not_acceptable(BODY_TYPES))
    } else {
        Err(StatusError::not_acceptable(&[JSON, YAML]))
    }
}

/// The forms `/openapi/v2` is served in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenApiV2Form {
    Json,
    /// gnostic's `openapi.v2.Document`.
    Protobuf,
}

/// The protobuf form's media type as kube-openapi answers it, and the older spelling
/// kubectl 1.27 and 1.28 ask for (both are served).
pub const OPENAPI_V2_PROTOBUF: &str = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";
const OPENAPI_V2_PROTOBUF_AT: &str = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";

/// The form of `/openapi/v2` for an `Accept` header, as kube-openapi's handler picks it:
/// the first clause by preference that names JSON or a protobuf spelling, a wildcard
/// taking JSON; `None` when nothing matches (a 406). No header means `*/*`.
pub fn openapi_v2(accept: Option<&str>) -> Option<OpenApiV2Form> {
    let accept = accept
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .unwrap_or("*/*");
    let mut ranges: Vec<MediaRange<'_>> = accept.split(',').filter_map(parse_media_range).collect();
    ranges.sort_by(|a, b| b.q.partial_cmp(&a.q).unwrap_or(std::cmp::Ordering::Equal));
    ranges.iter().filter(|r| r.q > 0.0).find_map(|r| {
        match r.essence.to_ascii_lowercase().as_str() {
            JSON | "application/*" | "*/*" => Some(OpenApiV2Form::Json),
            OPENAPI_V2_PROTOBUF | OPENAPI_V2_PROTOBUF_AT => Some(OpenApiV2Form::Protobuf),
            _ => None,
        }
    })
}

/// The encoding of a request body.
pub fn body_encoding(content_type: Option<&str>) -> Result<Encoding, StatusError> {
    let essence = essence(content_type);
    match essence.as_str() {
        "" | JSON => Ok(Encoding::Json),
        YAML => Ok(Encoding::Yaml),
        PROTOBUF => Ok(Encoding::Protobuf),
        _ => Err(StatusError::unsupported_media_type(&essence, BODY_TYPES)),
    }
}

/// The media type without parameters, lower-cased.
pub fn essence(content_type: Option<&str>) -> String {
    content_type
        .and_then(|c| c.split(';').next())
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubectl_table_accept_header_picks_table() {
        let accept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
        assert_eq!(
            output(Some(accept), true).ok(),
            Some(Output {
                encoding: Encoding::Json,
                shape: Shape::Table
            })
        );
        assert_eq!(
            output(Some(accept), false).ok(),
            Some(Output {
                encoding: Encoding::Json,
                shape: Shape::Object
            })
        );
    }

    #[test]
    fn protobuf_first_then_json() {
        let accept = "application/vnd.kubernetes.protobuf, application/json";
        assert_eq!(
            output(Some(accept), true).ok().map(|o| o.encoding),
            Some(Encoding::Protobuf)
        );
        assert!(output(Some("text/html"), true).is_err());
        assert_eq!(
            output(Some("*/*"), true).ok().map(|o| o.encoding),
            Some(Encoding::Json)
        );
    }

    #[test]
    fn openapi_v2_forms() {
        // kubectl 1.27 and 1.28.
        let kubectl = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";
        assert_eq!(openapi_v2(Some(kubectl)), Some(OpenApiV2Form::Protobuf));
        assert_eq!(
            openapi_v2(Some(OPENAPI_V2_PROTOBUF)),
            Some(OpenApiV2Form::Protobuf)
        );
        assert_eq!(openapi_v2(None), Some(OpenApiV2Form::Json));
        assert_eq!(
            openapi_v2(Some("application/json;q=0.5, application/com.github.proto-openapi.spec.v2.v1.0+protobuf")),
            Some(OpenApiV2Form::Protobuf)
        );
        assert_eq!(
            openapi_v2(Some("application/vnd.kubernetes.protobuf")),
            None
        );
    }

    #[test]
    fn body_types() {
        assert_eq!(
            body_encoding(Some("application/json; charset=utf-8")).ok(),
            Some(Encoding::Json)
        );
        assert_eq!(body_encoding(None).ok(), Some(Encoding::Json));
        assert_eq!(
            body_encoding(Some("text/plain"))
                .map_err(|e| e.code())
                .err(),
            Some(415)
        );
    }
}
