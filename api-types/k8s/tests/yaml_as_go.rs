//! kapi's YAML is sigs.k8s.io/yaml's: every HEAD YAML fixture of k8s.io/api (written by Go's
//! `sigs.k8s.io/yaml`, go-yaml v2 under it) decoded with kapi-k8s's types and encoded with
//! kapi's YAML gives the fixture's bytes. The fixtures are an external input, found as the
//! `fixtures` test finds them; absent, this prints `SKIPPED` (and fails under
//! `KAPI_REQUIRE_TOOLS=1`).

#[test]
fn every_yaml_fixture_re_encodes_byte_for_byte() {
    let fixtures = kapi_k8s::generated::round_trip::fixtures();
    if !fixtures.root.is_dir() {
        let why = format!("no k8s.io/api fixtures at {}: set KAPI_K8S_FIXTURES or run `cargo xtask fetch-k8s-fixtures`", fixtures.root.display());
        assert!(
            !std::env::var("KAPI_REQUIRE_TOOLS").is_ok_and(|v| v == "1"),
            "the fixtures are required (KAPI_REQUIRE_TOOLS=1): {why}"
        );
        println!("SKIPPED: {why}");
        return;
    }
    let mut identical = 0;
    let mut different = Vec::new();
    let mut of_other_kinds = 0;
    for kind in &fixtures.kinds {
        let path = fixtures.root.join(format!("{}.yaml", kind.name));
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let decoded =
            (kind.yaml.decode)(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if decoded.reencoded == bytes {
            identical += 1;
        } else {
            different.push(kind.name);
        }
    }
    let all = std::fs::read_dir(&fixtures.root)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|f| f.ends_with(".yaml") && !f.contains(".after_roundtrip."))
                .count()
        })
        .unwrap_or(0);
    of_other_kinds += all - identical - different.len();
    println!(
        "YAML fixtures re-encoded byte for byte: {identical} of {} of kapi-k8s's kinds ({all} in all; {of_other_kinds} of kinds kapi-k8s does not have)",
        identical + different.len()
    );
    assert!(
        different.is_empty(),
        "{} YAML fixture(s) re-encode to other bytes: {}",
        different.len(),
        different.join(", ")
    );
}
