//! Per-release fixtures, as k8s.io/api keeps them in `testdata/`: for every kind of every
//! served version a fully populated object as `<group>.<version>.<Kind>.json`, `.yaml` and
//! (where the group-version has protobuf) `.pb`, under `HEAD/` for today's API and under a
//! directory per release (`v1.0/`) for what that release wrote. [`check`] proves every
//! fixture still decodes strictly in its own version, re-encodes to the same bytes (or to
//! its reviewed `<name>.after_roundtrip.<ext>`), and survives version → internal → version.
//!
//! `cargo xtask codegen` writes the crate's table of kinds ([`Fixtures`], in
//! `generated/round_trip.rs`); the fixtures themselves come from the derived [`Fuzz`] impls
//! (with the crate's fuzz hooks, so they hold the invariants conversions rely on) on a fixed
//! seed, written by [`run`] when `KAPI_UPDATE_FIXTURES=1` (Kubernetes'
//! `UPDATE_COMPATIBILITY_FIXTURE_DATA`). `HEAD/FINGERPRINTS` records the shape of each kind
//! they were written for; codegen's `--verify-only` compares it with today's API.
//!
//! Fixtures another project wrote (k8s.io/api's `testdata/`) are an external input
//! ([`External`]: absent, the test prints `SKIPPED` and passes, unless `KAPI_REQUIRE_TOOLS=1`)
//! checked by Kubernetes' own rules ([`Rules::Kubernetes`], apimachinery's
//! `roundtrip.CompatibilityTestOptions`).

use crate::codec::{json, protobuf, yaml};
use crate::conversion::Versioned;
use crate::fuzz::{Fuzz, Fuzzer};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// The directory of today's fixtures, rewritten by `KAPI_UPDATE_FIXTURES=1`.
pub const HEAD: &str = "HEAD";
/// The file in `HEAD/` naming each kind's fingerprint when its fixtures were written.
pub const FINGERPRINTS: &str = "FINGERPRINTS";
/// The infix of a reviewed round-trip result: `<name>.after_roundtrip.<ext>`.
pub const AFTER_ROUNDTRIP: &str = "after_roundtrip";
/// The variable that makes [`run`] write `HEAD/` (and `after_roundtrip` files for review).
pub const UPDATE_ENV: &str = "KAPI_UPDATE_FIXTURES";

/// A crate's fixture root and its kinds (generated).
pub struct Fixtures {
    /// The root: release directories (`HEAD/`, `v1.0/`), or fixture files directly in it (a
    /// flat directory of today's fixtures, such as a copy of k8s.io/api's `testdata/HEAD`).
    pub root: PathBuf,
    /// How an external root was looked for; `None` for the crate's own root.
    pub external: Option<External>,
    pub rules: Rules,
    pub compare: Compare,
    pub kinds: Vec<Kind>,
}

/// A fixture root that is an external input, like a tool the tests need: the directory the
/// variable `env` names, else the first of `paths` that exists. Absent, [`run`] prints
/// `SKIPPED` with what to set and passes, unless `KAPI_REQUIRE_TOOLS=1` (CI).
#[derive(Debug, Clone)]
pub struct External {
    pub env: &'static str,
    pub paths: Vec<PathBuf>,
    /// The command that gets the fixtures, named in the `SKIPPED` line.
    pub fetch: Option<&'static str>,
}

impl External {
    /// The root `env` names (present or not: a set variable is never second-guessed), else
    /// the first of `paths` that is a directory, else the first of `paths`.
    pub fn root(&self) -> PathBuf {
        if let Some(dir) = std::env::var_os(self.env).filter(|v| !v.is_empty()) {
            return PathBuf::from(dir);
        }
        self.paths
            .iter()
            .find(|p| p.is_dir())
            .or(self.paths.first())
            .cloned()
            .unwrap_or_default()
    }

    /// Why the fixtures at `root` are absent, and what to set.
    fn absent(&self, root: &Path) -> String {
        let searched: Vec<String> = self.paths.iter().map(|p| p.display().to_string()).collect();
        let mut reason = match std::env::var_os(self.env).filter(|v| !v.is_empty()) {
            Some(_) => format!("{} (from {}) is not a directory", root.display(), self.env),
            None => format!(
                "no fixtures: {} is unset and none of {} exists",
                self.env,
                searched.join(", ")
            ),
        };
        reason.push_str(&format!("; set {} to the fixture directory", self.env));
        if let Some(fetch) = self.fetch {
            reason.push_str(&format!(" or run `{fetch}`"));
        }
        reason
    }
}

/// Which checks a fixture passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// The crate's own releases: every file decodes strictly (an unknown field fails),
    /// re-encodes to its bytes or its `after_roundtrip` file, survives the hub; a fixture of
    /// a kind that is gone fails.
    Kapi,
    /// apimachinery's `roundtrip.CompatibilityTestOptions` (`compatibility.go`), for fixtures
    /// another encoder wrote: each format decodes as kube-apiserver decodes (unknown fields
    /// dropped, and listed in the summary), the JSON, YAML and protobuf of a kind decode to
    /// equal objects, each re-encodes to its bytes or its `after_roundtrip` file (which must
    /// differ from the fixture), and fixtures of kinds the crate no longer has are skipped
    /// and listed.
    Kubernetes,
}

/// How a re-encoded fixture must match: byte for byte, or (JSON and YAML, for fixtures
/// written by another encoder, such as Go's, which escapes and orders differently) as
/// values. Protobuf is always compared byte for byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compare {
    Bytes,
    Values,
}

/// One kind of one version: its fixture name and how to decode, encode and make it.
pub struct Kind {
    /// `<group>.<version>.<Kind>`, the core group as `core` (k8s.io/api's file names).
    pub name: &'static str,
    /// The shape of the kind in the model when codegen ran; `HEAD/FINGERPRINTS` records it.
    pub fingerprint: &'static str,
    pub json: Codec,
    pub yaml: Codec,
    pub protobuf: Option<Codec>,
    /// Value → version → internal → version → value, for kinds with a hub.
    pub hub: Option<HubRoundTrip>,
}

/// A kind's trip through its hub, on the object as JSON.
pub type HubRoundTrip = fn(&Value) -> Result<Value, String>;

/// One format of a kind: strict decode and re-encode, and the encoding of a new fixture.
#[derive(Clone, Copy)]
pub struct Codec {
    pub decode: fn(&[u8]) -> Result<Decoded, String>,
    pub sample: fn(u64) -> Result<Vec<u8>, String>,
}

/// A fixture decoded: the object as JSON, the object encoded again in the same format, and
/// the fields the decoder dropped (unknown) or read more than once (the last one wins), by
/// path.
pub struct Decoded {
    pub value: Value,
    pub reencoded: Vec<u8>,
    pub unknown_fields: Vec<String>,
    pub duplicate_fields: Vec<String>,
}

impl Decoded {
    /// Kapi's own rule: a fixture decodes strictly.
    fn strict(&self) -> Result<(), String> {
        let problems: Vec<String> = self
            .unknown_fields
            .iter()
            .map(|p| format!("unknown field {p:?}"))
            .chain(
                self.duplicate_fields
                    .iter()
                    .map(|p| format!("duplicate field {p:?}")),
            )
            .collect();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "does not decode: strict decoding error: {}",
                problems.join(", ")
            ))
        }
    }
}

/// The JSON codec of `T`: strict decode, and Kubernetes' fixture layout (two-space
/// indentation, no final newline).
pub fn json_codec<T: Fuzz + Serialize + DeserializeOwned>() -> Codec {
    Codec {
        decode: decode_json::<T>,
        sample: |seed| encode_json(&sample::<T>(seed)),
    }
}

/// The YAML codec of `T`.
pub fn yaml_codec<T: Fuzz + Serialize + DeserializeOwned>() -> Codec {
    Codec {
        decode: decode_yaml::<T>,
        sample: |seed| encode_yaml(&sample::<T>(seed)),
    }
}

/// The protobuf codec of `T`, in the `k8s\x00` envelope.
pub fn protobuf_codec<T: Fuzz + Serialize + protobuf::ProtoMessage>() -> Codec {
    Codec {
        decode: decode_protobuf::<T>,
        sample: |seed| Ok(protobuf::encode(&sample::<T>(seed))),
    }
}

/// The hub round trip of `T`.
pub fn hub<T: Versioned + Serialize + DeserializeOwned>() -> HubRoundTrip {
    |value| {
        // From bytes: the one decoder every kind is compiled for (`codec::track`).
        let bytes = serde_json::to_vec(value).map_err(|e| e.to_string())?;
        let typed: T = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
        let back = typed
            .to_internal()
            .and_then(T::from_internal)
            .map_err(|e| format!("conversion failed: {e}"))?;
        crate::codec::json::to_value(&back).map_err(|e| e.to_string())
    }
}

/// A fully populated `T`: every optional value set where the depth allows, every
/// collection non-empty, enums within their known values; the seed is the kind's name, so
/// a new kind never changes another's fixture.
fn sample<T: Fuzz>(seed: u64) -> T {
    T::fuzz(&mut Fuzzer::full(seed))
}

fn decode_json<T: Serialize + DeserializeOwned>(bytes: &[u8]) -> Result<Decoded, String> {
    decoded(json::from_slice_strict::<T>(bytes), encode_json)
}

fn encode_json<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
    serde_json::to_vec_pretty(value).map_err(|e| e.to_string())
}

fn decode_yaml<T: Serialize + DeserializeOwned>(bytes: &[u8]) -> Result<Decoded, String> {
    decoded(yaml::from_slice_strict::<T>(bytes), encode_yaml)
}

fn encode_yaml<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
    yaml::to_string(value)
        .map(String::into_bytes)
        .map_err(|e| e.to_string())
}

/// A decode's object with every unknown and repeated field it found: kapi's rules refuse
/// them, Kubernetes' drop them as kube-apiserver does.
fn decoded<T: Serialize>(
    strict: Result<json::Strict<T>, crate::codec::CodecError>,
    encode: fn(&T) -> Result<Vec<u8>, String>,
) -> Result<Decoded, String> {
    let strict = strict.map_err(|e| e.to_string())?;
    Ok(Decoded {
        value: crate::codec::json::to_value(&strict.value).map_err(|e| e.to_string())?,
        reencoded: encode(&strict.value)?,
        unknown_fields: strict.unknown_fields,
        duplicate_fields: strict.duplicate_fields,
    })
}

fn decode_protobuf<T: Serialize + protobuf::ProtoMessage>(bytes: &[u8]) -> Result<Decoded, String> {
    let typed: T = protobuf::decode(bytes).map_err(|e| e.to_string())?;
    Ok(Decoded {
        value: crate::codec::json::to_value(&typed).map_err(|e| e.to_string())?,
        reencoded: protobuf::encode(&typed),
        unknown_fields: Vec::new(),
        duplicate_fields: Vec::new(),
    })
}

/// The fixed seed of a kind's fixture: FNV-1a of its name.
pub fn seed_of(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The fixture formats, by file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Format {
    Json,
    Yaml,
    Protobuf,
}

impl Format {
    pub const ALL: [Format; 3] = [Format::Json, Format::Yaml, Format::Protobuf];

    pub fn extension(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Yaml => "yaml",
            Format::Protobuf => "pb",
        }
    }

    fn of_extension(ext: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.extension() == ext)
    }

    fn codec(self, kind: &Kind) -> Option<&Codec> {
        match self {
            Format::Json => Some(&kind.json),
            Format::Yaml => Some(&kind.yaml),
            Format::Protobuf => kind.protobuf.as_ref(),
        }
    }
}

/// A fixture file's name taken apart: `<name>[.after_roundtrip].<ext>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileName {
    pub kind: String,
    pub format: Format,
    pub after_roundtrip: bool,
}

impl FileName {
    /// `None` for a file that is not a fixture (`FINGERPRINTS`, a README).
    pub fn parse(file: &str) -> Option<FileName> {
        let (stem, ext) = file.rsplit_once('.')?;
        let format = Format::of_extension(ext)?;
        let (kind, after_roundtrip) = match stem.strip_suffix(AFTER_ROUNDTRIP) {
            Some(kind) => (kind.strip_suffix('.')?, true),
            None => (stem, false),
        };
        Some(FileName {
            kind: kind.to_string(),
            format,
            after_roundtrip,
        })
    }

    pub fn file(kind: &str, format: Format, after_roundtrip: bool) -> String {
        if after_roundtrip {
            format!("{kind}.{AFTER_ROUNDTRIP}.{}", format.extension())
        } else {
            format!("{kind}.{}", format.extension())
        }
    }
}

/// What [`check`] found: fixtures checked per release directory (`.` for a flat root).
#[derive(Debug, Default)]
pub struct Summary {
    pub checked: BTreeMap<String, usize>,
    /// Fixture files that failed, per release directory ([`report`]; [`check`] fails then).
    pub failed: BTreeMap<String, usize>,
    /// Fixtures of a flat root (another project's HEAD) whose kind the crate does not have.
    pub skipped: usize,
    /// Under Kubernetes' rules, the kinds whose fixtures were skipped because the crate does
    /// not have them (removed since the release, or another crate's, such as apimachinery's).
    pub removed_kinds: BTreeSet<String>,
    /// Under Kubernetes' rules, the unknown fields each fixture's decoding dropped (file →
    /// field paths), as kube-apiserver drops them.
    pub dropped_fields: BTreeMap<String, Vec<String>>,
    /// Why an external root was not checked (it is absent), as the `SKIPPED` line says.
    pub absent: Option<String>,
    /// Files written by an update run.
    pub written: Vec<PathBuf>,
}

impl Summary {
    pub fn total(&self) -> usize {
        self.checked.values().sum()
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(absent) = &self.absent {
            return write!(f, "SKIPPED: {absent}");
        }
        write!(f, "{} fixture(s) passed", self.total())?;
        let per: Vec<String> = self
            .checked
            .iter()
            .map(|(release, n)| format!("{release}: {n}"))
            .collect();
        if !per.is_empty() {
            write!(f, " ({})", per.join(", "))?;
        }
        if self.skipped > 0 {
            write!(
                f,
                "; {} of kinds this crate does not have skipped",
                self.skipped
            )?;
        }
        if !self.removed_kinds.is_empty() {
            let kinds: Vec<&str> = self.removed_kinds.iter().map(String::as_str).collect();
            write!(
                f,
                "; their kinds (removed, or never this crate's): {}",
                kinds.join(", ")
            )?;
        }
        if !self.dropped_fields.is_empty() {
            write!(f, "; unknown fields dropped as kube-apiserver drops them:")?;
            for (file, fields) in &self.dropped_fields {
                write!(f, "\n  {file}: {}", fields.join(", "))?;
            }
        }
        if !self.written.is_empty() {
            write!(f, "; {} file(s) written", self.written.len())?;
        }
        Ok(())
    }
}

/// Every problem, one per line, each naming its file.
#[derive(Debug, Default)]
pub struct Failures(pub Vec<String>);

impl fmt::Display for Failures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} fixture problem(s):", self.0.len())?;
        for line in &self.0 {
            writeln!(f, "  {line}")?;
        }
        write!(
            f,
            "today's fixtures are rewritten by `{UPDATE_ENV}=1 cargo test`; a changed round trip of an older release's fixture is accepted by reviewing the `.{AFTER_ROUNDTRIP}.` file that run writes"
        )
    }
}

impl std::error::Error for Failures {}

/// What the generated fixture test runs: with `KAPI_UPDATE_FIXTURES=1` first rewrites
/// `HEAD/` and writes an `after_roundtrip` file beside each older fixture whose round trip
/// changed it; then checks everything.
///
/// An external root that is absent is not checked: the summary says `SKIPPED` and why (it is
/// printed too), and under `KAPI_REQUIRE_TOOLS=1` its absence is the failure.
pub fn run(fixtures: &Fixtures) -> Result<Summary, Failures> {
    if let Some(external) = &fixtures.external {
        if !fixtures.root.is_dir() {
            let reason = external.absent(&fixtures.root);
            if std::env::var("KAPI_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
                return Err(Failures(vec![format!(
                    "the fixtures are required (KAPI_REQUIRE_TOOLS=1): {reason}"
                )]));
            }
            println!("SKIPPED: {reason}");
            return Ok(Summary {
                absent: Some(reason),
                ..Summary::default()
            });
        }
    }
    let update = std::env::var_os(UPDATE_ENV).is_some_and(|v| !v.is_empty() && v != "0");
    let mut written = Vec::new();
    if update {
        written = write_head(fixtures).map_err(|e| Failures(vec![e]))?;
        written.extend(write_after_roundtrip(fixtures));
    }
    let mut summary = check(fixtures)?;
    summary.written = written;
    Ok(summary)
}

/// Checks every fixture under the root by the crate's [`Rules`]. A root that does not exist
/// has no fixtures.
pub fn check(fixtures: &Fixtures) -> Result<Summary, Failures> {
    let (summary, failures) = report(fixtures)?;
    if failures.is_empty() {
        Ok(summary)
    } else {
        Err(Failures(failures))
    }
}

/// [`check`]'s findings whole: what passed (per release, with the files that failed counted
/// in [`Summary::failed`]) and every problem. `Err` only when the root cannot be read.
pub fn report(fixtures: &Fixtures) -> Result<(Summary, Vec<String>), Failures> {
    match fixtures.rules {
        Rules::Kapi => check_kapi(fixtures),
        Rules::Kubernetes => check_kubernetes(fixtures),
    }
}

fn check_kapi(fixtures: &Fixtures) -> Result<(Summary, Vec<String>), Failures> {
    let mut summary = Summary::default();
    let mut failures = Vec::new();
    let kinds: BTreeMap<&str, &Kind> = fixtures.kinds.iter().map(|k| (k.name, k)).collect();
    for (release, dir) in release_dirs(&fixtures.root).map_err(|e| Failures(vec![e]))? {
        let files = match fixture_files(&dir) {
            Ok(files) => files,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        if release == HEAD {
            failures.extend(head_problems(fixtures, &dir, &files));
        }
        let mut checked = 0;
        for (file, name) in &files {
            if name.after_roundtrip {
                if !files
                    .values()
                    .any(|n| !n.after_roundtrip && n.kind == name.kind && n.format == name.format)
                {
                    failures.push(format!(
                        "{}: no fixture {} for this round-trip result",
                        dir.join(file).display(),
                        FileName::file(&name.kind, name.format, false)
                    ));
                }
                continue;
            }
            let path = dir.join(file);
            // Another project's HEAD holds kinds this crate never had; a release directory's
            // kinds are this crate's own, and one that is gone is a break.
            if release == "." && !kinds.contains_key(name.kind.as_str()) {
                summary.skipped += 1;
                continue;
            }
            match check_file(fixtures, &kinds, &dir, &path, name) {
                Ok(()) => checked += 1,
                Err(e) => {
                    failures.push(format!("{}: {e}", path.display()));
                    *summary.failed.entry(release.clone()).or_default() += 1;
                }
            }
        }
        summary.checked.insert(release, checked);
    }
    Ok((summary, failures))
}

/// Kubernetes' rules (`compatibility.go`'s `runPreviousVersionTest`, which k8s.io/api runs on
/// `testdata/HEAD` and every `testdata/v*`), per kind of each release directory.
fn check_kubernetes(fixtures: &Fixtures) -> Result<(Summary, Vec<String>), Failures> {
    let mut summary = Summary::default();
    let mut failures = Vec::new();
    let kinds: BTreeMap<&str, &Kind> = fixtures.kinds.iter().map(|k| (k.name, k)).collect();
    for (release, dir) in release_dirs(&fixtures.root).map_err(|e| Failures(vec![e]))? {
        let files = match fixture_files(&dir) {
            Ok(files) => files,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let mut of_kind: BTreeMap<&str, Vec<Format>> = BTreeMap::new();
        for name in files.values().filter(|n| !n.after_roundtrip) {
            of_kind
                .entry(name.kind.as_str())
                .or_default()
                .push(name.format);
        }
        for (file, name) in files.iter().filter(|(_, n)| n.after_roundtrip) {
            if !of_kind
                .get(name.kind.as_str())
                .is_some_and(|f| f.contains(&name.format))
            {
                failures.push(format!(
                    "{}: no fixture {} for this round-trip result",
                    dir.join(file).display(),
                    FileName::file(&name.kind, name.format, false)
                ));
            }
        }
        let mut checked = 0;
        for (name, formats) in of_kind {
            // Kubernetes tests the kinds its scheme has; a file of any other is never read.
            let Some(kind) = kinds.get(name) else {
                summary.removed_kinds.insert(name.to_string());
                summary.skipped += formats.len();
                continue;
            };
            let (passed, problems) =
                check_kind(fixtures.compare, kind, &dir, &formats, &mut summary);
            checked += passed;
            if formats.len() > passed {
                *summary.failed.entry(release.clone()).or_default() += formats.len() - passed;
            }
            failures.extend(problems);
        }
        summary.checked.insert(release, checked);
    }
    Ok((summary, failures))
}

/// One kind's fixtures of one directory under Kubernetes' rules: how many files passed, and
/// every problem, each naming its file.
fn check_kind(
    compare: Compare,
    kind: &Kind,
    dir: &Path,
    formats: &[Format],
    summary: &mut Summary,
) -> (usize, Vec<String>) {
    let mut problems = Vec::new();
    // The JSON's object is what the other formats must decode to, as in compatibility.go.
    let mut reference: Option<(Format, Value)> = None;
    let mut passed = 0;
    let mut ordered = formats.to_vec();
    ordered.sort();
    for format in ordered {
        let path = dir.join(FileName::file(kind.name, format, false));
        let problem = |e: String| format!("{}: {e}", path.display());
        let Some(codec) = format.codec(kind) else {
            problems.push(problem(format!(
                "{} has no protobuf encoding any more",
                kind.name
            )));
            continue;
        };
        let bytes = match read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                problems.push(problem(e));
                continue;
            }
        };
        let decoded = match (codec.decode)(&bytes) {
            Ok(decoded) => decoded,
            Err(e) => {
                problems.push(problem(format!("does not decode: {e}")));
                continue;
            }
        };
        if !decoded.unknown_fields.is_empty() {
            summary
                .dropped_fields
                .insert(path.display().to_string(), decoded.unknown_fields.clone());
        }
        let mut ok = true;
        match &reference {
            None => reference = Some((format, decoded.value.clone())),
            Some((first, value)) => {
                if let Some(at) = first_difference_path(value, &decoded.value) {
                    problems.push(problem(format!(
                        "decodes to another object than the {} fixture: {at}",
                        first.extension()
                    )));
                    ok = false;
                }
            }
        }
        let after = dir.join(FileName::file(kind.name, format, true));
        let expected = match std::fs::read(&after) {
            Ok(after_bytes) if after_bytes == bytes => {
                problems.push(format!(
                    "{}: identical to the fixture; remove it",
                    after.display()
                ));
                continue;
            }
            Ok(after_bytes) => Some(after_bytes),
            Err(_) => None,
        };
        let (expected, against) = match &expected {
            Some(after_bytes) => (after_bytes.as_slice(), after.display().to_string()),
            None => (bytes.as_slice(), "the fixture".to_string()),
        };
        let reencoded = match format {
            Format::Json => go_json_escape(&decoded.reencoded),
            _ => decoded.reencoded.clone(),
        };
        if let Err(e) = same_or_why(compare, format, expected, &reencoded) {
            problems.push(problem(format!(
                "re-encodes differently from {against}: {e}"
            )));
            ok = false;
        }
        if ok {
            passed += 1;
        }
    }
    (passed, problems)
}

/// JSON as Go's `encoding/json` escapes it by default (kube-apiserver's serializer and
/// k8s.io/api's fixtures): `<`, `>`, `&`, U+2028 and U+2029 as `\u003c`-style escapes.
/// serde_json writes those characters only inside strings, so replacing them in the text
/// is exact.
fn go_json_escape(json: &[u8]) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(json) else {
        return json.to_vec();
    };
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out.into_bytes()
}

/// `Ok` when a re-encoding matches (protobuf byte for byte, JSON and YAML by `compare`),
/// else where it first differs: the JSON path of the first differing value, the first
/// differing line when only the layout differs, or the byte offset of protobuf.
fn same_or_why(
    compare: Compare,
    format: Format,
    expected: &[u8],
    actual: &[u8],
) -> Result<(), String> {
    if same_encoding(compare, format, actual, expected) {
        return Ok(());
    }
    if format == Format::Protobuf {
        return Err(first_byte_difference(expected, actual));
    }
    let as_value = |bytes: &[u8]| -> Option<Value> {
        match format {
            Format::Json => serde_json::from_slice(bytes).ok(),
            _ => yaml::from_slice(bytes).ok(),
        }
    };
    match (as_value(expected), as_value(actual)) {
        (Some(e), Some(a)) => match first_difference_path(&e, &a) {
            Some(at) => Err(at),
            None => Err(format!(
                "equal values, other bytes:\n{}",
                first_difference(expected, actual)
            )),
        },
        _ => Err(first_difference(expected, actual)),
    }
}

/// The first place two JSON values differ, as `.spec.containers[0].image: expected "a", got
/// "b"` (keys in sorted order, so the first is deterministic); `None` when they are equal.
fn first_difference_path(expected: &Value, actual: &Value) -> Option<String> {
    fn walk(path: &mut String, e: &Value, a: &Value) -> Option<String> {
        if e == a {
            return None;
        }
        let at = |path: &str| {
            if path.is_empty() {
                ".".to_string()
            } else {
                path.to_string()
            }
        };
        match (e, a) {
            (Value::Object(e), Value::Object(a)) => {
                let keys: BTreeSet<&String> = e.keys().chain(a.keys()).collect();
                for key in keys {
                    let len = path.len();
                    if key
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
                    {
                        path.push('.');
                        path.push_str(key);
                    } else {
                        path.push_str(&format!("[{key:?}]"));
                    }
                    let found = match (e.get(key), a.get(key)) {
                        (Some(x), Some(y)) => walk(path, x, y),
                        (Some(x), None) => Some(format!("{}: expected {x}, got nothing", at(path))),
                        (None, Some(y)) => Some(format!("{}: expected nothing, got {y}", at(path))),
                        (None, None) => None,
                    };
                    path.truncate(len);
                    if found.is_some() {
                        return found;
                    }
                }
                None
            }
            (Value::Array(e), Value::Array(a)) => {
                for (i, (x, y)) in e.iter().zip(a).enumerate() {
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    let found = walk(path, x, y);
                    path.truncate(len);
                    if found.is_some() {
                        return found;
                    }
                }
                Some(format!(
                    "{}: expected {} item(s), got {}",
                    at(path),
                    e.len(),
                    a.len()
                ))
            }
            _ => Some(format!("{}: expected {e}, got {a}", at(path))),
        }
    }
    walk(&mut String::new(), expected, actual)
}

/// The release directories of the root, by name, or the root itself (as `.`) when it holds
/// fixture files directly.
fn release_dirs(root: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let entries = match std::fs::read_dir(root) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", root.display())),
    };
    let mut dirs = Vec::new();
    let mut flat = false;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", root.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir() {
            dirs.push((name, entry.path()));
        } else if FileName::parse(&name).is_some() {
            flat = true;
        }
    }
    if flat {
        dirs.push((".".to_string(), root.to_path_buf()));
    }
    dirs.sort();
    Ok(dirs)
}

/// The fixture files of a directory, by file name.
fn fixture_files(dir: &Path) -> Result<BTreeMap<String, FileName>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut files = BTreeMap::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let file = entry.file_name().to_string_lossy().into_owned();
        if let Some(name) = FileName::parse(&file) {
            files.insert(file, name);
        }
    }
    Ok(files)
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read: {e}"))
}

fn check_file(
    fixtures: &Fixtures,
    kinds: &BTreeMap<&str, &Kind>,
    dir: &Path,
    path: &Path,
    name: &FileName,
) -> Result<(), String> {
    let Some(kind) = kinds.get(name.kind.as_str()) else {
        return Err(format!(
            "no kind {} in this crate: its kind or its version was removed, which breaks every client and stored object of that release",
            name.kind
        ));
    };
    let Some(codec) = name.format.codec(kind) else {
        return Err(format!("{} has no protobuf encoding any more", name.kind));
    };
    let bytes = read(path)?;
    let decoded = (codec.decode)(&bytes).map_err(|e| format!("does not decode: {e}"))?;
    decoded.strict()?;
    let after = dir.join(FileName::file(&name.kind, name.format, true));
    let (expected, against) = match std::fs::read(&after) {
        Ok(after_bytes) => (after_bytes, after.display().to_string()),
        Err(_) => (bytes, "the fixture".to_string()),
    };
    same_or_why(fixtures.compare, name.format, &expected, &decoded.reencoded)
        .map_err(|e| format!("re-encodes differently from {against}: {e}"))?;
    if let Some(hub) = kind.hub {
        let back = hub(&decoded.value).map_err(|e| format!("through the hub: {e}"))?;
        if back != decoded.value {
            let mut changes = Vec::new();
            differences("", &decoded.value, &back, &mut changes);
            return Err(format!(
                "version → internal → version loses data:\n    {}",
                changes.join("\n    ")
            ));
        }
    }
    Ok(())
}

/// Where two JSON values part, by path (`spec.ports[0].port`), at most a few.
fn differences(path: &str, before: &Value, after: &Value, out: &mut Vec<String>) {
    const MAX: usize = 8;
    if out.len() >= MAX || before == after {
        return;
    }
    let at = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match (before, after) {
        (Value::Object(b), Value::Object(a)) => {
            let keys: BTreeSet<&String> = b.keys().chain(a.keys()).collect();
            for key in keys {
                match (b.get(key), a.get(key)) {
                    (Some(x), Some(y)) => differences(&at(key), x, y, out),
                    (Some(x), None) => out.push(format!("{}: {x} → (dropped)", at(key))),
                    (None, Some(y)) => out.push(format!("{}: (unset) → {y}", at(key))),
                    (None, None) => {}
                }
            }
        }
        (Value::Array(b), Value::Array(a)) if b.len() == a.len() => {
            for (i, (x, y)) in b.iter().zip(a).enumerate() {
                differences(&format!("{path}[{i}]"), x, y, out);
            }
        }
        _ => out.push(format!(
            "{}: {before} → {after}",
            if path.is_empty() { "." } else { path }
        )),
    }
}

fn same_encoding(compare: Compare, format: Format, actual: &[u8], expected: &[u8]) -> bool {
    if actual == expected {
        return true;
    }
    if compare == Compare::Bytes || format == Format::Protobuf {
        return false;
    }
    let as_value = |bytes: &[u8]| -> Option<Value> {
        match format {
            Format::Json => serde_json::from_slice(bytes).ok(),
            _ => yaml::from_slice(bytes).ok(),
        }
    };
    match (as_value(actual), as_value(expected)) {
        (Some(a), Some(e)) => a == e,
        _ => false,
    }
}

/// The first line (text) or byte offset (binary) where two encodings part.
fn first_difference(expected: &[u8], actual: &[u8]) -> String {
    match (std::str::from_utf8(expected), std::str::from_utf8(actual)) {
        (Ok(e), Ok(a)) => {
            let (mut el, mut al) = (e.lines(), a.lines());
            let mut line = 1;
            loop {
                match (el.next(), al.next()) {
                    (Some(x), Some(y)) if x == y => line += 1,
                    (x, y) => {
                        return format!(
                            "  line {line}: expected {}\n  line {line}: got      {}",
                            x.unwrap_or("<end>"),
                            y.unwrap_or("<end>")
                        )
                    }
                }
            }
        }
        _ => format!("  {}", first_byte_difference(expected, actual)),
    }
}

/// The offset of the first byte where two encodings part.
fn first_byte_difference(expected: &[u8], actual: &[u8]) -> String {
    let at = expected
        .iter()
        .zip(actual)
        .position(|(x, y)| x != y)
        .unwrap_or(expected.len().min(actual.len()));
    format!(
        "byte {at} of {} (expected) / {} (got) differs",
        expected.len(),
        actual.len()
    )
}

/// `HEAD/` must hold every kind's fixtures, written for today's shape of the kind.
fn head_problems(
    fixtures: &Fixtures,
    dir: &Path,
    files: &BTreeMap<String, FileName>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let recorded = read_fingerprints(dir);
    for kind in &fixtures.kinds {
        for format in Format::ALL {
            if format.codec(kind).is_none() {
                continue;
            }
            let file = FileName::file(kind.name, format, false);
            if !files.contains_key(&file) {
                problems.push(format!("{}: missing", dir.join(&file).display()));
            }
        }
        if let Some(recorded) = &recorded {
            if recorded.get(kind.name).map(String::as_str) != Some(kind.fingerprint) {
                problems.push(format!(
                    "{}: written for another shape of {} (fingerprint {} in {FINGERPRINTS}, {} today)",
                    dir.join(FileName::file(kind.name, Format::Json, false)).display(),
                    kind.name,
                    recorded.get(kind.name).map_or("none", String::as_str),
                    kind.fingerprint
                ));
            }
        }
    }
    problems
}

/// `HEAD/FINGERPRINTS` as kind → fingerprint; `None` without the file (a flat root or a
/// HEAD copied from elsewhere).
pub fn read_fingerprints(head: &Path) -> Option<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(head.join(FINGERPRINTS)).ok()?;
    Some(parse_fingerprints(&text))
}

/// The lines `<kind> <fingerprint>` of a `FINGERPRINTS` file; `#` starts a comment.
pub fn parse_fingerprints(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .map(|(k, f)| (k.to_string(), f.trim().to_string()))
        .collect()
}

/// The text of a `FINGERPRINTS` file for `kinds`.
pub fn fingerprints_text<'a>(kinds: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut out = String::from(
        "# The shape of each kind when HEAD's fixtures were written (KAPI_UPDATE_FIXTURES=1 cargo test);\n# kapi-codegen --verify-only compares it with today's API.\n",
    );
    let sorted: BTreeMap<&str, &str> = kinds.into_iter().collect();
    for (kind, fingerprint) in sorted {
        out.push_str(&format!("{kind} {fingerprint}\n"));
    }
    out
}

/// Rewrites `HEAD/` under a root of release directories: every kind's fixtures from its
/// fixed seed, `FINGERPRINTS`, and no fixture of a kind that is gone. Reviewed
/// `after_roundtrip` files in `HEAD/` are left alone.
pub fn write_head(fixtures: &Fixtures) -> Result<Vec<PathBuf>, String> {
    if release_dirs(&fixtures.root)?
        .iter()
        .any(|(release, _)| release == ".")
    {
        return Err(format!(
            "{} holds fixture files directly (a flat copy of another project's HEAD): kapi writes only a root of release directories",
            fixtures.root.display()
        ));
    }
    let dir = fixtures.root.join(HEAD);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut expected = BTreeSet::new();
    let mut written = Vec::new();
    for kind in &fixtures.kinds {
        let seed = seed_of(kind.name);
        for format in Format::ALL {
            let Some(codec) = format.codec(kind) else {
                continue;
            };
            let file = FileName::file(kind.name, format, false);
            let bytes = (codec.sample)(seed).map_err(|e| format!("{}: {e}", kind.name))?;
            write_if_changed(&dir.join(&file), &bytes, &mut written)?;
            expected.insert(file);
        }
    }
    let text = fingerprints_text(fixtures.kinds.iter().map(|k| (k.name, k.fingerprint)));
    write_if_changed(&dir.join(FINGERPRINTS), text.as_bytes(), &mut written)?;
    for (file, name) in fixture_files(&dir)? {
        if !name.after_roundtrip && !expected.contains(&file) {
            let path = dir.join(&file);
            std::fs::remove_file(&path)
                .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
            written.push(path);
        }
    }
    Ok(written)
}

fn write_if_changed(path: &Path, bytes: &[u8], written: &mut Vec<PathBuf>) -> Result<(), String> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    written.push(path.to_path_buf());
    Ok(())
}

/// Beside each fixture of an older release that decodes but re-encodes differently, the
/// re-encoded bytes as `<name>.after_roundtrip.<ext>`, for review (Kubernetes' update run).
fn write_after_roundtrip(fixtures: &Fixtures) -> Vec<PathBuf> {
    let mut written = Vec::new();
    let kinds: BTreeMap<&str, &Kind> = fixtures.kinds.iter().map(|k| (k.name, k)).collect();
    let Ok(dirs) = release_dirs(&fixtures.root) else {
        return written;
    };
    for (release, dir) in dirs {
        if release == HEAD || release == "." {
            continue;
        }
        let Ok(files) = fixture_files(&dir) else {
            continue;
        };
        for (file, name) in files.iter().filter(|(_, n)| !n.after_roundtrip) {
            let Some(codec) = kinds
                .get(name.kind.as_str())
                .and_then(|k| name.format.codec(k))
            else {
                continue;
            };
            let Ok(bytes) = std::fs::read(dir.join(file)) else {
                continue;
            };
            let Ok(decoded) = (codec.decode)(&bytes) else {
                continue;
            };
            // Kapi's rules refuse an unknown field rather than accept its loss.
            if fixtures.rules == Rules::Kapi && decoded.strict().is_err() {
                continue;
            }
            if !same_encoding(fixtures.compare, name.format, &decoded.reencoded, &bytes) {
                let after = dir.join(FileName::file(&name.kind, name.format, true));
                // A failed write shows up as the failure the check reports next.
                let _ = write_if_changed(&after, &decoded.reencoded, &mut written);
            }
        }
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_follow_kubernetes() {
        assert_eq!(
            FileName::parse("apps.v1.Deployment.after_roundtrip.pb"),
            Some(FileName {
                kind: "apps.v1.Deployment".into(),
                format: Format::Protobuf,
                after_roundtrip: true
            })
        );
        assert_eq!(
            FileName::parse("core.v1.Pod.json").map(|n| (n.kind, n.after_roundtrip)),
            Some(("core.v1.Pod".to_string(), false))
        );
        assert_eq!(FileName::parse("FINGERPRINTS"), None);
        assert_eq!(FileName::parse("README.md"), None);
        assert_eq!(
            FileName::file("core.v1.Pod", Format::Yaml, true),
            "core.v1.Pod.after_roundtrip.yaml"
        );
    }

    #[test]
    fn hub_losses_are_named_by_path() {
        let before = serde_json::json!({"spec": {"ports": [{"port": 1}], "a": 1}, "b": [1, 2]});
        let after = serde_json::json!({"spec": {"a": 2}, "b": [1]});
        let mut out = Vec::new();
        differences("", &before, &after, &mut out);
        assert_eq!(
            out,
            [
                "b: [1,2] → [1]",
                "spec.a: 1 → 2",
                "spec.ports: [{\"port\":1}] → (dropped)"
            ]
        );
    }

    /// A directory of hand-written fixtures of one kind, `meta.v1.Status`, checked by
    /// Kubernetes' rules.
    struct Dir(PathBuf);

    impl Dir {
        fn new(name: &str, files: &[(&str, &str)]) -> Dir {
            let dir =
                std::env::temp_dir().join(format!("kapi-fixtures-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("temp dir");
            for (file, text) in files {
                std::fs::write(dir.join(file), text).expect("write fixture");
            }
            Dir(dir)
        }

        fn fixtures(&self) -> Fixtures {
            Fixtures {
                root: self.0.clone(),
                external: None,
                rules: Rules::Kubernetes,
                compare: Compare::Bytes,
                kinds: vec![Kind {
                    name: "meta.v1.Status",
                    fingerprint: "",
                    json: json_codec::<crate::meta::Status>(),
                    yaml: yaml_codec::<crate::meta::Status>(),
                    protobuf: None,
                    hub: None,
                }],
            }
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    const JSON: &str = "{\n  \"kind\": \"Status\",\n  \"apiVersion\": \"v1\",\n  \"metadata\": {},\n  \"status\": \"Failure\",\n  \"message\": \"gone\",\n  \"code\": 404\n}";
    const YAML: &str =
        "apiVersion: v1\ncode: 404\nkind: Status\nmessage: gone\nmetadata: {}\nstatus: Failure\n";

    #[test]
    fn kubernetes_rules_pass_fixtures_that_re_encode_to_their_bytes() {
        let dir = Dir::new(
            "pass",
            &[("meta.v1.Status.json", JSON), ("meta.v1.Status.yaml", YAML)],
        );
        let summary = check(&dir.fixtures()).expect("passes");
        assert_eq!(summary.total(), 2);
        assert!(summary.dropped_fields.is_empty());
    }

    #[test]
    fn kubernetes_rules_drop_unknown_fields_and_use_after_roundtrip() {
        let old = JSON.replace("\"code\": 404", "\"code\": 404,\n  \"retired\": true");
        let old_yaml = format!("{YAML}retired: true\n");
        let files = [
            ("meta.v1.Status.json", old.as_str()),
            ("meta.v1.Status.yaml", old_yaml.as_str()),
        ];
        // Without a reviewed result, the dropped field is a difference named by its path.
        let dir = Dir::new("unknown", &files);
        let failures = check(&dir.fixtures()).expect_err("re-encodes without the field");
        assert_eq!(failures.0.len(), 2, "{failures}");
        assert!(
            failures.0[0].ends_with(
                "re-encodes differently from the fixture: .retired: expected true, got nothing"
            ),
            "{failures}"
        );
        // With `after_roundtrip` files holding the round trip's bytes, the fixtures pass and
        // the dropped field is listed.
        let dir = Dir::new(
            "after",
            &[
                files[0],
                files[1],
                ("meta.v1.Status.after_roundtrip.json", JSON),
                ("meta.v1.Status.after_roundtrip.yaml", YAML),
            ],
        );
        let summary = check(&dir.fixtures()).expect("passes against after_roundtrip");
        assert_eq!(summary.total(), 2);
        let dropped: Vec<&Vec<String>> = summary.dropped_fields.values().collect();
        assert_eq!(
            dropped,
            [&vec!["retired".to_string()], &vec!["retired".to_string()]]
        );
        assert!(
            summary.to_string().contains("meta.v1.Status.json: retired"),
            "{summary}"
        );
    }

    #[test]
    fn kubernetes_rules_report_formats_that_disagree_by_path() {
        let yaml = YAML.replace("message: gone", "message: moved");
        let dir = Dir::new(
            "disagree",
            &[
                ("meta.v1.Status.json", JSON),
                ("meta.v1.Status.yaml", &yaml),
            ],
        );
        let failures = check(&dir.fixtures()).expect_err("YAML and JSON differ");
        assert_eq!(failures.0.len(), 1, "{failures}");
        assert!(
            failures.0[0].ends_with(
                "meta.v1.Status.yaml: decodes to another object than the json fixture: .message: expected \"gone\", got \"moved\""
            ),
            "{failures}"
        );
    }

    #[test]
    fn kubernetes_rules_skip_and_list_kinds_the_crate_does_not_have() {
        let dir = Dir::new(
            "removed",
            &[
                ("meta.v1.Status.json", JSON),
                ("batch.v2alpha1.CronJob.json", "{}"),
            ],
        );
        let summary = check(&dir.fixtures()).expect("the removed kind is skipped");
        assert_eq!(summary.total(), 1);
        assert_eq!(
            summary.removed_kinds.iter().collect::<Vec<_>>(),
            ["batch.v2alpha1.CronJob"]
        );
    }

    #[test]
    fn kubernetes_rules_refuse_an_after_roundtrip_equal_to_its_fixture() {
        let dir = Dir::new(
            "identical",
            &[
                ("meta.v1.Status.json", JSON),
                ("meta.v1.Status.after_roundtrip.json", JSON),
            ],
        );
        let failures = check(&dir.fixtures()).expect_err("identical after_roundtrip");
        assert!(
            failures.0[0].ends_with("identical to the fixture; remove it"),
            "{failures}"
        );
    }

    #[test]
    fn kapi_rules_stay_strict() {
        let old = JSON.replace("\"code\": 404", "\"code\": 404,\n  \"retired\": true");
        let dir = Dir::new("strict", &[("meta.v1.Status.json", &old)]);
        let mut fixtures = dir.fixtures();
        fixtures.rules = Rules::Kapi;
        let failures = check(&fixtures).expect_err("unknown field");
        assert!(
            failures.0[0].contains("unknown field \"retired\""),
            "{failures}"
        );
    }

    #[test]
    fn protobuf_differences_name_the_byte() {
        let why = same_or_why(Compare::Bytes, Format::Protobuf, b"k8s\0abcd", b"k8s\0abXd")
            .expect_err("differs");
        assert_eq!(why, "byte 6 of 8 (expected) / 8 (got) differs");
    }

    #[test]
    fn json_is_escaped_as_go_escapes_it() {
        assert_eq!(
            go_json_escape("{\"a\": \"<b> & \u{2028}\"}".as_bytes()),
            b"{\"a\": \"\\u003cb\\u003e \\u0026 \\u2028\"}".to_vec()
        );
    }

    #[test]
    fn fingerprints_read_back() {
        let text = fingerprints_text([("b.v1.B", "2"), ("a.v1.A", "1")]);
        let parsed = parse_fingerprints(&text);
        assert_eq!(parsed.get("a.v1.A").map(String::as_str), Some("1"));
        assert_eq!(parsed.len(), 2);
        assert!(text.find("a.v1.A").unwrap() < text.find("b.v1.B").unwrap());
    }
}
