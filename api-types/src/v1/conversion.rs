//! Hand-written conversions of v1, which has only the singular `param`. The internal
//! `params` beyond the first are kept in the `frob.example.com/params` annotation, so an
//! object written in v2beta1 and stored as v1 loses nothing (as Kubernetes keeps newer
//! fields of autoscaling/v2 in annotations of autoscaling/v1).

use super::generated::conversion::{
    auto_frobber_from_internal, auto_frobber_spec_from_internal, auto_frobber_spec_to_internal,
    auto_frobber_to_internal,
};
use super::{Frobber, FrobberSpec};
use crate::internal;
use crate::params::{self, Linked};
use kapi::conversion::ConversionError;
use kapi::validation::{ErrorList, FieldError};

/// Holds the whole `params` list, as JSON, when it has more than one item.
pub const PARAMS_ANNOTATION: &str = "frob.example.com/params";

#[inline]
pub fn frobber_spec_to_internal(
    mut in_: FrobberSpec,
) -> Result<internal::FrobberSpec, ConversionError> {
    let param = in_.param.take();
    let mut out = auto_frobber_spec_to_internal(in_)?;
    out.params = param.into_iter().collect();
    Ok(out)
}

#[inline]
pub fn frobber_spec_from_internal(
    mut in_: internal::FrobberSpec,
) -> Result<FrobberSpec, ConversionError> {
    // The first item moves into `param`; the rest, if any, went to the annotation.
    let param = (!in_.params.is_empty()).then(|| in_.params.swap_remove(0));
    let mut out = auto_frobber_spec_from_internal(in_)?;
    out.param = param;
    Ok(out)
}

/// The annotation is used only while it agrees with `param` (its first item): a client
/// that changed or cleared `param` without knowing the annotation meant the singular.
#[inline]
pub fn frobber_to_internal(mut in_: Frobber) -> Result<internal::Frobber, ConversionError> {
    let saved = take_annotation(&mut in_).map_err(|e| {
        e.within_key(&PARAMS_ANNOTATION)
            .within("annotations")
            .within("metadata")
    })?;
    let saved = saved.filter(|s| s.first() == in_.spec.param.as_ref());
    let mut out = auto_frobber_to_internal(in_)?;
    if let Some(saved) = saved {
        out.spec.params = saved;
    }
    Ok(out)
}

#[inline]
pub fn frobber_from_internal(in_: internal::Frobber) -> Result<Frobber, ConversionError> {
    let saved = (in_.spec.params.len() > 1).then(|| in_.spec.params.clone());
    let mut out = auto_frobber_from_internal(in_)?;
    if let Some(saved) = saved {
        let json =
            serde_json::to_string(&saved).map_err(|e| ConversionError::new(e.to_string()))?;
        out.metadata
            .annotations
            .insert(PARAMS_ANNOTATION.to_string(), json);
    }
    Ok(out)
}

fn take_annotation(obj: &mut Frobber) -> Result<Option<Vec<String>>, ConversionError> {
    match obj.metadata.annotations.remove(PARAMS_ANNOTATION) {
        None => Ok(None),
        Some(json) => serde_json::from_str(&json)
            .map(Some)
            .map_err(|e| ConversionError::new(format!("must be a JSON list of strings: {e}"))),
    }
}

/// The annotation plays the plural: an old client that dropped it while keeping `param`
/// gets the stored list back; one that changed `param` gets a one-item list.
impl kapi::Normalize for Frobber {
    fn normalize(&mut self, old: Option<&Self>) -> Result<(), ErrorList> {
        let path = format!("metadata.annotations[{PARAMS_ANNOTATION}]");
        let linked_of = |f: &Frobber| -> Result<Linked, ErrorList> {
            let params = match f.metadata.annotations.get(PARAMS_ANNOTATION) {
                // No annotation: the client sent no plural (see the update rules).
                None => Vec::new(),
                Some(json) => serde_json::from_str(json).map_err(|e| {
                    ErrorList::from(FieldError::invalid(
                        path.as_str(),
                        json,
                        &format!("must be a JSON list of strings: {e}"),
                    ))
                })?,
            };
            Ok(Linked {
                param: f.spec.param.clone(),
                params,
            })
        };
        let mut linked = linked_of(self)?;
        let before = old.map(linked_of).transpose()?;
        params::normalize(&mut linked, before.as_ref(), ("spec.param", path.as_str()))?;
        self.spec.param = linked.param;
        if linked.params.len() > 1 {
            let json = serde_json::to_string(&linked.params).map_err(|e| {
                ErrorList::from(FieldError::new(
                    kapi::validation::ErrorType::Internal,
                    path.as_str(),
                    None,
                    e.to_string(),
                ))
            })?;
            self.metadata
                .annotations
                .insert(PARAMS_ANNOTATION.to_string(), json);
        } else {
            self.metadata.annotations.remove(PARAMS_ANNOTATION);
        }
        Ok(())
    }
}
