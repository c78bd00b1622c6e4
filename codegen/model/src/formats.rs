//! The names `format = "..."` accepts: one list, owned here and used by the parser (an
//! unknown name is an error with the closest known one), the README and the runtime, whose
//! `validation::formats::check` has a check for each [`VALIDATED`] name (a test in
//! `kapi-tests` holds the two together).
//!
//! [`violation`] answers whether a `default` satisfies its field's format, at compile time:
//! the same rules as the runtime's checks, as yes/no (the runtime also words Kubernetes'
//! messages); the agreement test runs both on the same samples.

/// Formats kapi's generated validation checks.
pub const VALIDATED: &[&str] = &[
    "dns1123-label",
    "k8s-short-name",
    "dns1123-subdomain",
    "k8s-long-name",
    "qualified-name",
    "k8s-label-key",
    "label-value",
    "k8s-label-value",
    "uuid",
    "k8s-uuid",
    "date-time",
];

/// Formats written to OpenAPI and CRD schemas only: the ones kube-apiserver's CRD
/// validation knows (apiextensions' `supportedFormats`) and OpenAPI's number formats.
pub const SCHEMA_ONLY: &[&str] = &[
    "bsonobjectid",
    "uri",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "cidr",
    "mac",
    "uuid3",
    "uuid4",
    "uuid5",
    "isbn",
    "isbn10",
    "isbn13",
    "creditcard",
    "ssn",
    "hexcolor",
    "rgbcolor",
    "byte",
    "password",
    "date",
    "duration",
    "datetime",
    "int32",
    "int64",
    "float",
    "double",
    "int-or-string",
    "quantity",
];

/// Whether `name` is a format kapi knows.
pub fn is_known(name: &str) -> bool {
    VALIDATED.contains(&name) || SCHEMA_ONLY.contains(&name)
}

/// Every known name, validated ones first: the candidates of a did-you-mean.
pub fn all() -> impl Iterator<Item = &'static str> {
    VALIDATED.iter().chain(SCHEMA_ONLY).copied()
}

/// Why `value` is not of format `name`, if the format is one kapi validates.
pub fn violation(name: &str, value: &str) -> Option<&'static str> {
    let ok = match name {
        "dns1123-label" | "k8s-short-name" => value.len() <= 63 && is_dns1123_label(value),
        "dns1123-subdomain" | "k8s-long-name" => {
            value.len() <= 253 && value.split('.').all(is_dns1123_label)
        }
        "qualified-name" | "k8s-label-key" => is_qualified_name(value),
        "label-value" | "k8s-label-value" => {
            value.is_empty() || (value.len() <= 63 && is_name_part(value))
        }
        "uuid" | "k8s-uuid" => {
            value.len() == 36
                && value.bytes().enumerate().all(|(i, c)| match i {
                    8 | 13 | 18 | 23 => c == b'-',
                    _ => c.is_ascii_hexdigit(),
                })
        }
        "date-time" => super::grammars::is_rfc3339(value),
        _ => return None,
    };
    (!ok).then_some(match name {
        "uuid" | "k8s-uuid" => "a UUID is 8-4-4-4-12 hex digits",
        "date-time" => "a date-time is an RFC 3339 timestamp",
        "qualified-name" | "k8s-label-key" => {
            "an optional DNS subdomain and `/`, then at most 63 alphanumerics, '-', '_' or '.'"
        }
        "label-value" | "k8s-label-value" => {
            "at most 63 alphanumerics, '-', '_' or '.', starting and ending alphanumeric"
        }
        _ => "lower case alphanumerics or '-' (and '.' between labels), starting and ending alphanumeric",
    })
}

fn is_dns1123_label(s: &str) -> bool {
    let b = s.as_bytes();
    let alnum = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    b.first().is_some_and(alnum)
        && b.last().is_some_and(alnum)
        && b.iter().all(|c| alnum(c) || *c == b'-')
}

fn is_name_part(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphanumeric)
        && b.last().is_some_and(u8::is_ascii_alphanumeric)
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

fn is_qualified_name(s: &str) -> bool {
    let (prefix, name) = match s.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, s),
    };
    let prefix_ok = prefix
        .is_none_or(|p| !p.is_empty() && p.len() <= 253 && p.split('.').all(is_dns1123_label));
    prefix_ok && name.len() <= 63 && is_name_part(name)
}
