//! The records file always reads back: its size bounded before it is written, fields of a
//! later version kept, a bad entry dropped alone (the file copied aside for the record),
//! kept-aside files capped under names never reused, a game recorded once however often the
//! app asks, a version-1 file read and written back as version 2.
mod records_disk;

use records_disk::{win, won, TempFolder};
use slidepuzzle_core::records::store::{AsideReason, FILE_NAME, MAX_KEPT_ASIDE};
use slidepuzzle_core::records::{
    Change, Records, Store, Win, MAX_ENTRIES, MAX_GAME_ID, MAX_JSON_BYTES, MAX_ORIGINS,
    MAX_ORIGIN_NAME, MAX_PICTURE_NAME, MAX_RECENT,
};

const U32: u32 = u32::MAX;
const U64: u64 = u64::MAX;

/// A best game with every number at its largest.
fn largest_game() -> String {
    format!(
        "{{\"moves\":{U32},\"elapsed_ms\":{U64},\"fewest\":{{\"moves\":{U32},\"proven\":false}},\"peeks\":{U32}}}"
    )
}

/// The largest file this version can come to write: every entry, name, origin and game id
/// at its limit, every number at its largest.
fn largest_file() -> String {
    let origins: Vec<String> = (0..MAX_ORIGINS)
        .map(|o| format!("\"{o:0>width$}\":[{U32},{U32}]", width = MAX_ORIGIN_NAME))
        .collect();
    let tally = format!(
        "{{\"origins\":{{{}}},\"fewest_moves\":{},\"fastest\":{}}}",
        origins.join(","),
        largest_game(),
        largest_game()
    );
    let entries: Vec<String> = (0..MAX_ENTRIES)
        .map(|i| {
            format!(
                "{{\"size\":8,\"picture\":\"{i:0>width$}\",\"by_hand\":{tally},\"helped\":{tally}}}",
                width = MAX_PICTURE_NAME
            )
        })
        .collect();
    let outcome = format!(
        "{{\"helped\":false,\"moves\":{{\"NotBetter\":{{\"best\":{U32}}}}},\"time\":{{\"NotBetter\":{{\"best\":{U64}}}}},\"matched_fewest\":false,\"won\":{U32}}}"
    );
    let recent: Vec<String> = (0..MAX_RECENT)
        .map(|i| {
            format!(
                "{{\"id\":\"{i:0>width$}\",\"outcome\":{outcome},\"won\":{{\"size\":8,\"picture\":\"{i:0>name$}\",\"helped\":true,\"game\":{}}}}}",
                largest_game(),
                width = MAX_GAME_ID,
                name = MAX_PICTURE_NAME
            )
        })
        .collect();
    format!(
        "{{\"format\":\"slidepuzzle-records\",\"version\":2,\"origin\":\"{:0>width$}\",\"kept_aside\":{U32},\"records\":[{}],\"recent\":[{}]}}",
        "",
        entries.join(","),
        recent.join(","),
        width = MAX_ORIGIN_NAME
    )
}

#[test]
fn the_largest_records_fit_the_file_and_read_back() {
    let text = largest_file();
    let records = Records::from_json(&text).unwrap();
    assert_eq!(records.entries().count(), MAX_ENTRIES);
    let written = records.to_json();
    assert!(
        written.len() <= MAX_JSON_BYTES,
        "{} bytes, more than {MAX_JSON_BYTES}",
        written.len()
    );
    assert_eq!(Records::from_json(&written).unwrap(), records);
    // Through the store: written, and read back whole by the next open.
    let folder = TempFolder::new("largest");
    let store = Store::open(&folder.0).unwrap();
    store.merge(&records).unwrap();
    let again = Store::open(&folder.0).unwrap();
    assert!(again.kept_aside().is_empty());
    assert!(again.snapshot().entries().eq(records.entries()));
}

#[test]
fn a_later_version_s_fields_are_kept_unless_the_file_would_not_read_back() {
    let folder = TempFolder::new("unknown");
    let mut theirs = Records::with_origin("later");
    theirs.record(&win(50)).unwrap();
    let text = theirs
        .to_json()
        .replacen("\"records\":", "\"themes\":[\"dusk\"],\"records\":", 1)
        .replacen(
            "\"picture\":\"sunset\"",
            "\"picture\":\"sunset\",\"stars\":2",
            1,
        );
    std::fs::write(folder.file(FILE_NAME), &text).unwrap();
    let store = Store::open(&folder.0).unwrap();
    assert!(store.kept_aside().is_empty());
    store.record(&win(48)).unwrap();
    let written = folder.read(FILE_NAME);
    assert!(written.contains("\"themes\":[\"dusk\"]"), "{written}");
    assert!(written.contains("\"stars\":2"), "{written}");
    drop(store);
    // A field so large that the records beside it would not fit: the records are written,
    // the field left out, and the file reads back.
    let huge = format!("\"padding\":\"{}\",", "x".repeat(MAX_JSON_BYTES / 2));
    let padded = text.replacen("\"records\":", &format!("{huge}\"records\":"), 1);
    std::fs::write(folder.file(FILE_NAME), &padded).unwrap();
    let store = Store::open(&folder.0).unwrap();
    assert!(store.kept_aside().is_empty());
    store
        .merge(&Records::from_json(&largest_file()).unwrap())
        .unwrap();
    let written = folder.read(FILE_NAME);
    assert!(written.len() <= MAX_JSON_BYTES);
    assert!(!written.contains("padding"));
    let again = Store::open(&folder.0).unwrap();
    assert!(again.kept_aside().is_empty());
    assert_eq!(won(&again), 1);
}

#[test]
fn a_bad_entry_is_dropped_alone_and_the_file_copied_aside() {
    let folder = TempFolder::new("bad-entry");
    let mut r = Records::with_origin("phone");
    r.record(&win(50)).unwrap();
    r.record(&win(45)).unwrap();
    r.record(&Win { size: 3, ..win(20) }).unwrap();
    let bad = r.to_json().replacen("\"size\":3", "\"size\":30", 1);
    std::fs::write(folder.file(FILE_NAME), &bad).unwrap();
    let store = Store::open(&folder.0).unwrap();
    let aside = store.kept_aside();
    assert_eq!(aside.len(), 1);
    let AsideReason::EntriesDropped(dropped) = &aside[0].reason else {
        panic!("{aside:?}");
    };
    assert_eq!(dropped.len(), 1);
    assert_eq!(dropped[0].position, 0);
    assert!(dropped[0].why.contains("30×30"), "{}", dropped[0].why);
    // The file as it was, for the record; the good entry kept and written back.
    assert_eq!(folder.read(&aside[0].file_name), bad);
    assert_eq!(won(&store), 2);
    let written = Records::from_json(&folder.read(FILE_NAME)).unwrap();
    assert_eq!(written.entry(4, "sunset"), r.entry(4, "sunset"));
    drop(store);
    let again = Store::open(&folder.0).unwrap();
    assert!(again.kept_aside().is_empty());
    assert_eq!(won(&again), 2);
}

#[test]
fn kept_aside_files_are_capped_and_their_names_never_come_back() {
    let folder = TempFolder::new("cap");
    for n in 1..=MAX_KEPT_ASIDE + 2 {
        let name = format!("records.damaged-{n}-0000000{}.json", n % 10);
        std::fs::write(folder.file(&name), format!("damaged {n}")).unwrap();
    }
    std::fs::write(folder.file("records.newer-3.json"), "{\"format\":\"x\"}").unwrap();
    let store = Store::open(&folder.0).unwrap();
    assert_eq!(
        store.removed_aside(),
        [
            "records.damaged-1-00000001.json",
            "records.damaged-2-00000002.json"
        ]
    );
    let names = folder.names();
    assert!(!names.contains(&"records.damaged-2-00000002.json".to_string()));
    assert!(names.contains(&"records.damaged-3-00000003.json".to_string()));
    assert_eq!(names.len(), MAX_KEPT_ASIDE + 1, "{names:?}");
    assert!(names.contains(&"records.newer-3.json".to_string()));
    store.record(&win(50)).unwrap();
    // The next file kept aside takes a number above every one given.
    std::fs::write(folder.file(FILE_NAME), "damaged again").unwrap();
    store.record(&win(48)).unwrap();
    let given = store.kept_aside()[0].file_name.clone();
    let first = MAX_KEPT_ASIDE + 3;
    assert!(
        given.starts_with(&format!("records.damaged-{first}-")),
        "{given}"
    );
    assert_eq!(folder.read(&given), "damaged again");
    // Even once every kept-aside file is gone, and the records that knew the number with
    // them, no name comes back.
    drop(store);
    let mut names = vec![given];
    for round in 0..3 {
        for name in folder.names() {
            if name != FILE_NAME {
                std::fs::remove_file(folder.file(&name)).unwrap();
            }
        }
        std::fs::write(folder.file(FILE_NAME), format!("damaged {round}")).unwrap();
        let store = Store::open(&folder.0).unwrap();
        let name = store.kept_aside()[0].file_name.clone();
        assert!(!names.contains(&name), "{name} given twice");
        assert_eq!(folder.read(&name), format!("damaged {round}"));
        names.push(name);
    }
}

#[test]
fn a_game_recorded_again_after_a_relaunch_counts_once() {
    let folder = TempFolder::new("once");
    let store = Store::open(&folder.0).unwrap();
    let first = store.record_once("3f9a", &win(50)).unwrap();
    assert_eq!(first.moves, Change::First);
    // The app was killed before it noted the win saved: at relaunch it records it again.
    drop(store);
    let store = Store::open(&folder.0).unwrap();
    assert_eq!(store.record_once("3f9a", &win(50)).unwrap(), first);
    assert_eq!(won(&store), 1);
    let second = store.record_once("77c0", &win(44)).unwrap();
    assert_eq!(second.moves, Change::Better { was: 50 });
    assert_eq!(second.won, 2);
    // A second store on the folder knows the first store's games too.
    let other = Store::open(&folder.0).unwrap();
    assert_eq!(other.record_once("77c0", &win(44)).unwrap(), second);
    assert_eq!(won(&Store::open(&folder.0).unwrap()), 2);
}

#[test]
fn a_version_1_file_in_the_folder_loads_and_is_written_as_version_2() {
    let folder = TempFolder::new("v1");
    let v1 = "{\n  \"format\": \"slidepuzzle-records\",\n  \"version\": 1,\n  \"records\": [\n    {\n      \"size\": 4,\n      \"picture\": \"sunset\",\n      \"by_hand\": {\n        \"won\": 7,\n        \"won_without_peeking\": 3,\n        \"fewest_moves\": {\"moves\": 48, \"elapsed_ms\": 70000},\n        \"fastest\": {\"moves\": 60, \"elapsed_ms\": 40000}\n      }\n    }\n  ]\n}";
    std::fs::write(folder.file(FILE_NAME), v1).unwrap();
    let store = Store::open(&folder.0).unwrap();
    assert!(store.kept_aside().is_empty());
    assert_eq!(won(&store), 7);
    assert_eq!(
        store.record(&win(46)).unwrap().moves,
        Change::Better { was: 48 }
    );
    assert_eq!(won(&store), 8);
    let written = folder.read(FILE_NAME);
    assert!(written.contains("\"version\":2"), "{written}");
    assert_eq!(won(&Store::open(&folder.0).unwrap()), 8);
}
