//! Names: JSON fields are camelCase, enum values CamelCase, times end in `Time`, and no
//! `phase` state machines.

use super::api::{unwrap, Api};
use super::rule::{Rule, Sink};
use super::words::{is_lower_camel, is_upper_camel, words};
use crate::model::Shape;
use heck::{ToLowerCamelCase, ToUpperCamelCase};

pub(super) const RULES: &[Rule] = &[
    Rule {
        name: "json-camel-case",
        rationale: "JSON field names are camelCase, without underscores or dashes, like every Kubernetes API",
        check: json_camel_case,
    },
    Rule {
        name: "enum-camel-case",
        rationale: "enum values are CamelCase strings with an initial capital (`ClusterFirst`, `TCP`)",
        check: enum_camel_case,
    },
    Rule {
        name: "time-field-name",
        rationale: "a field holding the time something happens is `somethingTime`, never `...Stamp`",
        check: time_field_name,
    },
    Rule {
        name: "no-phase",
        rationale: "`phase` state machines are deprecated: adding a phase breaks clients; report conditions",
        check: no_phase,
    },
];

fn json_camel_case(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        if is_lower_camel(&f.json_name) {
            continue;
        }
        sink.on_field(
            item.ty,
            f,
            format!(
                "JSON name \"{}\" of `{}.{}` is not camelCase",
                f.json_name, item.ty.name, f.rust_name
            ),
            format!("write `rename = \"{}\"`", f.json_name.to_lower_camel_case()),
        );
    }
}

fn enum_camel_case(api: &Api, sink: &mut Sink) {
    for item in api.types() {
        let Shape::Enum { variants, .. } = &item.ty.shape else {
            continue;
        };
        for v in variants {
            if is_upper_camel(&v.value) {
                continue;
            }
            sink.on_variant(
                item.ty,
                v,
                format!(
                    "value \"{}\" of enum `{}` is not CamelCase",
                    v.value, item.ty.name
                ),
                format!(
                    "write it as \"{}\" (a proper name with its own casing, like `iptables`, may allow this rule)",
                    v.value.to_upper_camel_case()
                ),
            );
        }
    }
}

fn time_field_name(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        let ws = words(&f.json_name);
        let Some(last) = ws.last().map(|w| w.to_ascii_lowercase()) else {
            continue;
        };
        let stamped = last.ends_with("stamp");
        let is_time = matches!(unwrap(&f.ty).named_last(), Some("Time" | "MicroTime"));
        let unsuffixed_time = is_time && last != "time";
        if !stamped && !unsuffixed_time {
            continue;
        }
        // `startedAt`, `creationTimestamp`: what happened is the part before the suffix.
        let base: String = if stamped || matches!(last.as_str(), "at" | "on") {
            ws[..ws.len() - 1].concat()
        } else {
            f.json_name.clone()
        };
        let suggestion = if base.is_empty() {
            "somethingTime".to_string()
        } else {
            format!("{}Time", base.to_lower_camel_case())
        };
        let message = if stamped {
            format!(
                "`{}.{}` is a time named `...stamp`",
                item.ty.name, f.rust_name
            )
        } else {
            format!(
                "`{}.{}` holds a time but its name does not end in `Time`",
                item.ty.name, f.rust_name
            )
        };
        sink.on_field(item.ty, f, message, format!("name it \"{suggestion}\""));
    }
}

fn no_phase(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        if f.json_name != "phase" {
            continue;
        }
        sink.on_field(
            item.ty,
            f,
            format!("`{}.phase` is a phase", item.ty.name),
            "report `conditions: Vec<kapi::meta::Condition>` instead, one condition per property clients watch",
        );
    }
}
