//! The four directions the blank moves in, and their letters.
use std::fmt;

/// A direction the **blank** moves in (the tile on that side slides the other way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// The blank moves up one row.
    Up,
    /// The blank moves down one row.
    Down,
    /// The blank moves left one column.
    Left,
    /// The blank moves right one column.
    Right,
}

impl Direction {
    /// All four directions, in a fixed order.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The direction that undoes this one.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// The letter used in move strings: `U`, `D`, `L`, `R`.
    pub const fn letter(self) -> char {
        match self {
            Direction::Up => 'U',
            Direction::Down => 'D',
            Direction::Left => 'L',
            Direction::Right => 'R',
        }
    }

    /// Parses `U`, `D`, `L` or `R` (either case).
    pub fn from_letter(c: char) -> Option<Direction> {
        match c.to_ascii_uppercase() {
            'U' => Some(Direction::Up),
            'D' => Some(Direction::Down),
            'L' => Some(Direction::Left),
            'R' => Some(Direction::Right),
            _ => None,
        }
    }

    /// Index in [`Direction::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        })
    }
}

/// The moves that undo `moves`: the same moves backwards, each the other way. Reversing a path
/// from one board to another gives the path back.
pub fn undoing(moves: &[Direction]) -> impl Iterator<Item = Direction> + '_ {
    moves.iter().rev().map(|d| d.opposite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn undoing_a_path_leads_back() {
        let start = Board::goal_with_blank(4, 5).unwrap();
        let path = [
            Direction::Up,
            Direction::Left,
            Direction::Down,
            Direction::Down,
        ];
        let mut b = start.clone();
        b.apply_all(&path).unwrap();
        assert_ne!(b, start);
        let back: Vec<Direction> = undoing(&path).collect();
        assert_eq!(back[0], Direction::Up);
        b.apply_all(&back).unwrap();
        assert_eq!(b, start);
    }
}
