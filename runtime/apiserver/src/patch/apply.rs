//! Server-side apply (`application/apply-patch+yaml`) and the field ownership kube-apiserver
//! records for every write, after structured-merge-diff and apiserver's `managedfields`.
//!
//! [`apply`] merges the applied configuration into the live object (maps merge, associative
//! lists merge by their keys, sets union, atomic values replace), records the applier's
//! fields as its `Apply` entry, removes fields the applier set last time and no longer
//! applies unless another manager owns them, and fails with a 409 when the change touches
//! fields another manager owns, unless forced, in which case ownership moves.
//!
//! [`record_update`] is the bookkeeping of create, update and non-apply patches: the
//! manager's `Update` entry (one per manager and API version) takes every field the write
//! changed, and every other manager loses those fields. Past ten `Update` entries the
//! oldest fold into `ancient-changes`. As in kube, an update of an object nobody tracks
//! yet records nothing; the first apply to such an object gives its fields to
//! `before-first-apply` first, so changing them conflicts.
//!
//! Never tracked (kube's `stripMetaManager`): `apiVersion`, `kind`, `metadata.name`,
//! `namespace`, `uid`, `resourceVersion`, `generation`, `creationTimestamp`, `selfLink`,
//! `clusterName`, `managedFields`.
//!
//! Left out: resetting fields the write may not change (`status` on the main resource) is
//! the caller's, before calling; the `kubectl.kubernetes.io/last-applied-configuration`
//! interplay of kube's `lastAppliedManager`; converting entries recorded at another API
//! version (their paths are used as they are); unions (`x-kubernetes-unions`).

use std::collections::HashSet;

use serde_json::{json, Map, Value};

use super::fields::{
    compare, keyed_items, list_type, map_atomic, path_string, remove_items, to_field_set, FieldSet,
    PathElement,
};
use super::managed::{self, Entry, APPLY, UPDATE};
use super::schema::{ListType, Node};
use super::{ConflictCause, PatchError};

/// The manager kube creates for an object's fields when the first apply finds an object
/// without managedFields.
pub const BEFORE_FIRST_APPLY: &str = "before-first-apply";

/// Parses an apply body, YAML or JSON, into an object.
pub fn parse_apply_body(body: &[u8]) -> Result<Value, PatchError> {
    super::limits::check_body(body)?;
    let v: Value = kapi_core::codec::yaml::from_slice(body)
        .map_err(|e| PatchError::BadRequest(format!("error decoding YAML: {e}")))?;
    match v {
        Value::Object(_) => Ok(v),
        // kube decodes into a map: an empty document is an empty object.
        Value::Null => Ok(Value::Object(Map::new())),
        other => Err(PatchError::BadRequest(format!(
            "error decoding YAML: cannot unmarshal {} into map[string]interface {{}}",
            super::json_patch::json_kind(&other)
        ))),
    }
}

fn stripped_fields() -> FieldSet {
    let mut set = FieldSet::new();
    let f = |s: &str| PathElement::Field(s.to_string());
    set.insert(&[f("apiVersion")]);
    set.insert(&[f("kind")]);
    set.insert(&[f("metadata")]);
    for name in [
        "name",
        "namespace",
        "creationTimestamp",
        "selfLink",
        "uid",
        "clusterName",
        "generation",
        "managedFields",
        "resourceVersion",
    ] {
        set.insert(&[f("metadata"), f(name)]);
    }
    set
}

fn without_managed_fields(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(meta) = v.get_mut("metadata").and_then(Value::as_object_mut) {
        meta.remove("managedFields");
    }
    v
}

fn str_field<'a>(v: &'a Value, k: &str) -> &'a str {
    v.get(k).and_then(Value::as_str).unwrap_or("")
}

/// Applies `applied` (a parsed apply body) for `manager`. `live` is the stored object, or
/// `None` to create. `now` is an RFC 3339 time for the managedFields entry. Returns the
/// new object with its `metadata.managedFields`.
pub fn apply(
    live: Option<&Value>,
    applied: &Value,
    manager: &str,
    force: bool,
    schema: Option<&Node>,
    now: &str,
) -> Result<Value, PatchError> {
    apply_to_subresource(live, applied, manager, "", force, schema, now)
}

/// [`apply`] through a subresource (`status`): the entry records the subresource, and is
/// a separate manager from the same manager's entry on the main resource.
pub fn apply_to_subresource(
    live: Option<&Value>,
    applied: &Value,
    manager: &str,
    subresource: &str,
    force: bool,
    schema: Option<&Node>,
    now: &str,
) -> Result<Value, PatchError> {
    if manager.is_empty() {
        return Err(PatchError::Invalid(
            "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch".to_string(),
        ));
    }
    if !applied.is_object() {
        return Err(PatchError::BadRequest(
            "error decoding YAML: an apply configuration must be an object".to_string(),
        ));
    }
    let api_version = str_field(applied, "apiVersion");
    if let Some(live) = live {
        let live_version = str_field(live, "apiVersion");
        if !live_version.is_empty() && live_version != api_version {
            return Err(PatchError::BadRequest(format!(
                "Incorrect version specified in apply patch. Specified patch version: {api_version}, expected: {live_version}"
            )));
        }
        let (kind, live_kind) = (str_field(applied, "kind"), str_field(live, "kind"));
        if !live_kind.is_empty() && kind != live_kind {
            return Err(PatchError::BadRequest(format!(
                "Incorrect kind specified in apply patch. Specified patch kind: {kind}, expected: {live_kind}"
            )));
        }
    }
    if applied
        .pointer("/metadata/managedFields")
        .is_some_and(|v| !v.is_null())
    {
        return Err(PatchError::BadRequest(
            "metadata.managedFields must be nil".to_string(),
        ));
    }
    let typed_error = |e: String| {
        PatchError::Internal(format!(
            "failed to create typed patch object ({api_version}, Kind={}): {e}",
            str_field(applied, "kind")
        ))
    };
    let applied = without_managed_fields(applied);
    let full_set = to_field_set(&applied, schema).map_err(typed_error)?;
    let new_set = full_set.difference(&stripped_fields());

    let live_clean = live.map(without_managed_fields);
    let mut entries = match live {
        Some(l) => managed::decode(l)
            .map_err(|e| PatchError::Internal(format!("failed to decode managed fields: {e}")))?,
        None => Vec::new(),
    };
    if let (Some(live_clean), true) = (&live_clean, entries.is_empty()) {
        // kube gives the fields of an object nobody tracked yet to one manager first, so
        // an apply that changes them conflicts.
        let set = changed_fields(&json!({}), live_clean, schema).unwrap_or_default();
        entries.push(Entry {
            manager: BEFORE_FIRST_APPLY.to_string(),
            operation: UPDATE.to_string(),
            api_version: str_field(live_clean, "apiVersion").to_string(),
            time: Some(now.to_string()),
            subresource: String::new(),
            set,
        });
    }

    let base = live_clean.clone().unwrap_or_else(|| json!({}));
    let mut merged = merge_configuration(Some(&base), &applied, schema).map_err(typed_error)?;

    let me = Entry {
        manager: manager.to_string(),
        operation: APPLY.to_string(),
        api_version: api_version.to_string(),
        time: None,
        subresource: subresource.to_string(),
        set: new_set,
    };
    let my_id = me.identifier();
    let previous = entries.iter().position(|e| e.identifier() == my_id);
    let last_set = previous.map(|i| entries[i].set.clone());
    let me = Entry {
        time: previous.and_then(|i| entries[i].time.clone()),
        ..me
    };
    match previous {
        Some(i) => entries[i] = me,
        None => entries.push(me),
    }

    if let Some(last) = last_set.filter(|s| !s.is_empty()) {
        // kube strips the untracked metadata fields only after pruning, so the applier
        // still holds `metadata.name` and friends here, and `metadata` survives.
        let owned = entries
            .iter()
            .fold(full_set.union(&stripped_fields()), |acc, e| {
                acc.union(&e.set)
            });
        let remove = last
            .with_named_fields(schema)
            .difference(&owned.with_ancestors());
        remove_items(&mut merged, &remove, schema);
    }

    let cmp = compare(&base, &merged, schema).map_err(typed_error)?;
    let changed = cmp.modified.union(&cmp.added);
    let mut conflicts: Vec<(Entry, FieldSet)> = entries
        .iter()
        .filter(|e| e.identifier() != my_id)
        .map(|e| (e.clone(), e.set.intersection(&changed)))
        .filter(|(_, c)| !c.is_empty())
        .collect();
    if !conflicts.is_empty() && !force {
        conflicts.sort_by_key(|(e, _)| e.identifier());
        return Err(conflict_error(&conflicts));
    }
    for e in entries.iter_mut().filter(|e| e.identifier() != my_id) {
        e.set = e.set.difference(&changed).difference(&cmp.removed);
    }
    if live_clean.as_ref() != Some(&merged) {
        if let Some(e) = entries.iter_mut().find(|e| e.identifier() == my_id) {
            e.time = Some(now.to_string());
        }
    }
    managed::encode(&mut merged, entries);
    Ok(merged)
}

/// Records an `Update` by `manager` (create when `old` is `None`) in `new`'s
/// `metadata.managedFields`: the manager takes every field the write changed, at
/// `api_version`, and other managers lose them. managedFields the client sent are kept
/// as the starting point (clients may edit them); `[{}]` clears them. Errors are not
/// reported, as in kube's `UpdateNoErrors`: the managedFields are dropped instead.
pub fn record_update(
    old: Option<&Value>,
    new: &mut Value,
    manager: &str,
    api_version: &str,
    now: &str,
    schema: Option<&Node>,
) {
    record_subresource_update(old, new, manager, api_version, "", now, schema);
}

/// [`record_update`] through a subresource (`status`, `scale`): the entry records the
/// subresource, and managedFields always come from `old` (a subresource write cannot
/// edit them).
pub fn record_subresource_update(
    old: Option<&Value>,
    new: &mut Value,
    manager: &str,
    api_version: &str,
    subresource: &str,
    now: &str,
    schema: Option<&Node>,
) {
    let sent = new.pointer("/metadata/managedFields").cloned();
    if sent
        .as_ref()
        .and_then(Value::as_array)
        .is_some_and(|a| a.len() == 1 && a[0].as_object().is_some_and(Map::is_empty))
    {
        managed::encode(new, Vec::new());
        return;
    }
    let from_new = Some(&*new)
        .filter(|_| subresource.is_empty())
        .and_then(|n| managed::decode(n).ok())
        .filter(|e| !e.is_empty());
    let mut entries = match from_new {
        Some(e) => e,
        None => old
            .and_then(|o| managed::decode(o).ok())
            .unwrap_or_default(),
    };
    // kube tracks every create, but does not start tracking an existing object on an
    // update: that waits for the first apply.
    if entries.is_empty() && old.is_some() {
        managed::encode(new, Vec::new());
        return;
    }
    let old_clean = old.map(without_managed_fields).unwrap_or_else(|| json!({}));
    let new_clean = without_managed_fields(new);
    let Ok(cmp) = compare(&old_clean, &new_clean, schema) else {
        managed::encode(new, Vec::new());
        return;
    };
    let stripped = stripped_fields();
    let changed = cmp.modified.union(&cmp.added).difference(&stripped);
    let removed = cmp.removed.difference(&stripped);
    for e in entries.iter_mut() {
        e.set = e.set.difference(&changed).difference(&removed);
    }
    if !changed.is_empty() {
        let me = Entry {
            manager: manager.to_string(),
            operation: UPDATE.to_string(),
            api_version: api_version.to_string(),
            time: Some(now.to_string()),
            subresource: subresource.to_string(),
            set: changed.clone(),
        };
        let id = me.identifier();
        match entries.iter_mut().find(|e| e.identifier() == id) {
            Some(e) => {
                e.set = e.set.union(&changed);
                e.time = me.time;
            }
            None => entries.push(me),
        }
    }
    cap_update_entries(&mut entries);
    managed::encode(new, entries);
}

/// kube's `DefaultMaxUpdateManagers`.
pub const MAX_UPDATE_MANAGERS: usize = 10;

/// The manager the oldest `Update` entries are folded into past the cap.
pub const ANCIENT_CHANGES: &str = "ancient-changes";

/// Past [`MAX_UPDATE_MANAGERS`] `Update` entries, kube folds the oldest ones, per API
/// version, into one `ancient-changes` entry (the first of a version is kept apart until
/// a second one of that version joins it).
fn cap_update_entries(entries: &mut Vec<Entry>) {
    let mut updaters: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].operation != APPLY && !entries[i].set.is_empty())
        .collect();
    if updaters.len() <= MAX_UPDATE_MANAGERS {
        return;
    }
    updaters.sort_by_key(|&i| managed::seconds(&entries[i].time));
    let mut length = updaters.len();
    let mut first_of_version: Vec<(String, usize)> = Vec::new();
    let mut dropped = vec![false; entries.len()];
    for &i in &updaters {
        if length <= MAX_UPDATE_MANAGERS {
            break;
        }
        let version = entries[i].api_version.clone();
        let Some(&(_, first)) = first_of_version.iter().find(|(v, _)| *v == version) else {
            first_of_version.push((version, i));
            continue;
        };
        let bucket_id = Entry {
            manager: ANCIENT_CHANGES.to_string(),
            operation: UPDATE.to_string(),
            api_version: version.clone(),
            time: None,
            subresource: String::new(),
            set: FieldSet::new(),
        }
        .identifier();
        let bucket = match entries.iter().position(|e| e.identifier() == bucket_id) {
            Some(b) => b,
            None => {
                // The first entry of this version becomes the bucket.
                let e = &mut entries[first];
                e.manager = ANCIENT_CHANGES.to_string();
                e.subresource = String::new();
                first
            }
        };
        let set = entries[i].set.union(&entries[bucket].set);
        entries[bucket].set = set;
        entries[bucket].time = entries[i].time.clone();
        dropped[i] = true;
        length -= 1;
    }
    let mut i = 0;
    entries.retain(|_| {
        i += 1;
        !dropped[i - 1]
    });
}

/// Fields `new` adds or changes relative to `old`, untracked ones aside.
fn changed_fields(old: &Value, new: &Value, schema: Option<&Node>) -> Result<FieldSet, String> {
    let cmp = compare(old, new, schema)?;
    Ok(cmp
        .modified
        .union(&cmp.added)
        .difference(&stripped_fields()))
}

/// kube's conflict error: one line for a single conflict, else grouped by manager.
fn conflict_error(conflicts: &[(Entry, FieldSet)]) -> PatchError {
    let mut causes = Vec::new();
    let mut lines = Vec::new();
    for (entry, set) in conflicts {
        let who = entry.describe();
        lines.push(format!("conflicts with {who}:"));
        for path in set.paths() {
            let field = path_string(&path);
            lines.push(format!("- {field}"));
            causes.push(ConflictCause {
                message: format!("conflict with {who}"),
                field,
            });
        }
    }
    let message = if causes.len() == 1 {
        format!(
            "Apply failed with 1 conflict: {}: {}",
            causes[0].message, causes[0].field
        )
    } else {
        format!(
            "Apply failed with {} conflicts: {}",
            causes.len(),
            lines.join("\n")
        )
    };
    PatchError::Conflict { message, causes }
}

/// Structured-merge-diff's merge of an applied configuration into an object.
pub fn merge_configuration(
    lhs: Option<&Value>,
    rhs: &Value,
    schema: Option<&Node>,
) -> Result<Value, String> {
    match (lhs, rhs) {
        (Some(Value::Object(l)), Value::Object(r)) if !map_atomic(schema) => {
            let mut out = l.clone();
            for (k, rv) in r {
                let cs = schema.and_then(|s| s.field(k));
                let merged = merge_configuration(l.get(k), rv, cs.as_ref())
                    .map_err(|e| format!(".{k}{e}"))?;
                out.insert(k.clone(), merged);
            }
            Ok(Value::Object(out))
        }
        (Some(Value::Array(l)), Value::Array(r)) if list_type(schema) != ListType::Atomic => {
            merge_list(l, r, schema).map(Value::Array)
        }
        _ => Ok(rhs.clone()),
    }
}

/// Associative lists: items in both merge, live-only items stay where they were, applied
/// items follow the applied order (structured-merge-diff's `visitListItems`).
fn merge_list(l: &[Value], r: &[Value], schema: Option<&Node>) -> Result<Vec<Value>, String> {
    let lhs = keyed_items(l, schema).map_err(|e| format!(": {e}"))?;
    let rhs = keyed_items(r, schema).map_err(|e| format!(": {e}"))?;
    let item_schema = schema.and_then(Node::items);
    let in_rhs: HashSet<&PathElement> = rhs.iter().map(|(p, _)| p).collect();
    let lhs_item = |pe: &PathElement| lhs.iter().find(|(p, _)| p == pe).map(|(_, v)| *v);
    let mut shared = rhs
        .iter()
        .map(|(p, _)| p)
        .filter(|p| lhs_item(p).is_some())
        .collect::<Vec<_>>()
        .into_iter();
    let mut next_shared = shared.next();
    let mut merged_rhs: HashSet<&PathElement> = HashSet::new();
    let mut out = Vec::with_capacity(l.len().max(r.len()));
    let (mut li, mut ri) = (0, 0);
    while li < lhs.len() || ri < rhs.len() {
        if li < lhs.len() && ri < rhs.len() {
            let pe = &lhs[li].0;
            if *pe == rhs[ri].0 {
                merged_rhs.insert(pe);
                out.push(merge_configuration(
                    Some(lhs[li].1),
                    rhs[ri].1,
                    item_schema.as_ref(),
                )?);
                li += 1;
                ri += 1;
                next_shared = shared.next();
                continue;
            }
            if in_rhs.contains(pe) && next_shared.is_some_and(|n| n != pe) {
                li += 1;
                continue;
            }
        }
        if li < lhs.len() {
            let pe = &lhs[li].0;
            if !in_rhs.contains(pe) {
                out.push(lhs[li].1.clone());
                li += 1;
                continue;
            }
            if merged_rhs.contains(pe) {
                li += 1;
                continue;
            }
        }
        if ri < rhs.len() {
            let pe = &rhs[ri].0;
            merged_rhs.insert(pe);
            out.push(merge_configuration(
                lhs_item(pe),
                rhs[ri].1,
                item_schema.as_ref(),
            )?);
            ri += 1;
            if next_shared == Some(pe) {
                next_shared = shared.next();
            }
        }
    }
    Ok(out)
}
