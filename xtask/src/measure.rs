//! Running a process and measuring it: wall time, and from GNU time (`/usr/bin/time -v`)
//! CPU time and peak memory. Shared by the benchmarks.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// GNU time; without it only wall times are measured.
pub const GNU_TIME: &str = "/usr/bin/time";

pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string())
}

pub fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
}

pub fn io_error(path: &Path, e: std::io::Error) -> String {
    format!("{}: {e}", path.display())
}

pub fn run_ok(command: &mut Command) -> Result<std::process::Output, String> {
    let output = command
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if output.status.success() {
        Ok(output)
    } else {
        Err(format!(
            "{command:?} failed ({}):\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// What a process cost: wall time, and, when GNU time measured it, CPU time (user and
/// system: on a busy machine the steadier number) and peak memory.
#[derive(Debug, Clone, Copy)]
pub struct Cost {
    pub wall: Duration,
    pub cpu: Option<f64>,
    pub peak_kib: Option<u64>,
}

impl Cost {
    pub fn describe(&self) -> String {
        let mut out = format!("{:.3} s wall", self.wall.as_secs_f64());
        if let Some(cpu) = self.cpu {
            out.push_str(&format!(", {cpu:.3} s CPU"));
        }
        if let Some(kib) = self.peak_kib {
            out.push_str(&format!(", {} MB peak", kib / 1024));
        }
        out
    }

    /// What `/usr/bin/time -v` reported; `None` when the report lacks a number.
    pub fn from_gnu_time(report: &str) -> Option<Cost> {
        let field = |name: &str| {
            report.lines().find_map(|line| {
                let (key, value) = line.trim().rsplit_once(": ")?;
                (key == name).then(|| value.trim().to_string())
            })
        };
        let seconds = |name: &str| field(name)?.parse::<f64>().ok();
        let user = seconds("User time (seconds)")?;
        let system = seconds("System time (seconds)")?;
        let peak_kib = field("Maximum resident set size (kbytes)")?.parse().ok()?;
        let wall = elapsed(&field("Elapsed (wall clock) time (h:mm:ss or m:ss)")?)?;
        Some(Cost {
            wall,
            cpu: Some(user + system),
            peak_kib: Some(peak_kib),
        })
    }
}

/// GNU time's `h:mm:ss` or `m:ss.ss`.
fn elapsed(text: &str) -> Option<Duration> {
    let mut seconds = 0.0;
    for part in text.split(':') {
        seconds = seconds * 60.0 + part.parse::<f64>().ok()?;
    }
    Some(Duration::from_secs_f64(seconds))
}

/// Runs `program args` in `dir`, under GNU time when it is there. The wall time is this
/// process's own clock (GNU time's has only hundredths).
pub fn measured(
    program: &Path,
    args: &[&OsStr],
    dir: &Path,
    env: &[(&str, &str)],
) -> Result<(std::process::Output, Cost), String> {
    let time = Path::new(GNU_TIME);
    let report = std::env::temp_dir().join(format!("kapi-measure-{}.txt", std::process::id()));
    let mut command = if time.exists() {
        let mut c = Command::new(time);
        c.arg("-v").arg("-o").arg(&report).arg(program);
        c
    } else {
        Command::new(program)
    };
    command.args(args).current_dir(dir);
    for (k, v) in env {
        command.env(k, v);
    }
    let start = Instant::now();
    let output = run_ok(&mut command)?;
    let wall = start.elapsed();
    let reported = std::fs::read_to_string(&report)
        .ok()
        .and_then(|r| Cost::from_gnu_time(&r));
    let _ = std::fs::remove_file(&report);
    Ok((
        output,
        Cost {
            wall,
            cpu: reported.and_then(|c| c.cpu),
            peak_kib: reported.and_then(|c| c.peak_kib),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnu_time_reports_are_read() {
        let report = "\tCommand being timed: \"rustc --crate-name kapi_k8s\"\n\
            \tUser time (seconds): 41.50\n\
            \tSystem time (seconds): 1.25\n\
            \tPercent of CPU this job got: 98%\n\
            \tElapsed (wall clock) time (h:mm:ss or m:ss): 1:02.50\n\
            \tMaximum resident set size (kbytes): 2048000\n";
        let cost = Cost::from_gnu_time(report).expect("a full report");
        assert_eq!(cost.wall, Duration::from_millis(62_500));
        assert!((cost.cpu.unwrap_or_default() - 42.75).abs() < 1e-9);
        assert_eq!(cost.peak_kib, Some(2_048_000));
        assert_eq!(elapsed("1:00:01"), Some(Duration::from_secs(3601)));
        assert!(Cost::from_gnu_time("Command exited with non-zero status 1").is_none());
    }
}
