//! The protobuf form of the OpenAPI v2 document: gnostic's `openapi.v2.Document` message
//! (github.com/google/gnostic-models, `openapiv2/OpenAPIv2.proto`), built from the JSON
//! document as kube-openapi's `ToProtoBinary` builds it with gnostic's `ParseDocument`.
//! kubectl 1.27 and 1.28 read only this form.
//!
//! Each message is a table of (JSON key, field number, how the value is written); the
//! messages that are a `oneof` pick their member from the JSON as gnostic does. A key
//! gnostic would refuse is an error, so nothing of the JSON document is lost silently.
//! Values gnostic keeps as `Any` (defaults, examples, enum values, vendor extensions)
//! are YAML text, which is what gnostic writes and kubectl parses.

use prost::encoding::{encode_key, encode_varint, WireType};
use serde_json::{Map, Value};

/// Why a JSON document has no protobuf form: the path of the first value gnostic would
/// refuse, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unrepresentable {
    pub path: String,
    pub reason: String,
}

impl std::fmt::Display for Unrepresentable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.reason)
    }
}

impl std::error::Error for Unrepresentable {}

type Encoded = Result<Vec<u8>, Unrepresentable>;
/// Encodes one JSON value as a message's bytes; the second argument is its path.
type Encode = fn(&Value, &str) -> Encoded;

fn refuse(path: &str, reason: impl Into<String>) -> Unrepresentable {
    Unrepresentable {
        path: path.to_string(),
        reason: reason.into(),
    }
}

/// The bytes of `openapi.v2.Document` for a Swagger 2.0 JSON document.
pub fn encode_document(document: &Value) -> Encoded {
    message(document, "", DOCUMENT)
}

/// How a JSON value becomes a field.
#[derive(Clone, Copy)]
enum Kind {
    Str,
    Bool,
    Double,
    Int64,
    Strings,
    /// `Any`: the value as YAML.
    Any,
    Anys,
    /// A nested message that is a table of fields alone.
    Table(&'static [Field]),
    Tables(&'static [Field]),
    Msg(Encode),
    Msgs(Encode),
    /// A JSON object as repeated `Named*` entries: `name = 1`, `value = 2` (a message).
    Named(Encode),
    /// A JSON object of strings as repeated `NamedString`.
    NamedStrings,
    /// Every `x-` key as a repeated `NamedAny` (the JSON key of the row is ignored).
    Extensions,
}

#[derive(Clone, Copy)]
struct Field(&'static str, u32, Kind);

use Kind::*;

const EXTENSIONS: &str = "x-";

/// A message from a JSON object, its fields in number order as Go's `proto.Marshal`
/// writes them (so the bytes are kube-apiserver's for the same document).
fn message(value: &Value, path: &str, fields: &[Field]) -> Encoded {
    let object = as_object(value, path)?;
    let at = |key: &str| format!("{path}/{}", escape(key));
    if let Some(unknown) = object.keys().find(|key| {
        !key.starts_with(EXTENSIONS)
            && !fields
                .iter()
                .any(|f| f.0 == key.as_str() && !matches!(f.2, Extensions))
    }) {
        return Err(refuse(
            &at(unknown),
            "not a field of this OpenAPI v2 object",
        ));
    }
    let mut out = Vec::new();
    for &Field(key, number, kind) in fields {
        if matches!(kind, Extensions) {
            for (key, value) in object.iter().filter(|(k, _)| k.starts_with(EXTENSIONS)) {
                write_field(&mut out, number, kind, key, value, &at(key))?;
            }
        } else if let Some(value) = object.get(key) {
            write_field(&mut out, number, kind, key, value, &at(key))?;
        }
    }
    if let Some(key) = object.keys().find(|k| k.starts_with(EXTENSIONS)) {
        if !fields.iter().any(|f| matches!(f.2, Extensions)) {
            return Err(refuse(&at(key), "this OpenAPI v2 object has no extensions"));
        }
    }
    Ok(out)
}

fn write_field(
    out: &mut Vec<u8>,
    number: u32,
    kind: Kind,
    key: &str,
    value: &Value,
    at: &str,
) -> Result<(), Unrepresentable> {
    match kind {
        Str => string_field(out, number, as_str(value, at)?),
        Bool => {
            if as_bool(value, at)? {
                encode_key(number, WireType::Varint, out);
                encode_varint(1, out);
            }
        }
        Double => {
            let n = value
                .as_f64()
                .ok_or_else(|| refuse(at, "expected a number"))?;
            if n != 0.0 {
                encode_key(number, WireType::SixtyFourBit, out);
                out.extend_from_slice(&n.to_le_bytes());
            }
        }
        Int64 => {
            let n = as_int(value, at)?;
            if n != 0 {
                encode_key(number, WireType::Varint, out);
                // Two's complement, as protobuf writes a negative int64.
                encode_varint(n as u64, out);
            }
        }
        Strings => {
            for (i, s) in as_array(value, at)?.iter().enumerate() {
                let s = as_str(s, &format!("{at}/{i}"))?;
                bytes_field(out, number, s.as_bytes());
            }
        }
        Any => bytes_field(out, number, &any(value, at)?),
        Anys => {
            for (i, v) in as_array(value, at)?.iter().enumerate() {
                bytes_field(out, number, &any(v, &format!("{at}/{i}"))?);
            }
        }
        Table(fields) => bytes_field(out, number, &message(value, at, fields)?),
        Tables(fields) => {
            for (i, v) in as_array(value, at)?.iter().enumerate() {
                bytes_field(out, number, &message(v, &format!("{at}/{i}"), fields)?);
            }
        }
        Msg(encode) => bytes_field(out, number, &encode(value, at)?),
        Msgs(encode) => {
            for (i, v) in as_array(value, at)?.iter().enumerate() {
                bytes_field(out, number, &encode(v, &format!("{at}/{i}"))?);
            }
        }
        Named(encode) => {
            for (name, v) in as_object(value, at)? {
                let inner = encode(v, &format!("{at}/{}", escape(name)))?;
                bytes_field(out, number, &named(name, &inner));
            }
        }
        NamedStrings => {
            for (name, v) in as_object(value, at)? {
                let mut entry = Vec::new();
                string_field(&mut entry, 1, name);
                string_field(&mut entry, 2, as_str(v, &format!("{at}/{}", escape(name)))?);
                bytes_field(out, number, &entry);
            }
        }
        Extensions => bytes_field(out, number, &named(key, &any(value, at)?)),
    }
    Ok(())
}

/// A `Named*` entry: `name = 1`, the value message `= 2`.
fn named(name: &str, value: &[u8]) -> Vec<u8> {
    let mut entry = Vec::new();
    string_field(&mut entry, 1, name);
    bytes_field(&mut entry, 2, value);
    entry
}

/// proto3 leaves an empty string out.
fn string_field(out: &mut Vec<u8>, number: u32, s: &str) {
    if !s.is_empty() {
        bytes_field(out, number, s.as_bytes());
    }
}

fn bytes_field(out: &mut Vec<u8>, number: u32, bytes: &[u8]) {
    encode_key(number, WireType::LengthDelimited, out);
    encode_varint(bytes.len() as u64, out);
    out.extend_from_slice(bytes);
}

/// `Any { yaml = 2 }`: gnostic keeps values it has no type for as YAML text.
fn any(value: &Value, at: &str) -> Encoded {
    let yaml = serde_yaml_ng::to_string(value).map_err(|e| refuse(at, e.to_string()))?;
    let mut out = Vec::new();
    string_field(&mut out, 2, &yaml);
    Ok(out)
}

fn as_object<'a>(value: &'a Value, at: &str) -> Result<&'a Map<String, Value>, Unrepresentable> {
    value
        .as_object()
        .ok_or_else(|| refuse(at, "expected an object"))
}

fn as_array<'a>(value: &'a Value, at: &str) -> Result<&'a Vec<Value>, Unrepresentable> {
    value
        .as_array()
        .ok_or_else(|| refuse(at, "expected an array"))
}

fn as_str<'a>(value: &'a Value, at: &str) -> Result<&'a str, Unrepresentable> {
    value
        .as_str()
        .ok_or_else(|| refuse(at, "expected a string"))
}

fn as_bool(value: &Value, at: &str) -> Result<bool, Unrepresentable> {
    value
        .as_bool()
        .ok_or_else(|| refuse(at, "expected a boolean"))
}

fn as_int(value: &Value, at: &str) -> Result<i64, Unrepresentable> {
    value
        .as_i64()
        .or_else(|| {
            value
                .as_f64()
                .filter(|f| f.fract() == 0.0)
                .map(|f| f as i64)
        })
        .ok_or_else(|| refuse(at, "expected an integer"))
}

/// A JSON pointer token.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

// ---- the messages, field numbers as in OpenAPIv2.proto ----

const DOCUMENT: &[Field] = &[
    Field("swagger", 1, Str),
    Field("info", 2, Table(INFO)),
    Field("host", 3, Str),
    Field("basePath", 4, Str),
    Field("schemes", 5, Strings),
    Field("consumes", 6, Strings),
    Field("produces", 7, Strings),
    Field("paths", 8, Msg(paths)),
    Field("definitions", 9, Msg(definitions)),
    Field("parameters", 10, Msg(parameter_definitions)),
    Field("responses", 11, Msg(response_definitions)),
    Field("security", 12, Msgs(security_requirement)),
    Field("securityDefinitions", 13, Msg(security_definitions)),
    Field("tags", 14, Tables(TAG)),
    Field("externalDocs", 15, Table(EXTERNAL_DOCS)),
    Field("", 16, Extensions),
];

const INFO: &[Field] = &[
    Field("title", 1, Str),
    Field("version", 2, Str),
    Field("description", 3, Str),
    Field("termsOfService", 4, Str),
    Field("contact", 5, Table(CONTACT)),
    Field("license", 6, Table(LICENSE)),
    Field("", 7, Extensions),
];

const CONTACT: &[Field] = &[
    Field("name", 1, Str),
    Field("url", 2, Str),
    Field("email", 3, Str),
    Field("", 4, Extensions),
];

const LICENSE: &[Field] = &[
    Field("name", 1, Str),
    Field("url", 2, Str),
    Field("", 3, Extensions),
];

const EXTERNAL_DOCS: &[Field] = &[
    Field("description", 1, Str),
    Field("url", 2, Str),
    Field("", 3, Extensions),
];

const TAG: &[Field] = &[
    Field("name", 1, Str),
    Field("description", 2, Str),
    Field("externalDocs", 3, Table(EXTERNAL_DOCS)),
    Field("", 4, Extensions),
];

/// `Paths`: `x-` keys are extensions (1), every other key a path (`NamedPathItem`, 2).
fn paths(v: &Value, at: &str) -> Encoded {
    let object = as_object(v, at)?;
    let mut out = Vec::new();
    for (key, value) in object.iter().filter(|(k, _)| k.starts_with(EXTENSIONS)) {
        bytes_field(
            &mut out,
            1,
            &named(key, &any(value, &format!("{at}/{}", escape(key)))?),
        );
    }
    for (key, value) in object.iter().filter(|(k, _)| !k.starts_with(EXTENSIONS)) {
        let at = format!("{at}/{}", escape(key));
        if !key.starts_with('/') {
            return Err(refuse(&at, "a path must start with /"));
        }
        bytes_field(&mut out, 2, &named(key, &path_item(value, &at)?));
    }
    Ok(out)
}

fn path_item(v: &Value, at: &str) -> Encoded {
    message(
        v,
        at,
        &[
            Field("$ref", 1, Str),
            Field("get", 2, Msg(operation)),
            Field("put", 3, Msg(operation)),
            Field("post", 4, Msg(operation)),
            Field("delete", 5, Msg(operation)),
            Field("options", 6, Msg(operation)),
            Field("head", 7, Msg(operation)),
            Field("patch", 8, Msg(operation)),
            Field("parameters", 9, Msgs(parameters_item)),
            Field("", 10, Extensions),
        ],
    )
}

fn operation(v: &Value, at: &str) -> Encoded {
    message(
        v,
        at,
        &[
            Field("tags", 1, Strings),
            Field("summary", 2, Str),
            Field("description", 3, Str),
            Field("externalDocs", 4, Table(EXTERNAL_DOCS)),
            Field("operationId", 5, Str),
            Field("produces", 6, Strings),
            Field("consumes", 7, Strings),
            Field("parameters", 8, Msgs(parameters_item)),
            Field("responses", 9, Msg(responses)),
            Field("schemes", 10, Strings),
            Field("deprecated", 11, Bool),
            Field("security", 12, Msgs(security_requirement)),
            Field("", 13, Extensions),
        ],
    )
}

/// `ParametersItem`: a `$ref` (`JsonReference`, 2) or a parameter (1).
fn parameters_item(v: &Value, at: &str) -> Encoded {
    let mut out = Vec::new();
    if as_object(v, at)?.contains_key("$ref") {
        bytes_field(&mut out, 2, &message(v, at, JSON_REFERENCE)?);
    } else {
        bytes_field(&mut out, 1, &parameter(v, at)?);
    }
    Ok(out)
}

const JSON_REFERENCE: &[Field] = &[Field("$ref", 1, Str), Field("description", 2, Str)];

/// `Parameter`: a body parameter (1) or, by `in`, one of the four non-body ones
/// (`NonBodyParameter`, 2).
fn parameter(v: &Value, at: &str) -> Encoded {
    let location = as_object(v, at)?
        .get("in")
        .and_then(Value::as_str)
        .unwrap_or("");
    let (number, allow_empty_value) = match location {
        "body" => {
            let mut out = Vec::new();
            bytes_field(&mut out, 1, &message(v, at, BODY_PARAMETER)?);
            return Ok(out);
        }
        "header" => (1, false),
        "formData" => (2, true),
        "query" => (3, true),
        "path" => (4, false),
        other => {
            return Err(refuse(
                &format!("{at}/in"),
                format!("unknown parameter location {other:?}"),
            ))
        }
    };
    let mut non_body = Vec::new();
    bytes_field(
        &mut non_body,
        number,
        &non_body_parameter(v, at, allow_empty_value)?,
    );
    let mut out = Vec::new();
    bytes_field(&mut out, 2, &non_body);
    Ok(out)
}

const BODY_PARAMETER: &[Field] = &[
    Field("description", 1, Str),
    Field("name", 2, Str),
    Field("in", 3, Str),
    Field("required", 4, Bool),
    Field("schema", 5, Msg(schema)),
    Field("", 6, Extensions),
];

/// A primitive's type and constraints: the same fields in the same order in
/// `PrimitivesItems` and `Header` (from 1), the header and path parameters (from 5), the
/// query and form-data parameters (from 6).
const PRIMITIVE: [(&str, Kind); 17] = [
    ("type", Str),
    ("format", Str),
    ("items", Msg(primitives_items)),
    ("collectionFormat", Str),
    ("default", Any),
    ("maximum", Double),
    ("exclusiveMaximum", Bool),
    ("minimum", Double),
    ("exclusiveMinimum", Bool),
    ("maxLength", Int64),
    ("minLength", Int64),
    ("pattern", Str),
    ("maxItems", Int64),
    ("minItems", Int64),
    ("uniqueItems", Bool),
    ("enum", Anys),
    ("multipleOf", Double),
];

/// `leading` fields, the primitive's from number `first` on, then `trailing`.
fn with_primitive(leading: &[Field], first: u32, trailing: &[Field]) -> Vec<Field> {
    let primitive = PRIMITIVE
        .iter()
        .zip(first..)
        .map(|(&(key, kind), number)| Field(key, number, kind));
    leading
        .iter()
        .copied()
        .chain(primitive)
        .chain(trailing.iter().copied())
        .collect()
}

/// The four non-body parameters: 1-4 alike; the query and form-data ones add
/// `allowEmptyValue` (5) before the primitive.
fn non_body_parameter(v: &Value, at: &str, allow_empty_value: bool) -> Encoded {
    let common = [
        Field("required", 1, Bool),
        Field("in", 2, Str),
        Field("description", 3, Str),
        Field("name", 4, Str),
    ];
    let fields = if allow_empty_value {
        let leading: Vec<Field> = common
            .into_iter()
            .chain([Field("allowEmptyValue", 5, Bool)])
            .collect();
        with_primitive(&leading, 6, &[Field("", 23, Extensions)])
    } else {
        with_primitive(&common, 5, &[Field("", 22, Extensions)])
    };
    message(v, at, &fields)
}

fn primitives_items(v: &Value, at: &str) -> Encoded {
    message(v, at, &with_primitive(&[], 1, &[Field("", 18, Extensions)]))
}

fn header(v: &Value, at: &str) -> Encoded {
    let trailing = [Field("description", 18, Str), Field("", 19, Extensions)];
    message(v, at, &with_primitive(&[], 1, &trailing))
}

fn responses(v: &Value, at: &str) -> Encoded {
    let object = as_object(v, at)?;
    let mut out = Vec::new();
    for (key, value) in object.iter().filter(|(k, _)| !k.starts_with(EXTENSIONS)) {
        let at = format!("{at}/{}", escape(key));
        bytes_field(&mut out, 1, &named(key, &response_value(value, &at)?));
    }
    for (key, value) in object.iter().filter(|(k, _)| k.starts_with(EXTENSIONS)) {
        bytes_field(
            &mut out,
            2,
            &named(key, &any(value, &format!("{at}/{}", escape(key)))?),
        );
    }
    Ok(out)
}

/// `ResponseValue`: a response (1) or a `$ref` (2).
fn response_value(v: &Value, at: &str) -> Encoded {
    let mut out = Vec::new();
    if as_object(v, at)?.contains_key("$ref") {
        bytes_field(&mut out, 2, &message(v, at, JSON_REFERENCE)?);
    } else {
        bytes_field(&mut out, 1, &response(v, at)?);
    }
    Ok(out)
}

fn response(v: &Value, at: &str) -> Encoded {
    message(
        v,
        at,
        &[
            Field("description", 1, Str),
            Field("schema", 2, Msg(schema_item)),
            Field("headers", 3, Msg(headers)),
            Field("examples", 4, Msg(examples)),
            Field("", 5, Extensions),
        ],
    )
}

fn headers(v: &Value, at: &str) -> Encoded {
    message_of_named(v, at, header)
}

fn examples(v: &Value, at: &str) -> Encoded {
    message_of_named(v, at, any)
}

/// A message whose only field (1) is the entries of a JSON object.
fn message_of_named(v: &Value, at: &str, encode: Encode) -> Encoded {
    let mut out = Vec::new();
    write_field(&mut out, 1, Named(encode), "", v, at)?;
    Ok(out)
}

/// `SchemaItem`: a file schema (2) for `type: file`, else a schema (1).
fn schema_item(v: &Value, at: &str) -> Encoded {
    let mut out = Vec::new();
    if as_object(v, at)?.get("type").and_then(Value::as_str) == Some("file") {
        bytes_field(&mut out, 2, &message(v, at, FILE_SCHEMA)?);
    } else {
        bytes_field(&mut out, 1, &schema(v, at)?);
    }
    Ok(out)
}

const FILE_SCHEMA: &[Field] = &[
    Field("format", 1, Str),
    Field("title", 2, Str),
    Field("description", 3, Str),
    Field("default", 4, Any),
    Field("required", 5, Strings),
    Field("type", 6, Str),
    Field("readOnly", 7, Bool),
    Field("externalDocs", 8, Table(EXTERNAL_DOCS)),
    Field("example", 9, Any),
    Field("", 10, Extensions),
];

const SCHEMA: &[Field] = &[
    Field("$ref", 1, Str),
    Field("format", 2, Str),
    Field("title", 3, Str),
    Field("description", 4, Str),
    Field("default", 5, Any),
    Field("multipleOf", 6, Double),
    Field("maximum", 7, Double),
    Field("exclusiveMaximum", 8, Bool),
    Field("minimum", 9, Double),
    Field("exclusiveMinimum", 10, Bool),
    Field("maxLength", 11, Int64),
    Field("minLength", 12, Int64),
    Field("pattern", 13, Str),
    Field("maxItems", 14, Int64),
    Field("minItems", 15, Int64),
    Field("uniqueItems", 16, Bool),
    Field("maxProperties", 17, Int64),
    Field("minProperties", 18, Int64),
    Field("required", 19, Strings),
    Field("enum", 20, Anys),
    Field("additionalProperties", 21, Msg(additional_properties)),
    Field("type", 22, Msg(type_item)),
    Field("items", 23, Msg(items_item)),
    Field("allOf", 24, Msgs(schema)),
    Field("properties", 25, Msg(properties)),
    Field("discriminator", 26, Str),
    Field("readOnly", 27, Bool),
    Field("xml", 28, Table(XML)),
    Field("externalDocs", 29, Table(EXTERNAL_DOCS)),
    Field("example", 30, Any),
    Field("", 31, Extensions),
];

fn schema(v: &Value, at: &str) -> Encoded {
    message(v, at, SCHEMA)
}

/// `AdditionalPropertiesItem`: a schema (1) or a boolean (2, written even when false:
/// it is a oneof member).
fn additional_properties(v: &Value, at: &str) -> Encoded {
    let mut out = Vec::new();
    match v {
        Value::Bool(b) => {
            encode_key(2, WireType::Varint, &mut out);
            encode_varint(u64::from(*b), &mut out);
        }
        _ => bytes_field(&mut out, 1, &schema(v, at)?),
    }
    Ok(out)
}

/// `TypeItem`: one type name or several.
fn type_item(v: &Value, at: &str) -> Encoded {
    let mut out = Vec::new();
    match v {
        Value::String(s) => bytes_field(&mut out, 1, s.as_bytes()),
        _ => write_field(&mut out, 1, Strings, "", v, at)?,
    }
    Ok(out)
}

/// `ItemsItem`: one schema or a list of them.
fn items_item(v: &Value, at: &str) -> Encoded {
    let mut out = Vec::new();
    match v {
        Value::Array(_) => write_field(&mut out, 1, Msgs(schema), "", v, at)?,
        _ => bytes_field(&mut out, 1, &schema(v, at)?),
    }
    Ok(out)
}

fn properties(v: &Value, at: &str) -> Encoded {
    message_of_named(v, at, schema)
}

const XML: &[Field] = &[
    Field("name", 1, Str),
    Field("namespace", 2, Str),
    Field("prefix", 3, Str),
    Field("attribute", 4, Bool),
    Field("wrapped", 5, Bool),
    Field("", 6, Extensions),
];

fn definitions(v: &Value, at: &str) -> Encoded {
    message_of_named(v, at, schema)
}

fn parameter_definitions(v: &Value, at: &str) -> Encoded {
    message_of_named(v, at, parameter)
}

fn response_definitions(v: &Value, at: &str) -> Encoded {
    message_of_named(v, at, response)
}

/// `SecurityRequirement`: scheme name → the scopes it needs (`StringArray`).
fn security_requirement(v: &Value, at: &str) -> Encoded {
    message_of_named(v, at, string_array)
}

fn string_array(v: &Value, at: &str) -> Encoded {
    let mut out = Vec::new();
    write_field(&mut out, 1, Strings, "", v, at)?;
    Ok(out)
}

fn security_definitions(v: &Value, at: &str) -> Encoded {
    message_of_named(v, at, security_definitions_item)
}

/// `SecurityDefinitionsItem`: the member by `type` (and an OAuth 2 scheme's `flow`).
fn security_definitions_item(v: &Value, at: &str) -> Encoded {
    let object = as_object(v, at)?;
    let text = |key: &str| object.get(key).and_then(Value::as_str).unwrap_or("");
    let (number, fields): (u32, Vec<Field>) = match (text("type"), text("flow")) {
        ("basic", _) => (
            1,
            vec![
                Field("type", 1, Str),
                Field("description", 2, Str),
                Field("", 3, Extensions),
            ],
        ),
        ("apiKey", _) => (
            2,
            vec![
                Field("type", 1, Str),
                Field("name", 2, Str),
                Field("in", 3, Str),
                Field("description", 4, Str),
                Field("", 5, Extensions),
            ],
        ),
        ("oauth2", "implicit") => (3, oauth2(&["authorizationUrl"])),
        ("oauth2", "password") => (4, oauth2(&["tokenUrl"])),
        ("oauth2", "application") => (5, oauth2(&["tokenUrl"])),
        ("oauth2", "accessCode") => (6, oauth2(&["authorizationUrl", "tokenUrl"])),
        (kind, flow) => {
            return Err(refuse(
                at,
                format!("unknown security scheme type {kind:?} (flow {flow:?})"),
            ))
        }
    };
    let mut out = Vec::new();
    bytes_field(&mut out, number, &message(v, at, &fields)?);
    Ok(out)
}

/// An OAuth 2 scheme: type, flow and scopes (1-3), the flow's URLs, then description and
/// extensions.
fn oauth2(urls: &[&'static str]) -> Vec<Field> {
    let mut fields = vec![
        Field("type", 1, Str),
        Field("flow", 2, Str),
        Field("scopes", 3, Msg(oauth2_scopes)),
    ];
    let next = (4..).zip(urls.iter().chain(&["description"]));
    fields.extend(next.map(|(number, key)| Field(key, number, Str)));
    fields.push(Field("", 5 + urls.len() as u32, Extensions));
    fields
}

fn oauth2_scopes(v: &Value, at: &str) -> Encoded {
    let mut out = Vec::new();
    write_field(&mut out, 1, NamedStrings, "", v, at)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_document_is_written_field_by_field() {
        let bytes =
            encode_document(&json!({"swagger": "2.0", "info": {"title": "t"}})).expect("encodes");
        // swagger = 1 "2.0"; info = 2 { title = 1 "t" }
        assert_eq!(bytes, b"\x0a\x032.0\x12\x03\x0a\x01t");
    }

    #[test]
    fn vendor_extensions_are_yaml() {
        let bytes = encode_document(&json!({"x-a": true})).expect("encodes");
        // vendor_extension = 16 { name = 1 "x-a"; value = 2 { yaml = 2 "true\n" } }
        assert_eq!(bytes, b"\x82\x01\x0e\x0a\x03x-a\x12\x07\x12\x05true\n");
    }

    #[test]
    fn what_gnostic_refuses_is_an_error_with_its_path() {
        let err = encode_document(&json!({"definitions": {"a": {"nullable": true}}}))
            .expect_err("nullable is OpenAPI 3");
        assert_eq!(err.path, "/definitions/a/nullable");
        let err = encode_document(
            &json!({"info": {"contact": {"x-a": 1}}, "tags": [{"name": "t", "x": 1}]}),
        )
        .expect_err("x is no field of Tag");
        assert_eq!(err.path, "/tags/0/x");
    }
}
