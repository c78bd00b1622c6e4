//! Deep-copy helpers the generated `clone_from` calls where std's would reallocate.

use std::collections::BTreeMap;

/// Copies `src` into `dst`, reusing `dst`'s entries (and their allocations) for equal keys.
/// std's `BTreeMap::clone_from` drops and rebuilds every node.
pub fn btree_map_clone_from<K: Ord + Clone, V: Clone>(
    dst: &mut BTreeMap<K, V>,
    src: &BTreeMap<K, V>,
) {
    if dst.len() == src.len() && dst.keys().eq(src.keys()) {
        for (d, s) in dst.values_mut().zip(src.values()) {
            d.clone_from(s);
        }
        return;
    }
    dst.retain(|k, _| src.contains_key(k));
    for (k, v) in src {
        match dst.get_mut(k) {
            Some(d) => d.clone_from(v),
            None => {
                dst.insert(k.clone(), v.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clone_from_matches_clone_for_any_overlap() {
        let src: BTreeMap<String, String> = [("a", "1"), ("c", "3"), ("d", "4")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        for dst_keys in [
            vec![],
            vec!["a", "c", "d"],
            vec!["a", "b"],
            vec!["x", "y", "z", "w"],
        ] {
            let mut dst: BTreeMap<String, String> = dst_keys
                .into_iter()
                .map(|k| (k.to_string(), "old".to_string()))
                .collect();
            btree_map_clone_from(&mut dst, &src);
            assert_eq!(dst, src);
        }
    }
}
