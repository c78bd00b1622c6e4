//! `/openapi/v2` in its protobuf form, read back by an independent decoder: protox compiles
//! gnostic's `openapi.v2` messages (the wire facts of github.com/google/gnostic-models'
//! `openapiv2/OpenAPIv2.proto`: names, numbers, types) and prost-reflect decodes what the
//! server sends. Turned back into JSON by those descriptors alone, it is the JSON document
//! less what proto3 cannot say (false, 0 and "" are absent), as kube-apiserver's is.

mod support;

use protox::prost_reflect::{
    DescriptorPool, DynamicMessage, MessageDescriptor, ReflectMessage, Value as Field,
};
use serde_json::{Map, Value};
use support::*;

const PROTOBUF_V2: &str = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";
/// What kubectl 1.27 and 1.28 send.
const PROTOBUF_V2_AT: &str = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";

const OPENAPI_V2_PROTO: &str = concat!(
    "syntax = \"proto3\";\npackage openapi.v2;\nimport \"google/protobuf/any.proto\";\n",
    "message AdditionalPropertiesItem { oneof oneof { Schema schema = 1; bool boolean = 2; } }\n",
    "message Any { google.protobuf.Any value = 1; string yaml = 2; }\n",
    "message ApiKeySecurity { string type = 1; string name = 2; string in = 3; string description = 4; repeated NamedAny vendor_extension = 5; }\n",
    "message BasicAuthenticationSecurity { string type = 1; string description = 2; repeated NamedAny vendor_extension = 3; }\n",
    "message BodyParameter { string description = 1; string name = 2; string in = 3; bool required = 4; Schema schema = 5; repeated NamedAny vendor_extension = 6; }\n",
    "message Contact { string name = 1; string url = 2; string email = 3; repeated NamedAny vendor_extension = 4; }\n",
    "message Default { repeated NamedAny additional_properties = 1; }\n",
    "message Definitions { repeated NamedSchema additional_properties = 1; }\n",
    "message Document { string swagger = 1; Info info = 2; string host = 3; string base_path = 4; repeated string schemes = 5; repeated string consumes = 6; repeated string produces = 7; Paths paths = 8; Definitions definitions = 9; ParameterDefinitions parameters = 10; ResponseDefinitions responses = 11; repeated SecurityRequirement security = 12; SecurityDefinitions security_definitions = 13; repeated Tag tags = 14; ExternalDocs external_docs = 15; repeated NamedAny vendor_extension = 16; }\n",
    "message Examples { repeated NamedAny additional_properties = 1; }\n",
    "message ExternalDocs { string description = 1; string url = 2; repeated NamedAny vendor_extension = 3; }\n",
    "message FileSchema { string format = 1; string title = 2; string description = 3; Any default = 4; repeated string required = 5; string type = 6; bool read_only = 7; ExternalDocs external_docs = 8; Any example = 9; repeated NamedAny vendor_extension = 10; }\n",
    "message FormDataParameterSubSchema { bool required = 1; string in = 2; string description = 3; string name = 4; bool allow_empty_value = 5; string type = 6; string format = 7; PrimitivesItems items = 8; string collection_format = 9; Any default = 10; double maximum = 11; bool exclusive_maximum = 12; double minimum = 13; bool exclusive_minimum = 14; int64 max_length = 15; int64 min_length = 16; string pattern = 17; int64 max_items = 18; int64 min_items = 19; bool unique_items = 20; repeated Any enum = 21; double multiple_of = 22; repeated NamedAny vendor_extension = 23; }\n",
    "message Header { string type = 1; string format = 2; PrimitivesItems items = 3; string collection_format = 4; Any default = 5; double maximum = 6; bool exclusive_maximum = 7; double minimum = 8; bool exclusive_minimum = 9; int64 max_length = 10; int64 min_length = 11; string pattern = 12; int64 max_items = 13; int64 min_items = 14; bool unique_items = 15; repeated Any enum = 16; double multiple_of = 17; string description = 18; repeated NamedAny vendor_extension = 19; }\n",
    "message HeaderParameterSubSchema { bool required = 1; string in = 2; string description = 3; string name = 4; string type = 5; string format = 6; PrimitivesItems items = 7; string collection_format = 8; Any default = 9; double maximum = 10; bool exclusive_maximum = 11; double minimum = 12; bool exclusive_minimum = 13; int64 max_length = 14; int64 min_length = 15; string pattern = 16; int64 max_items = 17; int64 min_items = 18; bool unique_items = 19; repeated Any enum = 20; double multiple_of = 21; repeated NamedAny vendor_extension = 22; }\n",
    "message Headers { repeated NamedHeader additional_properties = 1; }\n",
    "message Info { string title = 1; string version = 2; string description = 3; string terms_of_service = 4; Contact contact = 5; License license = 6; repeated NamedAny vendor_extension = 7; }\n",
    "message ItemsItem { repeated Schema schema = 1; }\n",
    "message JsonReference { string _ref = 1; string description = 2; }\n",
    "message License { string name = 1; string url = 2; repeated NamedAny vendor_extension = 3; }\n",
    "message NamedAny { string name = 1; Any value = 2; }\n",
    "message NamedHeader { string name = 1; Header value = 2; }\n",
    "message NamedParameter { string name = 1; Parameter value = 2; }\n",
    "message NamedPathItem { string name = 1; PathItem value = 2; }\n",
    "message NamedResponse { string name = 1; Response value = 2; }\n",
    "message NamedResponseValue { string name = 1; ResponseValue value = 2; }\n",
    "message NamedSchema { string name = 1; Schema value = 2; }\n",
    "message NamedSecurityDefinitionsItem { string name = 1; SecurityDefinitionsItem value = 2; }\n",
    "message NamedString { string name = 1; string value = 2; }\n",
    "message NamedStringArray { string name = 1; StringArray value = 2; }\n",
    "message NonBodyParameter { oneof oneof { HeaderParameterSubSchema header_parameter_sub_schema = 1; FormDataParameterSubSchema form_data_parameter_sub_schema = 2; QueryParameterSubSchema query_parameter_sub_schema = 3; PathParameterSubSchema path_parameter_sub_schema = 4; } }\n",
    "message Oauth2AccessCodeSecurity { string type = 1; string flow = 2; Oauth2Scopes scopes = 3; string authorization_url = 4; string token_url = 5; string description = 6; repeated NamedAny vendor_extension = 7; }\n",
    "message Oauth2ApplicationSecurity { string type = 1; string flow = 2; Oauth2Scopes scopes = 3; string token_url = 4; string description = 5; repeated NamedAny vendor_extension = 6; }\n",
    "message Oauth2ImplicitSecurity { string type = 1; string flow = 2; Oauth2Scopes scopes = 3; string authorization_url = 4; string description = 5; repeated NamedAny vendor_extension = 6; }\n",
    "message Oauth2PasswordSecurity { string type = 1; string flow = 2; Oauth2Scopes scopes = 3; string token_url = 4; string description = 5; repeated NamedAny vendor_extension = 6; }\n",
    "message Oauth2Scopes { repeated NamedString additional_properties = 1; }\n",
    "message Operation { repeated string tags = 1; string summary = 2; string description = 3; ExternalDocs external_docs = 4; string operation_id = 5; repeated string produces = 6; repeated string consumes = 7; repeated ParametersItem parameters = 8; Responses responses = 9; repeated string schemes = 10; bool deprecated = 11; repeated SecurityRequirement security = 12; repeated NamedAny vendor_extension = 13; }\n",
    "message Parameter { oneof oneof { BodyParameter body_parameter = 1; NonBodyParameter non_body_parameter = 2; } }\n",
    "message ParameterDefinitions { repeated NamedParameter additional_properties = 1; }\n",
    "message ParametersItem { oneof oneof { Parameter parameter = 1; JsonReference json_reference = 2; } }\n",
    "message PathItem { string _ref = 1; Operation get = 2; Operation put = 3; Operation post = 4; Operation delete = 5; Operation options = 6; Operation head = 7; Operation patch = 8; repeated ParametersItem parameters = 9; repeated NamedAny vendor_extension = 10; }\n",
    "message PathParameterSubSchema { bool required = 1; string in = 2; string description = 3; string name = 4; string type = 5; string format = 6; PrimitivesItems items = 7; string collection_format = 8; Any default = 9; double maximum = 10; bool exclusive_maximum = 11; double minimum = 12; bool exclusive_minimum = 13; int64 max_length = 14; int64 min_length = 15; string pattern = 16; int64 max_items = 17; int64 min_items = 18; bool unique_items = 19; repeated Any enum = 20; double multiple_of = 21; repeated NamedAny vendor_extension = 22; }\n",
    "message Paths { repeated NamedAny vendor_extension = 1; repeated NamedPathItem path = 2; }\n",
    "message PrimitivesItems { string type = 1; string format = 2; PrimitivesItems items = 3; string collection_format = 4; Any default = 5; double maximum = 6; bool exclusive_maximum = 7; double minimum = 8; bool exclusive_minimum = 9; int64 max_length = 10; int64 min_length = 11; string pattern = 12; int64 max_items = 13; int64 min_items = 14; bool unique_items = 15; repeated Any enum = 16; double multiple_of = 17; repeated NamedAny vendor_extension = 18; }\n",
    "message Properties { repeated NamedSchema additional_properties = 1; }\n",
    "message QueryParameterSubSchema { bool required = 1; string in = 2; string description = 3; string name = 4; bool allow_empty_value = 5; string type = 6; string format = 7; PrimitivesItems items = 8; string collection_format = 9; Any default = 10; double maximum = 11; bool exclusive_maximum = 12; double minimum = 13; bool exclusive_minimum = 14; int64 max_length = 15; int64 min_length = 16; string pattern = 17; int64 max_items = 18; int64 min_items = 19; bool unique_items = 20; repeated Any enum = 21; double multiple_of = 22; repeated NamedAny vendor_extension = 23; }\n",
    "message Response { string description = 1; SchemaItem schema = 2; Headers headers = 3; Examples examples = 4; repeated NamedAny vendor_extension = 5; }\n",
    "message ResponseDefinitions { repeated NamedResponse additional_properties = 1; }\n",
    "message ResponseValue { oneof oneof { Response response = 1; JsonReference json_reference = 2; } }\n",
    "message Responses { repeated NamedResponseValue response_code = 1; repeated NamedAny vendor_extension = 2; }\n",
    "message Schema { string _ref = 1; string format = 2; string title = 3; string description = 4; Any default = 5; double multiple_of = 6; double maximum = 7; bool exclusive_maximum = 8; double minimum = 9; bool exclusive_minimum = 10; int64 max_length = 11; int64 min_length = 12; string pattern = 13; int64 max_items = 14; int64 min_items = 15; bool unique_items = 16; int64 max_properties = 17; int64 min_properties = 18; repeated string required = 19; repeated Any enum = 20; AdditionalPropertiesItem additional_properties = 21; TypeItem type = 22; ItemsItem items = 23; repeated Schema all_of = 24; Properties properties = 25; string discriminator = 26; bool read_only = 27; Xml xml = 28; ExternalDocs external_docs = 29; Any example = 30; repeated NamedAny vendor_extension = 31; }\n",
    "message SchemaItem { oneof oneof { Schema schema = 1; FileSchema file_schema = 2; } }\n",
    "message SecurityDefinitions { repeated NamedSecurityDefinitionsItem additional_properties = 1; }\n",
    "message SecurityDefinitionsItem { oneof oneof { BasicAuthenticationSecurity basic_authentication_security = 1; ApiKeySecurity api_key_security = 2; Oauth2ImplicitSecurity oauth2_implicit_security = 3; Oauth2PasswordSecurity oauth2_password_security = 4; Oauth2ApplicationSecurity oauth2_application_security = 5; Oauth2AccessCodeSecurity oauth2_access_code_security = 6; } }\n",
    "message SecurityRequirement { repeated NamedStringArray additional_properties = 1; }\n",
    "message StringArray { repeated string value = 1; }\n",
    "message Tag { string name = 1; string description = 2; ExternalDocs external_docs = 3; repeated NamedAny vendor_extension = 4; }\n",
    "message TypeItem { repeated string value = 1; }\n",
    "message VendorExtension { repeated NamedAny additional_properties = 1; }\n",
    "message Xml { string name = 1; string namespace = 2; string prefix = 3; bool attribute = 4; bool wrapped = 5; repeated NamedAny vendor_extension = 6; }\n",
);

fn descriptors() -> DescriptorPool {
    let root = tempfile::tempdir().expect("a temp dir");
    std::fs::write(root.path().join("OpenAPIv2.proto"), OPENAPI_V2_PROTO).expect("writes");
    let mut compiler = protox::Compiler::new([root.path()]).expect("a compiler");
    compiler
        .open_file("OpenAPIv2.proto")
        .unwrap_or_else(|e| panic!("the schema compiles: {e:?}"));
    compiler.descriptor_pool()
}

/// A message back as the JSON gnostic read it, from its descriptor alone.
fn to_json(message: &DynamicMessage) -> Value {
    let descriptor = message.descriptor();
    let name = descriptor.name();
    assert_eq!(
        message.unknown_fields().count(),
        0,
        "{name} has fields its schema does not know"
    );
    let set: Vec<_> = message.fields().collect();
    match name {
        "Any" => {
            let yaml = message
                .get_field_by_name("yaml")
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            return serde_yaml_ng::from_str(&yaml).expect("Any holds YAML");
        }
        "TypeItem" | "ItemsItem" | "StringArray" => {
            // One value is written bare, several as a list (`type`, `items`).
            let items: Vec<Value> = set
                .first()
                .and_then(|(_, value)| value.as_list())
                .map(|items| items.iter().map(field_json).collect())
                .unwrap_or_default();
            return match (name, items.len()) {
                ("StringArray", _) => Value::Array(items),
                (_, 1) => items.into_iter().next().unwrap_or(Value::Null),
                _ => Value::Array(items),
            };
        }
        _ => {}
    }
    // A oneof message is its member.
    if descriptor.oneofs().next().is_some() {
        let (_, value) = set.first().expect("a oneof member is set");
        return field_json(value);
    }
    let mut object = Map::new();
    for (field, value) in set {
        match field.name() {
            // Entries of a map (`Schema.additional_properties` is no list: a schema).
            "vendor_extension" | "additional_properties" | "path" | "response_code"
                if field.is_list() =>
            {
                for entry in value.as_list().expect("repeated") {
                    let entry = entry.as_message().expect("a Named message");
                    let key = entry
                        .get_field_by_name("name")
                        .and_then(|n| n.as_str().map(str::to_string))
                        .unwrap_or_default();
                    let value = entry
                        .get_field_by_name("value")
                        .map(|v| field_json(&v))
                        .unwrap_or(Value::Null);
                    object.insert(key, value);
                }
            }
            "_ref" => {
                object.insert("$ref".into(), field_json(value));
            }
            other => {
                object.insert(camel(other), field_json(value));
            }
        }
    }
    Value::Object(object)
}

fn field_json(value: &Field) -> Value {
    match value {
        Field::Bool(b) => Value::Bool(*b),
        Field::I64(n) => Value::from(*n),
        Field::F64(n) => serde_json::Number::from_f64(*n)
            .map(|n| {
                // JSON integers stay integers.
                if n.as_f64()
                    .is_some_and(|f| f.fract() == 0.0 && f.abs() < 1e15)
                {
                    Value::from(n.as_f64().unwrap_or_default() as i64)
                } else {
                    Value::Number(n)
                }
            })
            .unwrap_or(Value::Null),
        Field::String(s) => Value::String(s.clone()),
        Field::Message(m) => to_json(m),
        Field::List(items) => Value::Array(items.iter().map(field_json).collect()),
        other => panic!("gnostic's messages have no {other:?}"),
    }
}

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The JSON document less what proto3 leaves out: false, 0 and "" fields (a boolean
/// `additionalProperties` is a oneof member and stays). Values kept as YAML stay whole.
fn without_proto3_defaults(value: &Value, key: &str) -> Value {
    match value {
        Value::Object(o) if !kept_as_yaml(key) => Value::Object(
            o.iter()
                .filter(|(k, v)| {
                    k.as_str() == "additionalProperties"
                        || kept_as_yaml(k)
                        || !matches!(v, Value::Bool(false))
                            && v.as_f64() != Some(0.0)
                            && v.as_str() != Some("")
                })
                .map(|(k, v)| (k.clone(), without_proto3_defaults(v, k)))
                .collect(),
        ),
        Value::Array(items) if !kept_as_yaml(key) => Value::Array(
            items
                .iter()
                .map(|v| without_proto3_defaults(v, ""))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// gnostic keeps these values whole, as YAML (`Any`).
fn kept_as_yaml(key: &str) -> bool {
    key.starts_with("x-") || matches!(key, "default" | "example" | "enum")
}

fn document(pool: &DescriptorPool, bytes: &[u8]) -> DynamicMessage {
    let descriptor: MessageDescriptor = pool
        .get_message_by_name("openapi.v2.Document")
        .expect("the Document message");
    DynamicMessage::decode(descriptor, bytes).expect("the protobuf form decodes")
}

/// Decodes the protobuf form a server sends and compares it with its JSON form.
async fn assert_same_document(http: &Http, pool: &DescriptorPool, accept: &str) -> Value {
    let json = http.get("/openapi/v2").await.expect(200);
    let protobuf = http.get_as("/openapi/v2", accept).await;
    assert_eq!(protobuf.status, 200, "{accept}");
    assert_eq!(protobuf.header("content-type"), Some(PROTOBUF_V2));
    let decoded = to_json(&document(pool, &protobuf.body));
    let expected = without_proto3_defaults(&json, "");
    if decoded != expected {
        let (d, e) = (decoded.to_string(), expected.to_string());
        let at = d.bytes().zip(e.bytes()).take_while(|(a, b)| a == b).count();
        panic!(
            "the protobuf form differs from the JSON document near\n decoded: {}\nexpected: {}",
            &d[at.saturating_sub(200)..(at + 200).min(d.len())],
            &e[at.saturating_sub(200)..(at + 200).min(e.len())]
        );
    }
    json
}

/// A Swagger document that uses every message of gnostic's `openapi.v2`.
const EVERY_PART: &str = r##"{
    "swagger": "2.0",
    "info": {
        "title": "t", "version": "v", "description": "d", "termsOfService": "tos",
        "contact": {"name": "n", "url": "u", "email": "e", "x-c": 1},
        "license": {"name": "Apache-2.0", "url": "u", "x-l": [1, "a"]},
        "x-i": {"a": null}
    },
    "host": "example.com", "basePath": "/base",
    "schemes": ["https"], "consumes": ["application/json"], "produces": ["application/yaml"],
    "paths": {
        "x-p": true,
        "/things/{name}": {
            "parameters": [
                {"$ref": "#/parameters/pretty"},
                {"name": "name", "in": "path", "required": true, "type": "string", "pattern": "^[a-z]+$", "x-n": 2}
            ],
            "get": {
                "tags": ["things"], "summary": "s", "description": "d", "operationId": "getThing",
                "externalDocs": {"url": "https://docs", "description": "more"},
                "produces": ["application/json"], "schemes": ["https"], "deprecated": true,
                "security": [{"BearerToken": []}, {"oauth": ["read", "write"]}],
                "parameters": [
                    {"name": "limit", "in": "query", "type": "integer", "format": "int32", "minimum": 1, "maximum": 500.5,
                     "exclusiveMinimum": true, "exclusiveMaximum": true, "default": 10, "multipleOf": 2, "allowEmptyValue": true},
                    {"name": "tags", "in": "query", "type": "array", "collectionFormat": "csv", "maxItems": 3, "minItems": 1, "uniqueItems": true,
                     "items": {"type": "string", "enum": ["a", "b"], "maxLength": 5, "minLength": 1,
                               "items": {"type": "string", "x-deep": 1}, "x-it": 3}},
                    {"name": "X-Trace", "in": "header", "type": "string", "description": "trace"},
                    {"name": "file", "in": "formData", "type": "file"},
                    {"name": "body", "in": "body", "required": true, "description": "b",
                     "schema": {"$ref": "#/definitions/Thing"}, "x-b": "b"}
                ],
                "responses": {
                    "200": {
                        "description": "ok",
                        "schema": {"type": "array", "items": {"$ref": "#/definitions/Thing"}},
                        "headers": {"X-Rate": {"type": "integer", "description": "rate", "x-h": 1}},
                        "examples": {"application/json": {"name": "x"}},
                        "x-r": 4
                    },
                    "204": {"$ref": "#/responses/empty"},
                    "default": {"description": "file", "schema": {"type": "file", "title": "f", "readOnly": true, "required": ["a"]}},
                    "x-rs": 5
                },
                "x-o": {"k": "v"}
            },
            "put": {"responses": {"200": {"description": "ok"}}},
            "post": {"responses": {"200": {"description": "ok"}}},
            "delete": {"responses": {"200": {"description": "ok"}}},
            "options": {"responses": {"200": {"description": "ok"}}},
            "head": {"responses": {"200": {"description": "ok"}}},
            "patch": {"responses": {"200": {"description": "ok"}}},
            "x-pi": "pi"
        },
        "/elsewhere": {"$ref": "#/paths/~1things~1{name}"}
    },
    "definitions": {
        "Thing": {
            "type": "object", "title": "Thing", "description": "a thing",
            "required": ["name"], "discriminator": "kind", "readOnly": true,
            "minProperties": 1, "maxProperties": 9,
            "properties": {
                "name": {"type": "string", "default": "x", "example": "y", "format": "dns1123-label"},
                "size": {"type": ["integer", "null"], "minimum": 0.5},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "closed": {"type": "object", "additionalProperties": false},
                "open": {"type": "object", "additionalProperties": true},
                "pair": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]},
                "both": {"allOf": [{"$ref": "#/definitions/Base"}, {"properties": {"x": {"type": "string"}}}]},
                "xml": {"type": "string", "xml": {"name": "n", "namespace": "ns", "prefix": "p", "attribute": true, "wrapped": true, "x-x": 0}},
                "docs": {"type": "string", "externalDocs": {"url": "u"}}
            },
            "x-kubernetes-group-version-kind": [{"group": "g", "kind": "Thing", "version": "v1"}]
        },
        "Base": {"type": "object"}
    },
    "parameters": {
        "pretty": {"name": "pretty", "in": "query", "type": "string", "uniqueItems": true},
        "payload": {"name": "payload", "in": "body", "schema": {"type": "object"}}
    },
    "responses": {"empty": {"description": "nothing", "x-e": 1}},
    "security": [{"BearerToken": []}],
    "securityDefinitions": {
        "BearerToken": {"type": "apiKey", "name": "authorization", "in": "header", "description": "Bearer", "x-s": 1},
        "basic": {"type": "basic", "description": "b"},
        "implicit": {"type": "oauth2", "flow": "implicit", "authorizationUrl": "a", "scopes": {"read": "r"}},
        "password": {"type": "oauth2", "flow": "password", "tokenUrl": "t", "scopes": {}},
        "application": {"type": "oauth2", "flow": "application", "tokenUrl": "t", "scopes": {"w": "w"}, "description": "d"},
        "oauth": {"type": "oauth2", "flow": "accessCode", "authorizationUrl": "a", "tokenUrl": "t", "scopes": {"read": "r", "write": "w"}, "x-a": 1}
    },
    "tags": [{"name": "things", "description": "d", "externalDocs": {"url": "u"}, "x-t": 1}],
    "externalDocs": {"description": "d", "url": "u"},
    "x-top": {"nested": [1, 2.5, "three"]}
}"##;

/// Every message of the document, beyond what kapi's generator writes: security schemes,
/// each parameter location, shared parameters and responses, headers, examples, file
/// responses, XML, tags, `$ref`s and extensions at every level.
#[tokio::test]
async fn every_part_of_a_swagger_document_survives() {
    let document: Value = serde_json::from_str(EVERY_PART).expect("JSON");
    let server = kapi_apiserver::ApiServer::builder(scheme())
        .openapi(kapi_apiserver::OpenApiDocuments::new().with_v2(document.to_string()))
        .start()
        .await
        .expect("the server starts");
    let http = Http::new(&server);
    let pool = descriptors();
    let json = assert_same_document(&http, &pool, PROTOBUF_V2).await;
    assert_eq!(json, document);
}

#[tokio::test]
async fn the_protobuf_form_is_the_json_document() {
    let server = start().await;
    let http = Http::new(&server);
    let json = http.get("/openapi/v2").await;
    let etag = json.header("etag").expect("an ETag").to_string();
    assert_eq!(json.header("vary"), Some("Accept"));
    let json = json.expect(200);

    let pool = descriptors();
    for accept in [PROTOBUF_V2_AT, PROTOBUF_V2] {
        assert_eq!(assert_same_document(&http, &pool, accept).await, json);
        // One ETag for both forms: the response varies by Accept.
        let protobuf = http.get_as("/openapi/v2", accept).await;
        assert_eq!(protobuf.header("etag"), Some(etag.as_str()));
    }

    // A cached copy is still good.
    let cached = http
        .request(
            hyper::Method::GET,
            "/openapi/v2",
            &[("accept", PROTOBUF_V2_AT), ("if-none-match", &etag)],
            Vec::new(),
        )
        .await;
    assert_eq!(cached.status, 304);
    assert!(cached.body.is_empty());
    // Neither JSON nor the protobuf form: 406, as kube-openapi answers.
    let refused = http
        .get_as("/openapi/v2", "application/vnd.kubernetes.protobuf")
        .await;
    assert_eq!(refused.status, 406);
}
