//! Admissible estimates of the moves left, behind one [`Heuristic`] trait.
//!
//! Every heuristic is built for one goal (any arrangement) and never overestimates, so the
//! searches that use it stay optimal. Searches carry a small [`Heuristic::Eval`] along their path
//! and update it per move instead of re-reading the whole board.
pub mod far_tiles;
pub mod linear_conflict;
pub mod manhattan;
pub mod pattern_db;
pub mod zero;

pub use far_tiles::FarTiles;
pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use pattern_db::{canonical_goal, PatternDb, PdbHeuristic};
pub use zero::Zero;

/// An admissible estimate of the distance to one goal.
pub trait Heuristic: Send + Sync {
    /// What a search keeps per node so a move can update the estimate cheaply.
    type Eval: Copy + Send + Sync;

    /// A short name (`"manhattan"`).
    fn name(&self) -> &'static str;

    /// Evaluates a whole board. `tiles[cell]` is the label at a cell, `pos[label]` its cell.
    fn init(&self, tiles: &[u8], pos: &[u8]) -> Self::Eval;

    /// The estimate held in `eval`.
    fn value(&self, eval: &Self::Eval) -> u32;

    /// The evaluation after `tile` slid from `from` to `to`; `tiles` and `pos` already show the
    /// board after the move.
    fn update(
        &self,
        eval: &Self::Eval,
        tiles: &[u8],
        pos: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::Eval;

    /// Like [`Heuristic::update`], for searches that only keep children whose estimate is at
    /// most `max`: `Err(v)` with `max < v ≤` the full estimate when the child is over. A
    /// heuristic made of several lookups may stop at the first that goes over `max`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn update_within(
        &self,
        eval: &Self::Eval,
        tiles: &[u8],
        pos: &[u8],
        tile: u8,
        from: usize,
        to: usize,
        max: u32,
    ) -> Result<Self::Eval, u32> {
        let next = self.update(eval, tiles, pos, tile, from, to);
        match self.value(&next) {
            v if v > max => Err(v),
            _ => Ok(next),
        }
    }

    /// How a beam orders boards of one depth, lower first: the estimate by default. A
    /// heuristic that reads the board in several ways may break ties among equal estimates
    /// with what the other readings say.
    #[inline(always)]
    fn rank(&self, eval: &Self::Eval) -> u32 {
        self.value(eval)
    }

    /// Convenience: the estimate for a board given as tiles.
    fn estimate(&self, tiles: &[u8]) -> u32 {
        let mut pos = vec![0u8; tiles.len()];
        for (cell, &t) in tiles.iter().enumerate() {
            pos[t as usize] = cell as u8;
        }
        self.value(&self.init(tiles, &pos))
    }
}

/// The goal cell of every label, and distances on the grid, shared by the heuristics.
#[derive(Debug, Clone)]
pub(crate) struct Geometry {
    pub size: usize,
    /// `goal_pos[label]` = goal cell.
    pub goal_pos: Vec<u8>,
}

impl Geometry {
    pub fn new(goal: &crate::Board) -> Geometry {
        Geometry {
            size: goal.size(),
            goal_pos: goal.positions(),
        }
    }

    /// Taxicab distance between two cells.
    pub fn distance(&self, a: usize, b: usize) -> u32 {
        crate::board::taxicab(self.size, a, b)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    //! Checks every heuristic against exact distances on 3×3 and 2×2.
    use super::*;
    use crate::search::bfs::distance_table;
    use crate::Board;

    /// Asserts `h` is admissible (and, if asked, consistent) over every state reachable from
    /// `goal`, that it is 0 at the goal, and that incremental updates equal full evaluation.
    pub fn check_against_bfs<H: Heuristic>(h: &H, goal: &Board, consistent: bool) {
        assert_eq!(h.estimate(goal.tiles()), 0);
        let table = distance_table(goal).unwrap();
        for (board, dist) in &table {
            let est = h.estimate(board.tiles());
            assert!(
                est <= *dist,
                "{} overestimates {board:?}: {est} > {dist}",
                h.name()
            );
            let pos = board.positions();
            let eval = h.init(board.tiles(), &pos);
            for dir in board.legal_moves() {
                let mut next = board.clone();
                let from = crate::board::step(board.size(), board.blank(), dir).unwrap();
                let tile = next.apply(dir).unwrap();
                let npos = next.positions();
                let upd = h.update(&eval, next.tiles(), &npos, tile, from, board.blank());
                let full = h.estimate(next.tiles());
                assert_eq!(h.value(&upd), full, "incremental {} differs", h.name());
                assert!(
                    !consistent || (est <= full + 1 && full <= est + 1),
                    "{} is not consistent at {board:?}",
                    h.name()
                );
            }
        }
    }

    #[test]
    fn manhattan_and_linear_conflict_are_admissible_for_several_goals() {
        for blank in [8, 0, 4, 1] {
            let goal = Board::goal_with_blank(3, blank).unwrap();
            check_against_bfs(&Manhattan::new(&goal), &goal, true);
            check_against_bfs(&LinearConflict::new(&goal), &goal, true);
            check_against_bfs(&Zero, &goal, true);
        }
    }

    #[test]
    fn linear_conflict_beats_manhattan_somewhere_and_never_loses() {
        let goal = Board::goal(3).unwrap();
        let m = Manhattan::new(&goal);
        let lc = LinearConflict::new(&goal);
        let table = distance_table(&goal).unwrap();
        let mut better = 0;
        for (b, _) in &table {
            let (a, c) = (m.estimate(b.tiles()), lc.estimate(b.tiles()));
            assert!(c >= a);
            better += usize::from(c > a);
        }
        assert!(
            better > 10_000,
            "linear conflict added to only {better} states"
        );
    }
}
