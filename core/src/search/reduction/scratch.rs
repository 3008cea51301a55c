//! What the reduction's searches reuse: the pair search's buffers, the group searches' pair
//! tables, and the lines and finishes a beam found, which each wider beam reaches again. What
//! it holds counts against the memory limit.
use rustc_hash::FxHashMap;

use super::{Line, Region};
use crate::board::Direction;
use crate::error::SolveError;
use crate::limits::Budget;

/// Buffers and tables the placements reuse, and what the beam found before, which each wider
/// beam reaches again: the moves of each line taken (by board, region and line) and each finish (by
/// board and region).
pub(super) struct Scratch {
    pub(super) came: Vec<u8>,
    pub(super) queue: Vec<u32>,
    /// The pair tables of the group searches, by the box's cells (one bit each) and the pair's
    /// two homes.
    pub(super) pairs: FxHashMap<(u64, u8, u8), Vec<u8>>,
    /// What the tables of `pairs` hold, in bytes.
    pub(super) pair_bytes: u64,
    /// The most the tables of `pairs` may hold ([`PAIR_TABLE_BYTES`] unless a test says less).
    pub(super) pair_table_bytes: u64,
    pub(super) lines: FxHashMap<(Vec<u8>, Region, Line), Vec<Direction>>,
    pub(super) finishes: FxHashMap<(Vec<u8>, Region), Vec<Direction>>,
    /// What the entries of `lines` and `finishes` hold on the heap, in bytes.
    kept_bytes: u64,
}

impl Scratch {
    /// What the buffers and the kept lines and finishes hold, in bytes: the tables' slots
    /// (each an entry and a control byte) and the entries' heap parts.
    pub(super) fn bytes(&self) -> u64 {
        let slots = |slots: usize, entry: usize| (slots * (entry + 1)) as u64;
        self.came.capacity() as u64
            + self.queue.capacity() as u64 * 4
            + self.pair_bytes
            + slots(
                self.lines.capacity(),
                std::mem::size_of::<((Vec<u8>, Region, Line), Vec<Direction>)>(),
            )
            + slots(
                self.finishes.capacity(),
                std::mem::size_of::<((Vec<u8>, Region), Vec<Direction>)>(),
            )
            + self.kept_bytes
    }

    /// Keeps the moves of a line taken, charging what it holds to `budget`'s memory limit.
    pub(super) fn keep_line(
        &mut self,
        key: (Vec<u8>, Region, Line),
        moves: Vec<Direction>,
        budget: &mut Budget,
    ) -> Result<(), SolveError> {
        self.kept_bytes += (key.0.capacity() + moves.capacity()) as u64;
        self.lines.insert(key, moves);
        budget.memory(self.lines.len() + self.finishes.len(), self.bytes())
    }

    /// Keeps a finish, charging what it holds to `budget`'s memory limit.
    pub(super) fn keep_finish(
        &mut self,
        key: (Vec<u8>, Region),
        moves: Vec<Direction>,
        budget: &mut Budget,
    ) -> Result<(), SolveError> {
        self.kept_bytes += (key.0.capacity() + moves.capacity()) as u64;
        self.finishes.insert(key, moves);
        budget.memory(self.lines.len() + self.finishes.len(), self.bytes())
    }

    /// Drops the kept pair tables when `bytes` more would take them past their bound.
    pub(super) fn make_room_for_pairs(&mut self, bytes: u64) {
        if self.pair_bytes + bytes > self.pair_table_bytes {
            self.pairs.clear();
            self.pair_bytes = 0;
        }
    }

    /// Keeps a pair table (after [`Scratch::make_room_for_pairs`]).
    pub(super) fn keep_pair_table(&mut self, key: (u64, u8, u8), table: Vec<u8>) {
        self.pair_bytes += table.len() as u64;
        self.pairs.insert(key, table);
    }
}

/// The most the kept pair tables hold.
const PAIR_TABLE_BYTES: u64 = 32 << 20;

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            came: Vec::new(),
            queue: Vec::new(),
            pairs: FxHashMap::default(),
            lines: FxHashMap::default(),
            finishes: FxHashMap::default(),
            kept_bytes: 0,
            pair_bytes: 0,
            pair_table_bytes: PAIR_TABLE_BYTES,
        }
    }
}
