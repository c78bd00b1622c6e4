//! The lister and informer generators: snapshots of what they write for the example API,
//! and which kinds get a lister and an informer under each `gen_client` option of a small
//! crate (list and watch are needed; cluster-scoped kinds get a lister with `get`).

use kapi_codegen::generate::{self, Mode};
use std::path::{Path, PathBuf};

fn example_api() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types")
}

/// The generated files of the example API, in memory.
fn example_files() -> Vec<generate::GeneratedFile> {
    let (model, settings) = generate::load_model(&example_api()).unwrap_or_else(|e| panic!("{e}"));
    generate::generate_all(&model, &settings).unwrap_or_else(|d| {
        panic!(
            "{:#?}",
            d.iter().map(|d| d.full_message()).collect::<Vec<_>>()
        )
    })
}

fn example_file(path: &str) -> String {
    example_files()
        .into_iter()
        .find(|f| f.path == Path::new(path))
        .unwrap_or_else(|| panic!("no generated {path}"))
        .contents
}

#[test]
fn example_v1_listers() {
    insta::assert_snapshot!(example_file("generated/v1/listers.rs"));
}

#[test]
fn example_v1_informers() {
    insta::assert_snapshot!(example_file("generated/v1/informers.rs"));
}

#[test]
fn example_informer_factory() {
    insta::assert_snapshot!(example_file("generated/informers.rs"));
}

#[test]
fn example_output_is_deterministic() {
    assert_eq!(example_files(), example_files());
}

const CARGO_TOML: &str = r#"[package]
name = "demo"
version = "0.1.0"
edition = "2021"
"#;

const LIB: &str = r#"pub mod v1;
pub mod v2;

#[rustfmt::skip]
#[path = "../generated/mod.rs"]
pub mod generated;
"#;

/// One kind per `gen_client` option that decides list and watch, and one without a client:
/// only `Everything`, `ReadOnly`, `ListWatch`, `Cluster`, `ClusterPolicy` and `Namespace` list
/// and watch.
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
#[k8s(kind, gen_client(read_only))]
pub struct ReadOnly {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(no_verbs))]
pub struct NoVerbs {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(skip_verbs = ["list"]))]
pub struct Unlisted {
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
#[k8s(kind, gen_client(only_verbs = ["list", "watch"]))]
pub struct ListWatch {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(non_namespaced))]
pub struct Cluster {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(non_namespaced, read_only))]
pub struct ClusterPolicy {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}

/// Its lister is a `NamespaceLister`, like the namespace listers of the other kinds.
#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(non_namespaced))]
pub struct Namespace {
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

/// A group-version whose only client cannot list: a client, but no informers.
const V2: &str = r#"kapi::group_version! { group_name = "other.example.com", version = "v2", group_go_name = "Other" }

#[rustfmt::skip]
#[path = "../../generated/v2/mod.rs"]
pub mod generated;

#[derive(kapi::ApiType, Debug)]
#[k8s(kind, gen_client(only_verbs = ["get"]))]
pub struct GetOnly {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}
"#;

fn write_crate(dir: &Path) {
    for (path, text) in [
        ("Cargo.toml", CARGO_TOML),
        ("src/lib.rs", LIB),
        ("src/v1/mod.rs", V1),
        ("src/v2/mod.rs", V2),
    ] {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// Each struct's methods with their parameters, one line per struct: the outline of a file.
fn outline(rs: &str) -> String {
    let mut out = String::new();
    for line in rs.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("pub struct ") {
            out.push_str(&format!("\n{}:", rest.trim_end_matches(" {")));
        } else if let Some(rest) = line
            .strip_prefix("pub async fn ")
            .or_else(|| line.strip_prefix("pub fn "))
        {
            let name = rest.split(['<', '(']).next().unwrap_or(rest);
            out.push_str(&format!(" {name}"));
        }
    }
    out.trim_start().to_string()
}

#[test]
fn gen_client_options_decide_listers_and_informers() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path());
    let report = generate::run(dir.path(), Mode::Write).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.is_clean());
    let read = |path: &str| std::fs::read_to_string(dir.path().join(path)).unwrap();

    let listers = read("generated/v1/listers.rs");
    insta::assert_snapshot!(outline(&listers), @r"
    EverythingLister: new list everythings
    EverythingNamespaceLister: list get
    ReadOnlyLister: new list read_onlies
    ReadOnlyNamespaceLister: list get
    ListWatchLister: new list list_watches
    ListWatchNamespaceLister: list get
    ClusterLister: new list get
    ClusterPolicyLister: new list get
    NamespaceLister: new list get
    ");
    let informers = read("generated/v1/informers.rs");
    insta::assert_snapshot!(outline(&informers), @r"
    DemoV1Informers: new everythings read_onlies list_watches clusters cluster_policies namespaces
    EverythingInformer: new informer lister
    ReadOnlyInformer: new informer lister
    ListWatchInformer: new informer lister
    ClusterInformer: new informer lister
    ClusterPolicyInformer: new informer lister
    NamespaceInformer: new informer lister
    ");
    let factory = read("generated/informers.rs");
    insta::assert_snapshot!(outline(&factory), @"SharedInformerFactory: new from_clientset with_namespace with_label_selector with_field_selector with_tweak_list_options with_resync with_transform factory demo_v1 start wait_for_cache_sync shutdown");

    // A namespaced kind's lister narrows to a namespace; a cluster-scoped one gets by name.
    assert!(
        listers.contains("pub fn everythings(&self, namespace: &str) -> EverythingNamespaceLister"),
        "{listers}"
    );
    assert!(listers.contains("pub fn get(&self, name: &str) -> Option<Arc<crate::v1::Cluster>>"));
    assert!(informers.contains("factory.informer_for::<crate::v1::ReadOnly>()"));
    // kapi's types are written out in full, so the kind `Namespace`'s `NamespaceLister`
    // clashes with no import.
    assert!(!listers.contains("use ::kapi::cache"), "{listers}");
    assert!(listers.contains("lister: ::kapi::cache::NamespaceLister<crate::v1::Everything>"));
    assert!(factory.contains(
        "pub fn from_clientset(clientset: &crate::generated::clientset::Clientset) -> Self"
    ));
    // v2 has a client but nothing an informer can cache: no listers, no informers.
    assert!(dir.path().join("generated/v2/client.rs").exists());
    assert!(!dir.path().join("generated/v2/listers.rs").exists());
    assert!(!dir.path().join("generated/v2/informers.rs").exists());
    assert!(!factory.contains("other_v2"), "{factory}");
    let v2_mod = read("generated/v2/mod.rs");
    assert!(!v2_mod.contains("informers"), "{v2_mod}");
    let v1_mod = read("generated/v1/mod.rs");
    assert!(
        v1_mod.contains("pub mod informers;") && v1_mod.contains("pub mod listers;"),
        "{v1_mod}"
    );

    // Regenerating is a no-op: verify-only finds nothing stale.
    let report = generate::run(dir.path(), Mode::Verify).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.is_clean(), "{:?}", report.diffs);
}

#[test]
fn a_crate_without_informer_kinds_gets_no_factory() {
    let dir = tempfile::tempdir().unwrap();
    write_crate(dir.path());
    std::fs::write(
        dir.path().join("src/lib.rs"),
        LIB.replace("pub mod v1;\n", ""),
    )
    .unwrap();
    std::fs::remove_dir_all(dir.path().join("src/v1")).unwrap();
    let report = generate::run(dir.path(), Mode::Write).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.is_clean());
    assert!(dir.path().join("generated/clientset.rs").exists());
    assert!(!dir.path().join("generated/informers.rs").exists());
}
