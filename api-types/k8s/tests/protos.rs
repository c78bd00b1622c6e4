//! The generated `.proto` files compile, at Kubernetes' paths (`k8s.io/api/<group>/<version>/
//! generated.proto`, `k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1/...`), with a message for every registered kind: with protox against the
//! apimachinery files codegen writes beside them, with protoc when it is on PATH (required
//! under `KAPI_REQUIRE_TOOLS=1`), and, when `KAPI_APIMACHINERY_PROTOS` names an include root
//! holding Kubernetes' own `k8s.io/apimachinery/.../generated.proto`, against those.

use kapi::scheme::KindMeta;
use protox::prost_reflect::DescriptorPool;
use std::path::{Path, PathBuf};
use std::process::Command;

fn generated() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("generated")
}

/// The `.proto` files under `root`, relative to it.
fn protos(root: &Path, under: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "proto") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root.join(under), &mut out);
    let mut out: Vec<PathBuf> = out
        .into_iter()
        .filter_map(|p| p.strip_prefix(root).ok().map(Path::to_path_buf))
        .collect();
    out.sort();
    out
}

/// Every registered group-version's protobuf package (`k8s.io.api.<dir>.<version>`, after
/// k8s.io/api's directory of the group) and its kinds.
fn kinds() -> Vec<(String, Vec<String>)> {
    let mut scheme = kapi::Scheme::new();
    kapi_k8s::install(&mut scheme).expect("install");
    let mut group_versions: Vec<(String, String)> = scheme
        .all_kinds()
        .into_iter()
        .map(|gvk| (gvk.group.to_string(), gvk.version.to_string()))
        .collect();
    group_versions.sort();
    group_versions.dedup();
    group_versions
        .into_iter()
        .map(|(group, version)| {
            let dir = match group.as_str() {
                "" => "core",
                "internal.apiserver.k8s.io" => "apiserverinternal",
                g => g.split('.').next().unwrap_or(g),
            };
            let kinds = scheme
                .kinds_of(&group, &version)
                .into_iter()
                .map(|k: &KindMeta| k.kind.to_string())
                .collect();
            let package = match group.as_str() {
                "apiextensions.k8s.io" => {
                    format!("k8s.io.apiextensions_apiserver.pkg.apis.{dir}.{version}")
                }
                _ => format!("k8s.io.api.{dir}.{version}"),
            };
            (package, kinds)
        })
        .collect()
}

/// The `.proto` files of the shipped group-versions: k8s.io/api's, and apiextensions' at
/// k8s.io/apiextensions-apiserver's path.
fn api_protos(root: &Path) -> Vec<PathBuf> {
    let mut out = protos(root, "k8s.io/api");
    out.extend(protos(root, "k8s.io/apiextensions-apiserver"));
    out
}

fn compile(roots: &[PathBuf], files: &[PathBuf]) -> DescriptorPool {
    let mut compiler = protox::Compiler::new(roots).expect("include roots");
    compiler
        .open_files(files)
        .unwrap_or_else(|e| panic!("generated .proto does not compile: {e:?}"));
    compiler.descriptor_pool()
}

fn assert_every_kind_has_a_message(pool: &DescriptorPool) {
    let mut missing = Vec::new();
    for (package, kinds) in kinds() {
        for kind in kinds {
            let name = format!("{package}.{kind}");
            if pool.get_message_by_name(&name).is_none() {
                missing.push(name);
            }
        }
    }
    assert!(missing.is_empty(), "no message for {missing:?}");
}

#[test]
fn every_group_version_compiles_with_protox() {
    let root = generated();
    let api = api_protos(&root);
    assert_eq!(
        api.len(),
        kinds().len(),
        "one file per group-version: {api:?}"
    );
    let pool = compile(&[root], &api);
    assert_every_kind_has_a_message(&pool);
}

#[test]
fn every_group_version_compiles_against_kubernetes_apimachinery() {
    let Some(apimachinery) = std::env::var_os("KAPI_APIMACHINERY_PROTOS") else {
        return;
    };
    // The first root that has a file wins: Kubernetes' apimachinery over kapi's own.
    let root = generated();
    let pool = compile(
        &[PathBuf::from(apimachinery), root.clone()],
        &api_protos(&root),
    );
    assert_every_kind_has_a_message(&pool);
}

#[test]
fn every_group_version_compiles_with_protoc() {
    let root = generated();
    let mut files = api_protos(&root);
    files.extend(protos(&root, "k8s.io/apimachinery"));
    let out = tempfile::NamedTempFile::new().expect("temporary file");
    let run = Command::new("protoc")
        .arg("-I")
        .arg(&root)
        .arg("--descriptor_set_out")
        .arg(out.path())
        .args(&files)
        .output();
    match run {
        Ok(output) => assert!(
            output.status.success(),
            "protoc: {}",
            String::from_utf8_lossy(&output.stderr)
        ),
        Err(e) if std::env::var_os("KAPI_REQUIRE_TOOLS").is_some() => {
            panic!("protoc is required (KAPI_REQUIRE_TOOLS): {e}")
        }
        Err(e) => eprintln!("skipped: protoc: {e}"),
    }
}
