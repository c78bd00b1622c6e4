//! An error list as the 422 Invalid `Status` kube-apiserver answers with.

use super::ErrorList;
use crate::meta::{Status, StatusCause, StatusDetails};

impl ErrorList {
    /// `Frobber.frob.example.com "name" is invalid: <errors>`, code 422, reason `Invalid`,
    /// one cause per error (repeated messages once, as Kubernetes' aggregate does).
    pub fn to_status(&self, group: &str, kind: &str, name: &str) -> Status {
        let mut seen = std::collections::BTreeSet::new();
        let unique: Vec<&super::FieldError> =
            self.iter().filter(|e| seen.insert(e.to_string())).collect();
        let qualified = if group.is_empty() {
            kind.to_string()
        } else {
            format!("{kind}.{group}")
        };
        let aggregate = match unique.as_slice() {
            [one] => one.to_string(),
            many => format!(
                "[{}]",
                many.iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        Status {
            status: "Failure".into(),
            message: format!("{qualified} {name:?} is invalid: {aggregate}"),
            reason: "Invalid".into(),
            details: Some(StatusDetails {
                name: name.into(),
                group: group.into(),
                kind: kind.into(),
                causes: unique
                    .iter()
                    .map(|e| StatusCause {
                        type_: e.error_type.cause_reason().into(),
                        message: e.body(),
                        field: e.field.clone(),
                    })
                    .collect(),
                ..Default::default()
            }),
            code: 422,
            ..Default::default()
        }
    }
}
