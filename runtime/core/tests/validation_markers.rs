//! Every validation marker on one type, checked against Kubernetes' messages.

use kapi::validation::Validate;
use kapi::ApiType;

#[derive(ApiType, Debug, PartialEq)]
pub struct Checked {
    #[k8s(optional, pattern = "[a-z]+-[0-9]+", min_length = 3)]
    pub code: String,
    #[k8s(exclusive_minimum, minimum = 0, exclusive_maximum, maximum = 1)]
    pub ratio: Option<f64>,
    #[k8s(optional, list_type = "set", min_items = 1)]
    pub tags: Vec<String>,
    #[k8s(optional, format = "uuid")]
    pub id: String,
    #[k8s(optional, format = "date-time")]
    pub at: String,
    #[k8s(optional, format = "qualified-name")]
    pub key: String,
    #[k8s(optional, max_items = 2, format = "label-value")]
    pub values: Vec<String>,
    pub choice: Option<Choice>,
}

/// A union without a discriminator: at most one member.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct Choice {
    pub left: Option<String>,
    pub right: Option<String>,
}

fn messages(c: &Checked) -> Vec<String> {
    c.validate().iter().map(|e| e.to_string()).collect()
}

fn valid() -> Checked {
    Checked {
        code: "abc-12".into(),
        ratio: Some(0.5),
        tags: vec!["a".into()],
        id: "0b3c2e6a-8d0f-4b5e-9c59-7f2b1d5a6e01".into(),
        at: "2026-11-22T10:00:00Z".into(),
        key: "example.com/key".into(),
        values: vec!["v1".into()],
        choice: Some(Choice {
            left: Some("l".into()),
            right: None,
        }),
    }
}

#[test]
fn a_valid_value_has_no_errors() {
    assert_eq!(messages(&valid()), Vec::<String>::new());
}

#[test]
fn every_marker_reports_its_error() {
    let c = Checked {
        code: "ab".into(),
        ratio: Some(1.0),
        tags: vec![],
        id: "nope".into(),
        at: "noon".into(),
        key: "a/b/c".into(),
        values: vec!["ok".into(), "-bad".into(), "x".into()],
        choice: Some(Choice {
            left: Some("l".into()),
            right: Some("r".into()),
        }),
    };
    let msgs = messages(&c);
    assert_eq!(
        msgs[0],
        "code: Invalid value: \"ab\": must be at least 3 bytes long"
    );
    assert_eq!(
        msgs[1],
        "code: Invalid value: \"ab\": must match the regular expression '[a-z]+-[0-9]+'"
    );
    assert_eq!(msgs[2], "ratio: Invalid value: 1: must be less than 1");
    assert_eq!(msgs[3], "tags: Invalid value: 0: must have at least 1 item");
    assert_eq!(msgs[4], "id: Invalid value: \"nope\": must be a valid UUID in 8-4-4-4-12 form (e.g. '4f1c4b2e-7d3a-4a5b-9c6d-1e2f3a4b5c6d')");
    assert_eq!(msgs[5], "at: Invalid value: \"noon\": must be a valid RFC 3339 date-time (e.g. '2006-01-02T15:04:05Z')");
    assert!(
        msgs[6].starts_with("key: Invalid value: \"a/b/c\": a qualified name must consist of"),
        "{}",
        msgs[6]
    );
    assert_eq!(msgs[7], "values: Too many: 3: must have at most 2 items");
    assert!(
        msgs[8].starts_with(
            "values[1]: Invalid value: \"-bad\": a valid label must be an empty string"
        ),
        "{}",
        msgs[8]
    );
    assert_eq!(
        msgs[9],
        "choice: Invalid value: \"{left, right}\": must specify at most one of: `left`, `right`"
    );
    assert_eq!(msgs.len(), 10, "{msgs:#?}");
}

#[test]
fn exclusive_minimum_and_sets() {
    let mut c = valid();
    c.ratio = Some(0.0);
    c.tags = vec!["a".into(), "b".into(), "a".into()];
    assert_eq!(
        messages(&c),
        [
            "ratio: Invalid value: 0: must be greater than 0",
            "tags[2]: Duplicate value: \"a\"",
        ]
    );
}
