//! What every generator builds on: the [`Generator`] trait, the [`Context`] it runs in (the
//! settings and the resolved model), the [`GeneratedFile`] it returns, the one way to write
//! a Rust file ([`RustFile`]) and the walk over group-versions most generators share
//! ([`Context::rust_file_per_version`]). Generators import this and the model, never each
//! other.

pub mod compact;
pub mod json;
mod layout;
mod lines;
pub mod rust_file;
mod tokens;
pub mod without_zeros;

use super::settings::Settings;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::resolve::Index;
use crate::model::{GroupVersion, Model, PathMod};
use proc_macro2::TokenStream;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

pub use rust_file::{string_literal, RustFile};
pub use tokens::path_tokens;

/// One file a generator produced, relative to the crate root, without its header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    pub path: PathBuf,
    pub contents: String,
}

impl GeneratedFile {
    /// The Rust file at `path`, laid out.
    pub fn rust(path: PathBuf, code: RustFile) -> Self {
        GeneratedFile {
            path,
            contents: code.finish(),
        }
    }
}

/// A whole-API generator. Generators run side by side on threads, so each is `Sync`
/// (they are unit structs; their state lives in what `generate` builds).
pub trait Generator: Sync {
    /// Short name for reports (`model-summary`, `conversion`, ...).
    fn name(&self) -> &'static str;
    /// Files for the whole model; problems only a whole-API view can see (a field with no
    /// peer in the hub) go to `diags`, with spans into the user's source.
    fn generate(&self, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile>;
    /// Whether only tests use the generator's Rust (round-trip checks): its modules are
    /// declared inside `kapi::__private::if_fuzz!`, so they compile only where kapi's `fuzz`
    /// feature is on, as the derived `Fuzz` impls they call do.
    fn test_support(&self) -> bool {
        false
    }
    /// The crate's cargo feature that compiles the generator's Rust modules, if the crate
    /// made them optional.
    fn cargo_feature<'s>(&self, _settings: &'s Settings) -> Option<&'s str> {
        None
    }
}

/// The module name the crate declares its generated code as, by default.
pub const GENERATED_MODULE: &str = "generated";

/// What every generator sees: the crate's settings and its resolved model.
pub struct Context<'a> {
    pub settings: &'a Settings,
    /// The API crate's model.
    pub model: &'a Model,
    /// The index over the API's and kapi's types, or why kapi's types cannot be read.
    index: Result<&'a Index<'a>, &'a str>,
    /// Whether the run has reported that kapi's types cannot be read (once is enough).
    kapi_reported: AtomicBool,
}

impl<'a> Context<'a> {
    /// `index` resolves `model` (see [`Index::new`]).
    pub fn new(
        settings: &'a Settings,
        model: &'a Model,
        index: Result<&'a Index<'a>, &'a str>,
    ) -> Self {
        Context {
            settings,
            model,
            index,
            kapi_reported: AtomicBool::new(false),
        }
    }

    /// The index over the API's and kapi's types, for a generator that writes for
    /// `versions`: `None` when there are none, or when kapi's source cannot be read
    /// (reported once per run, at the first group-version of the first generator asking).
    pub fn resolved(
        &self,
        versions: &[&GroupVersion],
        diags: &mut Diagnostics,
    ) -> Option<&'a Index<'a>> {
        let first = versions.first()?;
        match self.index {
            Ok(index) => Some(index),
            Err(e) => {
                if !self.kapi_reported.swap(true, Ordering::Relaxed) {
                    diags.push(kapi_error(first, e));
                }
                None
            }
        }
    }

    /// The group-versions a server serves: every one but the internal hubs.
    pub fn served(&self) -> impl Iterator<Item = &'a GroupVersion> {
        self.model.versions.iter().filter(|gv| !gv.internal)
    }

    /// The internal (hub) version of a group-version's group.
    pub fn hub_of(&self, gv: &GroupVersion) -> Option<&'a GroupVersion> {
        crate::model::resolve::hub_of(self.model, gv)
    }

    /// Where the generated Rust of a module goes: `generated/v1/<file>` for `crate::v1`.
    pub fn rust_file(&self, module: &[String], file: &str) -> PathBuf {
        let mut path = self.settings.output.clone();
        path.extend(module);
        path.push(file);
        path
    }

    /// The crate's declaration of `module`'s generated code
    /// (`#[path = ".../generated/v1/mod.rs"] pub mod generated;`), if it has one.
    pub fn generated_include(&self, module: &[String]) -> Option<&'a PathMod> {
        let expected = self.rust_file(module, "mod.rs");
        self.model
            .path_mods
            .iter()
            .find(|m| m.parent == module && m.target.ends_with(&expected))
    }

    /// The Rust path of a module's generated code, `crate::v1::generated`: the module the
    /// crate declares with `#[path = ".../generated/v1/mod.rs"]`.
    pub fn generated_module(&self, module: &[String]) -> String {
        let name = self
            .generated_include(module)
            .map(|m| m.name.as_str())
            .unwrap_or(GENERATED_MODULE);
        let mut path = vec!["crate".to_string()];
        path.extend(module.iter().cloned());
        path.push(name.to_string());
        path.join("::")
    }

    /// A generated Rust file of the crate root's generated module (`generated/<file>`).
    pub fn crate_rust_file(&self, file: &str, code: RustFile) -> GeneratedFile {
        GeneratedFile::rust(self.rust_file(&[], file), code)
    }

    /// The file `file` in the generated module of each of `versions` for which `emit`
    /// returns code (`generated/v1/<file>`), and the group-versions that got one, in model
    /// order, for a crate-level file that ties them together.
    pub fn rust_file_per_version(
        &self,
        versions: impl IntoIterator<Item = &'a GroupVersion>,
        file: &str,
        mut emit: impl FnMut(&'a GroupVersion) -> Option<RustFile>,
    ) -> PerVersion<'a> {
        let mut out = PerVersion {
            files: Vec::new(),
            versions: Vec::new(),
        };
        for gv in versions {
            if let Some(code) = emit(gv) {
                out.files
                    .push(GeneratedFile::rust(self.rust_file(&gv.module, file), code));
                out.versions.push(gv);
            }
        }
        out
    }
}

/// `f` of every item, in order, the items split across the machine's cores: for work on
/// plain values (printing JSON and YAML documents, writing files), which needs nothing of
/// the model.
pub fn map_on_cores<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores == 1 || items.len() < 2 {
        return items.into_iter().map(f).collect();
    }
    let chunk = items.len().div_ceil(cores);
    let mut items = items.into_iter();
    let parts = std::iter::from_fn(|| {
        let part: Vec<T> = items.by_ref().take(chunk).collect();
        (!part.is_empty()).then_some(part)
    });
    let f = &f;
    std::thread::scope(|scope| {
        let parts: Vec<_> = parts
            .map(|part| scope.spawn(move || part.into_iter().map(f).collect::<Vec<R>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|part| {
                part.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

/// `#[cfg(feature = "...")]` for code about `gv` outside its own module, when a cargo
/// feature compiles the group-version (`cargo_feature`): the crate gates the module, so every
/// path into it from crate-level files must be gated the same way. Nothing otherwise.
pub fn feature_cfg(gv: &GroupVersion) -> TokenStream {
    match &gv.cargo_feature {
        Some(feature) => quote::quote!(#[cfg(feature = #feature)]),
        None => TokenStream::new(),
    }
}

/// `#[allow(lints)]` for a crate-level function whose every line may be compiled out: when
/// every one of `versions` is behind a cargo feature. Nothing otherwise.
pub fn gated_allow(versions: &[&GroupVersion], lints: TokenStream) -> TokenStream {
    match versions.iter().all(|gv| gv.cargo_feature.is_some()) {
        true => quote::quote!(#[allow(#lints)]),
        false => TokenStream::new(),
    }
}

/// What [`Context::rust_file_per_version`] wrote.
pub struct PerVersion<'a> {
    pub files: Vec<GeneratedFile>,
    pub versions: Vec<&'a GroupVersion>,
}

/// The diagnostic for a kapi crate codegen cannot find or read, at a group-version.
fn kapi_error(gv: &GroupVersion, message: &str) -> Diagnostic {
    let mut d = Diagnostic::new(gv.span, message).with_help(
        "depend on kapi by `path` or from a registry cargo has downloaded (`cargo fetch`)",
    );
    d.file = Some(gv.file.clone());
    d
}
