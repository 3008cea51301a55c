//! Which boards a beam keeps at a depth: the lowest of a layer's children whose boards differ
//! (told apart by Zobrist keys), read back in the order they were generated, and none kept at
//! a recent depth when the beam's shape says so (see `Shape::once` in `beam.rs`).
use rustc_hash::FxHashSet;

/// Random keys for (label, cell) pairs, `keys[label * cells + cell]`, from a fixed seed
/// (SplitMix64): a board's key is the xor of its pairs', so a move updates it with two xors.
pub(crate) fn zobrist_keys(cells: usize) -> Vec<u64> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..cells * cells)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect()
}

/// The boards a beam kept at its latest depths, as 32-bit fingerprints of their keys in
/// buckets of four, a key's bucket chosen by its high bits, at least a bucket per board of the
/// widest depth. A key that finds its bucket full pushes out the oldest, so the table forgets
/// the oldest boards first and may forget a recent one (a few in a hundred of the depth two
/// before). Two keys with the same bucket and fingerprint are one board to it (a chance in
/// 2³¹ per probe).
///
/// Recent boards are the ones that matter: on fixed-width beams over 6×6 and 7×7 boards that
/// kept every board out of every later depth, every return but a handful in 100 000 was to a
/// board of the depth two before (the parity of the blank's moves rules out odd gaps). A hash
/// set of every board grew past the caches, and its misses took most of the beam's time (7×7,
/// 20 000 wide: 2.4–2.8 times the time of a beam without it); this table stays within a core's
/// second-level cache on the widths a player's wait allows.
#[derive(Debug)]
pub(crate) struct Closed {
    buckets: Vec<[u32; 4]>,
    /// `64 − log2(buckets)`: a key's bucket is its top bits.
    shift: u32,
}

impl Closed {
    pub(crate) fn new() -> Closed {
        let buckets = 1 << 8;
        Closed {
            buckets: vec![[0; 4]; buckets],
            shift: 64 - buckets.trailing_zeros(),
        }
    }

    /// `key`'s bucket and fingerprint (never zero, which marks an empty slot).
    fn place(&self, key: u64) -> (usize, u32) {
        ((key >> self.shift) as usize, key as u32 | 1)
    }

    /// Whether the table holds `key`.
    pub(crate) fn contains(&self, key: u64) -> bool {
        let (b, print) = self.place(key);
        self.buckets[b].contains(&print)
    }

    /// Adds `key`, the newest in its bucket.
    pub(crate) fn insert(&mut self, key: u64) {
        let (b, print) = self.place(key);
        Self::push(&mut self.buckets[b], print);
    }

    fn push(bucket: &mut [u32; 4], print: u32) {
        if !bucket.contains(&print) {
            bucket.copy_within(0..3, 1);
            bucket[0] = print;
        }
    }

    /// Grows the table to hold depths of `width` boards. A grown table keeps only `recent`
    /// (the fingerprints do not say where the rest would go): the previous depth's boards, the
    /// next depth's returns.
    pub(crate) fn fit(&mut self, width: usize, recent: &[u64]) {
        let want = width.next_power_of_two();
        if want > self.buckets.len() {
            self.buckets = vec![[0; 4]; want];
            self.shift = 64 - want.trailing_zeros();
            for &key in recent {
                self.insert(key);
            }
        }
    }

    /// The bytes the table holds.
    pub(crate) fn bytes(&self) -> u64 {
        self.buckets.len() as u64 * 16
    }
}

/// An odd multiplier (the golden ratio's bits) and its inverse modulo 2³²: multiplying a
/// candidate's index by it spreads neighbouring indices far apart, and reverses.
const SPREAD: u32 = 0x9E37_79B9;
const SPREAD_INVERSE: u32 = {
    // Newton's iteration doubles the correct low bits each step: 3, 6, 12, 24, 48
    let mut inverse = SPREAD;
    let mut step = 0;
    while step < 4 {
        inverse = inverse.wrapping_mul(2u32.wrapping_sub(SPREAD.wrapping_mul(inverse)));
        step += 1;
    }
    inverse
};

/// A candidate's index, scrambled: the tie-break among equal ranks.
pub(crate) fn scramble(index: usize) -> u32 {
    (index as u32).wrapping_mul(SPREAD)
}

/// The index back from the low 32 bits of an ordering word.
pub(crate) fn unscramble(word: u64) -> usize {
    (word as u32).wrapping_mul(SPREAD_INVERSE) as usize
}

/// Leaves in `order` its `width` lowest entries (all when fewer) whose boards differ, a board
/// reached twice kept once: the lowest of the rest chosen first, and duplicates dropped only
/// among those, so that the rest is never hashed. `key_of` gives an entry's board key.
pub(crate) fn lowest_distinct(
    order: &mut Vec<u64>,
    key_of: impl Fn(u64) -> u64,
    width: usize,
    seen: &mut FxHashSet<u64>,
) {
    seen.clear();
    // order[..kept]: distinct boards, each lower than every entry after them
    let mut kept = 0;
    // a quarter more than the width: duplicates are a few percent of a layer
    let mut take = width + width / 4 + 16;
    while kept < width && kept < order.len() {
        let end = (kept + take).min(order.len());
        if end < order.len() {
            order[kept..].select_nth_unstable(end - kept);
        }
        let mut to = kept;
        for from in kept..end {
            let o = order[from];
            if seen.insert(key_of(o)) {
                order[to] = o;
                to += 1;
            }
        }
        order.drain(to..end);
        kept = to;
        take = 2 * (width - kept.min(width)) + 16;
    }
    if kept > width {
        order[..kept].select_nth_unstable(width);
    }
    order.truncate(width.min(kept));
}

/// Replaces `order`'s ordering words by their candidates' indices (see [`unscramble`]), all
/// below `len`, ascending: a bit per index set and read back, not a sort.
pub(crate) fn in_index_order(order: &mut [u64], len: usize, marks: &mut Vec<u64>) {
    marks.clear();
    marks.resize(len.div_ceil(64), 0);
    for &o in order.iter() {
        let i = unscramble(o);
        marks[i / 64] |= 1 << (i % 64);
    }
    let mut out = order.iter_mut();
    for (word, &bits) in marks.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            *out.next().expect("one entry per bit") =
                (word * 64 + bits.trailing_zeros() as usize) as u64;
            bits &= bits - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The table holds what was added; a bucket full of newer boards forgets the oldest, and
    /// only it; growing keeps the recent boards it is given.
    #[test]
    fn the_table_forgets_the_oldest_first() {
        let mut closed = Closed::new();
        let keys: Vec<u64> = (1..=200u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys {
            closed.insert(k);
        }
        assert!(keys.iter().all(|&k| closed.contains(k)));
        assert!(!closed.contains(0x1234_5678_9ABC_DEF1));
        // five keys in one bucket (same high bits), told apart by their low bits
        let same = |low: u64| 0xABCD_0000_0000_0000 | low << 1;
        for low in 1..=5 {
            closed.insert(same(low));
        }
        assert!(!closed.contains(same(1)));
        assert!((2..=5).all(|low| closed.contains(same(low))));
        // adding a board held does not push another out
        closed.insert(same(2));
        assert!((2..=5).all(|low| closed.contains(same(low))));
        let before = closed.bytes();
        closed.fit(100_000, &keys[..10]);
        assert!(closed.bytes() > before && closed.bytes() >= 100_000 * 16);
        assert!(keys[..10].iter().all(|&k| closed.contains(k)));
        assert!(!closed.contains(keys[100]));
        // a table wide enough already is left as it is
        closed.fit(1_000, &[]);
        assert!(keys[..10].iter().all(|&k| closed.contains(k)));
    }

    /// The choice keeps distinct boards ranked as the plain one's (sort, drop later duplicates,
    /// take the first `width`), for widths from none to more than the entries, with many
    /// duplicates.
    #[test]
    fn the_lowest_distinct_entries_are_kept() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut seen = FxHashSet::default();
        for round in 0..40 {
            let len = rng.random_range(0..3_000);
            let boards = rng.random_range(1..400u64);
            // rank in the high half, index in the low; a board always has the same rank
            let board_of: Vec<u64> = (0..len).map(|_| rng.random_range(0..boards)).collect();
            let entries: Vec<u64> = board_of
                .iter()
                .enumerate()
                .map(|(i, &b)| (b * 7 % 50) << 32 | i as u64)
                .collect();
            let key_of = |o: u64| board_of[o as u32 as usize];
            for width in [0, 1, 17, 200, 5_000] {
                let mut plain = entries.clone();
                plain.sort_unstable();
                let mut taken = FxHashSet::default();
                plain.retain(|&o| taken.insert(key_of(o)));
                plain.truncate(width);
                let mut chosen = entries.clone();
                lowest_distinct(&mut chosen, key_of, width, &mut seen);
                // which of a board's entries stays, and which of boards ranked alike, is the
                // choice's own: the ranks are the plain choice's, the boards distinct
                let ranks = |entries: &[u64]| {
                    let mut r: Vec<u64> = entries.iter().map(|&o| o >> 32).collect();
                    r.sort_unstable();
                    r
                };
                assert_eq!(
                    ranks(&chosen),
                    ranks(&plain),
                    "round {round}, width {width}"
                );
                let distinct: FxHashSet<u64> = chosen.iter().map(|&o| key_of(o)).collect();
                assert_eq!(distinct.len(), chosen.len());
                assert!(chosen.iter().all(|o| entries.contains(o)));
            }
        }
    }

    /// The tie-break's scrambling is undone exactly, for indices as large as a layer gets.
    #[test]
    fn scrambled_indices_come_back() {
        assert_eq!(SPREAD.wrapping_mul(SPREAD_INVERSE), 1);
        for i in [0, 1, 2, 1_000, 4 << 20, u32::MAX as usize] {
            assert_eq!(unscramble(7 << 32 | scramble(i) as u64), i);
        }
    }

    /// Ordering words come back as their indices, ascending.
    #[test]
    fn entries_come_back_in_index_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut marks = Vec::new();
        for len in [0, 1, 63, 64, 65, 1_000] {
            let mut indices: Vec<u64> = (0..len as u64).filter(|_| rng.random_bool(0.4)).collect();
            let mut order: Vec<u64> = indices
                .iter()
                .map(|&i| (i * 13 % 7) << 32 | scramble(i as usize) as u64)
                .collect();
            order.reverse();
            in_index_order(&mut order, len, &mut marks);
            indices.sort_unstable();
            assert_eq!(order, indices);
        }
    }
}
