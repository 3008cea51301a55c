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
    let mut r = Records::new();
    r.record(&win(52, 90)).unwrap();
    r.record(&Win {
        helped: true,
        fewest: None,
        ..win(40, 30)
    })
    .unwrap();
    let text = r.to_json();
    assert!(text.contains("\"version\": 1"), "{text}");
    assert_eq!(Records::from_json(&text).unwrap(), r);
    let newer = text.replace("\"version\": 1", "\"version\": 2");
    assert_eq!(
        Records::from_json(&newer),
        Err(RecordsError::Newer { found: 2 })
    );
    for damaged in [
        String::new(),
        "not json".into(),
        text[..text.len() / 2].to_string(),
        text.replace("slidepuzzle-records", "something-else"),
        text.replace("\"size\": 4", "\"size\": 9"),
        text.replace("\"won\": 1", "\"won\": 0"),
        text.replace("\"moves\": 52", "\"moves\": -1"),
        "x".repeat(MAX_JSON_BYTES + 1),
    ] {
        assert!(
            matches!(Records::from_json(&damaged), Err(RecordsError::Damaged(_))),
            "{damaged:.80}"
        );
    }
    // The same size and picture twice.
    let entry = serde_json::to_string(r.entry(4, "sunset").unwrap()).unwrap();
    let doubled =
        format!("{{\"format\":\"{FORMAT}\",\"version\":1,\"records\":[{entry},{entry}]}}");
    assert!(matches!(
        Records::from_json(&doubled),
        Err(RecordsError::Damaged(_))
    ));
    // An older file without the later optional fields still reads.
    let minimal = format!(
        "{{\"format\":\"{FORMAT}\",\"version\":1,\"records\":[{{\"size\":3,\"picture\":\"photo\",\
         \"by_hand\":{{\"won\":1,\"fewest_moves\":{{\"moves\":20,\"elapsed_ms\":5}},\
         \"fastest\":{{\"moves\":20,\"elapsed_ms\":5}}}}}}]}}"
    );
    let read = Records::from_json(&minimal).unwrap();
    assert_eq!(read.entry(3, PHOTO).unwrap().helped, Tally::default());
}

#[test]
fn merging_two_devices_keeps_the_best_of_each_and_is_idempotent() {
    let mut phone = Records::new();
    phone.record(&win(52, 60)).unwrap();
    phone.record(&win(50, 90)).unwrap();
    let mut tablet = Records::new();
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
    assert_eq!(e.by_hand.won, 2);
    assert!(merged.entry(5, "sunset").is_some());
    let again = {
        let mut m = merged.clone();
        m.merge(&merged);
        m.merge(&tablet);
        m
    };
    assert_eq!(again, merged);
    // Either order gives the same bests.
    let mut other_way = tablet.clone();
    other_way.merge(&phone);
    assert_eq!(other_way, merged);
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
}
