//! The versions of one key, oldest first.

use std::sync::Arc;

/// Every version of one key still needed to answer reads at or after the compacted revision.
///
/// Invariant kept by [`History::prune`]: at most one version is at or below the compacted
/// revision, and it is never a tombstone (a key deleted before the compaction point is simply
/// absent at every readable revision, so its tombstone carries no information).
pub(super) struct History<V> {
    /// `(revision, value)` in increasing revision order; `None` marks a deletion.
    versions: Vec<(u64, Option<Arc<V>>)>,
}

impl<V> History<V> {
    pub(super) fn new() -> Self {
        Self {
            versions: Vec::new(),
        }
    }

    pub(super) fn push(&mut self, revision: u64, value: Option<Arc<V>>) {
        debug_assert!(self.versions.last().is_none_or(|(r, _)| *r < revision));
        self.versions.push((revision, value));
    }

    /// The live value with its modification revision, if the key currently exists.
    pub(super) fn latest(&self) -> Option<(u64, &Arc<V>)> {
        match self.versions.last() {
            Some((rev, Some(value))) => Some((*rev, value)),
            _ => None,
        }
    }

    /// The value as of `revision`: the newest version not after it, unless that is a
    /// tombstone.
    pub(super) fn at(&self, revision: u64) -> Option<(u64, &Arc<V>)> {
        // Reads at the latest revision are by far the most common; skip the search for them.
        if let Some((last, _)) = self.versions.last() {
            if *last <= revision {
                return self.latest();
            }
        }
        let idx = self.versions.partition_point(|(r, _)| *r <= revision);
        match idx.checked_sub(1).map(|i| &self.versions[i]) {
            Some((rev, Some(value))) => Some((*rev, value)),
            _ => None,
        }
    }

    /// Drops versions nobody can read once `compacted` is the oldest readable revision.
    /// Returns true when nothing is left, so the caller can drop the key.
    pub(super) fn prune(&mut self, compacted: u64) -> bool {
        let at_or_below = self.versions.partition_point(|(r, _)| *r <= compacted);
        if at_or_below > 0 {
            // Keep the version that is current at `compacted`, unless it is a tombstone.
            let keep_base = matches!(self.versions[at_or_below - 1], (_, Some(_)));
            let drop = if keep_base {
                at_or_below - 1
            } else {
                at_or_below
            };
            self.versions.drain(..drop);
        }
        self.versions.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn history(versions: &[(u64, Option<&str>)]) -> History<String> {
        let mut h = History::new();
        for (rev, v) in versions {
            h.push(*rev, v.map(|s| Arc::new(s.to_string())));
        }
        h
    }

    #[test]
    fn reads_the_newest_version_not_after_the_revision() {
        let h = history(&[(2, Some("a")), (5, Some("b")), (7, None), (9, Some("c"))]);
        assert_eq!(h.at(1), None);
        assert_eq!(h.at(2).map(|(r, v)| (r, v.as_str())), Some((2, "a")));
        assert_eq!(h.at(6).map(|(r, v)| (r, v.as_str())), Some((5, "b")));
        assert_eq!(h.at(8), None);
        assert_eq!(h.at(100).map(|(r, v)| (r, v.as_str())), Some((9, "c")));
        assert_eq!(h.latest().map(|(r, _)| r), Some(9));
    }

    #[test]
    fn prune_keeps_the_base_version_and_drops_tombstones() {
        let mut h = history(&[(2, Some("a")), (5, Some("b")), (7, None), (9, Some("c"))]);
        assert!(!h.prune(6));
        assert_eq!(h.versions.len(), 3);
        assert_eq!(h.at(6).map(|(r, _)| r), Some(5));
        assert!(!h.prune(8));
        assert_eq!(h.versions.len(), 1);
        assert_eq!(h.at(8), None);
        let mut gone = history(&[(2, Some("a")), (3, None)]);
        assert!(gone.prune(3));
    }
}
