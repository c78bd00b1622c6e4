//! Compile-fail tests: every marker mistake the derive and `group_version!` must reject,
//! with the message a user sees pinned in `ui/*.stderr`.

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
