//! The user a request is served as: set once it is authenticated, read by what answers
//! about the requester and by authorization, so neither reaches into authentication.

use super::builtin::authorizer::UserInfo;

/// The group kube-apiserver's privileged-group authorizer allows everything
/// (`user.SystemPrivilegedGroup`).
pub(crate) const PRIVILEGED: &str = "system:masters";

tokio::task_local! {
    /// The user of the request being served, for the kinds that answer about the requester
    /// (SelfSubjectAccessReview, SelfSubjectRulesReview, SelfSubjectReview).
    static REQUESTER: UserInfo;
}

/// Serves `served` as `user`'s request.
pub(crate) async fn as_user<F: std::future::Future>(user: UserInfo, served: F) -> F::Output {
    REQUESTER.scope(user, served).await
}

/// The user of the request being served; anonymous outside one, and on a server that
/// authenticates no one.
pub(crate) fn requester() -> UserInfo {
    REQUESTER
        .try_with(UserInfo::clone)
        .unwrap_or_else(|_| UserInfo::anonymous())
}
