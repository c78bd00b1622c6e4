//! The JSON of apiextensions.k8s.io/v1's union types (`src/apiextensions/v1_json.rs`), case
//! by case as Kubernetes' `pkg/apis/apiextensions/v1/marshal_test.go` pins Go's: what each
//! value is written as, what it reads back as, and how odd input (`null`, a number) reads.
//! Go's empty-input cases have no counterpart: a JSON document always holds a value. Go's
//! "unsupported value" cases (a NaN `maximum`) are its encoder refusing NaN, not these types.

use kapi::codec::json;
use kapi::meta::ByteString;
use kapi_k8s::apiextensions::v1::{
    CustomResourceDefinition, JSONSchemaProps, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool,
    JSONSchemaPropsOrStringArray, JSON,
};

fn string_schema() -> JSONSchemaProps {
    JSONSchemaProps {
        type_: "string".into(),
        ..Default::default()
    }
}

/// `value` is written as `want`, which reads back as `decoded`.
#[track_caller]
fn round_trip<T>(value: &T, want: &str, decoded: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let written = json::to_string(value).expect("encodes");
    assert_eq!(written, want);
    let read: T = json::from_str(&written).expect("decodes");
    assert_eq!(&read, decoded);
}

/// A schema, empty or not, is written as the schema alone (Go's "empty props" and "props").
#[track_caller]
fn schema_round_trips<T>(wrap: impl Fn(JSONSchemaProps) -> T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    round_trip(
        &wrap(JSONSchemaProps::default()),
        "{}",
        &wrap(JSONSchemaProps::default()),
    );
    round_trip(
        &wrap(string_schema()),
        r#"{"type":"string"}"#,
        &wrap(string_schema()),
    );
}

#[track_caller]
fn reads<T>(input: &str) -> Result<T, kapi::codec::CodecError>
where
    T: serde::de::DeserializeOwned,
{
    json::from_str(input)
}

#[test]
fn or_bool_round_trips() {
    let zero = JSONSchemaPropsOrBool::default();
    round_trip(&zero, "false", &zero);
    let allows = |allows| JSONSchemaPropsOrBool {
        allows,
        schema: None,
    };
    round_trip(&allows(false), "false", &allows(false));
    round_trip(&allows(true), "true", &allows(true));
    // A schema is written alone and reads back as a schema that allows.
    round_trip(
        &JSONSchemaPropsOrBool {
            allows: false,
            schema: Some(Box::new(string_schema())),
        },
        r#"{"type":"string"}"#,
        &JSONSchemaPropsOrBool {
            allows: true,
            schema: Some(Box::new(string_schema())),
        },
    );
}

#[test]
fn or_bool_reads_an_empty_object_as_an_empty_schema_and_refuses_the_rest() {
    assert_eq!(
        reads::<JSONSchemaPropsOrBool>("{}").expect("legacy behavior"),
        JSONSchemaPropsOrBool {
            allows: true,
            schema: Some(Box::default()),
        }
    );
    for input in ["null", "42", r#""yes""#, "[]"] {
        let err = reads::<JSONSchemaPropsOrBool>(input).expect_err(input);
        assert!(
            err.to_string().contains("boolean or JSON schema expected"),
            "{input}: {err}"
        );
    }
}

#[test]
fn or_array_round_trips() {
    let schema = |s| JSONSchemaPropsOrArray {
        schema: Some(Box::new(s)),
        json_schemas: Vec::new(),
    };
    let array = |items| JSONSchemaPropsOrArray {
        schema: None,
        json_schemas: items,
    };
    schema_round_trips(schema);
    round_trip(
        &array(vec![JSONSchemaProps::default()]),
        "[{}]",
        &array(vec![JSONSchemaProps::default()]),
    );
    round_trip(
        &array(vec![JSONSchemaProps::default(), string_schema()]),
        r#"[{},{"type":"string"}]"#,
        &array(vec![JSONSchemaProps::default(), string_schema()]),
    );
}

#[test]
fn or_array_reads_anything_else_as_neither() {
    for input in ["null", "42", "true", r#""x""#] {
        assert_eq!(
            reads::<JSONSchemaPropsOrArray>(input).expect(input),
            JSONSchemaPropsOrArray::default(),
            "{input}"
        );
    }
    // Neither set is written as `null`, as Go writes a nil schema.
    assert_eq!(
        json::to_string(&JSONSchemaPropsOrArray::default()).expect("encodes"),
        "null"
    );
}

#[test]
fn or_string_array_round_trips() {
    let schema = |s| JSONSchemaPropsOrStringArray {
        schema: Some(s),
        property: Vec::new(),
    };
    let property = |p: &[&str]| JSONSchemaPropsOrStringArray {
        schema: None,
        property: p.iter().map(|s| s.to_string()).collect(),
    };
    schema_round_trips(schema);
    // An empty list is no list: `null`, read back as neither.
    round_trip(&property(&[]), "null", &property(&[]));
    round_trip(
        &property(&["string"]),
        r#"["string"]"#,
        &property(&["string"]),
    );
    // Property names win over a schema.
    round_trip(
        &JSONSchemaPropsOrStringArray {
            schema: Some(JSONSchemaProps {
                type_: "props".into(),
                ..Default::default()
            }),
            property: vec!["string".into()],
        },
        r#"["string"]"#,
        &property(&["string"]),
    );
}

#[test]
fn or_string_array_reads_anything_else_as_neither() {
    assert_eq!(
        reads::<JSONSchemaPropsOrStringArray>("[]").expect("empty array"),
        JSONSchemaPropsOrStringArray::default()
    );
    for input in ["null", "42", "false"] {
        assert_eq!(
            reads::<JSONSchemaPropsOrStringArray>(input).expect(input),
            JSONSchemaPropsOrStringArray::default(),
            "{input}"
        );
    }
}

#[test]
fn json_round_trips_any_value_and_writes_no_bytes_as_null() {
    let raw = |s: &str| JSON {
        raw: ByteString(s.as_bytes().to_vec()),
    };
    // Go's nil, zero-length and zero `Raw` are one value here: no bytes.
    round_trip(&JSON::default(), "null", &JSON::default());
    for value in [
        r#""string""#,
        "42.01",
        "true",
        "[1,2,3]",
        r#"{"foo":"bar"}"#,
    ] {
        round_trip(&raw(value), value, &raw(value));
    }
    // `null` leaves the bytes empty.
    assert_eq!(reads::<JSON>("null").expect("null"), JSON::default());
}

/// The schema inside a union is read by `JSONSchemaProps` itself, so strict decoding (the
/// server's `fieldValidation=Strict`) still finds an unknown field in it, with its path.
#[test]
fn strict_decoding_sees_into_the_unions() {
    let crd = r#"{
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "widgets.example.com"},
        "spec": {
            "group": "example.com",
            "names": {"plural": "widgets", "kind": "Widget"},
            "scope": "Namespaced",
            "versions": [{
                "name": "v1", "served": true, "storage": true,
                "schema": {"openAPIV3Schema": {
                    "type": "object",
                    "additionalProperties": {"type": "string", "bogus": 1},
                    "properties": {"list": {"type": "array", "items": {"type": "string", "typo": true}}}
                }}
            }]
        }
    }"#;
    let strict =
        json::from_slice_strict::<CustomResourceDefinition>(crd.as_bytes()).expect("decodes");
    let mut unknown = strict.unknown_fields.clone();
    unknown.sort();
    assert_eq!(unknown.len(), 2, "{unknown:?}");
    assert!(unknown.iter().any(|p| p.ends_with("bogus")), "{unknown:?}");
    assert!(unknown.iter().any(|p| p.ends_with("typo")), "{unknown:?}");
    let schema = strict.value.spec.versions[0]
        .schema
        .as_ref()
        .and_then(|s| s.open_apiv3_schema.as_ref())
        .expect("schema");
    let additional = schema
        .additional_properties
        .as_deref()
        .expect("additionalProperties");
    assert!(additional.allows);
    assert_eq!(
        additional.schema.as_ref().map(|s| s.type_.as_str()),
        Some("string")
    );
}

/// Their protobuf is their fields', as Go's `generated.pb.go` writes them: `allows` always
/// (a non-pointer bool), a `JSON` as its bytes in field 1.
#[test]
fn protobuf_is_the_go_fields() {
    use kapi::codec::protobuf::prost::Message;
    assert_eq!(
        JSONSchemaPropsOrBool::default().encode_to_vec(),
        [0x08, 0x00]
    );
    let one = JSON {
        raw: ByteString(b"1".to_vec()),
    };
    assert_eq!(one.encode_to_vec(), [0x0a, 0x01, b'1']);
    assert_eq!(JSON::decode(&[0x0a, 0x01, b'1'][..]).expect("decodes"), one);
}
