//! The records store on a real folder, with each failure injected by a thin wrapper around the
//! real file system (it delegates every call, and fails the ones a test names): nothing the
//! player had is ever lost.
mod records_disk;

use std::sync::atomic::Ordering;
use std::sync::Arc;

use proptest::prelude::*;
use records_disk::{faulty, win, won, TempFolder};
use slidepuzzle_core::records::store::{AsideReason, StoreError, FILE_NAME};
use slidepuzzle_core::records::{Change, Entry, Fewest, Records, Store, Win, MAX_ENTRIES};

fn read(folder: &TempFolder, name: &str) -> String {
    folder.read(name)
}

#[test]
fn wins_survive_a_reopen_and_say_what_they_beat() {
    let folder = TempFolder::new("reopen");
    let store = Store::open(&folder.0).unwrap();
    assert!(store.kept_aside().is_empty());
    assert_eq!(store.record(&win(52)).unwrap().moves, Change::First);
    assert_eq!(
        store.record(&win(48)).unwrap().moves,
        Change::Better { was: 52 }
    );
    drop(store);
    let again = Store::open(&folder.0).unwrap();
    assert_eq!(won(&again), 2);
    let entry = again.snapshot().entry(4, "sunset").cloned().unwrap();
    assert_eq!(entry.by_hand.fewest_moves.unwrap().moves, 48);
    assert_eq!(folder.names(), [FILE_NAME]);
}

#[test]
fn an_unreadable_file_is_an_error_and_never_an_empty_store() {
    let folder = TempFolder::new("unreadable");
    Store::open(&folder.0).unwrap().record(&win(50)).unwrap();
    let before = read(&folder, FILE_NAME);
    let (disk, faults) = faulty(&folder.0);
    faults.read.store(true, Ordering::SeqCst);
    assert!(matches!(
        Store::open_on(disk.clone()),
        Err(StoreError::Unreadable(_))
    ));
    // A store opened before the file became unreadable refuses to write over it too.
    faults.read.store(false, Ordering::SeqCst);
    let store = Store::open_on(disk).unwrap();
    faults.read.store(true, Ordering::SeqCst);
    assert!(matches!(
        store.record(&win(40)),
        Err(StoreError::Unreadable(_))
    ));
    assert_eq!(read(&folder, FILE_NAME), before);
    assert_eq!(won(&store), 1);
}

#[test]
fn a_read_only_folder_refuses_the_write_and_keeps_the_file() {
    let folder = TempFolder::new("readonly");
    Store::open(&folder.0).unwrap().record(&win(50)).unwrap();
    let before = read(&folder, FILE_NAME);
    let (disk, faults) = faulty(&folder.0);
    let store = Store::open_on(disk).unwrap();
    faults.write.store(true, Ordering::SeqCst);
    assert!(matches!(
        store.record(&win(44)),
        Err(StoreError::Unwritable(_))
    ));
    // What the store shows is what is on disk: the refused win is not counted.
    assert_eq!(won(&store), 1);
    assert_eq!(read(&folder, FILE_NAME), before);
    assert_eq!(folder.names(), [FILE_NAME]);
    faults.write.store(false, Ordering::SeqCst);
    assert_eq!(
        store.record(&win(44)).unwrap().moves,
        Change::Better { was: 50 }
    );
}

#[test]
fn a_crash_between_write_and_rename_leaves_the_old_file_and_the_next_open_cleans_up() {
    let folder = TempFolder::new("crash");
    Store::open(&folder.0).unwrap().record(&win(50)).unwrap();
    let before = read(&folder, FILE_NAME);
    let (disk, faults) = faulty(&folder.0);
    let store = Store::open_on(disk).unwrap();
    faults.crash_before_rename.store(true, Ordering::SeqCst);
    assert!(store.record(&win(44)).is_err());
    // The crashed write's temporary file is there beside the untouched records file.
    let names = folder.names();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.iter().any(|n| n.ends_with(".tmp")));
    assert_eq!(read(&folder, FILE_NAME), before);
    drop(store);
    let again = Store::open(&folder.0).unwrap();
    assert_eq!(won(&again), 1);
    assert_eq!(folder.names(), [FILE_NAME]);
}

#[test]
fn two_writers_in_one_process_lose_no_win() {
    let folder = TempFolder::new("writers");
    let a = Arc::new(Store::open(&folder.0).unwrap());
    let b = Arc::new(Store::open(&folder.0).unwrap());
    let threads: Vec<_> = (0..8)
        .map(|i| {
            let store = if i % 2 == 0 { a.clone() } else { b.clone() };
            std::thread::spawn(move || {
                for moves in 0..10 {
                    store.record(&win(40 + moves + i)).unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let after = Store::open(&folder.0).unwrap();
    assert_eq!(won(&after), 80);
    assert_eq!(
        after
            .snapshot()
            .entry(4, "sunset")
            .unwrap()
            .by_hand
            .fewest_moves
            .unwrap()
            .moves,
        40
    );
    assert_eq!(folder.names(), [FILE_NAME]);
}

#[test]
fn damaged_files_are_kept_aside_each_under_a_name_of_its_own() {
    let folder = TempFolder::new("damaged");
    std::fs::write(folder.file(FILE_NAME), "{ not records").unwrap();
    let store = Store::open(&folder.0).unwrap();
    let aside = store.kept_aside();
    assert_eq!(aside.len(), 1);
    let first = aside[0].file_name.clone();
    assert!(first.starts_with("records.damaged-1-"), "{first}");
    assert!(matches!(aside[0].reason, AsideReason::Damaged(_)));
    assert_eq!(won(&store), 0);
    store.record(&win(50)).unwrap();
    drop(store);
    std::fs::write(folder.file(FILE_NAME), [0xff, 0xfe, 0x00]).unwrap();
    let store = Store::open(&folder.0).unwrap();
    let second = store.kept_aside()[0].file_name.clone();
    assert!(second.starts_with("records.damaged-2-"), "{second}");
    assert_eq!(read(&folder, &first), "{ not records");
    assert_eq!(
        std::fs::read(folder.file(&second)).unwrap(),
        [0xff, 0xfe, 0x00]
    );
}

#[test]
fn a_failed_move_aside_stops_the_write() {
    let folder = TempFolder::new("aside-fails");
    std::fs::write(folder.file(FILE_NAME), "damaged").unwrap();
    let (disk, faults) = faulty(&folder.0);
    faults.keep_aside.store(true, Ordering::SeqCst);
    assert!(matches!(
        Store::open_on(disk.clone()),
        Err(StoreError::KeepAside(_))
    ));
    assert_eq!(read(&folder, FILE_NAME), "damaged");
    assert_eq!(folder.names(), [FILE_NAME]);
    // A file damaged under an open store: the change stops before writing over it.
    faults.keep_aside.store(false, Ordering::SeqCst);
    std::fs::remove_file(folder.file(FILE_NAME)).unwrap();
    let store = Store::open_on(disk).unwrap();
    store.record(&win(50)).unwrap();
    std::fs::write(folder.file(FILE_NAME), "damaged again").unwrap();
    faults.keep_aside.store(true, Ordering::SeqCst);
    assert!(matches!(
        store.record(&win(40)),
        Err(StoreError::KeepAside(_))
    ));
    assert_eq!(read(&folder, FILE_NAME), "damaged again");
    // Once it can be moved, the change goes through with what the store knew.
    faults.keep_aside.store(false, Ordering::SeqCst);
    store.record(&win(40)).unwrap();
    assert_eq!(won(&store), 2);
    assert_eq!(
        read(&folder, &store.kept_aside()[0].file_name),
        "damaged again"
    );
}

#[test]
fn a_newer_file_is_kept_aside_and_merged_back_once_it_can_be_read() {
    let folder = TempFolder::new("newer");
    let mut theirs = Records::new();
    theirs.record(&win(42)).unwrap();
    theirs
        .record(&Win {
            size: 5,
            ..win(120)
        })
        .unwrap();
    let text = theirs.to_json();
    let newer = text.replacen("\"version\":2", "\"version\":9", 1);
    std::fs::write(folder.file(FILE_NAME), &newer).unwrap();
    let store = Store::open(&folder.0).unwrap();
    let aside = store.kept_aside();
    let aside_name = aside[0].file_name.clone();
    assert!(aside_name.starts_with("records.newer-1-"), "{aside_name}");
    assert_eq!(aside[0].reason, AsideReason::Newer(9));
    store.record(&win(50)).unwrap();
    drop(store);
    // This version still cannot read it: it stays aside, untouched.
    let store = Store::open(&folder.0).unwrap();
    assert!(store.kept_aside().is_empty());
    assert_eq!(won(&store), 1);
    assert_eq!(read(&folder, &aside_name), newer);
    drop(store);
    // An update that reads it (here: the same records as this version writes them).
    std::fs::write(folder.file(&aside_name), &text).unwrap();
    let store = Store::open(&folder.0).unwrap();
    let records = store.snapshot();
    // Its game and this version's add up: two branches of history, two origins.
    assert_eq!(records.entry(4, "sunset").unwrap().by_hand.won, 2);
    assert_eq!(
        records
            .entry(4, "sunset")
            .unwrap()
            .by_hand
            .fewest_moves
            .unwrap()
            .moves,
        42
    );
    assert!(records.entry(5, "sunset").is_some());
    assert_eq!(folder.names(), [FILE_NAME]);
    let reread = Records::from_json(&read(&folder, FILE_NAME)).unwrap();
    assert_eq!(reread, records);
}

/// Records from a list of wins over few values, so that ties in moves and time are common,
/// counted under one of three origins, so that two copies often share one.
fn records_strategy() -> impl Strategy<Value = Records> {
    let win = (
        3usize..=4,
        prop_oneof![Just("sunset"), Just("photo")],
        1u32..4,
        1u64..4,
        prop_oneof![
            Just(None),
            (1u32..4).prop_map(|m| Some(Fewest {
                moves: m,
                proven: true
            })),
            (1u32..4).prop_map(|m| Some(Fewest {
                moves: m,
                proven: false
            })),
        ],
        any::<bool>(),
        0u32..3,
    )
        .prop_map(
            |(size, picture, moves, elapsed_ms, fewest, helped, peeks)| Win {
                size,
                picture: picture.into(),
                moves,
                elapsed_ms,
                fewest,
                helped,
                peeks,
            },
        );
    (
        prop_oneof![Just("phone"), Just("tablet"), Just("watch")],
        proptest::collection::vec(win, 0..12),
    )
        .prop_map(|(origin, wins)| {
            let mut r = Records::with_origin(origin);
            for w in &wins {
                r.record(w).unwrap();
            }
            r
        })
}

fn merged(a: &Records, b: &Records) -> Records {
    let mut out = a.clone();
    out.merge(b);
    out
}

/// What a merge defines: every size and picture's counts per origin and best games.
fn entries(r: &Records) -> Vec<Entry> {
    r.entries().cloned().collect()
}

proptest! {
    #[test]
    fn merge_is_commutative_associative_and_idempotent(
        a in records_strategy(),
        b in records_strategy(),
        c in records_strategy(),
    ) {
        let ab = merged(&a, &b);
        prop_assert_eq!(entries(&ab), entries(&merged(&b, &a)));
        prop_assert_eq!(
            entries(&merged(&ab, &c)),
            entries(&merged(&a, &merged(&b, &c)))
        );
        prop_assert_eq!(&merged(&ab, &b), &ab);
        prop_assert_eq!(&merged(&a, &a), &a);
        // Games of different origins add; a shared origin counts its games once.
        for e in ab.entries() {
            for helped in [false, true] {
                let origins = e.origins(helped);
                let sum: u32 = origins.origins().map(|(_, c)| c.won).sum();
                let tally = if helped { e.helped } else { e.by_hand };
                prop_assert_eq!(tally.won, sum);
                for (origin, count) in origins.origins() {
                    let of = |r: &Records| r
                        .entry(e.size, &e.picture)
                        .and_then(|x| x.origins(helped).origins().find(|(o, _)| *o == origin))
                        .map_or(0, |(_, c)| c.won);
                    prop_assert_eq!(count.won, of(&a).max(of(&b)));
                }
            }
        }
        // Whatever it merged reads back.
        prop_assert_eq!(Records::from_json(&ab.to_json()).unwrap(), ab);
    }
}

#[test]
fn a_merge_keeps_the_entry_limit_so_the_file_reads_back() {
    let picture = |i: usize| format!("p{i:04}");
    let mut a = Records::new();
    let mut b = Records::new();
    for i in 0..MAX_ENTRIES {
        a.record(&Win {
            picture: picture(2 * i),
            ..win(50)
        })
        .unwrap();
        b.record(&Win {
            picture: picture(2 * i + 1),
            ..win(50)
        })
        .unwrap();
    }
    let mut ab = a.clone();
    ab.merge(&b);
    let mut ba = b.clone();
    ba.merge(&a);
    assert_eq!(entries(&ab), entries(&ba));
    assert_eq!(ab.entries().count(), MAX_ENTRIES);
    // The first by size and picture name stay: here p0000 … p1023.
    assert!(ab.entry(4, &picture(MAX_ENTRIES - 1)).is_some());
    assert!(ab.entry(4, &picture(MAX_ENTRIES)).is_none());
    assert_eq!(Records::from_json(&ab.to_json()).unwrap(), ab);
}
