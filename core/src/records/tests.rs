//! Records: hand against helped, what a win improved, damaged and newer files, merges.
use super::*;

fn win(moves: u32, seconds: u64) -> Win {
    Win {
        size: 4,
        picture: "sunset".into(),
        moves,
        elapsed_ms: seconds * 1000,
        fewest: Some(Fewest {
            moves: 44,
            proven: true,
        }),
        helped: false,
        peeks: 0,
    }
}

#[test]
fn a_better_game_says_what_it_beat() {
    let mut r = Records::new();
    let first = r.record(&win(52, 90)).unwrap();
    assert_eq!((first.moves, first.time), (Change::First, Change::First));
    assert_eq!(first.matched_fewest, Some(false));
    assert_eq!(first.won, 1);
    let fewer = r.record(&win(48, 120)).unwrap();
    assert_eq!(fewer.moves, Change::Better { was: 52 });
    assert_eq!(fewer.time, Change::NotBetter { best: 90_000 });
    let faster = r.record(&win(60, 45)).unwrap();
    assert_eq!(faster.moves, Change::NotBetter { best: 48 });
    assert_eq!(faster.time, Change::Better { was: 90_000 });
    let matched = r.record(&win(44, 200)).unwrap();
    assert_eq!(matched.moves, Change::Better { was: 48 });
    assert_eq!(matched.matched_fewest, Some(true));
    assert_eq!(r.record(&win(44, 300)).unwrap().moves, Change::Equal);
    let e = r.entry(4, "sunset").unwrap();
    assert_eq!(e.by_hand.won, 5);
    assert_eq!(e.by_hand.fewest_moves.unwrap().moves, 44);
    assert_eq!(e.by_hand.fewest_moves.unwrap().elapsed_ms, 200_000);
    assert_eq!(e.by_hand.fastest.unwrap().elapsed_ms, 45_000);
    assert_eq!(
        e.by_hand.fewest_moves.unwrap().fewest,
        Some(Fewest {
            moves: 44,
            proven: true
        })
    );
    assert!(r.entry(4, "aurora").is_none());
    assert!(r.entry(3, "sunset").is_none());
}

#[test]
fn a_helped_game_is_apart_and_never_beats_a_game_by_hand() {
    let mut r = Records::new();
    r.record(&win(60, 100)).unwrap();
    let helped = r
        .record(&Win {
            helped: true,
            ..win(44, 10)
        })
        .unwrap();
    assert!(helped.helped);
    assert_eq!(helped.moves, Change::First);
    let e = r.entry(4, "sunset").unwrap();
    assert_eq!(e.by_hand.fewest_moves.unwrap().moves, 60);
    assert_eq!(e.by_hand.fastest.unwrap().elapsed_ms, 100_000);
    assert_eq!((e.by_hand.won, e.helped.won), (1, 1));
    assert_eq!(e.helped.fewest_moves.unwrap().moves, 44);
    assert_eq!(r.best_of_size(4).unwrap().fewest_moves.unwrap().moves, 60);
    // A helped game alone leaves no best by hand.
    let mut only_helped = Records::new();
    only_helped
        .record(&Win {
            helped: true,
            ..win(44, 10)
        })
        .unwrap();
    assert!(only_helped.best_of_size(4).is_none());
}

#[test]
fn peeks_are_counted_and_a_calm_win_is_marked() {
    let mut r = Records::new();
    r.record(&Win {
        peeks: 3,
        ..win(50, 60)
    })
    .unwrap();
    r.record(&win(55, 70)).unwrap();
    let e = r.entry(4, "sunset").unwrap();
    assert_eq!((e.by_hand.won, e.by_hand.won_without_peeking), (2, 1));
    assert_eq!(e.by_hand.fewest_moves.unwrap().peeks, 3);
}

#[test]
fn best_of_a_size_spans_its_pictures() {
    let mut r = Records::new();
    r.record(&win(52, 90)).unwrap();
    r.record(&Win {
        picture: PHOTO.into(),
        ..win(48, 120)
    })
    .unwrap();
    r.record(&Win {
        size: 3,
        ..win(20, 10)
    })
    .unwrap();
    let four = r.best_of_size(4).unwrap();
    assert_eq!(four.won, 2);
    assert_eq!(four.fewest_moves.unwrap().moves, 48);
    assert_eq!(four.fastest.unwrap().elapsed_ms, 90_000);
    assert!(r.best_of_size(5).is_none());
    let order: Vec<(usize, &str)> = r.entries().map(|e| (e.size, e.picture.as_str())).collect();
    assert_eq!(order, [(3, "sunset"), (4, "photo"), (4, "sunset")]);
}

#[test]
fn json_round_trips_and_a_damaged_or_newer_file_is_refused() {
    let mut r = Records::with_origin("phone");
    r.record(&win(52, 90)).unwrap();
    r.record(&Win {
        helped: true,
        fewest: None,
        ..win(40, 30)
    })
    .unwrap();
    let text = r.to_json();
    assert!(
        text.starts_with("{\"format\":\"slidepuzzle-records\",\"version\":2,"),
        "{text}"
    );
    assert_eq!(Records::from_json(&text).unwrap(), r);
    let newer = text.replace("\"version\":2", "\"version\":3");
    assert_eq!(
        Records::from_json(&newer),
        Err(RecordsError::Newer { found: 3 })
    );
    for damaged in [
        String::new(),
        "not json".into(),
        text[..text.len() / 2].to_string(),
        text.replace("slidepuzzle-records", "something-else"),
        text.replace("\"version\":2", "\"version\":0"),
        "x".repeat(MAX_JSON_BYTES + 1),
    ] {
        assert!(
            matches!(Records::read(&damaged), Err(RecordsError::Damaged(_))),
            "{damaged:.80}"
        );
    }
    // A bad entry is left out alone, and said; `from_json` refuses the file for it.
    for (bad, why) in [
        (text.replace("\"size\":4", "\"size\":9"), "out of range"),
        (
            text.replace("\"phone\":[1,1]", "\"phone\":[0,1]"),
            "without a peek",
        ),
        (
            text.replace("\"moves\":52", "\"moves\":-1"),
            "invalid value",
        ),
    ] {
        let read = Records::read(&bad).unwrap();
        assert_eq!(read.dropped.len(), 1, "{bad}");
        assert!(read.dropped[0].why.contains(why), "{:?}", read.dropped);
        assert_eq!(read.records.entries().count(), 0);
        assert!(matches!(
            Records::from_json(&bad),
            Err(RecordsError::Damaged(_))
        ));
    }
}

#[test]
fn one_bad_entry_is_dropped_and_the_rest_read() {
    let mut r = Records::with_origin("phone");
    r.record(&win(52, 90)).unwrap();
    r.record(&Win {
        size: 3,
        ..win(20, 10)
    })
    .unwrap();
    let text = r.to_json().replacen("\"size\":3", "\"size\":\"three\"", 1);
    let read = Records::read(&text).unwrap();
    assert_eq!(read.dropped.len(), 1);
    assert_eq!(read.dropped[0].position, 0);
    assert_eq!(read.records.entry(4, "sunset"), r.entry(4, "sunset"));
    assert!(read.records.entry(3, "sunset").is_none());
    // The same size and picture twice: the second is dropped.
    let mut single = Records::with_origin("phone");
    single.record(&win(52, 90)).unwrap();
    let t = single.to_json();
    let start = t.find("\"records\":[").unwrap() + "\"records\":[".len();
    assert!(t.ends_with("]}"), "{t}");
    let entry = &t[start..t.len() - 2];
    let doubled = format!("{}{entry},{entry}]}}", &t[..start]);
    let read = Records::read(&doubled).unwrap();
    assert_eq!(read.records.entries().count(), 1, "{doubled}");
    assert_eq!(read.dropped.len(), 1);
    assert_eq!(read.dropped[0].position, 1);
    assert!(read.dropped[0].why.contains("twice"));
}

#[test]
fn a_version_1_file_reads_and_its_games_count_once() {
    let v1 = format!(
        "{{\"format\":\"{FORMAT}\",\"version\":1,\"records\":[{{\"size\":3,\"picture\":\"photo\",\
         \"by_hand\":{{\"won\":5,\"won_without_peeking\":2,\"fewest_moves\":{{\"moves\":20,\"elapsed_ms\":5}},\
         \"fastest\":{{\"moves\":20,\"elapsed_ms\":5}}}}}}]}}"
    );
    let read = Records::from_json(&v1).unwrap();
    let e = read.entry(3, PHOTO).unwrap();
    assert_eq!((e.by_hand.won, e.by_hand.won_without_peeking), (5, 2));
    assert_eq!(e.helped, Tally::default());
    // Read twice (two processes upgrading): one origin, so merged it still counts 5.
    let mut twice = read.clone();
    twice.merge(&Records::from_json(&v1).unwrap());
    assert_eq!(twice.entry(3, PHOTO).unwrap().by_hand.won, 5);
    // Another device's version-1 file is another origin: its games add.
    let other = Records::from_json(&v1.replace("\"won\":5", "\"won\":4")).unwrap();
    twice.merge(&other);
    assert_eq!(twice.entry(3, PHOTO).unwrap().by_hand.won, 9);
    // New wins count under an origin of their own, beside the file's.
    let mut upgraded = read.clone();
    upgraded
        .record(&Win {
            size: 3,
            picture: PHOTO.into(),
            ..win(30, 9)
        })
        .unwrap();
    let e = upgraded.entry(3, PHOTO).unwrap();
    assert_eq!(e.by_hand.won, 6);
    assert_eq!(e.origins(false).origins().count(), 2);
    // Written back as version 2, it reads the same.
    let again = Records::from_json(&upgraded.to_json()).unwrap();
    assert_eq!(again, upgraded);
}

#[test]
fn unknown_fields_are_kept_and_written_back() {
    let mut r = Records::with_origin("phone");
    r.record(&win(52, 90)).unwrap();
    let text = r.to_json();
    let later = text
        .replacen("\"records\":", "\"theme\":{\"dark\":true},\"records\":", 1)
        .replacen(
            "\"picture\":\"sunset\"",
            "\"picture\":\"sunset\",\"stars\":3",
            1,
        );
    let mut read = Records::from_json(&later).unwrap();
    read.record(&win(50, 80)).unwrap();
    let written = read.to_json();
    assert!(written.contains("\"theme\":{\"dark\":true}"), "{written}");
    assert!(written.contains("\"stars\":3"), "{written}");
    assert_eq!(read.entry(4, "sunset").unwrap().by_hand.won, 2);
}

#[test]
fn a_game_recorded_twice_counts_once_and_says_the_same() {
    let mut r = Records::with_origin("phone");
    let first = r.record_once("game-a", &win(52, 90)).unwrap();
    let text = r.to_json();
    // The second recording, after a relaunch, reads the file: same answer, nothing counted.
    let mut relaunched = Records::from_json(&text).unwrap();
    assert_eq!(
        relaunched.record_once("game-a", &win(52, 90)).unwrap(),
        first
    );
    assert_eq!(relaunched, Records::from_json(&text).unwrap());
    let second = relaunched.record_once("game-b", &win(48, 95)).unwrap();
    assert_eq!(second.moves, Change::Better { was: 52 });
    assert_eq!(second.won, 2);
    assert!(matches!(
        relaunched.record_once("", &win(1, 1)),
        Err(RecordsError::InvalidWin(_))
    ));
    assert!(matches!(
        relaunched.record_once("no spaces", &win(1, 1)),
        Err(RecordsError::InvalidWin(_))
    ));
    // Only the latest ids are kept, so the file stays bounded.
    for i in 0..MAX_RECENT {
        relaunched
            .record_once(&format!("g{i}"), &win(60, 100))
            .unwrap();
    }
    assert!(relaunched.recorded("game-a").is_none());
    assert!(relaunched
        .recorded(&format!("g{}", MAX_RECENT - 1))
        .is_some());
    let id = new_game_id();
    assert_eq!(id.len(), 32);
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_ne!(id, new_game_id());
}

#[test]
fn merging_two_devices_adds_their_games_and_keeps_the_best_of_each() {
    let mut phone = Records::with_origin("phone");
    phone.record(&win(52, 60)).unwrap();
    phone.record(&win(50, 90)).unwrap();
    let mut tablet = Records::with_origin("tablet");
    tablet.record(&win(46, 120)).unwrap();
    tablet
        .record(&Win {
            size: 5,
            ..win(150, 400)
        })
        .unwrap();
    let mut merged = phone.clone();
    merged.merge(&tablet);
    let e = merged.entry(4, "sunset").unwrap();
    assert_eq!(e.by_hand.fewest_moves.unwrap().moves, 46);
    assert_eq!(e.by_hand.fastest.unwrap().elapsed_ms, 60_000);
    assert_eq!(e.by_hand.won, 3);
    assert!(merged.entry(5, "sunset").is_some());
    let again = {
        let mut m = merged.clone();
        m.merge(&merged);
        m.merge(&tablet);
        m
    };
    assert_eq!(again, merged);
    // Either order gives the same entries.
    let mut other_way = tablet.clone();
    other_way.merge(&phone);
    assert!(other_way.entries().eq(merged.entries()));
    // The phone goes on counting under its own origin.
    merged.record(&win(70, 200)).unwrap();
    assert_eq!(merged.entry(4, "sunset").unwrap().by_hand.won, 4);
    merged.merge(&phone);
    assert_eq!(merged.entry(4, "sunset").unwrap().by_hand.won, 4);
}

#[test]
fn origins_past_the_limit_fold_into_one_and_the_total_stays() {
    let mut r = Records::with_origin("phone");
    for i in 0..MAX_ORIGINS + 4 {
        let mut other = Records::with_origin(&format!("device-{i:02}"));
        for _ in 0..=i {
            other.record(&win(50, 60)).unwrap();
        }
        r.merge(&other);
    }
    r.record(&win(50, 60)).unwrap();
    let e = r.entry(4, "sunset").unwrap();
    let n = (MAX_ORIGINS + 4) * (MAX_ORIGINS + 5) / 2 + 1;
    assert_eq!(e.by_hand.won as usize, n);
    let origins: Vec<&str> = e.origins(false).origins().map(|(o, _)| o).collect();
    assert_eq!(origins.len(), MAX_ORIGINS);
    assert!(origins.contains(&"phone") && origins.contains(&FOLDED));
    assert!(!origins.contains(&"device-00"));
    assert_eq!(Records::from_json(&r.to_json()).unwrap(), r);
}

#[test]
fn a_win_outside_the_boards_is_refused() {
    let mut r = Records::new();
    assert!(matches!(
        r.record(&Win {
            size: 9,
            ..win(1, 1)
        }),
        Err(RecordsError::InvalidWin(_))
    ));
    assert!(matches!(
        r.record(&Win {
            picture: String::new(),
            ..win(1, 1)
        }),
        Err(RecordsError::InvalidWin(_))
    ));
    assert_eq!(r, Records::new());
    assert!(r.origin().is_none());
}

fn unknown_fewest(moves: u32, seconds: u64, helped: bool) -> Win {
    Win {
        fewest: None,
        helped,
        ..win(moves, seconds)
    }
}

fn proven(moves: u32) -> Fewest {
    Fewest {
        moves,
        proven: true,
    }
}

#[test]
fn a_fewest_found_after_the_win_completes_its_best_game_and_outcome() {
    let mut r = Records::new();
    let first = r
        .record_once("game-a", &unknown_fewest(52, 90, false))
        .unwrap();
    assert_eq!(first.matched_fewest, None);
    let outcome = r.record_fewest("game-a", proven(52)).unwrap().unwrap();
    assert_eq!(outcome.matched_fewest, Some(true));
    assert_eq!(outcome.moves, Change::First);
    let e = r.entry(4, "sunset").unwrap();
    assert_eq!(e.by_hand.fewest_moves.unwrap().fewest, Some(proven(52)));
    assert_eq!(e.by_hand.fastest.unwrap().fewest, Some(proven(52)));
    assert_eq!(e.by_hand.won, 1);
    // Recording the game again says the completed outcome, and counts nothing.
    let again = r
        .record_once("game-a", &unknown_fewest(52, 90, false))
        .unwrap();
    assert_eq!(again.matched_fewest, Some(true));
    assert_eq!(r.entry(4, "sunset").unwrap().by_hand.won, 1);
    // It reads back from the file.
    let read = Records::from_json(&r.to_json()).unwrap();
    assert_eq!(read, r);
    assert_eq!(read.recorded("game-a").unwrap().matched_fewest, Some(true));
}

#[test]
fn a_fewest_completes_only_the_bests_its_game_still_holds() {
    let mut r = Records::new();
    r.record_once("slow", &unknown_fewest(50, 200, false))
        .unwrap();
    // A faster game since, with more moves: "slow" keeps the fewest moves, not the time.
    r.record_once("fast", &unknown_fewest(70, 60, false))
        .unwrap();
    let outcome = r.record_fewest("slow", proven(44)).unwrap().unwrap();
    assert_eq!(outcome.matched_fewest, Some(false));
    let e = r.entry(4, "sunset").unwrap();
    assert_eq!(e.by_hand.fewest_moves.unwrap().moves, 50);
    assert_eq!(e.by_hand.fewest_moves.unwrap().fewest, Some(proven(44)));
    assert_eq!(e.by_hand.fastest.unwrap().moves, 70);
    assert_eq!(e.by_hand.fastest.unwrap().fewest, None);
    // A helped game completes the helped tally, never the one by hand.
    r.record_once("auto", &unknown_fewest(40, 30, true))
        .unwrap();
    r.record_fewest("auto", proven(40)).unwrap().unwrap();
    let e = r.entry(4, "sunset").unwrap();
    assert_eq!(e.helped.fewest_moves.unwrap().fewest, Some(proven(40)));
    assert_eq!(e.by_hand.fastest.unwrap().fewest, None);
}

#[test]
fn a_fewest_that_says_no_more_changes_nothing() {
    let mut r = Records::new();
    r.record_once("g", &unknown_fewest(60, 90, false)).unwrap();
    let found = Fewest {
        moves: 58,
        proven: false,
    };
    assert_eq!(
        r.record_fewest("g", found).unwrap().unwrap().matched_fewest,
        Some(false)
    );
    // Proven beats found within a budget, even when longer.
    r.record_fewest("g", proven(60)).unwrap().unwrap();
    let kept = r.clone();
    for weaker in [
        found,
        Fewest {
            moves: 50,
            proven: false,
        },
        proven(60),
    ] {
        let (outcome, changed) = r.complete_fewest("g", weaker).unwrap().unwrap();
        assert!(!changed, "{weaker:?}");
        assert_eq!(outcome.matched_fewest, Some(true));
        assert_eq!(r, kept);
    }
    // Nothing is known of a game not recorded, or forgotten among the oldest ids.
    assert_eq!(r.record_fewest("other", proven(40)).unwrap(), None);
    // A proven fewest above the moves taken describes no game.
    r.record_once("h", &unknown_fewest(30, 90, false)).unwrap();
    assert!(matches!(
        r.record_fewest("h", proven(31)),
        Err(RecordsError::InvalidWin(_))
    ));
    assert!(matches!(
        r.record_fewest("not an id", proven(31)),
        Err(RecordsError::InvalidWin(_))
    ));
}

#[test]
fn a_game_kept_before_its_win_was_kept_completes_nothing() {
    // A file of this version written before the won game was kept with each id.
    let mut r = Records::new();
    r.record_once("old", &unknown_fewest(52, 90, false))
        .unwrap();
    let text = r.to_json();
    let start = text.find(",\"won\":{").unwrap();
    let end = start + text[start..].find("}}").unwrap() + 2;
    let before = format!("{}{}", &text[..start], &text[end..]);
    assert!(!before.contains("\"won\":{"), "{before}");
    let mut read = Records::from_json(&before).unwrap();
    assert_eq!(read.recorded("old").unwrap().matched_fewest, None);
    assert_eq!(read.record_fewest("old", proven(52)).unwrap(), None);
    assert_eq!(read.entry(4, "sunset").unwrap().by_hand.won, 1);
    // A kept game that names no board is dropped alone: the id still counts once.
    let bad = text.replace(
        "\"size\":4,\"picture\":\"sunset\",\"helped\"",
        "\"size\":99,\"picture\":\"sunset\",\"helped\"",
    );
    assert_ne!(bad, text);
    let mut read = Records::from_json(&bad).unwrap();
    assert_eq!(read.record_fewest("old", proven(52)).unwrap(), None);
    read.record_once("old", &unknown_fewest(52, 90, false))
        .unwrap();
    assert_eq!(read.entry(4, "sunset").unwrap().by_hand.won, 1);
}
