//! Across versions: what a served version's markers check, the hub checks too.

use super::api::Api;
use super::rule::{Rule, Sink};
use crate::model::{Field, ListType};

pub(super) const RULES: &[Rule] = &[Rule {
    name: "validation-on-hub",
    rationale: "a validation marker on a served version's field is on the hub's too: the hub's checks are the ones every version's writes go through",
    check: validation_on_hub,
}];

/// The validation markers a field carries, as written (`minimum = 1`), by marker name.
fn validation_markers(f: &Field) -> Vec<(&'static str, String)> {
    let v = &f.validation;
    let mut out = Vec::new();
    let mut number = |name, value: Option<f64>| {
        if let Some(n) = value {
            out.push((name, format!("{name} = {n}")));
        }
    };
    number("minimum", v.minimum.as_ref().map(|s| s.value.value));
    number("maximum", v.maximum.as_ref().map(|s| s.value.value));
    let int = |value: &Option<crate::model::Spanned<i64>>| value.as_ref().map(|s| s.value as f64);
    number("min_length", int(&v.min_length));
    number("max_length", int(&v.max_length));
    number("min_items", int(&v.min_items));
    number("max_items", int(&v.max_items));
    if let Some(p) = &v.pattern {
        out.push(("pattern", format!("pattern = {:?}", p.value)));
    }
    if let Some(p) = &v.format {
        out.push(("format", format!("format = {:?}", p.value)));
    }
    if v.immutable {
        out.push(("immutable", "immutable".to_string()));
    }
    // Sets and list maps validate that items (or their keys) are unique.
    match f.list_type.as_ref().map(|l| l.value) {
        Some(ListType::Set) => out.push(("list_type", "list_type = \"set\"".to_string())),
        Some(ListType::Map) => out.push((
            "list_type",
            format!(
                "list_type = \"map\", list_map_key = {:?}",
                f.list_map_keys.join(",")
            ),
        )),
        _ => {}
    }
    out
}

/// The write path validates a request with its own version's markers and the hub's; a
/// request in a version without the marker (or a conversion that fills the field) is
/// checked by the hub alone, so a marker only the served version has is easily lost.
fn validation_on_hub(api: &Api, sink: &mut Sink) {
    for item in api.types() {
        let Some(gv) = item.gv.filter(|gv| !gv.internal) else {
            continue;
        };
        let Some(hub) = api.hub_of(gv).and_then(|hub| hub.find(&item.ty.name)) else {
            continue;
        };
        for f in item.ty.fields() {
            let Some(on_hub) = hub.fields().iter().find(|h| h.rust_name == f.rust_name) else {
                continue;
            };
            let there: Vec<&str> = validation_markers(on_hub)
                .into_iter()
                .map(|(name, _)| name)
                .collect();
            for (name, written) in validation_markers(f) {
                if there.contains(&name) {
                    continue;
                }
                sink.on_field(
                    item.ty,
                    f,
                    format!(
                        "`{}.{}` has `{name}` in {} but not on the hub",
                        item.ty.name, f.rust_name, gv.version
                    ),
                    format!(
                        "add `{written}` to the hub's `{}.{}` too",
                        item.ty.name, on_hub.rust_name
                    ),
                );
            }
        }
    }
}
