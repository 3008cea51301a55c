//! A beam's ordering for large boards: an admissible estimate, plus a charge for every tile
//! standing more than one cell from home.
//!
//! Near the goal a beam ordered by linear conflict alone prefers a board with nearly every tile
//! home and a few tiles far away (a low estimate) to one with many tiles a cell off. The far
//! tiles are the dear ones: each must travel through placed tiles, some five moves a cell,
//! where the estimate counts one. On 8×8 such beams fell steadily to an estimate of 6–10 and
//! then circled for hundreds of moves among the last tiles; charging each tile its distance
//! beyond the first cell keeps the beam bringing far tiles home while it can do so cheaply.
//! Fifteen 8×8 boards with beams 4 000 wide (`bench-large`'s boards, and fifteen more): median
//! length / Manhattan 1.72 and 1.61 instead of 1.89 and 1.88, worst 1.85 and 1.81 instead of
//! 6.38 and 2.43. Half that charge and one and a half times it both did worse. In Auto at 1 s
//! (`bench-large`, two runs each beside the build before): 6×6 median 1.40–1.43 against 1.47,
//! worst 1.59 against 1.62–1.69; 7×7 median 1.56–1.57 against 1.57–1.63; 8×8 unchanged
//! (1.71–1.77 against 1.71, worst 2.06–2.08 against 2.02–2.23): there a beam of the width a
//! second allows still falls short of the goal on some boards, and the reduction's path stays.
//!
//! The estimate itself is unchanged, so a search's lower bound stays honest; only
//! [`Heuristic::rank`] sees the charge.
use super::{Heuristic, Manhattan};
use crate::Board;

/// `H`'s estimate, ranked with a charge of one per cell that a tile stands beyond the first
/// from its goal cell.
#[derive(Debug, Clone)]
pub struct FarTiles<H> {
    inner: H,
    manhattan: Manhattan,
}

impl<H: Heuristic> FarTiles<H> {
    /// `inner`, ranked for a beam toward `goal` (the goal `inner` was built for).
    pub fn new(inner: H, goal: &Board) -> FarTiles<H> {
        FarTiles {
            inner,
            manhattan: Manhattan::new(goal),
        }
    }

    /// The charge for `label` standing at `cell`.
    #[inline(always)]
    fn charge(&self, label: u8, cell: usize) -> u32 {
        self.manhattan.tile_distance(label, cell).saturating_sub(1)
    }
}

impl<H: Heuristic> Heuristic for FarTiles<H> {
    /// The inner evaluation and the sum of the charges.
    type Eval = (H::Eval, u32);

    /// The inner heuristic's name: the estimate is its own.
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn init(&self, tiles: &[u8], pos: &[u8]) -> Self::Eval {
        let far = tiles
            .iter()
            .enumerate()
            .map(|(cell, &t)| self.charge(t, cell))
            .sum();
        (self.inner.init(tiles, pos), far)
    }

    #[inline(always)]
    fn value(&self, eval: &Self::Eval) -> u32 {
        self.inner.value(&eval.0)
    }

    #[inline(always)]
    fn update(
        &self,
        eval: &Self::Eval,
        tiles: &[u8],
        pos: &[u8],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::Eval {
        let inner = self.inner.update(&eval.0, tiles, pos, tile, from, to);
        let far = eval.1 + self.charge(tile, to) - self.charge(tile, from);
        (inner, far)
    }

    /// The estimate plus the charges.
    #[inline(always)]
    fn rank(&self, eval: &Self::Eval) -> u32 {
        self.inner.value(&eval.0) + eval.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::tests::check_against_bfs;
    use crate::heuristic::LinearConflict;
    use crate::text::parse_board;

    /// The estimate is linear conflict's, admissible and updated exactly on every 3×3 board.
    #[test]
    fn the_estimate_is_the_inner_one() {
        for blank in [0, 4, 8] {
            let goal = Board::goal_with_blank(3, blank).unwrap();
            check_against_bfs(
                &FarTiles::new(LinearConflict::new(&goal), &goal),
                &goal,
                false,
            );
        }
    }

    /// A board with one tile six cells from home ranks behind one with six tiles a cell from
    /// home, which linear conflict rates alike; the charge follows every move.
    #[test]
    fn far_tiles_rank_behind_near_ones() {
        use crate::Direction::{Down, Left, Right, Up};
        let goal = Board::goal(4).unwrap();
        let h = FarTiles::new(LinearConflict::new(&goal), &goal);
        let eval = |b: &Board| h.init(b.tiles(), &b.positions());
        // tile 1 in the blank's home and the blank in 1's
        let far = parse_board("0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 1").unwrap();
        // the blank walked along the bottom row and up the first column: six tiles a cell off
        let mut near = goal.clone();
        near.apply_all(&[Left, Left, Left, Up, Up, Up]).unwrap();
        let (f, n) = (eval(&far), eval(&near));
        assert_eq!((h.value(&f), f.1), (6, 5));
        assert_eq!((h.value(&n), n.1), (6, 0));
        assert!(h.rank(&f) > h.rank(&n));
        // after each move the update equals the whole board's evaluation
        let mut board = near;
        let mut e = n;
        for dir in [Right, Down, Right, Right, Up, Left] {
            let blank = board.blank();
            let tile = board.apply(dir).unwrap();
            e = h.update(
                &e,
                board.tiles(),
                &board.positions(),
                tile,
                board.blank(),
                blank,
            );
            assert_eq!(e, eval(&board), "after {dir:?}");
        }
    }
}
