//! Strategic merge patch (`application/strategic-merge-patch+json`), following
//! apimachinery's `strategicpatch` as kube-apiserver runs it (`MergeParallelList` and
//! `IgnoreUnmatchedNulls` on).
//!
//! Maps merge; `null` deletes a key. Lists whose schema has patch strategy `merge` merge:
//! lists of maps by the merge key (matching items merge, new ones are added), lists of
//! scalars as a set. Everything else, including unknown content, is replaced. The patch
//! markers come from [`Node::patch_strategy`] / [`Node::patch_merge_key`] only; see
//! [`super::schema`] for why `x-kubernetes-list-map-keys` does not count here.
//!
//! Directives: `$patch: replace | delete` on a map, `$patch: delete | replace` in a list of
//! maps, `$retainKeys`, `$setElementOrder/<list>` and `$deleteFromPrimitiveList/<list>` —
//! the ones kubectl's client-side apply and `kubectl patch` send.
//!
//! Error classes follow `interpretStrategicMergePatchError`: malformed directives kube
//! names (`$retainKeys`, `$setElementOrder` formats) are 400, lists of lists 422, anything
//! else strategicpatch reports (a list item without its merge key, an unknown `$patch`
//! value) is returned unclassified by kube and so answered with a 500.

use serde_json::{Map, Value};

use super::schema::{Node, PatchStrategy};
use super::PatchError;

type Obj = Map<String, Value>;

const DIRECTIVE: &str = "$patch";
const RETAIN_KEYS: &str = "$retainKeys";
const DELETE_FROM_PRIMITIVE_LIST: &str = "$deleteFromPrimitiveList/";
const SET_ELEMENT_ORDER: &str = "$setElementOrder/";

const ERR_RETAIN_KEYS: &str = "invalid patch format of retainKeys";
const ERR_SET_ELEMENT_ORDER: &str = "invalid patch format of setElementOrder list";
const ERR_LIST_OF_LISTS: &str = "lists of lists are not supported";

/// Applies a strategic merge patch body to `original`. `schema` is the kind's schema
/// (`None`: unknown content, maps merge and lists are replaced).
pub fn apply_strategic_merge_patch(
    original: &Value,
    patch: &[u8],
    schema: Option<&Node>,
) -> Result<Value, PatchError> {
    super::limits::check_body(patch)?;
    let patch: Value =
        serde_json::from_slice(patch).map_err(|e| PatchError::BadRequest(e.to_string()))?;
    let patched = strategic_merge(original, &patch, schema)?;
    super::limits::check_document(&patched)?;
    Ok(patched)
}

/// Applies a strategic merge patch, given as a value, to `original`.
pub fn strategic_merge(
    original: &Value,
    patch: &Value,
    schema: Option<&Node>,
) -> Result<Value, PatchError> {
    let Some(patch) = patch.as_object() else {
        return Err(PatchError::BadRequest(format!(
            "json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
            super::json_patch::json_kind(patch)
        )));
    };
    let original = original.as_object().cloned().unwrap_or_default();
    merge_map(original, patch.clone(), schema).map(Value::Object)
}

fn internal(msg: impl Into<String>) -> PatchError {
    PatchError::Internal(msg.into())
}

fn err_no_merge_key(m: &Obj, key: &str) -> PatchError {
    internal(format!(
        "map: {} does not contain declared merge key: {key}",
        Value::Object(m.clone())
    ))
}

fn merge_map(mut original: Obj, mut patch: Obj, schema: Option<&Node>) -> Result<Obj, PatchError> {
    if let Some(directive) = patch.get(DIRECTIVE) {
        return match directive.as_str() {
            Some("replace") => {
                patch.remove(DIRECTIVE);
                Ok(remove_directives_in_map(patch))
            }
            Some("delete") => Ok(Obj::new()),
            _ => Err(internal(format!(
                "unknown patch type: {directive} in map: {}",
                Value::Object(patch.clone())
            ))),
        };
    }
    apply_retain_keys(&mut original, &mut patch)?;
    merge_ordered_lists(&mut original, &mut patch, schema)?;

    // kube walks a Go map, in no fixed order; deletion lists first keeps a
    // `$deleteFromPrimitiveList/x` + `x` pair independent of that order.
    let mut keys: Vec<String> = patch.keys().cloned().collect();
    keys.sort_by_key(|k| !k.starts_with(DELETE_FROM_PRIMITIVE_LIST));
    for k in keys {
        let Some(patch_v) = patch.remove(&k) else {
            continue;
        };
        let (is_delete_list, key) = match k.strip_prefix(DELETE_FROM_PRIMITIVE_LIST) {
            Some(rest) => (true, rest.to_string()),
            None => (false, k),
        };
        if patch_v.is_null() {
            original.remove(&key);
            continue;
        }
        let Some(orig_v) = original.get(&key) else {
            if !is_delete_list {
                set_from_patch(&mut original, key, patch_v);
            }
            continue;
        };
        if !same_kind(orig_v, &patch_v) {
            if !is_delete_list {
                set_from_patch(&mut original, key, patch_v);
            }
            continue;
        }
        let child = schema.and_then(|s| s.field(&key));
        let strategy = child.as_ref().map(Node::patch_strategy).unwrap_or_default();
        let merged = match (original.remove(&key), patch_v) {
            (Some(Value::Object(o)), Value::Object(p)) => {
                if strategy.replace {
                    Value::Object(p)
                } else {
                    Value::Object(merge_map(o, p, child.as_ref())?)
                }
            }
            (Some(Value::Array(o)), Value::Array(p)) => {
                let merge_key = child
                    .as_ref()
                    .and_then(|c| c.patch_merge_key().map(str::to_string));
                Value::Array(merge_slice_handler(
                    o,
                    p,
                    child.as_ref(),
                    strategy,
                    merge_key.as_deref().unwrap_or(""),
                    is_delete_list,
                )?)
            }
            (_, p) => p,
        };
        original.insert(key, merged);
    }
    Ok(original)
}

/// A patch value for a key the original lacks (or holds a value of another type):
/// taken as is, without nulls or directives.
fn set_from_patch(original: &mut Obj, key: String, mut value: Value) {
    discard_nulls(&mut value);
    match remove_directives(value) {
        Some(v) => {
            original.insert(key, v);
        }
        None => {
            original.remove(&key);
        }
    }
}

/// Go's `reflect.TypeOf` comparison, with JSON numbers as one type.
fn same_kind(a: &Value, b: &Value) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// `$retainKeys: [..]` clears the original's keys it does not name; every non-null key of
/// the patch must be named.
fn apply_retain_keys(original: &mut Obj, patch: &mut Obj) -> Result<(), PatchError> {
    let Some(retain) = patch.remove(RETAIN_KEYS) else {
        return Ok(());
    };
    let Some(keep) = retain.as_array() else {
        return Err(PatchError::BadRequest(ERR_RETAIN_KEYS.to_string()));
    };
    let kept = |k: &str| keep.iter().any(|v| v.as_str() == Some(k));
    for (k, v) in patch.iter() {
        if v.is_null()
            || k.starts_with(DELETE_FROM_PRIMITIVE_LIST)
            || k.starts_with(SET_ELEMENT_ORDER)
        {
            continue;
        }
        if !kept(k) {
            return Err(PatchError::BadRequest(ERR_RETAIN_KEYS.to_string()));
        }
    }
    original.retain(|k, _| kept(k));
    Ok(())
}

/// Processes each `$setElementOrder/<list>` with its list: merges the list and orders the
/// result by the directive, then the patch, then the live order.
fn merge_ordered_lists(
    original: &mut Obj,
    patch: &mut Obj,
    schema: Option<&Node>,
) -> Result<(), PatchError> {
    let order_keys: Vec<String> = patch
        .keys()
        .filter(|k| k.starts_with(SET_ELEMENT_ORDER))
        .cloned()
        .collect();
    for key in order_keys {
        let order_v = patch.remove(&key).unwrap_or(Value::Null);
        let Value::Array(order) = order_v else {
            return Err(PatchError::BadRequest(ERR_SET_ELEMENT_ORDER.to_string()));
        };
        let field = key[SET_ELEMENT_ORDER.len()..].to_string();
        if field.is_empty() {
            return Err(internal(format!("cannot extract key from {key}")));
        }
        let orig_list = match original.get(&field) {
            None => None,
            Some(Value::Array(a)) => Some(a.clone()),
            Some(other) => return Err(bad_list(other)),
        };
        let patch_list = match patch.get(&field) {
            None => None,
            Some(Value::Array(a)) => Some(a.clone()),
            Some(other) => return Err(bad_list(other)),
        };
        let child = schema.and_then(|s| s.field(&field));
        let strategy = child.as_ref().map(Node::patch_strategy).unwrap_or_default();
        let merge_key = child
            .as_ref()
            .and_then(|c| c.patch_merge_key().map(str::to_string))
            .unwrap_or_default();
        validate_order(patch_list.as_deref().unwrap_or(&[]), &order, &merge_key)?;
        let merged = match (&orig_list, &patch_list) {
            (Some(o), None) => o.clone(),
            (None, Some(p)) => match remove_directives(Value::Array(p.clone())) {
                Some(Value::Array(v)) => v,
                _ => continue,
            },
            (Some(o), Some(p)) => merge_slice_handler(
                o.clone(),
                p.clone(),
                child.as_ref(),
                strategy,
                &merge_key,
                false,
            )?,
            (None, None) => continue,
        };
        let orig_list = orig_list.unwrap_or_default();
        let (in_order, server_only) = partition(merged, &order, &merge_key);
        let all_items: Vec<Value> = orig_list
            .iter()
            .chain(patch_list.iter().flatten())
            .cloned()
            .collect();
        let ordered = if all_items.is_empty() {
            in_order.into_iter().chain(server_only).collect()
        } else {
            let kind = element_kind(&all_items)?;
            normalize_element_order(in_order, server_only, &order, &orig_list, &merge_key, kind)?
        };
        original.insert(field.clone(), Value::Array(ordered));
        patch.remove(&field);
    }
    Ok(())
}

fn bad_list(v: &Value) -> PatchError {
    internal(format!(
        "expected a []interface {{}}, but received a {}",
        go_type(v)
    ))
}

fn go_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "nil",
        Value::Bool(_) => "bool",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[string]interface {}",
    }
}

/// The items of the patch list (deletions aside) must appear in `$setElementOrder` in the
/// same relative order.
fn validate_order(
    patch_list: &[Value],
    order: &[Value],
    merge_key: &str,
) -> Result<(), PatchError> {
    if order.is_empty() || patch_list.is_empty() {
        return Ok(());
    }
    let non_delete: Vec<&Value> = if merge_key.is_empty() {
        patch_list.iter().collect()
    } else {
        let mut kept = Vec::new();
        for v in patch_list {
            let Some(m) = v.as_object() else {
                return Err(internal(format!(
                    "expected a map[string]interface {{}}, but received a {}",
                    go_type(v)
                )));
            };
            if m.get(DIRECTIVE).and_then(Value::as_str) != Some("delete") {
                kept.push(v);
            }
        }
        kept
    };
    let (mut pi, mut oi) = (0, 0);
    while pi < non_delete.len() && oi < order.len() {
        if non_delete[pi].get(DIRECTIVE).is_some() {
            pi += 1;
            continue;
        }
        if merge_key_equal(non_delete[pi], &order[oi], merge_key)? {
            pi += 1;
        }
        oi += 1;
    }
    if pi < non_delete.len() && oi >= order.len() {
        return Err(internal(format!(
            "The order in patch list:\n{}\n doesn't match {SET_ELEMENT_ORDER} list:\n{}\n",
            Value::Array(patch_list.to_vec()),
            Value::Array(order.to_vec())
        )));
    }
    Ok(())
}

fn merge_key_equal(left: &Value, right: &Value, merge_key: &str) -> Result<bool, PatchError> {
    if merge_key.is_empty() {
        return Ok(left == right);
    }
    let (Some(l), Some(r)) = (left.as_object(), right.as_object()) else {
        return Err(internal("expected maps when comparing merge keys"));
    };
    let lv = l
        .get(merge_key)
        .ok_or_else(|| err_no_merge_key(l, merge_key))?;
    let rv = r
        .get(merge_key)
        .ok_or_else(|| err_no_merge_key(r, merge_key))?;
    Ok(lv == rv)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Map,
    Scalar,
}

/// All items must have one type, and not be lists (`sliceElementType`).
fn element_kind(items: &[Value]) -> Result<Kind, PatchError> {
    let mut kind: Option<std::mem::Discriminant<Value>> = None;
    let mut is_map = false;
    for v in items {
        if v.is_array() {
            return Err(PatchError::Invalid(ERR_LIST_OF_LISTS.to_string()));
        }
        if v.is_null() {
            return Err(internal("list elements must not be null"));
        }
        let d = std::mem::discriminant(v);
        match kind {
            None => {
                kind = Some(d);
                is_map = v.is_object();
            }
            Some(k) if k != d => {
                return Err(internal(format!(
                    "list element types are not identical: {}",
                    Value::Array(items.to_vec())
                )))
            }
            Some(_) => {}
        }
    }
    if kind.is_none() {
        return Err(internal("no elements in any of the given slices"));
    }
    Ok(if is_map { Kind::Map } else { Kind::Scalar })
}

fn merge_slice_handler(
    original: Vec<Value>,
    patch: Vec<Value>,
    list_schema: Option<&Node>,
    strategy: PatchStrategy,
    merge_key: &str,
    is_delete_list: bool,
) -> Result<Vec<Value>, PatchError> {
    // Deletion lists are handled the same way whatever the field's strategy.
    if strategy.merge || is_delete_list {
        let items = list_schema.and_then(Node::items);
        merge_slice(original, patch, items.as_ref(), merge_key, is_delete_list)
    } else {
        Ok(patch)
    }
}

fn merge_slice(
    original: Vec<Value>,
    patch: Vec<Value>,
    item_schema: Option<&Node>,
    merge_key: &str,
    is_delete_list: bool,
) -> Result<Vec<Value>, PatchError> {
    if original.is_empty() && patch.is_empty() {
        return Ok(original);
    }
    let all: Vec<Value> = original.iter().chain(patch.iter()).cloned().collect();
    let kind = element_kind(&all)?;
    let (original, patch, merged) = if kind == Kind::Scalar {
        if is_delete_list {
            return Ok(original
                .into_iter()
                .filter(|v| !patch.contains(v))
                .collect());
        }
        let mut merged: Vec<Value> = Vec::new();
        for v in all {
            if !merged.contains(&v) {
                merged.push(v);
            }
        }
        (original, patch, merged)
    } else {
        if merge_key.is_empty() {
            return Err(internal("cannot merge lists without merge key"));
        }
        let (original, patch) = merge_special_elements(original, patch, merge_key)?;
        let merged = merge_by_key(original.clone(), &patch, merge_key, item_schema)?;
        (original, patch, merged)
    };
    let key = if kind == Kind::Map { merge_key } else { "" };
    let (patch_items, server_only) = partition(merged, &patch, key);
    normalize_element_order(patch_items, server_only, &patch, &original, key, kind)
}

/// Handles `$patch` items of a list of maps: `delete` removes the matching original item,
/// `replace` makes the rest of the patch the whole list.
fn merge_special_elements(
    mut original: Vec<Value>,
    patch: Vec<Value>,
    merge_key: &str,
) -> Result<(Vec<Value>, Vec<Value>), PatchError> {
    let mut plain = Vec::new();
    let mut replace = false;
    for v in patch {
        let m = v.as_object().cloned().unwrap_or_default();
        match m.get(DIRECTIVE) {
            None => plain.push(v),
            Some(d) => match d.as_str() {
                Some("delete") => {
                    let Some(key_value) = m.get(merge_key) else {
                        return Err(err_no_merge_key(&m, merge_key));
                    };
                    original.retain(|o| o.get(merge_key) != Some(key_value));
                }
                Some("replace") => replace = true,
                Some("merge") => {
                    return Err(internal(
                        "merging lists cannot yet be specified in the patch",
                    ))
                }
                _ => {
                    return Err(internal(format!(
                        "unknown patch type: {d} in map: {}",
                        Value::Object(m.clone())
                    )))
                }
            },
        }
    }
    if replace {
        Ok((plain, Vec::new()))
    } else {
        Ok((original, plain))
    }
}

/// Items of the patch merge into the original item with the same merge key value, or are
/// appended.
fn merge_by_key(
    mut original: Vec<Value>,
    patch: &[Value],
    merge_key: &str,
    item_schema: Option<&Node>,
) -> Result<Vec<Value>, PatchError> {
    for v in patch {
        let m = v.as_object().cloned().unwrap_or_default();
        let Some(key_value) = m.get(merge_key) else {
            return Err(err_no_merge_key(&m, merge_key));
        };
        let found = original
            .iter()
            .position(|o| o.as_object().and_then(|o| o.get(merge_key)) == Some(key_value));
        match found {
            Some(i) => {
                let o = original[i].as_object().cloned().unwrap_or_default();
                original[i] = Value::Object(merge_map(o, m, item_schema)?);
            }
            None => original.push(v.clone()),
        }
    }
    Ok(original)
}

fn identity<'a>(v: &'a Value, merge_key: &str) -> Option<&'a Value> {
    if merge_key.is_empty() {
        Some(v)
    } else {
        v.as_object().and_then(|m| m.get(merge_key))
    }
}

fn index_of(list: &[Value], v: &Value, merge_key: &str) -> Option<usize> {
    let id = identity(v, merge_key);
    list.iter().position(|x| identity(x, merge_key) == id)
}

/// Splits `merged` into the items present in `by` (by merge key, or by value for
/// scalars) and the rest.
fn partition(merged: Vec<Value>, by: &[Value], merge_key: &str) -> (Vec<Value>, Vec<Value>) {
    merged
        .into_iter()
        .partition(|v| identity(v, merge_key).is_some() && index_of(by, v, merge_key).is_some())
}

/// Sorts the patch items by `patch_order` and the server-only items by `server_order`,
/// then interleaves them: a server-only item goes before the next patch item when both are
/// in the live list and it came first there.
fn normalize_element_order(
    patch_items: Vec<Value>,
    server_only: Vec<Value>,
    patch_order: &[Value],
    server_order: &[Value],
    merge_key: &str,
    kind: Kind,
) -> Result<Vec<Value>, PatchError> {
    let right = normalize_slice_order(patch_items, patch_order, merge_key, kind)?;
    let left = normalize_slice_order(server_only, server_order, merge_key, kind)?;
    let mut out = Vec::with_capacity(left.len() + right.len());
    let (mut l, mut r) = (left.into_iter().peekable(), right.into_iter().peekable());
    loop {
        match (l.peek(), r.peek()) {
            (None, None) => break,
            (Some(_), None) => out.extend(l.next()),
            (None, Some(_)) => out.extend(r.next()),
            (Some(lv), Some(rv)) => {
                let li = index_of(server_order, lv, merge_key);
                let ri = index_of(server_order, rv, merge_key);
                match (li, ri) {
                    (Some(li), Some(ri)) if li < ri => out.extend(l.next()),
                    _ => out.extend(r.next()),
                }
            }
        }
    }
    Ok(out)
}

fn normalize_slice_order(
    mut to_sort: Vec<Value>,
    order: &[Value],
    merge_key: &str,
    kind: Kind,
) -> Result<Vec<Value>, PatchError> {
    let mut to_delete = Vec::new();
    if kind == Kind::Map {
        for item in to_sort.iter().chain(order) {
            let Some(m) = item.as_object() else {
                return Err(internal(format!(
                    "expected a map[string]interface {{}}, but received a {}",
                    go_type(item)
                )));
            };
            if !m.contains_key(merge_key) {
                return Err(err_no_merge_key(m, merge_key));
            }
        }
        let (deletes, keep): (Vec<Value>, Vec<Value>) = to_sort
            .into_iter()
            .partition(|v| v.get(DIRECTIVE).and_then(Value::as_str) == Some("delete"));
        to_sort = keep;
        to_delete = deletes;
    }
    // Items missing from `order` keep their relative order at the end.
    to_sort.sort_by_key(|v| index_of(order, v, merge_key).unwrap_or(usize::MAX));
    to_sort.extend(to_delete);
    Ok(to_sort)
}

fn discard_nulls(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.retain(|_, v| !v.is_null());
            m.values_mut().for_each(discard_nulls);
        }
        Value::Array(a) => a.iter_mut().for_each(discard_nulls),
        _ => {}
    }
}

fn is_directive_key(k: &str) -> bool {
    k == DIRECTIVE
        || k == RETAIN_KEYS
        || k.starts_with(SET_ELEMENT_ORDER)
        || k.starts_with(DELETE_FROM_PRIMITIVE_LIST)
}

/// Strips directives from content taken from the patch as is: a map marked
/// `$patch: delete` disappears, other directive keys are dropped.
fn remove_directives(v: Value) -> Option<Value> {
    match v {
        Value::Object(m) => {
            if m.get(DIRECTIVE).and_then(Value::as_str) == Some("delete") {
                return None;
            }
            Some(Value::Object(remove_directives_in_map(m)))
        }
        Value::Array(a) => Some(Value::Array(
            a.into_iter().filter_map(remove_directives).collect(),
        )),
        other => Some(other),
    }
}

fn remove_directives_in_map(m: Obj) -> Obj {
    m.into_iter()
        .filter(|(k, _)| !is_directive_key(k))
        .filter_map(|(k, v)| remove_directives(v).map(|v| (k, v)))
        .collect()
}
