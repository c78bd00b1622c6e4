//! What kube-apiserver does to core/v1 objects on every write, after decoding and before
//! validation (Kubernetes' `pkg/apis/core/v1` conversion of Secret).

use super::v1::Secret;
use kapi::meta::ByteString;

/// `stringData` is a write-only convenience: its entries are merged into `data` (winning
/// over a key `data` also has), and it is never stored or returned.
impl kapi::Normalize for Secret {
    fn normalize(&mut self, _old: Option<&Self>) -> Result<(), kapi::validation::ErrorList> {
        for (key, value) in std::mem::take(&mut self.string_data) {
            self.data.insert(key, ByteString(value.into_bytes()));
        }
        Ok(())
    }
}
