//! Every shipped kind against k8s.io/api's own `testdata/HEAD` fixtures, through the
//! generated `fixtures()` (`fixture-root` in Cargo.toml): strict decoding with no unknown
//! fields, JSON and YAML equal as values after re-encoding, protobuf re-encoded byte for byte.
//! The byte-identical protobuf is the proof that names, field numbers and encodings match
//! Kubernetes'.

use std::collections::BTreeSet;
use std::path::PathBuf;

#[test]
fn every_fixture_of_every_shipped_kind() {
    check(kapi_k8s::generated::round_trip::fixtures());
}

/// apiextensions.k8s.io lives in k8s.io/apiextensions-apiserver, whose `pkg/apis/testdata/HEAD`
/// fixtures are copied beside this test (`fixtures/apiextensions-apiserver/README.md`); the
/// same kinds, the same check.
#[test]
fn every_apiextensions_fixture() {
    let mut fixtures = kapi_k8s::generated::round_trip::fixtures();
    fixtures.root =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/apiextensions-apiserver");
    check(fixtures);
}

fn check(fixtures: kapi::fixtures::Fixtures) {
    let files: Vec<String> = std::fs::read_dir(&fixtures.root)
        .unwrap_or_else(|e| panic!("{}: {e}", fixtures.root.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|f| [".json", ".yaml", ".pb"].iter().any(|ext| f.ends_with(ext)))
        .collect();
    let kinds: BTreeSet<&str> = fixtures.kinds.iter().map(|k| k.name).collect();
    // `apps.v1.Deployment` is of group-version `apps.v1.`.
    let group_versions: BTreeSet<&str> = kinds
        .iter()
        .filter_map(|k| k.rfind('.').map(|dot| &k[..=dot]))
        .collect();
    let stem = |f: &str| f.rsplit_once('.').map_or("", |(stem, _)| stem).to_string();
    let of_shipped_kinds = files
        .iter()
        .filter(|f| kinds.contains(stem(f).as_str()))
        .count();
    let of_shipped_groups = files
        .iter()
        .filter(|f| group_versions.iter().any(|gv| f.starts_with(gv)))
        .count();
    let summary = kapi::fixtures::run(&fixtures).unwrap_or_else(|failures| panic!("{failures}"));
    // The count the issue asks for: fixture files passed / of shipped group-versions / all.
    println!(
        "{summary}\nfixture files passed: {} / {of_shipped_groups} of shipped group-versions / {} in all",
        summary.total(),
        files.len()
    );
    // A fixture of a shipped kind that was not checked would be a silent pass.
    assert!(
        of_shipped_kinds > 0,
        "no fixture of a shipped kind in {}",
        fixtures.root.display()
    );
    assert_eq!(
        summary.total(),
        of_shipped_kinds,
        "every fixture of a shipped kind is checked"
    );
}
