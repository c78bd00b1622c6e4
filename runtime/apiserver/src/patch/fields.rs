//! Field sets: which fields of an object a manager owns, as structured-merge-diff models
//! them, and their `FieldsV1` encoding in `metadata.managedFields`.
//!
//! A path is a list of [`PathElement`]s: a field of a map or struct (`f:name` in
//! `FieldsV1`, `.name` in messages), the key fields of an item of an associative list
//! (`k:{"name":"x"}`, `[name="x"]`), an item of a set (`v:"x"`, `[="x"]`) or a list index
//! (`i:0`, `[0]`). A [`FieldSet`] is a trie of paths; a node that is itself a member and
//! has members below it is written with a `.` key in `FieldsV1`.
//!
//! [`to_field_set`] and [`compare`] follow structured-merge-diff's walkers: leaves (scalars,
//! atomic lists and maps, `null`s and empty maps) are members; so is every item of an
//! associative list, and every key of a map that is not a declared property. A struct
//! field that holds a non-empty map is not a member itself. [`compare`] also records a map
//! or list that appears or disappears as a whole, which is where `Update` entries get
//! their `.` members.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::schema::{ListType, MapType, Node};

/// One step of a field path.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PathElement {
    /// A field of a map or struct.
    Field(String),
    /// An associative list item, by its key fields: a JSON object with sorted keys.
    Key(String),
    /// A set item, as JSON.
    Value(String),
    /// A list index (only for lists that are neither sets nor maps, which are atomic here,
    /// so these only come from decoded `FieldsV1`).
    Index(usize),
}

impl PathElement {
    /// The `FieldsV1` key: `f:name`, `k:{..}`, `v:..`, `i:0`.
    pub fn fields_v1_key(&self) -> String {
        match self {
            PathElement::Field(f) => format!("f:{f}"),
            PathElement::Key(k) => format!("k:{k}"),
            PathElement::Value(v) => format!("v:{v}"),
            PathElement::Index(i) => format!("i:{i}"),
        }
    }

    fn from_fields_v1_key(key: &str) -> Result<PathElement, String> {
        let bad = || format!("unrecognized FieldsV1 key {key:?}");
        let (prefix, rest) = key.split_at_checked(2).ok_or_else(bad)?;
        match prefix {
            "f:" => Ok(PathElement::Field(rest.to_string())),
            "k:" => {
                let v: Value = serde_json::from_str(rest).map_err(|_| bad())?;
                if !v.is_object() {
                    return Err(bad());
                }
                Ok(PathElement::Key(v.to_string()))
            }
            "v:" => {
                let v: Value = serde_json::from_str(rest).map_err(|_| bad())?;
                Ok(PathElement::Value(v.to_string()))
            }
            "i:" => rest.parse().map(PathElement::Index).map_err(|_| bad()),
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for PathElement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PathElement::Field(name) => write!(f, ".{name}"),
            PathElement::Key(k) => {
                let parsed: Map<String, Value> = serde_json::from_str(k).unwrap_or_default();
                let parts: Vec<String> = parsed.iter().map(|(k, v)| format!("{k}={v}")).collect();
                write!(f, "[{}]", parts.join(","))
            }
            PathElement::Value(v) => write!(f, "[={v}]"),
            PathElement::Index(i) => write!(f, "[{i}]"),
        }
    }
}

/// A path in structured-merge-diff's string form, e.g. `.spec.ports[name="http"].port`.
pub fn path_string(path: &[PathElement]) -> String {
    path.iter().map(ToString::to_string).collect()
}

/// A set of field paths.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldSet {
    member: bool,
    children: BTreeMap<PathElement, FieldSet>,
}

impl FieldSet {
    /// The empty set.
    pub fn new() -> FieldSet {
        FieldSet::default()
    }

    /// Adds a path (the empty path is never a member).
    pub fn insert(&mut self, path: &[PathElement]) {
        let Some((first, rest)) = path.split_first() else {
            return;
        };
        let child = self.children.entry(first.clone()).or_default();
        if rest.is_empty() {
            child.member = true;
        } else {
            child.insert(rest);
        }
    }

    fn node(&self, path: &[PathElement]) -> Option<&FieldSet> {
        match path.split_first() {
            None => Some(self),
            Some((first, rest)) => self.children.get(first)?.node(rest),
        }
    }

    /// Whether `path` is a member.
    pub fn contains(&self, path: &[PathElement]) -> bool {
        !path.is_empty() && self.node(path).is_some_and(|n| n.member)
    }

    /// Whether the set has no members.
    pub fn is_empty(&self) -> bool {
        self.children.values().all(|c| !c.member && c.is_empty())
    }

    /// Members of either set.
    pub fn union(&self, other: &FieldSet) -> FieldSet {
        let mut out = self.clone();
        out.member |= other.member;
        for (k, v) in &other.children {
            let merged = match out.children.get(k) {
                Some(mine) => mine.union(v),
                None => v.clone(),
            };
            out.children.insert(k.clone(), merged);
        }
        out
    }

    /// Members of `self` that are not members of `other`.
    pub fn difference(&self, other: &FieldSet) -> FieldSet {
        let mut out = FieldSet {
            member: self.member && !other.member,
            children: BTreeMap::new(),
        };
        for (k, v) in &self.children {
            let child = match other.children.get(k) {
                Some(o) => v.difference(o),
                None => v.clone(),
            };
            if child.member || !child.is_empty() {
                out.children.insert(k.clone(), child);
            }
        }
        out
    }

    /// Members of both sets.
    pub fn intersection(&self, other: &FieldSet) -> FieldSet {
        let mut out = FieldSet {
            member: self.member && other.member,
            children: BTreeMap::new(),
        };
        for (k, v) in &self.children {
            if let Some(o) = other.children.get(k) {
                let child = v.intersection(o);
                if child.member || !child.is_empty() {
                    out.children.insert(k.clone(), child);
                }
            }
        }
        out
    }

    /// Every member and every path above one (the paths that must survive for the members
    /// to exist).
    pub fn with_ancestors(&self) -> FieldSet {
        let mut out = FieldSet {
            member: self.member,
            children: BTreeMap::new(),
        };
        for (k, v) in &self.children {
            if v.member || !v.is_empty() {
                let mut child = v.with_ancestors();
                child.member = true;
                out.children.insert(k.clone(), child);
            }
        }
        out
    }

    /// The members, in structured-merge-diff's iteration order: at each level the
    /// members first, then the members below each child, both sorted.
    pub fn paths(&self) -> Vec<Vec<PathElement>> {
        let mut out = Vec::new();
        self.collect(&mut Vec::new(), &mut out);
        out
    }

    fn collect(&self, prefix: &mut Vec<PathElement>, out: &mut Vec<Vec<PathElement>>) {
        for (k, v) in &self.children {
            if v.member {
                prefix.push(k.clone());
                out.push(prefix.clone());
                prefix.pop();
            }
        }
        for (k, v) in &self.children {
            prefix.push(k.clone());
            v.collect(prefix, out);
            prefix.pop();
        }
    }

    /// The `FieldsV1` JSON of the set.
    pub fn to_fields_v1(&self) -> Value {
        let mut out = Map::new();
        for (k, v) in &self.children {
            if !v.member && v.is_empty() {
                continue;
            }
            let mut child = v.to_fields_v1();
            if v.member && !v.is_empty() {
                if let Value::Object(m) = &mut child {
                    m.insert(".".to_string(), Value::Object(Map::new()));
                }
            }
            out.insert(k.fields_v1_key(), child);
        }
        Value::Object(out)
    }

    /// Reads `FieldsV1` JSON.
    pub fn from_fields_v1(v: &Value) -> Result<FieldSet, String> {
        let Some(m) = v.as_object() else {
            return Err("FieldsV1 must be a JSON object".to_string());
        };
        let mut out = FieldSet::new();
        for (k, child) in m {
            if k == "." {
                continue;
            }
            let pe = PathElement::from_fields_v1_key(k)?;
            let mut set = FieldSet::from_fields_v1(child)?;
            let child_map = child.as_object().map(Map::len).unwrap_or(0);
            set.member = child_map == 0 || child.get(".").is_some();
            out.children.insert(pe, set);
        }
        Ok(out)
    }
}

/// The path element of a list item, or an error in structured-merge-diff's words.
pub(crate) fn item_element(
    list_type: &ListType,
    item: &Value,
    item_schema: Option<&Node>,
    index: usize,
) -> Result<PathElement, String> {
    match list_type {
        ListType::Atomic => Ok(PathElement::Index(index)),
        ListType::Set => Ok(PathElement::Value(item.to_string())),
        ListType::Map(keys) => {
            let Some(m) = item.as_object() else {
                return Err(format!(
                    "element {index}: associative list with keys has an element that is not a map"
                ));
            };
            let mut key = Map::new();
            for k in keys {
                let v = m
                    .get(k)
                    .cloned()
                    .or_else(|| {
                        item_schema
                            .and_then(|s| s.property(k))
                            .and_then(|p| p.default_value().cloned())
                    })
                    .ok_or_else(|| {
                        format!(
                            "element {index}: associative list with keys has an element that omits key field {k:?} (and doesn't have default value)"
                        )
                    })?;
                key.insert(k.clone(), v);
            }
            Ok(PathElement::Key(Value::Object(key).to_string()))
        }
    }
}

pub(crate) fn list_type(schema: Option<&Node>) -> ListType {
    schema.map(Node::list_type).unwrap_or(ListType::Atomic)
}

pub(crate) fn map_atomic(schema: Option<&Node>) -> bool {
    schema.is_some_and(|s| s.map_type() == MapType::Atomic)
}

/// The items of a non-atomic list with their path elements; later duplicates are dropped
/// (structured-merge-diff tolerates duplicates in live objects).
pub(crate) fn keyed_items<'v>(
    items: &'v [Value],
    schema: Option<&Node>,
) -> Result<Vec<(PathElement, &'v Value)>, String> {
    let lt = list_type(schema);
    let item_schema = schema.and_then(Node::items);
    let mut out: Vec<(PathElement, &Value)> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let pe = item_element(&lt, item, item_schema.as_ref(), i)?;
        if !out.iter().any(|(p, _)| *p == pe) {
            out.push((pe, item));
        }
    }
    Ok(out)
}

/// The fields an object sets (structured-merge-diff's `ToFieldSet`).
pub fn to_field_set(v: &Value, schema: Option<&Node>) -> Result<FieldSet, String> {
    let mut set = FieldSet::new();
    set_walk(v, schema, &mut Vec::new(), &mut set)?;
    Ok(set)
}

fn set_walk(
    v: &Value,
    schema: Option<&Node>,
    path: &mut Vec<PathElement>,
    set: &mut FieldSet,
) -> Result<(), String> {
    match v {
        Value::Object(m) => {
            if map_atomic(schema) {
                set.insert(path);
                return Ok(());
            }
            for (k, child) in m {
                let cs = schema.and_then(|s| s.field(k));
                let named = schema.is_some_and(|s| s.is_named(k));
                path.push(PathElement::Field(k.clone()));
                set_walk(child, cs.as_ref(), path, set)?;
                let empty_map = child.as_object().is_some_and(Map::is_empty);
                if child.is_null() || empty_map || !named {
                    set.insert(path);
                }
                path.pop();
            }
        }
        Value::Array(items) => {
            if list_type(schema) == ListType::Atomic {
                set.insert(path);
                return Ok(());
            }
            let item_schema = schema.and_then(Node::items);
            let keyed = keyed_items(items, schema).map_err(|e| at(path, e))?;
            if keyed.len() != items.len() {
                // An applied configuration may not repeat a key (live objects may).
                let lt = list_type(schema);
                let mut seen = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let pe = item_element(&lt, item, item_schema.as_ref(), i)?;
                    if seen.contains(&pe) {
                        return Err(at(path, format!("duplicate entries for key {pe}")));
                    }
                    seen.push(pe);
                }
            }
            for (pe, item) in keyed {
                path.push(pe);
                set_walk(item, item_schema.as_ref(), path, set)?;
                set.insert(path);
                path.pop();
            }
        }
        _ => set.insert(path),
    }
    Ok(())
}

fn at(path: &[PathElement], e: String) -> String {
    format!("{}: {e}", path_string(path))
}

/// How two versions of an object differ, as field sets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Fields only the new object has.
    pub added: FieldSet,
    /// Fields both have, with different values.
    pub modified: FieldSet,
    /// Fields only the old object has.
    pub removed: FieldSet,
}

impl Comparison {
    /// Whether nothing changed.
    pub fn is_same(&self) -> bool {
        self.added.is_empty() && self.modified.is_empty() && self.removed.is_empty()
    }
}

/// Compares two objects field by field (structured-merge-diff's `Compare`).
pub fn compare(old: &Value, new: &Value, schema: Option<&Node>) -> Result<Comparison, String> {
    let mut c = Comparison::default();
    cmp_walk(Some(old), Some(new), schema, &mut Vec::new(), &mut c)?;
    Ok(c)
}

/// A side of a container comparison: absent, present but null/empty, or present.
fn as_map(v: Option<&Value>) -> Option<Option<&Map<String, Value>>> {
    match v {
        None => Some(None),
        Some(Value::Null) => Some(None),
        Some(Value::Object(m)) => Some(Some(m)),
        Some(_) => None,
    }
}

fn as_list(v: Option<&Value>) -> Option<Option<&Vec<Value>>> {
    match v {
        None => Some(None),
        Some(Value::Null) => Some(None),
        Some(Value::Array(a)) => Some(Some(a)),
        Some(_) => None,
    }
}

fn cmp_walk(
    l: Option<&Value>,
    r: Option<&Value>,
    schema: Option<&Node>,
    path: &mut Vec<PathElement>,
    c: &mut Comparison,
) -> Result<(), String> {
    let any_obj = l.is_some_and(Value::is_object) || r.is_some_and(Value::is_object);
    let any_list = l.is_some_and(Value::is_array) || r.is_some_and(Value::is_array);
    if any_obj && !map_atomic(schema) {
        if let (Some(lm), Some(rm)) = (as_map(l), as_map(r)) {
            let empty = |m: Option<&Map<String, Value>>| m.is_none_or(Map::is_empty);
            // Both empty: a leaf, so `{}` and absent still differ.
            if !(empty(lm) && empty(rm)) {
                container_presence(l, r, path, c);
                let mut keys: Vec<&String> = lm.iter().flat_map(|m| m.keys()).collect();
                for k in rm.iter().flat_map(|m| m.keys()) {
                    if lm.is_none_or(|m| !m.contains_key(k)) {
                        keys.push(k);
                    }
                }
                for k in keys {
                    let cs = schema.and_then(|s| s.field(k));
                    path.push(PathElement::Field(k.clone()));
                    cmp_walk(
                        lm.and_then(|m| m.get(k)),
                        rm.and_then(|m| m.get(k)),
                        cs.as_ref(),
                        path,
                        c,
                    )?;
                    path.pop();
                }
                return Ok(());
            }
        }
    }
    if any_list && list_type(schema) != ListType::Atomic {
        if let (Some(ll), Some(rl)) = (as_list(l), as_list(r)) {
            container_presence(l, r, path, c);
            let li = keyed_items(ll.map(Vec::as_slice).unwrap_or(&[]), schema)
                .map_err(|e| at(path, e))?;
            let ri = keyed_items(rl.map(Vec::as_slice).unwrap_or(&[]), schema)
                .map_err(|e| at(path, e))?;
            let item_schema = schema.and_then(Node::items);
            let mut pes: Vec<PathElement> = li.iter().map(|(p, _)| p.clone()).collect();
            pes.extend(
                ri.iter()
                    .filter(|(p, _)| find(&li, p).is_none())
                    .map(|(p, _)| p.clone()),
            );
            for pe in pes {
                let (lv, rv) = (find(&li, &pe), find(&ri, &pe));
                path.push(pe);
                cmp_walk(lv, rv, item_schema.as_ref(), path, c)?;
                path.pop();
            }
            return Ok(());
        }
    }
    match (l, r) {
        (None, Some(_)) => c.added.insert(path),
        (Some(_), None) => c.removed.insert(path),
        (Some(a), Some(b)) if a != b => c.modified.insert(path),
        _ => {}
    }
    Ok(())
}

fn find<'v>(items: &[(PathElement, &'v Value)], pe: &PathElement) -> Option<&'v Value> {
    items.iter().find(|(p, _)| p == pe).map(|(_, v)| *v)
}

/// A map or list that appears or disappears as a whole is itself added or removed.
fn container_presence(
    l: Option<&Value>,
    r: Option<&Value>,
    path: &[PathElement],
    c: &mut Comparison,
) {
    if path.is_empty() {
        return;
    }
    match (l, r) {
        (None, Some(_)) => c.added.insert(path),
        (Some(_), None) => c.removed.insert(path),
        _ => {}
    }
}

impl FieldSet {
    /// Adds every declared struct field above or at a member (structured-merge-diff's
    /// `EnsureNamedFieldsAreMembers`): pruning a manager's old fields may then drop a
    /// struct field nobody owns anything under, but never a map key it did not own.
    pub(crate) fn with_named_fields(&self, schema: Option<&Node>) -> FieldSet {
        let mut out = FieldSet {
            member: self.member,
            children: BTreeMap::new(),
        };
        for (pe, child) in &self.children {
            let child_schema = match pe {
                PathElement::Field(k) => schema.and_then(|s| s.field(k)),
                _ => schema.and_then(Node::items),
            };
            let mut c = child.with_named_fields(child_schema.as_ref());
            if let PathElement::Field(k) = pe {
                if schema.is_some_and(|s| s.is_named(k)) && (c.member || !c.is_empty()) {
                    c.member = true;
                }
            }
            out.children.insert(pe.clone(), c);
        }
        out
    }
}

/// Removes every member of `set` (with what is below it) from `v`.
pub(crate) fn remove_items(v: &mut Value, set: &FieldSet, schema: Option<&Node>) {
    match v {
        Value::Object(m) => {
            m.retain(|k, child| {
                let Some(sub) = set.children.get(&PathElement::Field(k.clone())) else {
                    return true;
                };
                if sub.member {
                    return false;
                }
                let cs = schema.and_then(|s| s.field(k));
                remove_items(child, sub, cs.as_ref());
                true
            });
        }
        Value::Array(items) => {
            let lt = list_type(schema);
            if lt == ListType::Atomic {
                return;
            }
            let item_schema = schema.and_then(Node::items);
            let mut i = 0;
            items.retain_mut(|item| {
                let pe = item_element(&lt, item, item_schema.as_ref(), i);
                i += 1;
                let Some(sub) = pe.ok().and_then(|pe| set.children.get(&pe)) else {
                    return true;
                };
                if sub.member {
                    return false;
                }
                remove_items(item, sub, item_schema.as_ref());
                true
            });
        }
        _ => {}
    }
}
