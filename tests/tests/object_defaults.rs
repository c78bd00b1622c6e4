//! Object and list defaults (`default = json!(...)`, kubebuilder's `+default={...}`):
//! applied when the field is unset, then the defaults inside them, as kube-apiserver's
//! structural defaulting runs top-down.

use kapi::ApplyDefaults;

mod v1 {
    use kapi::ApiType;

    kapi::group_version! { group_name = "defaults.example.com", version = "v1" }

    #[derive(ApiType, Debug, PartialEq)]
    pub struct RouteSpec {
        #[k8s(default = json!({"from": "Same"}))]
        pub namespaces: Option<Namespaces>,
        #[k8s(optional, default = json!([{"path": "/", "weight": -1}]))]
        pub matches: Vec<Match>,
        #[k8s(optional, default = json!({"a": 1, "b": 2}))]
        pub weights: std::collections::BTreeMap<String, i32>,
    }

    #[derive(ApiType, Debug, PartialEq)]
    pub struct Namespaces {
        pub from: Option<String>,
        #[k8s(default = "app")]
        pub selector_label: Option<String>,
    }

    #[derive(ApiType, Debug, PartialEq)]
    pub struct Match {
        pub path: String,
        pub weight: Option<i32>,
        #[k8s(default = "PathPrefix")]
        pub kind: Option<String>,
    }
}

#[test]
fn object_and_list_defaults_fill_unset_fields_and_then_their_own_defaults() {
    let mut spec = v1::RouteSpec::default();
    spec.apply_defaults();
    assert_eq!(
        spec.namespaces,
        Some(v1::Namespaces {
            from: Some("Same".into()),
            selector_label: Some("app".into()),
        })
    );
    assert_eq!(
        spec.matches,
        [v1::Match {
            path: "/".into(),
            weight: Some(-1),
            kind: Some("PathPrefix".into()),
        }]
    );
    assert_eq!(spec.weights, [("a".into(), 1), ("b".into(), 2)].into());

    // A value that is set is kept.
    let mut set = v1::RouteSpec {
        namespaces: Some(v1::Namespaces {
            from: Some("All".into()),
            selector_label: None,
        }),
        ..Default::default()
    };
    set.apply_defaults();
    let namespaces = set.namespaces.expect("kept");
    assert_eq!(namespaces.from.as_deref(), Some("All"));
    assert_eq!(namespaces.selector_label.as_deref(), Some("app"));
}
