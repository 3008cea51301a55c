//! What a search's tables really hold, for the memory budget: the buckets a hash table has
//! allocated (not the entries in it), the capacity of a vector, and what the next growth of
//! either allocates while the old copy is still alive. A search checks the projected total
//! *before* it inserts, so a doubling never takes the process past its budget.
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::mem::size_of;

/// hashbrown's group width: control bytes past the last bucket.
const GROUP_WIDTH: u64 = 16;

/// Buckets behind a hash table of `capacity` (hashbrown keeps at most 7/8 of them full).
fn buckets(capacity: usize) -> u64 {
    match capacity {
        0 => 0,
        c if c < 8 => (c as u64 + 1).next_power_of_two(),
        c => ((c as u64 * 8) / 7).next_power_of_two(),
    }
}

/// Bytes of a table with `buckets` buckets of entries of `slot` bytes.
fn table(buckets: u64, slot: usize) -> u64 {
    if buckets == 0 {
        0
    } else {
        buckets * (slot as u64 + 1) + GROUP_WIDTH
    }
}

/// Bytes a hash table holds now.
pub(crate) fn map_bytes<K, V, S: BuildHasher>(m: &HashMap<K, V, S>) -> u64 {
    table(buckets(m.capacity()), size_of::<(K, V)>())
}

/// Bytes the table allocates if `more` inserts come: its grown copy (twice the buckets), 0 if
/// it has room.
pub(crate) fn map_growth<K, V, S: BuildHasher>(m: &HashMap<K, V, S>, more: usize) -> u64 {
    if m.len() + more <= m.capacity() {
        return 0;
    }
    // hashbrown sizes the new table for the larger of the items wanted and one more than it
    // holds now.
    let items = (m.len() + more).max(m.capacity() + 1) as u64;
    let grown = match items {
        0..4 => 4,
        4..8 => 8,
        n => (n * 8).div_ceil(7).next_power_of_two(),
    };
    table(grown, size_of::<(K, V)>())
}

/// Bytes a vector holds now.
pub(crate) fn vec_bytes<T>(v: &Vec<T>) -> u64 {
    (v.capacity() * size_of::<T>()) as u64
}

/// Bytes the vector allocates if `more` pushes come: its grown copy (twice the capacity, at
/// least 4 elements), 0 if it has room.
pub(crate) fn vec_growth<T>(v: &Vec<T>, more: usize) -> u64 {
    growth(v.len(), v.capacity(), more, size_of::<T>())
}

/// [`vec_growth`] for any vector-backed sequence (a `BinaryHeap`) of `len` elements of `elem`
/// bytes in `capacity`.
pub(crate) fn growth(len: usize, capacity: usize, more: usize, elem: usize) -> u64 {
    if len + more <= capacity {
        return 0;
    }
    let grown = (capacity * 2).max(len + more).max(4);
    (grown * elem) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    #[test]
    fn growth_is_seen_before_it_happens() {
        let mut m: FxHashMap<u128, u16> = FxHashMap::default();
        let mut grown_at = Vec::new();
        for i in 0..100_000u128 {
            let predicted = map_growth(&m, 1);
            let before = m.capacity();
            m.insert(i, 0);
            if m.capacity() != before {
                // every real growth was announced, with the new table's size
                assert!(predicted > 0, "growth at {i} was not predicted");
                assert_eq!(predicted, map_bytes(&m), "at {i}");
                grown_at.push(i);
            } else {
                assert_eq!(
                    predicted, 0,
                    "a growth was predicted at {i} that did not come"
                );
            }
        }
        assert!(grown_at.len() > 10);
        // a slot of (u128, u16) is 32 bytes with its padding, plus one control byte
        assert_eq!(map_bytes(&m), buckets(m.capacity()) * 33 + GROUP_WIDTH);

        let mut v: Vec<u128> = Vec::new();
        for i in 0..10_000u128 {
            let predicted = vec_growth(&v, 1);
            let before = v.capacity();
            v.push(i);
            if v.capacity() != before {
                assert_eq!(predicted, vec_bytes(&v), "at {i}");
            } else {
                assert_eq!(predicted, 0);
            }
        }
    }
}
