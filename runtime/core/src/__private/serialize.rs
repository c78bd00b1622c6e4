//! What the derived `Serialize` impls call: one helper per way a field is written, so the
//! derive emits one call per field and the choice between them stays in one place
//! (`derive/src/ser.rs`, `write_field`).

use crate::feature_gates::IsSet;
use crate::TypeInfo;
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// A struct's fields, written into an object that may be its own or, for a struct embedded
/// with `inline`, its parent's.
pub trait SerializeFields {
    /// The type's name, for serde.
    const NAME: &'static str;
    /// How many fields it writes at most (kinds count `kind` and `apiVersion`).
    const LEN: usize;
    fn serialize_fields<S: SerializeStruct>(&self, fields: &mut Fields<'_, S>);
}

/// The whole derived `Serialize` of a struct.
#[inline]
pub fn serialize_struct<T: SerializeFields, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let _nested = Depth::enter();
    let mut state = serializer.serialize_struct(T::NAME, T::LEN)?;
    let mut fields = Fields {
        state: &mut state,
        error: None,
    };
    value.serialize_fields(&mut fields);
    match fields.error {
        Some(err) => Err(err),
        None => state.end(),
    }
}

/// The object being written, and the first error writing it: the derive emits one plain
/// call per field with no `?`, because each `?` is a `Try` and `From` resolution for the type
/// checker, once per field of every type. After an error the remaining fields are skipped.
pub struct Fields<'a, S: SerializeStruct> {
    state: &'a mut S,
    error: Option<S::Error>,
}

impl<S: SerializeStruct> Fields<'_, S> {
    /// Runs `write` unless an earlier field failed, keeping its error.
    #[inline]
    fn write(&mut self, write: impl FnOnce(&mut S) -> Result<(), S::Error>) {
        if self.error.is_none() {
            if let Err(err) = write(self.state) {
                self.error = Some(err);
            }
        }
    }

    /// A struct embedded with `inline` (Go's `json:",inline"`): its fields, in this object.
    #[inline]
    pub fn inline<T: SerializeFields>(&mut self, value: &T) {
        value.serialize_fields(self)
    }

    /// A kind's `kind` and `apiVersion`, written first when the kind is the object being
    /// written. A kind inside another object (a StatefulSet's PersistentVolumeClaim templates,
    /// an Eviction's DeleteOptions, a List's items) has them empty in Go, which writes an
    /// empty TypeMeta as nothing, and kube-apiserver serves it so; kapi does not keep them.
    #[inline]
    pub fn type_meta<T: TypeInfo>(&mut self) {
        self.write(|state| {
            if Depth::outermost() {
                state.serialize_field("kind", T::KIND)?;
                state.serialize_field("apiVersion", T::API_VERSION)
            } else {
                state.skip_field("kind")?;
                state.skip_field("apiVersion")
            }
        })
    }

    /// A field that is always written (required fields, and structs: Go's `omitempty` never
    /// omits a struct).
    #[inline]
    pub fn always<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) {
        self.write(|state| state.serialize_field(key, value))
    }

    /// An `Option` field: omitted when `None`, its value when `Some`.
    #[inline]
    pub fn option<T: Serialize>(&mut self, key: &'static str, value: &Option<T>) {
        self.write(|state| match value {
            Some(v) => state.serialize_field(key, v),
            None => state.skip_field(key),
        })
    }

    /// An optional string, number, bool or collection: omitted when it is its zero value
    /// (Go's `omitempty`).
    #[inline]
    pub fn omit_empty<T: Serialize + IsSet>(&mut self, key: &'static str, value: &T) {
        self.write(|state| match value.is_set() {
            true => state.serialize_field(key, value),
            false => state.skip_field(key),
        })
    }

    /// An empty list or map (or zero value) written as `null`: Go's nil slice or map.
    #[inline]
    pub fn null_empty<T: Serialize + IsSet>(&mut self, key: &'static str, value: &T) {
        self.write(|state| match value.is_set() {
            true => state.serialize_field(key, value),
            false => state.serialize_field(key, &None::<()>),
        })
    }
}

thread_local! {
    /// How many derived structs are being written on this thread, one inside the other.
    static DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// One level of [`DEPTH`] for as long as a struct is being written (a guard, so an error or
/// a panic inside leaves the count right).
struct Depth;

impl Depth {
    fn enter() -> Depth {
        DEPTH.with(|d| d.set(d.get() + 1));
        Depth
    }

    fn outermost() -> bool {
        DEPTH.with(|d| d.get() <= 1)
    }
}

impl Drop for Depth {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value whose JSON cannot be written.
    struct Unwritable;

    impl Serialize for Unwritable {
        fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("cannot write this value"))
        }
    }

    /// Written by hand as the derive writes it: a field before and after the failing one.
    struct Three {
        before: String,
        broken: Unwritable,
        after: Option<i32>,
    }

    impl SerializeFields for Three {
        const NAME: &'static str = "Three";
        const LEN: usize = 3;
        fn serialize_fields<S: SerializeStruct>(&self, fields: &mut Fields<'_, S>) {
            fields.always("before", &self.before);
            fields.always("broken", &self.broken);
            fields.option("after", &self.after);
        }
    }

    impl Serialize for Three {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize_struct(self, serializer)
        }
    }

    #[test]
    fn the_first_failing_field_is_the_error_and_nothing_after_it_is_written() {
        let three = Three {
            before: "b".to_string(),
            broken: Unwritable,
            after: Some(1),
        };
        let mut out = Vec::new();
        let err = serde_json::to_writer(&mut out, &three).expect_err("a field fails");
        assert_eq!(err.to_string(), "cannot write this value");
        let written = String::from_utf8(out).expect("UTF-8");
        assert!(
            written.starts_with(r#"{"before":"b","broken":"#),
            "{written}"
        );
        assert!(!written.contains("after"), "{written}");
    }
}
