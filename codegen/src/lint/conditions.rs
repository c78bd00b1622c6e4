//! Conditions: the standard condition shape, in a list map keyed by `type`.

use super::api::{element, unwrap, Api};
use super::rule::{Rule, Sink};
use crate::model::{ListType, TypeRef};

pub(super) const RULES: &[Rule] = &[
    Rule {
        name: "conditions-type",
        rationale: "`conditions` is a list of `kapi::meta::Condition` (type, status, reason, message, lastTransitionTime, observedGeneration), so generic tools can read it",
        check: conditions_type,
    },
    Rule {
        name: "conditions-list-map",
        rationale: "`conditions` is a list map keyed by `type`: one condition per type, merged by apply",
        check: conditions_list_map,
    },
];

/// The fields of `metav1.Condition`, by JSON name.
const CONDITION_FIELDS: &[&str] = &[
    "type",
    "status",
    "reason",
    "message",
    "lastTransitionTime",
    "observedGeneration",
];

fn conditions_type(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        if f.json_name != "conditions" {
            continue;
        }
        let is_list = matches!(unwrap(&f.ty), TypeRef::Vec(_));
        let elem = element(&f.ty);
        let local = api.resolve(item.gv, elem);
        let problem = match (is_list, local) {
            (false, _) => format!("is `{}`, not a list", f.ty),
            (true, Some(t)) => {
                let missing: Vec<&str> = CONDITION_FIELDS
                    .iter()
                    .copied()
                    .filter(|name| !t.fields().iter().any(|tf| tf.json_name == *name))
                    .collect();
                if missing.is_empty() {
                    continue;
                }
                format!("holds `{}`, which lacks {}", t.name, missing.join(", "))
            }
            (true, None) if elem.named_last() == Some("Condition") => continue,
            (true, None) => format!("is `{}`, not a list of conditions", f.ty),
        };
        sink.on_field(
            item.ty,
            f,
            format!("`{}.conditions` {problem}", item.ty.name),
            "use `Vec<kapi::meta::Condition>`",
        );
    }
}

fn conditions_list_map(api: &Api, sink: &mut Sink) {
    for (item, f) in api.fields() {
        if f.json_name != "conditions" || !matches!(unwrap(&f.ty), TypeRef::Vec(_)) {
            continue;
        }
        if f.list_type.as_deref() == Some(&ListType::Map) && f.list_map_keys == ["type"] {
            continue;
        }
        sink.on_field(
            item.ty,
            f,
            format!(
                "`{}.conditions` is not a list map keyed by `type`",
                item.ty.name
            ),
            "mark it `#[k8s(optional, list_type = \"map\", list_map_key = \"type\")]`",
        );
    }
}
