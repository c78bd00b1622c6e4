//! What the marker checks leave to run time, and the one list they share with the runtime.

use kapi::ApiType;

#[derive(ApiType, Debug, PartialEq)]
#[k8s(enum)]
pub enum Mode {
    Fast,
    Slow,
    /// A value this version does not know, kept as sent.
    Other(String),
}

/// `Fsat` is not a value of `Mode`: codegen rejects it (the derive of `Spec` cannot see
/// `Mode`), so it only reaches run time in a crate that never ran codegen.
#[derive(ApiType, Debug)]
pub struct Spec {
    #[k8s(default = "Fsat")]
    pub mode: Option<Mode>,
    #[k8s(default = "Slow")]
    pub fallback: Option<Mode>,
}

#[test]
fn an_enum_default_that_is_no_value_is_kept_and_refused_by_validation() {
    use kapi::validation::Validate as _;
    let mut spec = Spec {
        mode: None,
        fallback: None,
    };
    kapi::ApplyDefaults::apply_defaults(&mut spec);
    // Enums are open, so the value is set as written; validation names the mistake.
    assert_eq!(spec.mode, Some(Mode::Other("Fsat".to_string())));
    assert_eq!(spec.fallback, Some(Mode::Slow));
    assert_eq!(
        spec.validate().to_string(),
        r#"mode: Unsupported value: "Fsat": supported values: "Fast", "Slow""#
    );
}

/// A CRD's schema checks a value that was sent, even `""`: an `Option<String>` that is
/// `Some("")` was sent (a plain `String` is written only when not empty, so there `""`
/// means unset, and `required` reports it).
#[derive(ApiType, Debug)]
pub struct CronSpec {
    #[k8s(min_length = 1)]
    pub schedule: Option<String>,
    #[k8s(optional, min_length = 1)]
    pub zone: String,
    #[k8s(optional, format = "dns1123-label")]
    pub names: Vec<String>,
}

#[test]
fn an_explicit_empty_string_meets_min_length() {
    use kapi::validation::Validate;
    let spec = |schedule: Option<&str>, names: &[&str]| CronSpec {
        schedule: schedule.map(str::to_string),
        zone: String::new(),
        names: names.iter().map(|n| n.to_string()).collect(),
    };
    let errors: Vec<String> = spec(Some(""), &[""])
        .validate()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert!(
        errors[0].starts_with("schedule: Invalid value: \"\""),
        "{errors:#?}"
    );
    assert!(
        errors[1].starts_with("names[0]: Invalid value: \"\""),
        "{errors:#?}"
    );
    assert!(spec(None, &[]).validate().is_empty());
    assert!(spec(Some("@daily"), &["a"]).validate().is_empty());
}

/// Codegen owns the format names; each one it calls validated has a check in the runtime,
/// and its compile-time verdict on a default is the runtime's.
#[test]
fn codegen_and_the_runtime_agree_on_formats() {
    use kapi::validation::formats::check;
    use kapi_codegen::model::formats::{violation, SCHEMA_ONLY, VALIDATED};
    for name in VALIDATED {
        assert!(
            check(name).is_some(),
            "the runtime has no check for `{name}`"
        );
    }
    for name in SCHEMA_ONLY {
        assert!(
            check(name).is_none(),
            "`{name}` is validated by the runtime: list it as such"
        );
    }
    let samples = [
        "",
        "a",
        "my-name",
        "My_Name",
        "-x",
        "a.b",
        "example.com",
        "example.com/MyName",
        "/x",
        "x/",
        "a/b/c",
        "MyValue",
        "my_value",
        "0b3c2e6a-8d0f-4b5e-9c59-7f2b1d5a6e01",
        "0b3c2e6a8d0f",
        "2026-11-22T10:00:00Z",
        "2026-11-22T10:00:00.5+02:00",
        "yesterday",
        &"a".repeat(64),
        &format!("{}.com", "a".repeat(250)),
    ];
    for name in VALIDATED {
        let Some(runtime) = check(name) else { continue };
        for s in samples {
            assert_eq!(
                violation(name, s).is_none(),
                runtime(s).is_empty(),
                "`{name}` disagrees on {s:?}: runtime says {:?}",
                runtime(s)
            );
        }
    }
}
