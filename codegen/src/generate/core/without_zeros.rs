//! [`tree`]: any `Serialize` value as a [`Json`] tree without the entries that say nothing,
//! what `serde_json::to_value` and then [`compact::yaml_without_zeros`]'s pruning give,
//! built in one pass: struct fields keep their `'static` names instead of a `String` each,
//! and a zero entry is gone before its parent is built. The model summary is the whole
//! model; its serde_json copy, pruned and dropped, was most of that generator's time.
//!
//! [`compact::yaml_without_zeros`]: super::compact::yaml_without_zeros

use super::json::Json;
use serde::ser::{self, Serialize};
use serde_json::{Error, Value};
use std::borrow::Cow;

/// `value` as serde_json would serialize it, without zero entries (`null`, `false`, empty
/// strings, lists and mappings) in its objects; `Json::Null` if it is a zero itself.
pub fn tree<T: Serialize + ?Sized>(value: &T) -> Result<Json<'static>> {
    let mut tree = value.serialize(Serializer)?;
    if is_zero(&tree) {
        tree = Json::Null;
    }
    Ok(tree)
}

/// Whether a value, its own zero entries gone, is a zero: a mapping entry holding it is
/// dropped. A list keeps its items where they are, zeros too.
fn is_zero(value: &Json) -> bool {
    match value {
        Json::Null | Json::Bool(false) => true,
        Json::String(s) => s.is_empty(),
        Json::Array(items) => items.is_empty(),
        Json::Object(entries) => entries.is_empty(),
        _ => false,
    }
}

/// An object of `entries` in serde_json's key order (a repeated key keeps its last value),
/// then without its zero entries.
fn object(entries: Vec<(Cow<'static, str>, Json<'static>)>) -> Json<'static> {
    match Json::object(entries) {
        Json::Object(mut entries) => {
            entries.retain(|(_, v)| !is_zero(v));
            Json::Object(entries)
        }
        other => other,
    }
}

fn number(value: Value) -> Json<'static> {
    match value {
        Value::Number(n) => Json::Number(n),
        _ => Json::Null,
    }
}

/// A map key as serde_json writes it (numbers and bools as their text, other keys an
/// error): serde_json is asked, through a map of one entry.
fn key<K: Serialize + ?Sized>(key: &K) -> Result<String> {
    struct One<'a, K: ?Sized>(&'a K);
    impl<K: Serialize + ?Sized> Serialize for One<'_, K> {
        fn serialize<S: ser::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
            use ser::SerializeMap;
            let mut map = s.serialize_map(Some(1))?;
            map.serialize_entry(self.0, &())?;
            map.end()
        }
    }
    match serde_json::to_value(One(key))? {
        Value::Object(map) => Ok(map.into_iter().next().map(|(k, _)| k).unwrap_or_default()),
        _ => Err(ser::Error::custom("a map key did not serialize as a key")),
    }
}

struct Serializer;

type Result<T> = std::result::Result<T, Error>;

impl ser::Serializer for Serializer {
    type Ok = Json<'static>;
    type Error = Error;
    type SerializeSeq = Seq;
    type SerializeTuple = Seq;
    type SerializeTupleStruct = Seq;
    type SerializeTupleVariant = Variant<Seq>;
    type SerializeMap = Map;
    type SerializeStruct = Map;
    type SerializeStructVariant = Variant<Map>;

    fn serialize_bool(self, v: bool) -> Result<Json<'static>> {
        Ok(Json::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Json<'static>> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<Json<'static>> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<Json<'static>> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<Json<'static>> {
        Ok(Json::Number(v.into()))
    }
    fn serialize_i128(self, v: i128) -> Result<Json<'static>> {
        serde_json::to_value(v).map(number)
    }
    fn serialize_u8(self, v: u8) -> Result<Json<'static>> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<Json<'static>> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<Json<'static>> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<Json<'static>> {
        Ok(Json::Number(v.into()))
    }
    fn serialize_u128(self, v: u128) -> Result<Json<'static>> {
        serde_json::to_value(v).map(number)
    }
    fn serialize_f32(self, v: f32) -> Result<Json<'static>> {
        Ok(number(Value::from(v)))
    }
    fn serialize_f64(self, v: f64) -> Result<Json<'static>> {
        Ok(number(Value::from(v)))
    }
    fn serialize_char(self, v: char) -> Result<Json<'static>> {
        Ok(v.to_string().into())
    }
    fn serialize_str(self, v: &str) -> Result<Json<'static>> {
        Ok(v.to_owned().into())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Json<'static>> {
        Ok(Json::Array(
            v.iter().map(|&b| Json::Number(b.into())).collect(),
        ))
    }
    fn serialize_none(self) -> Result<Json<'static>> {
        Ok(Json::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Json<'static>> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Json<'static>> {
        Ok(Json::Null)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Json<'static>> {
        Ok(Json::Null)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Json<'static>> {
        Ok(Json::str(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Json<'static>> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Json<'static>> {
        Ok(object(vec![(
            Cow::Borrowed(variant),
            value.serialize(Serializer)?,
        )]))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq> {
        Ok(Seq(Vec::with_capacity(len.unwrap_or(0))))
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<Seq>> {
        Ok(Variant(variant, Seq(Vec::with_capacity(len))))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Map> {
        Ok(Map {
            entries: Vec::with_capacity(len.unwrap_or(0)),
            next_key: None,
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Map> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<Map>> {
        Ok(Variant(variant, self.serialize_map(Some(len))?))
    }
}

struct Seq(Vec<Json<'static>>);

impl ser::SerializeSeq for Seq {
    type Ok = Json<'static>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.0.push(value.serialize(Serializer)?);
        Ok(())
    }
    fn end(self) -> Result<Json<'static>> {
        Ok(Json::Array(self.0))
    }
}

impl ser::SerializeTuple for Seq {
    type Ok = Json<'static>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Json<'static>> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for Seq {
    type Ok = Json<'static>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Json<'static>> {
        ser::SerializeSeq::end(self)
    }
}

struct Map {
    entries: Vec<(Cow<'static, str>, Json<'static>)>,
    next_key: Option<String>,
}

impl ser::SerializeMap for Map {
    type Ok = Json<'static>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<()> {
        self.next_key = Some(key(k)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let Some(key) = self.next_key.take() else {
            return Err(ser::Error::custom(
                "serialize_value called before serialize_key",
            ));
        };
        self.entries
            .push((Cow::Owned(key), value.serialize(Serializer)?));
        Ok(())
    }
    fn end(self) -> Result<Json<'static>> {
        Ok(object(self.entries))
    }
}

impl ser::SerializeStruct for Map {
    type Ok = Json<'static>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<()> {
        self.entries
            .push((Cow::Borrowed(name), value.serialize(Serializer)?));
        Ok(())
    }
    fn end(self) -> Result<Json<'static>> {
        Ok(object(self.entries))
    }
}

/// An enum's tuple or struct variant: `{variant: value}`.
struct Variant<T>(&'static str, T);

impl ser::SerializeTupleVariant for Variant<Seq> {
    type Ok = Json<'static>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(&mut self.1, value)
    }
    fn end(self) -> Result<Json<'static>> {
        let value = ser::SerializeSeq::end(self.1)?;
        Ok(object(vec![(Cow::Borrowed(self.0), value)]))
    }
}

impl ser::SerializeStructVariant for Variant<Map> {
    type Ok = Json<'static>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<()> {
        ser::SerializeStruct::serialize_field(&mut self.1, name, value)
    }
    fn end(self) -> Result<Json<'static>> {
        let value = ser::SerializeStruct::end(self.1)?;
        Ok(object(vec![(Cow::Borrowed(self.0), value)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::core::compact;
    use serde::Serialize;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[derive(Serialize)]
    enum Shape {
        Unit,
        Newtype(u8),
        Tuple(i32, bool),
        Struct { a: Option<String>, b: Vec<u8> },
    }

    #[derive(Serialize)]
    struct Model {
        name: &'static str,
        empty: String,
        flag: bool,
        count: i64,
        ratio: f64,
        nan: f64,
        shapes: Vec<Shape>,
        keyed: BTreeMap<u32, Option<bool>>,
        nested: BTreeMap<String, BTreeMap<String, Vec<u8>>>,
        value: Value,
    }

    #[test]
    fn prunes_and_prints_as_serde_json_and_drop_zeros_do() {
        let model = Model {
            name: "m",
            empty: String::new(),
            flag: false,
            count: 0,
            ratio: 1.5,
            nan: f64::NAN,
            shapes: vec![
                Shape::Unit,
                Shape::Newtype(3),
                Shape::Tuple(-1, false),
                Shape::Struct {
                    a: None,
                    b: Vec::new(),
                },
            ],
            keyed: BTreeMap::from([(10, Some(true)), (2, None)]),
            nested: BTreeMap::from([("x".into(), BTreeMap::from([("y".into(), Vec::new())]))]),
            value: json!({"z": [null, {}], "a": {"b": null}, "c": [{"d": false, "e": 1}]}),
        };
        let expected = compact::yaml_without_zeros(serde_json::to_value(&model).expect("json"));
        let pruned = tree(&model).expect("tree");
        assert_eq!(compact::yaml(&pruned), expected);
        assert_eq!(
            compact::yaml(
                &tree(&Shape::Struct {
                    a: None,
                    b: Vec::new()
                })
                .expect("tree")
            ),
            compact::yaml_without_zeros(json!({"Struct": {}}))
        );
        assert_eq!(compact::yaml(&tree(&"").expect("tree")), "null\n");
    }
}
