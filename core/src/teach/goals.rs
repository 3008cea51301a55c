//! The method's goals as data: which tiles go where, in the order a person places them.
//!
//! The unsolved part of the board is a rectangle that always holds the blank's home. While it is
//! taller than wide (or square) it gives up a row, otherwise a column; the line given up is the
//! one farther from the blank's home (the top row and the left column for the usual goal). A
//! line's tiles are placed one by one from its far end; its last two, at the end nearer the
//! home, go in together by the trick. When a 2×3 or 3×2 is left (or the whole board is 2×2), it
//! is the last block, solved by cycling.
use crate::board::{Board, Direction};

/// A row or a column of the board, by its index from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    /// A row, 0 at the top.
    Row(usize),
    /// A column, 0 at the left.
    Column(usize),
}

/// A rectangle of cells: its top row, left column, and its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Block {
    /// The top row.
    pub top: usize,
    /// The left column.
    pub left: usize,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub columns: usize,
}

/// One goal of the method: what a person sets out to do next.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Goal {
    /// One tile to its cell in a row or column being finished.
    PlaceTile {
        /// The tile.
        tile: u8,
        /// Its cell (row-major).
        cell: usize,
        /// The line it belongs to.
        line: Line,
    },
    /// The last two tiles of a line, placed together: the first parked in the second's cell,
    /// the second beside it, then both turned in.
    LastTwo {
        /// The tiles, the one nearer the line's far end first.
        tiles: [u8; 2],
        /// Their cells, in the same order.
        cells: [usize; 2],
        /// The line.
        line: Line,
    },
    /// The last block, 2×3 or 3×2 (or a whole 2×2 board), solved by cycling its tiles: the two
    /// of its far line first (by the same trick), then the 2×2 left turned round.
    LastBlock {
        /// Where the block is.
        block: Block,
        /// Its tiles: the far line's two first (when the block is larger than 2×2), then the
        /// rest in row-major order.
        tiles: Vec<u8>,
        /// Their cells, in the same order.
        cells: Vec<usize>,
    },
}

impl Goal {
    /// The tiles this goal places.
    pub fn tiles(&self) -> &[u8] {
        match self {
            Goal::PlaceTile { tile, .. } => std::slice::from_ref(tile),
            Goal::LastTwo { tiles, .. } => tiles,
            Goal::LastBlock { tiles, .. } => tiles,
        }
    }

    /// The cells those tiles go to, in the same order.
    pub fn cells(&self) -> &[usize] {
        match self {
            Goal::PlaceTile { cell, .. } => std::slice::from_ref(cell),
            Goal::LastTwo { cells, .. } => cells,
            Goal::LastBlock { cells, .. } => cells,
        }
    }

    /// Whether every tile of this goal is in its cell on `board`.
    pub fn is_met(&self, board: &Board) -> bool {
        self.tiles()
            .iter()
            .zip(self.cells())
            .all(|(&t, &c)| board.tile_at(c) == t)
    }

    /// A short name of the goal's kind, for machine-readable output: `place-tile`,
    /// `last-two-of-row`, `last-two-of-column` or `last-block`.
    pub fn kind(&self) -> &'static str {
        match self {
            Goal::PlaceTile { .. } => "place-tile",
            Goal::LastTwo {
                line: Line::Row(_), ..
            } => "last-two-of-row",
            Goal::LastTwo { .. } => "last-two-of-column",
            Goal::LastBlock { .. } => "last-block",
        }
    }
}

/// One phase of a teaching solve: its goal and the moves that reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    /// What the phase sets out to do.
    pub goal: Goal,
    /// The blank's moves, in order (none when the goal was met already).
    pub moves: Vec<Direction>,
    /// The tile each move slides, in the same order.
    pub slid: Vec<u8>,
}

/// A teaching solve: every goal of the method in order, each with its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The phases, in the order they are played.
    pub phases: Vec<Phase>,
}

impl Plan {
    /// All the moves, phase after phase.
    pub fn moves(&self) -> Vec<Direction> {
        self.phases.iter().flat_map(|p| p.moves.clone()).collect()
    }

    /// The tile each move slides, phase after phase.
    pub fn slid(&self) -> Vec<u8> {
        self.phases.iter().flat_map(|p| p.slid.clone()).collect()
    }

    /// How many moves in all.
    pub fn len(&self) -> usize {
        self.phases.iter().map(|p| p.moves.len()).sum()
    }

    /// Whether the board was solved already.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The unsolved rectangle: rows `r0..=r1`, columns `c0..=c1`.
#[derive(Debug, Clone, Copy)]
struct Region {
    r0: usize,
    r1: usize,
    c0: usize,
    c1: usize,
}

/// The ends of `lo..=hi` ordered far from `home` first: ascending unless `home` is nearer `lo`
/// (a tie counts as nearer `hi`).
fn from_far_end(lo: usize, hi: usize, home: usize) -> Vec<usize> {
    if hi - home <= home - lo {
        (lo..=hi).collect()
    } else {
        (lo..=hi).rev().collect()
    }
}

/// Of the lines `lo` and `hi`, the one farther from `home` (`lo` on a tie).
fn far_side(lo: usize, hi: usize, home: usize) -> usize {
    if home - lo >= hi - home {
        lo
    } else {
        hi
    }
}

/// The goals of the method for `goal`, in the order they are played.
pub fn goals(goal: &Board) -> Vec<Goal> {
    let n = goal.size();
    let (hr, hc) = (goal.blank() / n, goal.blank() % n);
    let mut region = Region {
        r0: 0,
        r1: n - 1,
        c0: 0,
        c1: n - 1,
    };
    let mut out = Vec::new();
    loop {
        let (h, w) = (region.r1 - region.r0 + 1, region.c1 - region.c0 + 1);
        if h + w <= 5 {
            out.push(last_block(goal, region, hr, hc));
            return out;
        }
        // A line farther from the home than its opposite (the first one on a tie).
        let (line, cells): (Line, Vec<usize>) = if h >= w {
            let row = far_side(region.r0, region.r1, hr);
            let cells = from_far_end(region.c0, region.c1, hc);
            (Line::Row(row), cells.iter().map(|c| row * n + c).collect())
        } else {
            let col = far_side(region.c0, region.c1, hc);
            let cells = from_far_end(region.r0, region.r1, hr);
            (
                Line::Column(col),
                cells.iter().map(|r| r * n + col).collect(),
            )
        };
        let len = cells.len();
        for &cell in &cells[..len - 2] {
            out.push(Goal::PlaceTile {
                tile: goal.tile_at(cell),
                cell,
                line,
            });
        }
        let last = [cells[len - 2], cells[len - 1]];
        out.push(Goal::LastTwo {
            tiles: last.map(|c| goal.tile_at(c)),
            cells: last,
            line,
        });
        match line {
            Line::Row(r) if r == region.r0 => region.r0 += 1,
            Line::Row(_) => region.r1 -= 1,
            Line::Column(c) if c == region.c0 => region.c0 += 1,
            Line::Column(_) => region.c1 -= 1,
        }
    }
}

/// The last block's goal: for a 2×3 its column farther from the home first (top to bottom when
/// the home is in the lower row, else bottom to top), likewise a 3×2's row; then the rest.
fn last_block(goal: &Board, region: Region, hr: usize, hc: usize) -> Goal {
    let n = goal.size();
    let (h, w) = (region.r1 - region.r0 + 1, region.c1 - region.c0 + 1);
    let mut cells: Vec<usize> = Vec::new();
    if w == 3 {
        let col = far_side(region.c0, region.c1, hc);
        cells.extend(
            from_far_end(region.r0, region.r1, hr)
                .iter()
                .map(|r| r * n + col),
        );
    } else if h == 3 {
        let row = far_side(region.r0, region.r1, hr);
        cells.extend(
            from_far_end(region.c0, region.c1, hc)
                .iter()
                .map(|c| row * n + c),
        );
    }
    for r in region.r0..=region.r1 {
        for c in region.c0..=region.c1 {
            let cell = r * n + c;
            if !cells.contains(&cell) && cell != goal.blank() {
                cells.push(cell);
            }
        }
    }
    Goal::LastBlock {
        block: Block {
            top: region.r0,
            left: region.c0,
            rows: h,
            columns: w,
        },
        tiles: cells.iter().map(|&c| goal.tile_at(c)).collect(),
        cells,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usual_goal_goes_top_row_then_left_column_then_the_last_2x3() {
        let goal = Board::goal(4).unwrap();
        let kinds: Vec<(&str, Vec<u8>)> = goals(&goal)
            .iter()
            .map(|g| (g.kind(), g.tiles().to_vec()))
            .collect();
        assert_eq!(
            kinds,
            [
                ("place-tile", vec![1]),
                ("place-tile", vec![2]),
                ("last-two-of-row", vec![3, 4]),
                ("place-tile", vec![5]),
                ("last-two-of-column", vec![9, 13]),
                ("place-tile", vec![6]),
                ("last-two-of-row", vec![7, 8]),
                ("last-block", vec![10, 14, 11, 12, 15]),
            ]
        );
    }

    #[test]
    fn a_home_at_the_top_left_turns_the_method_round() {
        let goal = Board::goal_with_blank(3, 0).unwrap();
        let g = goals(&goal);
        assert_eq!(g[0].kind(), "place-tile");
        // the bottom row from the right, its last two at the left
        assert_eq!(g[0].cells(), [8]);
        assert_eq!(g[1].cells(), [7, 6]);
        assert_eq!(g[2].kind(), "last-block");
        assert_eq!(g[2].cells(), [5, 2, 1, 3, 4]);
    }

    #[test]
    fn a_home_in_the_middle_takes_the_top_row_left_to_right() {
        // ties go to the top row and to the trick at the right end
        let g = goals(&Board::goal_with_blank(3, 4).unwrap());
        assert_eq!(g[0].cells(), [0]);
        assert_eq!(g[1].cells(), [1, 2]);
    }

    #[test]
    fn a_2x2_board_is_one_last_block() {
        let g = goals(&Board::goal(2).unwrap());
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].tiles(), [1, 2, 3]);
    }
}
