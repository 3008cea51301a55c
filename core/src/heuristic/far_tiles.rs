//! A beam's ordering for large boards: an admissible estimate, plus a charge for every tile
//! standing more than one cell from home and for every two tiles standing in each other's home.
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
//! Swapped tiles are the other trap. With far tiles charged, 8×8 beams still fell to an
//! estimate of 6–10 and circled there, now with tiles a cell off: two neighbours in each other's
//! home (linear conflict counts 4; moving them past each other through placed tiles takes
//! twenty moves and more) or four turned round a 2×2 square. Auto's paced beam then found no
//! path shorter than the reduction's on half of `bench-large`'s fifteen 8×8 boards. Charging a
//! swapped pair [`SWAP_CHARGE`] keeps the beam from making swaps it cannot afford to undo. In
//! Auto at 1 s (`bench-large`, thirty 8×8 boards, two runs each in one session): median
//! length / Manhattan 1.70 and 1.66, worst 2.06 and 2.01, against 1.78 and 1.91, worst 2.41
//! and 2.33 without; a charge of 8 gave 1.69 and 1.75 (worst 2.05, 2.11). On fifteen boards,
//! three runs with 12 or 8 gave medians 1.60–1.67 against 1.69–1.77. 7×7 (thirty other boards):
//! 1.56 / 1.85 against 1.56 / 1.88; seeds 101–115, worst 1.60–1.67 against 1.86; seeds 1–15,
//! medians 1.57–1.59 against 1.53, worst 1.89–1.91 against 1.80; 6×6 unchanged (1.42–1.44).
//! Charging every 2×2 square that holds its own four tiles out of place as well did no better
//! on 8×8 (medians 1.66–1.74 with or without the swap charge), so only swaps are charged.
//!
//! The estimate itself is unchanged, so a search's lower bound stays honest; only
//! [`Heuristic::rank`] sees the charge.
use super::{Heuristic, Manhattan};
use crate::Board;

/// What a beam's ranking adds for two tiles standing in each other's home (see the module
/// documentation).
pub const SWAP_CHARGE: u32 = 12;

/// `H`'s estimate, ranked with a charge of one per cell that a tile stands beyond the first
/// from its goal cell, and [`SWAP_CHARGE`] for every two tiles in each other's home.
#[derive(Debug, Clone)]
pub struct FarTiles<H> {
    inner: H,
    manhattan: Manhattan,
    /// Each label's goal cell.
    home: [u8; 64],
    /// Each cell's goal label.
    owner: [u8; 64],
}

impl<H: Heuristic> FarTiles<H> {
    /// `inner`, ranked for a beam toward `goal` (the goal `inner` was built for).
    pub fn new(inner: H, goal: &Board) -> FarTiles<H> {
        let mut home = [0u8; 64];
        let mut owner = [0u8; 64];
        for (cell, &label) in goal.tiles().iter().enumerate() {
            home[label as usize] = cell as u8;
            owner[cell] = label;
        }
        FarTiles {
            inner,
            manhattan: Manhattan::new(goal),
            home,
            owner,
        }
    }

    /// The charge for `label` standing at `cell`.
    #[inline(always)]
    fn charge(&self, label: u8, cell: usize) -> u32 {
        self.manhattan.tile_distance(label, cell).saturating_sub(1)
    }

    /// [`SWAP_CHARGE`] when `label` stands at `cell` and the tile whose home `cell` is stands in
    /// `label`'s home (`pos[label]` is each label's cell), else 0.
    #[inline(always)]
    fn swap_charge(&self, label: u8, cell: usize, pos: &[u8]) -> u32 {
        let other = self.owner[cell & 63];
        let swapped =
            other != 0 && other != label && pos[other as usize] == self.home[label as usize & 63];
        SWAP_CHARGE * swapped as u32
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
            .map(|(cell, &t)| {
                // a swapped pair charged once, at its lower label
                let swap = match t != 0 && t < self.owner[cell] {
                    true => self.swap_charge(t, cell, pos),
                    false => 0,
                };
                self.charge(t, cell) + swap
            })
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
        // only pairs with the moved tile change: it leaves one cell's owner and meets another's
        let far = eval.1 + self.charge(tile, to) + self.swap_charge(tile, to, pos)
            - self.charge(tile, from)
            - self.swap_charge(tile, from, pos);
        (inner, far)
    }

    /// The estimate plus the charges (far tiles' and swapped pairs').
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

    /// Two neighbours in each other's home rank [`SWAP_CHARGE`] behind the same board with them
    /// home, beyond what linear conflict adds; and along a long random walk from a board full of
    /// swaps, each made or undone on the way, every update equals the whole board's evaluation.
    #[test]
    fn swapped_tiles_are_charged_and_updated() {
        use rand::{Rng, SeedableRng};
        let goal = Board::goal(5).unwrap();
        let h = FarTiles::new(LinearConflict::new(&goal), &goal);
        let eval = |b: &Board| h.init(b.tiles(), &b.positions());
        let swap = |b: &Board, a: usize, c: usize| {
            let mut tiles: Vec<u32> = b.tiles().iter().map(|&t| t as u32).collect();
            tiles.swap(a, c);
            Board::from_tiles(&tiles).unwrap()
        };
        // 7 and 8 in one row; 2 and 7 in one column
        for (a, c) in [(6, 7), (1, 6)] {
            let swapped = swap(&goal, a, c);
            let e = eval(&swapped);
            assert_eq!(e.1, SWAP_CHARGE, "cells {a}, {c}");
            assert_eq!(h.rank(&e), h.value(&e) + SWAP_CHARGE);
            assert_eq!(h.value(&e), 4, "linear conflict's own count");
        }
        // two tiles in each other's home three cells apart: a swap, and far tiles
        let far = eval(&swap(&goal, 0, 3));
        assert_eq!(far.1, SWAP_CHARGE + 2 * 2);
        let mut board = [(0, 1), (7, 12), (18, 19), (22, 23)]
            .iter()
            .fold(goal.clone(), |b, &(a, c)| swap(&b, a, c));
        let mut e = eval(&board);
        assert_eq!(e.1, 4 * SWAP_CHARGE);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (mut made, mut undone) = (0, 0);
        for _ in 0..20_000 {
            let moves: Vec<_> = board.legal_moves().collect();
            let dir = moves[rng.random_range(0..moves.len())];
            let blank = board.blank();
            let tile = board.apply(dir).unwrap();
            let next = h.update(
                &e,
                board.tiles(),
                &board.positions(),
                tile,
                board.blank(),
                blank,
            );
            assert_eq!(next, eval(&board), "after {dir:?}");
            let swaps = |e: &(u32, u32)| e.1 / SWAP_CHARGE;
            made += (swaps(&next) > swaps(&e)) as u32;
            undone += (swaps(&next) < swaps(&e)) as u32;
            e = next;
        }
        assert!(made > 0 && undone > 0, "made {made}, undone {undone}");
    }
}
