//! What kube-apiserver fills in for CustomResourceDefinitions before it validates
//! (k8s.io/apiextensions-apiserver's `pkg/apis/apiextensions/v1/defaults.go`).

use super::v1::{
    CustomResourceConversion, CustomResourceDefinition, CustomResourceDefinitionSpec,
    ServiceReference, NONE_CONVERTER,
};

/// The storage version is the first stored one.
impl kapi::DefaultsHook for CustomResourceDefinition {
    fn default_hook(&mut self) {
        if self.status.stored_versions.is_empty() {
            if let Some(storage) = self.spec.versions.iter().find(|v| v.storage) {
                self.status.stored_versions.push(storage.name.clone());
            }
        }
    }
}

/// Names follow the kind; no conversion strategy is `None`.
impl kapi::DefaultsHook for CustomResourceDefinitionSpec {
    fn default_hook(&mut self) {
        let names = &mut self.names;
        if names.singular.is_empty() {
            names.singular = names.kind.to_lowercase();
        }
        if names.list_kind.is_empty() && !names.kind.is_empty() {
            names.list_kind = format!("{}List", names.kind);
        }
        self.conversion
            .get_or_insert_with(|| CustomResourceConversion {
                strategy: NONE_CONVERTER.to_string(),
                webhook: None,
            });
    }
}

/// A conversion webhook's service listens on 443 unless it says otherwise.
impl kapi::DefaultsHook for ServiceReference {
    fn default_hook(&mut self) {
        self.port.get_or_insert(443);
    }
}
