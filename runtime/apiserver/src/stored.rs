//! What the store holds per object: the typed object in its storage version, as
//! kube-apiserver keeps the storage encoding in etcd.

use kapi_core::Object;

#[derive(Debug)]
pub struct Stored {
    /// In the kind's storage version, with `metadata.resourceVersion` set.
    pub object: Box<dyn Object>,
}
