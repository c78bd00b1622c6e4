//! A copy of the example API and edits to it, shared by the compatibility checker's tests
//! (`codegen/tests/compat.rs`) and the per-release fixture tests
//! (`tests/tests/release_fixtures.rs`), which build the edited copy.

use std::path::{Path, PathBuf};

/// The example API (`api-types`).
pub fn example_api() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types")
}

/// Copies `from` into `to`: only the entries named in `only`, or everything when it is empty.
pub fn copy_dir(from: &Path, to: &Path, only: &[&str]) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if !only.is_empty() && !only.iter().any(|o| name == *o) {
            continue;
        }
        let target = to.join(&name);
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&entry.path(), &target, &[]);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// One edit of one file: `from` must occur exactly once.
#[derive(Clone)]
pub enum Edit {
    Replace(&'static str, String, String),
    /// Removes a struct or enum with its docs and attributes, by its declaration line.
    RemoveItem(&'static str, &'static str),
    /// Copies a version module under a new version name.
    CopyVersion(&'static str, &'static str),
}

/// `Replace` from any strings.
#[allow(non_snake_case)]
pub fn Replace(file: &'static str, from: impl Into<String>, to: impl Into<String>) -> Edit {
    Edit::Replace(file, from.into(), to.into())
}

pub fn apply(dir: &Path, edit: Edit) {
    match edit {
        Edit::Replace(file, from, to) => {
            let path = dir.join("src").join(file);
            let text = std::fs::read_to_string(&path).unwrap();
            assert_eq!(text.matches(&from).count(), 1, "`{from}` in {file}");
            std::fs::write(&path, text.replacen(&from, &to, 1)).unwrap();
        }
        Edit::RemoveItem(file, declaration) => {
            let path = dir.join("src").join(file);
            let text = std::fs::read_to_string(&path).unwrap();
            let at = text
                .find(declaration)
                .unwrap_or_else(|| panic!("{declaration}"));
            let start = text[..at].rfind("\n\n").map_or(0, |i| i + 1);
            let end = at + text[at..].find("\n}\n").unwrap() + 3;
            std::fs::write(&path, format!("{}{}", &text[..start], &text[end..])).unwrap();
        }
        Edit::CopyVersion(from, to) => {
            let src = dir.join("src");
            std::fs::create_dir_all(src.join(to)).unwrap();
            for file in ["mod.rs", "types.rs"] {
                let text = std::fs::read_to_string(src.join(from).join(file)).unwrap();
                // The copy has no hand-written conversions or generated module of its own.
                let text = text
                    .replace(
                        &format!("version = \"{from}\""),
                        &format!("version = \"{to}\""),
                    )
                    .replace(&format!(".{from}\""), &format!(".{to}\""))
                    .replace("mod conversion;\n", "")
                    .replace("pub use conversion::PARAMS_ANNOTATION;\n", "")
                    .replace("pub use defaults::DEFAULT_CLASS_NAME;\n", "")
                    .replace("mod defaults;\n", "");
                let text = match text.find("#[rustfmt::skip]") {
                    Some(at) => {
                        let end = at + text[at..].find("pub mod generated;\n").unwrap() + 19;
                        format!("{}{}", &text[..at], &text[end..])
                    }
                    None => text,
                };
                std::fs::write(src.join(to).join(file), text).unwrap();
            }
            let lib = src.join("lib.rs");
            let text = std::fs::read_to_string(&lib).unwrap();
            std::fs::write(
                &lib,
                text.replacen("pub mod v1;\n", &format!("pub mod v1;\npub mod {to};\n"), 1),
            )
            .unwrap();
        }
    }
}

/// The catalogue of compatible edits: each must give no finding, and keep every fixture of
/// the released version passing.
pub fn compatible() -> Vec<(&'static str, Vec<Edit>)> {
    use Edit::CopyVersion;
    let new_kind = "\n/// A new kind.\n#[derive(ApiType, Debug, PartialEq)]\n#[k8s(kind, storage_version)]\npub struct Frobnicator {\n    #[k8s(optional, protobuf = 1)]\n    pub metadata: ObjectMeta,\n    #[k8s(optional, protobuf = 2)]\n    pub spec: FrobberClassSpec,\n}\n\n#[derive(ApiType, Debug, PartialEq)]\n#[k8s(kind)]\npub struct FrobnicatorList {\n    #[k8s(optional, protobuf = 1)]\n    pub metadata: ListMeta,\n    #[k8s(protobuf = 2)]\n    pub items: Vec<Frobnicator>,\n}\n";
    let hub_kind = new_kind
        .replace("kind, storage_version", "kind")
        .replace(", protobuf = 1)", ")")
        .replace("#[k8s(optional, protobuf = 2)]", "#[k8s(optional)]")
        .replace("    #[k8s(protobuf = 2)]\n", "");
    vec![
        ("nothing", vec![]),
        (
            "a new optional field",
            vec![Replace(
                "v1/types.rs",
                "    pub provisioner: String,\n",
                "    pub provisioner: String,\n    /// Where the frobs run.\n    #[k8s(optional, protobuf = 5)]\n    pub zone: String,\n",
            ),
            Replace(
                "v2beta1/types.rs",
                "    pub provisioner: String,\n",
                "    pub provisioner: String,\n    /// Where the frobs run.\n    #[k8s(optional, protobuf = 5)]\n    pub zone: String,\n",
            ),
            // Every version and the hub hold every field (the guide's rule for a new field).
            Replace(
                "internal/types.rs",
                "    pub provisioner: String,\n",
                "    pub provisioner: String,\n    /// Where the frobs run.\n    #[k8s(optional)]\n    pub zone: String,\n",
            )],
        ),
        (
            "a new gated field",
            vec![Replace(
                "v1/types.rs",
                "    pub provisioner: String,\n",
                "    pub provisioner: String,\n    /// How deep.\n    #[k8s(feature_gate = \"Frobber2D\", minimum = 1, protobuf = 5)]\n    pub depth: Option<i32>,\n",
            ),
            Replace(
                "v2beta1/types.rs",
                "    pub provisioner: String,\n",
                "    pub provisioner: String,\n    /// How deep.\n    #[k8s(feature_gate = \"Frobber2D\", minimum = 1, protobuf = 5)]\n    pub depth: Option<i32>,\n",
            ),
            Replace(
                "internal/types.rs",
                "    pub provisioner: String,\n",
                "    pub provisioner: String,\n    /// How deep.\n    #[k8s(feature_gate = \"Frobber2D\", minimum = 1)]\n    pub depth: Option<i32>,\n",
            )],
        ),
        (
            "a new gated enum value",
            vec![Replace(
                "v1/types.rs",
                "    OnTuesday,\n",
                "    OnTuesday,\n    /// Restart on Wednesdays.\n    #[k8s(feature_gate = \"FrobberRestartPolicyOnTuesday\")]\n    OnWednesday,\n",
            ),
            Replace(
                "v2beta1/types.rs",
                "    OnTuesday,\n",
                "    OnTuesday,\n    /// Restart on Wednesdays.\n    #[k8s(feature_gate = \"FrobberRestartPolicyOnTuesday\")]\n    OnWednesday,\n",
            ),
            Replace(
                "internal/types.rs",
                "    OnTuesday,\n",
                "    OnTuesday,\n    /// Restart on Wednesdays.\n    #[k8s(feature_gate = \"FrobberRestartPolicyOnTuesday\")]\n    OnWednesday,\n",
            )],
        ),
        ("a new alpha version", vec![CopyVersion("v2beta1", "v3alpha1")]),
        (
            "loosened validation",
            vec![
                Replace("v1/types.rs", "#[k8s(minimum = 1, maximum = 1000, protobuf = 1)]", "#[k8s(minimum = 0, maximum = 2000, protobuf = 1)]"),
                Replace("v1/types.rs", "#[k8s(max_length = 256, protobuf = 5)]", "#[k8s(max_length = 512, protobuf = 5)]"),
                Replace("v1/types.rs", "max_items = 16,", "max_items = 32,"),
                Replace("v1/types.rs", "#[k8s(required, immutable, protobuf = 4)]", "#[k8s(required, protobuf = 4)]"),
            ],
        ),
        (
            "a new kind",
            vec![
                Replace("v1/types.rs", "\n/// A named port.\n", format!("{new_kind}\n/// A named port.\n")),
                Replace("internal/types.rs", "\n/// A named port.\n", format!("{hub_kind}\n/// A named port.\n")),
            ],
        ),
        (
            "a Rust type renamed, the wire unchanged",
            // In every version and the hub: a type only one of them renamed has no peer
            // for the generated conversions.
            ["v1", "v2beta1", "internal"]
                .into_iter()
                .flat_map(|v| {
                    let file: &'static str = match v {
                        "v1" => "v1/types.rs",
                        "v2beta1" => "v2beta1/types.rs",
                        _ => "internal/types.rs",
                    };
                    [
                        Replace(file, "pub ports: Vec<FrobberPort>,", "pub ports: Vec<NamedPort>,"),
                        Replace(file, "pub struct FrobberPort {", "pub struct NamedPort {"),
                    ]
                })
                .collect(),
        ),
        (
            "a required field made optional",
            // In v1, and in the hub and v2beta1 too, so the generated conversions still pair
            // the field (an optional peer of a required one would need a hand-written one).
            vec![
                Replace(
                    "v1/types.rs",
                    "#[k8s(minimum = 1, maximum = 65535, protobuf = 2)]\n    pub port: i32,",
                    "#[k8s(minimum = 1, maximum = 65535, protobuf = 2)]\n    pub port: Option<i32>,",
                ),
                Replace(
                    "v2beta1/types.rs",
                    "#[k8s(minimum = 1, maximum = 65535, protobuf = 2)]\n    pub port: i32,",
                    "#[k8s(minimum = 1, maximum = 65535, protobuf = 2)]\n    pub port: Option<i32>,",
                ),
                Replace(
                    "internal/types.rs",
                    "#[k8s(minimum = 1, maximum = 65535)]\n    pub port: i32,",
                    "#[k8s(minimum = 1, maximum = 65535)]\n    pub port: Option<i32>,",
                ),
            ],
        ),
    ]
}
