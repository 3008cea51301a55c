//! What a search did: nodes, memory, time and the lower bound it proved.
use std::time::Duration;

/// Work a search did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successor nodes generated.
    pub generated: u64,
    /// Largest frontier plus table size, in entries.
    pub peak_entries: u64,
    /// Largest memory the search's own tables held, in bytes (what it allocated, never more
    /// than the budget).
    pub peak_bytes: u64,
    /// When the memory budget stopped the search: what its tables would have held after the
    /// step it refused (0 otherwise). Above the budget, and never allocated.
    pub refused_bytes: u64,
    /// Wall time of the search.
    pub elapsed: Duration,
    /// A proven lower bound on the optimal length, as far as the search got.
    pub lower_bound: u32,
}

impl Stats {
    /// Adds another run's counts (used when one solve runs several searches).
    pub fn absorb(&mut self, other: &Stats) {
        self.expanded += other.expanded;
        self.generated += other.generated;
        self.peak_entries = self.peak_entries.max(other.peak_entries);
        self.peak_bytes = self.peak_bytes.max(other.peak_bytes);
        self.refused_bytes = self.refused_bytes.max(other.refused_bytes);
        self.lower_bound = self.lower_bound.max(other.lower_bound);
    }

    /// Adds the counts of a search that ran at the same time as this one's (a solve's searches
    /// side by side): as [`Stats::absorb`], but the memory they held at once is summed.
    pub(crate) fn absorb_beside(&mut self, other: &Stats) {
        let (entries, bytes) = (self.peak_entries, self.peak_bytes);
        self.absorb(other);
        self.peak_entries = entries + other.peak_entries;
        self.peak_bytes = bytes + other.peak_bytes;
    }
}
