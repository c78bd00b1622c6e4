//! Informers and listers (client-go's `tools/cache`): a [`Reflector`] lists and watches
//! a collection, a [`SharedInformer`] keeps a [`Store`] in sync with it and tells
//! [`ResourceEventHandler`]s of every change, [`Lister`]s read the store, and a
//! [`SharedInformerFactory`] shares one informer per kind.
//!
//! ```no_run
//! use kapi::cache::{EventHandlerFns, SharedInformerFactory, Transform};
//! use kapi::meta::Selector;
//!
//! async fn run<K: kapi::Resource + kapi::scheme::Kind>(client: kapi::client::Client) {
//!     let factory = SharedInformerFactory::new(client)
//!         .with_transform(Transform::strip_managed_fields());
//!     let informer = factory.informer_for::<K>();
//!     informer.add_event_handler(
//!         EventHandlerFns::new().on_add(|obj: &std::sync::Arc<K>, _initial| {
//!             println!("added {}", obj.metadata().name)
//!         }),
//!     );
//!     factory.start();
//!     factory.wait_for_cache_sync().await;
//!     let in_default = informer.lister().namespace("default").list(&Selector::everything());
//!     println!("{} in default", in_default.len());
//! }
//! ```
//!
//! Guarantees: per object, a handler sees `on_add` first, then `on_update`s, then at most
//! one `on_delete`; an object re-created under the same name is a new uid (delete, then
//! add). A delete missed across a relist arrives as
//! [`DeletedObject::FinalStateUnknown`]. Objects are cached once as `Arc<K>`: the store,
//! its indexes, listers and handlers share them.

mod factory;
mod handler;
mod informer;
mod lister;
pub mod reflector;
mod store;

pub use factory::SharedInformerFactory;
pub use handler::{DeletedObject, EventHandlerFns, ResourceEventHandler};
pub use informer::{
    HandlerRegistration, InformerOptions, SharedInformer, Transform, TweakListOptions,
};
pub use lister::{Lister, NamespaceLister};
pub use reflector::{
    BackoffConfig, Phase, Reflector, ReflectorEvent, ReflectorOptions, ReflectorStats,
    StreamingList,
};
pub use store::{key_of, split_key, Store, NAMESPACE_INDEX};
