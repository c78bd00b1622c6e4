//! `as=Table` responses: the Name column and the kind's print columns, as kube-apiserver's
//! table convertor for custom resources renders them (ages as human durations).

use kapi_serving::StatusError;

use serde_json::{json, Value};

const NAME_DESCRIPTION: &str = "Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";

struct Column<'a> {
    name: &'a str,
    type_: &'a str,
    format: &'a str,
    description: &'a str,
    priority: i32,
    json_path: &'a str,
}

/// A Table for a kind; `include_object` is the request's `includeObject`.
pub fn table_of(
    meta: &kapi_core::scheme::ResourceMeta,
    include_object: &str,
    objects: &[Value],
    list_meta: Option<Value>,
) -> Result<Value, StatusError> {
    let include = match include_object {
        "" | "Metadata" => Include::Metadata,
        "Object" => Include::Object,
        "None" => Include::None,
        other => {
            return Err(StatusError::bad_request(format!(
                "includeObject: Unsupported value: {other:?}: supported values: \"None\", \"Metadata\", \"Object\""
            )))
        }
    };
    let mut columns: Vec<Column<'_>> = meta
        .print_columns
        .iter()
        .map(|c| Column {
            name: &c.name,
            type_: &c.type_,
            format: &c.format,
            description: &c.description,
            priority: c.priority,
            json_path: &c.json_path,
        })
        .collect();
    if columns.is_empty() {
        columns.push(Column {
            name: "Age",
            type_: "date",
            format: "",
            description: "CreationTimestamp is a timestamp representing the server time when this object was created.",
            priority: 0,
            json_path: ".metadata.creationTimestamp",
        });
    }
    let mut definitions = vec![json!({
        "name": "Name",
        "type": "string",
        "format": "name",
        "description": NAME_DESCRIPTION,
        "priority": 0,
    })];
    definitions.extend(columns.iter().map(|c| {
        json!({
            "name": c.name,
            "type": c.type_,
            "format": c.format,
            "description": c.description,
            "priority": c.priority,
        })
    }));
    let now = jiff::Timestamp::now();
    let rows: Vec<Value> = objects
        .iter()
        .map(|o| {
            let mut cells = vec![json!(super::lifecycle::meta_str(o, "name"))];
            cells.extend(columns.iter().map(|c| cell(o, c, now)));
            let mut row = json!({ "cells": cells });
            match include {
                Include::None => {}
                Include::Metadata => row["object"] = partial_object_metadata(o),
                Include::Object => row["object"] = o.clone(),
            }
            row
        })
        .collect();
    let metadata = list_meta.unwrap_or_else(|| {
        let rv = objects
            .first()
            .map(|o| super::lifecycle::meta_str(o, "resourceVersion"))
            .unwrap_or("");
        json!({ "resourceVersion": rv })
    });
    Ok(json!({
        "kind": "Table",
        "apiVersion": "meta.k8s.io/v1",
        "metadata": metadata,
        "columnDefinitions": definitions,
        "rows": rows,
    }))
}

#[derive(Clone, Copy)]
enum Include {
    None,
    Metadata,
    Object,
}

fn cell(object: &Value, column: &Column<'_>, now: jiff::Timestamp) -> Value {
    let Some(value) = json_path(object, column.json_path) else {
        return Value::Null;
    };
    match (column.type_, value) {
        ("date", Value::String(s)) => match s.parse::<jiff::Timestamp>() {
            Ok(t) => json!(human_duration(now.duration_since(t).as_secs())),
            Err(_) => json!(s),
        },
        ("string", Value::String(s)) => json!(s),
        ("string", Value::Array(_) | Value::Object(_)) => json!(value.to_string()),
        (_, v) => v.clone(),
    }
}

/// A print column's simple JSONPath: `.a.b`, `.a[0].b`, `.a['x.y']`, optionally in braces.
pub fn json_path<'v>(object: &'v Value, path: &str) -> Option<&'v Value> {
    let path = path.trim().trim_start_matches('{').trim_end_matches('}');
    let mut current = object;
    let mut rest = path;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            let (field, tail) = r.split_at(end);
            if !field.is_empty() {
                current = current.get(field)?;
            }
            rest = tail;
        } else if let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']')?;
            let (index, tail) = r.split_at(end);
            rest = &tail[1..];
            let quoted = index
                .strip_prefix('\'')
                .and_then(|i| i.strip_suffix('\''))
                .or_else(|| index.strip_prefix('"').and_then(|i| i.strip_suffix('"')));
            current = match quoted {
                Some(key) => current.get(key)?,
                None => current.get(index.parse::<usize>().ok()?)?,
            };
        } else {
            return None;
        }
    }
    Some(current)
}

/// apimachinery's `duration.HumanDuration`: two significant units, coarser with age.
pub fn human_duration(seconds: i64) -> String {
    if seconds < -1 {
        return "<invalid>".into();
    }
    if seconds < 0 {
        return "0s".into();
    }
    if seconds < 120 {
        return format!("{seconds}s");
    }
    let minutes = seconds / 60;
    if minutes < 10 {
        let s = seconds % 60;
        return if s == 0 {
            format!("{minutes}m")
        } else {
            format!("{minutes}m{s}s")
        };
    }
    if minutes < 180 {
        return format!("{minutes}m");
    }
    let hours = minutes / 60;
    if hours < 8 {
        let m = minutes % 60;
        return if m == 0 {
            format!("{hours}h")
        } else {
            format!("{hours}h{m}m")
        };
    }
    if hours < 48 {
        return format!("{hours}h");
    }
    if hours < 24 * 8 {
        let h = hours % 24;
        return if h == 0 {
            format!("{}d", hours / 24)
        } else {
            format!("{}d{h}h", hours / 24)
        };
    }
    if hours < 24 * 365 * 2 {
        return format!("{}d", hours / 24);
    }
    if hours < 24 * 365 * 8 {
        let days = (hours / 24) % 365;
        return if days == 0 {
            format!("{}y", hours / 24 / 365)
        } else {
            format!("{}y{days}d", hours / 24 / 365)
        };
    }
    format!("{}y", hours / 24 / 365)
}

/// The metadata-only form of an object (`as=PartialObjectMetadata`, and a Table row's
/// object with `includeObject=Metadata`).
pub(crate) fn partial_object_metadata(value: &Value) -> Value {
    serde_json::json!({
        "kind": "PartialObjectMetadata",
        "apiVersion": "meta.k8s.io/v1",
        "metadata": value.get("metadata").cloned().unwrap_or_else(|| serde_json::json!({})),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_like_kubectl() {
        assert_eq!(human_duration(5), "5s");
        assert_eq!(human_duration(119), "119s");
        assert_eq!(human_duration(125), "2m5s");
        assert_eq!(human_duration(600), "10m");
        assert_eq!(human_duration(3 * 3600 + 60), "3h1m");
        assert_eq!(human_duration(30 * 3600), "30h");
        assert_eq!(human_duration(3 * 86400 + 3600), "3d1h");
        assert_eq!(human_duration(400 * 86400), "400d");
        assert_eq!(human_duration(3 * 365 * 86400 + 86400), "3y1d");
    }

    #[test]
    fn json_paths() {
        let v = json!({"spec": {"a": [{"b": 1}], "x.y": "z"}});
        assert_eq!(json_path(&v, ".spec.a[0].b"), Some(&json!(1)));
        assert_eq!(json_path(&v, "{.spec['x.y']}"), Some(&json!("z")));
        assert_eq!(json_path(&v, ".spec.missing"), None);
        assert_eq!(json_path(&v, ".spec.a[9]"), None);
    }
}
