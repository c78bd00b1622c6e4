//! Validation generated from the markers, rendered exactly as Kubernetes renders it, and
//! the 422 Status an error list becomes.

use api_types::{examples, internal, v1, FEATURE_GATES};
use kapi::feature_gates::FeatureGates;
use kapi::validation::{ErrorList, Options, Validate};

fn messages(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

fn gates(spec: &str) -> FeatureGates {
    let mut g = FeatureGates::new(FEATURE_GATES);
    g.set_from_str(spec).expect("valid gate spec");
    g
}

#[test]
fn the_example_is_valid() {
    let errs = examples::frobber_v1().validate();
    assert!(errs.is_empty(), "{errs}");
}

#[test]
fn bounds_lengths_and_items() {
    let mut f = examples::frobber_v1();
    f.spec.replicas = Some(-1);
    f.spec.height = 1001;
    f.spec.param = Some("x".repeat(257));
    f.spec.ports = (0..17)
        .map(|i| v1::FrobberPort {
            name: format!("p{i}"),
            port: 80 + i,
            protocol: None,
        })
        .collect();
    assert_eq!(
        messages(&f.validate()),
        [
            "spec.height: Invalid value: 1001: must be less than or equal to 1000",
            "spec.replicas: Invalid value: -1: must be greater than or equal to 0",
            "spec.param: Too long: may not be more than 256 bytes",
            "spec.ports: Too many: 17: must have at most 16 items",
        ]
    );
}

#[test]
fn formats_duplicates_and_required() {
    let mut f = examples::frobber_v1();
    f.spec.ports[1].name = "http".into();
    f.spec.ports[0].name = "Not_A_Label".into();
    f.spec.ports[0].port = 0;
    f.spec.class_name = "-fast".into();
    let msgs = messages(&f.validate());
    assert_eq!(
        msgs,
        [
            "spec.ports[0].name: Invalid value: \"Not_A_Label\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "spec.ports[0].port: Invalid value: 0: must be greater than or equal to 1",
            "spec.className: Invalid value: \"-fast\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        ]
    );
    let mut f = examples::frobber_v1();
    f.spec.ports[1].name = "http".into();
    f.spec.ports[0].name = String::new();
    f.spec.ports.push(v1::FrobberPort {
        name: "http".into(),
        port: 1,
        protocol: None,
    });
    assert_eq!(
        messages(&f.validate()),
        [
            "spec.ports[2]: Duplicate value: {\"name\":\"http\"}",
            "spec.ports[0].name: Required value",
        ]
    );
}

#[test]
fn unions_follow_their_discriminator() {
    let mut f = examples::frobber_v1();
    let backend = f.spec.backend.as_mut().unwrap();
    backend.bucket = Some(v1::BucketBackend {
        url: "s3://b".into(),
    });
    assert_eq!(
        messages(&f.validate()),
        ["spec.backend.bucket: Invalid value: \"\": may only be specified when `type` is \"Bucket\""]
    );
    let backend = f.spec.backend.as_mut().unwrap();
    backend.type_ = v1::BackendType::Bucket;
    backend.bucket = None;
    backend.service = None;
    assert_eq!(
        messages(&f.validate()),
        ["spec.backend.bucket: Invalid value: \"\": must be specified when `type` is \"Bucket\""]
    );
}

#[test]
fn metadata_rules() {
    let mut f = examples::frobber_v1();
    f.metadata.name.clear();
    f.metadata.labels.insert("bad key".into(), "ok".into());
    f.metadata.finalizers.push(f.metadata.finalizers[0].clone());
    assert_eq!(
        messages(&f.validate()),
        [
            "metadata.finalizers[1]: Duplicate value: \"frob.example.com/cleanup\"",
            "metadata.labels: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
            "metadata.name: Required value: name or generateName is required",
        ]
    );
    let old = examples::frobber_v1();
    let mut new = examples::frobber_v1();
    new.metadata.name = "renamed".into();
    assert_eq!(
        messages(&new.validate_update(&old)),
        ["metadata.name: Invalid value: \"renamed\": field is immutable"]
    );
}

#[test]
fn immutable_fields_only_matter_on_update() {
    let class = |provisioner: &str| v1::FrobberClass {
        metadata: kapi::meta::ObjectMeta {
            name: "fast".into(),
            ..Default::default()
        },
        spec: v1::FrobberClassSpec {
            provisioner: provisioner.into(),
            ..Default::default()
        },
    };
    assert!(class("a").validate().is_empty());
    assert!(class("a").validate_update(&class("a")).is_empty());
    assert_eq!(
        messages(&class("b").validate_update(&class("a"))),
        ["spec.provisioner: Invalid value: \"b\": field is immutable"]
    );
    assert_eq!(
        messages(&class("").validate()),
        ["spec.provisioner: Required value"]
    );
}

#[test]
fn gated_enum_value_follows_the_on_tuesday_rule() {
    let tuesday = || {
        let mut f = examples::frobber_v1();
        f.spec.restart_policy = Some(v1::RestartPolicy::OnTuesday);
        f
    };
    let off = gates("FrobberRestartPolicyOnTuesday=false");
    let on = gates("FrobberRestartPolicyOnTuesday=true");
    let refused = "spec.restartPolicy: Invalid value: \"OnTuesday\": only allowed if the FrobberRestartPolicyOnTuesday feature is enabled";

    // Create: allowed only with the gate on.
    assert_eq!(
        messages(&tuesday().validate_with(&Options::with_gates(&off))),
        [refused]
    );
    assert!(tuesday()
        .validate_with(&Options::with_gates(&on))
        .is_empty());
    // Update: allowed with the gate off when the old object already had the value.
    assert!(tuesday()
        .validate_update_with(&tuesday(), &Options::with_gates(&off))
        .is_empty());
    assert_eq!(
        messages(
            &tuesday().validate_update_with(&examples::frobber_v1(), &Options::with_gates(&off))
        ),
        [refused]
    );
    assert!(tuesday()
        .validate_update_with(&examples::frobber_v1(), &Options::with_gates(&on))
        .is_empty());
    // Other values never need the gate.
    assert!(examples::frobber_v1()
        .validate_with(&Options::with_gates(&off))
        .is_empty());
}

#[test]
fn gated_fields_are_dropped_by_the_guide_rules() {
    use kapi::feature_gates::DropDisabledFields;
    let with_width = |w: Option<i32>| {
        let mut f = examples::frobber_v1();
        f.spec.width = w;
        f
    };
    let off = gates("Frobber2D=false");
    let on = gates("Frobber2D=true");
    let dropped = |mut new: v1::Frobber, old: Option<&v1::Frobber>, g: &FeatureGates| {
        new.drop_disabled_fields(old, g);
        new.spec.width
    };
    // Create: cleared when the gate is off, kept when on.
    assert_eq!(dropped(with_width(Some(3)), None, &off), None);
    assert_eq!(dropped(with_width(Some(3)), None, &on), Some(3));
    // Update: kept when the old object used the field, even with the gate off.
    assert_eq!(
        dropped(with_width(Some(4)), Some(&with_width(Some(3))), &off),
        Some(4)
    );
    assert_eq!(
        dropped(with_width(Some(4)), Some(&with_width(None)), &off),
        None
    );
    assert_eq!(
        dropped(with_width(Some(4)), Some(&with_width(None)), &on),
        Some(4)
    );
    // Other fields are never touched.
    let f = with_width(Some(3));
    let mut g = f.clone();
    g.drop_disabled_fields(None, &off);
    assert_eq!((g.spec.height, g.spec.param), (f.spec.height, f.spec.param));
}

#[test]
fn the_scheme_write_path_drops_and_validates() {
    let mut scheme = kapi::Scheme::new();
    api_types::install(&mut scheme).unwrap();
    let body = br#"{"apiVersion":"frob.example.com/v1","kind":"Frobber","metadata":{"name":"f"},
                    "spec":{"height":3,"width":2,"restartPolicy":"OnTuesday"}}"#;
    scheme.set_feature_gates(gates("Frobber2D=false,FrobberRestartPolicyOnTuesday=false"));
    match scheme.decode_for_create(body) {
        Err(kapi::scheme::SchemeError::Invalid(errs)) => assert_eq!(
            messages(&errs),
            ["spec.restartPolicy: Invalid value: \"OnTuesday\": only allowed if the FrobberRestartPolicyOnTuesday feature is enabled"]
        ),
        other => panic!("expected Invalid, got {other:?}"),
    }
    scheme.set_feature_gates(gates("Frobber2D=false,FrobberRestartPolicyOnTuesday=true"));
    let stored = scheme.decode_for_create(body).unwrap();
    let f = stored.downcast_ref::<internal::Frobber>().unwrap();
    assert_eq!(f.spec.width, None, "dropped: Frobber2D is off");
    scheme.set_feature_gates(gates("Frobber2D=true,FrobberRestartPolicyOnTuesday=true"));
    let stored = scheme.decode_for_create(body).unwrap();
    assert_eq!(
        stored
            .downcast_ref::<internal::Frobber>()
            .unwrap()
            .spec
            .width,
        Some(2)
    );
}

#[test]
fn errors_become_a_422_status() {
    let mut f = examples::frobber_v1();
    f.spec.replicas = Some(-1);
    f.spec.height = 0;
    let status = f
        .validate()
        .to_status("frob.example.com", "Frobber", "tall");
    assert_eq!(status.code, 422);
    assert_eq!(status.reason, "Invalid");
    assert_eq!(status.status, "Failure");
    assert_eq!(
        status.message,
        "Frobber.frob.example.com \"tall\" is invalid: [spec.height: Invalid value: 0: must be greater than or equal to 1, spec.replicas: Invalid value: -1: must be greater than or equal to 0]"
    );
    let details = status.details.unwrap();
    assert_eq!(
        (details.name.as_str(), details.kind.as_str()),
        ("tall", "Frobber")
    );
    assert_eq!(details.causes.len(), 2);
    assert_eq!(details.causes[1].type_, "FieldValueInvalid");
    assert_eq!(details.causes[1].field, "spec.replicas");
    assert_eq!(
        details.causes[1].message,
        "Invalid value: -1: must be greater than or equal to 0"
    );
}
