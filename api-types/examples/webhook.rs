//! The webhook server a cluster calls for the example API, from its generated code:
//! Frobbers converted between v1 and v2beta1, validated, and defaulted. The paths are the
//! ones `cargo xtask codegen` writes into the CRD and the webhook configurations.
//!
//! ```text
//! cargo run -p api-types --example webhook -- CERT_DIR   # tls.crt and tls.key, PEM
//! ```

use kapi_webhook::{terminated, WebhookServer};
use std::sync::Arc;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // controller-runtime's default: where a cert-manager Secret is mounted.
    let certs = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/k8s-webhook-server/serving-certs".into());
    let mut scheme = kapi::Scheme::new();
    api_types::install(&mut scheme)?;
    let scheme = Arc::new(scheme);
    let server = WebhookServer::new(format!("{certs}/tls.crt"), format!("{certs}/tls.key"))
        .conversion("/convert", scheme.clone())
        .validating("/validate", scheme.clone())
        .mutating("/mutate", scheme)
        .bind("0.0.0.0:9443")
        .await?;
    eprintln!("serving webhooks on {}", server.local_addr());
    // SIGTERM (the kubelet's) or Ctrl-C: reviews being answered finish first.
    server.until(terminated()).await;
    Ok(())
}
