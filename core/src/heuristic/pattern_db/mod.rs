//! Additive disjoint pattern databases (Korf & Felner 2002).
//!
//! The non-blank tiles are split into groups. For each group a backward breadth-first search
//! from the goal over (group tiles + blank) states counts only the moves of the group's own
//! tiles (blank moves through other cells cost 0, so it is a 0-1 BFS); the table keeps, per
//! placement of the group's tiles, the least cost over all blank cells. Each move moves one tile,
//! so it is counted by at most one group and the sum over groups never overestimates.
//! Where the goal's blank lies on the main diagonal the board can also be read transposed (the
//! tiles relabelled so the goal maps to itself) and the larger of the two sums is used.
//!
//! Tables are derived here and only here; they serialise to bytes with a versioned header and a
//! checksum so apps can cache them.
//!
//! One file per concern: `index.rs` ranks placements of tiles on cells, `partition.rs` splits
//! the tiles into groups and maps goals onto the canonical ones, `build.rs` derives the tables,
//! `format.rs` reads and writes their bytes, `summed.rs` sums them as they are read, `table.rs`
//! holds a table's bytes (its own, or borrowed from a file `mapped.rs` maps), and
//! `lookup.rs` reads a board through them as a [`Heuristic`](super::Heuristic).
mod build;
mod format;
mod index;
mod lookup;
mod mapped;
mod partition;
mod summed;
mod table;

pub use crate::error::PdbError;
pub use build::GroupTable;
pub use format::FORMAT_VERSION;
pub use index::placements;
pub(crate) use lookup::{Flat4x4, Reading4x4};
pub use lookup::{PdbEval, PdbHeuristic};
pub use partition::{canonical_goal, partition};
pub use table::SharedBytes;
use table::Table;

/// The board sides pattern databases are built for.
pub const SIZES: std::ops::RangeInclusive<usize> = 2..=5;

/// An entry no search has reached yet (only while building).
const UNSEEN: u8 = u8::MAX;

/// One group of tiles and its table.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Group {
    tiles: Vec<u8>,
    /// Moves of this group's tiles to their goal, indexed by the tiles' cells: by [`rank`](index::rank)
    /// (compact, as built and stored), or when `sparse` by `Σ cell_i · cells^(k−1−i)`, which a move
    /// updates with one addition. Unused sparse entries hold 0. Its own bytes, or borrowed
    /// from the file it was loaded from.
    table: Table,
    sparse: bool,
}

/// Additive pattern databases for one goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternDb {
    size: usize,
    goal: Vec<u8>,
    groups: Vec<Group>,
    /// `group_of[label]`, `NO_GROUP` for the blank.
    group_of: Vec<u8>,
    /// Present when the goal's blank is on the main diagonal.
    reflection: Option<Reflection>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Reflection {
    /// `transpose[cell]` = the cell mirrored in the main diagonal.
    transpose: Vec<u8>,
    /// `relabel[label]` = the goal label at the mirror of `label`'s goal cell (an involution).
    relabel: Vec<u8>,
    /// `group_of[label]` = the group whose reflected part changes when `label` moves.
    group_of: Vec<u8>,
}

const NO_GROUP: u8 = u8::MAX;

/// Most cells a database's board has (5×5).
const MAX_CELLS: usize = 25;
/// Most groups a database may have (5×5 has five) and most tiles in one (3×3's exact table
/// has eight); files claiming more are refused.
const MAX_GROUPS: usize = 5;
const MAX_GROUP_TILES: usize = 8;

impl PatternDb {
    fn assemble(size: usize, goal: Vec<u8>, groups: Vec<Group>) -> PatternDb {
        let cells = size * size;
        let groups: Vec<Group> = groups.into_iter().map(|g| g.into_lookup(cells)).collect();
        let mut group_of = vec![NO_GROUP; cells];
        for (g, group) in groups.iter().enumerate() {
            for &t in &group.tiles {
                group_of[t as usize] = g as u8;
            }
        }
        let blank = goal.iter().position(|&t| t == 0).expect("goal has a blank");
        let reflection = (blank / size == blank % size && groups.len() > 1).then(|| {
            let transpose: Vec<u8> = (0..cells)
                .map(|c| ((c % size) * size + c / size) as u8)
                .collect();
            let mut goal_pos = vec![0u8; cells];
            for (c, &t) in goal.iter().enumerate() {
                goal_pos[t as usize] = c as u8;
            }
            let relabel: Vec<u8> = (0..cells)
                .map(|t| goal[transpose[goal_pos[t] as usize] as usize])
                .collect();
            let reflected_group_of = (0..cells).map(|t| group_of[relabel[t] as usize]).collect();
            Reflection {
                transpose,
                relabel,
                group_of: reflected_group_of,
            }
        });
        PatternDb {
            size,
            goal,
            groups,
            group_of,
            reflection,
        }
    }

    /// Side length.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The goal these tables are for.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The tiles of each group.
    pub fn groups(&self) -> Vec<Vec<u8>> {
        self.groups.iter().map(|g| g.tiles.clone()).collect()
    }

    /// Whether the groups are the ones [`partition()`] gives this goal today. Tables of an
    /// earlier partition (read from an older cache) still give optimal solutions, only slower:
    /// a caller that can rebuild them should.
    pub fn groups_are_current(&self) -> bool {
        let blank = self
            .goal
            .iter()
            .position(|&t| t == 0)
            .expect("goal has a blank");
        partition(self.size, blank).is_ok_and(|groups| {
            groups.len() == self.groups.len()
                && groups.iter().zip(&self.groups).all(|(cells, g)| {
                    cells.len() == g.tiles.len()
                        && cells.iter().zip(&g.tiles).all(|(&c, &t)| self.goal[c] == t)
                })
        })
    }

    /// Whether the transposed lookup is used too.
    pub fn uses_reflection(&self) -> bool {
        self.reflection.is_some()
    }

    /// Table bytes in memory (sparse tables included; the byte format stays compact).
    pub fn table_bytes(&self) -> usize {
        self.groups.iter().map(|g| g.table.len()).sum()
    }
}
