//! The linked `param` / `params` fields, by the rules of "making a singular field plural" in
//! the Kubernetes API change guide. v2beta1 carries both fields; v1 carries the singular
//! and keeps the rest of the list in an annotation so nothing is lost when a v2beta1 object
//! is stored as v1. Both call [`normalize`] on every write.

use kapi::validation::{ErrorList, FieldError};

/// The two fields as one value: `param` and the list it is the first item of.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Linked {
    pub param: Option<String>,
    pub params: Vec<String>,
}

/// Reconciles `after` with what the client meant, given the stored `before` on updates;
/// then checks that the two fields agree. `paths` names the fields in error messages.
///
/// Rules, in the guide's words:
/// - create: only the singular given (an old client) → plural = [singular]; both given →
///   plural[0] must equal singular; only the plural given → rejected;
/// - update: plural cleared and singular unchanged (an old client that can't send the
///   plural) → the old plural is kept; singular cleared and plural unchanged → plural
///   cleared; singular changed and plural unchanged → plural = [singular].
pub fn normalize(
    after: &mut Linked,
    before: Option<&Linked>,
    paths: (&str, &str),
) -> Result<(), ErrorList> {
    if let Some(before) = before {
        if !before.params.is_empty() && after.params.is_empty() && before.param == after.param {
            after.params = before.params.clone();
        }
        if before.param != after.param && before.params == after.params {
            after.params = match &after.param {
                None => Vec::new(),
                Some(p) => vec![p.clone()],
            };
        }
    }
    if let (Some(p), true) = (&after.param, after.params.is_empty()) {
        after.params = vec![p.clone()];
    }
    check(after, paths)
}

/// Singular and plural agree: no plural without the singular, and plural[0] == singular.
pub fn check(linked: &Linked, (param_path, params_path): (&str, &str)) -> Result<(), ErrorList> {
    match (&linked.param, linked.params.first()) {
        (None, Some(_)) => Err(FieldError::required(
            param_path,
            &format!("must be set when `{params_path}` is set, to `{params_path}[0]`"),
        )
        .into()),
        (Some(p), Some(first)) if p != first => Err(FieldError::invalid(
            param_path,
            p.as_str(),
            &format!("must equal `{params_path}[0]` ({first:?})"),
        )
        .into()),
        _ => Ok(()),
    }
}
