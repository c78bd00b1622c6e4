//! Fuzzed values of every meta type survive JSON (and YAML) encode -> decode unchanged, the
//! same seed gives the same value, and derived fuzzing keeps to the markers (formats, bounds,
//! unique list-map keys and set items, one union member named by its discriminator, hooks).

use kapi::fuzz::{self, Fuzz, FuzzHook, Fuzzer};
use kapi::meta::*;
use kapi::ApiType;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;
use std::sync::OnceLock;

const SEEDS: u64 = 200;

/// Encode, decode (lenient and strict) and encode again: the value and the bytes must both
/// come back, so a type whose equality is looser than its wire form (Quantity) is still
/// checked exactly. YAML must give the value back too, as Kubernetes reads it: kapi writes
/// YAML as `sigs.k8s.io/yaml` does, where a float with an integral value (`1e6` in a raw JSON
/// field) is written as the integer it equals (Go's `json.Marshal` writes `1000000`), which
/// is also what Kubernetes' unstructured decoding makes of it.
fn assert_roundtrip<T>(seed: u64, value: &T)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let json = match serde_json::to_vec(value) {
        Ok(j) => j,
        Err(e) => panic!("seed {seed}: {value:?} does not encode: {e}"),
    };
    let text = String::from_utf8_lossy(&json);
    let back: T = match kapi::codec::json::from_slice(&json) {
        Ok(v) => v,
        Err(e) => panic!("seed {seed}: {text} does not decode: {e}"),
    };
    let again = serde_json::to_vec(&back).unwrap();
    assert!(
        back == *value && again == json,
        "seed {seed}: round trip changed the value\n before: {text}\n after:  {}\n before: {value:?}\n after:  {back:?}",
        String::from_utf8_lossy(&again),
    );
    let yaml = kapi::codec::yaml::to_string(value).unwrap();
    match kapi::codec::yaml::from_str::<T>(&yaml) {
        Ok(back) => assert!(
            back == *value || numbers_as_kubernetes(&back) == numbers_as_kubernetes(value),
            "seed {seed}: YAML round trip changed\n{yaml}\n{back:?}"
        ),
        Err(e) => panic!("seed {seed}: YAML {yaml} does not decode: {e}"),
    }
    let strict = kapi::codec::json::from_slice_strict::<T>(&json).unwrap();
    assert!(
        strict.is_clean(),
        "seed {seed}: strict decoding of {text} reports {:?}",
        strict.messages()
    );
}

/// The value as JSON with every integral float an integer.
fn numbers_as_kubernetes<T: Serialize>(value: &T) -> serde_json::Value {
    fn walk(v: serde_json::Value) -> serde_json::Value {
        use serde_json::Value;
        match v {
            Value::Number(n) => match n.as_f64() {
                Some(f) if n.is_f64() && f.fract() == 0.0 && f.abs() < 9.0e15 => {
                    Value::from(f as i64)
                }
                _ => Value::Number(n),
            },
            Value::Array(items) => Value::Array(items.into_iter().map(walk).collect()),
            Value::Object(map) => {
                Value::Object(map.into_iter().map(|(k, v)| (k, walk(v))).collect())
            }
            other => other,
        }
    }
    walk(kapi::codec::json::to_value(value).expect("encodes"))
}

fn roundtrip_many<T>()
where
    T: Fuzz + Serialize + DeserializeOwned + PartialEq + Debug,
{
    for seed in 0..SEEDS {
        assert_roundtrip(seed, &fuzz::fuzz::<T>(seed));
    }
}

/// The recursive test type at the default depth is large and slow to decode in debug builds;
/// four levels still hold every field.
#[test]
fn widget() {
    for seed in 0..SEEDS {
        let w = Widget::fuzz(&mut Fuzzer::new(seed).with_max_depth(4));
        assert_roundtrip(seed, &w);
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
    object_meta: ObjectMeta,
    owner_reference: OwnerReference,
    managed_fields_entry: ManagedFieldsEntry,
    list_meta: ListMeta,
    shard_info: ShardInfo,
    type_meta: TypeMeta,
    status: Status,
    status_details: StatusDetails,
    status_cause: StatusCause,
    condition: Condition,
    condition_status: ConditionStatus,
    label_selector: LabelSelector,
    label_selector_requirement: LabelSelectorRequirement,
    label_selector_operator: LabelSelectorOperator,
    field_selector_requirement: FieldSelectorRequirement,
    field_selector_operator: FieldSelectorOperator,
    group_version_kind: GroupVersionKind,
    group_version_resource: GroupVersionResource,
    group_resource: GroupResource,
    get_options: GetOptions,
    list_options: ListOptions,
    create_options: CreateOptions,
    update_options: UpdateOptions,
    patch_options: PatchOptions,
    delete_options: DeleteOptions,
    preconditions: Preconditions,
    watch_event: WatchEvent,
    api_versions: APIVersions,
    api_group_list: APIGroupList,
    api_group: APIGroup,
    api_resource_list: APIResourceList,
    api_resource: APIResource,
    verbs: Verbs,
    table: Table,
    table_row: TableRow,
    table_options: TableOptions,
    partial_object_metadata: PartialObjectMetadata,
    partial_object_metadata_list: PartialObjectMetadataList,
    time: Time,
    micro_time: MicroTime,
    duration: Duration,
    quantity: Quantity,
    int_or_string: IntOrString,
    byte_string: ByteString,
    raw_extension: RawExtension,
    fields_v1: FieldsV1,
    json_value: serde_json::Value,
    float64: f64,
    float32: f32,
}

/// A type exercising every marker the fuzzer follows.
#[derive(ApiType, Debug, PartialEq)]
pub struct Widget {
    #[k8s(format = "dns1123-label", max_length = 63)]
    pub name: String,
    #[k8s(optional, format = "dns1123-subdomain", max_length = 253)]
    pub host: String,
    #[k8s(optional, format = "qualified-name")]
    pub key: String,
    #[k8s(optional, format = "label-value")]
    pub value: String,
    #[k8s(optional, format = "uuid")]
    pub uid: String,
    #[k8s(optional, format = "date-time")]
    pub at: String,
    #[k8s(optional, format = "int-or-string")]
    pub surge: String,
    #[k8s(optional, format = "password", max_length = 4)]
    pub odd: String,
    #[k8s(minimum = 1, maximum = 10)]
    pub count: i32,
    #[k8s(minimum = -5, maximum = 5, exclusive_maximum)]
    pub small: Option<i8>,
    #[k8s(minimum = 0.5, maximum = 2.5)]
    pub ratio: Option<f64>,
    #[k8s(minimum = 0, exclusive_minimum)]
    pub scale: Option<f32>,
    #[k8s(min_length = 2, max_length = 5)]
    pub code: String,
    /// Names of one character: without de-duplication, five of them would often collide.
    #[k8s(optional, list_type = "map", list_map_key = "name", max_items = 5)]
    pub ports: Vec<Port>,
    /// Three protocols, up to five items: unique keys cap it at three.
    #[k8s(optional, list_type = "map", list_map_key = "protocol", max_items = 5)]
    pub by_protocol: Vec<Port>,
    #[k8s(optional, list_type = "set", max_items = 4)]
    pub modes: Vec<Mode>,
    #[k8s(optional, list_type = "set", format = "dns1123-label")]
    pub aliases: Vec<String>,
    #[k8s(min_items = 2, max_items = 3)]
    pub pair: Vec<i64>,
    pub backend: Option<Backend>,
    pub either: Option<Either>,
    pub range: Option<Span>,
    pub timeout: Option<Duration>,
    pub micro: Option<MicroTime>,
    pub data: Option<ByteString>,
    pub port_or_name: Option<IntOrString>,
    pub memory: Option<Quantity>,
    pub extra: Option<serde_json::Value>,
    pub raw: Option<RawExtension>,
    #[k8s(optional)]
    pub groups: BTreeMap<String, Vec<String>>,
    #[k8s(optional)]
    pub flag: bool,
    #[k8s(optional, max_items = 2)]
    pub children: Vec<Widget>,
    pub boxed: Option<Box<Widget>>,
}

#[derive(ApiType, Debug, PartialEq)]
pub struct Port {
    #[k8s(format = "dns1123-label", max_length = 1)]
    pub name: String,
    #[k8s(minimum = 1, maximum = 65535)]
    pub port: i32,
    pub protocol: Protocol,
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[k8s(enum)]
pub enum Protocol {
    #[default]
    #[k8s(rename = "TCP")]
    Tcp,
    #[k8s(rename = "UDP")]
    Udp,
    #[k8s(rename = "SCTP")]
    Sctp,
    /// A value this version does not know, kept as sent.
    Other(String),
}

#[derive(ApiType, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[k8s(enum)]
pub enum Mode {
    #[default]
    Fast,
    Slow,
    Off,
    /// A value this version does not know, kept as sent.
    Other(String),
}

/// A union with a discriminator; `other` has no discriminator value.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct Backend {
    #[k8s(union_discriminator, rename = "type")]
    pub type_: BackendType,
    pub service: Option<ServiceRef>,
    #[k8s(optional)]
    pub bucket: String,
    #[k8s(optional)]
    pub other: Vec<String>,
}

#[derive(ApiType, Debug, PartialEq, Eq, Default)]
#[k8s(enum)]
pub enum BackendType {
    #[default]
    Service,
    Bucket,
    Unknown,
    /// A value this version does not know, kept as sent.
    Other(String),
}

#[derive(ApiType, Debug, PartialEq)]
pub struct ServiceRef {
    pub name: String,
}

/// A union without a discriminator.
#[derive(ApiType, Debug, PartialEq)]
#[k8s(union)]
pub struct Either {
    pub left: Option<i32>,
    pub right: Option<String>,
}

/// Its hook keeps `low <= high`, which random bounds alone break half the time.
#[derive(ApiType, Debug, PartialEq)]
pub struct Span {
    #[k8s(minimum = 0, maximum = 100)]
    pub low: i32,
    #[k8s(minimum = 0, maximum = 100)]
    pub high: i32,
}

impl FuzzHook for Span {
    fn fuzz_hook(&mut self, _: &mut Fuzzer) {
        if self.low > self.high {
            std::mem::swap(&mut self.low, &mut self.high);
        }
    }
}

/// The widgets the constraint tests check, fuzzed once.
fn widgets() -> &'static [(u64, Widget)] {
    static WIDGETS: OnceLock<Vec<(u64, Widget)>> = OnceLock::new();
    WIDGETS.get_or_init(|| {
        (0..500)
            .map(|seed| (seed, fuzz::fuzz::<Widget>(seed)))
            .collect()
    })
}

/// Every widget in the tree, with its depth (the root is 1).
fn walk<'a>(w: &'a Widget, depth: usize, out: &mut Vec<(usize, &'a Widget)>) {
    out.push((depth, w));
    for c in &w.children {
        walk(c, depth + 1, out);
    }
    if let Some(b) = &w.boxed {
        walk(b, depth + 1, out);
    }
}

/// Runs `check` on every widget of every fuzzed tree.
fn each_widget(check: impl Fn(u64, &Widget)) {
    for (seed, w) in widgets().iter() {
        let mut nodes = Vec::new();
        walk(w, 1, &mut nodes);
        for (_, node) in nodes {
            check(*seed, node);
        }
    }
}

fn is_dns_label(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 63
        && b.iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')
        && b[0] != b'-'
        && b[b.len() - 1] != b'-'
}

fn is_dns_subdomain(s: &str) -> bool {
    s.len() <= 253 && s.split('.').all(is_dns_label)
}

fn is_name_part(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 63
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
}

fn is_qualified_name(s: &str) -> bool {
    match s.split_once('/') {
        Some((prefix, name)) => {
            !prefix.is_empty() && is_dns_subdomain(prefix) && is_name_part(name)
        }
        None => is_name_part(s),
    }
}

fn is_label_value(s: &str) -> bool {
    s.is_empty() || is_name_part(s)
}

fn is_uuid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12])
        && parts.iter().all(|p| {
            p.bytes()
                .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c))
        })
}

#[test]
fn same_seed_same_value_different_seeds_differ() {
    let mut distinct = BTreeSet::new();
    for seed in 0..50 {
        let a = fuzz::fuzz::<Widget>(seed);
        let b = fuzz::fuzz::<Widget>(seed);
        assert_eq!(a, b, "seed {seed}");
        distinct.insert(serde_json::to_string(&a).unwrap());
    }
    assert_eq!(
        distinct.len(),
        50,
        "50 seeds should give 50 different widgets"
    );
}

#[test]
fn formats_are_valid() {
    each_widget(|seed, w| {
        assert!(is_dns_label(&w.name), "seed {seed}: name {:?}", w.name);
        assert!(
            w.host.is_empty() || is_dns_subdomain(&w.host),
            "seed {seed}: host {:?}",
            w.host
        );
        assert!(
            w.key.is_empty() || is_qualified_name(&w.key),
            "seed {seed}: key {:?}",
            w.key
        );
        assert!(is_label_value(&w.value), "seed {seed}: value {:?}", w.value);
        assert!(
            w.uid.is_empty() || is_uuid(&w.uid),
            "seed {seed}: uid {:?}",
            w.uid
        );
        assert!(
            w.at.is_empty() || w.at.parse::<Time>().is_ok(),
            "seed {seed}: date-time {:?}",
            w.at
        );
        let surge = w.surge.strip_suffix('%').unwrap_or(&w.surge);
        assert!(
            w.surge.is_empty() || surge.parse::<i64>().is_ok() || is_dns_label(surge),
            "seed {seed}: int-or-string {:?}",
            w.surge
        );
        assert!(
            w.odd.len() <= 4 && w.odd.bytes().all(|c| c.is_ascii_alphanumeric()),
            "seed {seed}: a format fuzz has no generator for {:?}",
            w.odd
        );
        for a in &w.aliases {
            assert!(is_dns_label(a), "seed {seed}: alias {a:?}");
        }
    });
}

#[test]
fn bounds_and_lengths_hold() {
    each_widget(|seed, w| {
        assert!(
            (1..=10).contains(&w.count),
            "seed {seed}: count {}",
            w.count
        );
        if let Some(s) = w.small {
            assert!((-5..5).contains(&s), "seed {seed}: small {s}");
        }
        if let Some(r) = w.ratio {
            assert!((0.5..=2.5).contains(&r), "seed {seed}: ratio {r}");
        }
        if let Some(s) = w.scale {
            assert!(s > 0.0, "seed {seed}: scale {s}");
        }
        assert!(
            (2..=5).contains(&w.code.len()),
            "seed {seed}: code {:?}",
            w.code
        );
        assert!(w.ports.len() <= 5 && w.modes.len() <= 4, "seed {seed}");
        for p in w.ports.iter().chain(&w.by_protocol) {
            assert!(
                (1..=65535).contains(&p.port),
                "seed {seed}: port {}",
                p.port
            );
            assert!(p.name.len() == 1, "seed {seed}: port name {:?}", p.name);
        }
        if let Some(r) = &w.range {
            assert!(
                (0..=100).contains(&r.low) && (0..=100).contains(&r.high),
                "seed {seed}"
            );
        }
    });
}

#[test]
fn list_map_keys_and_set_items_are_unique() {
    let mut most_protocols = 0;
    each_widget(|seed, w| {
        let names: BTreeSet<&str> = w.ports.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names.len(), w.ports.len(), "seed {seed}: {:?}", w.ports);
        let keys: BTreeSet<String> = w
            .ports
            .iter()
            .map(|p| format!("{:?}", fuzz::list_map_key(p, &["name"])))
            .collect();
        assert_eq!(keys.len(), w.ports.len(), "seed {seed}");
        let protocols: BTreeSet<Protocol> =
            w.by_protocol.iter().map(|p| p.protocol.clone()).collect();
        assert_eq!(
            protocols.len(),
            w.by_protocol.len(),
            "seed {seed}: {:?}",
            w.by_protocol
        );
        let modes: BTreeSet<&Mode> = w.modes.iter().collect();
        assert_eq!(modes.len(), w.modes.len(), "seed {seed}: {:?}", w.modes);
        let aliases: BTreeSet<&String> = w.aliases.iter().collect();
        assert_eq!(
            aliases.len(),
            w.aliases.len(),
            "seed {seed}: {:?}",
            w.aliases
        );
    });
    for (_, w) in widgets() {
        most_protocols = most_protocols.max(w.by_protocol.len());
    }
    assert_eq!(
        most_protocols, 3,
        "some list should hold all three protocols"
    );
}

#[test]
fn required_fields_set_and_optional_fields_sometimes_unset() {
    let ws = widgets();
    for (seed, w) in ws {
        assert!(!w.name.is_empty() && !w.code.is_empty(), "seed {seed}");
        assert!(
            (2..=3).contains(&w.pair.len()),
            "seed {seed}: pair {:?}",
            w.pair
        );
    }
    let count = |f: &dyn Fn(&Widget) -> bool| ws.iter().filter(|(_, w)| f(w)).count();
    let n = ws.len();
    for (what, set) in [
        ("host", count(&|w| !w.host.is_empty())),
        ("small", count(&|w| w.small.is_some())),
        ("ports", count(&|w| !w.ports.is_empty())),
        ("backend", count(&|w| w.backend.is_some())),
        ("groups", count(&|w| !w.groups.is_empty())),
        ("children", count(&|w| !w.children.is_empty())),
    ] {
        assert!(
            set > n / 2 && set < n,
            "{what}: set in {set} of {n} top-level values; expected most but not all"
        );
    }
    let modes: BTreeSet<Mode> = ws
        .iter()
        .flat_map(|(_, w)| w.modes.iter().cloned())
        .collect();
    assert_eq!(
        modes.iter().filter(|m| m.is_known()).count(),
        3,
        "every enum value should appear"
    );
    assert!(
        modes.iter().any(|m| !m.is_known()),
        "values outside the set should appear (enums are open)"
    );
}

#[test]
fn unions_set_at_most_one_member_named_by_the_discriminator() {
    let mut seen = BTreeMap::<&str, usize>::new();
    each_widget(|seed, w| {
        if let Some(b) = &w.backend {
            let set = [
                b.service.is_some(),
                !b.bucket.is_empty(),
                !b.other.is_empty(),
            ];
            assert!(
                set.iter().filter(|s| **s).count() <= 1,
                "seed {seed}: {b:?}"
            );
            if b.service.is_some() {
                assert_eq!(b.type_, BackendType::Service, "seed {seed}");
            }
            if !b.bucket.is_empty() {
                assert_eq!(b.type_, BackendType::Bucket, "seed {seed}");
            }
        }
        if let Some(e) = &w.either {
            assert!(
                !(e.left.is_some() && e.right.is_some()),
                "seed {seed}: {e:?}"
            );
        }
    });
    for (_, w) in widgets() {
        if let Some(b) = &w.backend {
            let member = if b.service.is_some() {
                "service"
            } else if !b.bucket.is_empty() {
                "bucket"
            } else if !b.other.is_empty() {
                "other"
            } else {
                "none"
            };
            *seen.entry(member).or_default() += 1;
        }
    }
    assert_eq!(
        seen.keys().copied().collect::<Vec<_>>(),
        ["bucket", "none", "other", "service"],
        "every member, and none, should be chosen sometimes: {seen:?}"
    );
}

#[test]
fn fuzz_hooks_run() {
    each_widget(|seed, w| {
        if let Some(r) = &w.range {
            assert!(r.low <= r.high, "seed {seed}: {r:?}");
        }
    });
}

#[test]
fn recursion_ends_within_the_depth() {
    for (seed, w) in widgets().iter() {
        let mut nodes = Vec::new();
        walk(w, 1, &mut nodes);
        let deepest = nodes.iter().map(|(d, _)| *d).max().unwrap_or(0);
        assert!(deepest <= 8, "seed {seed}: widgets nest {deepest} deep");
    }
    for seed in 0..50 {
        let w = Widget::fuzz(&mut Fuzzer::new(seed).with_max_depth(2));
        let mut nodes = Vec::new();
        walk(&w, 1, &mut nodes);
        assert!(nodes.iter().all(|(d, _)| *d <= 2), "seed {seed}");
        let w = Widget::fuzz(&mut Fuzzer::new(seed).with_unset_probability(1.0));
        assert!(
            w.children.is_empty() && w.boxed.is_none() && w.host.is_empty(),
            "seed {seed}"
        );
        assert!(
            !w.name.is_empty() && w.pair.len() >= 2,
            "seed {seed}: required stay set"
        );
    }
}

#[test]
fn object_meta_hook_makes_valid_metadata() {
    let mut named = 0;
    for seed in 0..SEEDS {
        let m = fuzz::fuzz::<ObjectMeta>(seed);
        named += usize::from(!m.name.is_empty());
        assert!(
            m.name.is_empty() || is_dns_subdomain(&m.name),
            "seed {seed}: {:?}",
            m.name
        );
        assert!(
            m.namespace.is_empty() || is_dns_label(&m.namespace),
            "seed {seed}"
        );
        assert!(
            m.uid.is_empty() || is_uuid(&m.uid),
            "seed {seed}: {:?}",
            m.uid
        );
        assert!(
            m.resource_version.is_empty() || m.resource_version.parse::<u64>().is_ok(),
            "seed {seed}"
        );
        for (k, v) in &m.labels {
            assert!(
                is_qualified_name(k) && is_label_value(v),
                "seed {seed}: {k:?}={v:?}"
            );
        }
        for k in m.annotations.keys() {
            assert!(is_qualified_name(k), "seed {seed}: {k:?}");
        }
        let finalizers: BTreeSet<&String> = m.finalizers.iter().collect();
        assert_eq!(finalizers.len(), m.finalizers.len(), "seed {seed}");
        let uids: BTreeSet<&String> = m.owner_references.iter().map(|o| &o.uid).collect();
        assert_eq!(uids.len(), m.owner_references.len(), "seed {seed}");
    }
    assert!(
        named > 0 && named < SEEDS as usize,
        "{named} of {SEEDS} named"
    );
}
