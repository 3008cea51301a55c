//! The board: an n×n arrangement of tiles with one blank, and the moves on it.
use std::fmt;

pub use crate::direction::Direction;
use crate::error::{BoardError, MoveError};

/// Smallest supported side length.
pub const MIN_SIZE: usize = 2;
/// Largest supported side length.
pub const MAX_SIZE: usize = 8;

/// The cell the blank reaches from `cell` moving `dir` on a `size`×`size` board, if any.
pub fn step(size: usize, cell: usize, dir: Direction) -> Option<usize> {
    let (row, col) = (cell / size, cell % size);
    match dir {
        Direction::Up if row > 0 => Some(cell - size),
        Direction::Down if row + 1 < size => Some(cell + size),
        Direction::Left if col > 0 => Some(cell - 1),
        Direction::Right if col + 1 < size => Some(cell + 1),
        _ => None,
    }
}

/// No cell that way, in a [`neighbour_table`].
pub(crate) const NO_NEIGHBOUR: u8 = u8::MAX;

/// For each cell of a `size`×`size` board, the cell [`step`] reaches in each direction (in
/// [`Direction::ALL`] order), or [`NO_NEIGHBOUR`]; rows past the board's cells hold only
/// [`NO_NEIGHBOUR`].
pub(crate) fn neighbour_table<const CELLS: usize>(size: usize) -> [[u8; 4]; CELLS] {
    let mut table = [[NO_NEIGHBOUR; 4]; CELLS];
    for (cell, row) in table.iter_mut().enumerate().take(size * size) {
        for dir in Direction::ALL {
            if let Some(to) = step(size, cell, dir) {
                row[dir.index()] = to as u8;
            }
        }
    }
    table
}

/// An n×n board. `tiles[cell]` is the label at that cell (row-major), `0` is the blank.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: usize,
    tiles: Vec<u8>,
    blank: usize,
}

pub(crate) fn check_size(size: usize) -> Result<(), BoardError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(BoardError::SizeOutOfRange {
            size,
            min: MIN_SIZE,
            max: MAX_SIZE,
        })
    }
}

/// The side length for a tile count, if it is a supported square.
pub fn size_for_count(count: usize) -> Result<usize, BoardError> {
    let side = (count as f64).sqrt().round() as usize;
    if count == 0 || side * side != count {
        return Err(BoardError::WrongCount { count });
    }
    // A square count of an unsupported side (1, 81, …) is a size error, not a count error.
    check_size(side)?;
    Ok(side)
}

impl Board {
    /// A board from row-major labels; the count decides the size.
    /// Every label 0..n²−1 must appear exactly once.
    pub fn from_tiles(tiles: &[u32]) -> Result<Board, BoardError> {
        let size = size_for_count(tiles.len())?;
        let max = (tiles.len() - 1) as u32;
        let mut seen = vec![false; tiles.len()];
        for &t in tiles {
            if t > max {
                return Err(BoardError::OutOfRange { tile: t, max });
            }
            if std::mem::replace(&mut seen[t as usize], true) {
                return Err(BoardError::Duplicate { tile: t });
            }
        }
        let tiles: Vec<u8> = tiles.iter().map(|&t| t as u8).collect();
        let blank = tiles.iter().position(|&t| t == 0).expect("0 is present");
        Ok(Board { size, tiles, blank })
    }

    /// The standard goal: 1..n²−1 in row-major order, blank in the last cell.
    pub fn goal(size: usize) -> Result<Board, BoardError> {
        Board::goal_with_blank(size, size * size - 1)
    }

    /// A goal with the blank's home at `cell`: the other cells hold 1..n²−1 in row-major order.
    pub fn goal_with_blank(size: usize, cell: usize) -> Result<Board, BoardError> {
        check_size(size)?;
        let n = size * size;
        if cell >= n {
            return Err(BoardError::CellOutOfRange { cell, size });
        }
        let mut tiles = Vec::with_capacity(n);
        let mut next = 1u8;
        for c in 0..n {
            if c == cell {
                tiles.push(0);
            } else {
                tiles.push(next);
                next += 1;
            }
        }
        Ok(Board {
            size,
            tiles,
            blank: cell,
        })
    }

    /// Side length n.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of cells, n².
    pub fn cells(&self) -> usize {
        self.tiles.len()
    }

    /// Labels in row-major order, 0 for the blank.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.blank
    }

    /// The label at `cell`.
    pub fn tile_at(&self, cell: usize) -> u8 {
        self.tiles[cell]
    }

    /// The cell holding `tile`.
    pub fn cell_of(&self, tile: u8) -> Option<usize> {
        self.tiles.iter().position(|&t| t == tile)
    }

    /// For each label, the cell it sits in.
    pub fn positions(&self) -> Vec<u8> {
        let mut pos = vec![0u8; self.tiles.len()];
        for (cell, &t) in self.tiles.iter().enumerate() {
            pos[t as usize] = cell as u8;
        }
        pos
    }

    /// Whether the blank can move `dir`.
    pub fn can_move(&self, dir: Direction) -> bool {
        step(self.size, self.blank, dir).is_some()
    }

    /// The directions the blank can move in now.
    pub fn legal_moves(&self) -> impl Iterator<Item = Direction> + '_ {
        Direction::ALL.into_iter().filter(|&d| self.can_move(d))
    }

    /// Moves the blank one cell; returns the label of the tile that slid.
    pub fn apply(&mut self, dir: Direction) -> Result<u8, MoveError> {
        let to = step(self.size, self.blank, dir).ok_or(MoveError::OffBoard(dir))?;
        let tile = self.tiles[to];
        self.tiles[self.blank] = tile;
        self.tiles[to] = 0;
        self.blank = to;
        Ok(tile)
    }

    /// Applies every move in order; stops at the first illegal one.
    pub fn apply_all(&mut self, dirs: &[Direction]) -> Result<Vec<u8>, MoveError> {
        dirs.iter().map(|&d| self.apply(d)).collect()
    }

    /// The blank moves that a tap on `cell` makes: the tapped tile and all tiles between it
    /// and the blank slide one cell toward the blank.
    pub fn tap_moves(&self, cell: usize) -> Result<Vec<Direction>, MoveError> {
        if cell >= self.tiles.len() {
            return Err(MoveError::NoSuchCell { cell });
        }
        if cell == self.blank {
            return Err(MoveError::TappedBlank);
        }
        let n = self.size;
        let (br, bc) = (self.blank / n, self.blank % n);
        let (tr, tc) = (cell / n, cell % n);
        let (dir, count) = if br == tr {
            if tc > bc {
                (Direction::Right, tc - bc)
            } else {
                (Direction::Left, bc - tc)
            }
        } else if bc == tc {
            if tr > br {
                (Direction::Down, tr - br)
            } else {
                (Direction::Up, br - tr)
            }
        } else {
            return Err(MoveError::NotInLine {
                tile: self.tiles[cell],
            });
        };
        Ok(vec![dir; count])
    }

    /// Taps `cell` (see [`Board::tap_moves`]) and returns the blank moves made.
    pub fn tap_cell(&mut self, cell: usize) -> Result<Vec<Direction>, MoveError> {
        let moves = self.tap_moves(cell)?;
        for &d in &moves {
            self.apply(d)?;
        }
        Ok(moves)
    }

    /// Taps the tile with label `tile`.
    pub fn tap_tile(&mut self, tile: u32) -> Result<Vec<Direction>, MoveError> {
        if tile == 0 {
            return Err(MoveError::TappedBlank);
        }
        let cell = u8::try_from(tile)
            .ok()
            .and_then(|t| self.cell_of(t))
            .ok_or(MoveError::NoSuchTile { tile })?;
        self.tap_cell(cell)
    }

    /// Checks that `other` is a board of the same size.
    pub fn check_same_size(&self, other: &Board) -> Result<(), BoardError> {
        if self.size == other.size {
            Ok(())
        } else {
            Err(BoardError::SizeMismatch {
                expected: self.size,
                got: other.size,
            })
        }
    }

    /// Labels as `u32`, for printing and FFI.
    pub fn to_u32s(&self) -> Vec<u32> {
        self.tiles.iter().map(|&t| t as u32).collect()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Board(")?;
        write_tiles(f, &self.tiles)?;
        f.write_str(")")
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = (self.tiles.len() - 1).to_string().len();
        for row in self.tiles.chunks(self.size) {
            let line: Vec<String> = row
                .iter()
                .map(|&t| {
                    if t == 0 {
                        format!("{:>width$}", ".")
                    } else {
                        format!("{t:>width$}")
                    }
                })
                .collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

/// Taxicab distance between two cells of a `size`×`size` board.
pub fn taxicab(size: usize, a: usize, b: usize) -> u32 {
    ((a / size).abs_diff(b / size) + (a % size).abs_diff(b % size)) as u32
}

/// Writes labels separated by single spaces (`1 2 3 0`), the form text files and saves use.
pub(crate) fn write_tiles(out: &mut impl fmt::Write, tiles: &[u8]) -> fmt::Result {
    for (i, t) in tiles.iter().enumerate() {
        if i > 0 {
            out.write_char(' ')?;
        }
        write!(out, "{t}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goal_with_blank_inside_numbers_other_cells_in_order() {
        let g = Board::goal_with_blank(3, 4).unwrap();
        assert_eq!(g.tiles(), &[1, 2, 3, 4, 0, 5, 6, 7, 8]);
        assert_eq!(g.blank(), 4);
    }

    #[test]
    fn tap_slides_a_whole_line() {
        let mut b = Board::goal(4).unwrap();
        // blank at 15; tap cell 12 (same row, three away)
        let moves = b.tap_cell(12).unwrap();
        assert_eq!(moves, vec![Direction::Left; 3]);
        assert_eq!(b.tiles()[12..], [0, 13, 14, 15]);
        assert_eq!(b.tap_cell(1), Err(MoveError::NotInLine { tile: 2 }));
        assert_eq!(b.tap_cell(12), Err(MoveError::TappedBlank));
        assert_eq!(b.tap_tile(99), Err(MoveError::NoSuchTile { tile: 99 }));
    }

    #[test]
    fn bad_tile_lists_name_the_problem() {
        assert_eq!(
            Board::from_tiles(&[1, 2, 3]),
            Err(BoardError::WrongCount { count: 3 })
        );
        assert_eq!(
            Board::from_tiles(&[1, 1, 2, 0]),
            Err(BoardError::Duplicate { tile: 1 })
        );
        // 81 is a square: the message names the size, not the count.
        let nine: Vec<u32> = (0..81).collect();
        let err = Board::from_tiles(&nine).unwrap_err();
        assert_eq!(
            err,
            BoardError::SizeOutOfRange {
                size: 9,
                min: 2,
                max: 8
            }
        );
        assert_eq!(
            err.to_string(),
            "a 9×9 board is out of range: boards are 2×2 to 8×8"
        );
        assert_eq!(
            Board::from_tiles(&[]),
            Err(BoardError::WrongCount { count: 0 })
        );
        assert_eq!(
            Board::from_tiles(&[1, 9, 2, 0]),
            Err(BoardError::OutOfRange { tile: 9, max: 3 })
        );
        assert!(matches!(
            Board::goal(9),
            Err(BoardError::SizeOutOfRange { size: 9, .. })
        ));
        assert_eq!(
            Board::from_tiles(&[1, 1, 2, 0]).unwrap_err().to_string(),
            "tile 1 appears twice"
        );
    }

    #[test]
    fn edge_moves_are_refused() {
        let mut b = Board::goal(3).unwrap();
        assert_eq!(
            b.apply(Direction::Down),
            Err(MoveError::OffBoard(Direction::Down))
        );
        assert_eq!(b.apply(Direction::Up), Ok(6));
    }
}
