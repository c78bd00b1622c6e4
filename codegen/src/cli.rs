//! The command line of codegen, shared by the `kapi-codegen` binary and `cargo xtask
//! codegen`: `[--verify-only] [--strict] [--assign-protobuf-tags] [--compat BASELINE]
//! [--snapshot-release NAME] [CRATE_DIR]`. Generates (or verifies) a crate's API files;
//! API-convention warnings are printed, and with `--strict` they fail the run.
//! `--assign-protobuf-tags` first numbers the fields that need a protobuf number, in the
//! crate's source. `--compat` first checks the API against a released baseline and generates
//! nothing if it breaks it; `--snapshot-release` writes the API as a release's baseline.
//! With the `import` feature, the crate's `[package.metadata.kapi.import]` entries are re-run
//! first ([`crate::import::settings`]), and verified like generated files.

use crate::assign_protobuf_tags;
use crate::compat;
use crate::fixtures;
use crate::generate::{self, Mode, Options};
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One codegen invocation, as the flags describe it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Args {
    pub crate_dir: PathBuf,
    pub options: Options,
    /// `--assign-protobuf-tags`: write the missing protobuf numbers into the source first.
    pub assign_protobuf_tags: bool,
    /// `--compat <baseline>`: a snapshot file, a release name or a git revision.
    pub compat: Option<String>,
    /// `--snapshot-release <name>`: write `compat/<name>.yaml` and `testdata/<name>/`.
    pub snapshot_release: Option<String>,
}

/// The flags as a clap command called `name`; the crate argument defaults to `default_crate`
/// (`.` for the binary, the example API for the xtask), which [`Args::from_matches`] fills in.
pub fn command(name: &'static str, default_crate: &Path) -> Command {
    Command::new(name)
        .about("Generate the files of a kapi API crate, or verify they are up to date")
        .arg(
            Arg::new("verify-only")
                .long("verify-only")
                .action(ArgAction::SetTrue)
                .help("Write nothing; exit 1 and print a diff if any generated file is stale"),
        )
        .arg(
            Arg::new("strict")
                .long("strict")
                .action(ArgAction::SetTrue)
                .help("Treat API-convention warnings as errors: exit 1 and generate nothing"),
        )
        .arg(
            Arg::new("assign-protobuf-tags")
                .long("assign-protobuf-tags")
                .action(ArgAction::SetTrue)
                .conflicts_with("verify-only")
                .help("First write `protobuf = N` into the source of every field of a protobuf-enabled type that has none"),
        )
        .arg(
            Arg::new("compat")
                .long("compat")
                .value_name("BASELINE")
                .help("First check the API against a released baseline (a snapshot file, a release name with compat/<name>.yaml in the crate, or a git revision); breaks in beta and GA versions fail the run and nothing is generated"),
        )
        .arg(
            Arg::new("snapshot-release")
                .long("snapshot-release")
                .value_name("NAME")
                .conflicts_with("verify-only")
                .help("Write the API as release NAME's compatibility baseline, compat/NAME.yaml in the crate, and copy today's fixtures (testdata/HEAD) to testdata/NAME (to check in)"),
        )
        .arg(
            Arg::new("crate")
                .value_name("CRATE_DIR")
                .value_parser(clap::value_parser!(PathBuf))
                .help(format!(
                    "The API crate (its Cargo.toml has [package.metadata.kapi]) [default: {}]",
                    default_crate.display()
                )),
        )
}

impl Args {
    /// The invocation the matches of [`command`] describe; `default_crate` when they name
    /// no crate.
    pub fn from_matches(matches: &ArgMatches, default_crate: &Path) -> Args {
        let mode = if matches.get_flag("verify-only") {
            Mode::Verify
        } else {
            Mode::Write
        };
        Args {
            crate_dir: matches
                .get_one::<PathBuf>("crate")
                .cloned()
                .unwrap_or_else(|| default_crate.to_path_buf()),
            options: Options {
                mode,
                strict: matches.get_flag("strict"),
            },
            assign_protobuf_tags: matches.get_flag("assign-protobuf-tags"),
            compat: matches.get_one::<String>("compat").cloned(),
            snapshot_release: matches.get_one::<String>("snapshot-release").cloned(),
        }
    }
}

/// Parses `args` (the program name first) with [`command`] and runs them; clap prints usage
/// errors and exits with code 2.
pub fn main(
    name: &'static str,
    default_crate: &Path,
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
) -> ExitCode {
    let matches = command(name, default_crate).get_matches_from(args);
    run(&Args::from_matches(&matches, default_crate))
}

/// Runs codegen for several crates (a workspace's API crates), each reported; fails if any
/// does. A `--compat` release name resolves per crate: a crate without that release's
/// snapshot (`compat/<name>.yaml`) is generated without the check, with a note, as long as
/// some crate has it (a name no crate has is still an error, from each).
pub fn run_all(mut runs: Vec<Args>) -> ExitCode {
    let has_release = |a: &Args| {
        a.compat
            .as_deref()
            .is_some_and(|b| compat::baseline::snapshot_path(&a.crate_dir, b).is_file())
    };
    let is_file = |a: &Args| a.compat.as_deref().is_some_and(|b| Path::new(b).is_file());
    if runs.iter().any(has_release) && !runs.iter().any(is_file) {
        for run in runs.iter_mut().filter(|r| !has_release(r)) {
            if let Some(release) = run.compat.take() {
                println!(
                    "note: {} has no release {release} ({}); not checked against it",
                    run.crate_dir.display(),
                    compat::baseline::snapshot_path(Path::new(""), &release).display()
                );
            }
        }
    }
    runs.iter().map(run).fold(ExitCode::SUCCESS, |all, one| {
        if one == ExitCode::SUCCESS {
            all
        } else {
            one
        }
    })
}

/// Runs codegen for one crate and prints the result: lint warnings, diffs and errors to
/// stderr, the summary line to stdout. Exit code 1 on stale files or errors.
pub fn run(args: &Args) -> ExitCode {
    if args.assign_protobuf_tags && !assign(&args.crate_dir) {
        return ExitCode::FAILURE;
    }
    if let Some(baseline) = &args.compat {
        if !check_compat(&args.crate_dir, baseline) {
            return ExitCode::FAILURE;
        }
    }
    if let Some(release) = &args.snapshot_release {
        match compat::write_snapshot(&args.crate_dir, release) {
            Ok(path) => println!("compat: wrote the {release} baseline to {}", path.display()),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
        match snapshot_fixtures(&args.crate_dir, release) {
            Ok(Some(dir)) => println!("fixtures: {release}'s fixtures are in {}", dir.display()),
            Ok(None) => {}
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let mode = args.options.mode;
    #[cfg(feature = "import")]
    let imports_clean = match run_imports(&args.crate_dir, mode) {
        Some(clean) => clean,
        None => return ExitCode::FAILURE,
    };
    #[cfg(not(feature = "import"))]
    let imports_clean = true;
    match generate::run_with(&args.crate_dir, args.options) {
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
            for stale in &report.stale_fixtures {
                eprint!("warning: {stale}");
            }
            println!("{}", report.summary(mode));
            if report.is_clean() && imports_clean {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// The crate's `[package.metadata.kapi.import]` entries, re-run before generation (their
/// output is source the generators read): writes the imported files, or in verify mode
/// prints a diff per stale one. `Some(clean)`, or `None` (after printing why) when an import
/// failed.
#[cfg(feature = "import")]
fn run_imports(crate_dir: &Path, mode: Mode) -> Option<bool> {
    match crate::import::settings::run(crate_dir, mode) {
        Ok(report) => {
            for note in &report.notes {
                eprintln!("{note}");
            }
            for (_, diff) in &report.diffs {
                eprint!("{diff}");
            }
            let total = report.written.len() + report.unchanged.len() + report.diffs.len();
            if total > 0 {
                match mode {
                    Mode::Write => println!(
                        "kapi-codegen: imports: {} written, {} unchanged",
                        report.written.len(),
                        report.unchanged.len()
                    ),
                    Mode::Verify => println!(
                        "kapi-codegen: imports: {} of {total} imported files are out of date",
                        report.diffs.len()
                    ),
                }
            }
            Some(report.diffs.is_empty())
        }
        Err(e) => {
            eprintln!("kapi-codegen: import: {e}");
            None
        }
    }
}

/// `--assign-protobuf-tags`: numbers every field of a protobuf-enabled type that has none
/// and prints what changed. False (after printing why) when the source could not be read,
/// parsed or written.
fn assign(crate_dir: &Path) -> bool {
    match assign_protobuf_tags::assign(crate_dir) {
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

/// `--snapshot-release`'s fixtures: `testdata/HEAD` copied to `testdata/<release>`.
fn snapshot_fixtures(crate_dir: &Path, release: &str) -> Result<Option<PathBuf>, generate::Error> {
    let (model, settings) = generate::load_model(crate_dir)?;
    fixtures::snapshot_release(crate_dir, &settings, &model, release)
}

/// `--compat`: prints every break; false when one is an error (or the check could not run).
fn check_compat(crate_dir: &Path, baseline: &str) -> bool {
    match compat::run(crate_dir, baseline) {
        Ok(outcome) => {
            for r in &outcome.rendered {
                eprintln!("{r}");
            }
            println!("{}", outcome.summary(baseline));
            outcome.errors == 0
        }
        Err(e) => {
            eprintln!("{e}");
            false
        }
    }
}
