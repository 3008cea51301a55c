//! Any text: restoring a save either gives a game that saves back to the same text, or a typed
//! error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use slidepuzzle_core::Game;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = Game::restore(s) {
        let again = Game::restore(&game.save()).expect("a fresh save restores");
        assert_eq!(again, game);
    }
});
