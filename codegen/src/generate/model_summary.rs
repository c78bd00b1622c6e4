//! `generated/model.yaml`: the model as codegen sees it, group by group. Reviewers read it
//! to see what a marker change did; verify-only keeps it honest. Compact: entries with
//! their zero value (`null`, `false`, empty) are left out, and what fits on a line (a
//! field, a print column) is one line. What it shows of each model struct is [`view`].

pub mod view;

use super::core::{compact, without_zeros, Context, GeneratedFile, Generator};
use crate::diagnostics::Diagnostics;

pub struct ModelSummary;

impl Generator for ModelSummary {
    fn name(&self) -> &'static str {
        "model-summary"
    }

    fn generate(&self, cx: &Context, _: &mut Diagnostics) -> Vec<GeneratedFile> {
        let contents = match without_zeros::tree(&view::ModelView::of(cx.model)) {
            Ok(model) => compact::yaml(&model),
            // The model is plain data; serialization cannot fail short of a bug.
            Err(e) => format!("# model could not be serialized: {e}\n"),
        };
        vec![GeneratedFile {
            path: cx.settings.output.join("model.yaml"),
            contents,
        }]
    }
}
