//! The protobuf IDL: every generated `.proto` compiles (with protox, a pure-Rust protobuf
//! compiler), and its descriptors say what the model says: message and field names,
//! numbers, labels and types, tombstones reserved. Missing numbers are errors that suggest
//! the next free number, and `--assign-protobuf-tags` writes exactly those numbers.

use kapi_codegen::assign_protobuf_tags;
use kapi_codegen::generate::{self, GeneratedFile};
use kapi_codegen::model::kapi_types;
use kapi_codegen::model::resolve::Index;
use kapi_codegen::model::{check, source, Model, Scalar, TypeDef, TypeRef};
use protox::prost_reflect::{Cardinality, DescriptorPool, FieldDescriptor, Kind};
use std::path::{Path, PathBuf};

fn example_api() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types")
}

/// The example API's generated `.proto` files, relative to the output directory (the proto
/// include root).
fn proto_files() -> Vec<(PathBuf, GeneratedFile)> {
    let (model, settings) = generate::load_model(&example_api()).unwrap_or_else(|e| panic!("{e}"));
    let files = generate::generate_all(&model, &settings).unwrap_or_else(|d| panic!("{d:?}"));
    files
        .into_iter()
        .filter(|f| f.path.extension().is_some_and(|e| e == "proto"))
        .map(|f| {
            let rel = f
                .path
                .strip_prefix(&settings.output)
                .expect("proto files are under the output directory")
                .to_path_buf();
            (rel, f)
        })
        .collect()
}

/// Writes the files to a fresh include root and compiles every one of them.
fn compile(files: &[(PathBuf, GeneratedFile)]) -> DescriptorPool {
    let root = tempfile::tempdir().unwrap();
    for (rel, f) in files {
        let path = root.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, &f.contents).unwrap();
    }
    let mut compiler = protox::Compiler::new([root.path()]).unwrap();
    compiler
        .open_files(files.iter().map(|(rel, _)| rel))
        .unwrap_or_else(|e| panic!("generated .proto does not compile: {e:?}"));
    compiler.descriptor_pool()
}

/// What a field must look like on the wire, from its Rust type alone.
fn expected(ty: &TypeRef, enums: &[&str]) -> (Cardinality, bool, String) {
    let ty = match ty {
        TypeRef::Option(inner) => inner,
        other => other,
    };
    match ty {
        TypeRef::Vec(inner) if **inner == TypeRef::Scalar(Scalar::U8) => {
            (Cardinality::Optional, false, "bytes".into())
        }
        TypeRef::Vec(inner) => (Cardinality::Repeated, false, single(inner, enums)),
        TypeRef::Map { value, .. } => (Cardinality::Repeated, true, single(value, enums)),
        other => (Cardinality::Optional, false, single(other, enums)),
    }
}

fn single(ty: &TypeRef, enums: &[&str]) -> String {
    match ty {
        TypeRef::Scalar(Scalar::String) => "string".into(),
        TypeRef::Scalar(Scalar::Bool) => "bool".into(),
        TypeRef::Scalar(Scalar::I32) => "int32".into(),
        TypeRef::Scalar(Scalar::I64) => "int64".into(),
        TypeRef::Scalar(Scalar::F64) => "double".into(),
        TypeRef::Named(path) => {
            let name = path.last().unwrap().as_str();
            match name {
                _ if enums.contains(&name) => "string".into(),
                "ByteString" => "bytes".into(),
                _ => format!("message {name}"),
            }
        }
        other => panic!("the example API has no field of type {other}"),
    }
}

fn actual(f: &FieldDescriptor) -> (Cardinality, bool, String) {
    let kind = if f.is_map() {
        match f.kind() {
            Kind::Message(entry) => entry.map_entry_value_field().kind(),
            other => other,
        }
    } else {
        f.kind()
    };
    let ty = match kind {
        Kind::String => "string".into(),
        Kind::Bool => "bool".into(),
        Kind::Int32 => "int32".into(),
        Kind::Int64 => "int64".into(),
        Kind::Double => "double".into(),
        Kind::Bytes => "bytes".into(),
        Kind::Message(m) => format!("message {}", m.name()),
        other => format!("{other:?}"),
    };
    (f.cardinality(), f.is_map(), ty)
}

/// Every struct of every protobuf-enabled group-version of `model` is a message whose
/// fields are the struct's, by JSON name, number, label and type.
fn assert_matches(pool: &DescriptorPool, model: &Model, enums: &[&str]) -> usize {
    let mut checked = 0;
    for gv in &model.versions {
        let Some(package) = &gv.protobuf_package else {
            continue;
        };
        for t in gv.types.iter().filter(|t| !t.is_enum()) {
            let name = format!("{package}.{}", t.name);
            let message = pool
                .get_message_by_name(&name)
                .unwrap_or_else(|| panic!("no message {name}"));
            assert_eq!(message.fields().len(), t.fields().len(), "{name}");
            for f in t.fields() {
                let number = f.protobuf.expect("every field is numbered").value as u32;
                let field = message
                    .get_field_by_name(&f.json_name)
                    .unwrap_or_else(|| panic!("{name} has no field {}", f.json_name));
                assert_eq!(field.number(), number, "{name}.{}", f.json_name);
                assert_eq!(
                    actual(&field),
                    expected(&f.ty, enums),
                    "{name}.{}",
                    f.json_name
                );
            }
            assert_reserved(pool, &name, t);
            checked += 1;
        }
    }
    checked
}

fn assert_reserved(pool: &DescriptorPool, name: &str, t: &TypeDef) {
    let message = pool.get_message_by_name(name).unwrap();
    let proto = message.descriptor_proto();
    for ts in &t.tombstones {
        let n = ts.protobuf as i32;
        assert!(
            proto
                .reserved_range
                .iter()
                .any(|r| r.start() <= n && n < r.end()),
            "{name}: number {n} of removed field {} is not reserved",
            ts.name
        );
        assert!(
            proto.reserved_name.contains(&ts.name),
            "{name}: name {} is not reserved",
            ts.name
        );
    }
}

fn enum_names<'a>(models: &[&'a Model]) -> Vec<&'a str> {
    models
        .iter()
        .flat_map(|m| m.versions.iter())
        .flat_map(|gv| gv.types.iter())
        .filter(|t| t.is_enum())
        .map(|t| t.name.as_str())
        .collect()
}

#[test]
fn every_generated_file_compiles_and_matches_the_model() {
    let files = proto_files();
    let paths: Vec<String> = files.iter().map(|(p, _)| p.display().to_string()).collect();
    assert_eq!(
        paths,
        [
            "k8s.io/apimachinery/pkg/api/resource/generated.proto",
            "k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto",
            "k8s.io/apimachinery/pkg/runtime/generated.proto",
            "v1/generated.proto",
            "v2beta1/generated.proto",
        ]
    );
    let pool = compile(&files);
    for f in pool.files() {
        // Descriptors leave `syntax` unset for proto2, the default.
        let syntax = f.file_descriptor_proto().syntax();
        assert!(matches!(syntax, "" | "proto2"), "{}: {syntax}", f.name());
    }

    let (model, _) = generate::load_model(&example_api()).unwrap();
    let kapi = kapi_types::load(&example_api()).unwrap();
    let enums = enum_names(&[&model, &kapi]);
    // The API's own messages: every struct of v1 and v2beta1.
    assert!(assert_matches(&pool, &model, &enums) >= 20);

    // The meta messages the API uses, from kapi's source (ObjectMeta's tombstones
    // included); autoscaling/v1 is not imported, so not written.
    let mut meta = kapi.clone();
    meta.versions.retain(|gv| {
        gv.protobuf_package.as_deref() == Some("k8s.io.apimachinery.pkg.apis.meta.v1")
    });
    assert!(assert_matches(&pool, &meta, &enums) >= 15);
    let object_meta = pool
        .get_message_by_name("k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta")
        .unwrap();
    assert_eq!(
        object_meta.descriptor_proto().reserved_name,
        ["clusterName", "initializers"]
    );

    // Kubernetes' hand-written meta messages, as Kubernetes numbers them.
    for (message, fields) in [
        (
            "k8s.io.apimachinery.pkg.apis.meta.v1.Time",
            &[("seconds", 1), ("nanos", 2)][..],
        ),
        (
            "k8s.io.apimachinery.pkg.api.resource.Quantity",
            &[("string", 1)],
        ),
        (
            "k8s.io.apimachinery.pkg.runtime.RawExtension",
            &[("raw", 1)],
        ),
    ] {
        let m = pool.get_message_by_name(message).unwrap();
        for (name, number) in fields {
            assert_eq!(m.get_field_by_name(name).unwrap().number(), *number);
        }
    }
}

#[test]
fn example_v1_generated_proto() {
    let files = proto_files();
    let (_, v1) = files
        .iter()
        .find(|(p, _)| p == Path::new("v1/generated.proto"))
        .expect("v1 has a generated.proto");
    insta::assert_snapshot!(v1.contents);
}

#[test]
fn generation_is_deterministic() {
    let a = proto_files();
    let b = proto_files();
    assert_eq!(a.len(), b.len());
    for ((pa, fa), (pb, fb)) in a.iter().zip(&b) {
        assert_eq!(pa, pb);
        assert_eq!(fa.contents, fb.contents, "{}", pa.display());
    }
}

const BROKEN: &str = r#"kapi::group_version! {
    group_name = "demo.example.com",
    version = "v1",
    protobuf_package = "com.example.demo.v1",
}

#[derive(kapi::ApiType)]
#[k8s(deprecated(name = "colour", protobuf = 3))]
pub struct GadgetSpec {
    #[k8s(protobuf = 1)]
    pub name: String,
    /// How big.
    #[k8s(optional, protobuf = 2)]
    pub size: i32,
    #[k8s(optional)]
    pub shape: String,
    pub weight: Option<i64>,
}
"#;

/// Parses `lib_rs` as a crate and renders what the model checks report.
fn diagnose(dir: &Path, lib_rs: &str) -> String {
    let path = dir.join("src/lib.rs");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, lib_rs).unwrap();
    let mut parsed = source::parse_crate("demo", &path).unwrap();
    check::check(&Index::of_crate(&parsed.model), &mut parsed.diagnostics);
    parsed.render_diagnostics(dir)
}

#[test]
fn a_missing_number_is_an_error_suggesting_the_next_free_one() {
    let dir = tempfile::tempdir().unwrap();
    // 4 and 5: after the highest number in use, tombstoned 3 included.
    insta::assert_snapshot!(diagnose(dir.path(), BROKEN));
}

#[test]
fn a_group_version_without_a_protobuf_package_needs_no_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let lib = BROKEN.replace("    protobuf_package = \"com.example.demo.v1\",\n", "");
    assert_eq!(diagnose(dir.path(), &lib), "");
}

#[test]
fn assign_protobuf_tags_writes_the_suggested_numbers() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .unwrap();
    diagnose(dir.path(), BROKEN);
    let assigned = assign_protobuf_tags::assign(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(assigned.count(), 2);
    let text = std::fs::read_to_string(dir.path().join("src/lib.rs")).unwrap();
    assert!(text.contains("    #[k8s(optional, protobuf = 4)]\n    pub shape: String,\n"));
    assert!(text.contains("    #[k8s(protobuf = 5)]\n    pub weight: Option<i64>,\n"));
    // Nothing else changed, and the crate is now clean.
    assert_eq!(text.lines().count(), BROKEN.lines().count() + 1);
    assert_eq!(diagnose(dir.path(), &text), "");
    // A second run has nothing to do.
    assert_eq!(assign_protobuf_tags::assign(dir.path()).unwrap().count(), 0);
}

#[test]
fn assigning_tags_does_not_go_with_verify_only() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kapi-codegen"))
        .args(["--assign-protobuf-tags", "--verify-only"])
        .arg(example_api())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

#[test]
fn a_tombstone_is_given_once() {
    let dir = tempfile::tempdir().unwrap();
    let lib = BROKEN.replace(
        "#[k8s(deprecated(name = \"colour\", protobuf = 3))]",
        "#[k8s(deprecated(name = \"colour\", protobuf = 3), deprecated(name = \"hue\", protobuf = 3))]",
    );
    let out = diagnose(dir.path(), &lib);
    assert!(
        out.contains("tombstone `hue` = 3 repeats tombstone `colour` = 3"),
        "{out}"
    );
}
