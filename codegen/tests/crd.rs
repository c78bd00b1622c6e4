//! CRDs of the example API: they pass the structural-schema and CRD rules kube-apiserver
//! enforces (and those checks do catch broken schemas), the storage-version and conversion
//! rules, the CRD settings, and snapshots of both files.

#[path = "../../xtask/src/synth.rs"]
mod synth;

use kapi_codegen::generate::crd::{self};
use kapi_codegen::generate::settings::{CrdSettings, WebhookConfig};
use kapi_codegen::generate::{self};
use kapi_codegen::model::kapi_types;
use kapi_codegen::model::resolve::Index;
use kapi_schema::structural::{check_crd, check_schema};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn example_api() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types")
}

type Generated = (Vec<(PathBuf, Value)>, Vec<String>);

fn crds_of(dir: &Path, settings: Option<CrdSettings>) -> Generated {
    let (model, loaded) = generate::load_model(dir).unwrap_or_else(|e| panic!("{e}"));
    let kapi = kapi_types::load(dir).unwrap_or_else(|e| panic!("{e}"));
    let index = Index::new(&model, &kapi);
    let (crds, errors) = crd::crds(&index, &settings.unwrap_or(loaded.crd));
    (crds, errors.iter().map(|d| d.full_message()).collect())
}

fn example() -> Vec<(PathBuf, Value)> {
    let (crds, errors) = crds_of(&example_api(), None);
    assert!(errors.is_empty(), "{errors:#?}");
    crds
}

fn frobber() -> Value {
    example()
        .into_iter()
        .find(|(name, _)| name.ends_with("frob.example.com_frobbers.yaml"))
        .map(|(_, crd)| crd)
        .expect("the Frobber CRD")
}

#[test]
fn example_crds_pass_the_api_servers_checks() {
    let crds = example();
    let names: Vec<String> = crds.iter().map(|(n, _)| n.display().to_string()).collect();
    assert_eq!(
        names,
        [
            "frob.example.com_frobberclasses.yaml",
            "frob.example.com_frobbers.yaml"
        ]
    );
    for (name, crd) in &crds {
        let violations = check_crd(crd);
        assert!(violations.is_empty(), "{}: {violations:#?}", name.display());
        // Structural schemas are inlined: no reference survives.
        let text = serde_json::to_string(crd).expect("serializes");
        assert!(!text.contains("$ref"), "{}", name.display());
    }
}

#[test]
fn snapshots() {
    for (name, crd) in example() {
        let name = name.display().to_string();
        insta::assert_snapshot!(name.clone(), crd::to_yaml(&crd));
    }
}

/// The first schema of the Frobber CRD, broken by `edit`, must break `expected`.
fn broken(edit: impl Fn(&mut Value), expected: &str) {
    let crd = frobber();
    let mut schema = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"].clone();
    edit(&mut schema);
    let violations: Vec<String> = check_schema(&schema, "schema")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        violations.iter().any(|v| v.contains(expected)),
        "expected a violation containing {expected:?}, got {violations:#?}"
    );
}

fn set(schema: &mut Value, path: &[&str], value: Value) {
    let mut node = &mut *schema;
    for p in path {
        node = &mut node["properties"][*p];
    }
    *node = value;
}

#[test]
fn the_checks_catch_non_structural_schemas() {
    // A field without a type.
    broken(
        |s| set(s, &["spec", "height"], json!({"description": "no type"})),
        "schema.properties[spec].properties[height].type: must not be empty for specified object fields",
    );
    // An array without items, and items without a type.
    broken(
        |s| set(s, &["spec", "params"], json!({"type": "array"})),
        "schema.properties[spec].properties[params].items: must be specified",
    );
    broken(
        |s| {
            set(
                s,
                &["spec", "params"],
                json!({"type": "array", "items": {}}),
            )
        },
        "items.type: must not be empty for specified array items",
    );
    // References are not allowed.
    broken(
        |s| {
            set(
                s,
                &["spec", "backend"],
                json!({"$ref": "#/definitions/Backend"}),
            )
        },
        "$ref is not supported",
    );
    // additionalProperties with properties, and at the root.
    broken(
        |s| s["properties"]["spec"]["additionalProperties"] = json!({"type": "string"}),
        "additionalProperties and properties are mutual exclusive",
    );
    broken(
        |s| s["additionalProperties"] = json!({"type": "string"}),
        "schema.additionalProperties: must not be used at the root",
    );
    // Metadata may only restrict name and generateName, and takes no default.
    broken(
        |s| {
            set(
                s,
                &["metadata"],
                json!({"type": "object", "properties": {"labels": {"type": "object"}}}),
            )
        },
        "must not specify anything other than name and generateName",
    );
    broken(
        |s| {
            set(
                s,
                &["metadata"],
                json!({"type": "object", "default": {"name": "x"}}),
            )
        },
        "metadata defaults are not allowed",
    );
    broken(
        |s| {
            set(
                s,
                &["metadata"],
                json!({"type": "object", "description": "the metadata"}),
            )
        },
        "must not specify anything other than name and generateName",
    );
    // List map keys must be required or defaulted, and scalars.
    broken(
        |s| {
            let ports = &mut s["properties"]["spec"]["properties"]["ports"]["items"];
            ports["required"] = json!(["port"]);
        },
        "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property",
    );
    broken(
        |s| {
            let ports = &mut s["properties"]["spec"]["properties"]["ports"];
            ports["x-kubernetes-list-map-keys"] = json!(["missing"]);
        },
        "x-kubernetes-list-map-keys: entries must all be names of item properties",
    );
    broken(
        |s| {
            s["properties"]["spec"]["properties"]["params"]["x-kubernetes-list-map-keys"] =
                json!(["name"])
        },
        "x-kubernetes-list-type: must be map if x-kubernetes-list-map-keys is non-empty",
    );
    // Value validation under junctors may not set types or descriptions.
    broken(
        |s| {
            s["properties"]["spec"]["anyOf"] =
                json!([{"type": "object", "properties": {"height": {"minimum": 2}}}]);
        },
        "anyOf[0].type: must be empty to be structural",
    );
    broken(
        |s| s["properties"]["spec"]["allOf"] = json!([{"properties": {"nothere": {"minimum": 2}}}]),
        "schema.properties[spec].properties[nothere]: because it is defined in schema.properties[spec].allOf[0].properties[nothere]",
    );
    // int-or-string: no type of its own, not with preserve-unknown-fields.
    broken(
        |s| {
            let memory = &mut s["properties"]["spec"]["properties"]["memory"];
            memory["type"] = json!("string");
        },
        "must be empty if x-kubernetes-int-or-string is true",
    );
    broken(
        |s| {
            let memory = &mut s["properties"]["spec"]["properties"]["memory"];
            memory["x-kubernetes-preserve-unknown-fields"] = json!(true);
        },
        "must be false if x-kubernetes-int-or-string is true",
    );
    // Extensions and keys CRDs do not know.
    broken(
        |s| s["properties"]["spec"]["properties"]["backend"]["x-kubernetes-unions"] = json!([]),
        "unknown field \"x-kubernetes-unions\"",
    );
    broken(
        |s| s["properties"]["spec"]["properties"]["params"]["uniqueItems"] = json!(true),
        "uniqueItems cannot be set to true",
    );
    broken(
        |s| s["x-kubernetes-preserve-unknown-fields"] = json!(false),
        "must be true or undefined",
    );
    broken(
        |s| {
            s["properties"]["spec"]["properties"]["height"]["x-kubernetes-map-type"] =
                json!("atomic")
        },
        "properties[height].type: must be object if x-kubernetes-map-type is specified",
    );
    // Defaults must fit their schema.
    broken(
        |s| s["properties"]["spec"]["properties"]["replicas"]["default"] = json!("one"),
        "default \"one\" does not match type integer",
    );
    broken(
        |s| s["properties"]["spec"]["properties"]["restartPolicy"]["default"] = json!("Sometimes"),
        "is not one of the enum values",
    );
    broken(
        |s| s["properties"]["spec"]["properties"]["height"]["default"] = json!(5000),
        "is above the maximum",
    );
    // An embedded resource must be an object.
    broken(
        |s| {
            set(
                s,
                &["spec", "template"],
                json!({"type": "string", "x-kubernetes-embedded-resource": true}),
            )
        },
        "must be object if x-kubernetes-embedded-resource is true",
    );
    // The root is an object.
    broken(
        |s| s["type"] = json!("string"),
        "schema.type: must be object at the root",
    );
}

#[test]
fn the_checks_catch_broken_crds() {
    let check = |edit: &dyn Fn(&mut Value), expected: &str| {
        let mut crd = frobber();
        edit(&mut crd);
        let violations: Vec<String> = check_crd(&crd).iter().map(ToString::to_string).collect();
        assert!(
            violations.iter().any(|v| v.contains(expected)),
            "expected {expected:?} in {violations:#?}"
        );
    };
    check(
        &|c| c["spec"]["versions"][1]["storage"] = json!(true),
        "spec.versions: must have exactly one version marked as storage version",
    );
    check(
        &|c| c["metadata"]["name"] = json!("frobbers"),
        "must be spec.names.plural+\".\"+spec.group",
    );
    check(
        &|c| {
            c["spec"]["versions"][0]["subresources"]["scale"]["specReplicasPath"] =
                json!(".spec.nope")
        },
        ".spec.nope is not a path in the schema",
    );
    check(
        &|c| {
            c["spec"]["versions"][0]["subresources"]["scale"]["specReplicasPath"] =
                json!(".spec.param")
        },
        ".spec.param must be of type integer",
    );
    check(
        &|c| c["spec"]["versions"][0]["additionalPrinterColumns"][0]["type"] = json!("int"),
        "must be one of boolean,date,integer,number,string",
    );
    check(
        &|c| {
            c["spec"]["conversion"]["webhook"]
                .as_object_mut()
                .expect("webhook")
                .remove("clientConfig");
        },
        "exactly one of url or service is required",
    );
    check(
        &|c| c["spec"]["versions"][0]["deprecationWarning"] = json!("old"),
        "can only be set for deprecated versions",
    );
}

/// A scratch copy of the example API whose Cargo.toml and sources `edit` may change.
fn scratch(edit: impl Fn(&mut String, &mut String)) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_dir(&example_api().join("src"), &dir.path().join("src"));
    copy_dir(&example_api().join("hack"), &dir.path().join("hack"));
    let mut manifest =
        std::fs::read_to_string(example_api().join("Cargo.toml")).expect("reads Cargo.toml");
    // Outside the workspace, `workspace = true` cannot resolve; name kapi by path.
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime");
    manifest = manifest.replace(
        "kapi = { workspace = true }",
        &format!("kapi = {{ path = {:?} }}", runtime.display().to_string()),
    );
    let types_path = dir.path().join("src/v1/types.rs");
    let mut types = std::fs::read_to_string(&types_path).expect("reads types");
    edit(&mut manifest, &mut types);
    std::fs::write(dir.path().join("Cargo.toml"), manifest).expect("writes Cargo.toml");
    std::fs::write(types_path, types).expect("writes types");
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("creates dir");
    for entry in std::fs::read_dir(from).expect("lists dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copies");
        }
    }
}

#[test]
fn a_kind_in_several_versions_needs_a_storage_version() {
    let api = scratch(|_, types| {
        *types = types.replacen("    print_column(name = \"Max\", type = \"integer\", json_path = \".spec.maxReplicas\"),\n    storage_version\n", "    print_column(name = \"Max\", type = \"integer\", json_path = \".spec.maxReplicas\")\n", 1);
    });
    let (crds, errors) = crds_of(api.path(), None);
    assert_eq!(
        errors,
        ["kind `FrobberClass` is served in v1, v2beta1 but no version is marked `storage_version`\n  = help: add `storage_version` to `FrobberClass` in the version etcd should keep it in (usually the most stable, v1)"]
    );
    assert_eq!(crds.len(), 1);
}

/// Versions that differ need a conversion webhook: without one the CRD is written with
/// conversion `None` and a warning (not an error), so local work and tests go on.
#[test]
fn versions_that_differ_need_a_conversion_webhook() {
    let api = scratch(|manifest, _| *manifest = without_webhook_server(manifest));
    strip_webhook_markers(api.path());
    let (crds, errors) = crds_of(api.path(), None);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].starts_with(
            "the versions of `Frobber` (v1, v2beta1) have different schemas, so its CRD needs a conversion webhook; it is written with conversion strategy `None`"
        ),
        "{}",
        errors[0]
    );
    let frobber = &crds[1].1;
    assert_eq!(frobber["spec"]["conversion"], json!({"strategy": "None"}));
    assert!(check_crd(frobber).is_empty());
    let report = generate::run(api.path(), generate::Mode::Write).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.contains("its CRD needs a conversion webhook")),
        "{:#?}",
        report.warnings
    );
    // A URL works as well as a service.
    let (crds, errors) = crds_of(
        api.path(),
        Some(CrdSettings {
            conversion_webhook: Some(WebhookConfig::Url(
                "https://frob.example.com/convert".into(),
            )),
            ..CrdSettings::default()
        }),
    );
    assert!(errors.is_empty());
    let frobber = &crds[1].1;
    assert_eq!(
        frobber["spec"]["conversion"]["webhook"]["clientConfig"],
        json!({"url": "https://frob.example.com/convert"})
    );
    assert!(check_crd(frobber).is_empty());
}

#[test]
fn descriptions_can_be_capped() {
    let api = scratch(|manifest, _| {
        *manifest = manifest.replacen(
            "[package.metadata.kapi]\n",
            "[package.metadata.kapi]\ncrd-max-description-length = 24\n",
            1,
        );
    });
    let (crds, errors) = crds_of(api.path(), None);
    assert!(errors.is_empty(), "{errors:#?}");
    let mut longest = 0;
    let mut count = 0;
    for (_, crd) in &crds {
        assert!(check_crd(crd).is_empty());
        walk(crd, &mut |key, v| {
            if key == "description" {
                if let Some(d) = v.as_str() {
                    longest = longest.max(d.chars().count());
                    count += 1;
                }
            }
        });
    }
    assert!(count > 0);
    assert!(longest <= 24, "{longest}");
    let frobber = &crds[1].1;
    assert_eq!(
        frobber["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
            ["properties"]["height"]["description"],
        "How tall each frob is..."
    );

    // 0 drops them.
    let api = scratch(|manifest, _| {
        *manifest = manifest.replacen(
            "[package.metadata.kapi]\n",
            "[package.metadata.kapi]\ncrd-max-description-length = 0\n",
            1,
        );
    });
    let (crds, _) = crds_of(api.path(), None);
    let text = serde_json::to_string(&crds).expect("serializes");
    assert!(!text.contains("\"description\":\""), "{text}");
}

fn walk(v: &Value, f: &mut dyn FnMut(&str, &Value)) {
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                f(k, child);
                walk(child, f);
            }
        }
        Value::Array(items) => {
            for item in items {
                walk(item, f);
            }
        }
        _ => {}
    }
}

/// The example's manifest without its `[package.metadata.kapi.webhook]` table.
fn without_webhook_server(manifest: &str) -> String {
    let mut out = Vec::new();
    let mut in_table = false;
    for line in manifest.lines() {
        if line.starts_with('[') {
            in_table = line == "[package.metadata.kapi.webhook]";
        }
        if !in_table {
            out.push(line);
        }
    }
    out.join("\n")
}

/// The scratch crate's kinds without their webhook markers, which need the webhook server.
fn strip_webhook_markers(dir: &Path) {
    for version in ["v1", "v2beta1"] {
        let path = dir.join("src").join(version).join("types.rs");
        let text = std::fs::read_to_string(&path).expect("reads types");
        let text = text.replace("    validating_webhook,\n    mutating_webhook,\n", "");
        std::fs::write(path, text).expect("writes types");
    }
}

#[test]
fn settings_are_checked() {
    let load = |extra: &str| {
        let api = scratch(|manifest, _| {
            *manifest = without_webhook_server(manifest).replacen(
                "[package.metadata.kapi]\n",
                &format!("[package.metadata.kapi]\n{extra}\n"),
                1,
            );
        });
        generate::load_model(api.path()).map(|(_, s)| s.crd)
    };
    let ok =
        load("webhook = { service = { namespace = \"ns\", name = \"hook\" } }").expect("loads");
    assert_eq!(
        ok.conversion_webhook,
        Some(WebhookConfig::Service {
            namespace: "ns".into(),
            name: "hook".into(),
            path: Some("/convert".into()),
            port: None
        })
    );
    assert_eq!(ok.inject_ca_from, None);
    let err = |extra: &str| match load(extra) {
        Ok(s) => panic!("{extra} loaded: {s:?}"),
        Err(e) => e.to_string(),
    };
    // The old key says what to write instead, with the values it held.
    assert!(
        err("crd-conversion-webhook = { namespace = \"ns\", name = \"hook\", path = \"/convert\", port = 443 }")
            .ends_with("[package.metadata.kapi] crd-conversion-webhook is now the `webhook` table, which the admission webhooks share: write `webhook = { service = { namespace = \"ns\", name = \"hook\", port = 443 } }`"),
    );
    assert!(
        err("crd-conversion-webhook = { url = \"https://frob.example.com/frob/convert\" }")
            .ends_with("write `webhook = { url = \"https://frob.example.com\", convert-path = \"/frob/convert\" }`"),
    );
    assert!(err("crd-max-description-length = -1").contains("must be a non-negative integer"));
    assert!(err("crd-max-descripton-length = 10")
        .contains("unknown setting `crd-max-descripton-length` in [package.metadata.kapi] (did you mean `crd-max-description-length`?)"));
}

#[test]
fn synthetic_api_crds_pass_too() {
    // Cluster-scoped kinds, kinds without scale, embedded objects, sets, deprecated versions
    // with no replacement named: the shapes the example does not have.
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime");
    synth::write_api(dir.path(), 6, &runtime).expect("writes the API");
    let (crds, errors) = crds_of(dir.path(), None);
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(crds.len(), 6);
    for (name, crd) in &crds {
        let violations = check_crd(crd);
        assert!(violations.is_empty(), "{}: {violations:#?}", name.display());
    }
    let cluster = &crds[0].1;
    assert_eq!(cluster["spec"]["scope"], "Cluster");
    assert_eq!(cluster["spec"]["conversion"], json!({"strategy": "None"}));
    let template = &cluster["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]
        ["spec"]["properties"]["template"];
    assert_eq!(
        template,
        &json!({
            "description": "An object passed through as written.",
            "type": "object",
            "x-kubernetes-embedded-resource": true,
            "x-kubernetes-preserve-unknown-fields": true,
        })
    );
}

#[test]
fn a_crd_the_api_server_would_reject_is_not_written() {
    // A default the schema refuses (a string for kapi's LabelSelector, which the model
    // does not see into): kube-apiserver refuses the CRD, so codegen does.
    let api = scratch(|_, types| {
        *types = types.replacen(
            "#[k8s(protobuf = 9)]\n    pub selector",
            "#[k8s(default = \"all\", protobuf = 9)]\n    pub selector",
            1,
        );
    });
    let (crds, errors) = crds_of(api.path(), None);
    assert!(
        crds.iter()
            .all(|(name, _)| !name.ends_with("frob.example.com_frobbers.yaml")),
        "the Frobber CRD is not written"
    );
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].starts_with(
            "kube-apiserver would reject the CustomResourceDefinition frobbers.frob.example.com of `Frobber`, so it is not written: "
        ),
        "{}",
        errors[0]
    );
    assert!(
        errors[0].contains(
            ".properties[spec].properties[selector].default: default \"all\" does not match type object"
        ),
        "{}",
        errors[0]
    );
    // The run stops with the error at the kind's declaration, and writes nothing.
    match generate::run(api.path(), generate::Mode::Write) {
        Err(generate::Error::Source { rendered, count }) => {
            assert_eq!(count, 1, "{rendered}");
            assert!(rendered.contains("src/v1/types.rs:27:"), "{rendered}");
            assert!(rendered.contains("pub struct Frobber {"), "{rendered}");
        }
        other => panic!("expected the CRD to be refused: {other:?}"),
    }
    assert!(!api.path().join("generated/crds").exists());
}
