//! The exact searches: breadth-first (one way and both ways), A* and IDA* (plain and
//! weighted, and written for 4×4 over the pattern databases), with the packed keys, memory
//! accounting and threads they share, and optimal windows over a path (IDA* on stretches of
//! it), which the reduction and Auto use to shorten theirs.
use crate::board::Direction;

pub mod astar;
pub mod bfs;
pub mod bidirectional;
pub(crate) mod duplicates;
pub mod idastar;
pub mod idastar_4x4;
pub(crate) mod memory;
pub(crate) mod packed;
pub(crate) mod split;
pub(crate) mod windows;

/// Rebuilds the moves from `start` given a `parent` lookup: for each state, the blank move that
/// reached it. Shared by the breadth-first searches and A*.
pub(crate) fn trace_back(
    cells: usize,
    size: usize,
    mut key: u128,
    start: u128,
    mut came_by: impl FnMut(u128) -> Direction,
) -> Vec<Direction> {
    let mut moves = Vec::new();
    let mut tiles = [0u8; packed::MAX_CELLS];
    while key != start {
        let dir = came_by(key);
        moves.push(dir);
        packed::unpack(key, &mut tiles[..cells]);
        let blank = packed::blank(&tiles[..cells]);
        let back = crate::board::step(size, blank, dir.opposite()).expect("parent is on the board");
        tiles.swap(blank, back);
        key = packed::pack(&tiles[..cells]);
    }
    moves.reverse();
    moves
}
