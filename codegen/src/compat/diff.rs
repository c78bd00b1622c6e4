//! The rules' checks: a baseline snapshot against today's, as a list of [`Change`]s, each
//! naming the rule it breaks, where in today's API it is, and both values.
//!
//! Items are paired as the wire pairs them: group-versions by name, kinds and types by name
//! (a type whose Rust name changed is paired through the fields that hold it), fields by
//! JSON name (else by Rust name: a renamed JSON field), enum values by
//! value, resources by kind. Feature-gated additions are the sanctioned way to grow an API and
//! are never changes; a change to what the baseline had behind an alpha gate counts as alpha.
//! Today's snapshot is compared only on the facts the baseline records.

use super::change::shown;
pub use super::change::{Change, Gv, Place, Scope};
use super::field_changes::FieldChanges;
use super::rules::{self, Rule};
use super::snapshot::{CelRule, FieldSnap, ScaleSnap, Snapshot, TypeSnap, VersionSnap};
use crate::markers::{key, Key};
use crate::model::version_name::{self, Stability};
use crate::model::KindCategory;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// Every change from `base` to `today`.
pub fn diff(base: &Snapshot, today: &Snapshot) -> Vec<Change> {
    let today = today.as_recorded(&base.records);
    let mut d = Diff {
        base,
        today: &today,
        changes: Vec::new(),
    };
    for b in &base.versions {
        let stability = Stability::of(&b.version);
        match today.version(&b.group, &b.version) {
            Some(t) => d.version(b, t, stability),
            None => d.version_removed(b, stability),
        }
    }
    d.types(None, &base.shared_types, &today.shared_types, Stability::Ga);
    for group in groups(&today) {
        d.two_step(&group);
        d.defaults_across_versions(&group);
    }
    d.changes
}

fn groups(s: &Snapshot) -> BTreeSet<String> {
    s.versions.iter().map(|v| v.group.clone()).collect()
}

struct Diff<'a> {
    base: &'a Snapshot,
    today: &'a Snapshot,
    changes: Vec<Change>,
}

fn gv(v: &VersionSnap) -> Gv {
    (v.group.clone(), v.version.clone())
}

impl<'a> Diff<'a> {
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        rule: &'static Rule,
        at: Place,
        marker: Option<Key>,
        message: String,
        baseline: impl Into<String>,
        today: impl Into<String>,
        stability: Stability,
    ) {
        self.changes.push(Change {
            rule,
            at,
            marker,
            cel_rule: None,
            message,
            baseline: baseline.into(),
            today: today.into(),
            stability,
        });
    }

    /// Alpha when `gate` is an alpha gate of the baseline: what it guards may still change.
    fn gated(&self, gate: Option<&String>, stability: Stability) -> Stability {
        match gate.and_then(|g| self.base.feature_gates.get(g)) {
            Some(stage) if stage == "Alpha" => Stability::Alpha,
            _ => stability,
        }
    }

    fn version_removed(&mut self, b: &VersionSnap, stability: Stability) {
        let objects: Vec<&TypeSnap> = b
            .kinds()
            .filter(|k| k.category() == Some(KindCategory::Object))
            .collect();
        // Its release announced the removal of every kind it serves (as kind removals are).
        let announced =
            |f: fn(&TypeSnap) -> bool| !objects.is_empty() && objects.iter().all(|k| f(k));
        if announced(|k| k.removed.is_some()) {
            return;
        }
        let removal = if announced(|k| k.deprecated.is_some() || k.removed.is_some()) {
            Stability::Alpha
        } else {
            stability
        };
        let names: Vec<&str> = objects.iter().map(|k| k.name.as_str()).collect();
        self.push(
            rules::GROUP_VERSION_REMOVED,
            Place::Group(b.group.clone()),
            None,
            format!(
                "group-version `{}/{}` is no longer served",
                b.group, b.version
            ),
            format!("served, with {}", names.join(", ")),
            "not served",
            removal,
        );
        for k in b.kinds().filter(|k| is_stored(k)) {
            self.storage_unserved(b, k, stability);
        }
    }

    fn storage_unserved(&mut self, b: &VersionSnap, k: &TypeSnap, stability: Stability) {
        self.push(
            rules::STORAGE_VERSION_UNSERVED,
            Place::Group(b.group.clone()),
            None,
            format!(
                "`{}` objects are stored as `{}/{}`, which no longer serves them",
                k.name, b.group, b.version
            ),
            format!("{} stored as {}", k.name, b.version),
            "not served",
            stability,
        );
    }

    fn version(&mut self, b: &VersionSnap, t: &VersionSnap, stability: Stability) {
        let scope = Some(gv(t));
        for bk in b.kinds() {
            let Some(tk) = t.find(&bk.name).filter(|tk| tk.kind.is_some()) else {
                if bk.removed.is_some() {
                    continue;
                }
                // Deprecated in the release: its removal was announced, so only a warning.
                let stability = if bk.deprecated.is_some() {
                    Stability::Alpha
                } else {
                    stability
                };
                self.push(
                    rules::KIND_REMOVED,
                    Place::Version(gv(t)),
                    None,
                    format!(
                        "kind `{}` is gone from `{}/{}`",
                        bk.name, t.group, t.version
                    ),
                    format!("kind {}", bk.name),
                    "none",
                    stability,
                );
                if is_stored(bk) {
                    self.storage_unserved(b, bk, stability);
                }
                continue;
            };
            if let (Some(bi), Some(ti)) = (&bk.kind, &tk.kind) {
                // A resource that became a list or a simple kind is no longer served.
                if bi.category == KindCategory::Object && ti.category != KindCategory::Object {
                    self.push(
                        rules::KIND_REMOVED,
                        Place::Type(scope.clone(), tk.name.clone()),
                        None,
                        format!("kind `{}` is no longer served as a resource", tk.name),
                        format!("kind {} ({:?})", bk.name, bi.category),
                        format!("{:?}", ti.category),
                        stability,
                    );
                } else if bi.scope != ti.scope {
                    self.push(
                        rules::SCOPE_CHANGED,
                        Place::Type(scope.clone(), tk.name.clone()),
                        Some(key::SCOPE),
                        format!("kind `{}` changed scope", tk.name),
                        format!("{:?}", bi.scope),
                        format!("{:?}", ti.scope),
                        stability,
                    );
                }
            }
            self.resource(b, t, &bk.name, stability);
        }
        self.types(scope, &b.types, &t.types, stability);
    }

    /// An object kind's REST resource against its baseline's.
    fn resource(&mut self, b: &VersionSnap, t: &VersionSnap, kind: &str, s: Stability) {
        let (Some(br), Some(tr)) = (b.resource(kind), t.resource(kind)) else {
            return;
        };
        let at = || Place::Type(Some(gv(t)), kind.to_string());
        for (marker, what, before, after) in [
            (Some(key::PLURAL), "plural", &br.plural, &tr.plural),
            (Some(key::SINGULAR), "singular", &br.singular, &tr.singular),
            (None, "list kind", &br.list_kind, &tr.list_kind),
        ] {
            if before != after {
                self.push(
                    rules::RESOURCE_NAME_CHANGED,
                    at(),
                    marker,
                    format!("kind `{kind}`: its {what} changed"),
                    format!("`{before}`"),
                    format!("`{after}`"),
                    s,
                );
            }
        }
        let listed = |names: &[String]| {
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        };
        for (rule, marker, what, before, after) in [
            (
                rules::SHORT_NAME_REMOVED,
                key::SHORT_NAMES,
                "short name",
                &br.short_names,
                &tr.short_names,
            ),
            (
                rules::CATEGORY_REMOVED,
                key::CATEGORIES,
                "category",
                &br.categories,
                &tr.categories,
            ),
        ] {
            let gone: Vec<&str> = before
                .iter()
                .filter(|n| !after.contains(n))
                .map(String::as_str)
                .collect();
            if !gone.is_empty() {
                // What people type, not what clients call: a warning at any stability.
                self.push(
                    rule,
                    at(),
                    Some(marker),
                    format!("kind `{kind}`: {what} `{}` removed", gone.join("`, `")),
                    listed(before),
                    listed(after),
                    Stability::Alpha,
                );
            }
        }
        // No `verbs` is all eight, as kube-apiserver serves a resource.
        let served = |verbs: &Option<Vec<String>>| -> Vec<String> {
            verbs.clone().unwrap_or_else(|| {
                crate::model::parse::REST_VERBS
                    .iter()
                    .map(|v| v.to_string())
                    .collect()
            })
        };
        let (before, after) = (served(&br.verbs), served(&tr.verbs));
        let gone: Vec<&str> = before
            .iter()
            .filter(|v| !after.contains(v))
            .map(String::as_str)
            .collect();
        if !gone.is_empty() {
            self.push(
                rules::VERB_REMOVED,
                at(),
                Some(key::VERBS),
                format!(
                    "kind `{kind}`: verb `{}` no longer served",
                    gone.join("`, `")
                ),
                listed(&before),
                listed(&after),
                s,
            );
        }
        if br.status && !tr.status {
            self.push(
                rules::SUBRESOURCE_REMOVED,
                at(),
                Some(key::SUBRESOURCE_STATUS),
                format!("kind `{kind}`: its status subresource is gone"),
                format!("`{}/status`", br.plural),
                "none",
                s,
            );
        }
        let paths = |scale: &ScaleSnap| {
            let mut text = format!(
                "spec {}, status {}",
                scale.spec_replicas_path, scale.status_replicas_path
            );
            if let Some(selector) = &scale.label_selector_path {
                text.push_str(&format!(", selector {selector}"));
            }
            text
        };
        match (&br.scale, &tr.scale) {
            (Some(_), None) => self.push(
                rules::SUBRESOURCE_REMOVED,
                at(),
                Some(key::SUBRESOURCE_SCALE),
                format!("kind `{kind}`: its scale subresource is gone"),
                format!("`{}/scale`", br.plural),
                "none",
                s,
            ),
            // A selector path added is new ground for autoscalers; any other change moves
            // what `/scale` reads or writes.
            (Some(bs), Some(ts))
                if bs.spec_replicas_path != ts.spec_replicas_path
                    || bs.status_replicas_path != ts.status_replicas_path
                    || (bs.label_selector_path.is_some()
                        && bs.label_selector_path != ts.label_selector_path) =>
            {
                self.push(
                    rules::SCALE_PATHS_CHANGED,
                    at(),
                    Some(key::SUBRESOURCE_SCALE),
                    format!("kind `{kind}`: the fields its scale subresource reads changed"),
                    paths(bs),
                    paths(ts),
                    s,
                )
            }
            _ => {}
        }
    }

    /// Today's CEL rules the baseline did not have: a new rule, a changed one, or one that
    /// now runs on creates too (`optional_old_self`). A removed rule only widens validation,
    /// as a raised maximum does.
    fn cel_rules(&mut self, at: Place, what: &str, b: &[CelRule], t: &[CelRule], s: Stability) {
        for r in t {
            let known = b
                .iter()
                .any(|br| br.rule == r.rule && (br.optional_old_self || !r.optional_old_self));
            if known {
                continue;
            }
            let before = if b.is_empty() {
                "no CEL rule".to_string()
            } else {
                b.iter()
                    .map(|r| format!("`{}`", r.rule))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let on_create = if r.optional_old_self {
                " (optional_old_self)"
            } else {
                ""
            };
            self.changes.push(Change {
                rule: rules::VALIDATION_RULE_ADDED,
                at: at.clone(),
                marker: Some(key::VALIDATION_RULE),
                cel_rule: Some(r.rule.clone()),
                message: format!("{what}: a CEL rule was added or changed"),
                baseline: before,
                today: format!("`{}`{on_create}", r.rule),
                stability: s,
            });
        }
    }

    /// Compares types paired by name, then the pairs found through renamed field types.
    fn types(&mut self, scope: Scope, base: &[TypeSnap], today: &[TypeSnap], s: Stability) {
        let by_name = |types: &[TypeSnap]| -> HashMap<String, usize> {
            types
                .iter()
                .enumerate()
                .map(|(i, t)| (t.name.clone(), i))
                .collect()
        };
        let (base_index, today_index) = (by_name(base), by_name(today));
        let mut queue: Vec<(String, String)> = base
            .iter()
            .filter(|b| today_index.contains_key(&b.name))
            .map(|b| (b.name.clone(), b.name.clone()))
            .collect();
        let mut seen: HashSet<(String, String)> = queue.iter().cloned().collect();
        let mut i = 0;
        while let Some((b, t)) = queue.get(i).cloned() {
            i += 1;
            let (Some(&bi), Some(&ti)) = (base_index.get(&b), today_index.get(&t)) else {
                continue;
            };
            for pair in self.ty(&scope, &base[bi], &today[ti], s) {
                if seen.insert(pair.clone()) {
                    queue.push(pair);
                }
            }
        }
    }

    /// One type against its baseline; returns the type pairs its fields name.
    fn ty(
        &mut self,
        scope: &Scope,
        b: &TypeSnap,
        t: &TypeSnap,
        s: Stability,
    ) -> Vec<(String, String)> {
        let at_type = || Place::Type(scope.clone(), t.name.clone());
        for v in &b.values {
            if !t.values.iter().any(|tv| tv.value == v.value) {
                let s = self.gated(v.feature_gate.as_ref(), s);
                self.push(
                    rules::ENUM_VALUE_REMOVED,
                    at_type(),
                    None,
                    format!("value `{}` of enum `{}` is gone", v.value, t.name),
                    format!("`{}`", v.value),
                    "none",
                    s,
                );
            }
        }
        // Each baseline field's partner today, by JSON name, else by Rust name (a JSON
        // rename). Not by protobuf number: a new field on an old number is a reuse.
        let partner: Vec<Option<usize>> = b
            .fields
            .iter()
            .map(|bf| {
                t.fields
                    .iter()
                    .position(|tf| tf.json_name == bf.json_name)
                    .or_else(|| {
                        t.fields.iter().position(|tf| {
                            tf.rust_name == bf.rust_name && b.field(&tf.json_name).is_none()
                        })
                    })
            })
            .collect();
        let mut pairs = Vec::new();
        for (bf, p) in b.fields.iter().zip(&partner) {
            let s = self.gated(bf.feature_gate.as_ref(), s);
            match p.and_then(|i| t.fields.get(i)) {
                Some(tf) => {
                    let at = Place::Field(scope.clone(), t.name.clone(), tf.rust_name.clone());
                    pairs.extend(self.field(at, &t.name, bf, tf, s));
                }
                None => self.field_removed(scope, b, t, bf, s),
            }
        }
        let matched: HashSet<usize> = partner.iter().flatten().copied().collect();
        for (i, tf) in t.fields.iter().enumerate() {
            let at = || Place::Field(scope.clone(), t.name.clone(), tf.rust_name.clone());
            let new = !matched.contains(&i);
            if new && tf.feature_gate.is_none() && !tf.optional && tf.default.is_none() {
                self.push(
                    rules::NEW_REQUIRED_FIELD,
                    at(),
                    None,
                    format!("new field `{}.{}` is required", t.name, tf.json_name),
                    "none",
                    tf.describe(),
                    s,
                );
            }
            self.number_reused(at(), t, tf, b, &partner, i, s);
        }
        self.union(scope, b, t, &partner, s);
        if b.struct_type != t.struct_type {
            self.push(
                rules::LIST_TYPE_CHANGED,
                Place::Type(scope.clone(), t.name.clone()),
                Some(key::STRUCT_TYPE),
                format!("`{}`: its apply semantics (`struct_type`) changed", t.name),
                shown(b.struct_type.as_ref()),
                shown(t.struct_type.as_ref()),
                s,
            );
        }
        self.cel_rules(
            at_type(),
            &format!("`{}`", t.name),
            &b.validation_rules,
            &t.validation_rules,
            s,
        );
        if b.preserve_unknown_fields && !t.preserve_unknown_fields {
            self.push(
                rules::UNKNOWN_FIELDS_PRUNED,
                at_type(),
                None,
                format!("`{}`: its unknown fields are pruned", t.name),
                "kept (`preserve_unknown_fields`)",
                "pruned",
                s,
            );
        }
        if b.custom_json != t.custom_json {
            let shape = |j: &Option<String>| match j {
                Some(schema) => format!("custom_json: {schema}"),
                None => "an object of its fields".to_string(),
            };
            self.push(
                rules::CUSTOM_JSON_CHANGED,
                at_type(),
                Some(key::CUSTOM_JSON),
                format!("`{}`: the shape of its JSON changed", t.name),
                shape(&b.custom_json),
                shape(&t.custom_json),
                s,
            );
        }
        pairs
    }

    fn field_removed(
        &mut self,
        scope: &Scope,
        b: &TypeSnap,
        t: &TypeSnap,
        bf: &FieldSnap,
        s: Stability,
    ) {
        let at = Place::Type(scope.clone(), t.name.clone());
        self.push(
            rules::FIELD_REMOVED,
            at.clone(),
            None,
            format!("field `{}.{}` is gone", t.name, bf.json_name),
            bf.describe(),
            "none",
            s,
        );
        if let Some(n) = bf.protobuf {
            if !t.tombstones.contains_key(&n) {
                self.push(
                    rules::PROTOBUF_TOMBSTONE_MISSING,
                    at,
                    None,
                    format!(
                        "removed field `{}.{}` had protobuf number {n}, which is not reserved",
                        b.name, bf.json_name
                    ),
                    format!("{} = {n}", bf.json_name),
                    format!(
                        "no tombstone; add #[k8s(deprecated(name = \"{}\", protobuf = {n}))] to `{}`",
                        bf.json_name, t.name
                    ),
                    s,
                );
            }
        }
    }

    /// A field of today's `t` whose number the baseline gave another field or a tombstone.
    #[allow(clippy::too_many_arguments)]
    fn number_reused(
        &mut self,
        at: Place,
        t: &TypeSnap,
        tf: &FieldSnap,
        b: &TypeSnap,
        partner: &[Option<usize>],
        i: usize,
        s: Stability,
    ) {
        let Some(n) = tf.protobuf else { return };
        let owner = b
            .fields
            .iter()
            .zip(partner)
            .find(|(bf, p)| bf.protobuf == Some(n) && **p != Some(i))
            .map(|(bf, _)| format!("field `{}`", bf.json_name))
            .or_else(|| {
                b.tombstones
                    .get(&n)
                    .map(|name| format!("tombstone of removed field `{name}`"))
            });
        if let Some(owner) = owner {
            self.push(
                rules::PROTOBUF_NUMBER_REUSED,
                at,
                Some(key::PROTOBUF),
                format!(
                    "protobuf number {n} of `{}.{}` belonged to another field",
                    t.name, tf.json_name
                ),
                format!("{n}: {owner}"),
                format!("{n}: field `{}`", tf.json_name),
                s,
            );
        }
    }

    fn union(
        &mut self,
        scope: &Scope,
        b: &TypeSnap,
        t: &TypeSnap,
        partner: &[Option<usize>],
        s: Stability,
    ) {
        let at = Place::Type(scope.clone(), t.name.clone());
        if b.union != t.union {
            let what = |u: bool| if u { "a union" } else { "not a union" };
            self.push(
                rules::UNION_CHANGED,
                at,
                Some(key::UNION),
                format!("`{}` changed whether it is a union", t.name),
                what(b.union),
                what(t.union),
                s,
            );
            return;
        }
        if !b.union {
            return;
        }
        // Members by today's JSON names; gated new members are the sanctioned addition.
        let matched: HashSet<usize> = partner.iter().flatten().copied().collect();
        let members = |ty: &TypeSnap, keep: &dyn Fn(usize, &FieldSnap) -> bool| -> Vec<String> {
            ty.fields
                .iter()
                .enumerate()
                .filter(|(i, f)| keep(*i, f))
                .map(|(_, f)| {
                    let mark = if f.union_discriminator {
                        " (discriminator)"
                    } else {
                        ""
                    };
                    format!("{}{mark}", f.json_name)
                })
                .collect()
        };
        let renamed = |f: &FieldSnap| {
            b.fields
                .iter()
                .zip(partner)
                .find(|(bf, _)| bf.json_name == f.json_name)
                .and_then(|(_, p)| p.and_then(|i| t.fields.get(i)))
                .map_or(f.json_name.clone(), |tf| tf.json_name.clone())
        };
        let before: BTreeSet<String> = b
            .fields
            .iter()
            .map(|f| {
                let mark = if f.union_discriminator {
                    " (discriminator)"
                } else {
                    ""
                };
                format!("{}{mark}", renamed(f))
            })
            .collect();
        let after: BTreeSet<String> =
            members(t, &|i, f| matched.contains(&i) || f.feature_gate.is_none())
                .into_iter()
                .collect();
        if before != after {
            let list = |s: &BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>().join(", ");
            self.push(
                rules::UNION_CHANGED,
                at,
                Some(key::UNION),
                format!("the members of union `{}` changed", t.name),
                list(&before),
                list(&after),
                s,
            );
        }
    }

    /// One field against its baseline; returns the type pair it names when its type's Rust
    /// name changed.
    fn field(
        &mut self,
        at: Place,
        ty: &str,
        b: &FieldSnap,
        t: &FieldSnap,
        s: Stability,
    ) -> Option<(String, String)> {
        let name = format!("{ty}.{}", t.json_name);
        let mut f = FieldChanges {
            at: at.clone(),
            name: &name,
            stability: s,
            changes: &mut self.changes,
        };
        let pair = f.identity(b, t);
        f.requiredness(b, t);
        f.bounds(b, t);
        f.shape(ty, b, t);
        f.merge_semantics(b, t);
        f.protobuf(b, t);
        self.cel_rules(
            at,
            &format!("`{name}`"),
            &b.validation_rules,
            &t.validation_rules,
            s,
        );
        pair
    }

    /// The guide's two steps: a version is served for a release before it is preferred or
    /// stored.
    fn two_step(&mut self, group: &str) {
        let base: Vec<&VersionSnap> = self.base.versions_of(group).collect();
        if base.is_empty() {
            return;
        }
        let today: Vec<&VersionSnap> = self.today.versions_of(group).collect();
        let preferred = |vs: &[&VersionSnap]| {
            vs.iter()
                .min_by(|a, b| version_name::priority(&a.version, &b.version))
                .map(|v| v.version.clone())
        };
        if let (Some(bp), Some(tp)) = (preferred(&base), preferred(&today)) {
            if !base.iter().any(|v| v.version == tp) {
                self.push(
                    rules::NEW_VERSION_PREFERRED,
                    Place::Version((group.to_string(), tp.clone())),
                    None,
                    format!(
                        "`{group}/{tp}` is new in this release and already the preferred version"
                    ),
                    format!("preferred {bp}"),
                    format!("preferred {tp}"),
                    Stability::of(&bp),
                );
            }
        }
        for t in &today {
            for k in t.kinds().filter(|k| is_stored(k)) {
                let was_stored = base.iter().find_map(|v| {
                    v.kinds()
                        .find(|bk| bk.name == k.name && is_stored(bk))
                        .map(|_| v.version.clone())
                });
                let served_before = base
                    .iter()
                    .any(|v| v.version == t.version && v.find(&k.name).is_some());
                if let (Some(old), false) = (was_stored, served_before) {
                    self.push(
                        rules::NEW_VERSION_STORED,
                        Place::Type(Some(gv(t)), k.name.clone()),
                        Some(key::STORAGE_VERSION),
                        format!("`{}` is stored as `{group}/{}`, which did not serve it in the baseline", k.name, t.version),
                        format!("stored as {old}"),
                        format!("stored as {}", t.version),
                        Stability::of(&old),
                    );
                }
            }
        }
    }

    /// Defaults across today's versions of `group`: a default added in one version and not the
    /// others, and a default where another version's field cannot be unset.
    fn defaults_across_versions(&mut self, group: &str) {
        let today: Vec<&VersionSnap> = self.today.versions_of(group).collect();
        // (type, JSON field) → (version, field) in today's versions.
        let mut by_field: BTreeMap<(&str, &str), Vec<(&VersionSnap, &FieldSnap)>> = BTreeMap::new();
        for v in &today {
            for t in &v.types {
                for f in &t.fields {
                    by_field
                        .entry((&t.name, &f.json_name))
                        .or_default()
                        .push((v, f));
                }
            }
        }
        let base_field = |v: &VersionSnap, ty: &str, json: &str| {
            self.base
                .version(&v.group, &v.version)
                .and_then(|bv| bv.find(ty))
                .and_then(|bt| bt.field(json))
                .cloned()
        };
        let mut found = Vec::new();
        for ((ty, json), fields) in &by_field {
            for (v, f) in fields {
                let Some(d) = &f.default else { continue };
                let at = Place::Field(Some(gv(v)), ty.to_string(), f.rust_name.clone());
                let s = Stability::of(&v.version);
                let base = base_field(v, ty, json);
                let added = base.as_ref().is_some_and(|b| b.default.is_none());
                for (other, of) in fields.iter().filter(|(o, _)| o.version != v.version) {
                    if added && of.default.as_ref() != Some(d) {
                        found.push((
                            rules::DEFAULT_ADDED_UNEVENLY,
                            at.clone(),
                            format!(
                                "`{ty}.{json}`: a default was added here but not in `{}`",
                                other.version
                            ),
                            format!("no default in {} or {}", v.version, other.version),
                            format!(
                                "{d} in {}, {} in {}",
                                v.version,
                                shown(of.default.as_ref()),
                                other.version
                            ),
                            s,
                        ));
                    }
                    let without_nil = |f: &FieldSnap, o: &FieldSnap| {
                        f.default.is_some() && !o.optional && o.default.is_none()
                    };
                    let was = base
                        .as_ref()
                        .zip(base_field(other, ty, json))
                        .is_some_and(|(b, o)| without_nil(b, &o));
                    if without_nil(f, of) && !was {
                        found.push((
                            rules::DEFAULT_WITHOUT_NIL,
                            at.clone(),
                            format!("`{ty}.{json}` has a default, but in `{}` it cannot be unset and has none", other.version),
                            format!("{}: {}", other.version, shown(base_field(other, ty, json).map(|o| o.describe()))),
                            format!("{}: {} without a default", other.version, of.describe()),
                            s,
                        ));
                    }
                }
            }
        }
        for (rule, at, message, before, after, s) in found {
            self.push(rule, at, Some(key::DEFAULT), message, before, after, s);
        }
    }
}

fn is_stored(k: &TypeSnap) -> bool {
    k.kind.as_ref().is_some_and(|k| k.storage_version)
}
