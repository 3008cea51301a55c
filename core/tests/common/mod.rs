//! Helpers shared by the integration tests.
#![allow(dead_code)]
use slidepuzzle_core::Board;

/// Korf's instance 7 (52 moves): long enough for every algorithm to be stopped mid-search.
pub fn hard_4x4() -> (Board, Board) {
    let goal = Board::goal_with_blank(4, 0).unwrap();
    let start =
        slidepuzzle_core::text::parse_board("2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0").unwrap();
    (start, goal)
}
