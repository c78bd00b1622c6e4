//! `generated/model.yaml`: the model as codegen sees it, group by group. Reviewers read it
//! to see what a marker change did; verify-only keeps it honest.

use super::core::{Context, GeneratedFile, Generator};
use crate::diagnostics::Diagnostics;

pub struct ModelSummary;

impl Generator for ModelSummary {
    fn name(&self) -> &'static str {
        "model-summary"
    }

    fn generate(&self, cx: &Context, _: &mut Diagnostics) -> Vec<GeneratedFile> {
        let contents = match serde_yaml_ng::to_string(cx.model) {
            Ok(s) => s,
            // The model is plain data; serialization cannot fail short of a bug.
            Err(e) => format!("# model could not be serialized: {e}\n"),
        };
        vec![GeneratedFile {
            path: cx.settings.output.join("model.yaml"),
            contents,
        }]
    }
}
