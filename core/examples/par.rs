use slidepuzzle_core::heuristic::{PatternDb, PdbHeuristic};
use slidepuzzle_core::search::Beam;
use slidepuzzle_core::{text, Board, SearchLimits, Solver};
use std::sync::Arc;
use std::time::Instant;
fn main() {
    let path = std::env::var("PDB").unwrap();
    let mut f = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let db = Arc::new(PatternDb::read_from(&mut f, None).unwrap());
    let goal = Board::goal_with_blank(5, 0).unwrap();
    let h = PdbHeuristic::new(db, &goal).unwrap();
    let width: usize = std::env::var("W").unwrap().parse().unwrap();
    let data = std::fs::read_to_string("tests/data/korf24.txt").unwrap();
    let boards: Vec<(u32, Board)> = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(10)
        .map(|l| {
            let (o, t) = l.split_once('|').unwrap();
            (
                o.trim().parse().unwrap(),
                text::parse_board(t.trim()).unwrap(),
            )
        })
        .collect();
    for threads in [1, 2] {
        let t = Instant::now();
        let mut sum = 0;
        for (_, b) in &boards {
            let s = Beam::new(&goal, h.clone(), width)
                .solve(b, &SearchLimits::default().threads(threads))
                .unwrap();
            sum += s.len();
        }
        println!("threads {threads}: {:?} total len {sum}", t.elapsed());
    }
}
