//! What kube-apiserver's `ValidateObjectMeta` / `ValidateObjectMetaUpdate` check, for every
//! object: name and namespace formats, label and annotation keys and values, the total size
//! of annotations, finalizer names, and the fields that never change.

use super::ObjectMeta;
use crate::__private::validation as check;
use crate::validation::{formats, ErrorList, ErrorType, FieldError, Options, Path, ValidateHook};

/// kube-apiserver's limit on the sum of annotation key and value lengths.
pub const TOTAL_ANNOTATION_SIZE_LIMIT: usize = 256 * 1024;

impl ValidateHook for ObjectMeta {
    fn validate_hook(
        &self,
        old: Option<&Self>,
        path: &Path<'_>,
        _: &Options<'_>,
        errs: &mut ErrorList,
    ) {
        let invalid_each = |errs: &mut ErrorList, p: &Path<'_>, value: &str, msgs: Vec<String>| {
            for m in msgs {
                errs.push(FieldError::invalid(p.render(), value, &m));
            }
        };
        if !self.name.is_empty() {
            invalid_each(
                errs,
                &path.child("name"),
                &self.name,
                formats::dns1123_subdomain(&self.name),
            );
        }
        if !self.namespace.is_empty() {
            invalid_each(
                errs,
                &path.child("namespace"),
                &self.namespace,
                formats::dns1123_label(&self.namespace),
            );
        }
        let labels = path.child("labels");
        for (k, v) in &self.labels {
            invalid_each(errs, &labels, k, formats::qualified_name(k));
            invalid_each(errs, &labels, v, formats::label_value(v));
        }
        let annotations = path.child("annotations");
        let mut total = 0;
        for (k, v) in &self.annotations {
            invalid_each(
                errs,
                &annotations,
                k,
                formats::qualified_name(&k.to_lowercase()),
            );
            total += k.len() + v.len();
        }
        if total > TOTAL_ANNOTATION_SIZE_LIMIT {
            errs.push(FieldError::new(
                ErrorType::TooLong,
                annotations.render(),
                None,
                format!("may not be more than {TOTAL_ANNOTATION_SIZE_LIMIT} bytes"),
            ));
        }
        let finalizers = path.child("finalizers");
        for (i, f) in self.finalizers.iter().enumerate() {
            invalid_each(errs, &finalizers.index(i), f, formats::qualified_name(f));
        }
        if let Some(old) = old {
            check::immutable(&path.child("name"), &self.name, Some(&old.name), errs);
            check::immutable(
                &path.child("namespace"),
                &self.namespace,
                Some(&old.namespace),
                errs,
            );
            check::immutable(&path.child("uid"), &self.uid, Some(&old.uid), errs);
            check::immutable(
                &path.child("creationTimestamp"),
                &self.creation_timestamp,
                Some(&old.creation_timestamp),
                errs,
            );
        }
    }
}
