//! The checks the derived `Validate` impls call, one per marker, each producing Kubernetes'
//! error for its field.

use crate::feature_gates::IsSet;
use crate::validation::{go_number, ErrorList, ErrorType, FieldError, Options, Path, Validate};
use serde::Serialize;
use serde_json::Value;
use std::sync::OnceLock;

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn shown<T: Into<Value>>(bound: T) -> String {
    match bound.into() {
        Value::Number(n) => go_number(&n),
        other => other.to_string(),
    }
}

/// `minimum` (`must be greater than or equal to 0`), or `exclusive_minimum`.
pub fn minimum<T: PartialOrd + Copy + Into<Value>>(
    path: &Path<'_>,
    value: T,
    min: T,
    exclusive: bool,
    errs: &mut ErrorList,
) {
    let (bad, words) = if exclusive {
        (value <= min, "must be greater than")
    } else {
        (value < min, "must be greater than or equal to")
    };
    if bad {
        errs.push(FieldError::invalid(
            path.render(),
            value,
            &format!("{words} {}", shown(min)),
        ));
    }
}

/// `maximum` (`must be less than or equal to 10`), or `exclusive_maximum`.
pub fn maximum<T: PartialOrd + Copy + Into<Value>>(
    path: &Path<'_>,
    value: T,
    max: T,
    exclusive: bool,
    errs: &mut ErrorList,
) {
    let (bad, words) = if exclusive {
        (value >= max, "must be less than")
    } else {
        (value > max, "must be less than or equal to")
    };
    if bad {
        errs.push(FieldError::invalid(
            path.render(),
            value,
            &format!("{words} {}", shown(max)),
        ));
    }
}

/// An object kind needs `metadata.name` or `metadata.generateName`.
pub fn object_name(path: &Path<'_>, name: &str, generate_name: &str, errs: &mut ErrorList) {
    if name.is_empty() && generate_name.is_empty() {
        let meta_path = path.child("metadata");
        errs.push(FieldError::required(
            meta_path.child("name").render(),
            "name or generateName is required",
        ));
    }
}

/// A field with no checks of its own: its value validates itself, with its old value.
#[inline]
pub fn nested<T: Validate + ?Sized>(
    path: &Path<'_>,
    key: &'static str,
    new: &T,
    old: Option<&T>,
    opts: &Options<'_>,
    errs: &mut ErrorList,
) {
    new.validate_at(old, &path.child(key), opts, errs);
}

/// [`nested`] for an optional field that is not an `Option`: when [`absent`], it is not
/// checked.
pub fn nested_optional<T: Validate + IsSet + ?Sized>(
    path: &Path<'_>,
    key: &'static str,
    new: &T,
    old: Option<&T>,
    opts: &Options<'_>,
    errs: &mut ErrorList,
) {
    if !absent(new, opts) {
        nested(path, key, new, old, opts, errs);
    }
}

/// Whether an optional field that is not an `Option` counts as not sent, so that nothing
/// inside it is checked: its type's unset value (an enum's empty one); and, validated as a
/// schema, Go's zero value, which is what decoding gives when the key was absent
/// (kube-apiserver validates a property's schema only when the property is present, and
/// drops `status` on create when the status subresource is on).
#[inline]
pub fn absent<T: Validate + IsSet + ?Sized>(value: &T, opts: &Options<'_>) -> bool {
    value.is_unset() || (opts.schema() && value.is_zero())
}

/// `max_length`: Kubernetes' TooLong, which never repeats the value.
pub fn max_length(path: &Path<'_>, value: &str, max: usize, errs: &mut ErrorList) {
    if value.len() > max {
        errs.push(FieldError::new(
            ErrorType::TooLong,
            path.render(),
            None,
            format!("may not be more than {}", plural(max, "byte", "bytes")),
        ));
    }
}

pub fn min_length(path: &Path<'_>, value: &str, min: usize, errs: &mut ErrorList) {
    if value.len() < min {
        errs.push(FieldError::invalid(
            path.render(),
            value,
            &format!("must be at least {} long", plural(min, "byte", "bytes")),
        ));
    }
}

/// `max_items`: Kubernetes' TooMany, with the actual count as the value.
pub fn max_items(path: &Path<'_>, len: usize, max: usize, errs: &mut ErrorList) {
    if len > max {
        errs.push(FieldError::new(
            ErrorType::TooMany,
            path.render(),
            Some(Value::from(len)),
            format!("must have at most {}", plural(max, "item", "items")),
        ));
    }
}

pub fn min_items(path: &Path<'_>, len: usize, min: usize, errs: &mut ErrorList) {
    if len < min {
        errs.push(FieldError::invalid(
            path.render(),
            len,
            &format!("must have at least {}", plural(min, "item", "items")),
        ));
    }
}

/// A `required` field that is missing: `Required value`.
pub fn required(path: &Path<'_>, missing: bool, errs: &mut ErrorList) {
    if missing {
        errs.push(FieldError::required(path.render(), ""));
    }
}

/// A `required` field whose "missing" differs between the two styles (see
/// [`Style`](crate::validation::Style)): `built_in` is Go validation's (an empty string,
/// list or map), `schema` a CRD's (the key would be absent or `null` in the JSON the
/// type writes).
#[inline]
pub fn required_in(
    path: &Path<'_>,
    opts: &Options<'_>,
    built_in: bool,
    schema: bool,
    errs: &mut ErrorList,
) {
    required(path, if opts.schema() { schema } else { built_in }, errs);
}

/// A `format` marker: one Invalid error per message the format's check returns.
pub fn format(path: &Path<'_>, value: &str, format: &str, errs: &mut ErrorList) {
    if let Some(check) = crate::validation::formats::check(format) {
        for message in check(value) {
            errs.push(FieldError::invalid(path.render(), value, &message));
        }
    }
}

/// A `pattern` marker. The compiled regex is cached by the caller's `static`; a pattern
/// that does not compile is reported as an internal error naming it, once per value.
pub fn pattern(
    path: &Path<'_>,
    value: &str,
    pattern: &str,
    cache: &OnceLock<Result<regex_lite::Regex, String>>,
    errs: &mut ErrorList,
) {
    let anchored = format!("^(?:{pattern})$");
    match cache.get_or_init(|| regex_lite::Regex::new(&anchored).map_err(|e| e.to_string())) {
        Ok(re) if re.is_match(value) => {}
        Ok(_) => errs.push(FieldError::invalid(
            path.render(),
            value,
            &format!("must match the regular expression '{pattern}'"),
        )),
        Err(e) => errs.push(FieldError::new(
            ErrorType::Internal,
            path.render(),
            None,
            format!("the pattern '{pattern}' does not compile: {e}"),
        )),
    }
}

/// `list_type = "set"`: every item after the first copy of a value is a Duplicate.
pub fn unique_items<T: Serialize + PartialEq>(path: &Path<'_>, items: &[T], errs: &mut ErrorList) {
    for (i, item) in items.iter().enumerate() {
        if items[..i].contains(item) {
            let value = crate::codec::json::to_value(item).unwrap_or(Value::Null);
            errs.push(FieldError::new(
                ErrorType::Duplicate,
                path.index(i).render(),
                Some(value),
                "",
            ));
        }
    }
}

/// `list_type = "map"`: items are unique by their key fields; a repeat is a Duplicate whose
/// value shows the keys, as the API server reports it.
pub fn unique_keys<T: Serialize>(
    path: &Path<'_>,
    items: &[T],
    keys: &[&str],
    errs: &mut ErrorList,
) {
    let key_of = |item: &T| -> Value {
        let value = crate::codec::json::to_value(item).unwrap_or(Value::Null);
        let mut map = serde_json::Map::new();
        for k in keys {
            map.insert(
                (*k).to_string(),
                value.get(*k).cloned().unwrap_or(Value::Null),
            );
        }
        Value::Object(map)
    };
    let all: Vec<Value> = items.iter().map(key_of).collect();
    for (i, key) in all.iter().enumerate() {
        if all[..i].contains(key) {
            errs.push(FieldError::new(
                ErrorType::Duplicate,
                path.index(i).render(),
                Some(key.clone()),
                "",
            ));
        }
    }
}

/// `validation_rule`: the CEL rules of a field or a type, on its JSON form, as
/// kube-apiserver runs a CRD's rules: a value left out of the JSON (`None`, or the empty
/// value an optional field omits, with `omit_empty`) is not checked. Without the `cel`
/// feature nothing is evaluated.
pub fn rules<T: Serialize>(
    path: &Path<'_>,
    value: &T,
    old: Option<&T>,
    omit_empty: bool,
    rules: &[crate::validation::cel::Rule],
    errs: &mut ErrorList,
) {
    if !cfg!(feature = "cel") {
        return;
    }
    let Ok(new) = crate::codec::json::to_value(value) else {
        return;
    };
    let omitted = |v: &Value| {
        v.is_null()
            || (omit_empty
                && match v {
                    Value::String(s) => s.is_empty(),
                    Value::Array(items) => items.is_empty(),
                    // kapi writes a struct even when empty (an empty map is rarely ruled).
                    Value::Object(_) => false,
                    Value::Number(n) => n.as_f64() == Some(0.0),
                    Value::Bool(b) => !b,
                    Value::Null => true,
                })
    };
    if omitted(&new) {
        return;
    }
    let old = old
        .and_then(|o| crate::codec::json::to_value(o).ok())
        .filter(|o| !omitted(o));
    crate::validation::cel::check(path, &new, old.as_ref(), rules, errs);
}

/// `immutable`: on update the value may not change (`field is immutable`).
pub fn immutable<T: PartialEq + Serialize>(
    path: &Path<'_>,
    value: &T,
    old: Option<&T>,
    errs: &mut ErrorList,
) {
    if let Some(old) = old {
        if value != old {
            let shown = crate::codec::json::to_value(value).unwrap_or(Value::Null);
            errs.push(FieldError::invalid(
                path.render(),
                shown,
                "field is immutable",
            ));
        }
    }
}

/// A union member: its JSON name, whether it is set, and the discriminator value that
/// selects it.
pub struct UnionMember<'a> {
    pub name: &'a str,
    pub set: bool,
    pub discriminator_value: &'a str,
}

/// `union`: without a discriminator at most one member is set; with one, exactly the
/// member it names (Kubernetes' `validate.Union` / `DiscriminatedUnion` messages). On
/// update nothing is re-checked when membership and discriminator are unchanged.
pub fn union(
    path: &Path<'_>,
    members: &[UnionMember<'_>],
    discriminator: Option<(&str, &str)>,
    unchanged: bool,
    errs: &mut ErrorList,
) {
    if unchanged {
        return;
    }
    match discriminator {
        None => {
            let set: Vec<&str> = members.iter().filter(|m| m.set).map(|m| m.name).collect();
            if set.len() > 1 {
                let all: Vec<String> = members.iter().map(|m| format!("`{}`", m.name)).collect();
                errs.push(FieldError::invalid(
                    path.render(),
                    format!("{{{}}}", set.join(", ")),
                    &format!("must specify at most one of: {}", all.join(", ")),
                ));
            }
        }
        Some((name, value)) => {
            for m in members {
                let selected = m.discriminator_value == value;
                let member_path = path.child(m.name);
                if m.set && !selected {
                    errs.push(FieldError::invalid(
                        member_path.render(),
                        "",
                        &format!(
                            "may only be specified when `{name}` is {:?}",
                            m.discriminator_value
                        ),
                    ));
                } else if !m.set && selected {
                    errs.push(FieldError::invalid(
                        member_path.render(),
                        "",
                        &format!("must be specified when `{name}` is {value:?}"),
                    ));
                }
            }
        }
    }
}

/// A string enum's value. One outside `values` (held by the enum's `Other` variant: enums
/// are open on the wire) is refused here, on the write path, as Kubernetes' validation
/// refuses it; a gated one is allowed when its gate is on, or on update when the old object
/// had it already (the API change guide's OnTuesday rule). `gates` pairs with `values`.
#[allow(clippy::too_many_arguments)]
pub fn string_enum(
    path: &Path<'_>,
    value: &str,
    other: bool,
    values: &[&str],
    gates: &[Option<&str>],
    old: Option<&str>,
    opts: &Options<'_>,
    errs: &mut ErrorList,
) {
    if other {
        // An enum whose values Go does not declare is an open string: nothing to refuse.
        if !values.is_empty() && !values.contains(&value) {
            errs.push(FieldError::not_supported(path.render(), value, values));
        }
        return;
    }
    let gate = values
        .iter()
        .position(|v| *v == value)
        .and_then(|i| gates.get(i).copied().flatten());
    if let Some(gate) = gate {
        if !opts.enabled(gate) && old != Some(value) {
            errs.push(FieldError::invalid(
                path.render(),
                value,
                &format!("only allowed if the {gate} feature is enabled"),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::Options;

    fn refused(value: &str, values: &[&str]) -> Vec<String> {
        let mut errs = ErrorList::default();
        let gates = vec![None; values.len()];
        let root = Path::root();
        let path = root.child("pathType");
        string_enum(
            &path,
            value,
            true,
            values,
            &gates,
            None,
            &Options::default(),
            &mut errs,
        );
        errs.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn an_unknown_value_of_a_known_set_is_refused() {
        assert_eq!(
            refused("Exakt", &["Exact", "Prefix"]),
            ["pathType: Unsupported value: \"Exakt\": supported values: \"Exact\", \"Prefix\""]
        );
        assert!(refused("Prefix", &["Exact", "Prefix"]).is_empty());
    }

    /// Go declared no constants for the enum: kapi cannot know its values, so none is
    /// refused (an empty "supported values" list refused every value).
    #[test]
    fn an_enum_without_declared_values_is_open() {
        assert!(refused("Exact", &[]).is_empty());
    }
}
