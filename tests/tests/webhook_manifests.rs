//! The example API's generated webhook configurations are ones kube-apiserver accepts:
//! strictly decoded as `kapi-k8s`'s `admissionregistration.k8s.io/v1` types (every field
//! kapi writes is one the API server knows), valid by those types' generated validation, by
//! the rules of kube-apiserver's webhook validation the schema cannot say, and by Python's
//! `kubernetes-validate` (Kubernetes' own published schemas, strict). Without
//! `kubernetes-validate` that last check prints `SKIPPED`; under `KAPI_REQUIRE_TOOLS=1` it
//! fails.

use kapi::codec::yaml;
use kapi::validation::Validate as _;
use kapi_k8s::admissionregistration::v1::{
    MutatingWebhookConfiguration, RuleWithOperations, ValidatingWebhookConfiguration,
    WebhookClientConfig,
};
use std::path::{Path, PathBuf};
use std::process::Command;

fn webhooks_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types/generated/webhooks")
}

fn read(name: &str) -> String {
    let path = webhooks_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

const VALIDATING: &str = "validating-webhook-configuration.yaml";
const MUTATING: &str = "mutating-webhook-configuration.yaml";

/// `text` decoded strictly: no unknown or duplicate field.
fn strict<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> T {
    let decoded = match yaml::from_str_strict::<T>(text) {
        Ok(d) => d,
        Err(e) => panic!("{name} does not decode: {e}"),
    };
    assert!(decoded.is_clean(), "{name}: {:?}", decoded.messages());
    decoded.value
}

/// What kube-apiserver's webhook validation requires beyond the schema, for one webhook.
fn kube_apiserver_rules(
    name: &str,
    client: &WebhookClientConfig,
    rules: &[RuleWithOperations],
    review_versions: &[String],
) {
    // A fully qualified name: a DNS subdomain of at least three labels.
    assert!(name.split('.').count() >= 3, "{name}");
    assert!(
        name.split('.').all(|l| !l.is_empty()
            && l.len() <= 63
            && l.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')),
        "{name}"
    );
    // Exactly one of service and url; a service path is absolute.
    match (&client.service, &client.url) {
        (Some(service), None) => {
            assert!(service.path.as_deref().is_some_and(|p| p.starts_with('/')));
            assert!(service.port.is_none_or(|p| (1..=65535).contains(&p)));
        }
        (None, Some(url)) => assert!(url.starts_with("https://"), "{url}"),
        other => panic!("{name}: clientConfig needs one of service and url: {other:?}"),
    }
    assert!(
        client.ca_bundle.0.is_empty(),
        "the deployment provides caBundle"
    );
    assert!(
        review_versions.iter().any(|v| v == "v1"),
        "{review_versions:?}"
    );
    assert!(!rules.is_empty());
    for rule in rules {
        assert!(!rule.operations.is_empty());
        assert!(!rule.rule.api_groups.is_empty() && !rule.rule.api_versions.is_empty());
        assert!(!rule.rule.resources.is_empty());
    }
}

#[test]
fn validating_configuration_decodes_strictly_and_validates() {
    let config: ValidatingWebhookConfiguration = strict(VALIDATING, &read(VALIDATING));
    let errors = config.validate();
    assert!(errors.is_empty(), "{errors}");
    assert_eq!(config.metadata.name, "frob-webhook");
    assert_eq!(
        config
            .metadata
            .annotations
            .get("cert-manager.io/inject-ca-from"),
        Some("frob-system/frob-webhook")
    );
    assert_eq!(config.webhooks.len(), 1);
    let hook = &config.webhooks[0];
    assert_eq!(hook.name, "validate.frobbers.frob.example.com");
    kube_apiserver_rules(
        &hook.name,
        &hook.client_config,
        &hook.rules,
        &hook.admission_review_versions,
    );
    let service = hook.client_config.service.as_ref().expect("a service");
    assert_eq!(
        (
            service.namespace.as_str(),
            service.name.as_str(),
            service.path.as_deref(),
            service.port
        ),
        ("frob-system", "frob-webhook", Some("/validate"), Some(443))
    );
    let rule = &hook.rules[0];
    let operations: Vec<&str> = rule.operations.iter().map(|o| o.as_str()).collect();
    assert_eq!(operations, ["CREATE", "UPDATE"]);
    assert_eq!(rule.rule.api_groups, ["frob.example.com"]);
    assert_eq!(rule.rule.api_versions, ["v1", "v2beta1"]);
    assert_eq!(rule.rule.resources, ["frobbers"]);
    assert_eq!(
        rule.rule.scope.as_ref().map(|s| s.as_str()),
        Some("Namespaced")
    );
    assert_eq!(
        hook.failure_policy.as_ref().map(|p| p.as_str()),
        Some("Fail")
    );
    assert_eq!(
        hook.match_policy.as_ref().map(|p| p.as_str()),
        Some("Equivalent")
    );
    assert_eq!(hook.side_effects.as_ref().map(|p| p.as_str()), Some("None"));
    assert_eq!(hook.timeout_seconds, Some(10));
    assert_eq!(hook.admission_review_versions, ["v1"]);
}

#[test]
fn mutating_configuration_decodes_strictly_and_validates() {
    let config: MutatingWebhookConfiguration = strict(MUTATING, &read(MUTATING));
    let errors = config.validate();
    assert!(errors.is_empty(), "{errors}");
    assert_eq!(config.metadata.name, "frob-webhook");
    assert_eq!(config.webhooks.len(), 1);
    let hook = &config.webhooks[0];
    assert_eq!(hook.name, "mutate.frobbers.frob.example.com");
    kube_apiserver_rules(
        &hook.name,
        &hook.client_config,
        &hook.rules,
        &hook.admission_review_versions,
    );
    let service = hook.client_config.service.as_ref().expect("a service");
    assert_eq!(service.path.as_deref(), Some("/mutate"));
    assert_eq!(
        hook.reinvocation_policy.as_ref().map(|p| p.as_str()),
        Some("Never")
    );
    assert_eq!(hook.side_effects.as_ref().map(|p| p.as_str()), Some("None"));
}

#[test]
fn the_checks_refuse_what_kube_apiserver_would() {
    // A misspelt field fails strict decoding; a value outside an enum fails validation.
    let text = read(MUTATING).replace("reinvocationPolicy", "reinvocationPolicyy");
    let decoded = yaml::from_str_strict::<MutatingWebhookConfiguration>(&text).expect("decodes");
    assert_eq!(
        decoded.messages(),
        ["unknown field \"webhooks[0].reinvocationPolicyy\""]
    );
    let text = read(VALIDATING).replace("failurePolicy: Fail", "failurePolicy: Fial");
    let config: ValidatingWebhookConfiguration = strict(VALIDATING, &text);
    assert!(
        config
            .validate()
            .to_string()
            .contains("webhooks[0].failurePolicy: Unsupported value: \"Fial\""),
        "{}",
        config.validate()
    );
}

/// Whether CI demands the external tools (then a missing tool fails instead of skipping).
fn tools_required() -> bool {
    std::env::var("KAPI_REQUIRE_TOOLS").is_ok_and(|v| v == "1")
}

/// Python's kubernetes-validate, if it can run here: `None`, or why not.
fn kubernetes_validate() -> Option<String> {
    let probe = Command::new("python3")
        .args(["-c", "import kubernetes_validate"])
        .output();
    match probe {
        Ok(out) if out.status.success() => None,
        Ok(out) => Some(String::from_utf8_lossy(&out.stderr).trim().to_string()),
        Err(e) => Some(format!("cannot run python3: {e}")),
    }
}

/// `kubernetes-validate --strict` of `files` against Kubernetes `version`: its report when
/// it refuses one.
fn validate_with_python(version: &str, files: &[PathBuf]) -> Result<(), String> {
    let out = Command::new("python3")
        .args([
            "-m",
            "kubernetes_validate",
            "--strict",
            "--quiet",
            "-k",
            version,
        ])
        .args(files)
        .output()
        .expect("runs kubernetes-validate");
    match out.status.success() {
        true => Ok(()),
        false => Err(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}

/// The oldest and newest Kubernetes releases kapi's kubectl tests run against.
const KUBERNETES_VERSIONS: &[&str] = &["1.27.0", "1.33.0"];

#[test]
fn kubernetes_validate_accepts_the_configurations_and_the_crds() {
    if let Some(why) = kubernetes_validate() {
        assert!(
            !tools_required(),
            "kubernetes-validate is required (KAPI_REQUIRE_TOOLS=1) but unusable: {why}\n\
             install it with `python3 -m pip install kubernetes-validate`"
        );
        println!(
            "SKIPPED: kubernetes-validate is not installed ({why}); \
             `python3 -m pip install kubernetes-validate` to run this check"
        );
        return;
    }
    let crds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../api-types/generated/crds");
    let files = [
        webhooks_dir().join(VALIDATING),
        webhooks_dir().join(MUTATING),
        // The CRD whose conversion stanza names the same server.
        crds.join("frob.example.com_frobbers.yaml"),
    ];
    for version in KUBERNETES_VERSIONS {
        if let Err(report) = validate_with_python(version, &files) {
            panic!("kubernetes-validate refuses the generated manifests for {version}:\n{report}");
        }
    }
    // It does refuse what is wrong: a field Kubernetes does not have, and one missing that
    // it requires.
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, from, to) in [
        ("unknown.yaml", "reinvocationPolicy", "reinvocationPolicyy"),
        ("missing.yaml", "  sideEffects: None\n", ""),
    ] {
        let broken = dir.path().join(name);
        std::fs::write(&broken, read(MUTATING).replace(from, to)).expect("writes");
        assert!(
            validate_with_python(KUBERNETES_VERSIONS[1], &[broken]).is_err(),
            "kubernetes-validate accepted {name}"
        );
    }
}
