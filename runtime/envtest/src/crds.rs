//! `--crds`: every CustomResourceDefinition in a directory (or a file) created through the
//! server's own API, as `kubectl create -f DIR` would, so each is checked, served and
//! given its status exactly as one a client creates later. They go through the server's
//! loopback, as kube-apiserver's own requests do: no certificate or token to present.

use std::path::{Path, PathBuf};

const CRDS: &str = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

/// Creates every CRD of `path`: `.yaml`, `.yml` and `.json` files, sorted by name; YAML
/// files may hold several documents. Anything that is not a CRD is an error naming it.
pub async fn install(server: &kapi_apiserver::ApiServer, path: &Path) -> Result<(), String> {
    for file in files(path)? {
        let text = std::fs::read_to_string(&file)
            .map_err(|e| format!("reading {}: {e}", file.display()))?;
        for (i, document) in documents(&file, &text)?.into_iter().enumerate() {
            if document.is_null() {
                continue;
            }
            let what = format!("{} (document {})", file.display(), i + 1);
            if document.get("kind").and_then(|k| k.as_str()) != Some("CustomResourceDefinition") {
                return Err(format!("{what}: not a CustomResourceDefinition"));
            }
            let body = serde_json::to_vec(&document).map_err(|e| format!("{what}: {e}"))?;
            let request = http::Request::post(CRDS)
                .header(http::header::CONTENT_TYPE, "application/json")
                .header(http::header::ACCEPT, "application/json")
                .body(body)
                .map_err(|e| format!("{what}: {e}"))?;
            let (status, answer) = server.loopback(request).await;
            if status != http::StatusCode::CREATED {
                return Err(format!(
                    "{what}: the server answered {}: {}",
                    status.as_u16(),
                    String::from_utf8_lossy(&answer)
                ));
            }
        }
    }
    Ok(())
}

fn files(path: &Path) -> Result<Vec<PathBuf>, String> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let entries =
        std::fs::read_dir(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| matches!(e, "yaml" | "yml" | "json"))
        })
        .collect();
    files.sort();
    Ok(files)
}

fn documents(file: &Path, text: &str) -> Result<Vec<serde_json::Value>, String> {
    if file.extension().and_then(|e| e.to_str()) == Some("json") {
        return serde_json::from_str(text)
            .map(|v| vec![v])
            .map_err(|e| format!("{}: {e}", file.display()));
    }
    serde_yaml_ng::Deserializer::from_str(text)
        .map(|document| {
            serde::Deserialize::deserialize(document)
                .map_err(|e: serde_yaml_ng::Error| format!("{}: {e}", file.display()))
        })
        .collect()
}
