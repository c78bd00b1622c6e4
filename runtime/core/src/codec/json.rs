//! JSON, lenient (kube-apiserver's default) and strict (`fieldValidation=Strict`/`Warn`).

use super::{duplicates, track, CodecError};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Decodes like kube-apiserver's lenient decoder: unknown fields are dropped, a repeated
/// field keeps its last value.
pub fn from_slice<T: DeserializeOwned>(input: &[u8]) -> Result<T, CodecError> {
    Ok(serde_json::from_slice(input)?)
}

pub fn from_str<T: DeserializeOwned>(input: &str) -> Result<T, CodecError> {
    from_slice(input.as_bytes())
}

pub fn to_vec<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, CodecError> {
    Ok(serde_json::to_vec(value)?)
}

pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, CodecError> {
    Ok(serde_json::to_string(value)?)
}

/// A value's JSON as a `serde_json::Value`, written to bytes and read back rather than
/// through `serde_json::to_value`: each type's `Serialize` is then compiled for one
/// serializer (the byte writer) instead of three (the writer, `Value`'s serializer and its
/// raw-value emitter), a third of the derived serialization code in a release build.
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<serde_json::Value, CodecError> {
    let bytes = serde_json::to_vec(value)?;
    Ok(serde_json::from_slice(&bytes).map_err(without_position)?)
}

/// A decoded value and every problem strict decoding found, each with its JSON path.
/// `fieldValidation=Warn` turns the problems into warnings; `Strict` into an error.
#[derive(Debug)]
pub struct Strict<T> {
    pub value: T,
    pub unknown_fields: Vec<String>,
    pub duplicate_fields: Vec<String>,
}

impl<T> Strict<T> {
    pub fn is_clean(&self) -> bool {
        self.unknown_fields.is_empty() && self.duplicate_fields.is_empty()
    }

    /// Kubernetes' wording: `unknown field "spec.x"`, `duplicate field "spec.y"`.
    pub fn messages(&self) -> Vec<String> {
        self.unknown_fields
            .iter()
            .map(|p| format!("unknown field {p:?}"))
            .chain(
                self.duplicate_fields
                    .iter()
                    .map(|p| format!("duplicate field {p:?}")),
            )
            .collect()
    }

    /// The value, or `CodecError::Strict` listing every problem.
    pub fn into_result(self) -> Result<T, CodecError> {
        if self.is_clean() {
            Ok(self.value)
        } else {
            Err(CodecError::Strict(self.messages()))
        }
    }
}

/// Decodes and reports every unknown and every duplicate field, not just the first.
/// Unknown fields are those kapi's derived types (and its meta types) do not have: their
/// shared visitor reports them (`codec::track`), on the same decoder as [`from_slice`].
pub fn from_slice_strict<T: DeserializeOwned>(input: &[u8]) -> Result<Strict<T>, CodecError> {
    let duplicate_fields = duplicates::find(&mut serde_json::Deserializer::from_slice(input))?;
    let (value, report) = track::run(true, || serde_json::from_slice(input));
    Ok(Strict {
        value: value?,
        unknown_fields: report.unknown_fields,
        duplicate_fields,
    })
}

/// The path of every repeated key in a JSON document, in document order (what
/// [`from_slice_strict`] reports as duplicate fields), without decoding it into a type.
pub fn duplicate_fields(input: &[u8]) -> Result<Vec<String>, CodecError> {
    Ok(duplicates::find(
        &mut serde_json::Deserializer::from_slice(input),
    )?)
}

/// Strict decoding of an already-parsed JSON value (used for YAML, whose parser rejects
/// duplicate keys itself): written to bytes and decoded as [`from_slice_strict`] decodes,
/// errors told without a position in those bytes.
pub fn from_value_strict<T: DeserializeOwned>(
    value: serde_json::Value,
) -> Result<Strict<T>, CodecError> {
    let bytes = serde_json::to_vec(&value)?;
    let (value, report) = track::run(true, || serde_json::from_slice(&bytes));
    Ok(Strict {
        value: value.map_err(without_position)?,
        unknown_fields: report.unknown_fields,
        duplicate_fields: Vec::new(),
    })
}

/// An error of a decode from bytes the caller never saw (a value written out), told as
/// the value's own decoder tells it: without the position in those bytes.
pub(crate) fn without_position(error: serde_json::Error) -> serde_json::Error {
    if error.line() == 0 {
        return error;
    }
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    match text.strip_suffix(&suffix) {
        Some(message) => serde::de::Error::custom(message),
        None => error,
    }
}
