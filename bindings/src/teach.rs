//! Teaching: the solve a person can follow and repeat, as phases with goals as data, and the
//! coaching hint. The words are the app's: these types carry kinds and numbers only.
use slidepuzzle_core::teach;

use crate::board::board;
use crate::error::Result;
use crate::records::Direction;

/// A row or a column, by its index from 0 (top row, left column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum TeachLine {
    /// A row.
    Row {
        /// 0 at the top.
        index: u32,
    },
    /// A column.
    Column {
        /// 0 at the left.
        index: u32,
    },
}

impl From<teach::Line> for TeachLine {
    fn from(line: teach::Line) -> Self {
        match line {
            teach::Line::Row(r) => TeachLine::Row { index: r as u32 },
            teach::Line::Column(c) => TeachLine::Column { index: c as u32 },
        }
    }
}

/// One goal of the method: what a person sets out to do next.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TeachGoal {
    /// One tile to its cell in the line being finished ("tile 3 to the top row").
    PlaceTile {
        /// The tile.
        tile: u32,
        /// Its cell, row-major.
        cell: u32,
        /// Its row or column.
        line: TeachLine,
    },
    /// A line's last two tiles together by the trick: the first parked in the second's cell,
    /// the second beside it, both turned in.
    LastTwo {
        /// The two tiles, the one nearer the line's far end first.
        tiles: Vec<u32>,
        /// Their cells, in the same order.
        cells: Vec<u32>,
        /// The row or column.
        line: TeachLine,
    },
    /// The last 2×3 or 3×2 (or a whole 2×2 board), by turning its tiles round.
    LastBlock {
        /// Its top row.
        top: u32,
        /// Its left column.
        left: u32,
        /// Its rows.
        rows: u32,
        /// Its columns.
        columns: u32,
        /// Its tiles, in the order they are placed.
        tiles: Vec<u32>,
        /// Their cells, in the same order.
        cells: Vec<u32>,
    },
}

fn u32s<T: Copy + Into<u64>>(items: &[T]) -> Vec<u32> {
    items.iter().map(|&i| i.into() as u32).collect()
}

impl From<&teach::Goal> for TeachGoal {
    fn from(goal: &teach::Goal) -> Self {
        let cells: Vec<u32> = goal.cells().iter().map(|&c| c as u32).collect();
        match goal {
            teach::Goal::PlaceTile { tile, cell, line } => TeachGoal::PlaceTile {
                tile: *tile as u32,
                cell: *cell as u32,
                line: (*line).into(),
            },
            teach::Goal::LastTwo { tiles, line, .. } => TeachGoal::LastTwo {
                tiles: u32s(tiles),
                cells,
                line: (*line).into(),
            },
            teach::Goal::LastBlock { block, tiles, .. } => TeachGoal::LastBlock {
                top: block.top as u32,
                left: block.left as u32,
                rows: block.rows as u32,
                columns: block.columns as u32,
                tiles: u32s(tiles),
                cells,
            },
        }
    }
}

/// One phase of the teaching solve: its goal and the moves that meet it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TeachPhase {
    /// What the phase sets out to do.
    pub goal: TeachGoal,
    /// The blank's moves (none when the goal was met already).
    pub moves: Vec<Direction>,
    /// The tile each move slides.
    pub tiles: Vec<u32>,
}

/// The teaching solve: every goal of the method in order, with its moves.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TeachPlan {
    /// The phases, in the order they are played.
    pub phases: Vec<TeachPhase>,
    /// All the moves, phase after phase.
    pub length: u32,
}

/// The coaching hint: the method's next goal and the next move toward it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct CoachingHint {
    /// The goal's place in the teaching solve's phases, from 0.
    pub phase: u32,
    /// The goal being worked on.
    pub goal: TeachGoal,
    /// The blank's move.
    pub direction: Direction,
    /// The tile that slides (the other way).
    pub tile: u32,
}

/// The teaching solve of `start` toward `goal`: phases a person can follow and repeat. Takes
/// milliseconds on 8×8; longer than Auto's solve.
#[uniffi::export]
pub fn teaching_plan(start: Vec<u32>, goal: Vec<u32>) -> Result<TeachPlan> {
    let plan = teach::plan(&board(&start)?, &board(&goal)?)?;
    Ok(TeachPlan {
        length: plan.len() as u32,
        phases: plan
            .phases
            .iter()
            .map(|p| TeachPhase {
                goal: (&p.goal).into(),
                moves: p.moves.iter().map(|&d| d.into()).collect(),
                tiles: u32s(&p.slid),
            })
            .collect(),
    })
}

/// The coaching hint for `board` on its way to `goal`; `None` when it is solved. Following the
/// hints is the teaching solve from that board.
#[uniffi::export]
pub fn coaching_hint(board_tiles: Vec<u32>, goal: Vec<u32>) -> Result<Option<CoachingHint>> {
    let hint = teach::coach(&board(&board_tiles)?, &board(&goal)?)?;
    Ok(hint.map(|h| CoachingHint {
        phase: h.phase as u32,
        goal: (&h.goal).into(),
        direction: h.direction.into(),
        tile: h.tile as u32,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PuzzleError;

    #[test]
    fn the_plan_and_the_hint_cross_as_data() {
        let start = vec![8, 6, 7, 2, 5, 4, 3, 0, 1];
        let goal: Vec<u32> = (1..9).chain([0]).collect();
        let plan = teaching_plan(start.clone(), goal.clone()).unwrap();
        assert_eq!(plan.phases.len(), 3);
        assert_eq!(
            plan.phases[0].goal,
            TeachGoal::PlaceTile {
                tile: 1,
                cell: 0,
                line: TeachLine::Row { index: 0 }
            }
        );
        assert_eq!(
            plan.phases[1].goal,
            TeachGoal::LastTwo {
                tiles: vec![2, 3],
                cells: vec![1, 2],
                line: TeachLine::Row { index: 0 }
            }
        );
        assert!(matches!(
            plan.phases[2].goal,
            TeachGoal::LastBlock {
                rows: 2,
                columns: 3,
                ..
            }
        ));
        let total: usize = plan.phases.iter().map(|p| p.moves.len()).sum();
        assert_eq!(plan.length as usize, total);
        let hint = coaching_hint(start, goal.clone()).unwrap().unwrap();
        assert_eq!((hint.phase, hint.direction), (0, plan.phases[0].moves[0]));
        assert_eq!(hint.tile, plan.phases[0].tiles[0]);
        assert_eq!(coaching_hint(goal.clone(), goal.clone()).unwrap(), None);
        assert!(matches!(
            teaching_plan(vec![2, 1, 3, 4, 5, 6, 7, 8, 0], goal),
            Err(PuzzleError::Unsolvable(_))
        ));
    }
}
