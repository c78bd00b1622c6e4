//! Options as query parameters, as client-go's parameter codec writes them: camelCase
//! names, empty and zero values left out, lists repeated.

use kapi_core::meta::{CreateOptions, GetOptions, ListOptions, PatchOptions, UpdateOptions};

/// A query string under construction.
#[derive(Debug, Default, Clone)]
pub struct Query(String);

impl Query {
    pub fn new() -> Self {
        Query::default()
    }

    pub fn push(&mut self, name: &str, value: &str) -> &mut Self {
        self.0.push(if self.0.is_empty() { '?' } else { '&' });
        encode_into(name, &mut self.0);
        self.0.push('=');
        encode_into(value, &mut self.0);
        self
    }

    fn str(&mut self, name: &str, value: &str) -> &mut Self {
        if !value.is_empty() {
            self.push(name, value);
        }
        self
    }

    fn strs(&mut self, name: &str, values: &[String]) -> &mut Self {
        for v in values {
            self.push(name, v);
        }
        self
    }

    fn flag(&mut self, name: &str, value: bool) -> &mut Self {
        if value {
            self.push(name, "true");
        }
        self
    }

    /// `?a=b&c=d`, or `""` when empty.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn get_options(&mut self, o: &GetOptions) -> &mut Self {
        self.str("resourceVersion", &o.resource_version)
    }

    pub fn list_options(&mut self, o: &ListOptions) -> &mut Self {
        self.str("labelSelector", &o.label_selector)
            .str("fieldSelector", &o.field_selector)
            .flag("watch", o.watch)
            .flag("allowWatchBookmarks", o.allow_watch_bookmarks)
            .str("resourceVersion", &o.resource_version)
            .str("resourceVersionMatch", &o.resource_version_match);
        if let Some(t) = o.timeout_seconds {
            self.push("timeoutSeconds", &t.to_string());
        }
        if o.limit > 0 {
            self.push("limit", &o.limit.to_string());
        }
        self.str("continue", &o.continue_);
        if let Some(s) = o.send_initial_events {
            self.push("sendInitialEvents", if s { "true" } else { "false" });
        }
        self.str("shardSelector", &o.shard_selector)
    }

    pub fn create_options(&mut self, o: &CreateOptions) -> &mut Self {
        self.strs("dryRun", &o.dry_run)
            .str("fieldManager", &o.field_manager)
            .str("fieldValidation", &o.field_validation)
    }

    pub fn update_options(&mut self, o: &UpdateOptions) -> &mut Self {
        self.strs("dryRun", &o.dry_run)
            .str("fieldManager", &o.field_manager)
            .str("fieldValidation", &o.field_validation)
    }

    pub fn patch_options(&mut self, o: &PatchOptions) -> &mut Self {
        self.strs("dryRun", &o.dry_run);
        if let Some(f) = o.force {
            self.push("force", if f { "true" } else { "false" });
        }
        self.str("fieldManager", &o.field_manager)
            .str("fieldValidation", &o.field_validation)
    }
}

/// Percent-encodes everything but RFC 3986's unreserved characters: a query value, or one
/// path segment (a name or namespace).
pub(crate) fn encode_into(s: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xf)]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_options_as_client_go_writes_them() {
        let o = ListOptions {
            label_selector: "app=frob,tier in (a,b)".into(),
            limit: 5,
            continue_: "tok".into(),
            timeout_seconds: Some(3),
            allow_watch_bookmarks: true,
            ..Default::default()
        };
        assert_eq!(
            Query::new().list_options(&o).as_str(),
            "?labelSelector=app%3Dfrob%2Ctier%20in%20%28a%2Cb%29&allowWatchBookmarks=true&timeoutSeconds=3&limit=5&continue=tok"
        );
        assert_eq!(
            Query::new().list_options(&ListOptions::default()).as_str(),
            ""
        );
        let p = PatchOptions {
            dry_run: vec!["All".into()],
            force: Some(true),
            field_manager: "me".into(),
            ..Default::default()
        };
        assert_eq!(
            Query::new().patch_options(&p).as_str(),
            "?dryRun=All&force=true&fieldManager=me"
        );
    }
}
