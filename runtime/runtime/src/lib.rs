//! kapi-runtime: what runs beside an API's clients, re-exported by the `kapi` facade
//! under its module names. Today [`cache`], the informers and listers (`kapi::cache`,
//! feature `cache`); the controller runtime joins it.

pub mod cache;
