//! `metadata.managedFields`: decoding entries into field sets keyed by manager identity,
//! and encoding them back in kube's order.

use serde_json::{json, Map, Value};

use super::fields::FieldSet;

pub(crate) const APPLY: &str = "Apply";
pub(crate) const UPDATE: &str = "Update";

/// One manager's fields.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry {
    pub manager: String,
    pub operation: String,
    pub api_version: String,
    pub time: Option<String>,
    pub subresource: String,
    pub set: FieldSet,
}

impl Entry {
    /// kube's `BuildManagerIdentifier`: the entry without fields, time and type, and for
    /// appliers without the API version, so one applier is one manager across versions
    /// while each version a client updates with is a separate `Update` entry.
    pub fn identifier(&self) -> String {
        let s = |v: &str| Value::String(v.to_string()).to_string();
        let mut out = format!(
            "{{\"manager\":{},\"operation\":{}",
            s(&self.manager),
            s(&self.operation)
        );
        if self.operation != APPLY && !self.api_version.is_empty() {
            out.push_str(&format!(",\"apiVersion\":{}", s(&self.api_version)));
        }
        if !self.subresource.is_empty() {
            out.push_str(&format!(",\"subresource\":{}", s(&self.subresource)));
        }
        out.push('}');
        out
    }

    /// kube's `printManager`, used in conflict messages.
    pub fn describe(&self) -> String {
        let mut out = format!("{:?}", self.manager);
        if !self.subresource.is_empty() {
            out.push_str(&format!(" with subresource {:?}", self.subresource));
        }
        if self.operation == UPDATE {
            out.push_str(&format!(" using {}", self.api_version));
            if let Some(t) = &self.time {
                out.push_str(&format!(" at {t}"));
            }
        }
        out
    }

    fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("manager".into(), json!(self.manager));
        m.insert("operation".into(), json!(self.operation));
        if !self.api_version.is_empty() {
            m.insert("apiVersion".into(), json!(self.api_version));
        }
        if let Some(t) = &self.time {
            m.insert("time".into(), json!(t));
        }
        m.insert("fieldsType".into(), json!("FieldsV1"));
        m.insert("fieldsV1".into(), self.set.to_fields_v1());
        if !self.subresource.is_empty() {
            m.insert("subresource".into(), json!(self.subresource));
        }
        Value::Object(m)
    }
}

/// The entries of `obj.metadata.managedFields` (none when absent); a later entry with the
/// identity of an earlier one replaces it, as in kube's decoding into a map.
pub(crate) fn decode(obj: &Value) -> Result<Vec<Entry>, String> {
    let Some(list) = obj.pointer("/metadata/managedFields") else {
        return Ok(Vec::new());
    };
    if list.is_null() {
        return Ok(Vec::new());
    }
    let Some(list) = list.as_array() else {
        return Err("metadata.managedFields must be a list".to_string());
    };
    let mut out: Vec<Entry> = Vec::new();
    for item in list {
        let s = |k: &str| {
            item.get(k)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        let fields_type = s("fieldsType");
        if fields_type != "FieldsV1" {
            return Err(format!(
                "invalid fieldsType {fields_type:?}; only FieldsV1 is supported"
            ));
        }
        let set = match item.get("fieldsV1") {
            None | Some(Value::Null) => FieldSet::new(),
            Some(v) => FieldSet::from_fields_v1(v)?,
        };
        let entry = Entry {
            manager: s("manager"),
            operation: s("operation"),
            api_version: s("apiVersion"),
            time: item.get("time").and_then(Value::as_str).map(str::to_string),
            subresource: s("subresource"),
            set,
        };
        let id = entry.identifier();
        match out.iter_mut().find(|e| e.identifier() == id) {
            Some(existing) => *existing = entry,
            None => out.push(entry),
        }
    }
    Ok(out)
}

pub(crate) fn seconds(t: &Option<String>) -> i64 {
    t.as_deref()
        .and_then(|t| t.parse::<jiff::Timestamp>().ok())
        .map(|t| t.as_second())
        .unwrap_or(0)
}

/// Writes the entries (empty ones dropped) into `obj.metadata.managedFields`, sorted as
/// kube sorts them: by operation (`Apply` first), time, manager, API version,
/// subresource. No entries: the field is removed.
pub(crate) fn encode(obj: &mut Value, mut entries: Vec<Entry>) {
    entries.retain(|e| !e.set.is_empty());
    entries.sort_by(|a, b| {
        a.operation
            .cmp(&b.operation)
            .then_with(|| seconds(&a.time).cmp(&seconds(&b.time)))
            .then_with(|| a.manager.cmp(&b.manager))
            .then_with(|| a.api_version.cmp(&b.api_version))
            .then_with(|| a.subresource.cmp(&b.subresource))
    });
    let Some(root) = obj.as_object_mut() else {
        return;
    };
    let meta = root
        .entry("metadata")
        .or_insert_with(|| Value::Object(Map::new()));
    if !meta.is_object() {
        *meta = Value::Object(Map::new());
    }
    let Some(meta) = meta.as_object_mut() else {
        return;
    };
    if entries.is_empty() {
        meta.remove("managedFields");
    } else {
        meta.insert(
            "managedFields".into(),
            Value::Array(entries.iter().map(Entry::to_json).collect()),
        );
    }
}
