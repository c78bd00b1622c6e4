//! The cases of apiextensions-apiserver's `pkg/apiserver/schema/pruning` `TestPrune`, as
//! facts: an input, a structural schema (written here as the CRD's JSON), whether the input
//! is a resource's root, the pruned object and the sorted paths of what was dropped. Each
//! case is pruned twice: the second pass must change and report nothing.

use kapi_schema::prune::prune;
use serde_json::{json, Value};

fn check(input: Value, schema: Value, root: bool, expected: Value, expected_pruned: &[&str]) {
    let mut value = input;
    let pruned = prune(&mut value, &schema, root);
    assert_eq!(value, expected);
    assert_eq!(pruned, expected_pruned);
    assert_eq!(prune(&mut value, &schema, root), Vec::<String>::new());
    assert_eq!(value, expected);
}

// TestPrune "empty": no schema, a null value.
#[test]
fn empty() {
    check(Value::Null, Value::Null, false, Value::Null, &[]);
}

// TestPrune "scalar".
#[test]
fn scalar() {
    check(json!(4), json!({}), false, json!(4), &[]);
}

// TestPrune "scalar array".
#[test]
fn scalar_array() {
    check(
        json!([1, 2]),
        json!({"items": {}}),
        false,
        json!([1, 2]),
        &[],
    );
}

// TestPrune "object array".
#[test]
fn object_array() {
    check(
        json!([{"a": 1}, {"b": 1}, {"a": 1, "b": 2, "c": 3}]),
        json!({"items": {"properties": {"a": {}, "c": {}}}}),
        false,
        json!([{"a": 1}, {}, {"a": 1, "c": 3}]),
        &["[1].b", "[2].b"],
    );
}

// TestPrune "object array with nil schema": without a schema every field goes.
#[test]
fn object_array_with_nil_schema() {
    check(
        json!([{"a": 1}, {"b": 1}, {"a": 1, "b": 2, "c": 3}]),
        Value::Null,
        false,
        json!([{}, {}, {}]),
        &["[0].a", "[1].b", "[2].a", "[2].b", "[2].c"],
    );
}

// TestPrune "object array object".
#[test]
fn object_array_object() {
    check(
        json!({
            "array": [{"a": 1}, {"b": 1}, {"a": 1, "b": 2, "c": 3}],
            "unspecified": {"a": 1},
            "specified": {"a": 1, "b": 2, "c": 3}
        }),
        json!({"properties": {
            "array": {"items": {"properties": {"a": {}, "c": {}}}},
            "specified": {"properties": {"a": {}, "c": {}}}
        }}),
        false,
        json!({"array": [{"a": 1}, {}, {"a": 1, "c": 3}], "specified": {"a": 1, "c": 3}}),
        &["array[1].b", "array[2].b", "specified.b", "unspecified"],
    );
}

// TestPrune "nested x-kubernetes-preserve-unknown-fields": preserving keeps unknown fields
// but still prunes known ones by their schemas; additionalProperties' schema does not
// inherit the flag; an `apiVersion` below the root is an ordinary field.
#[test]
fn nested_preserve_unknown_fields() {
    let schema = json!({
        "type": "object",
        "x-kubernetes-preserve-unknown-fields": true,
        "properties": {
            "alpha": {"type": "string"},
            "beta": {"type": "number"},
            "pruning": {"type": "object", "properties": {
                "preserving": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                "pruning": {"type": "object"}
            }},
            "preserving": {
                "type": "object",
                "x-kubernetes-preserve-unknown-fields": true,
                "properties": {
                    "preserving": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                    "preservingUnknownType": {"x-kubernetes-preserve-unknown-fields": true},
                    "pruning": {"type": "object"}
                }
            },
            "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields": {
                "type": "object",
                "x-kubernetes-preserve-unknown-fields": true,
                "additionalProperties": {"type": "object", "properties": {
                    "specified": {"type": "object"}
                }}
            },
            "preservingAdditionalPropertiesKeyPruneValues": {
                "type": "object",
                "additionalProperties": {"type": "object", "properties": {
                    "specified": {"type": "object"}
                }}
            }
        }
    });
    let input = json!({
        "unspecified": "bar",
        "alpha": "abc",
        "beta": 42.0,
        "unspecifiedObject": {"unspecified": "bar"},
        "pruning": {
            "unspecified": "bar",
            "unspecifiedObject": {"unspecified": "bar"},
            "pruning": {"unspecified": "bar"},
            "apiVersion": "unknown",
            "preserving": {"unspecified": "bar"}
        },
        "preserving": {
            "unspecified": "bar",
            "unspecifiedObject": {"unspecified": "bar"},
            "pruning": {"unspecified": "bar"},
            "preserving": {"unspecified": "bar"},
            "preservingUnknownType": [{"foo": true}, {"bar": true}]
        },
        "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields": {
            "foo": {"specified": {"unspecified": "bar"}, "unspecified": "bar"}
        },
        "preservingAdditionalPropertiesKeyPruneValues": {
            "foo": {"specified": {"unspecified": "bar"}, "unspecified": "bar"}
        }
    });
    let expected = json!({
        "unspecified": "bar",
        "alpha": "abc",
        "beta": 42.0,
        "unspecifiedObject": {"unspecified": "bar"},
        "pruning": {"pruning": {}, "preserving": {"unspecified": "bar"}},
        "preserving": {
            "unspecified": "bar",
            "unspecifiedObject": {"unspecified": "bar"},
            "pruning": {},
            "preserving": {"unspecified": "bar"},
            "preservingUnknownType": [{"foo": true}, {"bar": true}]
        },
        "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields": {
            "foo": {"specified": {}}
        },
        "preservingAdditionalPropertiesKeyPruneValues": {"foo": {"specified": {}}}
    });
    check(
        input,
        schema,
        false,
        expected,
        &[
            "preserving.pruning.unspecified",
            "preservingAdditionalPropertiesKeyPruneValues.foo.specified.unspecified",
            "preservingAdditionalPropertiesKeyPruneValues.foo.unspecified",
            "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields.foo.specified.unspecified",
            "preservingAdditionalPropertiesNotInheritingXPreserveUnknownFields.foo.unspecified",
            "pruning.apiVersion",
            "pruning.pruning.unspecified",
            "pruning.unspecified",
            "pruning.unspecifiedObject",
        ],
    );
}

// TestPrune "additionalProperties with schema".
#[test]
fn additional_properties_with_schema() {
    check(
        json!({"a": 1, "b": 1, "c": {"a": 1, "b": 2, "c": {"a": 1}}}),
        json!({"properties": {
            "a": {},
            "c": {"additionalProperties": {"type": "integer"}}
        }}),
        false,
        json!({"a": 1, "c": {"a": 1, "b": 2, "c": {}}}),
        &["b", "c.c.a"],
    );
}

// TestPrune "additionalProperties with bool": every key is known, but its value is pruned
// with no schema, so objects under it lose every field (`apiVersion` too).
#[test]
fn additional_properties_with_bool() {
    check(
        json!({"a": 1, "b": 1, "c": {"a": 1, "b": 2, "c": {"a": 1, "apiVersion": "unknown"}}}),
        json!({"properties": {"a": {}, "c": {"additionalProperties": false}}}),
        false,
        json!({"a": 1, "c": {"a": 1, "b": 2, "c": {}}}),
        &["b", "c.c.a", "c.c.apiVersion"],
    );
}

fn embedded_input() -> Value {
    let metadata = json!({
        "name": "instance",
        "namespace": "myns",
        "labels": {"foo": "bar"},
        "unspecified": "bar"
    });
    let resource = |spec: Value| {
        json!({
            "apiVersion": "foo/v1",
            "kind": "Foo",
            "unspecified": "bar",
            "metadata": metadata.clone(),
            "spec": spec
        })
    };
    let mut nested = resource(json!({
        "unspecified": "bar",
        "embedded": resource(json!({"unspecified": "bar"}))
    }));
    nested["spec"]["embedded"]["metadata"] = metadata.clone();
    json!({
        "apiVersion": "foo/v1",
        "kind": "Foo",
        "metadata": metadata,
        "unspecified": "bar",
        "pruned": resource(json!({"unspecified": "bar"})),
        "preserving": resource(json!({"unspecified": "bar"})),
        "nested": nested
    })
}

/// What the embedded-resource cases keep: each resource's `apiVersion`, `kind` and whole
/// `metadata`, and the `preserving` one as it was.
fn embedded_expected(with_root_meta: bool) -> Value {
    let metadata = json!({
        "name": "instance",
        "namespace": "myns",
        "labels": {"foo": "bar"},
        "unspecified": "bar"
    });
    let kept = |spec: Value| json!({"apiVersion": "foo/v1", "kind": "Foo", "metadata": metadata.clone(), "spec": spec});
    let mut expected = json!({
        "pruned": kept(json!({})),
        "preserving": {
            "apiVersion": "foo/v1",
            "kind": "Foo",
            "unspecified": "bar",
            "metadata": metadata.clone(),
            "spec": {"unspecified": "bar"}
        },
        "nested": kept(json!({"embedded": kept(json!({}))}))
    });
    if with_root_meta {
        expected["apiVersion"] = json!("foo/v1");
        expected["kind"] = json!("Foo");
        expected["metadata"] = metadata;
    }
    expected
}

const EMBEDDED_PRUNED: [&str; 7] = [
    "nested.spec.embedded.spec.unspecified",
    "nested.spec.embedded.unspecified",
    "nested.spec.unspecified",
    "nested.unspecified",
    "pruned.spec.unspecified",
    "pruned.unspecified",
    "unspecified",
];

// TestPrune "x-kubernetes-embedded-resource": embedded resources keep `apiVersion`, `kind`
// and `metadata` untouched; the root, not being a resource root here, loses them silently.
// (The Go case's metadata has only a name; the extra fields here show it stays whole.)
#[test]
fn embedded_resource() {
    let schema = json!({
        "type": "object",
        "properties": {
            "pruned": {
                "type": "object",
                "x-kubernetes-embedded-resource": true,
                "properties": {"spec": {"type": "object"}}
            },
            "preserving": {
                "type": "object",
                "x-kubernetes-embedded-resource": true,
                "x-kubernetes-preserve-unknown-fields": true
            },
            "nested": {
                "type": "object",
                "x-kubernetes-embedded-resource": true,
                "properties": {"spec": {"type": "object", "properties": {
                    "embedded": {
                        "type": "object",
                        "x-kubernetes-embedded-resource": true,
                        "properties": {"spec": {"type": "object"}}
                    }
                }}}
            }
        }
    });
    check(
        embedded_input(),
        schema,
        false,
        embedded_expected(false),
        &EMBEDDED_PRUNED,
    );
}

// TestPrune "x-kubernetes-embedded-resource, with root=true": the resource's root keeps its
// own `apiVersion`, `kind` and `metadata`, whatever `metadata`'s schema says.
#[test]
fn embedded_resource_at_the_root() {
    let schema = json!({
        "type": "object",
        "properties": {
            "metadata": {"type": "object"},
            "pruned": {
                "type": "object",
                "x-kubernetes-embedded-resource": true,
                "properties": {"metadata": {"type": "object"}, "spec": {"type": "object"}}
            },
            "preserving": {
                "type": "object",
                "x-kubernetes-embedded-resource": true,
                "x-kubernetes-preserve-unknown-fields": true
            },
            "nested": {
                "type": "object",
                "x-kubernetes-embedded-resource": true,
                "properties": {"spec": {"type": "object", "properties": {
                    "embedded": {
                        "type": "object",
                        "x-kubernetes-embedded-resource": true,
                        "properties": {
                            "metadata": {"type": "object"},
                            "spec": {"type": "object"}
                        }
                    }
                }}}
            }
        }
    });
    check(
        embedded_input(),
        schema,
        true,
        embedded_expected(true),
        &EMBEDDED_PRUNED,
    );
}

// Beyond TestPrune: a resource root without a schema keeps only its type and metadata.
#[test]
fn resource_root_without_schema() {
    check(
        json!({"apiVersion": "a/v1", "kind": "A", "metadata": {"name": "x"}, "spec": {"a": 1}}),
        Value::Null,
        true,
        json!({"apiVersion": "a/v1", "kind": "A", "metadata": {"name": "x"}}),
        &["spec"],
    );
}

// Beyond TestPrune: `allOf`, `anyOf`, `oneOf` and `not` name no fields, and a preserving
// list passes preservation on to its items, whose known fields are still pruned.
#[test]
fn junctors_add_no_fields_and_preserving_lists_preserve_items() {
    check(
        json!({
            "spec": {"a": 1, "b": 2},
            "list": [{"known": {"x": 1}, "unknown": 1}]
        }),
        json!({"properties": {
            "spec": {
                "type": "object",
                "properties": {"a": {"type": "integer"}},
                "anyOf": [{"properties": {"b": {"type": "integer"}}}],
                "allOf": [{"required": ["b"]}],
                "not": {"properties": {"b": {}}}
            },
            "list": {
                "type": "array",
                "x-kubernetes-preserve-unknown-fields": true,
                "items": {"type": "object", "properties": {"known": {"type": "object"}}}
            }
        }}),
        false,
        json!({"spec": {"a": 1}, "list": [{"known": {}, "unknown": 1}]}),
        &["list[0].known.x", "spec.b"],
    );
}
