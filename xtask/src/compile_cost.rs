//! What compiling one crate costs: its own rustc run, with everything it depends on built
//! first, timed by GNU time. A `RUSTC_WRAPPER` times only the crates asked for, so neither
//! cargo's own work nor the crates built after them are counted.

use crate::measure::{cargo, io_error, run_ok, Cost, GNU_TIME};
use std::path::Path;
use std::process::Command;

/// The crate of Kubernetes' types the benchmarks compare with: its latest release
/// (`cargo info k8s-openapi`) with one Kubernetes version, the newest.
pub const K8S_OPENAPI: &str = r#"k8s-openapi = { version = "0.29", features = ["latest"] }"#;

/// Runs rustc (its first argument) under GNU time when the crate it compiles is one of
/// `$KAPI_TIMED_CRATES`, with the report in `$KAPI_TIMED_DIR/<crate>.txt`.
const WRAPPER: &str = r#"#!/bin/sh
rustc="$1"
shift
name=""
previous=""
for arg in "$@"; do
    if [ "$previous" = "--crate-name" ]; then name="$arg"; fi
    previous="$arg"
done
case " $KAPI_TIMED_CRATES " in
    *" $name "*)
        if [ -n "$name" ]; then
            exec /usr/bin/time -v -o "$KAPI_TIMED_DIR/$name.txt" "$rustc" "$@"
        fi
        ;;
esac
exec "$rustc" "$@"
"#;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Check,
    Release,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Check => "check",
            Mode::Release => "build --release",
        }
    }

    fn args(self) -> &'static [&'static str] {
        match self {
            Mode::Check => &["check"],
            Mode::Release => &["build", "--release"],
        }
    }
}

/// A library in `dir`, a workspace of its own, with `dependencies` (manifest lines, the
/// first naming the library it re-exports) and `source` as its `lib.rs`, or only that
/// re-export.
pub fn write_crate(
    dir: &Path,
    name: &str,
    dependencies: &str,
    source: Option<&str>,
) -> Result<(), String> {
    let src = dir.join("src");
    std::fs::create_dir_all(&src).map_err(|e| io_error(&src, e))?;
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
         publish = false\n\n[dependencies]\n{dependencies}\n\n[workspace]\n"
    );
    let library = dependencies
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .replace('-', "_");
    let source = source.map_or_else(|| format!("pub use {library};\n"), str::to_string);
    std::fs::write(dir.join("Cargo.toml"), manifest).map_err(|e| io_error(dir, e))?;
    std::fs::write(src.join("lib.rs"), source).map_err(|e| io_error(&src, e))
}

/// A crate to build: its directory and package, and the target directory it builds in
/// (crates with the same dependencies can share one).
pub struct Build<'a> {
    pub dir: &'a Path,
    pub package: &'a str,
    pub target_dir: &'a Path,
    /// The package's cargo features to turn on.
    pub features: &'a [&'a str],
}

/// Builds `build.package`, then removes the output of the `timed` packages and builds it
/// again with their rustc runs timed: what each cost, in the order given. The dependents of
/// a timed package are compiled again too (time them with it).
pub fn rustc_costs(
    build: &Build,
    timed: &[&str],
    mode: Mode,
) -> Result<Vec<(String, Cost)>, String> {
    if !Path::new(GNU_TIME).exists() {
        return Err(format!(
            "{GNU_TIME} (GNU time) is needed to time rustc: `apt-get install time`"
        ));
    }
    std::fs::create_dir_all(build.target_dir).map_err(|e| io_error(build.target_dir, e))?;
    let wrapper = build.target_dir.join("rustc-timed.sh");
    write_executable(&wrapper, WRAPPER)?;
    let reports = build.target_dir.join("rustc-timed");
    let _ = std::fs::remove_dir_all(&reports);
    std::fs::create_dir_all(&reports).map_err(|e| io_error(&reports, e))?;
    // Every run goes through the wrapper, timing or not, so the builds are the same. Cargo
    // compiles a workspace or path crate incrementally in `check` and `dev` and a registry
    // crate (k8s-openapi) never: without incremental for all, the API crate would pay the
    // incremental cache (a fifth of its check's time, 120 MB at 100 kinds) and the crate
    // it is held against would not.
    let cargo_in = |args: &[&str]| {
        let mut c = Command::new(cargo());
        c.args(args)
            .current_dir(build.dir)
            .env("CARGO_TARGET_DIR", build.target_dir)
            .env("CARGO_INCREMENTAL", "0")
            .env("RUSTC_WRAPPER", &wrapper)
            .env_remove("RUSTC_WORKSPACE_WRAPPER");
        c
    };
    let mut args: Vec<&str> = mode.args().to_vec();
    args.extend(["--quiet", "-p", build.package]);
    let features = build.features.join(",");
    if !features.is_empty() {
        args.extend(["--features", &features]);
    }
    run_ok(&mut cargo_in(&args))?;
    let mut clean = vec!["clean", "--quiet"];
    if mode == Mode::Release {
        clean.push("--release");
    }
    for package in timed {
        clean.extend(["-p", package]);
    }
    run_ok(&mut cargo_in(&clean))?;
    let crates: Vec<String> = timed.iter().map(|p| p.replace('-', "_")).collect();
    run_ok(
        cargo_in(&args)
            .env("KAPI_TIMED_CRATES", crates.join(" "))
            .env("KAPI_TIMED_DIR", &reports),
    )?;
    timed
        .iter()
        .zip(&crates)
        .map(|(package, name)| {
            let path = reports.join(format!("{name}.txt"));
            let report = std::fs::read_to_string(&path).map_err(|e| io_error(&path, e))?;
            let cost = Cost::from_gnu_time(&report)
                .ok_or_else(|| format!("{}: not a GNU time report:\n{report}", path.display()))?;
            Ok((package.to_string(), cost))
        })
        .collect()
}

fn write_executable(path: &Path, text: &str) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, text).map_err(|e| io_error(path, e))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| io_error(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wrapper times the crates it is told of, by `--crate-name`, and runs the others
    /// (and cargo's `rustc -vV` probes) as they are.
    #[test]
    fn the_wrapper_times_only_the_named_crates() {
        if !Path::new(GNU_TIME).exists() {
            eprintln!("skipped: no {GNU_TIME}");
            return;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let wrapper = dir.path().join("rustc-timed.sh");
        write_executable(&wrapper, WRAPPER).expect("wrapper");
        let run = |args: &[&str]| {
            let status = Command::new(&wrapper)
                .arg("true")
                .args(args)
                .env("KAPI_TIMED_CRATES", "kapi kapi_k8s")
                .env("KAPI_TIMED_DIR", dir.path())
                .status()
                .expect("the wrapper runs");
            assert!(status.success());
        };
        run(&["--crate-name", "kapi_k8s", "--edition=2021"]);
        run(&["--crate-name", "kapi_codegen"]);
        run(&["-vV"]);
        let report = std::fs::read_to_string(dir.path().join("kapi_k8s.txt")).expect("timed");
        assert!(Cost::from_gnu_time(&report).is_some(), "{report}");
        assert!(!dir.path().join("kapi_codegen.txt").exists());
        assert!(!dir.path().join(".txt").exists());
    }
}
