//! The typed calls on the real core: each failure comes back as its case with its facts, and
//! says the same sentence as the old call's `PuzzleError`.
use std::sync::Arc;

use slidepuzzle_core::picture::builtin;

use crate::*;

/// A 4×4 board far from its goal: no search finishes it within the small budgets below.
fn hard() -> (Vec<u32>, Vec<u32>) {
    let start = vec![0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1];
    (start, goal_tiles(4, 15).unwrap())
}

fn limits(max_nodes: Option<u64>, max_bytes: Option<u64>, timeout_ms: Option<u64>) -> Limits {
    Limits {
        max_nodes,
        max_bytes,
        timeout_ms,
        ..Limits::default()
    }
}

fn stop_of(e: PuzzleFailure) -> (SearchStop, SearchStats, String) {
    match e {
        PuzzleFailure::SearchStopped {
            stop,
            stats,
            detail,
        } => (stop, stats, detail),
        other => panic!("not a stopped search: {other:?}"),
    }
}

#[test]
fn a_node_budget_says_it_was_nodes_with_the_budget_and_the_old_sentence() {
    let (start, goal) = hard();
    let run = |typed: bool| {
        let l = limits(Some(1000), None, None);
        let (s, g) = (start.clone(), goal.clone());
        if typed {
            solve_typed(s, g, Algorithm::Bfs, Heuristic::Zero, l, None, None, None)
                .unwrap_err()
                .to_string()
        } else {
            let old = solve(s, g, Algorithm::Bfs, Heuristic::Zero, l, None, None, None);
            assert!(matches!(old, Err(PuzzleError::LimitReached(_))), "{old:?}");
            old.unwrap_err().to_string()
        }
    };
    let l = limits(Some(1000), None, None);
    let e = solve_typed(
        start.clone(),
        goal.clone(),
        Algorithm::Bfs,
        Heuristic::Zero,
        l,
        None,
        None,
        None,
    )
    .unwrap_err();
    let (stop, stats, detail) = stop_of(e);
    match stop {
        SearchStop::Nodes { budget, expanded } => {
            assert_eq!(budget, Some(1000));
            assert!(expanded >= 1000, "{expanded}");
            assert_eq!(stats.expanded, expanded);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(run(false), detail);
    assert_eq!(run(true), detail);
}

#[test]
fn a_memory_budget_says_what_the_search_held_and_what_it_would_have_needed() {
    let (start, goal) = hard();
    let budget = 1 << 20;
    let e = solve_typed(
        start,
        goal,
        Algorithm::Bfs,
        Heuristic::Zero,
        limits(None, Some(budget), None),
        None,
        None,
        None,
    )
    .unwrap_err();
    match stop_of(e).0 {
        SearchStop::Memory {
            budget_bytes,
            held_bytes,
            needed_bytes,
        } => {
            assert_eq!(budget_bytes, budget);
            assert!(held_bytes > 0 && held_bytes <= budget, "{held_bytes}");
            assert!(needed_bytes > budget, "{needed_bytes}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_time_budget_says_time_with_the_budget_and_how_long_it_ran() {
    let (start, goal) = hard();
    let game = Game::with_tiles(goal, start).unwrap();
    let e = game
        .solve_typed(
            Algorithm::IdaStar,
            Heuristic::Manhattan,
            limits(None, None, Some(30)),
            None,
            None,
            None,
        )
        .unwrap_err();
    match stop_of(e).0 {
        SearchStop::Time {
            budget_ms,
            elapsed_ms,
        } => {
            assert_eq!(budget_ms, 30);
            assert!((30..5_000).contains(&elapsed_ms), "{elapsed_ms}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_cancelled_search_build_and_shuffle_each_say_cancelled() {
    let (start, goal) = hard();
    let token = CancelToken::new();
    token.cancel();
    let e = hint_typed(
        start,
        goal.clone(),
        Limits::default(),
        None,
        Some(token.clone()),
    )
    .unwrap_err();
    assert!(matches!(stop_of(e).0, SearchStop::Cancelled { .. }));
    let e = PatternDatabase::build_typed(goal.clone(), Some(token.clone()))
        .err()
        .unwrap();
    assert!(matches!(stop_of(e).0, SearchStop::Cancelled { .. }));
    let pdb = PatternDatabase::build(goal.clone(), None).unwrap();
    let game = Game::with_tiles(goal.clone(), goal).unwrap();
    let kind = ShuffleKind::Distance { moves: 30 };
    let e = game
        .shuffle_typed(kind, 7, Some(pdb.clone()), Limits::default(), Some(token))
        .unwrap_err();
    assert!(matches!(stop_of(e).0, SearchStop::Cancelled { .. }));
    assert!(
        game.is_solved(),
        "a stopped shuffle leaves the board as it was"
    );
    // Without a stop, the same seed makes the same board as the old call.
    game.shuffle_typed(kind, 7, Some(pdb.clone()), Limits::default(), None)
        .unwrap();
    let twin = Game::with_tiles(game.goal(), game.goal()).unwrap();
    twin.shuffle(kind, 7, Some(pdb)).unwrap();
    assert_eq!(game.tiles(), twin.tiles());
    assert_ne!(game.tiles(), game.goal());
}

#[test]
fn boards_and_tables_that_cannot_serve_are_said_by_kind() {
    let (start, goal) = hard();
    let mut swapped = goal.clone();
    swapped.swap(0, 1);
    assert!(matches!(
        best_count_typed(swapped, goal.clone(), Limits::default(), None, None),
        Err(PuzzleFailure::Unsolvable { .. })
    ));
    assert!(matches!(
        solve_typed(
            vec![1, 1, 0, 2],
            goal.clone(),
            Algorithm::Auto,
            Heuristic::Manhattan,
            Limits::default(),
            None,
            None,
            None
        ),
        Err(PuzzleFailure::InvalidBoard { .. })
    ));
    let e = solve_typed(
        start.clone(),
        goal.clone(),
        Algorithm::PatternDb,
        Heuristic::PatternDb,
        Limits::default(),
        None,
        None,
        None,
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            PuzzleFailure::TablesRefused {
                problem: TableProblem::NoneGiven,
                ..
            }
        ),
        "{e:?}"
    );
    let small = PatternDatabase::build(goal_tiles(3, 8).unwrap(), None).unwrap();
    let e = solve_typed(
        start,
        goal.clone(),
        Algorithm::PatternDb,
        Heuristic::PatternDb,
        Limits::default(),
        Some(small),
        None,
        None,
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            PuzzleFailure::TablesRefused {
                problem: TableProblem::OtherSize { built: 3, board: 4 },
                ..
            }
        ),
        "{e:?}"
    );
    let big = goal_tiles(6, 35).unwrap();
    let e = solve_typed(
        big.clone(),
        big,
        Algorithm::Bfs,
        Heuristic::Zero,
        Limits::default(),
        None,
        None,
        None,
    );
    assert!(
        matches!(e, Err(PuzzleFailure::Unsupported { max_size, .. }) if (2..6).contains(&max_size)),
        "{e:?}"
    );
    let game = Game::new(4, 15).unwrap();
    let e = game.shuffle_typed(
        ShuffleKind::Distance { moves: 20 },
        1,
        None,
        Limits::default(),
        None,
    );
    assert!(matches!(
        e,
        Err(PuzzleFailure::TablesRefused {
            problem: TableProblem::NoneGiven,
            ..
        })
    ));
    let e = game.shuffle_typed(
        ShuffleKind::Distance { moves: 999 },
        1,
        None,
        Limits::default(),
        None,
    );
    assert!(
        matches!(e, Err(PuzzleFailure::InvalidArgument { .. })),
        "{e:?}"
    );
}

fn picture_problem(e: PuzzleFailure) -> PictureProblem {
    match e {
        PuzzleFailure::PictureRefused { problem, .. } => problem,
        other => panic!("not a refused picture: {other:?}"),
    }
}

fn png() -> Vec<u8> {
    builtin::render("aurora", 64).unwrap().to_png().unwrap()
}

#[test]
fn each_refused_picture_says_why() {
    let refused =
        |bytes: &[u8]| picture_problem(load_picture_typed(bytes.to_vec(), 32).unwrap_err());
    assert_eq!(refused(b""), PictureProblem::Empty);
    assert_eq!(refused(b"hello, this is text"), PictureProblem::NotAPicture);
    let heic = b"\0\0\0\x18ftypheic\0\0\0\0mif1heic";
    assert_eq!(
        refused(heic),
        PictureProblem::FormatNotRead {
            format: "HEIF".into()
        }
    );
    let size = picture_size_typed(heic.to_vec()).unwrap_err();
    assert_eq!(
        picture_problem(size),
        PictureProblem::FormatNotRead {
            format: "HEIF".into()
        }
    );
    let tiff = b"II*\0\x08\0\0\0\0\0\0\0\0\0\0\0";
    assert_eq!(
        refused(tiff),
        PictureProblem::FormatNotRead {
            format: "TIFF".into()
        }
    );
    let whole = png();
    assert_eq!(
        refused(&whole[..whole.len() / 2]),
        PictureProblem::Truncated
    );
    let mut bad_crc = whole.clone();
    bad_crc[29] ^= 0xFF; // the IHDR chunk's CRC
    assert_eq!(
        refused(&bad_crc),
        PictureProblem::Damaged {
            format: "PNG".into()
        }
    );
    let e = load_picture_with_limits_typed(whole.clone(), 32, 1000, 1 << 30).unwrap_err();
    assert_eq!(
        picture_problem(e),
        PictureProblem::TooManyPixels {
            width: 64,
            height: 64,
            max_pixels: 1000
        }
    );
    let e = load_picture_with_limits_typed(whole.clone(), 32, 1 << 20, 20_000).unwrap_err();
    assert_eq!(
        picture_problem(e),
        PictureProblem::TooMuchMemory { max_bytes: 20_000 }
    );
    let outside = Crop {
        x: 0.8,
        y: 0.0,
        side: 0.5,
    };
    let e = load_picture_cropped_typed(whole.clone(), 32, Some(outside)).unwrap_err();
    assert_eq!(picture_problem(e), PictureProblem::CropOutside);
    let e = picture_from_pixels_typed(8, 8, vec![0; 10], 32, None, 16).unwrap_err();
    assert_eq!(picture_problem(e), PictureProblem::PixelsDoNotFit);
    assert!(matches!(
        load_picture_typed(whole.clone(), 5000),
        Err(PuzzleFailure::InvalidArgument { .. })
    ));
    assert!(matches!(
        load_preview_typed(b"".to_vec(), 64),
        Err(PuzzleFailure::PictureRefused {
            problem: PictureProblem::Empty,
            ..
        })
    ));
    // The same refusal through the old call says the same sentence.
    let typed = load_picture_typed(bad_crc.clone(), 32)
        .unwrap_err()
        .to_string();
    let old = load_picture(bad_crc, 32).unwrap_err();
    assert!(matches!(old, PuzzleError::BadPicture(_)));
    assert_eq!(old.to_string(), typed);
    // And a good photo loads through every typed call.
    assert_eq!(load_picture_typed(whole.clone(), 32).unwrap().edge, 32);
    assert_eq!(
        picture_size_typed(whole).unwrap(),
        PictureSize {
            width: 64,
            height: 64
        }
    );
}

#[test]
fn a_file_too_large_keeps_its_numbers() {
    let e: PuzzleFailure = slidepuzzle_core::PictureError::FileTooLarge {
        bytes: 300 << 20,
        max_bytes: 256 << 20,
    }
    .into();
    assert_eq!(
        picture_problem(e),
        PictureProblem::FileTooLarge {
            bytes: 300 << 20,
            max_bytes: 256 << 20
        }
    );
}

fn table_problem(e: PuzzleFailure) -> TableProblem {
    match e {
        PuzzleFailure::TablesRefused { problem, .. } => problem,
        other => panic!("not refused tables: {other:?}"),
    }
}

#[test]
fn table_files_missing_stale_or_damaged_are_told_apart() {
    let goal = goal_tiles(3, 8).unwrap();
    let db = PatternDatabase::build(goal.clone(), None).unwrap();
    let bytes = db.to_bytes();
    let dir = std::env::temp_dir().join(format!("slidepuzzle-typed-pdb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tables.bin");
    let at = |p: &std::path::Path| p.display().to_string();
    let load = |p: &std::path::Path| {
        PatternDatabase::from_file_typed(at(p))
            .err()
            .map(table_problem)
    };
    assert_eq!(load(&path), Some(TableProblem::FileMissing));
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(load(&path), None);
    let mut other_version = bytes.clone();
    other_version[4..6].copy_from_slice(&9u16.to_le_bytes());
    std::fs::write(&path, &other_version).unwrap();
    assert!(
        matches!(load(&path), Some(TableProblem::StaleVersion { found: 9, expected }) if expected != 9)
    );
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 1;
    std::fs::write(&path, &flipped).unwrap();
    assert_eq!(load(&path), Some(TableProblem::Damaged));
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    assert_eq!(load(&path), Some(TableProblem::Damaged));
    // Tables of an earlier group set, as an earlier core wrote them: refused as stale by the
    // typed loaders, still read by the old ones.
    std::fs::write(&path, &bytes).unwrap();
    let tool = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/tools/pdb_v1.py");
    let out = std::process::Command::new("python3")
        .args([tool, "--reorder", &at(&path)])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(load(&path), Some(TableProblem::StaleGroups));
    let old = PatternDatabase::from_file(at(&path)).unwrap();
    assert!(!old.is_current());
    let e = PatternDatabase::from_bytes_typed(old.to_bytes())
        .err()
        .map(table_problem);
    assert_eq!(e, Some(TableProblem::StaleGroups));
    assert!(PatternDatabase::from_bytes_typed(bytes).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_typed_solve_that_finishes_gives_what_the_old_one_gives() {
    let goal = goal_tiles(3, 8).unwrap();
    let start = vec![8, 6, 7, 2, 5, 4, 3, 0, 1];
    let old = solve(
        start.clone(),
        goal.clone(),
        Algorithm::IdaStar,
        Heuristic::Manhattan,
        Limits::default(),
        None,
        None,
        None,
    )
    .unwrap();
    let typed: Arc<Game> = Game::with_tiles(goal, start).unwrap();
    let new = typed
        .solve_typed(
            Algorithm::IdaStar,
            Heuristic::Manhattan,
            Limits::default(),
            None,
            None,
            None,
        )
        .unwrap();
    assert_eq!(new.moves, old.moves);
    assert_eq!(new.moves.len(), 31);
}
