//! YAML, through serde_yaml_ng (the maintained fork; serde_yaml is archived).

use super::{json, CodecError};
use serde::de::DeserializeOwned;
use serde::Serialize;

pub fn from_str<T: DeserializeOwned>(input: &str) -> Result<T, CodecError> {
    Ok(serde_yaml_ng::from_str(input)?)
}

/// Strict YAML: duplicate keys are rejected by the YAML parser; unknown fields are reported
/// with their paths like JSON's.
pub fn from_str_strict<T: DeserializeOwned>(input: &str) -> Result<json::Strict<T>, CodecError> {
    let value: serde_json::Value = serde_yaml_ng::from_str(input)?;
    json::from_value_strict(value)
}

pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, CodecError> {
    Ok(serde_yaml_ng::to_string(value)?)
}
