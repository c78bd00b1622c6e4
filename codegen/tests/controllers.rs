//! The controller generator (`controllers = true`): which kinds' informers get a
//! `controller()`, the factory each informer keeps for it, and the errors for a mistyped
//! setting or a crate that does not depend on kapi-controller.

use kapi_codegen::generate::{self, Mode, Settings};
use std::path::Path;

const PACKAGE: &str = r#"[package]
name = "demo"
version = "0.1.0"
edition = "2021"
"#;

/// The setting on, with the dependency the generated code needs.
const ON: &str = r#"
[package.metadata.kapi]
controllers = true

[dependencies]
kapi-controller = { path = "../kapi/runtime/controller" }
"#;

const LIB: &str = r#"pub mod v1;
pub mod v2;

#[rustfmt::skip]
#[path = "../generated/mod.rs"]
pub mod generated;
"#;

/// Kinds with an informer (a client that lists and watches, namespaced or not) and kinds
/// without one.
const V1: &str = r#"kapi::group_version! { group_name = "demo.example.com", version = "v1", group_go_name = "Demo" }

#[rustfmt::skip]
#[path = "../../generated/v1/mod.rs"]
pub mod generated;

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client, subresource_status)]
pub struct Everything {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(non_namespaced, read_only))]
pub struct Cluster {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(skip_verbs = ["watch"]))]
pub struct Unwatched {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind)]
pub struct NoClient {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}
"#;

/// A group-version behind a cargo feature: what names its types outside it is gated too.
const V2: &str = r#"kapi::group_version! { group_name = "other.example.com", version = "v2", group_go_name = "Other", cargo_feature = "other-v2" }

#[rustfmt::skip]
#[path = "../../generated/v2/mod.rs"]
pub mod generated;

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client)]
pub struct Gadget {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}
"#;

fn write_crate(dir: &Path, manifest: &str) {
    for (path, text) in [
        ("Cargo.toml", manifest),
        ("src/lib.rs", LIB),
        ("src/v1/mod.rs", V1),
        ("src/v2/mod.rs", V2),
    ] {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn read(dir: &Path, path: &str) -> String {
    std::fs::read_to_string(dir.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn generated(dir: &Path) -> Vec<generate::GeneratedFile> {
    let (model, settings) = generate::load_model(dir).unwrap_or_else(|e| panic!("{e}"));
    generate::generate_all(&model, &settings).unwrap_or_else(|d| {
        panic!(
            "{:#?}",
            d.iter().map(|d| d.full_message()).collect::<Vec<_>>()
        )
    })
}

#[test]
fn controllers_on_give_every_informer_a_controller() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path(), &format!("{PACKAGE}{ON}"));
    let report = generate::run(dir.path(), Mode::Write).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.is_clean());
    let controllers = read(dir.path(), "generated/controllers.rs");
    insta::assert_snapshot!(controllers);
    // Exactly the kinds with an informer: Unwatched cannot watch, NoClient has no client.
    let impls: Vec<&str> = controllers
        .lines()
        .filter_map(|l| l.strip_prefix("impl "))
        .collect();
    assert_eq!(
        impls,
        [
            "crate::v1::generated::informers::EverythingInformer {",
            "crate::v1::generated::informers::ClusterInformer {",
            "crate::v2::generated::informers::GadgetInformer {",
        ]
    );
    assert!(read(dir.path(), "generated/mod.rs").contains("\npub mod controllers;\n"));
    // Each informer keeps the factory it came from, which `controller()` builds on.
    let informers = read(dir.path(), "generated/v1/informers.rs");
    for line in [
        "            factory: factory.clone(),",
        "    pub fn factory(&self) -> &::kapi::cache::SharedInformerFactory {",
    ] {
        assert_eq!(informers.matches(line).count(), 2, "{line}\n{informers}");
    }
    // Written once, the same files again: nothing to change.
    assert_eq!(generated(dir.path()), generated(dir.path()));
    assert!(generate::run(dir.path(), Mode::Verify).unwrap().is_clean());
}

#[test]
fn controllers_off_leave_the_informers_as_they_are() {
    for manifest in [
        PACKAGE.to_string(),
        format!("{PACKAGE}\n[package.metadata.kapi]\ncontrollers = false\n"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        write_crate(dir.path(), &manifest);
        let report = generate::run(dir.path(), Mode::Write).unwrap_or_else(|e| panic!("{e}"));
        assert!(report.is_clean());
        assert!(!dir.path().join("generated/controllers.rs").exists());
        assert!(!read(dir.path(), "generated/mod.rs").contains("controllers"));
        let informers = read(dir.path(), "generated/v1/informers.rs");
        assert!(
            !informers.contains("factory: factory.clone()"),
            "{informers}"
        );
        assert!(!informers.contains("pub fn factory("), "{informers}");
    }
}

#[test]
fn a_crate_without_informers_gets_no_controllers_file() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path(), &format!("{PACKAGE}{ON}"));
    let unlisted = |v: &str| {
        v.replace(
            "gen_client, subresource_status",
            "gen_client(only_verbs = [\"get\"])",
        )
        .replace(
            "gen_client(non_namespaced, read_only)",
            "gen_client(only_verbs = [\"get\"])",
        )
        .replace("#[k8s(kind, gen_client)]", "#[k8s(kind)]")
    };
    std::fs::write(dir.path().join("src/v1/mod.rs"), unlisted(V1)).unwrap();
    std::fs::write(dir.path().join("src/v2/mod.rs"), unlisted(V2)).unwrap();
    let report = generate::run(dir.path(), Mode::Write).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.is_clean());
    assert!(!dir.path().join("generated/v1/informers.rs").exists());
    assert!(!dir.path().join("generated/controllers.rs").exists());
}

fn settings_error(manifest: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path(), manifest);
    let err = generate::run(dir.path(), Mode::Write).expect_err("a bad setting");
    assert!(!dir.path().join("generated").exists(), "nothing is written");
    err.to_string()
}

#[test]
fn a_mistyped_controllers_setting_is_an_error() {
    let message = settings_error(&format!("{PACKAGE}{}", ON.replace("true", "\"yes\"")));
    assert!(
        message.ends_with("[package.metadata.kapi] controllers must be true or false"),
        "{message}"
    );
    let message = settings_error(&format!(
        "{PACKAGE}{}",
        ON.replace("controllers", "controller")
    ));
    assert!(
        message.ends_with(
            "unknown setting `controller` in [package.metadata.kapi] (did you mean `controllers`?)"
        ),
        "{message}"
    );
}

#[test]
fn controllers_need_kapi_controller_under_its_name() {
    let expected = "[package.metadata.kapi] controllers = true writes controllers on \
                    kapi-controller, which [dependencies] does not list; add \
                    `kapi-controller = ..` to [dependencies], under that name";
    let without = format!("{PACKAGE}\n[package.metadata.kapi]\ncontrollers = true\n");
    let message = settings_error(&without);
    assert!(message.ends_with(expected), "{message}");
    // The generated code names `::kapi_controller`, which a renamed dependency is not.
    let renamed = ON.replace(
        "kapi-controller = {",
        "ctrl = { package = \"kapi-controller\",",
    );
    let message = settings_error(&format!("{PACKAGE}{renamed}"));
    assert!(message.ends_with(expected), "{message}");
    // A dependency of one target is one.
    let target = ON.replace("[dependencies]", "[target.'cfg(unix)'.dependencies]");
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path(), &format!("{PACKAGE}{target}"));
    assert!(generate::run(dir.path(), Mode::Write).is_ok_and(|r| r.is_clean()));
}

/// kapi-controller depends on kapi-k8s (its Lease and Event kinds): kapi-k8s cannot depend
/// on it, so it never opts in.
#[test]
fn kapi_k8s_does_not_opt_in() {
    let k8s = Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types/k8s");
    let settings = Settings::load(&k8s).unwrap_or_else(|e| panic!("{e}"));
    assert!(!settings.controllers);
    let widgets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types/widgets");
    assert!(Settings::load(&widgets).is_ok_and(|s| s.controllers));
}
