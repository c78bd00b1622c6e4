//! Random values of API types, for round-trip tests (Kubernetes' gofuzz plus its fuzzer funcs).
//!
//! `#[derive(ApiType)]` implements [`Fuzz`] for every type from its model: each field gets a
//! value within its markers (bounds, lengths, formats, unique list items and list-map keys,
//! at most one union member), optional fields are sometimes left unset, and the type's
//! [`FuzzHook`] runs last. Every value this module makes survives a JSON encode and decode
//! unchanged, so a failing `decode(encode(x)) == x` points at a codec or conversion bug, never
//! at the fuzzer.
//!
//! ```
//! let meta: kapi::meta::ObjectMeta = kapi::fuzz::fuzz(7);
//! let json = serde_json::to_vec(&meta).unwrap();
//! assert_eq!(kapi::codec::json::from_slice::<kapi::meta::ObjectMeta>(&json).unwrap(), meta);
//! ```

use crate::meta::{
    ByteString, Duration, FieldsV1, IntOrString, MicroTime, ObjectMeta, Quantity, RawExtension,
    Time, Verbs,
};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

/// A type whose random values the [`Fuzzer`] can make. Derived for every `ApiType`.
pub trait Fuzz: Sized {
    fn fuzz(f: &mut Fuzzer) -> Self;
}

/// Hand-written fix-ups for a type's random values (gofuzz's custom funcs), run after the
/// derived code filled every field. Implement it anywhere in the crate; no registration.
pub trait FuzzHook {
    fn fuzz_hook(&mut self, f: &mut Fuzzer);
}

/// A random `T` from `seed`, with the default knobs.
pub fn fuzz<T: Fuzz>(seed: u64) -> T {
    T::fuzz(&mut Fuzzer::new(seed))
}

/// The JSON values of `keys` in `item`, the identity of a list-map item. `None` if the item
/// does not serialize (its keys cannot be compared then).
pub fn list_map_key<T: Serialize>(item: &T, keys: &[&str]) -> Option<Vec<Value>> {
    let value = crate::codec::json::to_value(item).ok()?;
    Some(
        keys.iter()
            .map(|k| value.get(*k).cloned().unwrap_or(Value::Null))
            .collect(),
    )
}

/// The source of random values: a seeded generator (the same seed gives the same values)
/// and the knobs that keep values small and recursion finite.
#[derive(Debug, Clone)]
pub struct Fuzzer {
    rng: fastrand::Rng,
    unset_probability: f64,
    unknown_value_probability: f64,
    max_len: usize,
    max_string_len: usize,
    max_depth: usize,
    max_objects: usize,
    depth: usize,
    objects: usize,
}

/// Characters mixed into unconstrained strings: JSON escapes, multi-byte UTF-8 and the HTML
/// characters Go escapes, so the codecs see more than alphanumerics.
const SPECIAL_CHARS: &[char] = &[
    ' ', '-', '_', '.', '/', ':', '"', '\\', '\n', '\t', '\u{0}', '\u{7f}', '<', '>', '&', 'é',
    'ß', '日', '本', '☃', '😀', '\u{2028}',
];

const LOWER_ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// Numbers without a bound stay in this window: JSON consumers other than serde (JavaScript,
/// YAML tools) lose precision on large floats.
const FLOAT_WINDOW: f64 = 1.0e6;

impl Fuzzer {
    /// A fuzzer with the default knobs: optional fields unset one time in five, enum values
    /// outside the known set one time in ten, collections
    /// of at most 3 items, strings of at most 12 characters unless a marker asks for more,
    /// nesting depth at most 8 and at most 1000 struct values per top-level value.
    pub fn new(seed: u64) -> Fuzzer {
        Fuzzer {
            rng: fastrand::Rng::with_seed(seed),
            unset_probability: 0.2,
            unknown_value_probability: 0.1,
            max_len: 3,
            max_string_len: 12,
            max_depth: 8,
            max_objects: 1000,
            depth: 0,
            objects: 0,
        }
    }

    /// A fuzzer for fixtures (k8s.io/api's fully populated objects): every optional value
    /// is set where the depth allows and enums stay within their known values.
    pub fn full(seed: u64) -> Fuzzer {
        Fuzzer::new(seed)
            .with_unset_probability(0.0)
            .with_unknown_value_probability(0.0)
    }

    /// How often an optional field is left unset (None, empty) at shallow depth.
    pub fn with_unset_probability(mut self, p: f64) -> Self {
        self.unset_probability = p.clamp(0.0, 1.0);
        self
    }

    /// How often an enum gets a value outside its known set (what a newer server may send).
    pub fn with_unknown_value_probability(mut self, p: f64) -> Self {
        self.unknown_value_probability = p.clamp(0.0, 1.0);
        self
    }

    /// The most items in a list or map (a `min_items` marker can ask for more).
    pub fn with_max_len(mut self, n: usize) -> Self {
        self.max_len = n;
        self
    }

    /// The longest string made without a marker that asks for more.
    pub fn with_max_string_len(mut self, n: usize) -> Self {
        self.max_string_len = n;
        self
    }

    /// The deepest struct nesting that still gets optional values. From half this depth on,
    /// optional values get rarer; at it, Options are None and collections empty, which is
    /// what ends recursive types.
    pub fn with_max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth.max(1);
        self
    }

    /// How many struct values one top-level value may hold before everything optional is
    /// left unset: wide recursive types (JSON-schema-like) stay small even within the depth.
    pub fn with_max_objects(mut self, n: usize) -> Self {
        self.max_objects = n;
        self
    }

    /// The generator itself, for hooks that need other kinds of values.
    pub fn rng(&mut self) -> &mut fastrand::Rng {
        &mut self.rng
    }

    /// How many struct values enclose the one being filled.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Whether optional values must stay unset here to keep the value finite.
    pub fn too_deep(&self) -> bool {
        self.depth >= self.max_depth || self.objects >= self.max_objects
    }

    /// Called by derived code when it starts filling a struct.
    pub fn enter(&mut self) {
        self.depth += 1;
        self.objects += 1;
    }

    /// Called by derived code when a struct is filled; the object budget is per top-level
    /// value.
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        if self.depth == 0 {
            self.objects = 0;
        }
    }

    /// Whether to set an optional value. Never when too deep; rarer past half the depth.
    pub fn should_set(&mut self) -> bool {
        if self.too_deep() {
            return false;
        }
        let mut p = 1.0 - self.unset_probability;
        let half = self.max_depth / 2;
        if self.depth > half {
            p *= (self.max_depth - self.depth) as f64 / (self.max_depth - half) as f64;
        }
        self.rng.f64() < p
    }

    pub fn bool(&mut self) -> bool {
        self.rng.bool()
    }

    /// A uniform index below `n`; 0 when `n` is 0.
    pub fn index(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.rng.usize(..n)
        }
    }

    /// Sometimes (see `with_unknown_value_probability`, and always when there is no known
    /// value) a CamelCase string outside `known`, for an enum's `Other`.
    pub fn unknown_value(&mut self, known: &[&str]) -> Option<String> {
        if !known.is_empty() && self.rng.f64() >= self.unknown_value_probability {
            return None;
        }
        let mut value = String::from("Unknown");
        loop {
            value.push(char::from(ALNUM[self.rng.usize(..ALNUM.len())]));
            if !known.contains(&value.as_str()) {
                return Some(value);
            }
        }
    }

    /// One of `items`, each equally likely; `None` if there are none.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.index(items.len()))
        }
    }

    /// The length of a collection: within `min..=max`, at most the knob unless `min` asks
    /// for more, and 0 when too deep.
    pub fn collection_len(&mut self, min: usize, max: Option<usize>) -> usize {
        if self.too_deep() {
            return 0;
        }
        let max = max.unwrap_or(usize::MAX);
        let min = min.min(max);
        let hi = max.min(self.max_len.max(min));
        self.rng.usize(min..=hi)
    }

    /// An integer in `min..=max` (clamped to `T`): often a bound, zero or a small number,
    /// otherwise uniform. An empty range gives `min` clamped to `T`.
    pub fn int_in<T: FuzzInt>(&mut self, min: i128, max: i128) -> T {
        let lo = min.clamp(T::MIN, T::MAX);
        let hi = max.clamp(T::MIN, T::MAX);
        if lo >= hi {
            return T::from_i128(lo);
        }
        let v = match self.rng.u8(..10) {
            0 => lo,
            1 => hi,
            2 => 0i128.clamp(lo, hi),
            3..=5 => self
                .rng
                .i128((-100i128).clamp(lo, hi)..=100i128.clamp(lo, hi)),
            _ => self.rng.i128(lo..=hi),
        };
        T::from_i128(v)
    }

    /// A float in `min..=max` (bounds exclusive as asked) on a grid whose values JSON carries
    /// exactly (thousandths for f64, sixteenths for f32). An unbounded side reaches a million
    /// past the other bound or zero. If no grid value fits, the lower bound.
    pub fn float_in<T: FuzzFloat>(
        &mut self,
        min: f64,
        max: f64,
        exclusive_min: bool,
        exclusive_max: bool,
    ) -> T {
        let (min, max) = match (min.is_finite(), max.is_finite()) {
            (true, true) => (min, max),
            (true, false) => (min, min.max(0.0) + FLOAT_WINDOW),
            (false, true) => (max.min(0.0) - FLOAT_WINDOW, max),
            (false, false) => (-FLOAT_WINDOW, FLOAT_WINDOW),
        };
        let scale = T::GRID;
        let inside = |m: i64| {
            let v = m as f64 / scale;
            (if exclusive_min { v > min } else { v >= min })
                && (if exclusive_max { v < max } else { v <= max })
        };
        // `min * scale` rounds, so the first grid index may still sit a step outside.
        let mut lo = (min * scale).ceil() as i64;
        for _ in 0..2 {
            if !inside(lo) && (lo as f64 / scale) <= min {
                lo = lo.saturating_add(1);
            }
        }
        let mut hi = (max * scale).floor() as i64;
        for _ in 0..2 {
            if !inside(hi) && (hi as f64 / scale) >= max {
                hi = hi.saturating_sub(1);
            }
        }
        if lo > hi || !inside(lo) || !inside(hi) {
            return T::from_f64(min);
        }
        let small = (-10.0 * scale) as i64;
        let m = match self.rng.u8(..10) {
            0 => lo,
            1 => hi,
            2 => 0i64.clamp(lo, hi),
            3..=5 => self.rng.i64(small.clamp(lo, hi)..=(-small).clamp(lo, hi)),
            _ => self.rng.i64(lo..=hi),
        };
        T::from_f64(m as f64 / scale)
    }

    /// A string of `min_len..=max_len` bytes. Without a maximum it mixes in punctuation,
    /// escapes and multi-byte characters; with one it is ASCII alphanumeric, so byte and
    /// character counts agree.
    pub fn string(&mut self, min_len: usize, max_len: Option<usize>) -> String {
        let n = self.string_len(min_len, max_len, self.max_string_len);
        if max_len.is_some() {
            return self.alphabet_string(n, ALNUM);
        }
        (0..n)
            .map(|_| {
                if self.rng.u8(..8) == 0 {
                    SPECIAL_CHARS[self.rng.usize(..SPECIAL_CHARS.len())]
                } else {
                    char::from(ALNUM[self.rng.usize(..ALNUM.len())])
                }
            })
            .collect()
    }

    /// A valid string of an OpenAPI / Kubernetes `format`, within the lengths where the format
    /// allows (fixed-shape formats such as `uuid` ignore them). Known: `dns1123-label`
    /// (`k8s-short-name`), `dns1123-subdomain` (`k8s-long-name`, `hostname`),
    /// `qualified-name`, `label-value`, `uuid` (`uuid4`), `date-time`, `date`, `duration`,
    /// `int-or-string`, `quantity`, `byte`, `ipv4`, `ipv6`, `cidr`, `mac`, `email`, `uri`;
    /// any other format gives a short alphanumeric string.
    pub fn formatted(&mut self, format: &str, min_len: usize, max_len: Option<usize>) -> String {
        match format {
            "dns1123-label" | "k8s-short-name" => {
                let n = self.string_len(min_len.max(1), Some(bounded(max_len, 63)), 16);
                self.dns_label(n)
            }
            "dns1123-subdomain" | "k8s-long-name" | "hostname" => {
                let n = self.string_len(min_len.max(1), Some(bounded(max_len, 253)), 24);
                self.dns_subdomain(n)
            }
            "qualified-name" => self.qualified_name(min_len, max_len),
            "label-value" => {
                let n = self.string_len(min_len, Some(bounded(max_len, 63)), 16);
                self.name_part(n)
            }
            "uuid" | "uuid4" => self.uuid(),
            "date-time" => Time::fuzz(self).to_string(),
            "date" => {
                let t = Time::fuzz(self).to_string();
                t.get(..10).unwrap_or(&t).to_string()
            }
            "duration" => Duration::fuzz(self).to_string(),
            "int-or-string" => match IntOrString::fuzz(self) {
                IntOrString::Int(i) => i.to_string(),
                IntOrString::String(s) => s,
            },
            "quantity" => Quantity::fuzz(self).to_string(),
            "byte" => ByteString::fuzz(self).to_base64(),
            "ipv4" => self.ipv4(),
            "ipv6" => (0..8)
                .map(|_| format!("{:x}", self.rng.u16(..)))
                .collect::<Vec<_>>()
                .join(":"),
            "cidr" => {
                let ip = self.ipv4();
                format!("{ip}/{}", self.rng.u8(0..=32))
            }
            "mac" => (0..6)
                .map(|_| format!("{:02x}", self.rng.u8(..)))
                .collect::<Vec<_>>()
                .join(":"),
            "email" => {
                let user = self.dns_label(6);
                let domain = self.dns_subdomain(12);
                format!("{user}@{domain}")
            }
            "uri" => {
                let host = self.dns_subdomain(12);
                let path = self.dns_label(6);
                format!("https://{host}/{path}")
            }
            _ => self.string(min_len, Some(max_len.unwrap_or(usize::MAX))),
        }
    }

    /// `Some` of a value when an optional value should be set.
    pub fn option<T>(&mut self, item: impl FnOnce(&mut Fuzzer) -> T) -> Option<T> {
        if self.should_set() {
            Some(item(self))
        } else {
            None
        }
    }

    /// A list of `min..=max` items (see [`Fuzzer::collection_len`]).
    pub fn vec<T>(
        &mut self,
        min: usize,
        max: Option<usize>,
        mut item: impl FnMut(&mut Fuzzer) -> T,
    ) -> Vec<T> {
        let n = self.collection_len(min, max);
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(item(self));
        }
        out
    }

    /// A `list_type = "set"` list: no two items serialize alike. Duplicates are drawn again
    /// a few times, so an item type with few values can give fewer than `min`.
    pub fn list_set<T: Serialize>(
        &mut self,
        min: usize,
        max: Option<usize>,
        item: impl FnMut(&mut Fuzzer) -> T,
    ) -> Vec<T> {
        self.unique_by(min, max, item, |v| crate::codec::json::to_value(v).ok())
    }

    /// A `list_type = "map"` list: no two items share the JSON values of `keys`.
    pub fn list_map<T: Serialize>(
        &mut self,
        min: usize,
        max: Option<usize>,
        keys: &[&str],
        item: impl FnMut(&mut Fuzzer) -> T,
    ) -> Vec<T> {
        self.unique_by(min, max, item, |v| list_map_key(v, keys))
    }

    fn unique_by<T, K: PartialEq>(
        &mut self,
        min: usize,
        max: Option<usize>,
        mut item: impl FnMut(&mut Fuzzer) -> T,
        key: impl Fn(&T) -> Option<K>,
    ) -> Vec<T> {
        let n = self.collection_len(min, max);
        let mut out: Vec<T> = Vec::with_capacity(n);
        let mut seen: Vec<K> = Vec::with_capacity(n);
        let mut attempts = 0;
        while out.len() < n && attempts < n * 10 {
            attempts += 1;
            let v = item(self);
            match key(&v) {
                Some(k) if seen.contains(&k) => continue,
                Some(k) => seen.push(k),
                // Not comparable: drop it rather than risk a duplicate.
                None => continue,
            }
            out.push(v);
        }
        out
    }

    /// A map of up to `min..=max` entries (fewer if keys repeat).
    pub fn map<M, K, V>(
        &mut self,
        min: usize,
        max: Option<usize>,
        mut key: impl FnMut(&mut Fuzzer) -> K,
        mut value: impl FnMut(&mut Fuzzer) -> V,
    ) -> M
    where
        M: FromIterator<(K, V)>,
    {
        let n = self.collection_len(min, max);
        let mut entries = Vec::with_capacity(n);
        for _ in 0..n {
            let k = key(self);
            let v = value(self);
            entries.push((k, v));
        }
        entries.into_iter().collect()
    }

    /// Which of a union's `members` to set, if any.
    pub fn union_member(&mut self, members: usize) -> Option<usize> {
        if members == 0 || !self.should_set() {
            return None;
        }
        Some(self.index(members))
    }

    /// A small random JSON value; never `null` at the top, since an optional field holding
    /// `null` decodes as unset.
    pub fn json(&mut self) -> Value {
        self.json_at(0)
    }

    fn json_at(&mut self, level: usize) -> Value {
        let leaf_only = level >= 2 || self.too_deep();
        let choice = if leaf_only {
            self.rng.u8(2..8)
        } else {
            self.rng.u8(..8)
        };
        match choice {
            0 => Value::Object(
                (0..self.collection_len(0, None))
                    .map(|_| (self.string(0, None), self.json_at(level + 1)))
                    .collect(),
            ),
            1 => Value::Array(
                (0..self.collection_len(0, None))
                    .map(|_| self.json_at(level + 1))
                    .collect(),
            ),
            2 | 3 => Value::String(self.string(0, None)),
            4 => Value::from(self.int_in::<i64>(i64::MIN.into(), i64::MAX.into())),
            5 => {
                let x: f64 = self.float_in(f64::NEG_INFINITY, f64::INFINITY, false, false);
                serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
            }
            6 => Value::Bool(self.rng.bool()),
            _ if level == 0 => Value::Bool(self.rng.bool()),
            _ => Value::Null,
        }
    }

    fn string_len(&mut self, min: usize, max: Option<usize>, natural: usize) -> usize {
        let max = max.unwrap_or(usize::MAX);
        let min = min.min(max);
        self.rng.usize(min..=max.min(natural.max(min)))
    }

    fn alphabet_string(&mut self, n: usize, alphabet: &[u8]) -> String {
        (0..n)
            .map(|_| char::from(alphabet[self.rng.usize(..alphabet.len())]))
            .collect()
    }

    /// `[a-z0-9]([-a-z0-9]*[a-z0-9])?` of `n` (at least 1) characters.
    fn dns_label(&mut self, n: usize) -> String {
        let n = n.max(1);
        (0..n)
            .map(|i| {
                if i > 0 && i + 1 < n && self.rng.u8(..6) == 0 {
                    '-'
                } else {
                    char::from(LOWER_ALNUM[self.rng.usize(..LOWER_ALNUM.len())])
                }
            })
            .collect()
    }

    /// Dot-separated DNS labels, `n` (at least 1) characters in all.
    fn dns_subdomain(&mut self, n: usize) -> String {
        let mut remaining = n.max(1);
        let mut labels = Vec::new();
        loop {
            // A dot needs a label of at least one character on each side.
            let must_split = remaining > 63;
            if remaining < 3 || (!must_split && self.rng.u8(..3) != 0) {
                labels.push(self.dns_label(remaining));
                break;
            }
            let len = self.rng.usize(1..=(remaining - 2).min(63));
            labels.push(self.dns_label(len));
            remaining -= len + 1;
        }
        labels.join(".")
    }

    /// `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]` of `n` characters (empty when 0).
    fn name_part(&mut self, n: usize) -> String {
        (0..n)
            .map(|i| {
                if i > 0 && i + 1 < n && self.rng.u8(..6) == 0 {
                    char::from(b"-_."[self.rng.usize(..3)])
                } else {
                    char::from(ALNUM[self.rng.usize(..ALNUM.len())])
                }
            })
            .collect()
    }

    /// A label or annotation key: `[prefix/]name`, the prefix a DNS subdomain.
    fn qualified_name(&mut self, min_len: usize, max_len: Option<usize>) -> String {
        let total = self.string_len(min_len.max(1), Some(bounded(max_len, 253 + 1 + 63)), 24);
        let with_prefix = total > 63 || (total >= 3 && self.rng.bool());
        if !with_prefix {
            return self.name_part(total);
        }
        let name_len = self
            .rng
            .usize(total.saturating_sub(1 + 253).max(1)..=(total - 2).min(63));
        let prefix = self.dns_subdomain(total - name_len - 1);
        let name = self.name_part(name_len);
        format!("{prefix}/{name}")
    }

    fn uuid(&mut self) -> String {
        format!(
            "{:08x}-{:04x}-4{:03x}-{:x}{:03x}-{:012x}",
            self.rng.u32(..),
            self.rng.u16(..),
            self.rng.u16(..0x1000),
            self.rng.u8(8..12),
            self.rng.u16(..0x1000),
            self.rng.u64(..1 << 48),
        )
    }

    fn ipv4(&mut self) -> String {
        (0..4)
            .map(|_| self.rng.u8(..).to_string())
            .collect::<Vec<_>>()
            .join(".")
    }
}

/// `max` capped at what a format allows.
fn bounded(max: Option<usize>, format_max: usize) -> usize {
    max.map_or(format_max, |m| m.min(format_max))
}

/// Integer types the fuzzer draws within marker bounds.
pub trait FuzzInt: Copy {
    const MIN: i128;
    const MAX: i128;
    /// `v` clamped into the type.
    fn from_i128(v: i128) -> Self;
}

/// Float types the fuzzer draws on a grid JSON carries exactly.
pub trait FuzzFloat: Copy {
    /// Grid points per unit.
    const GRID: f64;
    fn from_f64(v: f64) -> Self;
}

impl FuzzFloat for f64 {
    // Thousandths: `m / 1000` prints as at most `m`'s digits, and serde_json parses such a
    // short decimal exactly.
    const GRID: f64 = 1000.0;
    fn from_f64(v: f64) -> Self {
        v
    }
}

impl FuzzFloat for f32 {
    // Sixteenths are exact in binary, so neither the f32 printing nor the parse through f64
    // can round them.
    const GRID: f64 = 16.0;
    fn from_f64(v: f64) -> Self {
        v as f32
    }
}

macro_rules! fuzz_ints {
    ($($t:ty),*) => {
        $(
            impl FuzzInt for $t {
                const MIN: i128 = <$t>::MIN as i128;
                const MAX: i128 = <$t>::MAX as i128;
                fn from_i128(v: i128) -> Self {
                    v.clamp(<Self as FuzzInt>::MIN, <Self as FuzzInt>::MAX) as $t
                }
            }

            impl Fuzz for $t {
                fn fuzz(f: &mut Fuzzer) -> Self {
                    f.int_in(<$t as FuzzInt>::MIN, <$t as FuzzInt>::MAX)
                }
            }
        )*
    };
}

fuzz_ints!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl Fuzz for f64 {
    fn fuzz(f: &mut Fuzzer) -> Self {
        f.float_in(f64::NEG_INFINITY, f64::INFINITY, false, false)
    }
}

impl Fuzz for f32 {
    fn fuzz(f: &mut Fuzzer) -> Self {
        f.float_in(f64::NEG_INFINITY, f64::INFINITY, false, false)
    }
}

impl Fuzz for bool {
    fn fuzz(f: &mut Fuzzer) -> Self {
        f.bool()
    }
}

impl Fuzz for String {
    fn fuzz(f: &mut Fuzzer) -> Self {
        f.string(0, None)
    }
}

impl<T: Fuzz> Fuzz for Option<T> {
    fn fuzz(f: &mut Fuzzer) -> Self {
        f.option(T::fuzz)
    }
}

impl<T: Fuzz> Fuzz for Vec<T> {
    fn fuzz(f: &mut Fuzzer) -> Self {
        f.vec(0, None, T::fuzz)
    }
}

impl<T: Fuzz> Fuzz for Box<T> {
    fn fuzz(f: &mut Fuzzer) -> Self {
        Box::new(T::fuzz(f))
    }
}

impl<K: Fuzz + Ord, V: Fuzz> Fuzz for BTreeMap<K, V> {
    fn fuzz(f: &mut Fuzzer) -> Self {
        f.map(0, None, K::fuzz, V::fuzz)
    }
}

impl<K: Fuzz + Eq + Hash, V: Fuzz, S: BuildHasher + Default> Fuzz for HashMap<K, V, S> {
    fn fuzz(f: &mut Fuzzer) -> Self {
        f.map(0, None, K::fuzz, V::fuzz)
    }
}

impl Fuzz for Value {
    fn fuzz(f: &mut Fuzzer) -> Self {
        f.json()
    }
}

/// Seconds from 1900 to 2100: both sides of the epoch, four-digit years.
const TIME_SECONDS: std::ops::Range<i64> = -2_208_988_800..4_102_444_800;

impl Fuzz for Time {
    /// Whole seconds in UTC: the wire form carries nothing finer.
    fn fuzz(f: &mut Fuzzer) -> Self {
        // Never Go's zero time: an `Option<Time>` holding it reads back as `None`, in Go as in
        // kapi (both write it as `null`), so it is not a value a round trip can keep.
        let secs = f.rng.i64(TIME_SECONDS);
        // In range by construction; the epoch keeps this total anyway.
        let ts = jiff::Timestamp::from_second(secs).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
        Time::from(ts)
    }
}

impl Fuzz for MicroTime {
    /// Whole microseconds in UTC, as the wire form carries them.
    fn fuzz(f: &mut Fuzzer) -> Self {
        let secs = f.rng.i64(TIME_SECONDS);
        let nanos = f.rng.i32(0..1_000_000) * 1_000;
        let ts = jiff::Timestamp::new(secs, nanos).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
        MicroTime::from(ts)
    }
}

impl Fuzz for Duration {
    /// Go's units times small counts, sometimes any nanosecond count at all.
    fn fuzz(f: &mut Fuzzer) -> Self {
        const UNITS: [i64; 6] = [
            1,
            1_000,
            1_000_000,
            1_000_000_000,
            60_000_000_000,
            3_600_000_000_000,
        ];
        let nanos = match f.rng.u8(..4) {
            0 => f.int_in::<i64>(i64::MIN.into(), i64::MAX.into()),
            _ => f.rng.i64(-1000..=1000) * UNITS[f.rng.usize(..UNITS.len())],
        };
        Duration::from_nanos(nanos)
    }
}

impl Fuzz for Quantity {
    /// Canonical strings of every suffix family (`3`, `500m`, `128Mi`, `2G`, `5e3`),
    /// sometimes negative. The original string is what travels, so these come back
    /// unchanged.
    fn fuzz(f: &mut Fuzzer) -> Self {
        const DECIMAL: [&str; 6] = ["", "k", "M", "G", "T", "P"];
        const SMALL: [&str; 3] = ["m", "u", "n"];
        const BINARY: [&str; 5] = ["Ki", "Mi", "Gi", "Ti", "Pi"];
        let sign = if f.rng.u8(..10) == 0 { "-" } else { "" };
        let s = match f.rng.u8(..4) {
            0 => format!(
                "{sign}{}{}",
                f.rng.u16(1..1000),
                DECIMAL[f.index(DECIMAL.len())]
            ),
            1 => format!(
                "{sign}{}{}",
                f.rng.u16(1..1000),
                SMALL[f.index(SMALL.len())]
            ),
            2 => format!(
                "{sign}{}{}",
                f.rng.u16(1..1024),
                BINARY[f.index(BINARY.len())]
            ),
            _ => format!("{sign}{}e{}", f.rng.u16(1..1000), f.rng.u8(..10)),
        };
        // Every shape above parses; the zero quantity keeps this total anyway.
        s.parse().unwrap_or_default()
    }
}

impl Fuzz for IntOrString {
    /// Both variants: integers, and strings that are percentages or port names.
    fn fuzz(f: &mut Fuzzer) -> Self {
        match f.rng.u8(..3) {
            0 => IntOrString::Int(i32::fuzz(f)),
            1 => IntOrString::String(format!("{}%", f.rng.u8(..=100))),
            _ => {
                let n = f.rng.usize(1..=15);
                IntOrString::String(f.dns_label(n))
            }
        }
    }
}

impl Fuzz for ByteString {
    fn fuzz(f: &mut Fuzzer) -> Self {
        let n = f.rng.usize(..=16);
        ByteString((0..n).map(|_| f.rng.u8(..)).collect())
    }
}

impl Fuzz for Verbs {
    /// A subset of Kubernetes' verbs, as discovery lists them.
    fn fuzz(f: &mut Fuzzer) -> Self {
        const VERBS: &[&str] = &[
            "create",
            "delete",
            "deletecollection",
            "get",
            "list",
            "patch",
            "update",
            "watch",
        ];
        let n = f.collection_len(0, Some(VERBS.len()));
        (0..n).filter_map(|_| f.pick(VERBS).copied()).collect()
    }
}

impl Fuzz for RawExtension {
    /// An embedded object: a JSON object with an apiVersion and kind, like the objects
    /// RawExtension carries.
    fn fuzz(f: &mut Fuzzer) -> Self {
        let mut object = serde_json::Map::new();
        object.insert("apiVersion".into(), Value::String("v1".into()));
        let kind = f.name_part(6);
        object.insert("kind".into(), Value::String(kind));
        for _ in 0..f.collection_len(0, None) {
            let key = f.string(1, None);
            let value = f.json();
            object.insert(key, value);
        }
        RawExtension(Value::Object(object))
    }
}

impl Fuzz for FieldsV1 {
    /// A managed-fields trie: `{"f:spec": {"f:replicas": {}}, ".": {}}`.
    fn fuzz(f: &mut Fuzzer) -> Self {
        FieldsV1::from(fields_trie(f, 0))
    }
}

fn fields_trie(f: &mut Fuzzer, level: usize) -> Value {
    let mut node = serde_json::Map::new();
    let n = if level >= 3 {
        0
    } else {
        f.collection_len(0, None)
    };
    for _ in 0..n {
        let key = match f.rng.u8(..4) {
            0 => ".".to_string(),
            _ => {
                let n = f.rng.usize(1..=10);
                format!("f:{}", f.name_part(n))
            }
        };
        let child = fields_trie(f, level + 1);
        node.insert(key, child);
    }
    Value::Object(node)
}

impl FuzzHook for ObjectMeta {
    /// Metadata the API server would accept (Kubernetes' metafuzzer does the same): names
    /// are DNS names, the uid a UUID, the resourceVersion a number, label and annotation
    /// keys qualified names and label values label values. Fields left empty stay empty.
    fn fuzz_hook(&mut self, f: &mut Fuzzer) {
        if !self.name.is_empty() {
            self.name = f.formatted("dns1123-subdomain", 1, Some(253));
        }
        if !self.generate_name.is_empty() {
            self.generate_name = f.formatted("dns1123-label", 1, Some(58)) + "-";
        }
        if !self.namespace.is_empty() {
            self.namespace = f.formatted("dns1123-label", 1, Some(63));
        }
        if !self.uid.is_empty() {
            self.uid = f.formatted("uuid", 0, None);
        }
        if !self.resource_version.is_empty() {
            self.resource_version = f.rng.u64(1..1_000_000_000).to_string();
        }
        // Same sizes as the derived values; built directly because the hook may run where
        // `Fuzzer::collection_len` would already give 0.
        if !self.labels.is_empty() {
            self.labels = (0..self.labels.len())
                .map(|_| (qualified_name(f), f.formatted("label-value", 0, Some(63))))
                .collect();
        }
        if !self.annotations.is_empty() {
            self.annotations = (0..self.annotations.len())
                .map(|_| (qualified_name(f), String::fuzz(f)))
                .collect();
        }
        if !self.finalizers.is_empty() {
            let n = self.finalizers.len();
            let mut finalizers: Vec<String> = Vec::with_capacity(n);
            for _ in 0..n * 10 {
                if finalizers.len() == n {
                    break;
                }
                let v = qualified_name(f);
                if !finalizers.contains(&v) {
                    finalizers.push(v);
                }
            }
            self.finalizers = finalizers;
        }
    }
}

fn qualified_name(f: &mut Fuzzer) -> String {
    f.formatted("qualified-name", 1, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_label(s: &str) -> bool {
        let b = s.as_bytes();
        (1..=63).contains(&b.len())
            && b.iter()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')
            && b[0] != b'-'
            && b[b.len() - 1] != b'-'
    }

    #[test]
    fn floats_keep_to_narrow_and_exclusive_bounds() {
        let mut f = Fuzzer::new(1);
        for _ in 0..200 {
            // Only 0.001 lies strictly between 0 and 0.002 on the f64 grid.
            assert_eq!(f.float_in::<f64>(0.0, 0.002, true, true), 0.001);
            let x: f64 = f.float_in(0.1, 0.3, false, false);
            assert!((0.1..=0.3).contains(&x), "{x}");
            let x: f64 = f.float_in(5e7, f64::INFINITY, true, false);
            assert!(x > 5e7 && x <= 5e7 + FLOAT_WINDOW, "{x}");
            let x: f32 = f.float_in(f64::NEG_INFINITY, -2.0, false, true);
            assert!(x < -2.0, "{x}");
        }
        // No grid value fits: the lower bound.
        assert_eq!(f.float_in::<f64>(0.0001, 0.0002, false, false), 0.0001);
    }

    #[test]
    fn ints_keep_to_bounds_and_types() {
        let mut f = Fuzzer::new(2);
        for _ in 0..200 {
            assert!((3..=7).contains(&f.int_in::<i32>(3, 7)));
            assert_eq!(f.int_in::<u8>(-5, 0), 0);
            assert_eq!(f.int_in::<i64>(9, 2), 9);
            let _: u64 = f.int_in(i128::MIN, i128::MAX);
        }
    }

    #[test]
    fn formats_fill_their_lengths() {
        let mut f = Fuzzer::new(3);
        for _ in 0..200 {
            let s = f.formatted("dns1123-label", 60, Some(63));
            assert!(is_label(&s) && s.len() >= 60, "{s:?}");
            let s = f.formatted("dns1123-subdomain", 253, Some(253));
            assert!(s.len() == 253 && s.split('.').all(is_label), "{s:?}");
            let s = f.formatted("qualified-name", 100, None);
            let (prefix, name) = s.split_once('/').unwrap_or(("", &s));
            assert!(
                s.len() >= 100 && name.len() <= 63 && prefix.len() <= 253,
                "{s:?}"
            );
            let s = f.formatted("no-such-format", 20, Some(30));
            assert!((20..=30).contains(&s.len()), "{s:?}");
            let s = f.string(0, Some(5));
            assert!(s.len() <= 5 && s.bytes().all(|c| c.is_ascii_alphanumeric()));
        }
    }

    #[test]
    fn collections_empty_when_too_deep() {
        let mut f = Fuzzer::new(4).with_max_depth(1);
        f.enter();
        assert!(f.too_deep());
        assert_eq!(f.collection_len(2, Some(5)), 0);
        assert_eq!(f.option(|f| f.bool()), None);
        assert_eq!(f.union_member(3), None);
        f.leave();
        assert!(!f.too_deep());
    }

    #[test]
    fn list_helpers_keep_items_unique() {
        let mut f = Fuzzer::new(5).with_max_len(10);
        for _ in 0..50 {
            let v: Vec<u8> = f.list_set(0, None, |f| f.int_in(0, 3));
            let mut sorted = v.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), v.len(), "{v:?}");
            let items: Vec<serde_json::Value> = f.list_map(
                0,
                None,
                &["k"],
                |f| serde_json::json!({"k": f.int_in::<u8>(0, 2), "v": f.bool()}),
            );
            let mut keys: Vec<_> = items.iter().map(|i| i["k"].clone().to_string()).collect();
            keys.sort();
            keys.dedup();
            assert_eq!(keys.len(), items.len(), "{items:?}");
        }
    }
}
