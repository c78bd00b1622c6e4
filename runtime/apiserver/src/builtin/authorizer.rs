//! Who may do what: the [`Authorizer`] the review kinds ask (SubjectAccessReview and its
//! kin, SelfSubjectRulesReview), set on the builder; allow-all by default, as a cluster
//! whose authorization mode is `AlwaysAllow`.

use std::collections::BTreeMap;

/// A user as kube-apiserver's authenticators name one (`user.Info`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserInfo {
    pub username: String,
    pub uid: String,
    pub groups: Vec<String>,
    pub extra: BTreeMap<String, Vec<String>>,
}

impl UserInfo {
    /// The user of a request without credentials (kube-apiserver's anonymous user), and of
    /// every request on a server without tokens.
    pub fn anonymous() -> UserInfo {
        UserInfo {
            username: "system:anonymous".into(),
            groups: vec!["system:unauthenticated".into()],
            ..UserInfo::default()
        }
    }
}

/// What is asked (`authorizer.Attributes`): a resource request, or a non-resource one when
/// `path` is set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attributes {
    pub user: UserInfo,
    pub verb: String,
    pub namespace: String,
    pub group: String,
    pub version: String,
    pub resource: String,
    pub subresource: String,
    pub name: String,
    /// The URL path of a non-resource request (`/healthz`).
    pub path: Option<String>,
}

/// An authorizer's answer, with the reason a review reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Allow(String),
    Deny(String),
    NoOpinion(String),
}

/// The rules a user has in a namespace (`SelfSubjectRulesReview`'s status), as JSON objects
/// of `ResourceRule` and `NonResourceRule`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rules {
    pub resource_rules: Vec<serde_json::Value>,
    pub non_resource_rules: Vec<serde_json::Value>,
    /// The list may leave out rules the authorizer cannot list.
    pub incomplete: bool,
    pub evaluation_error: String,
}

/// Decides requests for the review kinds. Implement it to test how a client reacts to
/// being refused.
pub trait Authorizer: Send + Sync + 'static {
    fn authorize(&self, attributes: &Attributes) -> Decision;
    /// The rules `user` has in `namespace`.
    fn rules(&self, user: &UserInfo, namespace: &str) -> Rules;
}

/// Allows everything (`--authorization-mode=AlwaysAllow`).
#[derive(Debug, Clone, Copy, Default)]
pub struct AllowAll;

impl Authorizer for AllowAll {
    fn authorize(&self, _: &Attributes) -> Decision {
        Decision::Allow(String::new())
    }

    fn rules(&self, _: &UserInfo, _: &str) -> Rules {
        // What kube-apiserver's AlwaysAllow authorizer lists for everyone.
        Rules {
            resource_rules: vec![serde_json::json!({
                "verbs": ["*"], "apiGroups": ["*"], "resources": ["*"]
            })],
            non_resource_rules: vec![serde_json::json!({
                "verbs": ["*"], "nonResourceURLs": ["*"]
            })],
            incomplete: false,
            evaluation_error: String::new(),
        }
    }
}
