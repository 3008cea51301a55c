//! Placing one tile: the fewest blank moves that bring it to its cell, every placed tile left
//! where it is. A person does the same by eye: the blank goes round to the side of the tile
//! facing its cell, and the tile steps along with the blank circling it.
use crate::board::{Board, Direction};

use super::bfs::{first_move, Search};

/// The next move that brings `tile` toward `cell` through the `open` cells; `Ok(None)` when it
/// is there.
pub(super) fn place_tile(
    board: &Board,
    open: &[bool],
    tile: u8,
    cell: usize,
) -> Result<Option<Direction>, ()> {
    let search = Search {
        board,
        open,
        followed: &[tile],
        kept_clear: &[],
    };
    first_move(&search, |at| at[1] == cell)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_board;

    #[test]
    fn a_tile_walks_to_its_cell_around_the_placed_ones() {
        // 1 is placed (cell 0 closed); tile 2 goes from cell 8 to cell 1
        let mut board = parse_board("1 5 3 4 0 6 7 8 2").unwrap();
        let mut open = [true; 9];
        open[0] = false;
        let mut moves = 0;
        while let Some(dir) = place_tile(&board, &open, 2, 1).unwrap() {
            board.apply(dir).unwrap();
            assert_eq!(board.tile_at(0), 1, "the placed tile never moves");
            moves += 1;
        }
        assert_eq!(board.tile_at(1), 2);
        // two cells to go, each a step with the blank brought round: more than 2, at most 10
        assert!((3..=10).contains(&moves), "{moves} moves");
    }
}
