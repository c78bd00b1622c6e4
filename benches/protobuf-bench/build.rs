//! Compiles api-types' generated protos (and `proto/configmap.proto`) with protox, no
//! protoc, and hands the descriptors to prost-build.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let generated = manifest.join("../../api-types/generated");
    let protos = manifest.join("proto");
    let files = [
        generated.join("v1/generated.proto"),
        protos.join("configmap.proto"),
    ];
    let includes = [generated.clone(), protos.clone()];
    println!("cargo:rerun-if-changed={}", generated.display());
    println!("cargo:rerun-if-changed={}", protos.display());
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    let fds = protox::compile(&files, &includes).unwrap_or_else(|e| panic!("protox: {e}"));
    prost_build::Config::new()
        // Maps as BTreeMap: prost then writes entries sorted by key, as kapi and Go do.
        .btree_map(["."])
        // One file declaring the package modules around the generated ones.
        .include_file("protos.rs")
        .compile_fds(fds)
        .unwrap_or_else(|e| panic!("prost-build: {e}"));
}
