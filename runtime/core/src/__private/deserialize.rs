//! What the derived `Deserialize` and `ApplyDefaults` impls call. A struct's `Deserialize`
//! is [`deserialize_struct`], generic over [`DeserializeFields`]: the derive emits only the
//! field names and one `match` from a field's index to its slot, so the visitor, the key
//! lookup and the `apiVersion` / `kind` checks are written once here instead of per type.
//! Lists and string-keyed maps have readers of their own rather than serde's impls: with the
//! visitor they are what keeps the path of a tracked decode (`crate::codec::track`).

use crate::codec::track;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

/// A string that borrows from the input when the deserializer allows it.
struct CowStr<'de>(Cow<'de, str>);

impl std::ops::Deref for CowStr<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for CowStr<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
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

/// A struct read per the Kubernetes JSON conventions into its `Default` value: field names
/// are case-sensitive, `null` means unset, a repeated field keeps its last value, unknown
/// fields are skipped (a tracked decode records each with its path: kapi's strict decoder),
/// and kinds check `apiVersion` and `kind` when present.
pub trait DeserializeFields: Default {
    /// The type's name, for serde and for errors.
    const NAME: &'static str;
    /// The JSON names of the own fields, in the order `read_field` numbers them.
    const FIELDS: &'static [&'static str];
    /// How many indices `field_index` hands out: the own fields, then the keys of structs
    /// embedded with `inline`, numbered after them.
    const KEYS: usize = Self::FIELDS.len();
    /// A kind's `(kind, apiVersion)`, which the input may repeat but not contradict.
    const TYPE_META: Option<(&'static str, &'static str)> = None;

    /// The index of a key: [`key_position`] in `FIELDS`, then in the keys of structs
    /// embedded with `inline`.
    fn field_index(key: &str) -> Option<usize>;

    /// Reads the value of `FIELDS[index]` from `map` into its field.
    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        index: usize,
        map: &mut A,
    ) -> Result<(), A::Error>;
}

/// The index of `key` in `T::FIELDS`.
///
/// A derived `field_index` calls this rather than matching on the names: rustc optimizes
/// each derived method's MIR before exporting it (the methods are compiled where they are
/// used), and there a `match` on strings grew into a string comparison inlined per arm, the
/// largest bodies the derive wrote (13% of the 100-kind synthetic API's exported MIR, 55 MiB
/// of its release build's peak). Generic and not `#[inline]`, this is too large for the MIR
/// inliner, so the exported body is one call; LLVM, in the crate that decodes, inlines it
/// with `T::FIELDS` as a constant, and a lookup costs what the `match` did (callgrind:
/// within 0.1% on a JSON decode).
pub fn key_position<T: DeserializeFields>(key: &str) -> Option<usize> {
    T::FIELDS.iter().position(|name| *name == key)
}

/// A string enum's known values, for [`value_position`].
pub trait KnownValues {
    const VALUES: &'static [&'static str];
}

/// The index of `value` in `T::VALUES`: a derived string enum's `From` impls call this, for
/// the reason [`key_position`] gives.
pub fn value_position<T: KnownValues>(value: &str) -> Option<usize> {
    T::VALUES.iter().position(|known| *known == value)
}

/// The whole derived `Deserialize` of a struct.
pub fn deserialize_struct<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: DeserializeFields,
    D: Deserializer<'de>,
{
    // A map, not serde's struct: serde_json's struct entry also reads an array (a struct as
    // a sequence, which Kubernetes never writes), compiled per type for nothing; an array
    // is refused with the same message either way.
    deserializer.deserialize_map(StructVisitor::<T>(PhantomData))
}

/// A field that is not an `Option`: `null` (or absent) is the zero value.
#[inline]
pub fn field<'de, T, A>(slot: &mut T, map: &mut A) -> Result<(), A::Error>
where
    T: Deserialize<'de> + Default,
    A: MapAccess<'de>,
{
    *slot = map.next_value::<Option<T>>()?.unwrap_or_default();
    Ok(())
}

/// An `Option` field: `null` is `None`.
#[inline]
pub fn option<'de, T, A>(slot: &mut Option<T>, map: &mut A) -> Result<(), A::Error>
where
    T: Deserialize<'de>,
    A: MapAccess<'de>,
{
    *slot = map.next_value()?;
    Ok(())
}

/// A list field (`Vec<T>`): `null` (or absent) is empty.
#[inline]
pub fn list<'de, T, A>(slot: &mut Vec<T>, map: &mut A) -> Result<(), A::Error>
where
    T: Deserialize<'de>,
    A: MapAccess<'de>,
{
    *slot = map
        .next_value_seed(Nullable(ListSeed::<T>(PhantomData)))?
        .unwrap_or_default();
    Ok(())
}

/// An `Option<Vec<T>>` field: `null` is `None`.
#[inline]
pub fn option_list<'de, T, A>(slot: &mut Option<Vec<T>>, map: &mut A) -> Result<(), A::Error>
where
    T: Deserialize<'de>,
    A: MapAccess<'de>,
{
    *slot = map.next_value_seed(Nullable(ListSeed::<T>(PhantomData)))?;
    Ok(())
}

/// A map field with string keys (`BTreeMap<String, V>`, ...): `null` (or absent) is empty.
#[inline]
pub fn map<'de, M, V, A>(slot: &mut M, map: &mut A) -> Result<(), A::Error>
where
    M: Default + Extend<(String, V)>,
    V: Deserialize<'de>,
    A: MapAccess<'de>,
{
    *slot = map
        .next_value_seed(Nullable(MapSeed::<M, V>(PhantomData)))?
        .unwrap_or_default();
    Ok(())
}

/// An `Option` of a map with string keys: `null` is `None`.
#[inline]
pub fn option_map<'de, M, V, A>(slot: &mut Option<M>, map: &mut A) -> Result<(), A::Error>
where
    M: Default + Extend<(String, V)>,
    V: Deserialize<'de>,
    A: MapAccess<'de>,
{
    *slot = map.next_value_seed(Nullable(MapSeed::<M, V>(PhantomData)))?;
    Ok(())
}

/// `null` as `None`, anything else read by the inner seed.
struct Nullable<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Nullable<S> {
    type Value = Option<S::Value>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for Nullable<S> {
    type Value = Option<S::Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("option")
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(d).map(Some)
    }
}

/// A JSON array as a `Vec`, each element's index on the path of a tracked decode.
struct ListSeed<T>(PhantomData<fn() -> T>);

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for ListSeed<T> {
    type Value = Vec<T>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<T>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for ListSeed<T> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Vec<T>, S::Error> {
        let mut items = Vec::new();
        if !track::active() {
            while let Some(item) = seq.next_element()? {
                push(&mut items, item);
            }
            return Ok(exact(items));
        }
        let depth = track::depth();
        loop {
            track::push_index(items.len());
            let Some(item) = seq.next_element()? else {
                break;
            };
            push(&mut items, item);
            track::truncate(depth);
        }
        track::truncate(depth);
        Ok(exact(items))
    }
}

/// A decoded list without the spare room its growth left: a `Vec` grows to four items at
/// its first push, and most lists of an object (managed fields, owner references,
/// containers, conditions) hold one or two, which a cache keeps for the object's life.
fn exact<T>(mut items: Vec<T>) -> Vec<T> {
    items.shrink_to_fit();
    items
}

/// The first item gets room for one alone (a list of one, the most common, is then never
/// reallocated); later ones grow the list as usual.
fn push<T>(items: &mut Vec<T>, item: T) {
    if items.capacity() == 0 {
        items.reserve_exact(1);
    }
    items.push(item);
}

/// A JSON object as a map of strings to `V`, each key on the path of a tracked decode.
struct MapSeed<M, V>(PhantomData<fn() -> (M, V)>);

impl<'de, M, V> DeserializeSeed<'de> for MapSeed<M, V>
where
    M: Default + Extend<(String, V)>,
    V: Deserialize<'de>,
{
    type Value = M;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<M, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, M, V> Visitor<'de> for MapSeed<M, V>
where
    M: Default + Extend<(String, V)>,
    V: Deserialize<'de>,
{
    type Value = M;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<M, A::Error> {
        let mut out = M::default();
        let tracking = track::active();
        let depth = if tracking { track::depth() } else { 0 };
        while let Some(key) = access.next_key::<String>()? {
            if tracking {
                track::push_key(&key);
            }
            let value = access.next_value::<V>()?;
            out.extend(Some((key, value)));
            if tracking {
                track::truncate(depth);
            }
        }
        Ok(out)
    }
}

/// An index `read_field` does not know (it numbers every field, so only a hand-written
/// impl gets here): the value is skipped like an unknown field's.
#[inline]
pub fn skip<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    map.next_value::<IgnoredAny>().map(|_| ())
}

/// A key of the input, as an index into the fields (the kind's two type-meta keys first).
enum Key {
    Kind,
    ApiVersion,
    Field(usize),
    Other,
}

/// Finds a key among a type's fields; one instance per deserializer, not per type.
struct KeySeed {
    field_index: fn(&str) -> Option<usize>,
    type_meta: bool,
    /// A tracked decode runs: the key is entered on its path.
    tracking: bool,
}

impl KeySeed {
    fn find(&self, key: &str) -> Key {
        if self.tracking {
            track::push_key(key);
        }
        if self.type_meta {
            match key {
                "kind" => return Key::Kind,
                "apiVersion" => return Key::ApiVersion,
                _ => {}
            }
        }
        match (self.field_index)(key) {
            Some(i) => Key::Field(i),
            None => Key::Other,
        }
    }
}

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Key;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Key, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Key;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Key, E> {
        Ok(self.find(v))
    }
    fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Key, E> {
        Ok(std::str::from_utf8(v).map_or(Key::Other, |s| self.find(s)))
    }
}

struct StructVisitor<T>(PhantomData<T>);

impl<'de, T: DeserializeFields> Visitor<'de> for StructVisitor<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        expecting_object(f, T::NAME)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        let mut value = T::default();
        let tracking = track::active();
        let depth = if tracking { track::depth() } else { 0 };
        let seed = || KeySeed {
            field_index: T::field_index,
            type_meta: T::TYPE_META.is_some(),
            tracking,
        };
        while let Some(key) = map.next_key_seed(seed())? {
            match key {
                Key::Field(i) => value.read_field(i, &mut map)?,
                other => not_a_field(&mut map, other, T::TYPE_META, tracking)?,
            }
            if tracking {
                track::truncate(depth);
            }
        }
        Ok(value)
    }
}

fn expecting_object(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    write!(f, "a {name} object")
}

/// A key that names no field: a kind's `kind` or `apiVersion`, checked against the type's
/// own, or a key the type does not have, whose value is skipped (a tracked decode that asked
/// for unknown fields records its path: kube-apiserver's strict decoding reports each).
/// Out of line: written once per deserializer rather than in every type's visitor.
#[inline(never)]
fn not_a_field<'de, A: MapAccess<'de>>(
    map: &mut A,
    key: Key,
    type_meta: Option<(&'static str, &'static str)>,
    tracking: bool,
) -> Result<(), A::Error> {
    match (key, type_meta) {
        (Key::Kind, Some((kind, _))) => self::type_meta(map, "kind", kind),
        (Key::ApiVersion, Some((_, api_version))) => {
            self::type_meta(map, "apiVersion", api_version)
        }
        _ => {
            if tracking {
                track::unknown_field();
            }
            map.next_value::<IgnoredAny>().map(|_| ())
        }
    }
}

/// A kind's `apiVersion` or `kind`, when present and not `null`, must be the type's own.
fn type_meta<'de, A: MapAccess<'de>>(
    map: &mut A,
    field: &str,
    expected: &str,
) -> Result<(), A::Error> {
    match map.next_value::<Option<CowStr<'de>>>()? {
        Some(got) => check_type_meta(field, &got, expected),
        None => Ok(()),
    }
}

/// A kind's `apiVersion` / `kind` in the input must be the type's own.
fn check_type_meta<E: serde::de::Error>(field: &str, got: &str, expected: &str) -> Result<(), E> {
    if got == expected {
        Ok(())
    } else {
        Err(E::custom(format_args!(
            "{field} {got:?} does not match the expected {expected:?}"
        )))
    }
}

/// A string enum: any string is a value (enums are open); `expecting` is what an error
/// says was expected (`a Mode value`).
pub fn string_enum<'de, T, D>(d: D, expecting: &'static str) -> Result<T, D::Error>
where
    T: for<'a> From<&'a str> + From<String>,
    D: Deserializer<'de>,
{
    d.deserialize_str(StringEnumVisitor::<T> {
        expecting,
        _t: PhantomData,
    })
}

struct StringEnumVisitor<T> {
    expecting: &'static str,
    _t: PhantomData<fn() -> T>,
}

impl<'de, T> Visitor<'de> for StringEnumVisitor<T>
where
    T: for<'a> From<&'a str> + From<String>,
{
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
        Ok(T::from(v))
    }
    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<T, E> {
        Ok(T::from(v))
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

/// A `default` on a plain (non-`Option`) field of a named type: set when the field holds
/// its zero value. Only a string enum (and a `ByteString`) has one to tell unset from set.
pub fn default_when_unset<T>(slot: &mut T, json: &str)
where
    T: ZeroValue + serde::de::DeserializeOwned,
{
    if !crate::feature_gates::IsSet::is_set(slot) {
        if let Some(value) = default_from_json(json) {
            *slot = value;
        }
    }
}

/// A type whose zero value means "unset", so a `default` can fill it in.
#[diagnostic::on_unimplemented(
    message = "a field of type `{Self}` with a `default` has no way to be unset",
    note = "make the field an `Option<{Self}>` so defaulting can tell unset from set"
)]
pub trait ZeroValue: crate::feature_gates::IsSet {}

impl<T: KnownValues + crate::feature_gates::IsSet> ZeroValue for T {}
impl ZeroValue for crate::meta::ByteString {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// One field per helper, read as the derive would emit them.
    #[derive(Debug, Default, PartialEq)]
    struct Sample {
        counts: BTreeMap<String, i32>,
        limits: Option<BTreeMap<String, i32>>,
        names: Vec<String>,
        children: Option<Vec<Sample>>,
        size: i32,
    }

    impl DeserializeFields for Sample {
        const NAME: &'static str = "Sample";
        const FIELDS: &'static [&'static str] = &["counts", "limits", "names", "children", "size"];
        fn field_index(key: &str) -> Option<usize> {
            Self::FIELDS.iter().position(|f| *f == key)
        }
        fn read_field<'de, A: MapAccess<'de>>(
            &mut self,
            index: usize,
            map: &mut A,
        ) -> Result<(), A::Error> {
            match index {
                0 => super::map(&mut self.counts, map),
                1 => option_map(&mut self.limits, map),
                2 => list(&mut self.names, map),
                3 => option_list(&mut self.children, map),
                4 => field(&mut self.size, map),
                _ => skip(map),
            }
        }
    }

    impl<'de> Deserialize<'de> for Sample {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            deserialize_struct(d)
        }
    }

    fn tracked(json: &str) -> (Result<Sample, serde_json::Error>, track::Report) {
        track::run(true, || serde_json::from_str::<Sample>(json))
    }

    #[test]
    fn lists_and_maps_read_null_as_empty_or_none() {
        let all_null = r#"{"counts":null,"limits":null,"names":null,"children":null}"#;
        assert_eq!(
            serde_json::from_str::<Sample>(all_null).unwrap(),
            Sample::default()
        );
        let full = r#"{"counts":{"a":1,"a":2},"limits":{},"names":["x"],"children":[{"size":3}]}"#;
        let expected = Sample {
            counts: BTreeMap::from([("a".to_string(), 2)]),
            limits: Some(BTreeMap::new()),
            names: vec!["x".to_string()],
            children: Some(vec![Sample {
                size: 3,
                ..Sample::default()
            }]),
            size: 0,
        };
        assert_eq!(serde_json::from_str::<Sample>(full).unwrap(), expected);
        let (value, report) = tracked(full);
        assert_eq!(value.unwrap(), expected, "tracking reads the same value");
        assert!(report.failed_at.is_none() && report.unknown_fields.is_empty());
    }

    #[test]
    fn a_tracked_decode_names_the_key_or_index_that_failed() {
        for (json, path) in [
            (r#"{"counts":{"a":1,"b":"2"}}"#, "counts.b"),
            (r#"{"limits":{"x":[]}}"#, "limits.x"),
            (r#"{"names":["a",1]}"#, "names[1]"),
            (
                r#"{"children":[{"size":1},{"size":"big"}]}"#,
                "children[1].size",
            ),
            (r#"{"names":{}}"#, "names"),
        ] {
            let (value, report) = tracked(json);
            assert!(value.is_err(), "{json}");
            assert_eq!(report.failed_at.as_deref(), Some(path), "{json}");
        }
        let (value, report) = tracked(r#"{"names":["a"],"extra":1,"children":[{},{"other":{}}]}"#);
        assert!(value.is_ok());
        assert_eq!(report.unknown_fields, ["extra", "children[1].other"]);
    }
}
