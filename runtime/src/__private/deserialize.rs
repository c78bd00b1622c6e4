//! What the derived `Deserialize` and `ApplyDefaults` impls call.

use std::borrow::Cow;

/// A string that borrows from the input when the deserializer allows it.
pub struct CowStr<'de>(pub Cow<'de, str>);

impl std::ops::Deref for CowStr<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'de> serde::Deserialize<'de> for CowStr<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = CowStr<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: serde::de::Error>(
                self,
                v: &'de str,
            ) -> Result<Self::Value, E> {
                Ok(CowStr(Cow::Borrowed(v)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(CowStr(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Self::Value, E> {
                Ok(CowStr(Cow::Owned(v)))
            }
        }
        d.deserialize_str(V)
    }
}

/// A kind's `apiVersion` / `kind` in the input must be the type's own.
pub fn check_type_meta<E: serde::de::Error>(
    field: &str,
    got: &str,
    expected: &str,
) -> Result<(), E> {
    if got == expected {
        Ok(())
    } else {
        Err(E::custom(format_args!(
            "{field} {got:?} does not match the expected {expected:?}"
        )))
    }
}

/// A `default` marker value for a non-scalar type (an enum, a Quantity, a list), decoded
/// from the JSON the marker held; `None` when it does not decode. Codegen rejects such a
/// marker (an enum default is checked against the enum, which the derive of the struct
/// cannot see), so this only happens in a crate that skipped codegen: defaulting then
/// leaves the field unset, as without the marker, rather than panicking in the middle of
/// a request.
pub fn default_from_json<T: serde::de::DeserializeOwned>(json: &str) -> Option<T> {
    serde_json::from_str(json).ok()
}
