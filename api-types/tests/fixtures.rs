//! Every per-release fixture (`testdata/HEAD`, `testdata/v1.0`) decodes strictly in its own
//! version, re-encodes to the same bytes in JSON, YAML and protobuf, and survives
//! version → internal → version. `KAPI_UPDATE_FIXTURES=1 cargo test -p api-types --test
//! fixtures` rewrites `testdata/HEAD` after an API change; `cargo xtask codegen
//! --snapshot-release <name>` copies it to `testdata/<name>` at a release.

#[test]
fn every_fixture_of_every_release() {
    match kapi::fixtures::run(&api_types::generated::round_trip::fixtures()) {
        Ok(summary) => eprintln!("{summary}"),
        Err(failures) => panic!("{failures}"),
    }
}
