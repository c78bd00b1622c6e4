//! `[package.metadata.kapi.webhook]`: where kube-apiserver reaches the crate's webhook
//! server (kapi-webhook) and how it calls it. One place for the service, so the CRDs'
//! conversion stanza and the admission webhook configurations cannot disagree.

use super::super::error::Error;
use crate::diagnostics::closest;
use crate::model::admission;
use std::path::Path;

/// The keys of the `webhook` table.
const KEYS: &[&str] = &[
    "service",
    "url",
    "convert-path",
    "validate-path",
    "mutate-path",
    "failure-policy",
    "match-policy",
    "side-effects",
    "timeout-seconds",
    "admission-review-versions",
    "cert-manager-certificate",
    "configuration-name",
];

/// The keys of `service`.
const SERVICE_KEYS: &[&str] = &["namespace", "name", "port"];

/// The crate's webhook server, every value checked and defaulted.
#[derive(Debug, Clone, PartialEq)]
pub struct WebhookSettings {
    pub server: WebhookServer,
    /// `convert-path`, default `/convert`: the CRDs' conversion webhook.
    pub convert_path: String,
    /// `validate-path`, default `/validate`.
    pub validate_path: String,
    /// `mutate-path`, default `/mutate`.
    pub mutate_path: String,
    /// `failure-policy`: `Fail` (default) or `Ignore`.
    pub failure_policy: String,
    /// `match-policy`: `Equivalent` (default) or `Exact`.
    pub match_policy: String,
    /// `side-effects`: `None` (default) or `NoneOnDryRun`.
    pub side_effects: String,
    /// `timeout-seconds`: 1 to 30, default 10.
    pub timeout_seconds: i64,
    /// `admission-review-versions`: default `["v1"]`.
    pub admission_review_versions: Vec<String>,
    /// `cert-manager-certificate = "namespace/name"`: the Certificate whose CA cert-manager's
    /// cainjector writes into every `caBundle` (the `cert-manager.io/inject-ca-from`
    /// annotation).
    pub cert_manager_certificate: Option<String>,
    /// `configuration-name`: `metadata.name` of the two webhook configurations; default the
    /// crate's name with `_` as `-`.
    pub configuration_name: String,
}

/// Where kube-apiserver sends reviews: a Service in the cluster, or a URL.
#[derive(Debug, Clone, PartialEq)]
pub enum WebhookServer {
    /// `service = { namespace = "..", name = "..", port = 443 }`.
    Service {
        namespace: String,
        name: String,
        /// Written only when given; kube-apiserver's default is 443.
        port: Option<i64>,
    },
    /// `url = "https://host[:port]"`: the paths are appended.
    Url(String),
}

/// One `clientConfig`: the server with one path.
#[derive(Debug, Clone, PartialEq)]
pub enum WebhookConfig {
    Service {
        namespace: String,
        name: String,
        path: Option<String>,
        port: Option<i64>,
    },
    Url(String),
}

impl WebhookConfig {
    /// The `clientConfig` kube-apiserver reads, without `caBundle`, which is the
    /// deployment's (cert-manager's cainjector or a patch fills it).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            WebhookConfig::Url(url) => serde_json::json!({ "url": url }),
            WebhookConfig::Service {
                namespace,
                name,
                path,
                port,
            } => {
                let mut service = serde_json::Map::new();
                service.insert("namespace".into(), namespace.as_str().into());
                service.insert("name".into(), name.as_str().into());
                if let Some(path) = path {
                    service.insert("path".into(), path.as_str().into());
                }
                if let Some(port) = port {
                    service.insert("port".into(), (*port).into());
                }
                serde_json::json!({ "service": service })
            }
        }
    }
}

impl WebhookSettings {
    /// The `clientConfig` of the endpoint at `path`.
    pub fn client_config(&self, path: &str) -> WebhookConfig {
        match &self.server {
            WebhookServer::Service {
                namespace,
                name,
                port,
            } => WebhookConfig::Service {
                namespace: namespace.clone(),
                name: name.clone(),
                path: Some(path.to_string()),
                port: *port,
            },
            WebhookServer::Url(base) => WebhookConfig::Url(format!("{base}{path}")),
        }
    }

    /// The value of `cert-manager.io/inject-ca-from`, when cert-manager injects the CA.
    pub fn inject_ca_from(&self) -> Option<&str> {
        self.cert_manager_certificate.as_deref()
    }

    /// Reads the `webhook` table of `[package.metadata.kapi]` (`value`) of `manifest`, for
    /// the crate `crate_name`.
    pub fn load(
        value: &toml::Value,
        crate_name: &str,
        manifest: &Path,
    ) -> Result<WebhookSettings, Error> {
        let err = |msg: String| {
            Error::Io(format!(
                "{}: [package.metadata.kapi.webhook] {msg}",
                manifest.display()
            ))
        };
        let table = value.as_table().ok_or_else(|| {
            err(
                "must be a table: `webhook = { service = { namespace = \"..\", name = \"..\" } }`"
                    .into(),
            )
        })?;
        unknown_keys(table, KEYS, "").map_err(&err)?;
        let string = |key: &str| -> Result<Option<String>, Error> {
            match table.get(key) {
                None => Ok(None),
                Some(v) => v
                    .as_str()
                    .map(|s| Some(s.to_string()))
                    .ok_or_else(|| err(format!("`{key}` must be a string"))),
            }
        };
        let choice = |key: &str, valid: &[&str], default: &str| -> Result<String, Error> {
            let Some(value) = string(key)? else {
                return Ok(default.to_string());
            };
            if valid.contains(&value.as_str()) {
                return Ok(value);
            }
            let mut msg = format!("`{key} = \"{value}\"` is not one of {}", quoted(valid));
            if let Some(help) =
                admission::side_effects_help(&value).filter(|_| key == "side-effects")
            {
                msg.push_str(&format!(": {help}"));
            } else if let Some(best) = closest(&value, valid.iter().copied()) {
                msg.push_str(&format!(" (did you mean \"{best}\"?)"));
            }
            Err(err(msg))
        };
        let server = match (table.get("service"), string("url")?) {
            (Some(service), None) => service_of(service).map_err(&err)?,
            (None, Some(url)) => WebhookServer::Url(base_url(&url).map_err(&err)?),
            _ => {
                return Err(err(
                    "needs either `service = { namespace = \"..\", name = \"..\", port = 443 }` (a Service in the cluster) or `url = \"https://..\"`, not both".into(),
                ))
            }
        };
        let path = |key: &str, default: &str| -> Result<String, Error> {
            let path = string(key)?.unwrap_or_else(|| default.to_string());
            check_path(&path).map_err(|why| err(format!("`{key} = \"{path}\"` {why}")))?;
            Ok(path)
        };
        let timeout_seconds = match table.get("timeout-seconds") {
            None => 10,
            Some(v) => v
                .as_integer()
                .filter(|t| admission::TIMEOUT_SECONDS_RANGE.contains(t))
                .ok_or_else(|| {
                    err("`timeout-seconds` must be 1 to 30: kube-apiserver gives a webhook at most 30 seconds".into())
                })?,
        };
        let admission_review_versions = match table.get("admission-review-versions") {
            None => vec!["v1".to_string()],
            Some(v) => review_versions(v).map_err(&err)?,
        };
        let cert_manager_certificate = match string("cert-manager-certificate")? {
            None => None,
            Some(c) => Some(certificate(&c).map_err(&err)?),
        };
        let configuration_name = match string("configuration-name")? {
            Some(name) => name,
            None => crate_name.replace('_', "-"),
        };
        if !is_dns_subdomain(&configuration_name) {
            return Err(err(format!(
                "`configuration-name = \"{configuration_name}\"` is not a DNS subdomain (lowercase letters, digits, `-` and `.`), which kube-apiserver requires of an object's name"
            )));
        }
        Ok(WebhookSettings {
            server,
            convert_path: path("convert-path", "/convert")?,
            validate_path: path("validate-path", "/validate")?,
            mutate_path: path("mutate-path", "/mutate")?,
            failure_policy: choice("failure-policy", admission::FAILURE_POLICIES, "Fail")?,
            match_policy: choice("match-policy", admission::MATCH_POLICIES, "Equivalent")?,
            side_effects: choice("side-effects", admission::SIDE_EFFECTS, "None")?,
            timeout_seconds,
            admission_review_versions,
            cert_manager_certificate,
            configuration_name,
        })
    }
}

/// Every key of `table` is one of `keys`, else the first that is not, with the closest.
fn unknown_keys(table: &toml::Table, keys: &[&str], within: &str) -> Result<(), String> {
    for key in table.keys() {
        if !keys.contains(&key.as_str()) {
            let hint = closest(key, keys.iter().copied())
                .map(|k| format!(" (did you mean `{k}`?)"))
                .unwrap_or_default();
            return Err(format!("has no key `{within}{key}`{hint}"));
        }
    }
    Ok(())
}

/// `service = { namespace, name, port }`.
fn service_of(value: &toml::Value) -> Result<WebhookServer, String> {
    let table = value
        .as_table()
        .ok_or("`service` must be a table: `{ namespace = \"..\", name = \"..\", port = 443 }`")?;
    unknown_keys(table, SERVICE_KEYS, "service.")?;
    let label = |key: &str| -> Result<String, String> {
        let value = table
            .get(key)
            .and_then(|v| v.as_str())
            .ok_or(format!("`service.{key}` is required, a string"))?;
        if !is_dns_label(value) {
            return Err(format!(
                "`service.{key} = \"{value}\"` is not a DNS label (at most 63 lowercase letters, digits and `-`, starting and ending with a letter or digit)"
            ));
        }
        Ok(value.to_string())
    };
    let port = match table.get("port") {
        None => None,
        Some(v) => Some(
            v.as_integer()
                .filter(|p| (1..=65535).contains(p))
                .ok_or("`service.port` must be a port number (1-65535)")?,
        ),
    };
    Ok(WebhookServer::Service {
        namespace: label("namespace")?,
        name: label("name")?,
        port,
    })
}

/// A `url` the paths are appended to: `https://`, a host, no path, query, fragment or user,
/// as kube-apiserver requires of a webhook's URL once a path is added.
fn base_url(url: &str) -> Result<String, String> {
    let bad = |why: &str| Err(format!("`url = \"{url}\"` {why}"));
    let Some(rest) = url.strip_prefix("https://") else {
        return bad("must start with `https://`: kube-apiserver calls webhooks over TLS only");
    };
    let host = rest.strip_suffix('/').unwrap_or(rest);
    if host.is_empty() {
        return bad("names no host");
    }
    if host.contains(['/', '?', '#', '@']) || host.contains(char::is_whitespace) {
        return bad("must be `https://host[:port]` alone: the paths are `convert-path`, `validate-path` and `mutate-path`, and kube-apiserver refuses a user, query or fragment");
    }
    Ok(format!("https://{host}"))
}

/// A path kube-apiserver accepts for a webhook: absolute, with no query, fragment, empty
/// segment or white space.
fn check_path(path: &str) -> Result<(), &'static str> {
    if !path.starts_with('/') {
        return Err("must start with `/`");
    }
    if path.contains(['?', '#']) || path.contains(char::is_whitespace) || path.contains("//") {
        return Err("must be a plain path (no query, fragment, `//` or white space)");
    }
    Ok(())
}

/// `admission-review-versions`: a non-empty list of known versions, each once.
fn review_versions(value: &toml::Value) -> Result<Vec<String>, String> {
    let usage = format!(
        "`admission-review-versions` must be a non-empty list of {}",
        quoted(admission::REVIEW_VERSIONS)
    );
    let list = value
        .as_array()
        .and_then(|a| {
            a.iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
        })
        .filter(|l| !l.is_empty())
        .ok_or(usage)?;
    for (i, v) in list.iter().enumerate() {
        if !admission::REVIEW_VERSIONS.contains(&v.as_str()) {
            let hint = closest(v, admission::REVIEW_VERSIONS.iter().copied())
                .map(|k| format!(" (did you mean \"{k}\"?)"))
                .unwrap_or_default();
            return Err(format!(
                "`admission-review-versions` names \"{v}\", which is not one of {}{hint}",
                quoted(admission::REVIEW_VERSIONS)
            ));
        }
        if list[..i].contains(v) {
            return Err(format!("`admission-review-versions` names \"{v}\" twice"));
        }
    }
    Ok(list)
}

/// `cert-manager-certificate = "namespace/name"`.
fn certificate(value: &str) -> Result<String, String> {
    match value.split_once('/') {
        Some((namespace, name)) if is_dns_label(namespace) && is_dns_subdomain(name) => {
            Ok(value.to_string())
        }
        _ => Err(format!(
            "`cert-manager-certificate = \"{value}\"` must be `namespace/name`, the cert-manager Certificate whose CA is injected"
        )),
    }
}

/// RFC 1123 label, as Kubernetes checks a namespace or Service name.
fn is_dns_label(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !s.starts_with('-')
        && !s.ends_with('-')
}

/// RFC 1123 subdomain, as Kubernetes checks most object names.
pub fn is_dns_subdomain(s: &str) -> bool {
    s.len() <= 253 && s.split('.').all(is_dns_label)
}

fn quoted(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("\"{s}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `webhook` table that says what an old `crd-conversion-webhook` table said, for the
/// error that asks for it.
pub fn migrated(old: &toml::Value) -> String {
    let text = |key: &str| old.get(key).and_then(|v| v.as_str());
    let convert_path = |path: Option<&str>| {
        path.filter(|p| !p.is_empty() && *p != "/convert")
            .map(|p| format!(", convert-path = \"{p}\""))
            .unwrap_or_default()
    };
    if let Some(url) = text("url") {
        // The old URL held the path; the new one is the host, with the path beside it.
        let (base, path) = match url
            .strip_prefix("https://")
            .and_then(|r| r.find('/').map(|i| i + 8))
        {
            Some(i) => (&url[..i], Some(&url[i..])),
            None => (url, None),
        };
        return format!("webhook = {{ url = \"{base}\"{} }}", convert_path(path));
    }
    let port = old
        .get("port")
        .and_then(|p| p.as_integer())
        .map(|p| format!(", port = {p}"))
        .unwrap_or_default();
    format!(
        "webhook = {{ service = {{ namespace = \"{}\", name = \"{}\"{port} }}{} }}",
        text("namespace").unwrap_or(".."),
        text("name").unwrap_or(".."),
        convert_path(text("path"))
    )
}
