//! CEL validation rules (`validation_rule` markers), checked as kube-apiserver checks a
//! CRD's `x-kubernetes-validations`: `self` is the value the rule is written on, `oldSelf`
//! its stored value on update (a rule naming `oldSelf` runs only then), a rule is checked
//! only where its value is present, and a failure is reported at the rule's field (plus its
//! `fieldPath`) with its reason, its message (or its `messageExpression`'s, or
//! `failed rule: <rule>`). The rules are evaluated with the `cel` crate (the `cel` feature;
//! without it they are only written to schemas). Kubernetes' extension libraries (`isIP`,
//! `quantity`, `url`, ...) and optional types (`optionalOldSelf`'s `oldSelf.hasValue()`) are
//! not in that crate: a rule that calls what it lacks is not enforced here.

use super::{ErrorList, Path};
use serde_json::Value;

/// One `validation_rule(...)` marker, as derived `Validate` impls hold it.
#[derive(Debug)]
pub struct Rule {
    pub rule: &'static str,
    pub message: Option<&'static str>,
    pub message_expression: Option<&'static str>,
    /// `FieldValueInvalid` (the default), `FieldValueForbidden`, `FieldValueRequired` or
    /// `FieldValueDuplicate`.
    pub reason: Option<&'static str>,
    pub field_path: Option<&'static str>,
    pub optional_old_self: bool,
}

/// Checks `rules` on `new` (and `old` on update) at `path`.
#[cfg_attr(not(feature = "cel"), allow(unused_variables))]
pub fn check(
    path: &Path<'_>,
    new: &Value,
    old: Option<&Value>,
    rules: &[Rule],
    errs: &mut ErrorList,
) {
    #[cfg(feature = "cel")]
    for rule in rules {
        eval::rule(path, new, old, rule, errs);
    }
}

/// A CEL expression (a webhook's `matchConditions`, a policy's) evaluated with `variables`
/// bound to JSON values; compiled once per process. Its result as JSON, or why it could not
/// be compiled or run. Without the `cel` feature every expression is an error.
pub fn evaluate(expression: &str, variables: &[(&str, &Value)]) -> Result<Value, String> {
    #[cfg(feature = "cel")]
    return eval::evaluate(expression, variables);
    #[cfg(not(feature = "cel"))]
    {
        let _ = (expression, variables);
        Err("CEL is not built in (the `cel` feature)".into())
    }
}

#[cfg(feature = "cel")]
mod eval {
    use super::*;
    use crate::validation::{ErrorType, FieldError};
    use cel::objects::{Key, Map};
    use cel::{Context, ExecutionError, Program};
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};

    /// The OpenAPI type of a value, which Kubernetes shows as the bad value of an error about
    /// the rule rather than about the value.
    fn type_name(value: &Value) -> &'static str {
        match value {
            Value::Object(_) => "object",
            Value::Array(_) => "array",
            Value::String(_) => "string",
            Value::Number(n) if n.is_f64() => "number",
            Value::Number(_) => "integer",
            Value::Bool(_) => "boolean",
            Value::Null => "null",
        }
    }

    /// The message of a rule's error when its `messageExpression` gives none.
    fn message_or_default(rule: &Rule) -> String {
        match rule.message.map(str::trim).filter(|m| !m.is_empty()) {
            Some(m) => m.to_string(),
            None => format!("failed rule: {}", rule.rule.trim()),
        }
    }

    /// How a rule is named in errors about evaluating it: its message, else its text.
    fn error_string(rule: &Rule) -> &'static str {
        rule.message
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .unwrap_or(rule.rule.trim())
    }

    /// The error for a rule that evaluated to false: `reason` picks its type; objects and lists
    /// are not shown as the bad value.
    fn failure(field: String, value: &Value, detail: String, reason: Option<&str>) -> FieldError {
        let shown = match value {
            Value::Object(_) | Value::Array(_) => None,
            other => Some(other.clone()),
        };
        let error_type = match reason {
            Some("FieldValueForbidden") => ErrorType::Forbidden,
            Some("FieldValueRequired") => ErrorType::Required,
            Some("FieldValueDuplicate") => ErrorType::Duplicate,
            _ => ErrorType::Invalid,
        };
        FieldError::new(error_type, field, shown, detail)
    }

    /// `path` with a rule's `fieldPath` (`.spec.x`, `['a.b']`) after it.
    pub(super) fn with_field_path(path: &Path<'_>, field_path: Option<&str>) -> String {
        let base = path.render();
        let Some(rest) = field_path
            .map(|p| p.trim_start_matches('.'))
            .filter(|p| !p.is_empty())
        else {
            return base;
        };
        match (base.is_empty(), rest.starts_with('[')) {
            (true, _) => rest.to_string(),
            (false, true) => format!("{base}{rest}"),
            (false, false) => format!("{base}.{rest}"),
        }
    }

    /// A rule compiled once per process: its program, or the parse error.
    type Compiled = Arc<Result<Program, String>>;

    /// How many compiled expressions the process keeps: rules come from CRDs and webhook
    /// configurations written at run time too, so the cache starts over past this bound.
    const CACHED_PROGRAMS: usize = 4096;

    pub(super) fn compiled(text: &str) -> Compiled {
        static PROGRAMS: OnceLock<Mutex<HashMap<Box<str>, Compiled>>> = OnceLock::new();
        let programs = PROGRAMS.get_or_init(Default::default);
        // A poisoned lock only means another thread panicked mid-insert; the map is whole.
        let mut programs = programs.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = programs.get(text) {
            return found.clone();
        }
        if programs.len() >= CACHED_PROGRAMS {
            programs.clear();
        }
        let program = Arc::new(Program::compile(text).map_err(|e| e.to_string()));
        programs.insert(text.into(), program.clone());
        program
    }

    /// `expression` evaluated with `variables` bound, its result as JSON.
    pub(super) fn evaluate(
        expression: &str,
        variables: &[(&str, &Value)],
    ) -> Result<Value, String> {
        let program = compiled(expression);
        let program = program
            .as_ref()
            .as_ref()
            .map_err(|e| format!("compilation failed: {e}"))?;
        let mut context = Context::default();
        for (name, value) in variables {
            context.add_variable_from_value(*name, to_cel(value));
        }
        let result = program.execute(&context).map_err(|e| e.to_string())?;
        from_cel(&result)
    }

    /// A CEL result as JSON; what JSON cannot hold (bytes, functions, durations) is an error.
    fn from_cel(value: &cel::Value) -> Result<Value, String> {
        Ok(match value {
            cel::Value::Null => Value::Null,
            cel::Value::Bool(b) => Value::Bool(*b),
            cel::Value::Int(i) => Value::from(*i),
            cel::Value::UInt(u) => Value::from(*u),
            cel::Value::Float(f) => Value::from(*f),
            cel::Value::String(s) => Value::String(s.to_string()),
            cel::Value::List(items) => {
                Value::Array(items.iter().map(from_cel).collect::<Result<_, _>>()?)
            }
            cel::Value::Map(map) => {
                let mut fields = serde_json::Map::new();
                for (key, value) in map.map.iter() {
                    let key = match key {
                        Key::String(s) => s.to_string(),
                        Key::Int(i) => i.to_string(),
                        Key::Uint(u) => u.to_string(),
                        Key::Bool(b) => b.to_string(),
                    };
                    fields.insert(key, from_cel(value)?);
                }
                Value::Object(fields)
            }
            other => return Err(format!("a {other:?} is not a JSON value")),
        })
    }

    pub(super) fn rule(
        path: &Path<'_>,
        new: &Value,
        old: Option<&Value>,
        rule: &Rule,
        errs: &mut ErrorList,
    ) {
        let program = compiled(rule.rule);
        let program = match program.as_ref() {
            Ok(p) => p,
            Err(e) => {
                errs.push(FieldError::invalid(
                    path.render(),
                    type_name(new),
                    &format!("rule compile error: {e}"),
                ));
                return;
            }
        };
        let uses_old = program.references().has_variable("oldSelf");
        // A transition rule runs only against a stored value; with `optionalOldSelf` it
        // would also run on create, with an optional `oldSelf` the cel crate cannot bind.
        if uses_old && (old.is_none() || rule.optional_old_self) {
            return;
        }
        let mut context = Context::default();
        context.add_variable_from_value("self", to_cel(new));
        if let (true, Some(old)) = (uses_old, old) {
            context.add_variable_from_value("oldSelf", to_cel(old));
        }
        match program.execute(&context) {
            Ok(cel::Value::Bool(true)) => {}
            Ok(cel::Value::Bool(false)) => {
                let detail = rule
                    .message_expression
                    .and_then(|m| message(m, &context))
                    .unwrap_or_else(|| message_or_default(rule));
                errs.push(failure(
                    with_field_path(path, rule.field_path),
                    new,
                    detail,
                    rule.reason,
                ));
            }
            // What the cel crate lacks (Kubernetes' libraries) is not this object's fault.
            Err(ExecutionError::UndeclaredReference(_)) => {}
            Err(ExecutionError::NoSuchOverload) => errs.push(FieldError::invalid(
                path.render(),
                type_name(new),
                &format!(
                    "'no such overload': call arguments did not match a supported operator, function or macro signature for rule: {}",
                    error_string(rule)
                ),
            )),
            Err(e) => errs.push(FieldError::invalid(
                path.render(),
                type_name(new),
                &format!("{e} evaluating rule: {}", error_string(rule)),
            )),
            Ok(other) => errs.push(FieldError::invalid(
                path.render(),
                type_name(new),
                &format!(
                    "rule evaluated to {other:?}, not a bool: {}",
                    error_string(rule)
                ),
            )),
        }
    }

    /// A `messageExpression`'s message: a non-empty string without line breaks, as
    /// kube-apiserver requires; otherwise the rule's message stands.
    fn message(expression: &'static str, context: &Context) -> Option<String> {
        let program = compiled(expression);
        match program.as_ref().as_ref().ok()?.execute(context) {
            Ok(cel::Value::String(s)) if !s.trim().is_empty() && !s.contains('\n') => {
                Some(s.trim().to_string())
            }
            _ => None,
        }
    }

    /// A JSON value as CEL sees an object's field: integers are `int`, other numbers
    /// `double`, objects maps with string keys.
    fn to_cel(value: &Value) -> cel::Value {
        match value {
            Value::Null => cel::Value::Null,
            Value::Bool(b) => cel::Value::Bool(*b),
            Value::Number(n) => match n.as_i64() {
                Some(i) => cel::Value::Int(i),
                None => cel::Value::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => cel::Value::String(Arc::new(s.clone())),
            Value::Array(items) => cel::Value::List(Arc::new(items.iter().map(to_cel).collect())),
            Value::Object(fields) => cel::Value::Map(Map {
                map: Arc::new(
                    fields
                        .iter()
                        .map(|(k, v)| (Key::String(Arc::new(k.clone())), to_cel(v)))
                        .collect(),
                ),
            }),
        }
    }
}

#[cfg(all(test, feature = "cel"))]
mod tests {
    use super::*;
    use serde_json::json;

    const fn rule(text: &'static str) -> Rule {
        Rule {
            rule: text,
            message: None,
            message_expression: None,
            reason: None,
            field_path: None,
            optional_old_self: false,
        }
    }

    fn errors(value: Value, old: Option<Value>, rules: &[Rule]) -> Vec<String> {
        let root = Path::root();
        let path = root.child("spec");
        let mut errs = ErrorList::default();
        check(&path, &value, old.as_ref(), rules, &mut errs);
        errs.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_false_rule_is_reported_as_kubernetes_does() {
        let spec = json!({"replicas": 5, "max": 3, "parts": [{"name": "a"}]});
        // An object is not shown as the bad value.
        assert_eq!(
            errors(spec.clone(), None, &[rule("self.replicas <= self.max")]),
            ["spec: Invalid value: failed rule: self.replicas <= self.max"]
        );
        let with_message = Rule {
            message: Some("replicas may not exceed max "),
            reason: Some("FieldValueForbidden"),
            field_path: Some(".replicas"),
            ..rule("self.replicas <= self.max")
        };
        assert_eq!(
            errors(spec.clone(), None, &[with_message]),
            ["spec.replicas: Forbidden: replicas may not exceed max"]
        );
        let expression = Rule {
            message_expression: Some("'replicas is ' + string(self.replicas)"),
            ..rule("self.replicas <= self.max")
        };
        assert_eq!(
            errors(spec.clone(), None, &[expression]),
            ["spec: Invalid value: replicas is 5"]
        );
        assert!(errors(spec, None, &[rule("self.parts.all(p, p.name != '')")]).is_empty());
    }

    #[test]
    fn expressions_evaluate_with_their_variables() {
        let object = json!({"metadata": {"labels": {"tier": "web"}}});
        assert_eq!(
            evaluate(
                "object.metadata.labels.tier == 'web'",
                &[("object", &object)]
            ),
            Ok(json!(true))
        );
        assert_eq!(evaluate("[1, 2].map(x, x * 2)", &[]), Ok(json!([2, 4])));
        assert!(evaluate("object.(", &[("object", &object)])
            .is_err_and(|e| e.starts_with("compilation failed")));
        assert!(evaluate("missing.x", &[]).is_err());
    }

    #[test]
    fn transition_rules_run_only_on_update() {
        let shrink = rule("self.size >= oldSelf.size");
        assert!(errors(json!({"size": 1}), None, &[shrink]).is_empty());
        let shrink = rule("self.size >= oldSelf.size");
        assert_eq!(
            errors(json!({"size": 1}), Some(json!({"size": 2})), &[shrink]),
            ["spec: Invalid value: failed rule: self.size >= oldSelf.size"]
        );
    }

    #[test]
    fn a_rule_that_cannot_run_says_why() {
        assert_eq!(
            errors(json!({}), None, &[rule("self.missing > 1")]),
            ["spec: Invalid value: \"object\": No such key: missing evaluating rule: self.missing > 1"]
        );
        assert_eq!(
            errors(json!({}), None, &[rule("self.(")])[0]
                .split(": rule compile error")
                .next(),
            Some("spec: Invalid value: \"object\"")
        );
        // Kubernetes' own libraries are not in the cel crate: not enforced here.
        assert!(errors(json!("10.0.0.1"), None, &[rule("isIP(self)")]).is_empty());
    }

    #[test]
    fn scalars_are_shown_and_field_paths_joined() {
        let root = Path::root();
        let spec = root.child("spec");
        let name = spec.child("name");
        let mut errs = ErrorList::default();
        check(
            &name,
            &json!("Ab"),
            None,
            &[rule("self.matches('^[a-z]+$')")],
            &mut errs,
        );
        assert_eq!(
            errs.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["spec.name: Invalid value: \"Ab\": failed rule: self.matches('^[a-z]+$')"]
        );
        assert_eq!(eval::with_field_path(&spec, Some("['a.b']")), "spec['a.b']");
        assert_eq!(eval::with_field_path(&root, Some(".x")), "x");
    }
}
