//! A CRD's conversion webhook, called as kube-apiserver calls it: an
//! `apiextensions.k8s.io/v1` `ConversionReview` POSTed over HTTPS to
//! `spec.conversion.webhook.clientConfig.url`, trusting only its `caBundle`, HTTP/1.1, with
//! `?timeout=30s` (kube-apiserver's conversion webhook timeout). An answer that is no
//! review, of another uid, not `Success`, or with the wrong objects fails the conversion
//! with kube-apiserver's wording; the request that needed it then fails with a 500.
//!
//! The call blocks its thread (see `webhook_client`).

use super::webhook_client::WebhookClient;
use kapi_core::conversion::ConversionError;
use serde_json::{json, Value};
use std::time::Duration;

/// kube-apiserver's timeout for a conversion webhook call.
const TIMEOUT: Duration = Duration::from_secs(30);

/// A CRD's conversion webhook.
#[derive(Debug)]
pub struct ConversionWebhook {
    client: WebhookClient,
}

impl ConversionWebhook {
    /// From a CRD's `spec.conversion.webhook.clientConfig`.
    pub fn from_client_config(config: &Value) -> Result<Self, String> {
        Ok(ConversionWebhook {
            client: WebhookClient::from_client_config(config, "its conversion webhook", TIMEOUT)?,
        })
    }

    /// `object` (JSON) converted to `desired` (`group/version`) by the webhook.
    pub fn convert(&self, object: &Value, desired: &str) -> Result<Value, ConversionError> {
        self.call(object, desired).map_err(|why| {
            let kind = object.get("kind").and_then(Value::as_str).unwrap_or("");
            let from = object
                .get("apiVersion")
                .and_then(Value::as_str)
                .unwrap_or("");
            ConversionError::new(format!(
                "conversion webhook for {from}, Kind={kind} failed: {why}"
            ))
        })
    }

    fn call(&self, object: &Value, desired: &str) -> Result<Value, String> {
        let uid = format!("{:016x}{:016x}", fastrand::u64(..), fastrand::u64(..));
        let review = json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "ConversionReview",
            "request": {"uid": uid, "desiredAPIVersion": desired, "objects": [object]},
        });
        let answer = self.client.post_json(&review)?;
        if answer.get("apiVersion").and_then(Value::as_str) != Some("apiextensions.k8s.io/v1")
            || answer.get("kind").and_then(Value::as_str) != Some("ConversionReview")
        {
            return Err("the answer is no apiextensions.k8s.io/v1 ConversionReview".into());
        }
        let response = &answer["response"];
        if response.get("uid").and_then(Value::as_str) != Some(uid.as_str()) {
            return Err(format!(
                "expected response.uid={uid:?}, got {:?}",
                response.get("uid").and_then(Value::as_str).unwrap_or("")
            ));
        }
        let result = &response["result"];
        if result.get("status").and_then(Value::as_str) != Some("Success") {
            return Err(match result.get("message").and_then(Value::as_str) {
                Some(message) if !message.is_empty() => message.to_string(),
                _ => format!(
                    "response.result.status was '{}', not 'Success'",
                    result.get("status").and_then(Value::as_str).unwrap_or("")
                ),
            });
        }
        let converted = response
            .get("convertedObjects")
            .and_then(Value::as_array)
            .filter(|objects| objects.len() == 1)
            .ok_or("expected 1 converted objects")?;
        let out = converted[0].clone();
        if out.get("apiVersion").and_then(Value::as_str) != Some(desired) {
            return Err(format!(
                "invalid apiVersion {:?} in converted object, expected {desired:?}",
                out.get("apiVersion").and_then(Value::as_str).unwrap_or("")
            ));
        }
        if out.get("kind") != object.get("kind") {
            return Err("the converted object's kind changed".into());
        }
        for field in ["name", "namespace", "uid"] {
            if out["metadata"].get(field) != object["metadata"].get(field) {
                return Err(format!("the converted object's metadata.{field} changed"));
            }
        }
        Ok(out)
    }
}
