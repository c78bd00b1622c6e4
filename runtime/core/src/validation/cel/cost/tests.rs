//! Cases of apiextensions' `pkg/apiserver/schema/cel/compilation_test.go`
//! (`TestCostEstimation`): each schema's rule cost without bounds, then with the bound set.

use super::*;
use serde_json::json;

fn cost(rule: &str, schema: Value) -> u64 {
    match estimate(rule, &schema, false) {
        Ok(e) => e.max,
        Err(e) => panic!("{rule}: {e}"),
    }
}

fn item(ty: &str) -> Value {
    match ty {
        "int-or-string" => json!({"x-kubernetes-int-or-string": true}),
        _ => json!({"type": ty}),
    }
}

fn array(ty: &str, max: Option<i64>) -> Value {
    let mut s = json!({"type": "array", "items": item(ty)});
    if let Some(n) = max {
        s["maxItems"] = n.into();
    }
    s
}

fn map(ty: &str, max: Option<i64>) -> Value {
    let mut s = json!({"type": "object", "additionalProperties": item(ty)});
    if let Some(n) = max {
        s["maxProperties"] = n.into();
    }
    s
}

fn string(max: Option<i64>) -> Value {
    let mut s = json!({"type": "string"});
    if let Some(n) = max {
        s["maxLength"] = n.into();
    }
    s
}

/// (name, schema with its bound, rule, cost unbounded, bound, cost bounded)
type Case = (
    &'static str,
    fn(&str, Option<i64>) -> Value,
    &'static str,
    u64,
    i64,
    u64,
);

#[test]
fn costs_match_kubernetes_cost_estimation() {
    let cases: &[Case] = &[
        (
            "number array with all",
            array,
            "number:self.all(x, true)",
            4718591,
            10,
            32,
        ),
        (
            "string array with all",
            array,
            "string:self.all(x, true)",
            3145727,
            20,
            62,
        ),
        (
            "boolean array with all",
            array,
            "boolean:self.all(x, true)",
            1887437,
            5,
            17,
        ),
        (
            "int-or-string array with all",
            array,
            "int-or-string:self.all(x, true)",
            4718591,
            10,
            32,
        ),
        (
            "map of numbers with all",
            map,
            "number:self.all(x, true)",
            1348169,
            10,
            32,
        ),
        (
            "map of strings with all",
            map,
            "string:self.all(x, true)",
            1179647,
            3,
            11,
        ),
        (
            "map of int-or-strings with all",
            map,
            "int-or-string:self.all(x, true)",
            1348169,
            15,
            47,
        ),
        (
            "index of array with numbers",
            array,
            "number:self[1] == 0.0",
            2,
            5000,
            2,
        ),
        (
            "index of array with strings",
            array,
            "string:self[1] == self[1]",
            314577,
            8,
            314577,
        ),
        (
            "index of array with int-or-strings",
            array,
            "int-or-string:self[0] == 5",
            3,
            10,
            3,
        ),
        (
            "index of array with booleans",
            array,
            "boolean:self[0] == false",
            2,
            25,
            2,
        ),
        (
            "O(n^2) loop with numbers",
            array,
            "number:self.all(x, self.all(y, true))",
            u64::MAX,
            10,
            352,
        ),
        (
            "O(n^3) loop with numbers",
            array,
            "number:self.all(x, self.all(y, self.all(z, true)))",
            u64::MAX,
            10,
            3552,
        ),
        (
            "set maxLength greater than estimated maxLength",
            array,
            "number:self.all(x, x == 0.0)",
            6291454,
            3 * 1024 * 2048,
            25165826,
        ),
        (
            "set map maxLength to zero",
            map,
            "number:self[\"x\"] == 0.0",
            2,
            0,
            2,
        ),
        (
            "check cost of size call",
            map,
            "integer:oldSelf.size() == self.size()",
            5,
            10,
            5,
        ),
    ];
    for (name, schema, rule, unbounded, bound, bounded) in cases {
        let (ty, rule) = rule.split_once(':').unwrap_or(("", rule));
        let got = cost(rule, schema(ty, None));
        if *unbounded == u64::MAX {
            assert!(got > 10_000_000, "{name}: {got}");
        } else {
            assert_eq!(got, *unbounded, "{name}");
        }
        assert_eq!(
            cost(rule, schema(ty, Some(*bound))),
            *bounded,
            "{name} bounded"
        );
    }
}

#[test]
fn string_function_costs_match_kubernetes() {
    let cases: &[(&str, &str, u64, i64, u64)] = &[
        (
            "string with contains",
            "self.contains('test')",
            314574,
            10,
            5,
        ),
        (
            "string with startsWith",
            "self.startsWith('test')",
            2,
            15,
            2,
        ),
        ("string with endsWith", "self.endsWith('test')", 2, 30, 2),
        (
            "concat string",
            r#"size(self + "hello") > size("hello")"#,
            314578,
            4,
            7,
        ),
        (
            "regex matches simple",
            r#"self.matches("x")"#,
            314574,
            50,
            22,
        ),
        (
            "regex matches empty string",
            r#""".matches("(((((((((())))))))))[0-9]")"#,
            7,
            10,
            7,
        ),
        (
            "regex matches empty regex",
            r#"self.matches("")"#,
            1,
            100,
            1,
        ),
        ("set string maxLength to zero", r#"self == "x""#, 2, 0, 1),
        (
            "extended library regex find",
            "self.find('[0-9]+') == ''",
            629147,
            10,
            11,
        ),
        (
            "extended library lowerAscii",
            "self.lowerAscii() == 'lower!'",
            314575,
            10,
            6,
        ),
    ];
    for (name, rule, unbounded, bound, bounded) in cases {
        assert_eq!(cost(rule, string(None)), *unbounded, "{name}");
        assert_eq!(cost(rule, string(Some(*bound))), *bounded, "{name} bounded");
    }
}

#[test]
fn nested_and_library_costs_match_kubernetes() {
    // "map of strings with value length"
    let nested = |max: Option<i64>| {
        let mut s = map("string", max);
        if let Some(n) = max {
            s["additionalProperties"]["maxLength"] = n.into();
        }
        s
    };
    let rule = "self.all(x, x.contains(self[x]))";
    assert_eq!(cost(rule, nested(None)), 2752507);
    assert_eq!(cost(rule, nested(Some(10))), 72);
    // "extended library split"
    let split = |max: Option<i64>| {
        let s = string(max);
        json!({"type": "object", "properties": {"str": s, "separator": s}})
    };
    let rule = "self.str.split(self.separator) == []";
    assert_eq!(cost(rule, split(None)), 629160);
    assert_eq!(cost(rule, split(Some(10))), 22);
    // "extended library isSorted"
    let strings = |max: Option<i64>| {
        let mut s = array("string", max);
        if let Some(n) = max {
            s["items"]["maxLength"] = n.into();
        }
        s
    };
    assert_eq!(cost("self.isSorted() == true", strings(None)), 329854432052);
    assert_eq!(cost("self.isSorted() == true", strings(Some(10))), 52);
    assert_eq!(
        cost("self.join(' ') == 'aa bb'", strings(None)),
        329853068905
    );
    assert_eq!(cost("self.join(' ') == 'aa bb'", strings(Some(10))), 43);
    // "extended library replace"
    let replace = |max: Option<i64>| {
        json!({"type": "object", "properties": {"str": string(max),
            "before": {"type": "string", "maxLength": 2}, "after": {"type": "string", "maxLength": 4}}})
    };
    let rule = "self.str.replace(self.before, self.after) == 'does not matter'";
    assert_eq!(cost(rule, replace(None)), 629154);
    assert_eq!(cost(rule, replace(Some(4))), 12);
    // "enums with maxLength equals to the longest possible value"
    let enumerated = json!({"type": "string", "enum": ["A", "B", "C", "LongValue"]});
    assert_eq!(cost("self.contains('A')", enumerated), 2);
    // "IntOrString type with quantity rule"
    let quantity = json!({"x-kubernetes-int-or-string": true});
    assert_eq!(cost("isQuantity(self)", quantity), 314574);
    let quantity = json!({"x-kubernetes-int-or-string": true, "maxLength": 20});
    assert_eq!(cost("isQuantity(self)", quantity), 9);
}

#[test]
fn cardinality_comes_from_the_smallest_value() {
    // An array of integers: `[1,1,...]`, two bytes an item.
    assert_eq!(
        max_cardinality(&json!({"type": "integer"})),
        3 * 1024 * 1024 / 2
    );
    assert_eq!(
        max_cardinality(&json!({"type": "string"})),
        3 * 1024 * 1024 / 3
    );
}

#[test]
fn a_root_rule_reads_capped_metadata_names() {
    // validation_test.go: "x-kubernetes-validations rule with ... metadata.name" is accepted:
    // the names are capped at 253 (252) characters, 4 bytes each.
    let rule = "self.metadata.name.contains(self.metadata.name) && self.metadata.generateName.contains(self.metadata.generateName)";
    let cost = estimate(rule, &json!({"type": "object"}), true).map(|e| e.max);
    assert_eq!(cost, Ok(10410 + 10207));
    let unbounded = estimate(
        "self.kind.contains(self.kind)",
        &json!({"type": "object"}),
        true,
    );
    assert!(unbounded.is_ok_and(|e| e.max > 10_000_000));
}

// Gateway API's HTTPRoute `parentRefs` rule (v1.6.1), which kube-apiserver accepts: its
// escaped `__namespace__` must reach the bounded `namespace` property, not an unknown one.
#[test]
fn escaped_properties_keep_their_bounds() {
    let parent_refs = json!({
        "type": "array", "maxItems": 32,
        "items": {"type": "object", "properties": {
            "group": {"type": "string", "maxLength": 253},
            "kind": {"type": "string", "maxLength": 63},
            "name": {"type": "string", "maxLength": 253},
            "namespace": {"type": "string", "maxLength": 63},
            "sectionName": {"type": "string", "maxLength": 253},
        }},
    });
    let rule = "self.all(p1, self.all(p2, p1.group == p2.group && p1.kind == p2.kind && p1.name == p2.name && (((!has(p1.__namespace__) || p1.__namespace__ == '') && (!has(p2.__namespace__) || p2.__namespace__ == '')) || (has(p1.__namespace__) && has(p2.__namespace__) && p1.__namespace__ == p2.__namespace__ )) ? ((!has(p1.sectionName) || p1.sectionName == '') == (!has(p2.sectionName) || p2.sectionName == '')) : true))";
    let estimated = cost(rule, parent_refs);
    assert!(estimated < 10_000_000, "{estimated}");
}

// Gateway API's HTTPRoute `timeouts` rule: durations of unbounded strings compare as
// scalars (cel-go's `isScalar`), as kube-apiserver's estimate has it.
#[test]
fn durations_compare_as_scalars() {
    let timeouts = json!({"type": "object", "properties": {
        "request": {"type": "string"},
        "backendRequest": {"type": "string"},
    }});
    let rule = "!(has(self.request) && has(self.backendRequest) && duration(self.request) != duration('0s') && duration(self.backendRequest) > duration(self.request))";
    let estimated = cost(rule, timeouts);
    assert!(estimated < 10_000_000, "{estimated}");
}
