//! The embedded API server serving the example API.
//!
//! ```text
//! cargo run -p api-types --example apiserver            # serve until Ctrl-C
//! cargo run -p api-types --example apiserver -- --once  # the walkthrough, then exit
//! ```
//!
//! It starts `kapi_apiserver::ApiServer` on 127.0.0.1, writes a kubeconfig for kubectl,
//! and walks through the API over plain HTTP: a create in v1, a read in v2beta1, a watch,
//! a validation error and a table.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::Request;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use kapi_apiserver::{ApiServer, OpenApiDocuments};
use serde_json::{json, Value};

type Http = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

async fn call(
    http: &Http,
    base: &str,
    method: &str,
    path: &str,
    accept: &str,
    body: Option<Value>,
) -> Result<(u16, Value), Box<dyn std::error::Error>> {
    let request = Request::builder()
        .method(method)
        .uri(format!("{base}{path}"))
        .header("accept", accept)
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(match body {
            Some(b) => serde_json::to_vec(&b)?,
            None => Vec::new(),
        })))?;
    let response = http.request(request).await?;
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await?.to_bytes();
    Ok((status, serde_json::from_slice(&bytes)?))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let once = std::env::args().any(|a| a == "--once");
    let mut scheme = kapi::Scheme::new();
    api_types::install(&mut scheme)?;
    let openapi = {
        use api_types::generated::openapi_documents::{V2, V3};
        OpenApiDocuments::from_generated(V2, V3)
    };
    let server = ApiServer::builder(scheme).openapi(openapi).start().await?;
    let base = server.url();
    let kubeconfig = std::env::temp_dir().join("kapi-demo.kubeconfig");
    std::fs::write(&kubeconfig, server.kubeconfig("default"))?;
    println!("kapi embedded API server at {base}");
    println!("kubeconfig: {}", kubeconfig.display());

    let http: Http = Client::builder(TokioExecutor::new()).build_http();
    let frobbers = "/apis/frob.example.com/v1/namespaces/default/frobbers";
    let frobber = json!({
        "apiVersion": "frob.example.com/v1",
        "kind": "Frobber",
        "metadata": {"name": "demo", "labels": {"app": "demo"}},
        "spec": {"height": 3, "param": "only", "ports": [{"name": "http", "port": 8080}]}
    });
    let (code, created) = call(
        &http,
        &base,
        "POST",
        frobbers,
        "application/json",
        Some(frobber),
    )
    .await?;
    println!(
        "\nPOST v1 Frobber -> {code}; defaulted restartPolicy={}, uid={}, resourceVersion={}",
        created["spec"]["restartPolicy"],
        created["metadata"]["uid"],
        created["metadata"]["resourceVersion"]
    );

    let (code, v2) = call(
        &http,
        &base,
        "GET",
        "/apis/frob.example.com/v2beta1/namespaces/default/frobbers/demo",
        "application/json",
        None,
    )
    .await?;
    println!(
        "GET as v2beta1 -> {code}; spec.params={} (v1's singular, converted)",
        v2["spec"]["params"]
    );

    let invalid = json!({"metadata": {"name": "Bad_Name"}, "spec": {"height": 1, "replicas": -1}});
    let (code, status) = call(
        &http,
        &base,
        "POST",
        frobbers,
        "application/json",
        Some(invalid),
    )
    .await?;
    println!(
        "POST an invalid Frobber -> {code} {}: {}",
        status["reason"], status["message"]
    );

    let table_accept = "application/json;as=Table;v=v1;g=meta.k8s.io";
    let (_, table) = call(&http, &base, "GET", frobbers, table_accept, None).await?;
    let columns: Vec<&str> = table["columnDefinitions"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["name"].as_str()).collect())
        .unwrap_or_default();
    println!("\n{}", columns.join("\t"));
    for row in table["rows"].as_array().into_iter().flatten() {
        let cells: Vec<String> = row["cells"]
            .as_array()
            .map(|c| {
                c.iter()
                    .map(|v| match v {
                        Value::Null => "<none>".to_string(),
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        println!("{}", cells.join("\t"));
    }

    println!(
        "\nTry: kubectl --kubeconfig {} get frobbers",
        kubeconfig.display()
    );
    println!(
        "     kubectl --kubeconfig {} explain frobbers.spec",
        kubeconfig.display()
    );
    if once {
        return Ok(());
    }
    println!("Serving until Ctrl-C.");
    tokio::signal::ctrl_c().await?;
    server.shutdown().await;
    Ok(())
}
