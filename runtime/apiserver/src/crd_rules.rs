//! A CRD's `x-kubernetes-validations` checked when the CRD is written, as apiextensions'
//! `ValidateCustomResourceDefinitionOpenAPISchema` checks them once the schema itself is
//! sound: each rule and `messageExpression` compiles (the cel crate parses; kube also
//! type-checks, which this does not), `oldSelf` only where an old value correlates,
//! `optionalOldSelf` only with `oldSelf`, and the estimated cost of each expression (times
//! how often its rule may run per object) within `StaticEstimatedCostLimit`, and of all of
//! a version's within `StaticEstimatedCRDCostLimit`.

use kapi_core::validation::cel::{self, cost};
use kapi_core::validation::{ErrorList, ErrorType, FieldError};
use serde_json::Value;

/// The largest estimated cost of one expression (`StaticEstimatedCostLimit`).
pub(crate) const STATIC_ESTIMATED_COST_LIMIT: u64 = 10_000_000;
/// The largest estimated cost of one version's rules (`StaticEstimatedCRDCostLimit`).
pub(crate) const STATIC_ESTIMATED_CRD_COST_LIMIT: u64 = 100_000_000;

/// Checks the rules of every version of `crd`, where `errors` (the CRD's other
/// violations) has none at or below the rule's schema node.
pub(crate) fn check(crd: &Value, errors: &mut ErrorList) {
    let versions = crd
        .pointer("/spec/versions")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (i, version) in versions.iter().enumerate() {
        let Some(schema) = version.pointer("/schema/openAPIV3Schema") else {
            continue;
        };
        let schema_path = format!("spec.versions[{i}].schema.openAPIV3Schema");
        let mut walk = Walk {
            found: Vec::new(),
            total: 0,
            most_expensive: Vec::new(),
            earlier: errors.iter().map(|e| e.field.clone()).collect(),
        };
        let at = Node {
            schema,
            path: schema_path.clone(),
            cardinality: Some(1),
            uncorrelatable: None,
            root: true,
        };
        walk.node(&at);
        for e in walk.found {
            errors.push(e);
        }
        if walk.total > STATIC_ESTIMATED_CRD_COST_LIMIT {
            for (path, _) in &walk.most_expensive {
                errors.push(FieldError::forbidden(
                    path.clone(),
                    "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema",
                ));
            }
            errors.push(FieldError::forbidden(
                schema_path,
                &cost_message(
                    "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema",
                    walk.total,
                    STATIC_ESTIMATED_CRD_COST_LIMIT,
                ),
            ));
        }
    }
}

/// kube's `getCostErrorMessage`.
pub(crate) fn cost_message(name: &str, cost: u64, limit: u64) -> String {
    let factor = cost as f64 / limit as f64;
    let factor = if factor > 100.0 {
        "more than 100x".to_string()
    } else if factor < 1.5 {
        format!("{factor:.6}x")
    } else {
        format!("{factor:.1}x")
    };
    format!("{name} exceeds budget by factor of {factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)")
}

/// One schema node on the walk.
struct Node<'a> {
    schema: &'a Value,
    path: String,
    /// How many times a value here may occur per object, when the schemas above bound it.
    cardinality: Option<u64>,
    /// The list above whose items have no old value (a rule here may not read `oldSelf`).
    uncorrelatable: Option<String>,
    /// A resource's root (or an embedded resource's).
    root: bool,
}

struct Walk {
    found: Vec<FieldError>,
    total: u64,
    /// The paths and costs of the four most expensive expressions of at least 1% of the
    /// CRD limit, most expensive first.
    most_expensive: Vec<(String, u64)>,
    /// Fields of the CRD's other violations: rules at or above them are not checked.
    earlier: Vec<String>,
}

/// How many values a schema holds (`extractMaxElements`): `None` when unbounded.
fn max_elements(schema: &Value) -> Option<u64> {
    let bound = |key: &str| {
        schema
            .get(key)
            .and_then(Value::as_i64)
            .map(|n| n.max(0) as u64)
    };
    match schema.get("type").and_then(Value::as_str) {
        Some("object") if schema.get("additionalProperties").is_some() => bound("maxProperties"),
        Some("array") => bound("maxItems"),
        _ => Some(1),
    }
}

impl Walk {
    fn observe(&mut self, path: String, cost: u64) {
        self.total = self.total.saturating_add(cost);
        if cost < STATIC_ESTIMATED_CRD_COST_LIMIT / 100 {
            return;
        }
        self.most_expensive.push((path, cost));
        self.most_expensive.sort_by_key(|e| std::cmp::Reverse(e.1));
        self.most_expensive.truncate(4);
    }

    fn node(&mut self, at: &Node<'_>) {
        let Some(s) = at.schema.as_object() else {
            return;
        };
        let clean = !self.earlier.iter().any(|f| f.starts_with(&at.path));
        if let (true, Some(Value::Array(rules))) = (clean, s.get("x-kubernetes-validations")) {
            for (j, rule) in rules.iter().enumerate() {
                self.rule(
                    at,
                    rule,
                    &format!("{}.x-kubernetes-validations[{j}]", at.path),
                );
            }
        }
        if let Some(properties) = s.get("properties").and_then(Value::as_object) {
            for (k, p) in properties {
                self.node(&child(at, p, format!("{}.properties[{k}]", at.path), None));
            }
        }
        if let Some(additional) = s.get("additionalProperties").filter(|a| a.is_object()) {
            self.node(&child(
                at,
                additional,
                format!("{}.additionalProperties", at.path),
                None,
            ));
        }
        if let Some(items) = s.get("items").filter(|i| i.is_object()) {
            let map_list = s.get("x-kubernetes-list-type").and_then(Value::as_str) == Some("map");
            let uncorrelatable = (!map_list).then(|| at.path.clone());
            self.node(&child(
                at,
                items,
                format!("{}.items", at.path),
                uncorrelatable,
            ));
        }
    }
}

/// The node below `at` at `schema`: its cardinality bounded by `at`'s, and `oldSelf`
/// forbidden below a list whose items do not correlate.
fn child<'s>(
    at: &Node<'s>,
    schema: &'s Value,
    path: String,
    uncorrelatable: Option<String>,
) -> Node<'s> {
    Node {
        schema,
        path,
        cardinality: at
            .cardinality
            .zip(max_elements(at.schema))
            .map(|(c, n)| c.saturating_mul(n)),
        uncorrelatable: at.uncorrelatable.clone().or(uncorrelatable),
        root: schema.get("x-kubernetes-embedded-resource") == Some(&Value::Bool(true)),
    }
}

/// An `x-kubernetes-validations` entry as Go's `json.Marshal` writes apiextensions'
/// internal `ValidationRule` (the bad value of a compile error): its fields in order.
fn go_rule(entry: &Value) -> String {
    let text = |key: &str| {
        let s = entry.get(key).and_then(Value::as_str).unwrap_or("");
        serde_json::to_string(s).unwrap_or_default()
    };
    let or_null = |key: &str| match entry.get(key) {
        Some(v) if !v.is_null() => v.to_string(),
        _ => "null".to_string(),
    };
    format!(
        "{{\"Rule\":{},\"Message\":{},\"MessageExpression\":{},\"Reason\":{},\"FieldPath\":{},\"OptionalOldSelf\":{}}}",
        text("rule"),
        text("message"),
        text("messageExpression"),
        or_null("reason"),
        text("fieldPath"),
        or_null("optionalOldSelf"),
    )
}

/// kube's `field.Invalid(path, rule, detail)` with the rule as the bad value: its JSON is
/// written into the detail, as the error's message shows it.
fn invalid_with_rule(path: String, entry: &Value, detail: &str) -> FieldError {
    FieldError::new(
        ErrorType::Invalid,
        path,
        None,
        format!("{}: {detail}", go_rule(entry)),
    )
}

impl Walk {
    fn rule(&mut self, at: &Node<'_>, entry: &Value, base: &str) {
        let text = |key: &str| entry.get(key).and_then(Value::as_str).unwrap_or("");
        let rule = text("rule");
        if rule.trim().is_empty() {
            return;
        }
        let rule_path = format!("{base}.rule");
        let cardinality = at
            .cardinality
            .unwrap_or_else(|| cost::max_cardinality(at.schema));
        match cost::estimate(rule, at.schema, at.root) {
            Ok(estimate) => {
                let expression_cost = estimate.max.saturating_mul(cardinality);
                if expression_cost > STATIC_ESTIMATED_COST_LIMIT {
                    let message = cost_message(
                        "estimated rule cost",
                        expression_cost,
                        STATIC_ESTIMATED_COST_LIMIT,
                    );
                    self.found
                        .push(FieldError::forbidden(rule_path.clone(), &message));
                }
                self.observe(rule_path.clone(), expression_cost);
            }
            Err(e) => self
                .found
                .push(invalid_with_rule(rule_path.clone(), entry, &e)),
        }
        let expression = text("messageExpression");
        if !expression.trim().is_empty() {
            let path = format!("{base}.messageExpression");
            match cost::estimate(expression, at.schema, at.root) {
                Ok(estimate) => {
                    if estimate.max > STATIC_ESTIMATED_COST_LIMIT {
                        let message = cost_message(
                            "estimated messageExpression cost",
                            estimate.max,
                            STATIC_ESTIMATED_COST_LIMIT,
                        );
                        self.found
                            .push(FieldError::forbidden(path.clone(), &message));
                    }
                    self.observe(path, estimate.max);
                }
                Err(e) => {
                    let detail = format!("messageExpression {e}");
                    self.found.push(invalid_with_rule(path, entry, &detail));
                }
            }
        }
        if cel::references_variable(rule, "oldSelf") {
            if let Some(list) = &at.uncorrelatable {
                self.found.push(FieldError::invalid(
                    rule_path,
                    rule,
                    &format!(
                        "oldSelf cannot be used on the uncorrelatable portion of the schema within {list}"
                    ),
                ));
            }
        } else if let Some(optional) = entry.get("optionalOldSelf").filter(|v| !v.is_null()) {
            self.found.push(FieldError::invalid(
                format!("{base}.optionalOldSelf"),
                optional.clone(),
                "may not be set if oldSelf is not used in rule",
            ));
        }
    }
}

/// Cases of apiextensions' `pkg/apis/apiextensions/validation/validation_test.go`
/// (`TestValidateCustomResourceDefinitionValidation`, `TestCostInfo`).
#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn crd(schema: Value) -> Value {
        json!({"spec": {"versions": [{"name": "v1", "schema": {"openAPIV3Schema": schema}}]}})
    }

    fn found(schema: Value) -> Vec<String> {
        let mut errors = ErrorList::default();
        check(&crd(schema), &mut errors);
        errors.iter().map(ToString::to_string).collect()
    }

    const ROOT: &str = "spec.versions[0].schema.openAPIV3Schema";

    #[test]
    fn a_double_nested_rule_without_limits_is_forbidden() {
        // "forbid double-nested rule with no limit set"
        let schema = json!({"type": "object", "properties": {"value": {
            "type": "array",
            "items": {"type": "object", "additionalProperties": {
                "type": "object", "required": ["key"],
                "properties": {"key": {"type": "string"}}}},
            "x-kubernetes-validations": [{"rule": "self.all(x, x.all(y, x[y].key == x[y].key))"}]}}});
        let rule = format!("{ROOT}.properties[value].x-kubernetes-validations[0].rule");
        let advice = "(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)";
        assert_eq!(
            found(schema),
            [
                format!("{rule}: Forbidden: estimated rule cost exceeds budget by factor of more than 100x {advice}"),
                format!("{rule}: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema"),
                format!("{ROOT}: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x {advice}"),
            ]
        );
    }

    #[test]
    fn cost_factors_are_worded_as_kubernetes_words_them() {
        let advice = " (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)";
        assert_eq!(
            cost_message("estimated rule cost", 12_000_000, 10_000_000),
            format!("estimated rule cost exceeds budget by factor of 1.200000x{advice}")
        );
        assert_eq!(
            cost_message("estimated rule cost", 25_000_000, 10_000_000),
            format!("estimated rule cost exceeds budget by factor of 2.5x{advice}")
        );
    }

    #[test]
    fn cardinality_multiplies_through_bounded_parents() {
        // TestCostInfo's "map inside object inside array": 2 items × 1 × 4 properties.
        let leaf =
            json!({"type": "string", "x-kubernetes-validations": [{"rule": "self.size() > 0"}]});
        let schema = json!({"type": "object", "properties": {"list": {
            "type": "array", "maxItems": 2, "items": {"type": "object", "properties": {
                "map": {"type": "object", "maxProperties": 4, "additionalProperties": leaf}}}}}});
        let mut walk = Walk {
            found: Vec::new(),
            total: 0,
            most_expensive: Vec::new(),
            earlier: Vec::new(),
        };
        walk.node(&Node {
            schema: &schema,
            path: String::new(),
            cardinality: Some(1),
            uncorrelatable: None,
            root: true,
        });
        // `self.size() > 0`: size 2 (the call and `self`), `>` 1: 3 per run, 8 runs.
        assert_eq!(walk.total, 24);
    }

    #[test]
    fn rules_that_do_not_compile_or_misuse_old_self_are_invalid() {
        let schema = json!({"type": "object", "properties": {
            "a": {"type": "string", "x-kubernetes-validations": [
                {"rule": "self.("},
                {"rule": "self == 'x'", "optionalOldSelf": true}]},
            "list": {"type": "array", "maxItems": 2,
                "items": {"type": "string", "maxLength": 4,
                    "x-kubernetes-validations": [{"rule": "self == oldSelf"}]}}}});
        let errors = found(schema);
        let a = format!("{ROOT}.properties[a].x-kubernetes-validations");
        assert!(
            errors[0].starts_with(&format!(
                "{a}[0].rule: Invalid value: {{\"Rule\":\"self.(\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}}: compilation failed: ERROR: <input>:1:"
            )),
            "{errors:#?}"
        );
        assert_eq!(
            errors[1..],
            [
                format!("{a}[1].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule"),
                format!("{ROOT}.properties[list].items.x-kubernetes-validations[0].rule: Invalid value: \"self == oldSelf\": oldSelf cannot be used on the uncorrelatable portion of the schema within {ROOT}.properties[list]"),
            ]
        );
    }
}
