//! The costs of Kubernetes' CEL library functions (k8s.io/apiserver `pkg/cel/library`
//! `CostEstimator.EstimateCallCost`), which cel-go asks before its own: each call's cost
//! without its arguments', and its result.

use super::decl::{Decl, Kind};
use super::{Estimate, Info, STRING_TRAVERSAL_COST_FACTOR as TRAVERSAL};

/// Sizes and kinds of a call's target and arguments.
pub(super) struct Call<'c, 'a> {
    pub name: &'c str,
    pub target: Option<Info<'a>>,
    pub args: &'c [Info<'a>],
    /// The arguments that are integer literals (`split`'s limit).
    pub literal_ints: &'c [Option<i64>],
}

impl<'a> Call<'_, 'a> {
    fn arg(&self, i: usize) -> Option<Estimate> {
        self.args.get(i).map(Info::size)
    }

    /// The size of a list target's items, known from the schema only (as Kubernetes'
    /// `listElementNode` finds it by path).
    fn element(&self, list: &Info<'a>) -> Option<Info<'a>> {
        (list.decl != Decl::None).then(|| Info::of(list.decl.element()))
    }
}

fn string_result<'a>(size: Estimate) -> Info<'a> {
    Info {
        size: Some(size),
        decl: Decl::None,
        kind: Kind::String,
        items: None,
    }
}

/// The call's cost and result, when the library prices it.
pub(super) fn cost<'a>(call: &Call<'_, 'a>) -> Option<(Estimate, Info<'a>)> {
    let unknown = Info::of(Decl::None);
    let fixed = |n| Some((Estimate::fixed(n), unknown));
    match (call.name, call.target) {
        ("isSorted" | "sum" | "max" | "min" | "indexOf" | "lastIndexOf" | "includes", Some(t)) => {
            let mut element = Estimate::fixed(1);
            if t.kind == Kind::List {
                if let Some(e) = call
                    .element(&t)
                    .filter(|e| matches!(e.kind, Kind::String | Kind::Bytes))
                {
                    element = element.add(e.size().factor(TRAVERSAL));
                }
                return Some((t.size().multiply(element), unknown));
            }
            if call.name == "includes" {
                return Some((t.size().multiply(element), unknown));
            }
            Some((t.size().factor(TRAVERSAL), Info::scalar(Kind::Int)))
        }
        ("url" | "jsonpatch.escapeKey", None) => {
            let size = call.arg(0)?;
            Some((
                size.factor(TRAVERSAL),
                Info {
                    size: Some(size),
                    ..unknown
                },
            ))
        }
        ("lowerAscii" | "upperAscii" | "substring" | "trim", Some(t)) => {
            Some((t.size().factor(TRAVERSAL), string_result(t.size())))
        }
        ("replace", Some(t)) if call.args.len() >= 2 => {
            let size = replaced_size(t.size(), call.arg(0)?, call.arg(1)?);
            Some((t.size().factor(2.0 * TRAVERSAL), string_result(size)))
        }
        ("split", Some(t)) => {
            let max = match call.literal_ints.get(1).copied().flatten() {
                Some(limit) => limit as u64,
                None => t.size().max,
            };
            let info = Info {
                size: Some(Estimate { min: 0, max }),
                decl: Decl::None,
                kind: Kind::List,
                items: None,
            };
            Some((t.size().factor(2.0 * TRAVERSAL), info))
        }
        ("join", Some(t)) => {
            let list = t.size();
            let mut size = call
                .element(&t)
                .map_or(Estimate::default(), |e| list.multiply(e.size()));
            if let Some(separator) = call.arg(0) {
                let separators = Estimate {
                    min: list.min.saturating_sub(1),
                    max: list.max.saturating_sub(1),
                };
                size = size.add(separator.multiply(separators));
            }
            Some((size.factor(TRAVERSAL), string_result(size)))
        }
        ("find" | "findAll", Some(t)) if !call.args.is_empty() => {
            let string = t.size().add(Estimate::fixed(1)).factor(TRAVERSAL);
            let regex = call.arg(0)?.factor(super::REGEX_STRING_LENGTH_COST_FACTOR);
            let info = Info {
                size: Some(Estimate {
                    min: 0,
                    max: t.size().max,
                }),
                ..unknown
            };
            Some((string.multiply(regex), info))
        }
        (
            "cidr" | "isIP" | "isCIDR" | "ip" | "quantity" | "isQuantity" | "semver" | "isSemver",
            None,
        ) => Some((call.arg(0)?.factor(TRAVERSAL), unknown)),
        ("ip.isCanonical", None) => Some((call.arg(0)?.factor(2.0 * TRAVERSAL), unknown)),
        (
            "masked"
            | "prefixLength"
            | "family"
            | "isUnspecified"
            | "isLoopback"
            | "isLinkLocalMulticast"
            | "isLinkLocalUnicast"
            | "isGlobalUnicast"
            | "format.named"
            | "sign"
            | "asInteger"
            | "isInteger"
            | "asApproximateFloat"
            | "isGreaterThan"
            | "isLessThan"
            | "compareTo"
            | "add"
            | "sub"
            | "major"
            | "minor"
            | "patch"
            | "getScheme"
            | "getHostname"
            | "getHost"
            | "getPort"
            | "getEscapedPath"
            | "getQuery",
            _,
        ) => fixed(1),
        _ => None,
    }
}

/// `replace`'s result size: the most and fewest replacements times the replacement's size,
/// plus what is kept of the string.
fn replaced_size(string: Estimate, from: Estimate, to: Estimate) -> Estimate {
    let mut count = Estimate::default();
    let mut kept = Estimate::default();
    if from.min == 0 {
        count.max = string.max.saturating_add(u64::from(string.max < u64::MAX));
        kept.max = string.max;
    } else if to.max <= from.min {
        kept.max = string.max;
    } else {
        count.max = (string.max as f64 / from.min as f64).ceil() as u64;
    }
    if from.max == 0 {
        count.min = string.min.saturating_add(u64::from(string.min < u64::MAX));
        kept.min = string.min;
    } else if from.max <= to.min {
        kept.min = string.min;
    } else {
        count.min = (string.min as f64 / from.max as f64).ceil() as u64;
    }
    count.multiply(to).add(kept)
}
