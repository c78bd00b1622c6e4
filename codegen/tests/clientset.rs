//! The clientset and apply-configuration generators: snapshots of what they write for the
//! example API, which verbs each `gen_client` option leaves on a small crate, and the errors
//! for misspelled or contradictory options.

use heck::ToSnakeCase;
use kapi_codegen::generate::{self, Error, Mode};
use std::path::{Path, PathBuf};

fn example_api() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types")
}

/// The generated files of the example API, in memory.
fn example_file(path: &str) -> String {
    let (model, settings) = generate::load_model(&example_api()).unwrap_or_else(|e| panic!("{e}"));
    let files = generate::generate_all(&model, &settings).unwrap_or_else(|d| {
        panic!(
            "{:#?}",
            d.iter().map(|d| d.full_message()).collect::<Vec<_>>()
        )
    });
    files
        .into_iter()
        .find(|f| f.path == Path::new(path))
        .unwrap_or_else(|| panic!("no generated {path}"))
        .contents
}

#[test]
fn example_v1_client() {
    insta::assert_snapshot!(example_file("generated/v1/client.rs"));
}

#[test]
fn example_clientset() {
    insta::assert_snapshot!(example_file("generated/clientset.rs"));
}

#[test]
fn example_v1_apply_configurations() {
    insta::assert_snapshot!(example_file("generated/v1/apply.rs"));
}

const CARGO_TOML: &str = r#"[package]
name = "demo"
version = "0.1.0"
edition = "2021"
"#;

const LIB: &str = r#"pub mod v1;

#[rustfmt::skip]
#[path = "../generated/mod.rs"]
pub mod generated;
"#;

/// One kind per `gen_client` option, and one without a client.
const V1: &str = r#"kapi::group_version! { group_name = "demo.example.com", version = "v1", group_go_name = "Demo" }

#[rustfmt::skip]
#[path = "../../generated/v1/mod.rs"]
pub mod generated;

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client, subresource_status)]
pub struct Everything {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    pub status: Option<Status>,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(read_only), subresource_status)]
pub struct ReadOnly {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    pub status: Option<Status>,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(skip_verbs = ["delete", "delete_collection", "watch", "apply"]), subresource_status)]
pub struct Skipped {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    pub status: Option<Status>,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(only_verbs = ["get", "update_status", "patch"]), subresource_status)]
pub struct Only {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    pub status: Option<Status>,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(no_status), subresource_status)]
pub struct NoStatus {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    pub status: Option<Status>,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(non_namespaced))]
pub struct Cluster {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(no_verbs, method(name = "GetScale", verb = "get", subresource = "scale", result = "Scale"), method(name = "UpdateScale", verb = "update", subresource = "scale", input = "Scale", result = "Scale")), subresource_scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas"))]
pub struct MethodsOnly {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
    pub spec: Status,
    pub status: Option<Status>,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind)]
pub struct NoClient {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

#[derive(kapi::ApiType, Debug)]
pub struct Status {
    #[k8s(optional)]
    pub replicas: i32,
}
"#;

fn write_crate(dir: &Path, v1: &str) {
    for (path, text) in [
        ("Cargo.toml", CARGO_TOML),
        ("src/lib.rs", LIB),
        ("src/v1/mod.rs", v1),
    ] {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// Each client struct's methods, one line per struct: the outline of a `client.rs`.
fn outline(client_rs: &str) -> String {
    let mut out = String::new();
    for line in client_rs.lines() {
        let line = line.trim();
        if let Some(rest) = line
            .strip_prefix("pub struct ")
            .or_else(|| line.strip_prefix("pub type "))
        {
            let name = rest.split([' ', '(', ';']).next().unwrap_or(rest);
            out.push_str(&format!("\n{name}:"));
        } else if let Some(rest) = line.strip_prefix("impl ::kapi::client::verbs::") {
            // The verb a kind's marker allows, as its method is named.
            let marker = rest.split(' ').next().unwrap_or(rest);
            out.push_str(&format!(" {}", marker.to_snake_case()));
        } else if let Some(rest) = line
            .strip_prefix("pub async fn ")
            .or_else(|| line.strip_prefix("pub fn "))
        {
            let name = rest.split(['(', '<']).next().unwrap_or(rest);
            out.push_str(&format!(" {name}"));
        }
    }
    out.trim_start().to_string()
}

#[test]
fn gen_client_options_decide_the_verbs() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path(), V1);
    let report = generate::run(dir.path(), Mode::Write).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.is_clean());
    let client = std::fs::read_to_string(dir.path().join("generated/v1/client.rs")).unwrap();
    insta::assert_snapshot!(outline(&client), @r"
    DemoV1Client: new client everythings read_onlies skippeds onlies no_statuses clusters methods_onlies
    EverythingClient: create update update_status delete delete_collection get list watch patch patch_status apply apply_status
    ReadOnlyClient: get list watch
    SkippedClient: create update update_status get list patch patch_status apply_status
    OnlyClient: update_status get patch patch_status
    NoStatusClient: create update delete delete_collection get list watch patch apply
    ClusterClient: create update delete delete_collection get list watch patch apply
    MethodsOnlyClient: new all get_scale update_scale
    ");
    // The cluster-scoped kind takes no namespace; custom methods return kapi's Scale. A kind
    // without them is `KindClient` under its name; the one with them dereferences to it.
    assert!(
        client.contains("pub fn clusters(&self) -> ClusterClient"),
        "{client}"
    );
    assert!(client.contains("pub fn everythings(&self, namespace: &str) -> EverythingClient"));
    assert!(client.contains(
        "pub type EverythingClient = ::kapi::client::KindClient<crate::v1::Everything>;"
    ));
    assert!(client.contains("type Target = ::kapi::client::KindClient<crate::v1::MethodsOnly>;"));
    assert!(
        client.contains("get_subresource::<::kapi::apis::autoscaling::v1::Scale>(name, \"scale\")")
    );
    // Every kind with object metadata has an apply configuration, with or without a client.
    let apply = std::fs::read_to_string(dir.path().join("generated/v1/apply.rs")).unwrap();
    assert!(apply.contains("pub struct NoClientApplyConfiguration"));
    assert!(
        apply.contains("pub fn new(name: impl Into<String>) -> Self"),
        "{apply}"
    );
    let clientset = std::fs::read_to_string(dir.path().join("generated/clientset.rs")).unwrap();
    assert!(
        clientset.contains("pub fn demo_v1(&self) -> &crate::v1::generated::client::DemoV1Client")
    );
}

fn errors_of(v1: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path(), v1);
    match generate::run(dir.path(), Mode::Write) {
        Err(Error::Source { rendered, .. }) => rendered,
        other => panic!("expected source errors, got {other:?}"),
    }
}

#[test]
fn misspelled_and_contradictory_options_are_errors() {
    let v1 = V1
        .replace(
            r#"skip_verbs = ["delete", "delete_collection", "watch", "apply"]"#,
            r#"skip_verbs = ["delete", "delet_collection"]"#,
        )
        .replace(
            "gen_client(read_only)",
            r#"gen_client(read_only, only_verbs = ["get"])"#,
        )
        .replace(
            r#"verb = "update", subresource = "scale", input"#,
            r#"verb = "udpate", subresource = "scale", input"#,
        )
        .replace(
            r#"name = "GetScale", verb = "get", subresource = "scale", "#,
            r#"name = "get_scale", verb = "get", "#,
        );
    insta::assert_snapshot!(errors_of(&v1));
}

#[test]
fn a_method_result_that_names_no_type_is_an_error() {
    let v1 = V1.replace(
        r#"result = "Scale"), method"#,
        r#"result = "Scal"), method"#,
    );
    insta::assert_snapshot!(errors_of(&v1));
}

/// Writes the test crate with `setting` naming `feature`: first undeclared, which must be
/// refused with the fix, then declared in `[features]`, which must generate cleanly.
fn generate_behind_feature(dir: &Path, setting: &str, feature: &str) {
    write_crate(dir, V1);
    let manifest = dir.join("Cargo.toml");
    let gated = format!("{CARGO_TOML}\n[package.metadata.kapi]\n{setting} = \"{feature}\"\n");
    // The feature must be the crate's: a name [features] lacks would never compile the module.
    std::fs::write(&manifest, &gated).unwrap();
    let err = generate::run(dir, Mode::Write).expect_err("an undeclared feature");
    let message = err.to_string();
    assert!(
        message.contains(&format!("{setting} names `{feature}`"))
            && message.contains(&format!("add `{feature} = []` to [features]")),
        "{message}"
    );
    std::fs::write(&manifest, format!("{gated}\n[features]\n{feature} = []\n")).unwrap();
    let report = generate::run(dir, Mode::Write).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.is_clean());
}

#[test]
fn openapi_documents_can_be_left_to_a_cargo_feature() {
    let dir = tempfile::tempdir().unwrap();
    generate_behind_feature(dir.path(), "openapi-documents-feature", "serve");
    // Only the statics that embed the documents wait for the feature ...
    let modules = std::fs::read_to_string(dir.path().join("generated/mod.rs")).unwrap();
    assert!(
        modules.contains("#[cfg(feature = \"serve\")]\npub mod openapi_documents;"),
        "{modules}"
    );
    assert_eq!(modules.matches("#[cfg(feature").count(), 1, "{modules}");
    // ... the documents are written all the same.
    let swagger = std::fs::read_to_string(dir.path().join("generated/openapi/swagger.json"));
    assert!(swagger.is_ok_and(|s| s.contains("\"paths\"")));
}

#[test]
fn apply_configurations_can_be_left_to_a_cargo_feature() {
    let dir = tempfile::tempdir().unwrap();
    generate_behind_feature(dir.path(), "apply-configurations-feature", "ssa");
    let modules = std::fs::read_to_string(dir.path().join("generated/v1/mod.rs")).unwrap();
    assert!(
        modules.contains("#[cfg(feature = \"ssa\")]\npub mod apply;\npub mod client;"),
        "{modules}"
    );
    // The verbs that take a configuration go with it; the rest of the client stays.
    let client = std::fs::read_to_string(dir.path().join("generated/v1/client.rs")).unwrap();
    let lines: Vec<&str> = client.lines().map(str::trim).collect();
    let gated: Vec<&str> = lines
        .windows(2)
        .filter(|w| w[0] == "#[cfg(feature = \"ssa\")]")
        .filter_map(|w| w[1].strip_prefix("impl ::kapi::client::verbs::"))
        .map(|rest| rest.split(' ').next().unwrap_or(rest))
        .collect();
    assert_eq!(
        gated,
        // Everything's two, Skipped's status, NoStatus's and Cluster's apply.
        ["Apply", "ApplyStatus", "ApplyStatus", "Apply", "Apply"],
        "{client}"
    );
    let markers = lines
        .iter()
        .filter(|l| l.starts_with("impl ::kapi::client::verbs::"))
        .count();
    assert!(markers > gated.len(), "{client}");
    assert!(client.contains("impl ::kapi::client::verbs::Patch for crate::v1::Everything {}"));
    assert!(generate::run(dir.path(), Mode::Verify).unwrap().is_clean());
}
