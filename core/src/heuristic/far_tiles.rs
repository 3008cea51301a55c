//! A beam's ordering for large boards: an admissible estimate, plus a charge for every tile
//! standing more than one cell from home, for every two tiles standing in each other's home and
//! for every 2×2 square of tiles turned a quarter.
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
//!
//! The beams that still stalled did so on 2×2 squares turned a quarter, each tile a cell
//! from home: those are charged [`TURN_CHARGE`]. On thirty 8×8 boards at 1 s, four runs beside
//! the swap charge alone in one session: medians 1.64–1.66 against 1.66–1.70, worsts 1.83–1.98
//! against 1.97–2.23; half that charge gave 1.66 and worsts 1.96–2.31. 7×7 and 6×6 the same or
//! a little shorter. Charging every 2×2 square that holds its own four tiles out of place
//! (swaps within it too) did no better (medians 1.66–1.74), nor charging cycles of up to four
//! tiles whatever their distances from home (medians 1.70–1.74, worsts 1.80–1.89).
//!
//! The estimate itself is unchanged, so a search's lower bound stays honest; only
//! [`Heuristic::rank`] sees the charge.
use super::{Heuristic, Manhattan};
use crate::Board;

/// What a beam's ranking adds for two tiles standing in each other's home (see the module
/// documentation).
pub const SWAP_CHARGE: u32 = 12;

/// What it adds for four tiles turned a quarter round a 2×2 square (each a cell from home, in the
/// next one's home).
pub const TURN_CHARGE: u32 = 12;

/// `H`'s estimate, ranked with a charge of one per cell that a tile stands beyond the first
/// from its goal cell, [`SWAP_CHARGE`] for every two tiles in each other's home and
/// [`TURN_CHARGE`] for every 2×2 square of tiles turned a quarter.
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
        // the board's own tables, in arrays a masked index reads without a bounds check
        let (mut home, mut owner) = ([0u8; 64], [0u8; 64]);
        home[..goal.cells()].copy_from_slice(&goal.positions());
        owner[..goal.cells()].copy_from_slice(goal.tiles());
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

    /// [`TURN_CHARGE`] when `label`, standing at `cell`, the tile in its home, the one in that
    /// one's home and the next come back to `label`, every one of them a cell from home (four
    /// such tiles can only be turned round a 2×2 square: a grid has no cycle of three cells);
    /// else 0. `read(cell)` is the label at a cell.
    #[inline(always)]
    fn turn_charge(&self, label: u8, cell: usize, read: impl Fn(usize) -> u8) -> u32 {
        if self.manhattan.tile_distance(label, cell) != 1 {
            return 0;
        }
        let mut at = self.home[label as usize & 63] as usize;
        let mut next = read(at);
        let mut len = 1;
        while next != label {
            if next == 0 || len == 4 || self.manhattan.tile_distance(next, at) != 1 {
                return 0;
            }
            at = self.home[next as usize & 63] as usize;
            next = read(at);
            len += 1;
        }
        TURN_CHARGE * (len == 4) as u32
    }

    /// Whether no tile on the way from `label` through the tiles in each one's home (at most
    /// four steps, as far as the blank) has a lower label: where a turned square is charged once.
    fn lowest_on_its_way(&self, label: u8, tiles: &[u8]) -> bool {
        let mut next = label;
        for _ in 0..4 {
            next = tiles[self.home[next as usize] as usize];
            if next == 0 {
                break;
            }
            if next < label {
                return false;
            }
        }
        true
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
                if t == 0 {
                    return 0;
                }
                // a swapped pair or a turned square charged once, at its lowest label
                let swap = match t < self.owner[cell] {
                    true => self.swap_charge(t, cell, pos),
                    false => 0,
                };
                let turn = match self.lowest_on_its_way(t, tiles) {
                    true => self.turn_charge(t, cell, |c| tiles[c]),
                    false => 0,
                };
                self.charge(t, cell) + swap + turn
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
        // only the moved tile's pairs and squares change (every other tile reads the same cells)
        let before = |c: usize| match c {
            _ if c == from => tile,
            _ if c == to => 0,
            _ => tiles[c],
        };
        let far = eval.1
            + self.charge(tile, to)
            + self.swap_charge(tile, to, pos)
            + self.turn_charge(tile, to, |c| tiles[c])
            - self.charge(tile, from)
            - self.swap_charge(tile, from, pos)
            - self.turn_charge(tile, from, before);
        (inner, far)
    }

    /// The estimate plus the charges (far tiles', swapped pairs' and turned squares').
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

    type Ranked = FarTiles<LinearConflict>;

    /// `dir` applied to `board`, and `e` (its evaluation before) updated for the move.
    fn moved(
        h: &Ranked,
        board: &mut Board,
        e: &<Ranked as Heuristic>::Eval,
        dir: crate::Direction,
    ) -> <Ranked as Heuristic>::Eval {
        let blank = board.blank();
        let tile = board.apply(dir).unwrap();
        let (tiles, pos) = (board.tiles(), board.positions());
        h.update(e, tiles, &pos, tile, board.blank(), blank)
    }

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
            e = moved(&h, &mut board, &e, dir);
            assert_eq!(e, eval(&board), "after {dir:?}");
        }
    }

    /// Two neighbours in each other's home rank [`SWAP_CHARGE`] behind the same board with them
    /// home, beyond what linear conflict adds, and four turned round a 2×2 square [`TURN_CHARGE`];
    /// along a long random walk from a board full of both, each made or undone on the way, every
    /// update equals the whole board's evaluation.
    #[test]
    fn swapped_and_turned_tiles_are_charged_and_updated() {
        use rand::{Rng, SeedableRng};
        let goal = Board::goal(5).unwrap();
        let h = FarTiles::new(LinearConflict::new(&goal), &goal);
        let eval = |b: &Board| h.init(b.tiles(), &b.positions());
        // each cell's label taken from the next cell of the cycle
        let cycle = |b: &Board, cells: &[usize]| {
            let mut tiles: Vec<u32> = b.tiles().iter().map(|&t| t as u32).collect();
            for (i, &c) in cells.iter().enumerate() {
                tiles[c] = b.tiles()[cells[(i + 1) % cells.len()]] as u32;
            }
            Board::from_tiles(&tiles).unwrap()
        };
        // 7 and 8 in one row; 2 and 7 in one column
        for pair in [[6, 7], [1, 6]] {
            let e = eval(&cycle(&goal, &pair));
            assert_eq!(e.1, SWAP_CHARGE, "cells {pair:?}");
            assert_eq!(h.rank(&e), h.value(&e) + SWAP_CHARGE);
            assert_eq!(h.value(&e), 4, "linear conflict's own count");
        }
        // two tiles in each other's home three cells apart: a swap, and far tiles
        assert_eq!(eval(&cycle(&goal, &[0, 3])).1, SWAP_CHARGE + 2 * 2);
        // a 2×2 square turned a quarter either way; three of its tiles turned, one home, is
        // only far tiles (one of the three stands two cells off)
        for turned in [[6, 7, 12, 11], [6, 11, 12, 7]] {
            let e = eval(&cycle(&goal, &turned));
            assert_eq!(e.1, TURN_CHARGE, "cells {turned:?}");
        }
        assert_eq!(eval(&cycle(&goal, &[6, 7, 12])).1, 1);
        let mut board = [[0, 1], [7, 12], [18, 19], [22, 23]]
            .iter()
            .fold(goal.clone(), |b, pair| cycle(&b, pair));
        board = cycle(&board, &[15, 16, 21, 20]);
        let mut e = eval(&board);
        assert_eq!(e.1, 4 * SWAP_CHARGE + TURN_CHARGE);
        // the swaps and turns a board is charged for: its charges less the far tiles'
        let charged = |b: &Board, e: &(u32, u32)| {
            let far: u32 = b
                .tiles()
                .iter()
                .enumerate()
                .map(|(c, &t)| h.charge(t, c))
                .sum();
            (e.1 - far) / SWAP_CHARGE
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (mut made, mut undone) = (0, 0);
        for _ in 0..20_000 {
            let moves: Vec<_> = board.legal_moves().collect();
            let dir = moves[rng.random_range(0..moves.len())];
            let before = board.clone();
            let next = moved(&h, &mut board, &e, dir);
            assert_eq!(next, eval(&board), "after {dir:?}");
            made += (charged(&board, &next) > charged(&before, &e)) as u32;
            undone += (charged(&board, &next) < charged(&before, &e)) as u32;
            e = next;
        }
        assert!(made > 0 && undone > 0, "made {made}, undone {undone}");
    }
}
