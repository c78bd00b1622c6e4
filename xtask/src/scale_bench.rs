//! `cargo xtask scale-bench`: what kapi costs at the size of a large API, on the synthetic
//! API of [`crate::synth`].
//!
//! For each size it writes the synthetic crate, runs the release `kapi-codegen` on it twice
//! (write, then `--verify-only`) with `KAPI_CODEGEN_TIMINGS=1`, and prints each step's time
//! and each generator's output per kind. Then, for the smallest size, unless `--no-compile`:
//! the derive expansion per kind (`-Zunpretty=expanded`, through `RUSTC_BOOTSTRAP=1`), and
//! `cargo check` and `cargo build --release` of the crate beside a crate depending on
//! `k8s-openapi` (Kubernetes' own types), each crate's dependencies built first, so the
//! time and peak memory are the crate's own rustc run ([`compile_cost`]).

use crate::compile_cost::{self, Build, Mode, K8S_OPENAPI};
use crate::measure::{cargo, io_error, measured, run_ok, target_dir, Cost};
use crate::synth;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Options {
    pub kinds: Vec<usize>,
    /// Where the crates are written (and their `target/`s kept between runs).
    pub dir: PathBuf,
    pub compile: bool,
    pub release: bool,
}

/// What `KAPI_CODEGEN_TIMINGS` reported for one step.
#[derive(Debug, Clone, Default)]
struct Step {
    seconds: f64,
    files: usize,
    lines: usize,
    bytes: usize,
}

/// Steps in the order they ran.
type Steps = Vec<(String, Step)>;

/// Runs the benchmark from the workspace at `root`; the error says which step failed.
pub fn run(root: &Path, options: &Options) -> Result<(), String> {
    std::fs::create_dir_all(&options.dir).map_err(|e| io_error(&options.dir, e))?;
    println!("building the release kapi-codegen ...");
    run_ok(
        Command::new(cargo())
            .args(["build", "--quiet", "--release", "-p", "kapi-codegen"])
            .current_dir(root),
    )?;
    let codegen = target_dir(root).join("release/kapi-codegen");
    let kapi = std::fs::canonicalize(root.join("runtime")).map_err(|e| io_error(root, e))?;
    let lock = root.join("Cargo.lock");
    let mut sizes = Vec::new();
    for &kinds in &options.kinds {
        let dir = options.dir.join(format!("synth{kinds}"));
        synth::write_api(&dir, kinds, &kapi).map_err(|e| io_error(&dir, e))?;
        // The workspace's versions of every dependency, so the crate builds like the
        // workspace does.
        std::fs::copy(&lock, dir.join("Cargo.lock")).map_err(|e| io_error(&lock, e))?;
        let (write, write_cost) = codegen_run(&codegen, &dir, false)?;
        let (verify, verify_cost) = codegen_run(&codegen, &dir, true)?;
        print_codegen(kinds, &write, write_cost, &verify, verify_cost);
        sizes.push((kinds, write_cost, verify_cost));
    }
    if sizes.len() > 1 {
        println!("\ncodegen by size (linear when the per-kind columns are flat):");
        println!(
            "{:>7} {:>12} {:>11} {:>12} {:>12} {:>14} {:>14} {:>9}",
            "kinds",
            "write wall s",
            "write CPU s",
            "verify wall",
            "verify CPU",
            "wall ms/kind",
            "CPU ms/kind",
            "peak MB"
        );
        for (kinds, write, verify) in &sizes {
            let per_kind = |s: f64| s * 1000.0 / *kinds as f64;
            let seconds = |c: Option<f64>| c.map_or("n/a".to_string(), |c| format!("{c:.3}"));
            let cpu_per_kind = write
                .cpu
                .map_or("n/a".to_string(), |c| format!("{:.3}", per_kind(c)));
            let peak = write
                .peak_kib
                .max(verify.peak_kib)
                .map_or("n/a".to_string(), |k| (k / 1024).to_string());
            println!(
                "{kinds:>7} {:>12.3} {:>11} {:>12.3} {:>12} {:>14.3} {cpu_per_kind:>14} {peak:>9}",
                write.wall.as_secs_f64(),
                seconds(write.cpu),
                verify.wall.as_secs_f64(),
                seconds(verify.cpu),
                per_kind(write.wall.as_secs_f64()),
            );
        }
    }
    if !options.compile {
        return Ok(());
    }
    let Some(&kinds) = options.kinds.iter().min() else {
        return Ok(());
    };
    let synth_dir = options.dir.join(format!("synth{kinds}"));
    expansion(&synth_dir, kinds)?;
    let k8s_dir = options.dir.join("k8s-openapi-crate");
    compile_cost::write_crate(&k8s_dir, "k8s-openapi-bench", K8S_OPENAPI, None)?;
    let (synth_target, k8s_target) = (synth_dir.join("target"), k8s_dir.join("target"));
    // The synthetic crate as a client builds it, then with each optional part: the write
    // path's defaulting and validation, the apply configurations, the embedded OpenAPI
    // documents.
    let crates = [
        (
            format!("synth-api ({kinds} kinds)"),
            Build {
                dir: &synth_dir,
                package: "synth-api",
                target_dir: &synth_target,
                features: &[],
            },
            "synth-api",
        ),
        (
            "synth-api +validation".to_string(),
            Build {
                dir: &synth_dir,
                package: "synth-api",
                target_dir: &synth_target,
                features: &["validation"],
            },
            "synth-api",
        ),
        (
            "synth-api +apply".to_string(),
            Build {
                dir: &synth_dir,
                package: "synth-api",
                target_dir: &synth_target,
                features: &["apply"],
            },
            "synth-api",
        ),
        (
            "synth-api +openapi".to_string(),
            Build {
                dir: &synth_dir,
                package: "synth-api",
                target_dir: &synth_target,
                features: &["openapi"],
            },
            "synth-api",
        ),
        (
            "k8s-openapi (latest)".to_string(),
            Build {
                dir: &k8s_dir,
                package: "k8s-openapi-bench",
                target_dir: &k8s_target,
                features: &[],
            },
            "k8s-openapi",
        ),
    ];
    let mut modes = vec![Mode::Check];
    if options.release {
        modes.push(Mode::Release);
    }
    println!("\ncompile of each crate alone (its own rustc), its dependencies built first:");
    for (label, build, package) in &crates {
        for &mode in &modes {
            for (_, cost) in compile_cost::rustc_costs(build, &[package], mode)? {
                println!("{label:<26} {:<16} {}", mode.name(), cost.describe());
            }
        }
    }
    Ok(())
}

/// One codegen run: its steps and what it cost.
fn codegen_run(codegen: &Path, dir: &Path, verify: bool) -> Result<(Steps, Cost), String> {
    let mut args: Vec<&OsStr> = Vec::new();
    if verify {
        args.push("--verify-only".as_ref());
    }
    args.push(dir.as_os_str());
    let (output, cost) = measured(codegen, &args, dir, &[("KAPI_CODEGEN_TIMINGS", "1")])?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    Ok((parse_steps(&stderr), cost))
}

/// The `kapi-codegen: timing <step> <s>s <n> files <n> lines <n> bytes` lines.
fn parse_steps(stderr: &str) -> Steps {
    stderr
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("kapi-codegen: timing ")?;
            let words: Vec<&str> = rest.split_whitespace().collect();
            let [name, seconds, files, "files", lines, "lines", bytes, "bytes"] = words[..] else {
                return None;
            };
            Some((
                name.to_string(),
                Step {
                    seconds: seconds.strip_suffix('s')?.parse().ok()?,
                    files: files.parse().ok()?,
                    lines: lines.parse().ok()?,
                    bytes: bytes.parse().ok()?,
                },
            ))
        })
        .collect()
}

fn print_codegen(kinds: usize, write: &Steps, write_cost: Cost, verify: &Steps, verify_cost: Cost) {
    println!(
        "\ncodegen of {kinds} kinds: write {}; verify {}",
        write_cost.describe(),
        verify_cost.describe()
    );
    println!(
        "{:<22} {:>9} {:>9} {:>6} {:>11} {:>11}",
        "step", "write s", "verify s", "files", "lines/kind", "bytes/kind"
    );
    let per_kind = |n: usize| format!("{:.0}", n as f64 / kinds as f64);
    for (name, step) in write {
        // The output step is `write` in one run and `verify` in the other.
        let verify_name = if name == "write" { "verify" } else { name };
        let verify = verify
            .iter()
            .find(|(n, _)| n == verify_name)
            .map_or(0.0, |(_, s)| s.seconds);
        let (files, lines, bytes) = if step.files == 0 {
            (String::new(), String::new(), String::new())
        } else {
            (
                step.files.to_string(),
                per_kind(step.lines),
                per_kind(step.bytes),
            )
        };
        let name = if name == "write" {
            "write / compare"
        } else {
            name
        };
        println!(
            "{name:<22} {:>9.3} {verify:>9.3} {files:>6} {lines:>11} {bytes:>11}",
            step.seconds
        );
    }
}

/// Lines of Rust the crate expands to (`-Zunpretty=expanded`) per kind, and the part the
/// derive adds: the expansion less the lines of the source and generated Rust it expands.
fn expansion(dir: &Path, kinds: usize) -> Result<(), String> {
    let written = rust_lines(&dir.join("src"))? + rust_lines(&dir.join("generated"))?;
    let per_kind = |n: usize| n as f64 / kinds as f64;
    // Without features (a client's build), then with the write path's impls.
    for (label, features) in [("", None), (" +validation", Some("validation"))] {
        println!("\nexpanding the {kinds}-kind crate{label} (derive output) ...");
        let mut args = vec!["rustc", "--quiet", "--profile", "check"];
        if let Some(features) = features {
            args.extend(["--features", features]);
        }
        args.extend(["--", "-Zunpretty=expanded"]);
        let output = run_ok(
            Command::new(cargo())
                .args(&args)
                .env("RUSTC_BOOTSTRAP", "1")
                .current_dir(dir),
        )?;
        let expanded = output.stdout.iter().filter(|&&b| b == b'\n').count();
        println!(
            "expanded: {expanded} lines ({:.0} per kind); source and generated Rust: {written} lines; \
             derive expansion: {:.0} lines per kind",
            per_kind(expanded),
            per_kind(expanded.saturating_sub(written))
        );
    }
    Ok(())
}

/// Lines of the `.rs` files under `dir`.
fn rust_lines(dir: &Path) -> Result<usize, String> {
    let mut lines = 0;
    let entries = std::fs::read_dir(dir).map_err(|e| io_error(dir, e))?;
    for entry in entries {
        let path = entry.map_err(|e| io_error(dir, e))?.path();
        if path.is_dir() {
            lines += rust_lines(&path)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).map_err(|e| io_error(&path, e))?;
            lines += text.lines().count();
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_lines_are_read_and_other_lines_ignored() {
        let steps = parse_steps(
            "kapi-codegen: timing openapi 0.250000s 4 files 1000 lines 30000 bytes\n\
             warning: something else\n\
             kapi-codegen: timing resolve 0.010000s 0 files 0 lines 0 bytes\n",
        );
        assert_eq!(steps.len(), 2);
        let (name, openapi) = &steps[0];
        assert_eq!(name, "openapi");
        assert_eq!(
            (openapi.files, openapi.lines, openapi.bytes),
            (4, 1000, 30000)
        );
        assert!((openapi.seconds - 0.25).abs() < 1e-9);
    }
}
