//! `apiextensions.k8s.io` `ConversionReview`, as kube-apiserver sends it to a CRD's
//! conversion webhook and reads the answer: every object of the request converted to
//! `desiredAPIVersion` through the scheme (spoke → hub → spoke, or unchanged when already
//! there), the request's `uid` copied, `result` a `Status`. The first object that does not
//! convert fails the whole review with its reason, the field path included, as
//! kube-apiserver expects: it then fails the request that needed the conversion.

use crate::{Endpoint, ReviewError, ReviewFuture};
use kapi_core::scheme::Format;
use kapi_core::Scheme;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use std::sync::Arc;

/// The `ConversionReview` versions kube-apiserver sends (a CRD's
/// `conversionReviewVersions`); the answer is in the request's.
const REVIEW_VERSIONS: &[&str] = &["apiextensions.k8s.io/v1", "apiextensions.k8s.io/v1beta1"];

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Review {
    #[serde(default)]
    api_version: String,
    #[serde(default)]
    kind: String,
    request: Option<Request>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Request {
    #[serde(default)]
    uid: String,
    #[serde(default, rename = "desiredAPIVersion")]
    desired_api_version: String,
    // Kept as the bytes that came: each is decoded once, by its kind, with no JSON tree
    // built on the way.
    #[serde(default)]
    objects: Vec<Box<RawValue>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Answer<'a> {
    api_version: &'a str,
    kind: &'static str,
    response: Response<'a>,
}

/// In Go's field order; `convertedObjects` null (Go's unset list) on failure.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Response<'a> {
    uid: &'a str,
    converted_objects: Option<Vec<Box<RawValue>>>,
    result: Outcome,
}

#[derive(Serialize)]
struct Outcome {
    metadata: Empty,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

#[derive(Serialize)]
struct Empty {}

/// Answers a `ConversionReview` body: the response review's JSON.
pub fn review(scheme: &Scheme, body: &[u8]) -> Result<Vec<u8>, ReviewError> {
    let review: Review = serde_json::from_slice(body)
        .map_err(|e| ReviewError::Malformed(format!("the body is not a ConversionReview: {e}")))?;
    if review.kind != "ConversionReview" || !REVIEW_VERSIONS.contains(&review.api_version.as_str())
    {
        return Err(ReviewError::Malformed(format!(
            "expected kind ConversionReview of {}, got kind {:?} of {:?}",
            REVIEW_VERSIONS.join(" or "),
            review.kind,
            review.api_version
        )));
    }
    let request = review
        .request
        .ok_or_else(|| ReviewError::Malformed("the review has no request".into()))?;
    if request.desired_api_version.is_empty() {
        return Err(ReviewError::Malformed(
            "the request has no desiredAPIVersion".into(),
        ));
    }
    let span = tracing::Span::current();
    span.record("uid", request.uid.as_str());
    span.record("kind", request.desired_api_version.as_str());
    span.record("operation", "CONVERT");
    let converted = convert_all(scheme, &request);
    span.record("allowed", converted.is_ok());
    let (converted_objects, result) = match converted {
        Ok(converted) => (
            Some(converted),
            Outcome {
                metadata: Empty {},
                status: "Success",
                message: None,
            },
        ),
        Err(message) => (
            None,
            Outcome {
                metadata: Empty {},
                status: "Failure",
                message: Some(message),
            },
        ),
    };
    let answer = Answer {
        api_version: &review.api_version,
        kind: "ConversionReview",
        response: Response {
            uid: &request.uid,
            converted_objects,
            result,
        },
    };
    serde_json::to_vec(&answer).map_err(|e| ReviewError::Malformed(e.to_string()))
}

/// The [`Endpoint`] answering `ConversionReview`s through `scheme`; the span records the
/// review's `uid`, the desired version as `kind`, `CONVERT` as `operation`, and whether
/// every object converted as `allowed`.
pub fn endpoint(scheme: Arc<Scheme>) -> impl Endpoint {
    Conversion(scheme)
}

struct Conversion(Arc<Scheme>);

impl Endpoint for Conversion {
    fn answer<'a>(&'a self, body: &'a [u8]) -> ReviewFuture<'a> {
        Box::pin(std::future::ready(review(&self.0, body)))
    }
}

/// Every object in the desired version, or why the first one that failed did.
fn convert_all(scheme: &Scheme, request: &Request) -> Result<Vec<Box<RawValue>>, String> {
    let desired = &request.desired_api_version;
    request
        .objects
        .iter()
        .enumerate()
        .map(|(i, object)| {
            let failed = |why: String| {
                // Read again only to name the object in the message.
                let object: Value = serde_json::from_str(object.get()).unwrap_or(Value::Null);
                let field = |pointer: &str| {
                    object
                        .pointer(pointer)
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string()
                };
                let (from, kind, name) = (
                    field("/apiVersion"),
                    field("/kind"),
                    field("/metadata/name"),
                );
                format!("converting objects[{i}] ({from} {kind} {name:?}) to {desired}: {why}")
            };
            // Anything but an object would be read as YAML by the scheme's sniffing.
            if !object.get().starts_with('{') {
                return Err(failed("not a JSON object".into()));
            }
            let decoded = scheme
                .decode_without_defaults(object.get().as_bytes())
                .map_err(|e| failed(e.to_string()))?;
            let converted = scheme
                .convert(decoded, desired)
                .map_err(|e| failed(e.to_string()))?;
            let bytes = scheme
                .encode(converted.as_ref(), Format::Json)
                .map_err(|e| failed(e.to_string()))?;
            String::from_utf8(bytes)
                .map_err(|e| e.to_string())
                .and_then(|text| RawValue::from_string(text).map_err(|e| e.to_string()))
                .map_err(failed)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::review;
    use serde_json::{json, Value};

    fn scheme() -> kapi_core::Scheme {
        let mut scheme = kapi_core::Scheme::new();
        api_types::install(&mut scheme).expect("the example API registers");
        scheme
    }

    fn frobber_v1(name: &str) -> Value {
        serde_json::to_value(api_types::examples::frobber_v1())
            .map(|mut v| {
                v["metadata"]["name"] = json!(name);
                v
            })
            .expect("a Frobber")
    }

    fn ask(objects: Vec<Value>, desired: &str) -> Value {
        let request = json!({
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "ConversionReview",
            "request": {"uid": "705ab4f5-6393-11e8-b7cc-42010a800002",
                        "desiredAPIVersion": desired, "objects": objects},
        });
        let body = serde_json::to_vec(&request).expect("JSON");
        serde_json::from_slice(&review(&scheme(), &body).expect("a review")).expect("JSON")
    }

    #[test]
    fn objects_convert_through_the_hub_and_back() {
        let original = frobber_v1("a");
        let to_v2 = ask(vec![original.clone()], "frob.example.com/v2beta1");
        let response = &to_v2["response"];
        assert_eq!(to_v2["apiVersion"], "apiextensions.k8s.io/v1");
        assert_eq!(to_v2["kind"], "ConversionReview");
        assert_eq!(response["uid"], "705ab4f5-6393-11e8-b7cc-42010a800002");
        assert_eq!(
            response["result"],
            json!({"metadata": {}, "status": "Success"})
        );
        let converted = response["convertedObjects"][0].clone();
        assert_eq!(converted["apiVersion"], "frob.example.com/v2beta1");
        assert_eq!(converted["metadata"], original["metadata"]);
        assert_ne!(
            converted["spec"], original["spec"],
            "the versions differ in shape"
        );
        // Back again: lossless.
        let back = ask(vec![converted], "frob.example.com/v1");
        assert_eq!(back["response"]["convertedObjects"][0], original);
        // Already in the desired version: unchanged.
        let same = ask(vec![original.clone()], "frob.example.com/v1");
        assert_eq!(same["response"]["convertedObjects"][0], original);
    }

    #[test]
    fn the_first_object_that_fails_fails_the_review() {
        let unknown = json!({"apiVersion": "frob.example.com/v1", "kind": "Gadget",
                             "metadata": {"name": "g"}});
        let answer = ask(vec![frobber_v1("a"), unknown], "frob.example.com/v2beta1");
        let response = &answer["response"];
        assert_eq!(response["convertedObjects"], Value::Null);
        assert_eq!(response["result"]["status"], "Failure");
        let message = response["result"]["message"].as_str().unwrap_or("");
        assert!(
            message.starts_with(
                "converting objects[1] (frob.example.com/v1 Gadget \"g\") to frob.example.com/v2beta1: "
            ),
            "{message}"
        );
    }

    /// What kube-apiserver checks of an answer before it uses the objects
    /// (`getConvertedObjectsFromResponse` and `validateConvertedObject` in apiextensions'
    /// webhook converter): Kubernetes' own type, read with no field it lacks; the uid; the
    /// result; one object per object sent, each in the desired version, of the same kind,
    /// name, namespace and uid.
    fn kube_apiserver_accepts(sent: &[Value], desired: &str, answer: &Value) {
        let body = serde_json::to_vec(answer).expect("JSON");
        let strict = kapi_core::codec::json::from_slice_strict::<
            kapi_k8s::apiextensions::v1::ConversionReview,
        >(&body)
        .expect("a ConversionReview");
        assert!(strict.is_clean(), "{:?} in {answer}", strict.messages());
        let response = strict.value.response.expect("a response");
        assert_eq!(response.uid, "705ab4f5-6393-11e8-b7cc-42010a800002");
        assert_eq!(response.result.status, "Success");
        assert_eq!(response.converted_objects.len(), sent.len());
        for (before, after) in sent.iter().zip(
            &answer["response"]["convertedObjects"]
                .as_array()
                .cloned()
                .unwrap_or_default(),
        ) {
            assert_eq!(after["apiVersion"], desired);
            assert_eq!(after["kind"], before["kind"]);
            for field in ["name", "namespace", "uid"] {
                assert_eq!(
                    after["metadata"][field], before["metadata"][field],
                    "{field}"
                );
            }
        }
    }

    #[test]
    fn every_fixture_answers_as_kube_apiserver_accepts() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../api-types/testdata/HEAD");
        let mut sent = Vec::new();
        for entry in std::fs::read_dir(&dir).expect("the example API's fixtures") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "json") {
                sent.push(
                    serde_json::from_slice::<Value>(&std::fs::read(&path).expect("a fixture"))
                        .expect("JSON"),
                );
            }
        }
        sent.sort_by_key(|v| v.to_string());
        assert!(sent.len() >= 4);
        for desired in ["frob.example.com/v1", "frob.example.com/v2beta1"] {
            let answer = ask(sent.clone(), desired);
            kube_apiserver_accepts(&sent, desired, &answer);
        }
    }

    #[test]
    fn a_body_that_is_no_review_is_an_error() {
        let s = scheme();
        for body in [
            &b"not json"[..],
            br#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"AdmissionReview"}"#,
            br#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview"}"#,
            br#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u"}}"#,
        ] {
            assert!(review(&s, body).is_err(), "{}", String::from_utf8_lossy(body));
        }
        // A v1beta1 review is answered in v1beta1.
        let v1beta1 = br#"{"apiVersion":"apiextensions.k8s.io/v1beta1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"frob.example.com/v1","objects":[]}}"#;
        let answer: Value =
            serde_json::from_slice(&review(&s, v1beta1).expect("a review")).expect("JSON");
        assert_eq!(answer["apiVersion"], "apiextensions.k8s.io/v1beta1");
        assert_eq!(answer["response"]["convertedObjects"], json!([]));
    }
}
