//! CEL validation rules (`validation_rule` markers), checked as kube-apiserver checks a
//! CRD's `x-kubernetes-validations`: `self` is the value the rule is written on, `oldSelf`
//! its stored value on update (a rule naming `oldSelf` runs only then), a rule is checked
//! only where its value is present, and a failure is reported at the rule's field (plus its
//! `fieldPath`) with its reason, its message (or its `messageExpression`'s, or
//! `failed rule: <rule>`). The rules are evaluated with the `cel` crate (the `cel` feature;
//! without it they are only written to schemas). Kubernetes' extension libraries (`isIP`,
//! `quantity`, `url`, ...) are not in that crate: a rule that calls what it lacks is not
//! enforced here. Optional values are (`optionalOldSelf`'s `oldSelf.hasValue()`, `.?x`).
//!
//! The same evaluator runs a CustomResourceDefinition's `x-kubernetes-validations` at run
//! time ([`check_schema_rules`]), with the rules read from the CRD ([`Rule`] holds owned
//! strings as well as a derived impl's constants).

use super::{ErrorList, Path};
use serde_json::Value;
use std::borrow::Cow;

#[cfg(feature = "cel")]
pub mod cost;

/// One CEL rule: a `validation_rule(...)` marker, as derived `Validate` impls hold it
/// (borrowed constants), or an entry of a CRD's `x-kubernetes-validations` (owned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub rule: Cow<'static, str>,
    pub message: Option<Cow<'static, str>>,
    pub message_expression: Option<Cow<'static, str>>,
    /// `FieldValueInvalid` (the default), `FieldValueForbidden`, `FieldValueRequired` or
    /// `FieldValueDuplicate`.
    pub reason: Option<Cow<'static, str>>,
    pub field_path: Option<Cow<'static, str>>,
    pub optional_old_self: bool,
}

impl Rule {
    /// A rule from one entry of a CRD's `x-kubernetes-validations` (its JSON); `None` when
    /// the entry has no `rule` string.
    pub fn from_json(entry: &Value) -> Option<Rule> {
        let text = |key: &str| {
            entry
                .get(key)
                .and_then(Value::as_str)
                .map(|s| Cow::Owned(s.to_string()))
        };
        Some(Rule {
            rule: text("rule")?,
            message: text("message"),
            message_expression: text("messageExpression"),
            reason: text("reason"),
            field_path: text("fieldPath"),
            optional_old_self: entry.get("optionalOldSelf") == Some(&Value::Bool(true)),
        })
    }
}

/// Where a CRD's rules run, as apiextensions' CEL validator sees the value there.
#[derive(Debug, Clone, Copy)]
pub struct SchemaSite<'a> {
    /// The value's field path (`spec.ports[0]`).
    pub path: &'a str,
    /// The value's schema: it types the value for CEL (`format: byte` is `bytes`, a
    /// `number` is a `double`), and its `type` is the bad value of errors about a rule.
    pub schema: &'a Value,
    /// The value equals its correlated old value (validation ratcheting): a failing rule
    /// that does not read `oldSelf` is not an error.
    pub unchanged: bool,
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
    {
        let site = eval::Site {
            path: path.render(),
            schema: None,
            unchanged: false,
        };
        for rule in rules {
            eval::rule(&site, new, old, rule, errs);
        }
    }
}

/// Checks a CRD's `rules` on `new` (its correlated `old` on update) at `site`, as
/// apiextensions' CEL validator does: a transition rule runs only with an old value (or
/// always, with `optionalOldSelf`, `oldSelf` then an optional).
#[cfg_attr(not(feature = "cel"), allow(unused_variables))]
pub fn check_schema_rules(
    site: &SchemaSite<'_>,
    new: &Value,
    old: Option<&Value>,
    rules: &[Rule],
    errs: &mut ErrorList,
) {
    #[cfg(feature = "cel")]
    {
        let at = eval::Site {
            path: site.path.to_string(),
            schema: Some(site.schema),
            unchanged: site.unchanged,
        };
        for rule in rules {
            eval::rule(&at, new, old, rule, errs);
        }
    }
}

/// Why `expression` does not compile (kube's `compilation failed: ...` detail follows the
/// cel crate's parser: syntax only, no type check), or `None`.
pub fn compile_error(expression: &str) -> Option<String> {
    #[cfg(feature = "cel")]
    return eval::compiled(expression).as_ref().as_ref().err().cloned();
    #[cfg(not(feature = "cel"))]
    {
        let _ = expression;
        Some("CEL is not built in (the `cel` feature)".into())
    }
}

/// Whether `expression` reads `variable` (`oldSelf` makes a rule a transition rule);
/// `false` for an expression that does not compile.
pub fn references_variable(expression: &str, variable: &str) -> bool {
    #[cfg(feature = "cel")]
    return eval::compiled(expression)
        .as_ref()
        .as_ref()
        .is_ok_and(|e| e.references().has_variable(variable));
    #[cfg(not(feature = "cel"))]
    {
        let _ = (expression, variable);
        false
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
    use cel::objects::{Key, Map, OptionalValue};
    use cel::parser::{Expression, Parser};
    use cel::{Context, ExecutionError};
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};

    /// Where rules run: the rendered path, the schema of a CRD's value (none for a typed
    /// kind's), and whether ratcheting excuses failures there.
    pub(super) struct Site<'a> {
        pub path: String,
        pub schema: Option<&'a Value>,
        pub unchanged: bool,
    }

    impl Site<'_> {
        /// What Kubernetes shows as the bad value of an error about the rule rather than
        /// the value: the schema's `type` for a CRD; for a typed kind, the JSON type.
        fn type_name(&self, value: &Value) -> String {
            if let Some(schema) = self.schema {
                return schema
                    .get("type")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
            }
            match value {
                Value::Object(_) => "object",
                Value::Array(_) => "array",
                Value::String(_) => "string",
                Value::Number(n) if n.is_f64() => "number",
                Value::Number(_) => "integer",
                Value::Bool(_) => "boolean",
                Value::Null => "null",
            }
            .to_string()
        }

        /// Whether the value is shown in a failed rule's error: scalars only (by the
        /// schema's type for a CRD, so an int-or-string shows).
        fn shows(&self, value: &Value) -> bool {
            match self
                .schema
                .and_then(|s| s.get("type"))
                .and_then(Value::as_str)
            {
                Some(t) => t != "object" && t != "array",
                None if self.schema.is_some() => true,
                None => !matches!(value, Value::Object(_) | Value::Array(_)),
            }
        }

        /// Where a failed rule is reported: the site plus the rule's `fieldPath`. A CRD's
        /// comes normalized (`spec.ports`, `labels[a.b]`) and is joined as Go's
        /// `field.Path.Child` joins it, always with a dot (`spec.labels[a.b]`, `spec.[k]`).
        fn field(&self, field_path: Option<&str>) -> String {
            let rest = field_path
                .map(|p| p.trim_start_matches('.'))
                .filter(|p| !p.is_empty());
            match (self.schema, rest) {
                (Some(_), Some(rest)) if !self.path.is_empty() => format!("{}.{rest}", self.path),
                (Some(_), Some(rest)) => rest.to_string(),
                _ => with_field_path(&self.path, field_path),
            }
        }

        fn invalid(&self, value: &Value, detail: String) -> FieldError {
            FieldError::new(
                ErrorType::Invalid,
                self.path.clone(),
                Some(Value::String(self.type_name(value))),
                detail,
            )
        }
    }

    /// The message of a rule's error when its `messageExpression` gives none.
    fn message_or_default(rule: &Rule) -> String {
        match rule
            .message
            .as_deref()
            .map(str::trim)
            .filter(|m| !m.is_empty())
        {
            Some(m) => m.to_string(),
            None => format!("failed rule: {}", rule.rule.trim()),
        }
    }

    /// How a rule is named in errors about evaluating it: its message, else its text.
    fn error_string(rule: &Rule) -> &str {
        rule.message
            .as_deref()
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .unwrap_or(rule.rule.trim())
    }

    /// The error for a rule that evaluated to false: `reason` picks its type (Duplicate
    /// carries no detail); objects and lists are not shown as the bad value.
    fn failure(
        field: String,
        shown: Option<Value>,
        detail: String,
        reason: Option<&str>,
    ) -> FieldError {
        match reason {
            Some("FieldValueForbidden") => {
                FieldError::new(ErrorType::Forbidden, field, None, detail)
            }
            Some("FieldValueRequired") => FieldError::new(ErrorType::Required, field, None, detail),
            Some("FieldValueDuplicate") => FieldError::new(ErrorType::Duplicate, field, shown, ""),
            _ => FieldError::new(ErrorType::Invalid, field, shown, detail),
        }
    }

    /// `path` with a rule's `fieldPath` (`.spec.x`, `['a.b']`) after it.
    pub(super) fn with_field_path(base: &str, field_path: Option<&str>) -> String {
        let Some(rest) = field_path
            .map(|p| p.trim_start_matches('.'))
            .filter(|p| !p.is_empty())
        else {
            return base.to_string();
        };
        match (base.is_empty(), rest.starts_with('[')) {
            (true, _) => rest.to_string(),
            (false, true) => format!("{base}{rest}"),
            (false, false) => format!("{base}.{rest}"),
        }
    }

    /// An expression parsed once per process (with CEL's optional syntax, `a.?b`, as
    /// Kubernetes enables it), or the parse error as kube words it.
    pub(super) type Compiled = Arc<Result<Expression, String>>;

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
        let parsed = Parser::default()
            .enable_optional_syntax(true)
            .parse(text)
            // cel-go indents the snippet under an error by one space more.
            .map_err(|e| format!("compilation failed: {e}").replace("\n| ", "\n | "));
        let program = Arc::new(parsed);
        programs.insert(text.into(), program.clone());
        program
    }

    /// `expression` evaluated with `variables` bound, its result as JSON.
    pub(super) fn evaluate(
        expression: &str,
        variables: &[(&str, &Value)],
    ) -> Result<Value, String> {
        let program = compiled(expression);
        let program = program.as_ref().as_ref().map_err(Clone::clone)?;
        let mut context = Context::default();
        for (name, value) in variables {
            context.add_variable_from_value(*name, to_cel(value, None));
        }
        let result = cel::Value::resolve(program, &context).map_err(|e| e.to_string())?;
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
        site: &Site<'_>,
        new: &Value,
        old: Option<&Value>,
        rule: &Rule,
        errs: &mut ErrorList,
    ) {
        let program = compiled(&rule.rule);
        let program = match program.as_ref() {
            Ok(p) => p,
            Err(e) => {
                let detail = e.trim_start_matches("compilation failed: ");
                errs.push(site.invalid(new, format!("rule compile error: {detail}")));
                return;
            }
        };
        let uses_old = program.references().has_variable("oldSelf");
        let old = old.filter(|o| !o.is_null());
        // A transition rule runs only against a stored value, unless `optionalOldSelf`
        // asks to run it on create too, with `oldSelf` an optional.
        if uses_old && old.is_none() && !rule.optional_old_self {
            return;
        }
        let mut context = Context::default();
        context.add_variable_from_value("self", to_cel(new, site.schema));
        let old_value = old.map(|o| to_cel(o, site.schema));
        let mut message_context = None;
        if uses_old {
            if rule.optional_old_self {
                // The messageExpression sees `oldSelf` plain, as apiextensions binds it.
                let mut plain = Context::default();
                plain.add_variable_from_value("self", to_cel(new, site.schema));
                if let Some(old) = &old_value {
                    plain.add_variable_from_value("oldSelf", old.clone());
                }
                message_context = Some(plain);
                let optional = match &old_value {
                    Some(old) => OptionalValue::of(old.clone()),
                    None => OptionalValue::none(),
                };
                context.add_variable_from_value("oldSelf", cel::Value::Opaque(Arc::new(optional)));
            } else if let Some(old) = &old_value {
                context.add_variable_from_value("oldSelf", old.clone());
            }
        }
        match cel::Value::resolve(program, &context) {
            Ok(cel::Value::Bool(true)) => {}
            Ok(cel::Value::Bool(false)) => {
                // Ratcheting: an unchanged value keeps passing a rule that cannot see the
                // change (kube turns the error into a warning).
                if site.unchanged && !uses_old {
                    return;
                }
                let detail = rule
                    .message_expression
                    .as_deref()
                    .and_then(|m| message(m, message_context.as_ref().unwrap_or(&context)))
                    .unwrap_or_else(|| message_or_default(rule));
                let shown = site.shows(new).then(|| new.clone());
                errs.push(failure(
                    site.field(rule.field_path.as_deref()),
                    shown,
                    detail,
                    rule.reason.as_deref(),
                ));
            }
            // What the cel crate lacks (Kubernetes' libraries) is not this object's fault.
            Err(ExecutionError::UndeclaredReference(_)) => {}
            Err(ExecutionError::NoSuchOverload) => errs.push(site.invalid(
                new,
                format!(
                    "'no such overload': call arguments did not match a supported operator, function or macro signature for rule: {}",
                    error_string(rule)
                ),
            )),
            Err(e) => errs.push(site.invalid(
                new,
                format!("{e} evaluating rule: {}", error_string(rule)),
            )),
            Ok(other) => errs.push(site.invalid(
                new,
                format!("rule evaluated to {other:?}, not a bool: {}", error_string(rule)),
            )),
        }
    }

    /// kube-apiserver's bound on an evaluated message (`MaxEvaluatedMessageExpressionSizeBytes`).
    const MAX_MESSAGE_BYTES: usize = 5 * 1024;

    /// A `messageExpression`'s message: a non-empty string without line breaks and within
    /// kube's bound; otherwise the rule's message stands.
    fn message(expression: &str, context: &Context) -> Option<String> {
        let program = compiled(expression);
        let program = program.as_ref().as_ref().ok()?;
        match cel::Value::resolve(program, context) {
            Ok(cel::Value::String(s)) => {
                let s = s.trim();
                (!s.is_empty() && !s.contains('\n') && s.len() <= MAX_MESSAGE_BYTES)
                    .then(|| s.to_string())
            }
            _ => None,
        }
    }

    /// A JSON value as CEL sees it: integers are `int`, other numbers `double`, objects
    /// maps with string keys. With the value's CRD schema, as apiextensions types it: a
    /// `number` is always a `double`, a `format: byte` string `bytes`, and the same below
    /// through `properties`, `additionalProperties` and `items`.
    fn to_cel(value: &Value, schema: Option<&Value>) -> cel::Value {
        let ty = schema.and_then(|s| s.get("type")).and_then(Value::as_str);
        match value {
            Value::Null => cel::Value::Null,
            Value::Bool(b) => cel::Value::Bool(*b),
            Value::Number(n) => match (ty, n.as_i64()) {
                (Some("number"), _) | (_, None) => {
                    cel::Value::Float(n.as_f64().unwrap_or(f64::NAN))
                }
                (_, Some(i)) => cel::Value::Int(i),
            },
            Value::String(s) => {
                let format = schema.and_then(|s| s.get("format")).and_then(Value::as_str);
                if ty == Some("string") && format == Some("byte") {
                    use base64::Engine;
                    if let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(s) {
                        return cel::Value::Bytes(Arc::new(bytes));
                    }
                }
                cel::Value::String(Arc::new(s.clone()))
            }
            Value::Array(items) => {
                let item_schema = schema.and_then(|s| s.get("items"));
                cel::Value::List(Arc::new(
                    items.iter().map(|i| to_cel(i, item_schema)).collect(),
                ))
            }
            Value::Object(fields) => cel::Value::Map(Map {
                map: Arc::new(
                    fields
                        .iter()
                        .filter_map(|(k, v)| {
                            let property = schema
                                .and_then(|s| s.get("properties"))
                                .and_then(|p| p.get(k));
                            // A declared property is reached by its escaped name only
                            // (`self.__namespace__`), a map's key as it is.
                            let name = match property {
                                Some(_) => kapi_schema::cel_names::escape(k)?.into_owned(),
                                None => k.clone(),
                            };
                            let field_schema = property
                                .or_else(|| schema.and_then(|s| s.get("additionalProperties")));
                            Some((Key::String(Arc::new(name)), to_cel(v, field_schema)))
                        })
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
            rule: Cow::Borrowed(text),
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
            message: Some(Cow::Borrowed("replicas may not exceed max ")),
            reason: Some(Cow::Borrowed("FieldValueForbidden")),
            field_path: Some(Cow::Borrowed(".replicas")),
            ..rule("self.replicas <= self.max")
        };
        assert_eq!(
            errors(spec.clone(), None, &[with_message]),
            ["spec.replicas: Forbidden: replicas may not exceed max"]
        );
        let expression = Rule {
            message_expression: Some(Cow::Borrowed("'replicas is ' + string(self.replicas)")),
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
        assert_eq!(
            eval::with_field_path(&spec.render(), Some("['a.b']")),
            "spec['a.b']"
        );
        assert_eq!(eval::with_field_path(&root.render(), Some(".x")), "x");
    }
}
