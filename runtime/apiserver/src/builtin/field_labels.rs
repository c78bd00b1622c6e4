//! The fields a list or watch of one of Kubernetes' kinds may select on
//! (`--field-selector`), and each field's value as kube-apiserver computes it: the labels
//! its `AddFieldLabelConversionFunc`s accept (pkg/apis/core/v1/conversion.go for the core
//! kinds; batch's Job, apps' StatefulSet, certificates' CertificateSigningRequest and
//! ClusterTrustBundle) and the values its registries' `ToSelectableFields` give them. Every
//! other kind selects on `metadata.name` and `metadata.namespace`, as a custom resource
//! without `selectableFields` does.

use serde_json::Value;

const META: &[&str] = &["metadata.name", "metadata.namespace"];

/// The labels `kind` of `group` accepts.
pub(crate) fn supported(group: &str, kind: &str) -> &'static [&'static str] {
    match (group, kind) {
        ("", _) => core(kind),
        ("batch", "Job") => &["metadata.name", "metadata.namespace", "status.successful"],
        // Accepted, but the registry's field set holds only the metadata, so the label
        // matches only the empty value.
        ("apps", "StatefulSet") => &["metadata.name", "metadata.namespace", "status.successful"],
        ("certificates.k8s.io", "CertificateSigningRequest" | "ClusterTrustBundle") => {
            &["metadata.name", "spec.signerName"]
        }
        _ => META,
    }
}

fn core(kind: &str) -> &'static [&'static str] {
    match kind {
        "Pod" => &[
            "metadata.name",
            "metadata.namespace",
            "spec.nodeName",
            "spec.restartPolicy",
            "spec.schedulerName",
            "spec.serviceAccountName",
            "spec.hostNetwork",
            "status.phase",
            "status.podIP",
            "status.podIPs",
            "status.nominatedNodeName",
            // What clients before v1 sent for `spec.nodeName`.
            "spec.host",
        ],
        "Node" => &["metadata.name", "spec.unschedulable"],
        "ReplicationController" => &["metadata.name", "metadata.namespace", "status.replicas"],
        "Event" => &[
            "involvedObject.kind",
            "involvedObject.namespace",
            "involvedObject.name",
            "involvedObject.uid",
            "involvedObject.apiVersion",
            "involvedObject.resourceVersion",
            "involvedObject.fieldPath",
            "reason",
            "reportingComponent",
            "source",
            "type",
            "metadata.namespace",
            "metadata.name",
        ],
        "Namespace" => &["status.phase", "metadata.name"],
        "Secret" => &["type", "metadata.namespace", "metadata.name"],
        "Service" => &[
            "metadata.namespace",
            "metadata.name",
            "spec.clusterIP",
            "spec.type",
        ],
        _ => META,
    }
}

/// Whether selecting on `label` needs more of the object than its metadata.
pub(crate) fn needs_object(label: &str) -> bool {
    !META.contains(&label)
}

/// The value of `label` on `object` (the object's JSON in its storage version, `v1` for
/// the core kinds), as the registry's selectable fields hold it: a string, a bool or number
/// printed as Go prints it, the empty string (or a bool's `false`) when unset.
pub(crate) fn value(kind: &str, label: &str, object: &Value) -> String {
    let path = match (kind, label) {
        ("Pod", "spec.host") => "spec.nodeName",
        // The component that reported it, by either of the fields that can say so.
        ("Event", "source") => {
            let component = value(kind, "source.component", object);
            return if component.is_empty() {
                value(kind, "reportingComponent", object)
            } else {
                component
            };
        }
        // Registries hold the first address; the list itself is selectable but never matches
        // a value (kube-apiserver's field set has no entry for it).
        ("Pod", "status.podIPs") => return String::new(),
        ("Job", "status.successful") => "status.succeeded",
        ("StatefulSet", "status.successful") => return String::new(),
        _ => label,
    };
    let found = path
        .split('.')
        .try_fold(object, |v, key| v.get(key))
        .filter(|v| !v.is_null());
    match found {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Number(n)) => n.to_string(),
        Some(other) => other.to_string(),
        None => match (kind, label) {
            ("Pod", "spec.hostNetwork") | ("Node", "spec.unschedulable") => "false".into(),
            ("ReplicationController", "status.replicas") | ("Job", "status.successful") => {
                "0".into()
            }
            _ => String::new(),
        },
    }
}
