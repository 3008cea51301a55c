//! The records store against what a phone does to it: a second process on the same folder,
//! a file system that refuses hard links or folder flushes, a flush that fails before the
//! rename. Every case runs on the real file system, through a wrapper that fails or watches
//! the calls a test names.
mod records_disk;

use std::sync::atomic::Ordering;
use std::sync::Arc;

use records_disk::{faulty, faulty_as, win, won, TempFolder};
use slidepuzzle_core::records::store::{AsideReason, StoreError, FILE_NAME};
use slidepuzzle_core::records::{Records, Store};

/// The variable that makes this test binary, run again, the second process.
const CHILD_FOLDER: &str = "SLIDEPUZZLE_RECORDS_CHILD_FOLDER";
const WINS_EACH: u32 = 500;

#[test]
fn a_file_is_kept_aside_where_links_are_refused() {
    let folder = TempFolder::new("no-links");
    std::fs::write(folder.file(FILE_NAME), "{ damaged").unwrap();
    let (disk, faults) = faulty(&folder.0);
    faults.no_rename_new.store(true, Ordering::SeqCst);
    faults.no_links.store(true, Ordering::SeqCst);
    let store = Store::open_on(disk.clone()).unwrap();
    let aside = store.kept_aside();
    assert_eq!(aside.len(), 1);
    assert!(matches!(aside[0].reason, AsideReason::Damaged(_)));
    assert_eq!(folder.read(&aside[0].file_name), "{ damaged");
    store.record(&win(50)).unwrap();
    // A second damaged file goes aside under a new name, never over the first.
    std::fs::write(folder.file(FILE_NAME), "{ damaged again").unwrap();
    store.record(&win(44)).unwrap();
    let aside = store.kept_aside();
    assert_eq!(aside.len(), 2);
    assert_ne!(aside[0].file_name, aside[1].file_name);
    assert_eq!(folder.read(&aside[0].file_name), "{ damaged");
    assert_eq!(folder.read(&aside[1].file_name), "{ damaged again");
    assert_eq!(won(&store), 2);
    // Neither a link nor a rename that refuses to replace was made.
    let calls = disk.calls.lock().unwrap().clone();
    assert!(
        !calls
            .iter()
            .any(|c| c.starts_with("hard_link") || c.starts_with("rename_new")),
        "{calls:?}"
    );
    // On this system the one-step rename is there and used.
    std::fs::write(folder.file(FILE_NAME), "{ and again").unwrap();
    faults.no_rename_new.store(false, Ordering::SeqCst);
    store.record(&win(44)).unwrap();
    let calls = disk.calls.lock().unwrap().clone();
    assert!(
        calls.iter().any(|c| c.starts_with("rename_new")),
        "{calls:?}"
    );
    assert!(!calls.iter().any(|c| c.starts_with("hard_link")));
}

#[test]
fn a_file_flush_that_fails_before_the_rename_saves_nothing() {
    let folder = TempFolder::new("sync-file");
    Store::open(&folder.0).unwrap().record(&win(50)).unwrap();
    let before = folder.read(FILE_NAME);
    let (disk, faults) = faulty(&folder.0);
    let store = Store::open_on(disk).unwrap();
    faults.sync_file.store(true, Ordering::SeqCst);
    assert!(matches!(
        store.record(&win(44)),
        Err(StoreError::Unwritable(_))
    ));
    assert_eq!(folder.read(FILE_NAME), before);
    assert_eq!(won(&store), 1);
    assert_eq!(folder.names(), [FILE_NAME]);
}

#[test]
fn every_file_is_flushed_before_it_is_renamed_into_place() {
    let folder = TempFolder::new("flush-order");
    let (disk, _) = faulty(&folder.0);
    let store = Store::open_on(disk.clone()).unwrap();
    for moves in 40..45 {
        store.record(&win(moves)).unwrap();
    }
    store.merge(&Records::new()).unwrap();
    assert_eq!(
        *disk.unflushed_renames.lock().unwrap(),
        Vec::<String>::new()
    );
    // And the folder is flushed after each rename into place.
    let calls = disk.calls.lock().unwrap().clone();
    let renames = calls.iter().filter(|c| c.starts_with("replace")).count();
    assert_eq!(renames, 6, "{calls:?}");
    for (i, call) in calls.iter().enumerate() {
        if call.starts_with("replace") {
            assert_eq!(calls.get(i + 1).map(String::as_str), Some("sync folder"));
        }
    }
}

#[test]
fn a_folder_flush_that_fails_after_the_rename_still_counts_the_win_once() {
    let folder = TempFolder::new("sync-folder");
    let (disk, faults) = faulty(&folder.0);
    let store = Store::open_on(disk.clone()).unwrap();
    faults.sync_folder.store(true, Ordering::SeqCst);
    store.record(&win(50)).unwrap();
    faults.sync_folder.store(false, Ordering::SeqCst);
    faults.sync_folder_einval.store(true, Ordering::SeqCst);
    store.record(&win(48)).unwrap();
    assert_eq!(won(&store), 2);
    drop(store);
    assert_eq!(won(&Store::open(&folder.0).unwrap()), 2);
    // Keeping a file aside is done once its rename is, too.
    std::fs::write(folder.file(FILE_NAME), "damaged").unwrap();
    faults.sync_folder.store(true, Ordering::SeqCst);
    let store = Store::open_on(disk).unwrap();
    assert_eq!(store.kept_aside().len(), 1);
    assert_eq!(folder.read(&store.kept_aside()[0].file_name), "damaged");
}

#[test]
fn two_processes_on_one_folder_lose_no_win() {
    let folder = TempFolder::new("two-processes-in-one");
    // Two disks with different process names share no in-process lock: only the folder lock
    // keeps them apart, as it keeps two processes apart.
    let (first, _) = faulty_as(&folder.0, "#1");
    let (second, _) = faulty_as(&folder.0, "#2");
    let a = Arc::new(Store::open_on(first).unwrap());
    let b = Arc::new(Store::open_on(second).unwrap());
    let threads: Vec<_> = [a, b]
        .into_iter()
        .map(|store| {
            std::thread::spawn(move || {
                for i in 0..150 {
                    store.record(&win(40 + i % 7)).unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(won(&Store::open(&folder.0).unwrap()), 300);
    assert_eq!(folder.names(), [FILE_NAME]);
}

#[test]
fn without_a_folder_lock_the_store_still_writes() {
    let folder = TempFolder::new("no-lock");
    let (disk, faults) = faulty(&folder.0);
    faults.no_lock.store(true, Ordering::SeqCst);
    let store = Store::open_on(disk).unwrap();
    store.record(&win(50)).unwrap();
    assert_eq!(won(&Store::open(&folder.0).unwrap()), 1);
}

/// The second process: records its wins into the folder it is given, then exits.
#[test]
#[ignore = "run by a_second_process_recording_beside_the_first_loses_no_win"]
fn second_process() {
    let Some(folder) = std::env::var_os(CHILD_FOLDER) else {
        return;
    };
    record_games(&Store::open(folder).unwrap(), "child", 9);
}

/// Records `WINS_EACH` games with ids of their own, each of the first 20 twice (an app
/// recording again a win it was not sure was saved): each must count once.
fn record_games(store: &Store, process: &str, spread: u32) {
    for i in 0..WINS_EACH {
        let id = format!("{process}-{i}");
        let outcome = store.record_once(&id, &win(40 + i % spread)).unwrap();
        if i < 20 {
            assert_eq!(store.record_once(&id, &win(1)).unwrap(), outcome);
        }
    }
}

#[test]
fn a_second_process_recording_beside_the_first_loses_no_win() {
    let folder = TempFolder::new("two-processes");
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "second_process", "--ignored", "--test-threads=1"])
        .env(CHILD_FOLDER, &folder.0)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    record_games(&Store::open(&folder.0).unwrap(), "parent", 5);
    let output = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{said}");
    // The child really ran its one test (a filter that matched nothing would pass too).
    assert!(said.contains("1 passed"), "{said}");
    let after = Store::open(&folder.0).unwrap();
    assert_eq!(won(&after), 2 * WINS_EACH);
    let best = after.snapshot().entry(4, "sunset").unwrap().by_hand;
    assert_eq!(best.fewest_moves.unwrap().moves, 40);
    assert_eq!(folder.names(), [FILE_NAME]);
}
