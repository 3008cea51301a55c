//! Any text: parsing a tile list either gives a valid board or a typed error, never a panic;
//! a board that parses prints back to the same tiles.
#![no_main]
use libfuzzer_sys::fuzz_target;
use slidepuzzle_core::{parity, text, Board};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(board) = text::parse_board(s) {
        let again = text::parse_board(&text::format_tiles(board.tiles())).expect("round trip");
        assert_eq!(again, board);
        let goal = Board::goal(board.size()).expect("goal");
        let _ = parity::check_solvable(&board, &goal);
        let _ = board.tap_moves(board.cells() / 2);
    }
});
