//! Solvability for every width and every goal.
//!
//! Each move swaps the blank with a neighbour: one transposition of the n² cells, and one step
//! of the blank on the grid, whose cells alternate colour like a chessboard. So the parity of the
//! permutation taking the board to the goal (blank included) always equals the parity of the
//! blank's taxicab distance to its home. That condition is also sufficient for n ≥ 2, so the
//! same test serves odd and even widths and any goal blank cell.
use crate::board::Board;
use crate::error::BoardError;

/// Whether `board` can reach `goal` (same size assumed; see [`check_solvable`]).
pub fn is_solvable(board: &Board, goal: &Board) -> bool {
    let n = board.size();
    let goal_pos = goal.positions();
    // perm[c] = the goal cell of the tile now at c
    let perm: Vec<usize> = board
        .tiles()
        .iter()
        .map(|&t| goal_pos[t as usize] as usize)
        .collect();
    let mut seen = vec![false; perm.len()];
    let mut transpositions = 0usize;
    for start in 0..perm.len() {
        let mut len = 0;
        let mut c = start;
        while !seen[c] {
            seen[c] = true;
            c = perm[c];
            len += 1;
        }
        if len > 0 {
            transpositions += len - 1;
        }
    }
    let distance = crate::board::taxicab(n, board.blank(), goal.blank()) as usize;
    transpositions % 2 == distance % 2
}

/// `Ok` when `board` and `goal` are the same size and `board` can reach `goal`.
pub fn check_solvable(board: &Board, goal: &Board) -> Result<(), BoardError> {
    board.check_same_size(goal)?;
    if is_solvable(board, goal) {
        Ok(())
    } else {
        Err(BoardError::Unsolvable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_swap_makes_the_goal_unsolvable() {
        for size in 2..=8 {
            for blank in [0, size * size - 1, size / 2] {
                let goal = Board::goal_with_blank(size, blank).unwrap();
                assert!(is_solvable(&goal, &goal));
                let mut tiles = goal.to_u32s();
                let (a, b) = if blank < 2 { (2, 3) } else { (0, 1) };
                tiles.swap(a, b);
                let swapped = Board::from_tiles(&tiles).unwrap();
                assert!(!is_solvable(&swapped, &goal), "size {size} blank {blank}");
            }
        }
    }

    #[test]
    fn famous_fourteen_fifteen_is_unsolvable() {
        let goal = Board::goal(4).unwrap();
        let b = crate::text::parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0").unwrap();
        assert_eq!(check_solvable(&b, &goal), Err(BoardError::Unsolvable));
    }
}
