//! Whole-API generators and the machinery that writes or verifies their files.
//!
//! Each generator is one module that takes the [`Model`] and returns files; [`run`] builds
//! the model for a crate, lints it ([`crate::lint`]), runs every generator, and hands the
//! files to [`output`].

mod apply_configuration;
mod clientset;
mod conversion;
pub mod crd;
mod informers;
mod listers;
mod model_summary;
pub mod openapi;
pub mod output;
pub mod protobuf;
pub mod protobuf_tags;
mod register;
mod round_trip;
mod rust_modules;
pub mod settings;
pub mod structural;
pub mod synth;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::{self, source, GroupVersion, Model};
pub use output::{Mode, Report};
pub use settings::Settings;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One file a generator produced, relative to the crate root, without its header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    pub path: PathBuf,
    pub contents: String,
}

/// What every generator sees besides the model.
pub struct Context<'a> {
    pub settings: &'a Settings,
    pub model: &'a Model,
}

impl<'a> Context<'a> {
    /// Where the generated Rust of a module goes: `generated/v1/<file>` for `crate::v1`.
    pub fn rust_file(&self, module: &[String], file: &str) -> PathBuf {
        let mut path = self.settings.output.clone();
        path.extend(module);
        path.push(file);
        path
    }

    /// The Rust path of a module's generated code, `crate::v1::generated`: the module the
    /// crate declares with `#[path = ".../generated/v1/mod.rs"]`.
    pub fn generated_module(&self, module: &[String]) -> String {
        let name = rust_modules::include_of(self, module)
            .map(|m| m.name.clone())
            .unwrap_or_else(|| rust_modules::DEFAULT_NAME.to_string());
        let mut path = vec!["crate".to_string()];
        path.extend(module.iter().cloned());
        path.push(name);
        path.join("::")
    }

    /// The internal (hub) version of a group-version's group.
    pub fn hub_of(&self, gv: &GroupVersion) -> Option<&'a GroupVersion> {
        self.model
            .versions
            .iter()
            .find(|h| h.internal && h.group == gv.group)
    }
}

pub trait Generator {
    /// Short name for reports (`model-summary`, `conversion`, ...).
    fn name(&self) -> &'static str;
    /// Files for the whole model; problems only a whole-API view can see (a field with no
    /// peer in the hub) go to `diags`, with spans into the user's source.
    fn generate(&self, model: &Model, cx: &Context, diags: &mut Diagnostics) -> Vec<GeneratedFile>;
}

/// A Rust path (`crate::v1::Frobber`) as tokens for generated code.
fn path_tokens(path: &str) -> proc_macro2::TokenStream {
    // Built from the segments directly: generators emit thousands of paths, and parsing
    // each one was a visible part of codegen time on large APIs.
    let is_ident = |s: &str| {
        let s = s.strip_prefix("r#").unwrap_or(s);
        s.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && s.chars().all(|c| c.is_alphanumeric() || c == '_')
    };
    if path.split("::").all(is_ident) {
        let segments = path.split("::").map(|s| match s.strip_prefix("r#") {
            Some(raw) => proc_macro2::Ident::new_raw(raw, proc_macro2::Span::call_site()),
            None => proc_macro2::Ident::new(s, proc_macro2::Span::call_site()),
        });
        return quote::quote!(#(#segments)::*);
    }
    match syn::parse_str::<syn::Path>(path) {
        Ok(p) => quote::quote!(#p),
        // Paths are joined from parsed Rust identifiers, so they always parse.
        Err(_) => {
            let msg = format!("invalid path {path}");
            quote::quote!(compile_error!(#msg))
        }
    }
}

/// Every generator, in the order they run.
pub fn generators() -> Vec<Box<dyn Generator>> {
    // OpenAPI, CRDs and protobuf all describe kapi's meta types; they read kapi's source once.
    let kapi = openapi::KapiTypes::new();
    vec![
        Box::new(model_summary::ModelSummary),
        Box::new(conversion::Conversion),
        Box::new(register::Register),
        Box::new(round_trip::RoundTrip),
        Box::new(openapi::OpenApi::new(kapi.clone())),
        Box::new(crd::Crd::new(kapi.clone())),
        Box::new(protobuf::Protobuf::new(kapi.clone())),
        Box::new(clientset::Clientset::new(kapi.clone())),
        Box::new(listers::Listers),
        Box::new(informers::Informers),
        Box::new(apply_configuration::ApplyConfiguration::new(kapi)),
    ]
}

#[derive(Debug)]
pub enum Error {
    /// Settings or files could not be read or written.
    Io(String),
    /// The API source has errors; rendered like rustc, ready to print.
    Source { rendered: String, count: usize },
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io(msg) => f.write_str(msg),
            Error::Source { rendered, count } => {
                write!(
                    f,
                    "{rendered}\nerror: could not generate: {count} error(s) in the API source"
                )
            }
        }
    }
}

impl std::error::Error for Error {}

/// A crate's checked model, its settings, and its source text (to render diagnostics).
pub struct Loaded {
    pub model: Model,
    pub settings: Settings,
    pub crate_dir: PathBuf,
    sources: std::collections::BTreeMap<PathBuf, String>,
}

impl Loaded {
    fn source_error(&self, diagnostics: Vec<Diagnostic>) -> Error {
        Error::Source {
            rendered: source::render(diagnostics.iter(), &self.sources, &self.crate_dir),
            count: diagnostics.len(),
        }
    }

    /// Runs the API-convention linter: the warnings rendered one per entry, or the errors
    /// that stop the run (an unknown rule in `allow_lint`; every finding when `strict`).
    pub fn lint(&self, strict: bool) -> Result<Vec<String>, Error> {
        let lint = crate::lint::lint(&self.model);
        let mut errors = lint.errors.clone();
        if strict {
            errors.extend(lint.diagnostics(true));
        }
        if !errors.is_empty() {
            errors.sort_by_key(|d| {
                let start = d.span.start();
                (d.file.clone(), start.line, start.column)
            });
            return Err(self.source_error(errors));
        }
        Ok(lint
            .diagnostics(false)
            .iter()
            .map(|d| source::render(std::iter::once(d), &self.sources, &self.crate_dir))
            .collect())
    }
}

/// Parses and checks the crate at `crate_dir`.
pub fn load(crate_dir: &Path) -> Result<Loaded, Error> {
    let settings = Settings::load(crate_dir)?;
    let lib_rs = crate_dir.join("src/lib.rs");
    let generated_dir = crate_dir.join(&settings.output);
    let mut parsed = source::parse_crate_except(&settings.crate_name, &lib_rs, &[generated_dir])
        .map_err(|e| Error::Io(e.0))?;
    model::check::check(&parsed.model, &mut parsed.diagnostics);
    let loaded = Loaded {
        model: parsed.model,
        settings,
        crate_dir: crate_dir.to_path_buf(),
        sources: parsed.sources,
    };
    if !parsed.diagnostics.is_empty() {
        return Err(loaded.source_error(parsed.diagnostics.into_vec()));
    }
    Ok(loaded)
}

/// Builds the checked model of the crate at `crate_dir`.
pub fn load_model(crate_dir: &Path) -> Result<(Model, Settings), Error> {
    let loaded = load(crate_dir)?;
    Ok((loaded.model, loaded.settings))
}

/// Every generated file of the crate, headers included, sorted by path; or the problems
/// that keep the API from being generated.
pub fn generate_all(
    model: &Model,
    settings: &Settings,
) -> Result<Vec<GeneratedFile>, Vec<Diagnostic>> {
    let cx = Context { settings, model };
    let mut diags = Diagnostics::default();
    // `KAPI_CODEGEN_TIMINGS=1` prints what each generator cost, to find the slow one.
    let timings = std::env::var_os("KAPI_CODEGEN_TIMINGS").is_some();
    let mut files: Vec<GeneratedFile> = Vec::new();
    for g in generators() {
        let start = Instant::now();
        files.extend(g.generate(model, &cx, &mut diags));
        if timings {
            eprintln!("kapi-codegen: {} took {:?}", g.name(), start.elapsed());
        }
    }
    files.extend(rust_modules::module_files(&cx, &files, &mut diags));
    if !diags.is_empty() {
        return Err(diags.into_vec());
    }
    let mut files: Vec<GeneratedFile> = files
        .into_iter()
        .map(|f| GeneratedFile {
            contents: output::with_header(&f.path, settings.header.as_deref(), &f.contents),
            path: f.path,
        })
        .collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(files)
}

/// How a run goes: write or verify, and whether lint findings fail it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub mode: Mode,
    /// `--strict`: every lint finding is an error, and nothing is generated.
    pub strict: bool,
}

impl From<Mode> for Options {
    fn from(mode: Mode) -> Self {
        Options {
            mode,
            strict: false,
        }
    }
}

/// Generates for the crate at `crate_dir` and writes (or, with `Mode::Verify`, checks) files.
/// Lint findings are warnings in the report; [`run_with`] can make them errors.
pub fn run(crate_dir: &Path, mode: Mode) -> Result<Report, Error> {
    run_with(crate_dir, mode.into())
}

/// [`run`] with all options.
pub fn run_with(crate_dir: &Path, options: Options) -> Result<Report, Error> {
    let start = Instant::now();
    let loaded = load(crate_dir)?;
    let warnings = loaded.lint(options.strict)?;
    let files =
        generate_all(&loaded.model, &loaded.settings).map_err(|d| loaded.source_error(d))?;
    let mut report = output::apply(
        crate_dir,
        &loaded.settings.output_dirs(),
        &files,
        options.mode,
    )?;
    report.warnings = warnings;
    report.elapsed = start.elapsed();
    Ok(report)
}

/// Runs codegen for one crate and prints the result the way both CLIs do: diffs and errors
/// to stderr, the summary line to stdout. Exit code 1 on stale files or errors.
pub fn cli_main(crate_dir: &Path, mode: Mode) -> std::process::ExitCode {
    cli_main_with(crate_dir, mode.into())
}

/// `--assign-protobuf-tags` as both CLIs run it before generating: numbers every field of a
/// protobuf-enabled type that has none ([`protobuf_tags::assign`]) and prints what changed.
/// False (after printing why) when the source could not be read, parsed or written.
pub fn cli_assign_protobuf_tags(crate_dir: &Path) -> bool {
    match protobuf_tags::assign(crate_dir) {
        Ok(assigned) => {
            println!("{}", assigned.summary(crate_dir));
            true
        }
        Err(e) => {
            eprintln!("{e}");
            false
        }
    }
}

/// [`cli_main`] with all options; lint warnings go to stderr before the diffs.
pub fn cli_main_with(crate_dir: &Path, options: Options) -> std::process::ExitCode {
    let mode = options.mode;
    match run_with(crate_dir, options) {
        Ok(report) => {
            if !report.warnings.is_empty() {
                eprintln!("{}", report.warnings.join("\n"));
                eprintln!(
                    "warning: {} API convention warning(s); `--strict` makes them errors",
                    report.warnings.len()
                );
            }
            for (_, diff) in &report.diffs {
                eprint!("{diff}");
            }
            println!("{}", report.summary(mode));
            if report.is_clean() {
                std::process::ExitCode::SUCCESS
            } else {
                std::process::ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Generated Rust as prettyplease prints it. The tokens come from `quote!` of valid items;
/// a failure is a generator bug, written out as a `compile_error!` so it is seen.
pub(crate) fn rust_source(tokens: proc_macro2::TokenStream) -> String {
    match syn::parse2::<syn::File>(tokens) {
        Ok(file) => prettyplease::unparse(&file),
        Err(e) => format!("compile_error!({:?});\n", e.to_string()),
    }
}
