//! `cargo xtask k8s-bench`: the compile of Kubernetes' own API as kapi ships it (`kapi-k8s`)
//! against `k8s-openapi`, built the same way on the same machine in one run.
//!
//! Each contender is a scratch crate under `--dir` that depends on one thing: `kapi-k8s`
//! with every GA group-version (`stable`; once more with `apply`, its apply configurations), `kapi-k8s` with what a typical operator enables
//! (`core-v1`, `apps-v1`), and `k8s-openapi` at its latest release with one Kubernetes
//! version. What is compared is that one dependency's own rustc run, after everything it
//! needs is built ([`compile_cost`]); kapi itself (the runtime `kapi-k8s` needs, with its
//! `client` and `cache` features) is timed on its own, since an operator pays for it once
//! whatever API crates it uses. The generated clients, informers and listers are
//! `#[inline]`, so a kind's client and informer code is compiled where it is used: two more
//! crates time that side, an operator using four kinds' clients and informers
//! (`templates/k8s_operator.rs`) and a crate decoding and encoding the same kinds with
//! k8s-openapi (`templates/k8s_openapi_use.rs`, whose serde impls are generic too), and the
//! report sums each with its API crate. `cargo check` first, then `cargo build --release`
//! (unless `--no-release`), so the expensive builds come last.

use crate::compile_cost::{self, Build, Mode, K8S_OPENAPI};
use crate::measure::{io_error, Cost};
use std::path::{Path, PathBuf};

pub struct Options {
    /// Where the crates and their shared `target/` are written (kept between runs).
    pub dir: PathBuf,
    pub release: bool,
}

/// One scratch crate and the packages whose rustc runs are timed in it.
struct Contender {
    label: String,
    dir: PathBuf,
    package: &'static str,
    timed: &'static [&'static str],
}

/// What one row measured.
struct Row {
    mode: Mode,
    label: String,
    cost: Cost,
}

/// Runs the benchmark from the workspace at `root`; the error says which step failed.
pub fn run(root: &Path, options: &Options) -> Result<(), String> {
    let root = std::fs::canonicalize(root).map_err(|e| io_error(root, e))?;
    let contenders = write_crates(&root, &options.dir)?;
    let target_dir = options.dir.join("target");
    let mut modes = vec![Mode::Check];
    if options.release {
        modes.push(Mode::Release);
    }
    let mut rows = Vec::new();
    for &mode in &modes {
        for contender in &contenders {
            println!("{} {} ...", mode.name(), contender.label);
            let build = Build {
                dir: &contender.dir,
                package: contender.package,
                target_dir: &target_dir,
                features: &[],
            };
            for (package, cost) in compile_cost::rustc_costs(&build, contender.timed, mode)? {
                let label = if package == "kapi" {
                    "kapi (runtime: client, cache)".to_string()
                } else {
                    contender.label.clone()
                };
                rows.push(Row { mode, label, cost });
            }
        }
    }
    let version = resolved_version(
        &options.dir.join("k8s-openapi-bench/Cargo.lock"),
        "k8s-openapi",
    );
    print!("{}", report(&rows, version.as_deref()));
    Ok(())
}

const STABLE: &str = "kapi-k8s [stable]";
/// With the apply configurations, which k8s-openapi has no counterpart of.
const STABLE_APPLY: &str = "kapi-k8s [stable, apply]";
/// With kapi's `validation` feature: the derived defaulting, validation and gated-field
/// dropping a server or webhook needs and a client does not.
const STABLE_VALIDATION: &str = "kapi-k8s [stable, validation]";
const OPERATOR: &str = "kapi-k8s [core-v1, apps-v1]";
const K8S_OPENAPI_LABEL: &str = "k8s-openapi [latest]";
const OPERATOR_USES: &str = "operator: 4 kinds' clients, informers";
const K8S_OPENAPI_USES: &str = "k8s-openapi: 4 kinds' serde_json";

/// The library of the crate that uses four kinds through kapi-k8s (run by
/// `api-types/k8s/tests/operator_kinds.rs`).
const OPERATOR_SOURCE: &str = include_str!("../templates/k8s_operator.rs");
/// The library of the crate that decodes and encodes the same kinds with k8s-openapi.
const K8S_OPENAPI_SOURCE: &str = include_str!("../templates/k8s_openapi_use.rs");

fn write_crates(root: &Path, dir: &Path) -> Result<Vec<Contender>, String> {
    let k8s = root.join("api-types/k8s");
    let kapi_k8s = |features: &str| {
        format!(
            "kapi-k8s = {{ path = {:?}, features = [{features}] }}",
            k8s.display().to_string()
        )
    };
    let operator = format!(
        "{}\nkapi = {{ path = {:?}, features = [\"client\", \"cache\"] }}\nserde_json = \"1\"",
        kapi_k8s(r#""core-v1", "apps-v1""#),
        root.join("runtime").display().to_string()
    );
    // The crates using four kinds are timed alone: the API crate under them is the row above.
    let contenders = [
        (
            STABLE,
            "kapi-k8s-stable-bench",
            kapi_k8s(r#""stable""#),
            None,
            &["kapi", "kapi-k8s"][..],
        ),
        (
            STABLE_VALIDATION,
            "kapi-k8s-stable-validation-bench",
            format!(
                "{}\nkapi = {{ path = {:?}, features = [\"validation\"] }}",
                kapi_k8s(r#""stable""#),
                root.join("runtime").display().to_string()
            ),
            None,
            &["kapi-k8s"][..],
        ),
        (
            STABLE_APPLY,
            "kapi-k8s-stable-apply-bench",
            kapi_k8s(r#""stable", "apply""#),
            None,
            &["kapi-k8s"][..],
        ),
        (
            OPERATOR,
            "kapi-k8s-operator-bench",
            kapi_k8s(r#""core-v1", "apps-v1""#),
            None,
            &["kapi-k8s"][..],
        ),
        (
            OPERATOR_USES,
            "kapi-k8s-uses-bench",
            operator,
            Some(OPERATOR_SOURCE),
            &["kapi-k8s-uses-bench"][..],
        ),
        (
            K8S_OPENAPI_LABEL,
            "k8s-openapi-bench",
            K8S_OPENAPI.to_string(),
            None,
            &["k8s-openapi"][..],
        ),
        (
            K8S_OPENAPI_USES,
            "k8s-openapi-uses-bench",
            format!("{K8S_OPENAPI}\nserde_json = \"1\""),
            Some(K8S_OPENAPI_SOURCE),
            &["k8s-openapi-uses-bench"][..],
        ),
    ];
    let lock = root.join("Cargo.lock");
    let mut written = Vec::new();
    for (label, package, dependency, source, timed) in contenders {
        let crate_dir = dir.join(package);
        compile_cost::write_crate(&crate_dir, package, &dependency, source)?;
        // kapi's crates build with the workspace's versions of every dependency.
        if dependency.starts_with("kapi-k8s") {
            std::fs::copy(&lock, crate_dir.join("Cargo.lock")).map_err(|e| io_error(&lock, e))?;
        }
        written.push(Contender {
            label: label.to_string(),
            dir: crate_dir,
            package,
            timed,
        });
    }
    Ok(written)
}

/// The version of `package` a lock file resolved.
fn resolved_version(lock: &Path, package: &str) -> Option<String> {
    let text = std::fs::read_to_string(lock).ok()?;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{package}\"") {
            let version = lines.next()?.strip_prefix("version = \"")?;
            return Some(version.trim_end_matches('"').to_string());
        }
    }
    None
}

/// The table of every row, then per mode each kapi-k8s row against k8s-openapi: CPU time
/// (steadier on a shared machine) and wall time.
fn report(rows: &[Row], k8s_openapi_version: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(version) = k8s_openapi_version {
        out.push_str(&format!("\nk8s-openapi {version}\n"));
    }
    out.push_str(&format!(
        "\nits own rustc, dependencies built first:\n{:<16} {:<30} {:>9} {:>9} {:>9}\n",
        "command", "crate", "wall s", "CPU s", "peak MB"
    ));
    let number = |n: Option<f64>| n.map_or("n/a".to_string(), |n| format!("{n:.1}"));
    for row in rows {
        out.push_str(&format!(
            "{:<16} {:<30} {:>9.1} {:>9} {:>9}\n",
            row.mode.name(),
            row.label,
            row.cost.wall.as_secs_f64(),
            number(row.cost.cpu),
            row.cost
                .peak_kib
                .map_or("n/a".to_string(), |k| (k / 1024).to_string()),
        ));
    }
    out.push_str("\nagainst k8s-openapi (CPU; wall; peak memory):\n");
    let modes: Vec<Mode> = rows.iter().map(|r| r.mode).fold(Vec::new(), |mut m, x| {
        if !m.contains(&x) {
            m.push(x);
        }
        m
    });
    for mode in modes {
        let find = |label: &str| {
            rows.iter()
                .find(|r| r.mode == mode && r.label.starts_with(label))
                .map(|r| r.cost)
        };
        let Some(base) = find(K8S_OPENAPI_LABEL) else {
            continue;
        };
        let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) if b > 0.0 => format!("{:.2}x", a / b),
            _ => "n/a".to_string(),
        };
        let line = |name: &str, cost: Cost| {
            format!(
                "{:<16} {name:<40} {} CPU, {} wall, {} peak\n",
                mode.name(),
                ratio(cost.cpu, base.cpu),
                ratio(Some(cost.wall.as_secs_f64()), Some(base.wall.as_secs_f64())),
                ratio(
                    cost.peak_kib.map(|k| k as f64),
                    base.peak_kib.map(|k| k as f64)
                ),
            )
        };
        for label in [STABLE, STABLE_VALIDATION, STABLE_APPLY, OPERATOR] {
            if let Some(cost) = find(label) {
                out.push_str(&line(label, cost));
            }
        }
        // What an operator of four kinds pays on each side: the API crate and its own
        // crate, where the generic code of the kinds it uses is compiled.
        let sum = |a: Cost, b: Cost| Cost {
            wall: a.wall + b.wall,
            cpu: a.cpu.zip(b.cpu).map(|(a, b)| a + b),
            peak_kib: a.peak_kib.max(b.peak_kib),
        };
        if let (Some(api), Some(uses), Some(openapi_uses)) =
            (find(OPERATOR), find(OPERATOR_USES), find(K8S_OPENAPI_USES))
        {
            let kapi_side = sum(api, uses);
            let openapi_side = sum(base, openapi_uses);
            out.push_str(&format!(
                "{:<16} {:<40} {} CPU, {} wall (kapi-k8s [core-v1, apps-v1] + operator vs k8s-openapi + its 4 kinds)\n",
                mode.name(),
                "operator of 4 kinds, both crates",
                ratio(kapi_side.cpu, openapi_side.cpu),
                ratio(
                    Some(kapi_side.wall.as_secs_f64()),
                    Some(openapi_side.wall.as_secs_f64())
                ),
            ));
        }
        if let (Some(stable), Some(kapi)) = (find(STABLE), find("kapi (")) {
            out.push_str(&line("kapi + kapi-k8s [stable]", sum(stable, kapi)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn row(mode: Mode, label: &str, seconds: f64) -> Row {
        Row {
            mode,
            label: label.to_string(),
            cost: Cost {
                wall: Duration::from_secs_f64(seconds),
                cpu: Some(seconds),
                peak_kib: Some(1024 * 1024),
            },
        }
    }

    #[test]
    fn the_report_compares_each_kapi_crate_with_k8s_openapi() {
        let rows = [
            row(Mode::Check, STABLE, 10.0),
            row(Mode::Check, "kapi (runtime: client, cache)", 5.0),
            row(Mode::Check, OPERATOR, 4.0),
            row(Mode::Check, K8S_OPENAPI_LABEL, 20.0),
            row(Mode::Check, OPERATOR_USES, 6.0),
            row(Mode::Check, K8S_OPENAPI_USES, 5.0),
        ];
        let text = report(&rows, Some("0.29.0"));
        assert!(text.contains("k8s-openapi 0.29.0"), "{text}");
        assert!(
            text.contains(&format!("check            {STABLE:<40} 0.50x CPU")),
            "{text}"
        );
        assert!(
            text.contains(&format!("{OPERATOR:<40} 0.20x CPU")),
            "{text}"
        );
        assert!(
            text.contains("kapi + kapi-k8s [stable]                 0.75x CPU"),
            "{text}"
        );
        // (4 + 6) / (20 + 5)
        assert!(
            text.contains("operator of 4 kinds, both crates         0.40x CPU"),
            "{text}"
        );
        assert!(!text.contains("build --release"), "{text}");
    }

    #[test]
    fn the_resolved_version_is_read_from_the_lock() {
        let dir = tempfile::tempdir().expect("temp dir");
        let lock = dir.path().join("Cargo.lock");
        std::fs::write(
            &lock,
            "[[package]]\nname = \"jiff\"\nversion = \"0.2.1\"\n\n[[package]]\nname = \"k8s-openapi\"\nversion = \"0.29.0\"\n",
        )
        .expect("write");
        assert_eq!(
            resolved_version(&lock, "k8s-openapi").as_deref(),
            Some("0.29.0")
        );
        assert_eq!(resolved_version(&lock, "serde"), None);
    }
}
