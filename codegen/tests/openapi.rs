//! OpenAPI v2 and v3 documents of the example API: valid per a real OpenAPI validator,
//! definitions named and typed as Kubernetes publishes them, the meta types described from
//! kapi's own source, and the operations the API server serves.

use kapi_codegen::generate::{self, openapi};
use kapi_codegen::model::kapi_types;
use kapi_codegen::model::resolve::Index;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn example_api() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types")
}

fn runtime_dir() -> PathBuf {
    std::fs::canonicalize(Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime"))
        .expect("the runtime crate is beside codegen")
}

struct Docs {
    swagger: Value,
    v3: Vec<(PathBuf, Value)>,
}

fn documents_of(dir: &Path) -> Docs {
    let (model, _) = generate::load_model(dir).unwrap_or_else(|e| panic!("{e}"));
    let kapi = kapi_types::load(dir).unwrap_or_else(|e| panic!("{e}"));
    let index = Index::new(&model, &kapi);
    let (swagger, errors) = openapi::swagger(&index);
    assert!(errors.is_empty(), "{errors:?}");
    let v3 = openapi::v3_documents(&index)
        .into_iter()
        .map(|(name, doc, errors)| {
            assert!(errors.is_empty(), "{errors:?}");
            (name, doc)
        })
        .collect();
    Docs { swagger, v3 }
}

fn example() -> Docs {
    documents_of(&example_api())
}

/// Whether CI demands the external tools (then a missing tool fails instead of skipping).
fn tools_required() -> bool {
    let set = |name: &str| std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0");
    set("KAPI_REQUIRE_TOOLS") || set("CI")
}

/// Python's openapi-spec-validator, if it can run here. Locally a missing validator skips
/// with a reason; under CI (`KAPI_REQUIRE_TOOLS` or `CI` set) it fails the test.
fn validator() -> bool {
    let probe = Command::new("python3")
        .args(["-c", "import openapi_spec_validator"])
        .output();
    let problem = match probe {
        Ok(out) if out.status.success() => return true,
        Ok(out) => String::from_utf8_lossy(&out.stderr).trim().to_string(),
        Err(e) => format!("cannot run python3: {e}"),
    };
    if tools_required() {
        panic!(
            "openapi-spec-validator is required here (KAPI_REQUIRE_TOOLS or CI is set) but unusable: {problem}\n\
             install it with `python3 -m pip install openapi-spec-validator`"
        );
    }
    eprintln!(
        "SKIPPED: openapi-spec-validator is not installed ({problem}); \
         `python3 -m pip install openapi-spec-validator` to run this check"
    );
    false
}

/// Runs the validator on one document; Err carries its report.
fn validate(doc: &Value, schema: &str, dir: &Path, name: &str) -> Result<(), String> {
    let file = dir.join(name);
    std::fs::write(&file, openapi::to_json(doc)).expect("writes the document");
    let out = Command::new("python3")
        .args(["-m", "openapi_spec_validator", "--schema", schema])
        .arg(&file)
        .output()
        .expect("runs the validator");
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

#[test]
fn documents_validate_as_openapi_2_and_3() {
    if !validator() {
        return;
    }
    let docs = example();
    let dir = tempfile::tempdir().expect("temp dir");
    if let Err(report) = validate(&docs.swagger, "2.0", dir.path(), "swagger.json") {
        panic!("swagger.json is not valid OpenAPI 2.0:\n{report}");
    }
    assert_eq!(docs.v3.len(), 2);
    for (name, doc) in &docs.v3 {
        let name = name.display().to_string();
        if let Err(report) = validate(doc, "3.0", dir.path(), &name) {
            panic!("{name} is not valid OpenAPI 3.0:\n{report}");
        }
    }
    // The validator does reject what is wrong: an operation without responses, and a
    // reference to a definition that does not exist.
    let mut broken = docs.swagger.clone();
    broken["paths"]["/apis/frob.example.com/v1/frobberclasses"]["get"]
        .as_object_mut()
        .expect("list operation")
        .remove("responses");
    assert!(validate(&broken, "2.0", dir.path(), "broken.json").is_err());
    let (_, v3) = &docs.v3[0];
    let mut broken = v3.clone();
    broken["components"]["schemas"]
        .as_object_mut()
        .expect("schemas")
        .remove("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta");
    assert!(validate(&broken, "3.0", dir.path(), "broken3.json").is_err());
}

#[test]
fn definitions_are_named_and_typed_as_kubernetes_publishes_them() {
    let docs = example();
    let defs = &docs.swagger["definitions"];
    for name in [
        "com.example.frob.v1.Frobber",
        "com.example.frob.v1.FrobberList",
        "com.example.frob.v2beta1.FrobberSpec",
        "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
        "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta",
        "io.k8s.apimachinery.pkg.apis.meta.v1.Status",
        "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions",
        "io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent",
        "io.k8s.apimachinery.pkg.apis.meta.v1.Condition",
        "io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector",
        "io.k8s.api.autoscaling.v1.Scale",
    ] {
        assert!(defs.get(name).is_some(), "no definition {name}");
    }
    // The internal version is never published.
    let text = serde_json::to_string(&docs.swagger).expect("serializes");
    assert!(!text.contains("__internal"));

    // Kinds carry their group-version-kind; their schemas their markers.
    let frobber = &defs["com.example.frob.v1.Frobber"];
    assert_eq!(
        frobber["x-kubernetes-group-version-kind"],
        json!([{"group": "frob.example.com", "kind": "Frobber", "version": "v1"}])
    );
    assert_eq!(frobber["properties"]["apiVersion"]["type"], "string");
    assert_eq!(
        frobber["properties"]["metadata"]["$ref"],
        "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
    );
    let spec = &defs["com.example.frob.v1.FrobberSpec"];
    assert_eq!(spec["required"], json!(["height"]));
    let p = &spec["properties"];
    assert_eq!(
        p["height"],
        json!({"description": "How tall each frob is, in frob units.", "type": "integer",
               "format": "int32", "minimum": 1, "maximum": 1000})
    );
    assert_eq!(p["replicas"]["default"], 1);
    assert_eq!(
        p["restartPolicy"]["enum"],
        json!(["Always", "OnFailure", "Never", "OnTuesday"])
    );
    assert!(p["restartPolicy"]["description"].as_str().is_some_and(|d| d
        .contains("Possible enum values:\n - `\"Always\"` Always restart.")
        && d.contains("enable the FrobberRestartPolicyOnTuesday feature gate")));
    assert!(p["width"]["description"].as_str().is_some_and(|d| d.ends_with(
        "This field is alpha-level and is only honored by servers that enable the Frobber2D feature gate (off by default)."
    )));
    assert_eq!(p["ports"]["x-kubernetes-list-type"], "map");
    assert_eq!(p["ports"]["x-kubernetes-list-map-keys"], json!(["name"]));
    assert_eq!(p["ports"]["maxItems"], 16);
    assert_eq!(p["frobLabels"]["x-kubernetes-map-type"], "granular");
    assert_eq!(p["className"]["format"], "dns1123-subdomain");
    assert_eq!(p["className"]["maxLength"], 253);
    assert_eq!(p["memory"]["default"], "128Mi");
    assert_eq!(
        defs["com.example.frob.v1.FrobberBackend"]["x-kubernetes-unions"],
        json!([{"discriminator": "type", "fields-to-discriminateBy": {"bucket": "Bucket", "service": "Service"}}])
    );
    assert_eq!(
        defs["com.example.frob.v1.FrobberClassSpec"]["properties"]["provisioner"]
            ["x-kubernetes-validations"],
        json!([{"rule": "self == oldSelf", "message": "field is immutable"}])
    );
    // The deprecated version says so, in the words of kube-apiserver's warning.
    assert!(defs["com.example.frob.v2beta1.Frobber"]["description"]
        .as_str()
        .is_some_and(|d| d.ends_with(
            "Deprecated: frob.example.com/v2beta1 Frobber is deprecated in v1.30+; use frob.example.com/v1 Frobber."
        )));

    // Meta types come from kapi's source: ObjectMeta's list semantics and docs.
    let meta = &defs["io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"]["properties"];
    assert_eq!(
        meta["ownerReferences"]["x-kubernetes-list-map-keys"],
        json!(["uid"])
    );
    assert_eq!(meta["finalizers"]["x-kubernetes-list-type"], "set");
    assert_eq!(
        meta["creationTimestamp"]["$ref"],
        "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Time"
    );
    assert_eq!(
        defs["io.k8s.apimachinery.pkg.apis.meta.v1.Time"]["format"],
        "date-time"
    );
    assert_eq!(
        defs["io.k8s.apimachinery.pkg.apis.meta.v1.Status"]["x-kubernetes-group-version-kind"],
        json!([{"group": "", "kind": "Status", "version": "v1"}])
    );
}

#[test]
fn v3_documents_cover_one_group_version_each() {
    let docs = example();
    let names: Vec<String> = docs
        .v3
        .iter()
        .map(|(n, _)| n.display().to_string())
        .collect();
    assert_eq!(
        names,
        [
            "apis__frob.example.com__v1_openapi.json",
            "apis__frob.example.com__v2beta1_openapi.json"
        ]
    );
    let (_, v1) = &docs.v3[0];
    assert_eq!(v1["openapi"], "3.0.0");
    let schemas = v1["components"]["schemas"].as_object().expect("schemas");
    assert!(schemas.contains_key("com.example.frob.v1.Frobber"));
    assert!(!schemas
        .keys()
        .any(|k| k.starts_with("com.example.frob.v2beta1")));
    assert!(v1["paths"]
        .as_object()
        .expect("paths")
        .keys()
        .all(|p| p.starts_with("/apis/frob.example.com/v1/")));
    // OpenAPI 3.0 ignores siblings of `$ref`: a field's docs go around an `allOf`.
    assert_eq!(
        schemas["com.example.frob.v1.Frobber"]["properties"]["spec"],
        json!({
            "allOf": [{"$ref": "#/components/schemas/com.example.frob.v1.FrobberSpec"}],
            "description": "What the user wants.",
        })
    );
    assert_eq!(
        schemas["io.k8s.apimachinery.pkg.api.resource.Quantity"]["oneOf"],
        json!([{"type": "string"}, {"type": "number"}])
    );
}

#[test]
fn paths_serve_every_verb_with_kubernetes_operation_ids() {
    let docs = example();
    let paths = &docs.swagger["paths"];
    let ns = &paths["/apis/frob.example.com/v1/namespaces/{namespace}/frobbers"];
    assert_eq!(ns["get"]["operationId"], "listFrobV1NamespacedFrobber");
    assert_eq!(ns["get"]["x-kubernetes-action"], "list");
    assert_eq!(
        ns["get"]["x-kubernetes-group-version-kind"],
        json!({"group": "frob.example.com", "kind": "Frobber", "version": "v1"})
    );
    assert_eq!(
        ns["get"]["responses"]["200"]["schema"]["$ref"],
        "#/definitions/com.example.frob.v1.FrobberList"
    );
    assert!(ns["get"]["produces"]
        .as_array()
        .is_some_and(|p| p.contains(&json!("application/json;stream=watch"))));
    assert_eq!(ns["post"]["x-kubernetes-action"], "post");
    assert_eq!(ns["delete"]["x-kubernetes-action"], "deletecollection");
    assert_eq!(ns["parameters"][0]["name"], "namespace");
    let item = &paths["/apis/frob.example.com/v1/namespaces/{namespace}/frobbers/{name}"];
    for (method, id, action) in [
        ("get", "readFrobV1NamespacedFrobber", "get"),
        ("put", "replaceFrobV1NamespacedFrobber", "put"),
        ("patch", "patchFrobV1NamespacedFrobber", "patch"),
        ("delete", "deleteFrobV1NamespacedFrobber", "delete"),
    ] {
        assert_eq!(item[method]["operationId"], id);
        assert_eq!(item[method]["x-kubernetes-action"], action);
    }
    assert_eq!(
        item["patch"]["consumes"],
        json!([
            "application/apply-patch+yaml",
            "application/json-patch+json",
            "application/merge-patch+json",
            "application/strategic-merge-patch+json"
        ])
    );
    // Subresources: status with the kind, scale with autoscaling/v1 Scale.
    let status = &paths["/apis/frob.example.com/v1/namespaces/{namespace}/frobbers/{name}/status"];
    assert_eq!(
        status["put"]["operationId"],
        "replaceFrobV1NamespacedFrobberStatus"
    );
    let scale = &paths["/apis/frob.example.com/v1/namespaces/{namespace}/frobbers/{name}/scale"];
    assert_eq!(
        scale["get"]["x-kubernetes-group-version-kind"],
        json!({"group": "autoscaling", "kind": "Scale", "version": "v1"})
    );
    assert_eq!(
        scale["get"]["responses"]["200"]["schema"]["$ref"],
        "#/definitions/io.k8s.api.autoscaling.v1.Scale"
    );
    // Cluster-scoped kinds have no namespace in their paths; namespaced ones are also
    // listed across namespaces; the watch paths are served and marked deprecated.
    assert_eq!(
        paths["/apis/frob.example.com/v1/frobberclasses/{name}"]["get"]["operationId"],
        "readFrobV1FrobberClass"
    );
    assert_eq!(
        paths["/apis/frob.example.com/v1/frobbers"]["get"]["operationId"],
        "listFrobV1FrobberForAllNamespaces"
    );
    let watch = &paths["/apis/frob.example.com/v1/watch/namespaces/{namespace}/frobbers/{name}"];
    assert_eq!(watch["get"]["x-kubernetes-action"], "watch");
    assert_eq!(watch["get"]["deprecated"], true);
    // Every operation of the deprecated version is marked deprecated.
    let v2 = &paths["/apis/frob.example.com/v2beta1/namespaces/{namespace}/frobbers"];
    assert_eq!(v2["get"]["deprecated"], true);
    // Query parameters are the option kinds' fields, with their docs.
    assert_eq!(
        docs.swagger["parameters"]["ListOptions.limit"],
        json!({"description": "Page size of a chunked list; 0 means no limit.", "in": "query",
               "name": "limit", "type": "integer"})
    );
}

#[test]
fn outline_of_the_operations() {
    let docs = example();
    let mut outline: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (path, item) in docs.swagger["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            if method == "parameters" {
                continue;
            }
            outline.entry(path.clone()).or_default().insert(
                method.clone(),
                format!(
                    "{} ({} {})",
                    op["operationId"].as_str().unwrap_or_default(),
                    op["x-kubernetes-action"].as_str().unwrap_or_default(),
                    op["x-kubernetes-group-version-kind"]["kind"]
                        .as_str()
                        .unwrap_or_default()
                ),
            );
        }
    }
    insta::assert_yaml_snapshot!(outline);
}

/// A scratch API crate depending on this workspace's kapi, with `types` in module `v1`.
fn scratch_api(types: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = runtime_dir().display().to_string();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        format!(
            "[package]\nname = \"scratch\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [dependencies]\nkapi = {{ path = {runtime:?} }}\n"
        ),
    )
    .expect("writes Cargo.toml");
    let src = dir.path().join("src");
    std::fs::create_dir_all(&src).expect("creates src");
    std::fs::write(src.join("lib.rs"), "pub mod v1;\n").expect("writes lib.rs");
    std::fs::write(src.join("v1.rs"), types).expect("writes v1.rs");
    dir
}

/// A type with its own JSON (apiextensions' `JSONSchemaPropsOrBool`) is published as
/// kube-openapi publishes it, with no properties and only the type it names; fields still
/// refer to it.
#[test]
fn a_custom_json_type_is_published_without_a_type() {
    let api = scratch_api(
        r#"
kapi::group_version! { group_name = "gadgets.example.com", version = "v1" }
use kapi::meta::ObjectMeta;

#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct Gadget {
    #[k8s(optional)]
    pub metadata: ObjectMeta,
    pub extra: Option<SchemaOrBool>,
    pub data: Option<Encoded>,
}

#[derive(kapi::ApiType)]
#[k8s(custom_json(type = "string", format = "byte"))]
pub struct Encoded {
    #[k8s(protobuf = 1)]
    pub raw: kapi::meta::ByteString,
}

#[derive(kapi::ApiType)]
#[k8s(custom_json)]
pub struct SchemaOrBool {
    #[k8s(protobuf = 1)]
    pub allows: bool,
    #[k8s(protobuf = 2)]
    pub schema: Option<String>,
}
"#,
    );
    let docs = documents_of(api.path());
    let defs = &docs.swagger["definitions"];
    assert_eq!(defs["com.example.gadgets.v1.SchemaOrBool"], json!({}));
    // `OpenAPISchemaType()` and `OpenAPISchemaFormat()`, when the marker names them.
    assert_eq!(
        defs["com.example.gadgets.v1.Encoded"],
        json!({"type": "string", "format": "byte"})
    );
    assert_eq!(
        defs["com.example.gadgets.v1.Gadget"]["properties"]["extra"],
        json!({"$ref": "#/definitions/com.example.gadgets.v1.SchemaOrBool"})
    );
}

const SPECIALS: &str = r#"
kapi::group_version! { group_name = "gadgets.example.com", version = "v1" }
use kapi::meta::{ByteString, Duration, FieldsV1, IntOrString, ListMeta, MicroTime, ObjectMeta, Quantity, RawExtension, Time};

/// A gadget.
#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct Gadget {
    #[k8s(optional)]
    pub metadata: ObjectMeta,
    pub spec: Option<GadgetSpec>,
}

#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct GadgetList {
    #[k8s(optional)]
    pub metadata: ListMeta,
    pub items: Vec<Gadget>,
}

#[derive(kapi::ApiType)]
pub struct GadgetSpec {
    pub at: Option<Time>,
    pub micro: Option<MicroTime>,
    pub every: Option<Duration>,
    pub size: Option<Quantity>,
    pub port: Option<IntOrString>,
    pub data: Option<ByteString>,
    #[k8s(embedded_resource)]
    pub object: Option<RawExtension>,
    pub fields: Option<FieldsV1>,
    pub anything: Option<serde_json::Value>,
    pub ratio: Option<f64>,
    pub count: Option<u64>,
    pub flag: Option<bool>,
}
"#;

#[test]
fn scalar_meta_types_have_the_formats_kubernetes_publishes() {
    let api = scratch_api(SPECIALS);
    let docs = documents_of(api.path());
    let defs = &docs.swagger["definitions"];
    let def = |name: &str| {
        let mut d = defs[name].clone();
        d.as_object_mut().expect("definition").remove("description");
        d
    };
    assert_eq!(
        def("io.k8s.apimachinery.pkg.apis.meta.v1.Time"),
        json!({"type": "string", "format": "date-time"})
    );
    assert_eq!(
        def("io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime"),
        json!({"type": "string", "format": "date-time"})
    );
    assert_eq!(
        def("io.k8s.apimachinery.pkg.apis.meta.v1.Duration"),
        json!({"type": "string"})
    );
    assert_eq!(
        def("io.k8s.apimachinery.pkg.api.resource.Quantity"),
        json!({"type": "string"})
    );
    assert_eq!(
        def("io.k8s.apimachinery.pkg.util.intstr.IntOrString"),
        json!({"type": "string", "format": "int-or-string", "x-kubernetes-int-or-string": true})
    );
    assert_eq!(
        def("io.k8s.apimachinery.pkg.runtime.RawExtension"),
        json!({"type": "object"})
    );
    assert_eq!(
        def("io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1"),
        json!({"type": "object"})
    );
    let spec = &defs["com.example.gadgets.v1.GadgetSpec"]["properties"];
    assert_eq!(spec["data"], json!({"type": "string", "format": "byte"}));
    assert_eq!(
        spec["anything"],
        json!({"x-kubernetes-preserve-unknown-fields": true})
    );
    assert_eq!(spec["object"]["x-kubernetes-embedded-resource"], true);
    assert_eq!(spec["ratio"], json!({"type": "number", "format": "double"}));
    assert_eq!(spec["count"], json!({"type": "integer", "format": "int64"}));
    assert_eq!(spec["flag"], json!({"type": "boolean"}));

    let (_, v3) = &docs.v3[0];
    let schemas = &v3["components"]["schemas"];
    assert_eq!(
        schemas["io.k8s.apimachinery.pkg.util.intstr.IntOrString"]["oneOf"],
        json!([{"type": "integer"}, {"type": "string"}])
    );
    assert_eq!(
        schemas["io.k8s.apimachinery.pkg.util.intstr.IntOrString"]["format"],
        "int-or-string"
    );
    if validator() {
        let dir = tempfile::tempdir().expect("temp dir");
        validate(&docs.swagger, "2.0", dir.path(), "swagger.json").expect("valid 2.0");
        validate(v3, "3.0", dir.path(), "v3.json").expect("valid 3.0");
    }
}

#[test]
fn a_type_openapi_cannot_describe_is_an_error_at_its_field() {
    let api = scratch_api(
        r#"
kapi::group_version! { group_name = "gadgets.example.com", version = "v1" }

#[derive(kapi::ApiType)]
pub struct Gadget {
    pub when: Option<std::time::Instant>,
}
"#,
    );
    let (model, _) = generate::load_model(api.path()).unwrap_or_else(|e| panic!("{e}"));
    let kapi = kapi_types::load(api.path()).unwrap_or_else(|e| panic!("{e}"));
    let index = Index::new(&model, &kapi);
    let (_, errors) = openapi::swagger(&index);
    let messages: Vec<String> = errors.iter().map(|d| d.full_message()).collect();
    assert_eq!(
        messages,
        ["`Gadget.when` has type `std::time::Instant`, which OpenAPI cannot describe\n  = help: use a type that derives `ApiType` in this crate, a kapi meta type, or `serde_json::Value` for any JSON"]
    );
}

#[test]
fn kapi_is_found_from_the_api_crates_manifest() {
    // This workspace: `kapi = { workspace = true }` and `[workspace.dependencies]`.
    let found = kapi_types::locate(&example_api()).expect("locates kapi");
    assert_eq!(std::fs::canonicalize(found).expect("exists"), runtime_dir());

    // A renamed path dependency outside any workspace.
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("Cargo.toml"),
        format!(
            "[package]\nname = \"renamed\"\nversion = \"0.1.0\"\n\n[dependencies]\nk = {{ package = \"kapi\", path = {:?} }}\n",
            runtime_dir().display().to_string()
        ),
    )
    .expect("writes Cargo.toml");
    let found = kapi_types::locate(dir.path()).expect("locates kapi");
    assert_eq!(std::fs::canonicalize(found).expect("exists"), runtime_dir());

    // Nothing cargo can resolve: the kapi codegen was built with.
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"lost\"\nversion = \"0.1.0\"\n\n[dependencies]\nkapi = { workspace = true }\n",
    )
    .expect("writes Cargo.toml");
    let found = kapi_types::locate(dir.path()).expect("falls back");
    assert_eq!(std::fs::canonicalize(found).expect("exists"), runtime_dir());

    // Not kapi's sources: a clear error.
    let err = kapi_types::load_from(&example_api()).expect_err("api-types is not kapi");
    assert!(err.contains("has no `ObjectMeta` API type"), "{err}");
}

#[test]
fn a_kind_without_a_declared_list_is_listed_as_the_server_lists_it() {
    let api = scratch_api(
        r#"
kapi::group_version! { group_name = "gadgets.example.com", version = "v1" }

/// A gadget.
#[derive(kapi::ApiType)]
#[k8s(kind)]
pub struct Gadget {
    #[k8s(optional)]
    pub metadata: kapi::meta::ObjectMeta,
}
"#,
    );
    let docs = documents_of(api.path());
    let list = &docs.swagger["definitions"]["com.example.gadgets.v1.GadgetList"];
    assert_eq!(list["required"], json!(["items"]));
    assert_eq!(
        list["properties"]["items"]["items"]["$ref"],
        "#/definitions/com.example.gadgets.v1.Gadget"
    );
    assert_eq!(
        list["properties"]["metadata"]["$ref"],
        "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta"
    );
    assert_eq!(
        list["x-kubernetes-group-version-kind"],
        json!([{"group": "gadgets.example.com", "kind": "GadgetList", "version": "v1"}])
    );
    assert_eq!(
        docs.swagger["paths"]["/apis/gadgets.example.com/v1/namespaces/{namespace}/gadgets"]["get"]
            ["responses"]["200"]["schema"]["$ref"],
        "#/definitions/com.example.gadgets.v1.GadgetList"
    );
}
