//! Service account tokens the server issued (`serviceaccounts/token`), so that a
//! TokenReview of one authenticates it as kube-apiserver's service account authenticator
//! would.

use super::authorizer::UserInfo;
use base64::Engine as _;
use std::collections::HashMap;
use std::sync::Mutex;

struct Issued {
    user: UserInfo,
    audiences: Vec<String>,
    /// Unix seconds.
    expires: i64,
}

#[derive(Default)]
pub(crate) struct Tokens {
    issued: Mutex<HashMap<String, Issued>>,
}

fn now() -> i64 {
    jiff::Timestamp::now().as_second()
}

impl Tokens {
    /// A token for `namespace`/`name` valid for `seconds`: shaped as a JWT (header, claims,
    /// signature), opaque to clients as Kubernetes' are meant to be.
    pub fn issue(
        &self,
        namespace: &str,
        name: &str,
        uid: &str,
        audiences: &[String],
        seconds: i64,
    ) -> (String, i64) {
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let expires = now() + seconds;
        let subject = format!("system:serviceaccount:{namespace}:{name}");
        let header = b64.encode(br#"{"alg":"RS256","kid":"kapi"}"#);
        let claims = b64.encode(
            serde_json::json!({
                "aud": audiences,
                "exp": expires,
                "iss": "https://kubernetes.default.svc.cluster.local",
                "sub": subject,
            })
            .to_string(),
        );
        let signature: Vec<u8> = (0..64).map(|_| fastrand::u8(..)).collect();
        let token = format!("{header}.{claims}.{}", b64.encode(signature));
        let user = UserInfo {
            username: subject,
            uid: uid.to_string(),
            groups: vec![
                "system:serviceaccounts".into(),
                format!("system:serviceaccounts:{namespace}"),
                "system:authenticated".into(),
            ],
            extra: Default::default(),
        };
        if let Ok(mut issued) = self.issued.lock() {
            issued.retain(|_, t| t.expires > now());
            issued.insert(
                token.clone(),
                Issued {
                    user,
                    audiences: audiences.to_vec(),
                    expires,
                },
            );
        }
        (token, expires)
    }

    /// The user of a live token and the audiences it is good for among `wanted` (all of
    /// its own when none are asked); `None` for a token the server did not issue, an
    /// expired one, or one for other audiences.
    pub fn review(&self, token: &str, wanted: &[String]) -> Option<(UserInfo, Vec<String>)> {
        let issued = self.issued.lock().ok()?;
        let t = issued.get(token).filter(|t| t.expires > now())?;
        let audiences: Vec<String> = if wanted.is_empty() {
            t.audiences.clone()
        } else {
            wanted
                .iter()
                .filter(|a| t.audiences.contains(a))
                .cloned()
                .collect()
        };
        if !wanted.is_empty() && audiences.is_empty() {
            return None;
        }
        Some((t.user.clone(), audiences))
    }
}
