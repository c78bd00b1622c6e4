//! What a version's name says: its stability (`v1` GA, `v2beta1` beta, `v1alpha3` alpha) and
//! Kubernetes' priority among versions (the order `kubectl` prefers them in, and which one
//! discovery calls preferred).

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// How stable a version is, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stability {
    Alpha,
    Beta,
    /// `vN`, and any name that does not follow Kubernetes' pattern: nothing says it may break.
    Ga,
}

impl Stability {
    pub fn of(version: &str) -> Stability {
        match parse(version) {
            Some((0, ..)) => Stability::Alpha,
            Some((1, ..)) => Stability::Beta,
            _ => Stability::Ga,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Stability::Alpha => "alpha",
            Stability::Beta => "beta",
            Stability::Ga => "GA",
        }
    }
}

/// `(stage, major, minor)`: stage 0 alpha, 1 beta, 2 GA; `None` off Kubernetes' pattern.
fn parse(v: &str) -> Option<(u8, u64, u64)> {
    let rest = v.strip_prefix('v')?;
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let major: u64 = rest[..digits].parse().ok()?;
    let tail = &rest[digits..];
    if tail.is_empty() {
        return Some((2, major, 0));
    }
    let (stage, n) = if let Some(n) = tail.strip_prefix("beta") {
        (1, n)
    } else if let Some(n) = tail.strip_prefix("alpha") {
        (0, n)
    } else {
        return None;
    };
    Some((stage, major, n.parse().ok()?))
}

/// Kubernetes' version priority: GA before beta before alpha, higher numbers first, then
/// anything else by name (the order `kubectl` prefers versions in).
pub fn priority(a: &str, b: &str) -> Ordering {
    match (parse(a), parse(b)) {
        (Some(x), Some(y)) => y.cmp(&x),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => a.cmp(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_sort_by_kubernetes_priority() {
        let mut v = vec![
            "v11alpha2",
            "foo10",
            "v10",
            "v2",
            "v1",
            "v12alpha1",
            "v3beta1",
            "foo1",
            "v10beta3",
            "v11beta2",
        ];
        v.sort_by(|a, b| priority(a, b));
        assert_eq!(
            v,
            [
                "v10",
                "v2",
                "v1",
                "v11beta2",
                "v10beta3",
                "v3beta1",
                "v12alpha1",
                "v11alpha2",
                "foo1",
                "foo10"
            ]
        );
    }

    #[test]
    fn stability_comes_from_the_name() {
        assert_eq!(Stability::of("v1alpha3"), Stability::Alpha);
        assert_eq!(Stability::of("v2beta1"), Stability::Beta);
        assert_eq!(Stability::of("v1"), Stability::Ga);
        assert_eq!(Stability::of("foo"), Stability::Ga);
    }
}
