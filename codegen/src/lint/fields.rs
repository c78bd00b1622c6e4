//! Field types: portable numbers, few bools, `Option` where zero is a real choice, lists of
//! named objects rather than maps, and units in the names of durations.

use super::api::{unwrap, Api};
use super::rule::{Rule, Sink};
use super::words::words;
use crate::model::{Field, Scalar, Shape, TypeRef};

pub(super) const RULES: &[Rule] = &[
    Rule {
        name: "no-floats",
        rationale: "floating-point values do not round-trip exactly across languages; never in spec",
        check: no_floats,
    },
    Rule {
        name: "int32-or-int64",
        rationale: "integers are `i32` or `i64`: unsigned and narrow integers are not portable to every client",
        check: int32_or_int64,
    },
    Rule {
        name: "prefer-enum-to-bool",
        rationale: "bools tend to grow a third option; a string enum (`TerminationMessagePolicy`) can",
        check: prefer_enum_to_bool,
    },
    Rule {
        name: "optional-needs-option",
        rationale: "an optional number or bool whose zero is a valid choice is an `Option`, so unset and zero differ",
        check: optional_needs_option,
    },
    Rule {
        name: "required-zero-value",
        rationale: "a required number or bool that accepts zero cannot tell a forgotten field from zero",
        check: required_zero_value,
    },
    Rule {
        name: "no-map-of-objects",
        rationale: "lists of named objects, not maps of objects: every JSON key stays a field name",
        check: no_map_of_objects,
    },
    Rule {
        name: "duration-units",
        rationale: "a duration's unit is in its name (`timeoutSeconds`), or it is a `kapi::meta::Duration`",
        check: duration_units,
    },
];

/// The scalar a field holds, through `Option`, `Box`, `Vec` and map values.
fn scalar_of(ty: &TypeRef) -> Option<Scalar> {
    match ty {
        TypeRef::Option(inner) | TypeRef::Box(inner) | TypeRef::Vec(inner) => scalar_of(inner),
        TypeRef::Map { value, .. } => scalar_of(value),
        TypeRef::Scalar(s) => Some(*s),
        TypeRef::Named(_) => None,
    }
}

fn no_floats(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        if !matches!(scalar_of(&f.ty), Some(Scalar::F32 | Scalar::F64)) {
            continue;
        }
        sink.on_field(
            item.ty,
            f,
            format!("`{}.{}` is a floating-point number", item.ty.name, f.rust_name),
            "use an integer with the unit in the name (`cpuMillis`), a `kapi::meta::Quantity`, or a string",
        );
    }
}

fn int32_or_int64(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        let Some(s) = scalar_of(&f.ty) else { continue };
        let help = match s {
            Scalar::U8 | Scalar::U16 | Scalar::U32 => "use `i32` with `minimum = 0`",
            Scalar::U64 => "use `i64` with `minimum = 0`",
            Scalar::I8 | Scalar::I16 => "use `i32`",
            _ => continue,
        };
        sink.on_field(
            item.ty,
            f,
            format!(
                "`{}.{}` is a `{}`",
                item.ty.name,
                f.rust_name,
                s.rust_name()
            ),
            help,
        );
    }
}

fn prefer_enum_to_bool(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        if scalar_of(&f.ty) != Some(Scalar::Bool) {
            continue;
        }
        sink.on_field(
            item.ty,
            f,
            format!("`{}.{}` is a bool", item.ty.name, f.rust_name),
            "consider a `#[k8s(enum)]` of named policies, which can gain a third value later",
        );
    }
}

/// Whether the field's validation accepts 0 (or `false`): then 0 is a choice a user makes.
fn zero_is_valid(f: &Field) -> bool {
    let v = &f.validation;
    let min_excludes = v.minimum.is_some_and(|m| m.excludes_below(0.0));
    let max_excludes = v.maximum.is_some_and(|m| m.excludes_above(0.0));
    !min_excludes && !max_excludes
}

/// A plain number or bool: the types with no value that means "unset".
fn bare_scalar(f: &Field) -> Option<Scalar> {
    match &f.ty {
        TypeRef::Scalar(s) if *s != Scalar::String => Some(*s),
        _ => None,
    }
}

fn optional_needs_option(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        let Some(s) = bare_scalar(f) else { continue };
        if !f.optional || !zero_is_valid(f) || api.is_status_only(item.ty) {
            continue;
        }
        let zero = if s == Scalar::Bool { "false" } else { "0" };
        sink.on_field(
            item.ty,
            f,
            format!(
                "optional field `{}.{}` is a plain `{}`: unset and {zero} look the same",
                item.ty.name,
                f.rust_name,
                s.rust_name()
            ),
            format!("make it `Option<{}>`", s.rust_name()),
        );
    }
}

fn required_zero_value(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        let Some(s) = bare_scalar(f) else { continue };
        if f.optional || !zero_is_valid(f) || api.is_status_only(item.ty) {
            continue;
        }
        let (zero, help) = if s == Scalar::Bool {
            (
                "false",
                "make it an optional `Option<bool>` (with a default if it needs one)".to_string(),
            )
        } else {
            (
                "0",
                format!(
                    "bound it away from zero (`minimum = 1`), or make it an optional `Option<{}>`",
                    s.rust_name()
                ),
            )
        };
        sink.on_field(
            item.ty,
            f,
            format!(
                "required field `{}.{}` accepts {zero}, so a client that leaves it out sends {zero} unnoticed",
                item.ty.name, f.rust_name
            ),
            help,
        );
    }
}

fn no_map_of_objects(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        let TypeRef::Map { value, .. } = unwrap(&f.ty) else {
            continue;
        };
        let Some(object) = api
            .resolve(item.gv, value)
            .filter(|t| matches!(t.shape, Shape::Struct { .. }))
        else {
            continue;
        };
        sink.on_field(
            item.ty,
            f,
            format!(
                "`{}.{}` is a map of `{}` objects",
                item.ty.name, f.rust_name, object.name
            ),
            format!(
                "use `Vec<{}>` with a `name` field, marked `list_type = \"map\", list_map_key = \"name\"`",
                object.name
            ),
        );
    }
}

const DURATION_WORDS: &[&str] = &[
    "timeout",
    "interval",
    "period",
    "delay",
    "ttl",
    "age",
    "duration",
    "deadline",
    "expiration",
];

const UNIT_WORDS: &[&str] = &[
    "seconds",
    "millis",
    "milliseconds",
    "micros",
    "microseconds",
    "nanos",
    "nanoseconds",
    "minutes",
    "hours",
    "days",
];

fn duration_units(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        if !scalar_of(&f.ty).is_some_and(Scalar::is_number) {
            continue;
        }
        let ws: Vec<String> = words(&f.json_name)
            .into_iter()
            .map(str::to_ascii_lowercase)
            .collect();
        let Some(word) = ws.iter().find(|w| DURATION_WORDS.contains(&w.as_str())) else {
            continue;
        };
        if ws.iter().any(|w| UNIT_WORDS.contains(&w.as_str())) {
            continue;
        }
        sink.on_field(
            item.ty,
            f,
            format!(
                "`{}.{}` is a {word} without a unit in its name",
                item.ty.name, f.rust_name
            ),
            format!(
                "name it \"{}Seconds\" (or the unit it counts), or make it a `kapi::meta::Duration`",
                f.json_name
            ),
        );
    }
}
