//! The last block, 2×3 or 3×2 (or a whole 2×2 board). Its far line's two tiles go in together
//! by the same trick as any line's last two, inside the block; the 2×2 left then holds three
//! tiles and the blank, and turning them round the square (the blank's only moves there) brings
//! them home — the way that takes fewer moves.
use crate::board::{Board, Direction};

use super::bfs::{first_move, Search};
use super::trick::last_two;

/// The next move toward the last block's goal, `tiles` in `cells` as
/// [`Goal::LastBlock`](super::Goal::LastBlock) orders them; `Ok(None)` when it is met.
pub(super) fn last_block(
    board: &Board,
    open: &[bool],
    tiles: &[u8],
    cells: &[usize],
) -> Result<Option<Direction>, ()> {
    let mut square = open.to_vec();
    let rest = if tiles.len() == 5 {
        let line = [cells[0], cells[1]];
        if let Some(dir) = last_two(board, open, [tiles[0], tiles[1]], line)? {
            return Ok(Some(dir));
        }
        line.iter().for_each(|&c| square[c] = false);
        2
    } else {
        0
    };
    let search = Search {
        board,
        open: &square,
        followed: &tiles[rest..],
        kept_clear: &[],
    };
    first_move(&search, |at| at[1..] == cells[rest..])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_board;

    #[test]
    fn a_2x2_turns_round_the_shorter_way() {
        // one turn back from the goal: 1 2 / 3 . → blank up slides 2 down
        let mut board = parse_board("1 0 3 2").unwrap();
        let open = [true; 4];
        let mut moves = 0;
        while let Some(dir) = last_block(&board, &open, &[1, 2, 3], &[0, 1, 2]).unwrap() {
            board.apply(dir).unwrap();
            moves += 1;
        }
        assert_eq!(board.tiles(), [1, 2, 3, 0]);
        assert_eq!(moves, 1);
    }
}
