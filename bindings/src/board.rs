//! Tile lists: goals, parsing, solvability, and the checks every export shares.
use slidepuzzle_core as core;
use slidepuzzle_core::{Board, BoardError};

use crate::error::Result;

pub(crate) fn board(tiles: &[u32]) -> Result<Board> {
    Ok(Board::from_tiles(tiles)?)
}

pub(crate) fn side(size: u32) -> Result<usize> {
    let size = size as usize;
    if (core::MIN_SIZE..=core::MAX_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(BoardError::SizeOutOfRange {
            size,
            min: core::MIN_SIZE,
            max: core::MAX_SIZE,
        }
        .into())
    }
}

/// The solved arrangement of a `size`×`size` board with the blank's home at `blank_cell`.
#[uniffi::export]
pub fn goal_tiles(size: u32, blank_cell: u32) -> Result<Vec<u32>> {
    Ok(Board::goal_with_blank(side(size)?, blank_cell as usize)?.to_u32s())
}

/// Parses a tile list such as "1 2 3 4 5 6 7 8 0" (spaces or commas), with a typed error for
/// each mistake.
#[uniffi::export]
pub fn parse_tiles(text: String) -> Result<Vec<u32>> {
    Ok(board(&core::text::parse_tiles(&text)?)?.to_u32s())
}

/// Whether `start` can reach `goal`.
#[uniffi::export]
pub fn is_solvable(start: Vec<u32>, goal: Vec<u32>) -> Result<bool> {
    let (start, goal) = (board(&start)?, board(&goal)?);
    start.check_same_size(&goal)?;
    Ok(core::parity::is_solvable(&start, &goal))
}
