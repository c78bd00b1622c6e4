//! Whole-API generators and the machinery that writes or verifies their files.
//!
//! Each generator is one module that takes the [`Model`] and returns files; [`run`] builds
//! the model for a crate, runs every generator, and hands the files to [`output`].

mod model_summary;
pub mod output;
pub mod settings;

use crate::model::{self, source, Model};
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
}

pub trait Generator {
    /// Short name for reports (`model-summary`, `conversion`, ...).
    fn name(&self) -> &'static str;
    fn generate(&self, model: &Model, cx: &Context) -> Vec<GeneratedFile>;
}

/// Every generator, in the order they run.
pub fn generators() -> Vec<Box<dyn Generator>> {
    vec![Box::new(model_summary::ModelSummary)]
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

/// Builds the checked model of the crate at `crate_dir`.
pub fn load_model(crate_dir: &Path) -> Result<(Model, Settings), Error> {
    let settings = Settings::load(crate_dir)?;
    let lib_rs = crate_dir.join("src/lib.rs");
    let mut parsed =
        source::parse_crate(&settings.crate_name, &lib_rs).map_err(|e| Error::Io(e.0))?;
    model::check::check(&parsed.model, &mut parsed.diagnostics);
    if !parsed.diagnostics.is_empty() {
        return Err(Error::Source {
            rendered: parsed.render_diagnostics(crate_dir),
            count: parsed.diagnostics.len(),
        });
    }
    Ok((parsed.model, settings))
}

/// Every generated file of the crate, headers included, sorted by path.
pub fn generate_all(model: &Model, settings: &Settings) -> Vec<GeneratedFile> {
    let cx = Context { settings };
    let mut files: Vec<GeneratedFile> = generators()
        .iter()
        .flat_map(|g| g.generate(model, &cx))
        .map(|f| GeneratedFile {
            contents: output::with_header(&f.path, settings.header.as_deref(), &f.contents),
            path: f.path,
        })
        .collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

/// Generates for the crate at `crate_dir` and writes (or, with `Mode::Verify`, checks) files.
pub fn run(crate_dir: &Path, mode: Mode) -> Result<Report, Error> {
    let start = Instant::now();
    let (model, settings) = load_model(crate_dir)?;
    let files = generate_all(&model, &settings);
    let mut report = output::apply(crate_dir, &settings.output_dirs(), &files, mode)?;
    report.elapsed = start.elapsed();
    Ok(report)
}

/// Runs codegen for one crate and prints the result the way both CLIs do: diffs and errors
/// to stderr, the summary line to stdout. Exit code 1 on stale files or errors.
pub fn cli_main(crate_dir: &Path, mode: Mode) -> std::process::ExitCode {
    match run(crate_dir, mode) {
        Ok(report) => {
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
