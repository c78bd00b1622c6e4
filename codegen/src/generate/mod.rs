//! The generators' registry and the driver of a codegen run: [`run`] builds the model of a
//! crate, lints it ([`crate::lint`]), resolves it, runs every generator of [`generators()`]
//! in a [`Context`], and hands the files to [`output`] to write or verify.
//!
//! What generators build on is in [`core`]; they share the JSON Schema walk (`schema.rs`,
//! OpenAPI and CRDs) and the naming of the client surface (`client_surface.rs`), and never
//! import each other.

pub mod core;
pub mod error;
pub mod output;
pub mod settings;

mod client_surface;
mod parallel;
mod rust_modules;
mod schema;

/// Declares each generator's module and lists it in [`generators()`]: one line per generator,
/// in the order they run.
macro_rules! generators {
    ($($vis:vis mod $module:ident :: $generator:ident;)*) => {
        $($vis mod $module;)*

        /// Every generator, in the order they run.
        pub fn generators() -> Vec<Box<dyn Generator>> {
            vec![$(Box::new($module::$generator)),*]
        }
    };
}

generators! {
    pub mod model_summary::ModelSummary;
    mod conversion::Conversion;
    mod register::Register;
    mod round_trip::RoundTrip;
    pub mod openapi::OpenApi;
    pub mod crd::Crd;
    pub mod webhook::Webhook;
    pub mod protobuf::Protobuf;
    mod clientset::Clientset;
    mod listers::Listers;
    mod informers::Informers;
    mod controllers::Controllers;
    mod apply_configuration::ApplyConfiguration;
}

pub use self::core::{Context, GeneratedFile, Generator};
pub use error::Error;
pub use output::{Mode, Report};
pub use settings::Settings;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::model::kapi_types;
use crate::model::resolve::Index;
use crate::model::{self, source, Model};
use std::path::{Path, PathBuf};
use std::time::Instant;

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

    /// `diagnostic` rendered like rustc, with its line of source.
    pub fn render(&self, diagnostic: &Diagnostic) -> String {
        source::render(std::iter::once(diagnostic), &self.sources, &self.crate_dir)
    }

    /// Runs the API-convention linter: the warnings rendered one per entry, or the errors
    /// that stop the run (an unknown rule in `allow_lint`; every finding when `strict`).
    /// With the crate's `lint = false`, only the errors. `index` resolves the model
    /// ([`resolve`]).
    pub fn lint(&self, index: &Index, strict: bool) -> Result<Vec<String>, Error> {
        let lint = crate::lint::lint(index);
        let mut errors = lint.errors.clone();
        if !self.settings.lint {
            return match errors.is_empty() {
                true => Ok(Vec::new()),
                false => Err(self.source_error(errors)),
            };
        }
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
    // The checks judge the crate's own types, which need no kapi source to resolve.
    model::check::check(&Index::of_crate(&parsed.model), &mut parsed.diagnostics);
    // Like an unknown `allow_lint`, a misused `allow_compat` is an error on every run, not
    // only when a baseline is checked.
    parsed
        .diagnostics
        .extend(crate::compat::report::allow_marker_errors(&parsed.model));
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
/// that keep the API from being generated. The model is resolved first: kapi's meta types
/// are read from the kapi crate the API crate depends on, and indexed with the API's.
/// Generators' warnings are dropped; [`generate_all_with_warnings`] returns them.
pub fn generate_all(
    model: &Model,
    settings: &Settings,
) -> Result<Vec<GeneratedFile>, Vec<Diagnostic>> {
    generate_all_with_warnings(model, settings).map(|(files, _)| files)
}

/// [`generate_all`], and the warnings of generators that wrote their files anyway (a
/// multi-version CRD without a conversion webhook).
pub fn generate_all_with_warnings(
    model: &Model,
    settings: &Settings,
) -> Result<(Vec<GeneratedFile>, Vec<Diagnostic>), Vec<Diagnostic>> {
    let kapi = kapi_types::load(&model.crate_dir);
    let index = resolve(model, &kapi);
    generate_alongside(model, with_kapi(&index, &kapi), settings, || ()).0
}

/// The resolution of `model`'s type names, against kapi's types when they could be read.
/// Without them a path naming one of kapi's types names nothing: a generator that needs
/// them reports why they are missing, and the linter judges only the API's own types.
pub fn resolve<'a>(model: &'a Model, kapi: &'a Result<Model, String>) -> Index<'a> {
    let start = Instant::now();
    let index = match kapi {
        Ok(kapi) => Index::new(model, kapi),
        Err(_) => Index::of_crate(model),
    };
    if timings_enabled() {
        print_timing("resolve", start.elapsed(), &[]);
    }
    index
}

/// The resolved model for the generators: only with kapi's types, else why they are missing.
fn with_kapi<'i, 'a>(
    index: &'i Index<'a>,
    kapi: &'i Result<Model, String>,
) -> Result<&'i Index<'a>, &'i str> {
    kapi.as_ref().map(|_| index).map_err(String::as_str)
}

/// [`generate_all_with_warnings`], with `alongside` run on this thread while other cores
/// start on the generators (they only read the model); and what `alongside` returned.
fn generate_alongside<'a, R>(
    model: &'a Model,
    index: Result<&'a Index<'a>, &'a str>,
    settings: &'a Settings,
    alongside: impl FnOnce() -> R,
) -> (Generated, R) {
    let timings = timings_enabled();
    let cx = Context::new(settings, model, index);
    let generators = generators();
    // Without kapi's types the first generator to ask reports it: one at a time, so the
    // report is the same on every run.
    let threads = match &index {
        Ok(_) => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Err(_) => 1,
    };
    let mut diags = Diagnostics::default();
    let mut files: Vec<GeneratedFile> = Vec::new();
    let mut special = std::collections::BTreeMap::new();
    let (runs, alongside) = parallel::run_all(&cx, &generators, threads, alongside);
    for (g, run) in generators.iter().zip(runs) {
        if timings {
            print_timing(g.name(), run.elapsed, &run.files);
        }
        let declared = match (g.test_support(), g.cargo_feature(settings)) {
            (true, _) => Some(rust_modules::Declared::TestSupport),
            (false, Some(feature)) => Some(rust_modules::Declared::Feature(feature)),
            (false, None) => None,
        };
        if let Some(declared) = declared {
            special.extend(run.files.iter().map(|f| (f.path.clone(), declared)));
        }
        diags.extend(run.diagnostics.into_vec());
        files.extend(run.files);
    }
    files.extend(rust_modules::module_files(
        &cx, &files, &special, &mut diags,
    ));
    let (warnings, errors): (Vec<Diagnostic>, Vec<Diagnostic>) = diags
        .into_vec()
        .into_iter()
        .partition(Diagnostic::is_warning);
    if !errors.is_empty() {
        return (Err(errors), alongside);
    }
    // Each file's header goes into its own text's buffer.
    let mut files = self::core::map_on_cores(files, |f| GeneratedFile {
        contents: output::into_with_header(&f.path, settings.header.as_deref(), f.contents),
        path: f.path,
    });
    files.sort_by(|a, b| a.path.cmp(&b.path));
    (Ok((files, warnings)), alongside)
}

/// Every generated file and the generators' warnings, or the errors that stop the run.
type Generated = Result<(Vec<GeneratedFile>, Vec<Diagnostic>), Vec<Diagnostic>>;

/// `KAPI_CODEGEN_TIMINGS=1` prints what each step of a run costs, one line each, to find the
/// slow one (`cargo xtask scale-bench` reads them).
fn timings_enabled() -> bool {
    std::env::var_os("KAPI_CODEGEN_TIMINGS").is_some()
}

/// One line of `KAPI_CODEGEN_TIMINGS`: `kapi-codegen: timing <step> <seconds>s <files>
/// files <lines> lines <bytes> bytes`, the files being what the step produced.
fn print_timing(step: &str, elapsed: std::time::Duration, files: &[GeneratedFile]) {
    let lines: usize = files.iter().map(|f| f.contents.lines().count()).sum();
    let bytes: usize = files.iter().map(|f| f.contents.len()).sum();
    eprintln!(
        "kapi-codegen: timing {step} {:.6}s {} files {lines} lines {bytes} bytes",
        elapsed.as_secs_f64(),
        files.len()
    );
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
    let timings = timings_enabled();
    let start = Instant::now();
    let loaded = load(crate_dir)?;
    if timings {
        print_timing("load", start.elapsed(), &[]);
    }
    // One resolution of the model, with kapi's types, for the linter and the generators.
    let kapi = kapi_types::load(&loaded.model.crate_dir);
    let index = resolve(&loaded.model, &kapi);
    let for_generators = with_kapi(&index, &kapi);
    // The linter runs on this thread while the other cores start generating: it reads the
    // same model, and its errors stop the run before anything is written.
    let (generated, lint) =
        generate_alongside(&loaded.model, for_generators, &loaded.settings, || {
            let step = Instant::now();
            let lint = loaded.lint(&index, options.strict);
            if timings {
                print_timing("lint", step.elapsed(), &[]);
            }
            lint
        });
    let mut warnings = lint?;
    let (files, generator_warnings) = generated.map_err(|d| loaded.source_error(d))?;
    warnings.extend(
        generator_warnings
            .iter()
            .map(|d| source::render(std::iter::once(d), &loaded.sources, &loaded.crate_dir)),
    );
    let step = Instant::now();
    let mut report = output::apply(
        crate_dir,
        &loaded.settings.output_dirs(),
        &files,
        options.mode,
    )?;
    if timings {
        let step_name = match options.mode {
            Mode::Write => "write",
            Mode::Verify => "verify",
        };
        print_timing(step_name, step.elapsed(), &[]);
    }
    let step = Instant::now();
    let fixture_diffs = crate::fixtures::verify(crate_dir, &loaded.settings, &loaded.model);
    if timings {
        print_timing("fixtures", step.elapsed(), &[]);
        print_timing("total", start.elapsed(), &files);
    }
    match options.mode {
        Mode::Verify => report.diffs.extend(fixture_diffs),
        Mode::Write => report.stale_fixtures = fixture_diffs.into_iter().map(|(_, d)| d).collect(),
    }
    report.warnings = warnings;
    report.elapsed = start.elapsed();
    Ok(report)
}
