//! What the codecs fail with.

/// A failure to decode or encode an object.
#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    #[error("json: {0}")]
    Json(#[from] serde_json::Error),
    #[error("yaml: {0}")]
    Yaml(#[from] serde_yaml_ng::Error),
    /// Strict decoding found unknown or duplicate fields.
    #[error("strict decoding error: {}", .0.join(", "))]
    Strict(Vec<String>),
    /// Malformed protobuf, a wrong envelope, or an object of another kind.
    #[error("protobuf: {0}")]
    Protobuf(String),
    /// Input in none of the formats: what was tried, and why each failed.
    #[error("{0}")]
    Unrecognized(String),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}
