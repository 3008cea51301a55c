//! The 4×4 table search against known optimal lengths: Korf's 40 boards of
//! `tests/data/korf100_subset.txt` (his lengths) and all 100 of `tests/data/korf100.txt`, every
//! answer as long as the file says and a path that reaches the goal. The tables are built once
//! (a few seconds on two threads) and read back in place from a file, as the apps and the CLI
//! read them.
use std::path::{Path, PathBuf};
use std::sync::Arc;

use slidepuzzle_core::dataset::InstanceReader;
use slidepuzzle_core::heuristic::{PatternDb, PdbHeuristic};
use slidepuzzle_core::search::{IdaStar4x4, Solver};
use slidepuzzle_core::{Board, SearchLimits};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every board of `file` solved optimally; the count of boards.
fn check(search: &IdaStar4x4, goal: &Board, file: &Path) -> usize {
    let mut reader =
        InstanceReader::new(std::io::BufReader::new(std::fs::File::open(file).unwrap()));
    assert_eq!(reader.goal(), None, "the goal comes with the first board");
    let mut count = 0;
    while let Some(inst) = reader.next_instance().unwrap() {
        assert_eq!(reader.goal(), Some(goal), "{}", file.display());
        let s = search.solve(&inst.board, &SearchLimits::default()).unwrap();
        assert_eq!(
            s.len() as u32,
            inst.optimal,
            "{} board {}",
            file.display(),
            inst.id
        );
        assert!(s.optimal);
        let mut replay = inst.board.clone();
        replay.apply_all(&s.moves).unwrap();
        assert_eq!(&replay, goal, "board {}", inst.id);
        count += 1;
    }
    count
}

#[test]
fn korfs_boards_are_solved_in_their_known_lengths() {
    let goal = Board::goal_with_blank(4, 0).unwrap();
    let built = PatternDb::build(&goal, &SearchLimits::default().threads(2)).unwrap();
    let path = std::env::temp_dir().join(format!("slidepuzzle-korf-{}.pdb", std::process::id()));
    std::fs::write(&path, built.to_bytes()).unwrap();
    let db = PatternDb::map_file(&path, Some(&goal)).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(db, built);
    let h = PdbHeuristic::new(Arc::new(db), &goal).unwrap();
    let search = IdaStar4x4::new(&goal, h).expect("4×4 tables");
    assert_eq!(
        check(
            &search,
            &goal,
            &root().join("tests/data/korf100_subset.txt")
        ),
        40
    );
    assert_eq!(
        check(&search, &goal, &root().join("tests/data/korf100.txt")),
        100
    );
}
