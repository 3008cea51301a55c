//! A fewest possible found after the win completes the win's record on disk: written once,
//! seen by the next store to open the folder and by a store opened before the win, and not
//! written at all when it adds nothing.
mod records_disk;

use std::sync::atomic::Ordering;

use records_disk::{faulty, win, TempFolder};
use slidepuzzle_core::records::store::{StoreError, FILE_NAME};
use slidepuzzle_core::records::{Fewest, Store, Win};

fn unknown(moves: u32) -> Win {
    Win {
        fewest: None,
        ..win(moves)
    }
}

const PROVEN_48: Fewest = Fewest {
    moves: 48,
    proven: true,
};

#[test]
fn the_fewest_found_after_a_win_is_written_and_read_by_the_next_launch() {
    let folder = TempFolder::new("fewest");
    // Another store on the folder, opened before the win (another process, a widget).
    let earlier = Store::open(&folder.0).unwrap();
    let store = Store::open(&folder.0).unwrap();
    let first = store.record_once("game-1", &unknown(50)).unwrap();
    assert_eq!(first.matched_fewest, None);
    // The store opened before the win reads the file again and completes it.
    let outcome = earlier.record_fewest("game-1", PROVEN_48).unwrap().unwrap();
    assert_eq!(outcome.matched_fewest, Some(false));
    let relaunched = Store::open(&folder.0).unwrap();
    let best = relaunched.snapshot().entry(4, "sunset").unwrap().by_hand;
    assert_eq!(best.won, 1);
    assert_eq!(best.fewest_moves.unwrap().fewest, Some(PROVEN_48));
    // The game recorded again after the relaunch says the completed outcome, counting nothing.
    let again = relaunched.record_once("game-1", &unknown(50)).unwrap();
    assert_eq!(again.matched_fewest, Some(false));
    assert_eq!(
        relaunched
            .snapshot()
            .entry(4, "sunset")
            .unwrap()
            .by_hand
            .won,
        1
    );
    // A game the folder never recorded completes nothing.
    assert_eq!(relaunched.record_fewest("game-2", PROVEN_48).unwrap(), None);
}

#[test]
fn a_fewest_that_adds_nothing_writes_nothing_and_a_refused_write_loses_nothing() {
    let folder = TempFolder::new("fewest-write");
    let (disk, faults) = faulty(&folder.0);
    let store = Store::open_on(disk).unwrap();
    store.record_once("game-1", &unknown(50)).unwrap();
    let before = folder.read(FILE_NAME);
    // Writes fail from here: a completion that must write says so, and the file stands.
    faults.write.store(true, Ordering::SeqCst);
    assert!(matches!(
        store.record_fewest("game-1", PROVEN_48),
        Err(StoreError::Unwritable(_))
    ));
    assert_eq!(folder.read(FILE_NAME), before);
    faults.write.store(false, Ordering::SeqCst);
    store.record_fewest("game-1", PROVEN_48).unwrap().unwrap();
    let written = folder.read(FILE_NAME);
    assert_ne!(written, before);
    // The same again, or one found within a budget, adds nothing: no write is needed.
    faults.write.store(true, Ordering::SeqCst);
    let found = Fewest {
        moves: 46,
        proven: false,
    };
    for weaker in [PROVEN_48, found] {
        let outcome = store.record_fewest("game-1", weaker).unwrap().unwrap();
        assert_eq!(outcome.matched_fewest, Some(false));
    }
    assert_eq!(folder.read(FILE_NAME), written);
}
