//! A Service's cluster IPs and node ports, allocated on create as kube-apiserver's service
//! REST does (`pkg/registry/core/service/storage/alloc.go`): from the service CIDRs (one
//! per IP family) and the node port range, refusing a requested address or port that is
//! out of range or taken with kube-apiserver's messages. What is allocated is read from the
//! stored Services, so a deleted Service's addresses and ports are free again.

use crate::store::{Collection, MvccStore, ResourceKey};
use crate::stored::Stored;
use kapi_core::validation::{ErrorList, FieldError};
use kapi_serving::{StatusError, Target};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::net::IpAddr;
use std::ops::RangeInclusive;

/// One service CIDR (`10.0.0.0/24`, `fd00::/108`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cidr {
    base: IpAddr,
    prefix: u8,
}

impl Cidr {
    pub fn parse(text: &str) -> Result<Cidr, String> {
        let (ip, prefix) = text
            .split_once('/')
            .ok_or_else(|| format!("service CIDR {text:?}: not <address>/<prefix>"))?;
        let ip: IpAddr = ip
            .parse()
            .map_err(|e| format!("service CIDR {text:?}: {e}"))?;
        let bits = if ip.is_ipv4() { 32 } else { 128 };
        let prefix: u8 = prefix
            .parse()
            .ok()
            .filter(|p| *p <= bits)
            .ok_or_else(|| format!("service CIDR {text:?}: prefix not in 0..={bits}"))?;
        // Two addresses at least besides the network's own.
        if bits - prefix < 2 {
            return Err(format!("service CIDR {text:?}: too small"));
        }
        let base = from_u128(ip.is_ipv4(), to_u128(ip) & mask(bits, prefix));
        Ok(Cidr { base, prefix })
    }

    pub fn family(&self) -> &'static str {
        if self.base.is_ipv4() {
            "IPv4"
        } else {
            "IPv6"
        }
    }

    fn bits(&self) -> u8 {
        if self.base.is_ipv4() {
            32
        } else {
            128
        }
    }

    /// The addresses kube-apiserver hands out: not the network's own, nor IPv4's broadcast.
    fn usable(&self) -> RangeInclusive<u128> {
        let first = to_u128(self.base);
        let size = 1u128 << (self.bits() - self.prefix);
        let last = if self.base.is_ipv4() {
            first + size - 2
        } else {
            first + size - 1
        };
        first + 1..=last
    }

    fn contains(&self, ip: IpAddr) -> bool {
        ip.is_ipv4() == self.base.is_ipv4() && self.usable().contains(&to_u128(ip))
    }
}

impl std::fmt::Display for Cidr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.base, self.prefix)
    }
}

fn mask(bits: u8, prefix: u8) -> u128 {
    let host = bits - prefix;
    let all = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    if host >= 128 {
        0
    } else {
        all & !((1u128 << host) - 1)
    }
}

fn to_u128(ip: IpAddr) -> u128 {
    match ip {
        IpAddr::V4(v) => u128::from(u32::from(v)),
        IpAddr::V6(v) => u128::from(v),
    }
}

fn from_u128(v4: bool, n: u128) -> IpAddr {
    if v4 {
        IpAddr::V4(std::net::Ipv4Addr::from(n as u32))
    } else {
        IpAddr::V6(std::net::Ipv6Addr::from(n))
    }
}

/// Where Services get their addresses and node ports.
#[derive(Debug, Clone)]
pub struct ServiceNetwork {
    /// One per family, the primary first.
    pub cidrs: Vec<Cidr>,
    pub node_ports: RangeInclusive<u16>,
}

impl Default for ServiceNetwork {
    /// kube-apiserver's defaults: `--service-cluster-ip-range=10.0.0.0/24`,
    /// `--service-node-port-range=30000-32767`.
    fn default() -> Self {
        ServiceNetwork {
            cidrs: vec![Cidr {
                base: IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 0)),
                prefix: 24,
            }],
            node_ports: 30000..=32767,
        }
    }
}

/// What the stored Services hold.
struct InUse {
    ips: BTreeSet<IpAddr>,
    node_ports: BTreeSet<i64>,
}

fn in_use(store: &MvccStore<Stored>) -> Result<InUse, StatusError> {
    let (entries, _) = store.list_all(&Collection::all(ResourceKey::new("", "services")));
    let mut out = InUse {
        ips: BTreeSet::new(),
        node_ports: BTreeSet::new(),
    };
    for e in entries {
        let v = e
            .value
            .object
            .to_json_value()
            .map_err(StatusError::internal)?;
        for ip in v["spec"]["clusterIPs"].as_array().into_iter().flatten() {
            if let Some(ip) = ip.as_str().and_then(|s| s.parse().ok()) {
                out.ips.insert(ip);
            }
        }
        for p in v["spec"]["ports"].as_array().into_iter().flatten() {
            if let Some(n) = p["nodePort"].as_i64().filter(|n| *n != 0) {
                out.node_ports.insert(n);
            }
        }
    }
    Ok(out)
}

fn invalid(name: &str, error: FieldError) -> StatusError {
    let mut errors = ErrorList::default();
    errors.push(error);
    StatusError::invalid(
        Target {
            group: "",
            resource: "services",
            kind: "Service",
            name,
        },
        &errors,
    )
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Fills in a new Service's `clusterIP(s)`, `ipFamilies`, `ipFamilyPolicy` and node ports.
/// The caller holds the allocation lock until the Service is stored.
pub(crate) fn allocate(
    network: &ServiceNetwork,
    store: &MvccStore<Stored>,
    value: &mut Value,
) -> Result<(), StatusError> {
    let name = value["metadata"]["name"].as_str().unwrap_or("").to_string();
    let spec = match value.get_mut("spec") {
        Some(s) if s.is_object() => s,
        _ => return Ok(()),
    };
    let kind = spec["type"].as_str().unwrap_or("ClusterIP").to_string();
    if kind == "ExternalName" {
        return Ok(());
    }
    let used = in_use(store)?;
    let mut ips = strings(&spec["clusterIPs"]);
    if ips.is_empty() {
        if let Some(ip) = spec["clusterIP"].as_str().filter(|s| !s.is_empty()) {
            ips.push(ip.to_string());
        }
    }
    let headless = ips.first().is_some_and(|ip| ip == "None");
    let policy = spec["ipFamilyPolicy"]
        .as_str()
        .unwrap_or("SingleStack")
        .to_string();
    let mut families = strings(&spec["ipFamilies"]);
    if families.is_empty() {
        for ip in ips.iter().filter(|ip| *ip != "None") {
            if let Ok(ip) = ip.parse::<IpAddr>() {
                families.push(if ip.is_ipv4() { "IPv4" } else { "IPv6" }.to_string());
            }
        }
    }
    if families.is_empty() {
        families.push(network.cidrs[0].family().to_string());
    }
    let dual = network.cidrs.len() > 1;
    match policy.as_str() {
        "RequireDualStack" if !dual => {
            return Err(invalid(
                &name,
                FieldError::invalid(
                    "spec.ipFamilyPolicy",
                    "RequireDualStack",
                    "this cluster is not configured for dual-stack services",
                ),
            ))
        }
        "RequireDualStack" | "PreferDualStack" if dual && families.len() == 1 => {
            if let Some(other) = network.cidrs.iter().find(|c| c.family() != families[0]) {
                families.push(other.family().to_string());
            }
        }
        _ => {}
    }
    for (i, family) in families.iter().enumerate() {
        if !network.cidrs.iter().any(|c| c.family() == family) {
            return Err(invalid(
                &name,
                FieldError::invalid(
                    format!("spec.ipFamilies[{i}]"),
                    family.as_str(),
                    "not configured on this cluster",
                ),
            ));
        }
    }
    if !headless {
        let requested = ips.clone();
        let mut taken = used.ips.clone();
        for (i, family) in families.iter().enumerate() {
            let Some(cidr) = network.cidrs.iter().find(|c| c.family() == family) else {
                continue;
            };
            match requested.get(i).filter(|ip| !ip.is_empty()) {
                Some(ip) => {
                    // Go prints the `[]string` value with `%#v`, which a JSON value
                    // cannot say: the value is written into the detail.
                    let shown: Vec<String> = requested.iter().map(|s| format!("{s:?}")).collect();
                    let refuse = |why: String| {
                        invalid(
                            &name,
                            FieldError::new(
                                kapi_core::validation::ErrorType::Invalid,
                                "spec.clusterIPs",
                                None,
                                format!(
                                    "[]string{{{}}}: failed to allocate IP {ip}: {why}",
                                    shown.join(", ")
                                ),
                            ),
                        )
                    };
                    let parsed: IpAddr = ip
                        .parse()
                        .map_err(|_| refuse(format!("failed to parse service IP {ip:?}")))?;
                    if !cidr.contains(parsed) {
                        return Err(refuse(format!(
                            "the provided IP ({parsed}) is not in the valid range. The range of valid IPs is {cidr}"
                        )));
                    }
                    if !taken.insert(parsed) {
                        return Err(refuse("provided IP is already allocated".to_string()));
                    }
                }
                None => {
                    let free = cidr
                        .usable()
                        .map(|n| from_u128(cidr.base.is_ipv4(), n))
                        .find(|ip| !taken.contains(ip))
                        .ok_or_else(|| {
                            StatusError::internal("failed to allocate a serviceIP: range is full")
                        })?;
                    taken.insert(free);
                    if ips.len() > i {
                        ips[i] = free.to_string();
                    } else {
                        ips.push(free.to_string());
                    }
                }
            }
        }
    }
    spec["clusterIP"] = json!(ips.first().cloned().unwrap_or_default());
    spec["clusterIPs"] = json!(ips);
    spec["ipFamilies"] = json!(families);
    spec["ipFamilyPolicy"] = json!(policy);
    let node_ports = kind == "NodePort"
        || (kind == "LoadBalancer"
            && spec["allocateLoadBalancerNodePorts"].as_bool() != Some(false));
    if node_ports {
        allocate_node_ports(network, &name, spec, &used.node_ports)?;
    }
    Ok(())
}

fn needs_node_port(spec: &Value) -> bool {
    match spec["type"].as_str() {
        Some("NodePort") => true,
        Some("LoadBalancer") => spec["allocateLoadBalancerNodePorts"].as_bool() != Some(false),
        _ => false,
    }
}

/// kube-apiserver's `patchAllocatedValues`: an update that leaves out the cluster IPs or a
/// port's node port keeps the old ones, so a `PUT` of a manifest without them does not
/// unset what was allocated.
pub(crate) fn keep_allocated(old: &Value, new: &mut Value) {
    let old = &old["spec"];
    let Some(spec) = new.get_mut("spec").filter(|s| s.is_object()) else {
        return;
    };
    let needs_ip = |s: &Value| s["type"].as_str() != Some("ExternalName");
    if needs_ip(old) && needs_ip(spec) {
        if spec["clusterIP"].as_str().unwrap_or_default().is_empty() && old["clusterIP"].is_string()
        {
            spec["clusterIP"] = old["clusterIP"].clone();
        }
        if spec["clusterIPs"].as_array().is_none_or(Vec::is_empty) && old["clusterIPs"].is_array() {
            spec["clusterIPs"] = old["clusterIPs"].clone();
        }
        for field in ["ipFamilies", "ipFamilyPolicy"] {
            if spec[field].is_null() && !old[field].is_null() {
                spec[field] = old[field].clone();
            }
        }
    }
    if needs_node_port(old) && needs_node_port(spec) {
        let ports = |s: &Value| -> BTreeSet<i64> {
            s["ports"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|p| p["nodePort"].as_i64())
                .filter(|n| *n != 0)
                .collect()
        };
        let used: BTreeSet<i64> = ports(old).intersection(&ports(spec)).copied().collect();
        let by_name: std::collections::BTreeMap<String, i64> = old["ports"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| {
                (
                    p["name"].as_str().unwrap_or_default().to_string(),
                    p["nodePort"].as_i64().unwrap_or(0),
                )
            })
            .collect();
        for port in spec["ports"].as_array_mut().into_iter().flatten() {
            if port["nodePort"].as_i64().unwrap_or(0) != 0 {
                continue;
            }
            let name = port["name"].as_str().unwrap_or_default();
            if let Some(&n) = by_name.get(name).filter(|n| **n != 0 && !used.contains(n)) {
                port["nodePort"] = json!(n);
            }
        }
    }
    let needs_health_check = |s: &Value| {
        s["type"].as_str() == Some("LoadBalancer")
            && s["externalTrafficPolicy"].as_str() == Some("Local")
    };
    if needs_health_check(old)
        && needs_health_check(spec)
        && spec["healthCheckNodePort"].as_i64().unwrap_or(0) == 0
    {
        spec["healthCheckNodePort"] = old["healthCheckNodePort"].clone();
    }
}

fn allocate_node_ports(
    network: &ServiceNetwork,
    name: &str,
    spec: &mut Value,
    used: &BTreeSet<i64>,
) -> Result<(), StatusError> {
    let range = &network.node_ports;
    let range_text = format!("{}-{}", range.start(), range.end());
    let mut taken = used.clone();
    let mut mine = BTreeSet::new();
    let Some(ports) = spec.get_mut("ports").and_then(Value::as_array_mut) else {
        return Ok(());
    };
    // Requested ports first, as kube-apiserver checks them before it picks free ones.
    for (i, port) in ports.iter().enumerate() {
        let Some(n) = port["nodePort"].as_i64().filter(|n| *n != 0) else {
            continue;
        };
        let refuse = |why: String| {
            invalid(
                name,
                FieldError::invalid(format!("spec.ports[{i}].nodePort"), n, &why),
            )
        };
        if n < i64::from(*range.start()) || n > i64::from(*range.end()) {
            return Err(refuse(format!(
                "provided port is not in the valid range. The range of valid ports is {range_text}"
            )));
        }
        // One Service may use a node port for several protocols.
        if !mine.contains(&n) && !taken.insert(n) {
            return Err(refuse("provided port is already allocated".to_string()));
        }
        mine.insert(n);
    }
    for port in ports.iter_mut() {
        if port["nodePort"].as_i64().is_some_and(|n| n != 0) {
            continue;
        }
        let free = range
            .clone()
            .map(i64::from)
            .find(|p| !taken.contains(p))
            .ok_or_else(|| StatusError::internal("failed to allocate a nodePort: range is full"))?;
        taken.insert(free);
        port["nodePort"] = json!(free);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cidrs_give_kube_apiservers_usable_addresses() {
        let v4 = Cidr::parse("10.0.0.0/24").expect("v4");
        assert_eq!(v4.to_string(), "10.0.0.0/24");
        assert!(!v4.contains("10.0.0.0".parse().expect("ip")));
        assert!(v4.contains("10.0.0.1".parse().expect("ip")));
        assert!(v4.contains("10.0.0.254".parse().expect("ip")));
        assert!(!v4.contains("10.0.0.255".parse().expect("ip")));
        assert!(!v4.contains("10.0.1.1".parse().expect("ip")));
        let v6 = Cidr::parse("fd00::/108").expect("v6");
        assert_eq!(v6.family(), "IPv6");
        assert!(v6.contains("fd00::1".parse().expect("ip")));
        assert!(v6.contains("fd00::f:ffff".parse().expect("ip")));
        assert!(!v6.contains("fd00::10:0".parse().expect("ip")));
        assert_eq!(
            Cidr::parse("10.0.0.7/24").expect("host bits").to_string(),
            "10.0.0.0/24"
        );
        assert!(Cidr::parse("10.0.0.0/31").is_err());
        assert!(Cidr::parse("10.0.0.0").is_err());
        assert!(Cidr::parse("10.0.0.0/33").is_err());
    }
}
