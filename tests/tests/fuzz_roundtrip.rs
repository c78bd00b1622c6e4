//! Fuzzed values of real kinds (Kubernetes' own, written as kapi types, and the example API)
//! survive JSON encode -> decode unchanged, and the example API's markers hold in them.

use api_types::{v1, v2beta1};
use kapi::fuzz::{self, Fuzz};
use kapi_k8s::coordination::v1 as coordination_v1;
use kapi_k8s::core::v1 as core_v1;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::BTreeSet;
use std::fmt::Debug;

const SEEDS: u64 = 200;

fn roundtrip_many<T>()
where
    T: Fuzz + Serialize + DeserializeOwned + PartialEq + Debug,
{
    for seed in 0..SEEDS {
        let value = fuzz::fuzz::<T>(seed);
        let json = serde_json::to_vec(&value).unwrap();
        let text = String::from_utf8_lossy(&json);
        let back: T = match kapi::codec::json::from_slice(&json) {
            Ok(v) => v,
            Err(e) => panic!("seed {seed}: {text} does not decode: {e}"),
        };
        let again = serde_json::to_vec(&back).unwrap();
        assert!(
            back == value && again == json,
            "seed {seed}: round trip changed the value\n before: {text}\n after:  {}",
            String::from_utf8_lossy(&again),
        );
    }
}

macro_rules! roundtrip_tests {
    ($($name:ident: $t:ty,)*) => {
        $(
            #[test]
            fn $name() {
                roundtrip_many::<$t>();
            }
        )*
    };
}

roundtrip_tests! {
    config_map: core_v1::ConfigMap,
    config_map_list: core_v1::ConfigMapList,
    namespace: core_v1::Namespace,
    lease: coordination_v1::Lease,
    frobber_v1: v1::Frobber,
    frobber_list_v1: v1::FrobberList,
    frobber_class_v1: v1::FrobberClass,
    frobber_class_list_v1: v1::FrobberClassList,
    frobber_v2beta1: v2beta1::Frobber,
    frobber_list_v2beta1: v2beta1::FrobberList,
    frobber_class_v2beta1: v2beta1::FrobberClass,
    frobber_class_list_v2beta1: v2beta1::FrobberClassList,
}

#[test]
fn frobber_markers_hold() {
    for seed in 0..SEEDS {
        let f = fuzz::fuzz::<v1::Frobber>(seed);
        let spec = &f.spec;
        assert!((1..=1000).contains(&spec.height), "seed {seed}");
        assert!(spec.ports.len() <= 16, "seed {seed}");
        let names: BTreeSet<&str> = spec.ports.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names.len(),
            spec.ports.len(),
            "seed {seed}: port names repeat"
        );
        for p in &spec.ports {
            assert!((1..=65535).contains(&p.port), "seed {seed}");
        }
        if let Some(b) = &spec.backend {
            assert!(
                !(b.service.is_some() && b.bucket.is_some()),
                "seed {seed}: two members"
            );
            if b.service.is_some() {
                assert_eq!(b.type_, v1::BackendType::Service, "seed {seed}");
            }
            if b.bucket.is_some() {
                assert_eq!(b.type_, v1::BackendType::Bucket, "seed {seed}");
            }
        }
        if let Some(status) = &f.status {
            let types: BTreeSet<&str> =
                status.conditions.iter().map(|c| c.type_.as_str()).collect();
            assert_eq!(
                types.len(),
                status.conditions.len(),
                "seed {seed}: condition types repeat"
            );
        }
    }
}
