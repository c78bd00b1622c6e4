//! Finds keys repeated within one JSON object, anywhere in a document. The typed decoder
//! keeps the last value (as kube-apiserver's lenient decoder does), so strict mode looks for
//! repeats in a separate pass over the raw input.

use super::path::FieldPath;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::collections::HashSet;
use std::fmt;

/// Paths of every repeated key in `input`, in document order.
pub(crate) fn find<'de, D: Deserializer<'de>>(input: D) -> Result<Vec<String>, D::Error> {
    let mut found = Vec::new();
    Scan {
        path: FieldPath::default(),
        found: &mut found,
        depth: 0,
    }
    .deserialize(input)?;
    Ok(found)
}

/// Deeper documents are rejected by serde_json's own recursion limit (128) before this.
const MAX_DEPTH: usize = 256;

struct Scan<'a> {
    path: FieldPath,
    found: &'a mut Vec<String>,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for Scan<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Scan<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        if self.depth >= MAX_DEPTH {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            return Ok(());
        }
        let mut seen: HashSet<String> = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = self.path.key(&key);
            if !seen.insert(key) {
                self.found.push(path.as_str().to_string());
            }
            map.next_value_seed(Scan {
                path,
                found: self.found,
                depth: self.depth + 1,
            })?;
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0;
        loop {
            let seed = Scan {
                path: self.path.index(i),
                found: &mut *self.found,
                depth: self.depth + 1,
            };
            if seq.next_element_seed(seed)?.is_none() {
                return Ok(());
            }
            i += 1;
        }
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_none<E>(self) -> Result<(), E> {
        Ok(())
    }
}
