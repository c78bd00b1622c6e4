//! `StringMap`: the string-to-string map of ObjectMeta's labels and annotations, held as one
//! text buffer and one table of offsets.
//!
//! A `BTreeMap<String, String>` costs a node allocation plus two string allocations per
//! entry, and as many frees when it is dropped. Labels and annotations are small, read far
//! more often than written, and sit in every cached object and every conversion, so this map
//! keeps all its keys and values in one `String` (sorted by key) and their end offsets in one
//! table: two allocations whatever the number of entries, about the size of the map's JSON,
//! and one when the map has one or two entries (most labels and annotations), whose offsets
//! fit where a `Vec`'s pointer and length would be. Reads are a binary search; an insert or
//! remove in the middle moves the entries after it, which for maps of this size is cheaper
//! than a tree's allocations.

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::collections::BTreeMap;
use std::fmt;

/// A sorted map of strings to strings in at most two allocations; JSON is an object, protobuf the
/// map entries Kubernetes writes (sorted by key).
///
/// ```
/// use kapi::meta::StringMap;
/// let mut labels = StringMap::from([("app", "web"), ("tier", "frontend")]);
/// labels.insert("app".into(), "api".into());
/// assert_eq!(labels.get("app"), Some("api"));
/// assert_eq!(labels.iter().collect::<Vec<_>>(), [("app", "api"), ("tier", "frontend")]);
/// ```
///
/// # Panics
///
/// Offsets are 32-bit: a map whose keys and values together exceed 4 GiB panics on insert,
/// as a `Vec` does when its capacity overflows.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct StringMap {
    /// Each entry's key then its value, entries sorted by key.
    text: String,
    /// For entry `i`, `ends[2 * i]` is where its key ends and `ends[2 * i + 1]` where its
    /// value ends (the key starts where the previous value ends).
    ends: Ends,
}

impl StringMap {
    pub const fn new() -> Self {
        StringMap {
            text: String::new(),
            ends: Ends::new_const(),
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.ends.len() / 2
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    #[inline]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.find(key).ok().map(|i| self.value_at(i))
    }

    #[inline]
    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Sets `key` to `value`; the value it replaces, if any.
    pub fn insert(&mut self, key: String, value: String) -> Option<String> {
        // Entries usually arrive sorted (JSON from a server, protobuf always): append.
        if self.last_key().is_none_or(|last| last < key.as_str()) {
            self.text.push_str(&key);
            self.ends.push(offset(self.text.len()));
            self.text.push_str(&value);
            self.ends.push(offset(self.text.len()));
            return None;
        }
        match self.find(&key) {
            Ok(i) => {
                let (start, end) = self.value_range(i);
                let old = self.text[start..end].to_owned();
                self.text.replace_range(start..end, &value);
                self.shift(2 * i + 1, value.len() as i64 - old.len() as i64);
                Some(old)
            }
            Err(i) => {
                let at = self.entry_start(i);
                self.text.insert_str(at, &value);
                self.text.insert_str(at, &key);
                self.shift(2 * i, (key.len() + value.len()) as i64);
                let key_end = offset(at + key.len());
                let value_end = offset(at + key.len() + value.len());
                self.ends.insert_many(2 * i, [key_end, value_end]);
                None
            }
        }
    }

    /// Removes `key`; its value, if it was there.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        let i = self.find(key).ok()?;
        let start = self.entry_start(i);
        let (value_start, end) = self.value_range(i);
        let value = self.text[value_start..end].to_owned();
        self.text.replace_range(start..end, "");
        self.ends.drain(2 * i..2 * i + 2);
        self.shift(2 * i, -((end - start) as i64));
        Some(value)
    }

    /// Keeps only the entries `keep` returns true for.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &str) -> bool) {
        if self.iter().all(|(k, v)| keep(k, v)) {
            return;
        }
        *self = self
            .iter()
            .filter(|(k, v)| keep(k, v))
            .collect::<Builder>()
            .finish();
    }

    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }

    /// Entries in key order.
    #[inline]
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            map: self,
            front: 0,
            front_start: 0,
            back: self.len(),
        }
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.iter().map(|(_, v)| v)
    }

    /// The keys' and values' bytes together: what the entries cost beyond their offsets.
    pub fn text_len(&self) -> usize {
        self.text.len()
    }

    /// The map as a `BTreeMap`, for code that wants one.
    pub fn to_btree_map(&self) -> BTreeMap<String, String> {
        self.iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect()
    }

    #[inline]
    fn find(&self, key: &str) -> Result<usize, usize> {
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let mid = low + (high - low) / 2;
            match self.key_at(mid).cmp(key) {
                std::cmp::Ordering::Less => low = mid + 1,
                std::cmp::Ordering::Greater => high = mid,
                std::cmp::Ordering::Equal => return Ok(mid),
            }
        }
        Err(low)
    }

    #[inline]
    fn entry_start(&self, i: usize) -> usize {
        match i {
            0 => 0,
            _ => self
                .ends
                .get(2 * i - 1)
                .map_or(self.text.len(), |&e| e as usize),
        }
    }

    #[inline]
    fn key_at(&self, i: usize) -> &str {
        &self.text[self.entry_start(i)..self.ends[2 * i] as usize]
    }

    #[inline]
    fn value_range(&self, i: usize) -> (usize, usize) {
        (self.ends[2 * i] as usize, self.ends[2 * i + 1] as usize)
    }

    #[inline]
    fn value_at(&self, i: usize) -> &str {
        let (start, end) = self.value_range(i);
        &self.text[start..end]
    }

    #[inline]
    fn last_key(&self) -> Option<&str> {
        self.len().checked_sub(1).map(|i| self.key_at(i))
    }

    /// Moves every offset from index `from` on by `delta` bytes.
    fn shift(&mut self, from: usize, delta: i64) {
        for end in &mut self.ends[from..] {
            *end = offset((i64::from(*end) + delta) as usize);
        }
    }
}

/// The offsets of a map's entries: two per entry, the first two entries' kept inline. With
/// smallvec's `union` layout this is as large as a `Vec<u32>`, so a map of one or two entries
/// saves an allocation and its free (a conversion, a decode, a cached object) for nothing.
type Ends = SmallVec<[u32; 4]>;

fn offset(at: usize) -> u32 {
    u32::try_from(at).expect("a StringMap holds at most 4 GiB of text")
}

/// Collects entries in any order into a map: appended as they come, sorted once at the end
/// (the last of equal keys wins, as in a `BTreeMap` built by inserting in order). Decoding
/// goes through here, so unsorted input costs one sort, never a move per entry.
#[derive(Default)]
struct Builder {
    map: StringMap,
    sorted: bool,
}

impl Builder {
    fn push(&mut self, key: &str, value: &str) {
        if self.map.last_key().is_some_and(|last| last >= key) {
            self.sorted = false;
        }
        self.map.text.push_str(key);
        self.map.ends.push(offset(self.map.text.len()));
        self.map.text.push_str(value);
        self.map.ends.push(offset(self.map.text.len()));
    }

    fn finish(self) -> StringMap {
        self.finish_exact().0
    }

    /// The map, sorted, in allocations of exactly its size, and the buffers it was built
    /// in (for the next map a decode builds).
    fn finish_exact(self) -> (StringMap, StringMap) {
        let built = self.map;
        if self.sorted {
            let exact = StringMap {
                text: built.text.as_str().to_owned(),
                ends: Ends::from_slice(&built.ends),
            };
            return (exact, built);
        }
        let mut order: Vec<usize> = (0..built.len()).collect();
        // Stable, then the last of each run of equal keys is the one inserted last.
        order.sort_by(|&a, &b| built.key_at(a).cmp(built.key_at(b)));
        let mut sorted = Builder {
            map: StringMap {
                text: String::with_capacity(built.text.len()),
                ends: Ends::with_capacity(built.ends.len()),
            },
            sorted: true,
        };
        for (n, &i) in order.iter().enumerate() {
            let superseded = order
                .get(n + 1)
                .is_some_and(|&next| built.key_at(next) == built.key_at(i));
            if !superseded {
                sorted.push(built.key_at(i), built.value_at(i));
            }
        }
        let mut map = sorted.map;
        // Equal keys dropped leave room over.
        map.text.shrink_to_fit();
        map.ends.shrink_to_fit();
        (map, built)
    }
}

impl<K: AsRef<str>, V: AsRef<str>> FromIterator<(K, V)> for Builder {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(entries: I) -> Self {
        let mut builder = Builder {
            map: StringMap::new(),
            sorted: true,
        };
        for (k, v) in entries {
            builder.push(k.as_ref(), v.as_ref());
        }
        builder
    }
}

/// The entries of a [`StringMap`] in key order.
#[derive(Clone)]
pub struct Iter<'a> {
    map: &'a StringMap,
    front: usize,
    /// Where entry `front` starts in the text: walking forward needs no lookup of it.
    front_start: usize,
    back: usize,
}

impl<'a> Iter<'a> {
    /// The keys' and values' bytes of the entries not yet visited.
    pub(crate) fn remaining_text_len(&self) -> usize {
        if self.front == self.back {
            return 0;
        }
        self.map.ends[2 * self.back - 1] as usize - self.front_start
    }

    /// The byte lengths of the remaining entries' keys and values, from the offsets alone.
    pub(crate) fn lens(self) -> impl Iterator<Item = (usize, usize)> + 'a {
        let mut start = self.front_start;
        self.map.ends[2 * self.front..2 * self.back]
            .chunks_exact(2)
            .map(move |ends| {
                let (key_end, value_end) = (ends[0] as usize, ends[1] as usize);
                let lens = (key_end - start, value_end - key_end);
                start = value_end;
                lens
            })
    }
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        let ends = &self.map.ends[2 * self.front..2 * self.front + 2];
        let (key_end, value_end) = (ends[0] as usize, ends[1] as usize);
        let text = &self.map.text;
        let entry = (&text[self.front_start..key_end], &text[key_end..value_end]);
        self.front += 1;
        self.front_start = value_end;
        Some(entry)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        Some((self.map.key_at(self.back), self.map.value_at(self.back)))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a StringMap {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl IntoIterator for StringMap {
    type Item = (String, String);
    type IntoIter = std::vec::IntoIter<(String, String)>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect::<Vec<_>>()
            .into_iter()
    }
}

// One `FromIterator` only: generated code collects `(K, V)` pairs whose types are inferred
// from it (`Fuzz`), which a second impl would make ambiguous.
impl FromIterator<(String, String)> for StringMap {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(entries: I) -> Self {
        entries.into_iter().collect::<Builder>().finish()
    }
}

impl<K: AsRef<str>, V: AsRef<str>> Extend<(K, V)> for StringMap {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, entries: I) {
        for (k, v) in entries {
            self.insert(k.as_ref().to_owned(), v.as_ref().to_owned());
        }
    }
}

impl<K: AsRef<str>, V: AsRef<str>, const N: usize> From<[(K, V); N]> for StringMap {
    fn from(entries: [(K, V); N]) -> Self {
        entries.into_iter().collect::<Builder>().finish()
    }
}

impl From<BTreeMap<String, String>> for StringMap {
    fn from(map: BTreeMap<String, String>) -> Self {
        map.iter().collect::<Builder>().finish()
    }
}

impl From<&BTreeMap<String, String>> for StringMap {
    fn from(map: &BTreeMap<String, String>) -> Self {
        map.iter().collect::<Builder>().finish()
    }
}

impl From<StringMap> for BTreeMap<String, String> {
    fn from(map: StringMap) -> Self {
        map.to_btree_map()
    }
}

impl PartialEq<BTreeMap<String, String>> for StringMap {
    fn eq(&self, other: &BTreeMap<String, String>) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .zip(other)
                .all(|((k, v), (ok, ov))| k == ok && v == ov)
    }
}

impl std::ops::Index<&str> for StringMap {
    type Output = str;
    /// The value of `key`; panics when it is absent, as `BTreeMap`'s index does.
    fn index(&self, key: &str) -> &str {
        match self.get(key) {
            Some(v) => v,
            None => panic!("no entry {key:?} in the StringMap"),
        }
    }
}

impl fmt::Debug for StringMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Serialize for StringMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (k, v) in self {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for StringMap {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(StringMapVisitor)
    }
}

struct StringMapVisitor;

impl<'de> Visitor<'de> for StringMapVisitor {
    type Value = StringMap;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map of strings")
    }

    fn visit_map<A: MapAccess<'de>>(self, access: A) -> Result<StringMap, A::Error> {
        // Keys and values are copied straight from the deserializer's buffer into the
        // thread's scratch text, then the map gets one allocation of its exact size: no
        // `String` per key or value, and no trail of outgrown buffers left between the
        // long-lived allocations of a decoded object (a cache decodes thousands in a row).
        let mut scratch = SCRATCH.take().unwrap_or_default();
        scratch.map.text.clear();
        scratch.map.ends.clear();
        scratch.key.clear();
        let mut builder = Builder {
            map: std::mem::take(&mut scratch.map),
            sorted: true,
        };
        let (decoded, spent) = match decode_entries(access, &mut builder, &mut scratch.key) {
            Ok(()) => {
                let (map, spent) = builder.finish_exact();
                (Ok(map), spent)
            }
            Err(e) => (Err(e), builder.map),
        };
        // A huge map's buffers are not kept for the thread's lifetime.
        if spent.text.capacity() <= super::DECODE_SCRATCH_LIMIT {
            scratch.map = spent;
            SCRATCH.set(Some(scratch));
        }
        decoded
    }
}

#[derive(Default)]
struct Scratch {
    map: StringMap,
    key: String,
}

thread_local! {
    static SCRATCH: std::cell::Cell<Option<Scratch>> = const { std::cell::Cell::new(None) };
}

/// Appends every entry of `access` to `builder`.
fn decode_entries<'de, A: MapAccess<'de>>(
    mut access: A,
    builder: &mut Builder,
    key: &mut String,
) -> Result<(), A::Error> {
    // A tracked decode (`codec::track`) puts each key on the path of a bad value.
    let tracking = crate::codec::track::active();
    let depth = if tracking {
        crate::codec::track::depth()
    } else {
        0
    };
    while access.next_key_seed(AppendStr(key))?.is_some() {
        let text_len = builder.map.text.len();
        if text_len.saturating_add(key.len()) > u32::MAX as usize {
            return Err(de::Error::custom("a string map larger than 4 GiB"));
        }
        builder.map.text.push_str(key);
        let key_end = builder.map.text.len();
        if tracking {
            crate::codec::track::push_key(key);
        }
        access.next_value_seed(AppendStr(&mut builder.map.text))?;
        if tracking {
            crate::codec::track::truncate(depth);
        }
        let Ok(value_end) = u32::try_from(builder.map.text.len()) else {
            return Err(de::Error::custom("a string map larger than 4 GiB"));
        };
        if builder
            .map
            .last_key()
            .is_some_and(|last| last >= key.as_str())
        {
            builder.sorted = false;
        }
        builder.map.ends.push(offset(key_end));
        builder.map.ends.push(value_end);
        key.clear();
    }
    Ok(())
}

/// Deserializes a string by appending it to a buffer.
struct AppendStr<'a>(&'a mut String);

impl<'de> de::DeserializeSeed<'de> for AppendStr<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for AppendStr<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.0.push_str(v);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn btree(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn behaves_as_a_btree_map_under_any_edits() {
        let mut map = StringMap::new();
        let mut model = BTreeMap::new();
        // A fixed pseudo-random walk of inserts, replacements and removes.
        let mut x: u32 = 7;
        for _ in 0..2_000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let key = format!("k{}", (x >> 8) % 37);
            let value = "v".repeat(((x >> 16) % 5) as usize);
            if (x >> 4) % 3 == 0 {
                assert_eq!(map.remove(&key), model.remove(&key));
            } else {
                assert_eq!(
                    map.insert(key.clone(), value.clone()),
                    model.insert(key, value)
                );
            }
            assert_eq!(map, model);
            assert_eq!(map.len(), model.len());
        }
        for (k, v) in &model {
            assert_eq!(map.get(k), Some(v.as_str()));
        }
        assert_eq!(map.get("absent"), None);
        assert_eq!(map.iter().rev().count(), model.len());
    }

    #[test]
    fn decodes_in_a_row_reuse_nothing_but_the_scratch() {
        // A big map, a decode that fails half way, then small ones, on one thread: each
        // comes out whole, sorted and in exactly its size, whatever the buffers held.
        let big: String = (0..200)
            .map(|i| format!(r#""k{i:03}":"{}""#, "v".repeat(i % 7)))
            .collect::<Vec<_>>()
            .join(",");
        let big: StringMap = serde_json::from_str(&format!("{{{big}}}")).expect("big");
        assert_eq!(big.len(), 200);
        assert_eq!(big.get("k199"), Some("vvv")); // 199 % 7 = 3
        assert!(serde_json::from_str::<StringMap>(r#"{"a":"1","b":2}"#).is_err());
        for text in [r#"{"b":"2","a":"1"}"#, r#"{"a":"1","b":"2"}"#] {
            let small: StringMap = serde_json::from_str(text).expect("small");
            assert_eq!(small.iter().collect::<Vec<_>>(), [("a", "1"), ("b", "2")]);
            assert_eq!(small.text.capacity(), small.text.len());
        }
        assert_eq!(big.text.capacity(), big.text.len());
        assert_eq!(big.ends.len(), 400);
        assert_eq!(big.ends.capacity(), 400);
    }

    #[test]
    fn inline_offsets_cost_no_size_and_spill_past_two_entries() {
        // The inline offsets must not make every ObjectMeta larger.
        assert_eq!(
            std::mem::size_of::<StringMap>(),
            std::mem::size_of::<String>() + std::mem::size_of::<Vec<u32>>()
        );
        let mut map = StringMap::from([("app", "web"), ("tier", "api")]);
        assert!(!map.ends.spilled(), "two entries keep their offsets inline");
        map.insert("zone".into(), "a".into());
        assert!(map.ends.spilled());
        assert_eq!(
            map,
            btree(&[("app", "web"), ("tier", "api"), ("zone", "a")])
        );
        // Decoding shrinks what it built: a decoded map of two entries is inline again.
        let decoded: StringMap = serde_json::from_str(r#"{"b":"2","a":"1","a":"3"}"#).unwrap();
        assert!(!decoded.ends.spilled());
        assert_eq!(decoded, btree(&[("a", "3"), ("b", "2")]));
    }

    #[test]
    fn json_is_an_object_and_the_last_duplicate_wins() {
        let map: StringMap =
            serde_json::from_str(r#"{"b":"2","a":"1","c":"\u00e9","a":"3"}"#).unwrap();
        assert_eq!(map, btree(&[("a", "3"), ("b", "2"), ("c", "é")]));
        assert_eq!(
            serde_json::to_string(&map).unwrap(),
            r#"{"a":"3","b":"2","c":"é"}"#
        );
        assert!(serde_json::from_str::<StringMap>(r#"{"a":1}"#).is_err());
        assert!(serde_json::from_str::<StringMap>("[]").is_err());
        let empty: StringMap = serde_json::from_str("{}").unwrap();
        assert!(empty.is_empty());
    }

    #[test]
    fn conversions_and_retain() {
        let mut map = StringMap::from([("b", "2"), ("a", "1"), ("c", "3")]);
        assert_eq!(
            BTreeMap::from(map.clone()),
            btree(&[("a", "1"), ("b", "2"), ("c", "3")])
        );
        map.retain(|k, _| k != "b");
        assert_eq!(map, btree(&[("a", "1"), ("c", "3")]));
        assert_eq!(&map["c"], "3");
        assert_eq!(format!("{map:?}"), r#"{"a": "1", "c": "3"}"#);
        let owned: Vec<(String, String)> = map.into_iter().collect();
        assert_eq!(owned.len(), 2);
    }
}
