//! The round-trip checks themselves: they pass on a lossless conversion and report the seed
//! and both forms on a lossy one.

use kapi::conversion::{ConversionError, Versioned};
use kapi::ApiType;

#[derive(ApiType, Debug, PartialEq)]
pub struct Hub {
    #[k8s(optional)]
    pub names: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Lossless {
    #[k8s(optional)]
    pub names: Vec<String>,
}

/// Keeps only the first name: loses information on the way to the hub.
#[derive(ApiType, Debug, PartialEq)]
pub struct Lossy {
    #[k8s(optional)]
    pub names: Vec<String>,
}

impl Versioned for Lossless {
    type Internal = Hub;
    fn to_internal(self) -> Result<Hub, ConversionError> {
        Ok(Hub { names: self.names })
    }
    fn from_internal(h: Hub) -> Result<Self, ConversionError> {
        Ok(Lossless { names: h.names })
    }
}

impl Versioned for Lossy {
    type Internal = Hub;
    fn to_internal(self) -> Result<Hub, ConversionError> {
        Ok(Hub {
            names: self.names.into_iter().take(1).collect(),
        })
    }
    fn from_internal(h: Hub) -> Result<Self, ConversionError> {
        Ok(Lossy { names: h.names })
    }
}

#[test]
fn lossless_conversions_pass() {
    for seed in 0..50 {
        kapi::round_trip::json::<Lossless>(seed).unwrap();
        kapi::round_trip::versioned_through_hub::<Lossless>(seed).unwrap();
        kapi::round_trip::internal_through_version::<Lossless>(seed).unwrap();
    }
}

#[test]
fn lossy_conversions_are_caught_with_their_seed() {
    let failure = (0..50)
        .find_map(|seed| kapi::round_trip::versioned_through_hub::<Lossy>(seed).err())
        .expect("some random object has two names");
    assert_eq!(failure.check, "version → internal → version");
    assert!(failure
        .to_string()
        .contains(&format!("seed {}", failure.seed)));
    assert_ne!(failure.before, failure.after);
    assert!((0..50).any(|seed| kapi::round_trip::internal_through_version::<Lossy>(seed).is_err()));
}
