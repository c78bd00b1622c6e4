//! A `default` marker checked against its field: the type (an `i32` default must fit an
//! `i32`; a `Quantity` default must parse as one), then the field's own constraints, so a
//! default can never produce an object its validation rejects. Runs in the parser, so the
//! derive and codegen report the same errors; enum defaults need the enum and are checked
//! by `check` on the whole model.
//!
//! The syntax of kapi's scalar types (quantities, durations, timestamps) is checked here
//! rather than by the runtime's parsers: codegen and the derive do not depend on the
//! runtime. The grammars are Kubernetes' own (`resource.ParseQuantity`,
//! `time.ParseDuration`, RFC 3339).

use super::grammars::{is_duration, is_quantity, is_rfc3339};
use super::special::Special;
use super::{FieldValidation, Scalar, Spanned, TypeRef};
use crate::diagnostics::{Diagnostic, Diagnostics};
use serde_json::Value;

pub fn check(
    field: &str,
    ty: &TypeRef,
    validation: &FieldValidation,
    default: &Spanned<serde_json::Value>,
    diags: &mut Diagnostics,
) {
    let span = default.span;
    let value = &default.value;
    if let Err(help) = fits_type(ty, value) {
        let mut d = Diagnostic::new(
            span,
            format!("default `{value}` does not fit field `{field}` of type `{ty}`"),
        );
        if let Some(help) = help {
            d = d.with_help(help);
        }
        diags.push(d);
        return;
    }
    for problem in breaks_constraints(value, validation) {
        diags.push(
            Diagnostic::new(
                span,
                format!("default `{value}` of field `{field}` {problem}"),
            )
            .with_help("a default must pass the field's own validation: change the default or the constraint"),
        );
    }
}

/// `Err(help)` when `value` is not a value of `ty`. Named types other than kapi's scalars
/// (structs, enums) are left to codegen, which sees them.
pub(crate) fn fits_type(ty: &TypeRef, value: &Value) -> Result<(), Option<String>> {
    match (ty, value) {
        (TypeRef::Scalar(Scalar::String), Value::String(_)) => Ok(()),
        (TypeRef::Scalar(Scalar::Bool), Value::Bool(_)) => Ok(()),
        (TypeRef::Scalar(s), Value::Number(n)) if s.is_integer() => {
            let (min, max) = integer_range(*s);
            let fits = match (n.as_i64(), n.as_u64()) {
                (Some(i), _) => i128::from(i) >= min && i128::from(i) <= max,
                (None, Some(u)) => i128::from(u) <= max,
                (None, None) => {
                    return Err(Some(format!("`{}` holds whole numbers", s.rust_name())))
                }
            };
            if fits {
                Ok(())
            } else {
                Err(Some(format!(
                    "`{}` holds {min}..={max}; a larger value would be truncated",
                    s.rust_name()
                )))
            }
        }
        (TypeRef::Scalar(Scalar::F32), Value::Number(n)) => match n.as_f64() {
            Some(f) if f.abs() <= f64::from(f32::MAX) => Ok(()),
            _ => Err(Some("`f32` holds at most 3.4028235e38".to_string())),
        },
        (TypeRef::Scalar(s), Value::Number(_)) if s.is_number() => Ok(()),
        (TypeRef::Scalar(_), _) => Err(None),
        (TypeRef::Vec(inner), Value::Array(items)) => {
            items.iter().try_for_each(|item| fits_type(inner, item))
        }
        (TypeRef::Map { value: inner, .. }, Value::Object(entries)) => {
            entries.values().try_for_each(|v| fits_type(inner, v))
        }
        (TypeRef::Vec(_) | TypeRef::Map { .. }, _) => Err(None),
        (TypeRef::Option(inner) | TypeRef::Box(inner), v) => fits_type(inner, v),
        (TypeRef::Named(path), v) => match Special::from_path(path) {
            Some(special) => fits_special(special, v),
            None => Ok(()),
        },
    }
}

fn integer_range(s: Scalar) -> (i128, i128) {
    match s {
        Scalar::I8 => (i8::MIN.into(), i8::MAX.into()),
        Scalar::I16 => (i16::MIN.into(), i16::MAX.into()),
        Scalar::I32 => (i32::MIN.into(), i32::MAX.into()),
        Scalar::U8 => (0, u8::MAX.into()),
        Scalar::U16 => (0, u16::MAX.into()),
        Scalar::U32 => (0, u32::MAX.into()),
        Scalar::U64 => (0, u64::MAX.into()),
        _ => (i64::MIN.into(), i64::MAX.into()),
    }
}

fn fits_special(special: Special, value: &Value) -> Result<(), Option<String>> {
    let text = value.as_str();
    let (ok, help) = match special {
        Special::Quantity => (
            text.map_or(value.is_number(), is_quantity),
            "a quantity is a number with an optional suffix, e.g. \"100m\", \"1.5Gi\" or \"1e3\"",
        ),
        Special::Duration => (
            text.is_some_and(is_duration),
            "a duration is Go's `time.Duration` text, e.g. \"30s\", \"1h30m\" or \"250ms\"",
        ),
        Special::Time | Special::MicroTime => (
            text.is_some_and(is_rfc3339),
            "a time is an RFC 3339 timestamp, e.g. \"2006-01-02T15:04:05Z\"",
        ),
        Special::IntOrString => (
            text.is_some() || value.as_i64().is_some_and(|i| i32::try_from(i).is_ok()),
            "an IntOrString is a string or an integer that fits an int32",
        ),
        _ => return Ok(()),
    };
    if ok {
        Ok(())
    } else {
        Err(Some(help.to_string()))
    }
}

/// What the field's constraints say about `value`, one sentence each.
fn breaks_constraints(value: &Value, v: &FieldValidation) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(n) = value.as_f64() {
        if let Some(min) = &v.minimum {
            if min.excludes_below(n) {
                let rule = if min.exclusive { "exclusive " } else { "" };
                out.push(format!("is below its {rule}`minimum = {min}`"));
            }
        }
        if let Some(max) = &v.maximum {
            if max.excludes_above(n) {
                let rule = if max.exclusive { "exclusive " } else { "" };
                out.push(format!("is above its {rule}`maximum = {max}`"));
            }
        }
    }
    if let Some(s) = value.as_str() {
        // Lengths count bytes, as the generated validation does.
        out.extend(size_problems(
            s.len(),
            (&v.min_length, "is shorter than its `min_length"),
            (&v.max_length, "is longer than its `max_length"),
        ));
        if let Some(p) = &v.pattern {
            // The engine and anchoring of the generated validation; a pattern that does not
            // compile is reported on its own marker.
            let anchored = format!("^(?:{})$", p.value);
            if let Ok(re) = regex_lite::Regex::new(&anchored) {
                if !re.is_match(s) {
                    out.push(format!("does not match its `pattern = {:?}`", p.value));
                }
            }
        }
        if let Some(format) = &v.format {
            if let Some(problem) = super::formats::violation(&format.value, s) {
                out.push(format!("is not a valid `{}`: {problem}", format.value));
            }
        }
    }
    if let Some(items) = value.as_array() {
        out.extend(size_problems(
            items.len(),
            (&v.min_items, "has fewer items than its `min_items"),
            (&v.max_items, "has more items than its `max_items"),
        ));
    }
    out
}

/// A length or an item count against its lower and upper marker, each with the start of
/// its sentence.
fn size_problems(
    len: usize,
    (min, below): (&Option<Spanned<i64>>, &str),
    (max, above): (&Option<Spanned<i64>>, &str),
) -> Vec<String> {
    let len = i64::try_from(len).unwrap_or(i64::MAX);
    let low = min.as_ref().filter(|m| len < m.value).map(|m| (below, m));
    let high = max.as_ref().filter(|m| len > m.value).map(|m| (above, m));
    low.into_iter()
        .chain(high)
        .map(|(sentence, m)| format!("{sentence} = {m}`"))
        .collect()
}
