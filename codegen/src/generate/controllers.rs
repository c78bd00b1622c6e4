//! Controller constructors, with the crate's `controllers = true`: one crate-level
//! `generated/controllers.rs` that gives every kind with a generated informer
//! (`<Kind>Informer`) a `controller()`, a `kapi_controller::Controller` of the kind on the
//! factory the informer came from, so an operator goes from its informers to `run` with
//! its reconcile (`informers.frob_v1().frobbers().controller()`). The informer generator
//! keeps that factory in each informer when the setting is on.

use super::client_surface::{informer_kinds, informer_path};
use super::core::{string_literal, Context, GeneratedFile, Generator, RustFile};
use crate::diagnostics::Diagnostics;

pub struct Controllers;

impl Generator for Controllers {
    fn name(&self) -> &'static str {
        "controllers"
    }

    fn generate(&self, cx: &Context, _: &mut Diagnostics) -> Vec<GeneratedFile> {
        if !cx.settings.controllers {
            return Vec::new();
        }
        let mut w = RustFile::inline_functions();
        w.inner_doc(
            " Controllers of the crate's kinds: each generated informer's `controller()`, \
             a `kapi_controller::Controller` on the informer's factory.",
        );
        let mut kinds = 0;
        for gv in cx.served() {
            for t in informer_kinds(gv) {
                kinds += 1;
                let ty = gv.type_path(t);
                if let Some(feature) = &gv.cargo_feature {
                    w.line(format_args!("#[cfg(feature = {})]", string_literal(feature)));
                }
                w.open(format_args!("impl {} {{", informer_path(cx, gv, t)));
                w.function(
                    &format!(
                        " A controller of {} objects on this informer's factory (its informers \
                         and their watches shared with every other consumer of the factory), \
                         named `{}`: add what else wakes an object (`owns`, `watches`), then \
                         `run` it with the reconcile.",
                        t.name,
                        t.name.to_ascii_lowercase()
                    ),
                    format_args!("pub fn controller(&self) -> ::kapi_controller::Controller<{ty}>"),
                    format_args!("::kapi_controller::Controller::new(self.factory())"),
                );
                w.close("}");
            }
        }
        if kinds == 0 {
            return Vec::new();
        }
        vec![cx.crate_rust_file("controllers.rs", w)]
    }
}
