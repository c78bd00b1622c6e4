//! [`Json`], a JSON tree for documents that say the same thing many times: its strings and
//! keys are borrowed where they already exist, and a part it repeats ([`Json::shared`]) is
//! built once and printed once. An OpenAPI document's paths are such a document: every
//! operation lists the same few parameters and media types, and building them as
//! serde_json values (maps of owned strings), printing and dropping them was most of the
//! generator's time. [`compact::json`] prints it as it prints the same `Value`.

use super::compact::{self, Layouts, Node, Tree};
use serde_json::Value;
use std::borrow::Cow;
use std::rc::Rc;

/// A JSON value whose parts may be borrowed or shared.
#[derive(Debug, Clone)]
pub enum Json<'a> {
    Null,
    String(Cow<'a, str>),
    Bool(bool),
    Number(serde_json::Number),
    Array(Vec<Json<'a>>),
    /// Entries sorted by key as serde_json's maps sort them: build it with [`Json::object`].
    Object(Vec<(Cow<'a, str>, Json<'a>)>),
    /// A serde_json value, printed as it is.
    Value(&'a Value),
    Shared(Rc<Shared<'a>>),
}

/// A part written in many places: its tree, for where it does not fit on a line, its
/// one-line form, for where it does, and the text it was laid out as at each place.
#[derive(Debug)]
pub struct Shared<'a> {
    tree: Json<'a>,
    flat: String,
    layouts: Layouts,
}

impl<'a> Json<'a> {
    /// An object of `entries` in any order; a key given twice keeps its last value, as
    /// inserting into a map does.
    pub fn object(mut entries: Vec<(Cow<'a, str>, Json<'a>)>) -> Json<'a> {
        if entries.windows(2).all(|w| w[0].0 < w[1].0) {
            return Json::Object(entries);
        }
        // Stable: of equal keys, the last given comes last, and takes the kept place.
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                std::mem::swap(later, kept);
            }
            same
        });
        Json::Object(entries)
    }

    /// An object of entries with `'static` keys, in any order.
    pub fn fields<const N: usize>(entries: [(&'static str, Json<'a>); N]) -> Json<'a> {
        Json::object(
            entries
                .into_iter()
                .map(|(k, v)| (Cow::Borrowed(k), v))
                .collect(),
        )
    }

    /// `tree` as a part to write in many places: clones of the result share it, and its
    /// one-line form is printed now, once.
    pub fn shared(tree: Json<'a>) -> Json<'a> {
        if let Json::Shared(_) = tree {
            return tree;
        }
        let flat = compact::one_line(&tree);
        Json::Shared(Rc::new(Shared {
            tree,
            flat,
            layouts: Layouts::default(),
        }))
    }

    pub fn str(s: &'a str) -> Json<'a> {
        Json::String(Cow::Borrowed(s))
    }

    /// The same value as serde_json's.
    pub fn to_value(&self) -> Value {
        match self {
            Json::Null => Value::Null,
            Json::String(s) => Value::String(s.to_string()),
            Json::Bool(b) => Value::Bool(*b),
            Json::Number(n) => Value::Number(n.clone()),
            Json::Array(items) => Value::Array(items.iter().map(Json::to_value).collect()),
            Json::Object(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_value()))
                    .collect(),
            ),
            Json::Value(v) => (*v).clone(),
            Json::Shared(shared) => shared.tree.to_value(),
        }
    }
}

impl<'a> From<String> for Json<'a> {
    fn from(s: String) -> Self {
        Json::String(Cow::Owned(s))
    }
}

impl<'a> From<bool> for Json<'a> {
    fn from(b: bool) -> Self {
        Json::Bool(b)
    }
}

type Entry<'b, 'a> = &'b (Cow<'a, str>, Json<'a>);

fn entry<'b, 'a>((key, value): Entry<'b, 'a>) -> (&'b str, &'b Json<'a>) {
    (key, value)
}

impl<'a> Tree for Json<'a> {
    type Entries<'b>
        = std::iter::Map<
        std::slice::Iter<'b, (Cow<'a, str>, Json<'a>)>,
        fn(Entry<'b, 'a>) -> (&'b str, &'b Json<'a>),
    >
    where
        Self: 'b;

    fn node(&self) -> Node<'_, Self> {
        match self {
            Json::Null => Node::Literal("null"),
            Json::String(s) => Node::String(s),
            Json::Bool(true) => Node::Literal("true"),
            Json::Bool(false) => Node::Literal("false"),
            Json::Number(n) => Node::Number(n),
            Json::Array(items) => Node::Array(items),
            Json::Object(entries) => Node::Object(entries.iter().map(entry as fn(_) -> _)),
            Json::Value(v) => Node::Value(v),
            Json::Shared(shared) => shared.tree.node(),
        }
    }

    fn flat(&self) -> Option<&str> {
        match self {
            Json::Shared(shared) => Some(&shared.flat),
            _ => None,
        }
    }

    fn layouts(&self) -> Option<&Layouts> {
        match self {
            Json::Shared(shared) => Some(&shared.layouts),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn objects_sort_their_keys_and_keep_the_last_of_a_repeated_one() {
        let doc = Json::object(vec![
            ("b".into(), Json::str("1")),
            ("a".into(), Json::Bool(true)),
            ("b".into(), Json::str("2")),
        ]);
        assert_eq!(doc.to_value(), json!({"a": true, "b": "2"}));
    }

    #[test]
    fn prints_as_the_same_value_prints() {
        let long = "x".repeat(compact::JSON_WIDTH);
        let value = json!({"n": [1, null, false], "deep": {"a": {"b": "c"}}});
        let param = Json::shared(Json::fields([
            ("in", Json::str("query")),
            ("name", Json::str("limit")),
            ("description", Json::str(&long)),
        ]));
        let small = Json::shared(Json::fields([("$ref", Json::str("#/parameters/x"))]));
        let doc = Json::fields([
            (
                "params",
                Json::Array(vec![param.clone(), small.clone(), param]),
            ),
            ("one", Json::Array(vec![small.clone(), small])),
            ("value", Json::Value(&value)),
            ("text", Json::String(long.clone().into())),
        ]);
        assert_eq!(compact::json(&doc), compact::json(&doc.to_value()));
    }
}
