//! Who a request is, as kube-apiserver's authenticators tell with a static token file
//! (`--token-auth-file`) and anonymous requests allowed: a bearer token the server knows
//! names its user, one it does not know is a 401, and a request without one is
//! `system:anonymous`. Off (every request allowed, as before) until a token is configured.

use super::builtin::authorizer::UserInfo;
use super::builtin::Builtin;
use kapi_serving::StatusError;
use std::collections::HashMap;

/// The group every authenticated user is in (`user.AllAuthenticated`).
const AUTHENTICATED: &str = "system:authenticated";
/// The audience service account tokens must name to authenticate to the API (the
/// issuer, kube-apiserver's `--api-audiences` default).
const API_AUDIENCE: &str = "https://kubernetes.default.svc.cluster.local";

/// The tokens the server accepts; empty means authentication is off.
#[derive(Default)]
pub(crate) struct Authentication {
    tokens: HashMap<String, UserInfo>,
    /// The first token configured: the one a written kubeconfig carries.
    first: Option<String>,
}

impl Authentication {
    pub fn add(&mut self, token: String, user: UserInfo) {
        if self.first.is_none() {
            self.first = Some(token.clone());
        }
        self.tokens.insert(token, user);
    }

    pub fn is_on(&self) -> bool {
        !self.tokens.is_empty()
    }

    pub fn kubeconfig_token(&self) -> Option<&str> {
        self.first.as_deref()
    }

    /// The user of a request with these headers: a known token's, the anonymous user
    /// without one, a 401 for a bearer token nobody issued (never taken for anonymous, as
    /// kube-apiserver's fail-on-error union does).
    pub fn authenticate(
        &self,
        headers: &http::HeaderMap,
        builtin: &Builtin,
    ) -> Result<UserInfo, StatusError> {
        let Some(token) = bearer_token(headers) else {
            return Ok(UserInfo::anonymous());
        };
        let user = self.tokens.get(token).cloned().or_else(|| {
            builtin
                .tokens
                .review(token, &[API_AUDIENCE.to_string()])
                .map(|(user, _)| user)
        });
        match user {
            Some(user) => Ok(authenticated(user)),
            None => Err(StatusError::new(401, "Unauthorized", "Unauthorized")),
        }
    }
}

/// The token of an `Authorization: Bearer` header, read as the bearertoken authenticator
/// reads it: another scheme, or an empty token, is no credential at all.
fn bearer_token(headers: &http::HeaderMap) -> Option<&str> {
    let value = headers
        .get(http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .trim();
    let mut parts = value.splitn(3, ' ');
    let scheme = parts.next()?;
    let token = parts.next()?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// `system:authenticated` added, as the authenticated-group adder does.
fn authenticated(mut user: UserInfo) -> UserInfo {
    if !user.groups.iter().any(|g| g == AUTHENTICATED) {
        user.groups.push(AUTHENTICATED.to_string());
    }
    user
}

#[cfg(test)]
mod tests {
    use super::bearer_token;

    fn headers(value: &str) -> http::HeaderMap {
        let mut headers = http::HeaderMap::new();
        headers.insert(
            http::header::AUTHORIZATION,
            http::HeaderValue::from_str(value).expect("a header value"),
        );
        headers
    }

    // k8s.io/apiserver bearertoken_test.go: the scheme is case-insensitive, and an empty
    // token or another scheme is no credential (anonymous), not a failure.
    #[test]
    fn bearer_tokens_are_read_as_the_bearertoken_authenticator_reads_them() {
        assert_eq!(bearer_token(&headers("Bearer abc")), Some("abc"));
        assert_eq!(bearer_token(&headers("bearer abc")), Some("abc"));
        assert_eq!(bearer_token(&headers("Bearer abc extra")), Some("abc"));
        assert_eq!(bearer_token(&headers("Bearer ")), None);
        assert_eq!(bearer_token(&headers("Bearer  abc")), None);
        assert_eq!(bearer_token(&headers("Basic Zm9vOmJhcg==")), None);
        assert_eq!(bearer_token(&http::HeaderMap::new()), None);
    }
}
