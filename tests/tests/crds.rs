//! The example API's generated CRDs read back as apiextensions.k8s.io/v1 objects, with
//! strict decoding: every field kapi writes is one the API server knows.

use kapi::codec::yaml;
use kapi_tests::apiextensions_v1::{CustomResourceDefinition, JsonSchemaProps};
use std::path::PathBuf;

fn crd_file(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../api-types/generated/crds")
        .join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => panic!("cannot read {}: {e}", path.display()),
    }
}

fn decode(name: &str) -> CustomResourceDefinition {
    let strict = match yaml::from_str_strict::<CustomResourceDefinition>(&crd_file(name)) {
        Ok(s) => s,
        Err(e) => panic!("{name} does not decode: {e}"),
    };
    assert!(strict.is_clean(), "{name}: {:?}", strict.messages());
    strict.value
}

fn prop<'a>(schema: &'a JsonSchemaProps, path: &[&str]) -> &'a JsonSchemaProps {
    path.iter().fold(schema, |s, p| match s.properties.get(*p) {
        Some(next) => next,
        None => panic!("no property {p} in {path:?}"),
    })
}

#[test]
fn frobber_crd_has_every_version_subresource_and_a_conversion_webhook() {
    let crd = decode("frob.example.com_frobbers.yaml");
    assert_eq!(crd.metadata.name, "frobbers.frob.example.com");
    let spec = &crd.spec;
    assert_eq!(spec.group, "frob.example.com");
    assert_eq!(spec.scope, "Namespaced");
    assert_eq!(spec.names.kind, "Frobber");
    assert_eq!(spec.names.list_kind, "FrobberList");
    assert_eq!(spec.names.plural, "frobbers");
    assert_eq!(spec.names.singular, "frobber");
    assert_eq!(spec.names.short_names, ["fb"]);
    assert_eq!(spec.names.categories, ["all", "frob"]);

    let names: Vec<(&str, bool, bool)> = spec
        .versions
        .iter()
        .map(|v| (v.name.as_str(), v.served, v.storage))
        .collect();
    assert_eq!(names, [("v1", true, true), ("v2beta1", true, false)]);

    let v2 = &spec.versions[1];
    assert_eq!(v2.deprecated, Some(true));
    assert_eq!(
        v2.deprecation_warning.as_deref(),
        Some("frob.example.com/v2beta1 Frobber is deprecated in v1.30+; use frob.example.com/v1 Frobber")
    );

    for v in &spec.versions {
        let sub = v.subresources.as_ref().expect("subresources");
        assert!(sub.status.is_some());
        let scale = sub.scale.as_ref().expect("scale");
        assert_eq!(scale.spec_replicas_path, ".spec.replicas");
        assert_eq!(scale.status_replicas_path, ".status.replicas");
        assert_eq!(
            scale.label_selector_path.as_deref(),
            Some(".status.selector")
        );
        let columns: Vec<(&str, &str, &str)> = v
            .additional_printer_columns
            .iter()
            .map(|c| (c.name.as_str(), c.type_.as_str(), c.json_path.as_str()))
            .collect();
        assert_eq!(
            columns,
            [
                ("Height", "integer", ".spec.height"),
                ("Replicas", "integer", ".status.replicas"),
                ("Age", "date", ".metadata.creationTimestamp"),
            ]
        );
    }

    // v1 has `param`, v2beta1 also `params`: the versions differ, so conversion is a webhook.
    let conversion = spec.conversion.as_ref().expect("conversion");
    assert_eq!(conversion.strategy, "Webhook");
    let webhook = conversion.webhook.as_ref().expect("webhook");
    assert_eq!(webhook.conversion_review_versions, ["v1"]);
    let service = webhook
        .client_config
        .as_ref()
        .and_then(|c| c.service.as_ref())
        .expect("service");
    assert_eq!(
        (service.namespace.as_str(), service.name.as_str()),
        ("frob-system", "frob-webhook")
    );
    assert_eq!(service.path.as_deref(), Some("/convert"));
    assert_eq!(service.port, Some(443));
    // The same server as the admission webhooks, and cainjector fills in its `caBundle`.
    assert_eq!(
        crd.metadata
            .annotations
            .get("cert-manager.io/inject-ca-from"),
        Some("frob-system/frob-webhook")
    );

    let v1 = spec.versions[0]
        .schema
        .as_ref()
        .and_then(|s| s.open_api_v3_schema.as_ref())
        .expect("schema");
    let v2 = spec.versions[1]
        .schema
        .as_ref()
        .and_then(|s| s.open_api_v3_schema.as_ref())
        .expect("schema");
    assert!(prop(v1, &["spec"]).properties.contains_key("param"));
    assert!(!prop(v1, &["spec"]).properties.contains_key("params"));
    assert_eq!(prop(v2, &["spec", "params"]).type_, "array");

    // Structural: metadata is only an object; apiVersion and kind are strings.
    let metadata = prop(v1, &["metadata"]);
    assert_eq!(metadata.type_, "object");
    assert!(metadata.properties.is_empty() && metadata.description.is_empty());
    assert_eq!(prop(v1, &["apiVersion"]).type_, "string");
    assert_eq!(prop(v1, &["kind"]).type_, "string");

    let ports = prop(v1, &["spec", "ports"]);
    assert_eq!(ports.x_kubernetes_list_type.as_deref(), Some("map"));
    assert_eq!(ports.x_kubernetes_list_map_keys, ["name"]);
    assert_eq!(ports.max_items, Some(16));
    let memory = prop(v1, &["spec", "memory"]);
    assert_eq!(memory.x_kubernetes_int_or_string, Some(true));
    assert_eq!(memory.default, Some(serde_json::json!("128Mi")));
    let backend = prop(v1, &["spec", "backend"]);
    assert_eq!(backend.x_kubernetes_validations.len(), 3);
    let conditions = prop(v1, &["status", "conditions"]);
    assert_eq!(conditions.x_kubernetes_list_map_keys, ["type"]);
}

#[test]
fn frobber_class_crd_is_cluster_scoped_with_an_immutable_field() {
    let crd = decode("frob.example.com_frobberclasses.yaml");
    assert_eq!(crd.spec.scope, "Cluster");
    assert_eq!(crd.spec.names.short_names, ["fbc"]);
    // Both versions have the same schema: the API server converts by rewriting apiVersion.
    assert_eq!(
        crd.spec.conversion.as_ref().map(|c| c.strategy.as_str()),
        Some("None")
    );
    let storage: Vec<&str> = crd
        .spec
        .versions
        .iter()
        .filter(|v| v.storage)
        .map(|v| v.name.as_str())
        .collect();
    assert_eq!(storage, ["v1"]);
    let schema = crd.spec.versions[0]
        .schema
        .as_ref()
        .and_then(|s| s.open_api_v3_schema.as_ref())
        .expect("schema");
    let provisioner = prop(schema, &["spec", "provisioner"]);
    assert_eq!(provisioner.x_kubernetes_validations.len(), 1);
    assert_eq!(
        provisioner.x_kubernetes_validations[0].rule,
        "self == oldSelf"
    );
    assert_eq!(
        provisioner.x_kubernetes_validations[0].message,
        "field is immutable"
    );
    assert_eq!(prop(schema, &["spec"]).required, ["provisioner"]);
}

#[test]
fn a_field_the_api_server_does_not_know_fails_strict_decoding() {
    let text = crd_file("frob.example.com_frobberclasses.yaml").replacen(
        "    served: true",
        "    served: true\n    servedd: true",
        1,
    );
    let strict = yaml::from_str_strict::<CustomResourceDefinition>(&text).expect("decodes");
    assert_eq!(
        strict.messages(),
        ["unknown field \"spec.versions[0].servedd\""]
    );
}
