//! Every fixture under `testdata/` decodes strictly, re-encodes to the same bytes and
//! survives the hub. `KAPI_UPDATE_FIXTURES=1 cargo test --test fixtures` rewrites
//! `testdata/HEAD` after an API change.

#[test]
fn every_fixture_of_every_release() {
    match kapi::fixtures::run(&widgets::generated::round_trip::fixtures()) {
        Ok(summary) => eprintln!("{summary}"),
        Err(failures) => panic!("{failures}"),
    }
}
