//! One field's changes against its baseline: what it is (JSON name, type), whether it may
//! be empty (optional, required, default), its bounds, its shape on the wire, its merge
//! semantics and its protobuf number. Each group is one method so a new marker's rule has
//! an obvious home; the CEL rules are compared by the caller, which pairs them.

use super::change::{shown, Change, Place};
use super::rules::{self, Rule};
use super::snapshot::FieldSnap;
use crate::markers::{key, Key};
use crate::model::version_name::Stability;

/// The changes of one field, pushed where the whole diff collects them.
pub(super) struct FieldChanges<'d> {
    pub at: Place,
    /// `Type.jsonName`, as messages name the field.
    pub name: &'d str,
    pub stability: Stability,
    pub changes: &'d mut Vec<Change>,
}

impl FieldChanges<'_> {
    fn push(
        &mut self,
        rule: &'static Rule,
        marker: Option<Key>,
        what: &str,
        baseline: String,
        today: String,
    ) {
        self.changes.push(Change {
            rule,
            at: self.at.clone(),
            marker,
            cel_rule: None,
            message: format!("`{}`: {what}", self.name),
            baseline,
            today,
            stability: self.stability,
        });
    }

    /// Its JSON name and type; returns the type pair it names (to pair types whose Rust
    /// name changed).
    pub fn identity(&mut self, b: &FieldSnap, t: &FieldSnap) -> Option<(String, String)> {
        if b.json_name != t.json_name {
            self.push(
                rules::JSON_NAME_CHANGED,
                Some(key::RENAME),
                "its JSON name changed",
                format!("`{}`", b.json_name),
                format!("`{}`", t.json_name),
            );
        }
        if b.ty == t.ty {
            return t.api_type.as_ref().map(|n| (n.clone(), n.clone()));
        }
        match (&b.api_type, &t.api_type) {
            (Some(bn), Some(tn)) if bn != tn && b.ty.replace(bn.as_str(), tn) == t.ty => {
                Some((bn.clone(), tn.clone()))
            }
            _ => {
                self.push(
                    rules::FIELD_TYPE_CHANGED,
                    None,
                    "its type changed",
                    format!("`{}`", b.ty),
                    format!("`{}`", t.ty),
                );
                None
            }
        }
    }

    /// Optional, `required` and the default.
    pub fn requiredness(&mut self, b: &FieldSnap, t: &FieldSnap) {
        let optional_to_required = b.optional && !t.optional;
        if optional_to_required {
            self.push(
                rules::OPTIONAL_TO_REQUIRED,
                Some(key::REQUIRED),
                "an optional field became required",
                "optional".into(),
                "required".into(),
            );
        }
        if !b.required_marker && t.required_marker && !optional_to_required {
            self.push(
                rules::REQUIRED_ADDED,
                Some(key::REQUIRED),
                "`required` was added: empty values are refused",
                "not marked `required`".into(),
                "`required`".into(),
            );
        }
        match (&b.default, &t.default) {
            (Some(bd), None) => self.push(
                rules::DEFAULT_REMOVED,
                None,
                "its default was removed",
                bd.to_string(),
                "none".into(),
            ),
            (Some(bd), Some(td)) if bd != td => self.push(
                rules::DEFAULT_CHANGED,
                Some(key::DEFAULT),
                "its default changed",
                bd.to_string(),
                td.to_string(),
            ),
            _ => {}
        }
    }

    /// Numeric bounds, lengths, item counts, pattern and format: each may only widen.
    pub fn bounds(&mut self, b: &FieldSnap, t: &FieldSnap) {
        let bound = |v: Option<f64>, exclusive: bool| match v {
            Some(v) if exclusive => format!("{v} (exclusive)"),
            other => shown(other),
        };
        let above = |t: f64, b: f64| t > b;
        let below = |t: f64, b: f64| t < b;
        for (rule, k, what, (bv, bx), (tv, tx), tighter) in [
            (
                rules::MINIMUM_RAISED,
                key::MINIMUM,
                "its minimum was raised",
                (b.minimum, b.exclusive_minimum),
                (t.minimum, t.exclusive_minimum),
                &above as &dyn Fn(f64, f64) -> bool,
            ),
            (
                rules::MAXIMUM_LOWERED,
                key::MAXIMUM,
                "its maximum was lowered",
                (b.maximum, b.exclusive_maximum),
                (t.maximum, t.exclusive_maximum),
                &below,
            ),
        ] {
            let Some(today) = tv else { continue };
            // A new bound, a tighter one, or the same one made exclusive.
            let narrowed =
                bv.is_none_or(|base| tighter(today, base) || (today == base && tx && !bx));
            if narrowed {
                self.push(rule, Some(k), what, bound(bv, bx), bound(tv, tx));
            }
        }
        self.counts(b, t);
        for (rule, what, before, after, k) in [
            (
                rules::PATTERN_CHANGED,
                "pattern",
                &b.pattern,
                &t.pattern,
                key::PATTERN,
            ),
            (
                rules::FORMAT_CHANGED,
                "format",
                &b.format,
                &t.format,
                key::FORMAT,
            ),
        ] {
            if after.is_some() && before != after {
                self.push(
                    rule,
                    Some(k),
                    &format!("its {what} changed"),
                    shown(before.as_ref().map(|p| format!("`{p}`"))),
                    shown(after.as_ref().map(|p| format!("`{p}`"))),
                );
            }
        }
    }

    /// Lengths and item counts.
    fn counts(&mut self, b: &FieldSnap, t: &FieldSnap) {
        let raised = |b: Option<i64>, t: Option<i64>| t.is_some_and(|t| b.is_none_or(|b| t > b));
        let lowered = |b: Option<i64>, t: Option<i64>| t.is_some_and(|t| b.is_none_or(|b| t < b));
        for (rule, what, min, max, kmin, kmax) in [
            (
                rules::LENGTH_NARROWED,
                "length",
                (b.min_length, t.min_length),
                (b.max_length, t.max_length),
                key::MIN_LENGTH,
                key::MAX_LENGTH,
            ),
            (
                rules::ITEM_COUNT_NARROWED,
                "item count",
                (b.min_items, t.min_items),
                (b.max_items, t.max_items),
                key::MIN_ITEMS,
                key::MAX_ITEMS,
            ),
        ] {
            if raised(min.0, min.1) {
                self.push(
                    rule,
                    Some(kmin),
                    &format!("its minimum {what} was raised"),
                    shown(min.0),
                    shown(min.1),
                );
            }
            if lowered(max.0, max.1) {
                self.push(
                    rule,
                    Some(kmax),
                    &format!("its maximum {what} was lowered"),
                    shown(max.0),
                    shown(max.1),
                );
            }
        }
    }

    /// How it is written: presence when empty, immutability, inlining, unknown fields and
    /// embedded resources.
    pub fn shape(&mut self, ty: &str, b: &FieldSnap, t: &FieldSnap) {
        // When optionality changed, its own rules speak; the default presence follows it.
        if b.optional == t.optional && b.presence() != t.presence() {
            self.push(
                rules::PRESENCE_CHANGED,
                Some(key::PRESENCE),
                "how JSON writes it when empty changed",
                format!("presence `{}`", b.presence()),
                format!("presence `{}`", t.presence()),
            );
        }
        if !b.immutable && t.immutable {
            self.push(
                rules::IMMUTABLE_ADDED,
                Some(key::IMMUTABLE),
                "it became immutable",
                "mutable".into(),
                "immutable".into(),
            );
        }
        if b.inline != t.inline {
            let shape = |inline: bool| {
                if inline {
                    format!("inline: its members are written in `{ty}`")
                } else {
                    format!("nested under `{}`", t.json_name)
                }
            };
            self.push(
                rules::INLINE_CHANGED,
                Some(key::INLINE),
                "`inline` was toggled: its members moved",
                shape(b.inline),
                shape(t.inline),
            );
        }
        if b.preserve_unknown_fields && !t.preserve_unknown_fields {
            self.push(
                rules::UNKNOWN_FIELDS_PRUNED,
                None,
                "its unknown fields are pruned",
                "kept (`preserve_unknown_fields`)".into(),
                "pruned".into(),
            );
        }
        if b.embedded_resource != t.embedded_resource {
            let what = |embedded: bool| {
                if embedded {
                    "an embedded resource".to_string()
                } else {
                    "not an embedded resource".to_string()
                }
            };
            self.push(
                rules::EMBEDDED_RESOURCE_CHANGED,
                Some(key::EMBEDDED_RESOURCE),
                "`embedded_resource` was toggled",
                what(b.embedded_resource),
                what(t.embedded_resource),
            );
        }
    }

    /// List and map semantics: each marker with its value; the first that differs is
    /// pointed at.
    pub fn merge_semantics(&mut self, b: &FieldSnap, t: &FieldSnap) {
        let semantics = |f: &FieldSnap| {
            [
                (key::LIST_TYPE, f.list_type.clone()),
                (
                    key::LIST_MAP_KEY,
                    Some(f.list_map_keys.join(", ")).filter(|k| !k.is_empty()),
                ),
                (key::MAP_TYPE, f.map_type.clone()),
                (key::PATCH_STRATEGY, f.patch_strategy.clone()),
                (key::PATCH_MERGE_KEY, f.patch_merge_key.clone()),
            ]
        };
        let shown_semantics = |f: &FieldSnap| {
            let parts: Vec<String> = semantics(f)
                .into_iter()
                .filter_map(|(k, v)| v.map(|v| format!("{} {v}", k.name())))
                .collect();
            if parts.is_empty() {
                "none".to_string()
            } else {
                parts.join(", ")
            }
        };
        let changed = semantics(b)
            .into_iter()
            .zip(semantics(t))
            .find(|(before, after)| before.1 != after.1);
        if let Some(((marker, _), _)) = changed {
            self.push(
                rules::LIST_TYPE_CHANGED,
                Some(marker),
                "its list or map semantics changed",
                shown_semantics(b),
                shown_semantics(t),
            );
        }
    }

    /// A protobuf number, once given, is the field's forever.
    pub fn protobuf(&mut self, b: &FieldSnap, t: &FieldSnap) {
        if let Some(bn) = b.protobuf {
            if t.protobuf != Some(bn) {
                self.push(
                    rules::PROTOBUF_NUMBER_CHANGED,
                    Some(key::PROTOBUF),
                    "its protobuf number changed",
                    bn.to_string(),
                    shown(t.protobuf),
                );
            }
        }
    }
}
