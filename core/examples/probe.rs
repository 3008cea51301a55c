use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core::heuristic::{Heuristic, Manhattan};
use slidepuzzle_core::search::Reduction;
use slidepuzzle_core::{shuffle, Board, SearchLimits, Solver};
use std::time::{Duration, Instant};
fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(1000);
    for n in [6, 7, 8] {
        let goal = Board::goal(n).unwrap();
        let mut ratios = vec![];
        let mut times = vec![];
        for seed in 1..=9u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let start = shuffle::shuffled(&goal, shuffle::default_walk_length(n), &mut rng);
            let md = Manhattan::new(&goal).estimate(start.tiles());
            let t = Instant::now();
            let s = Reduction::new(&goal)
                .solve(
                    &start,
                    &SearchLimits::with_timeout(Duration::from_millis(ms)),
                )
                .unwrap();
            times.push(t.elapsed().as_millis());
            ratios.push(s.len() as f64 / md as f64);
        }
        let mut r = ratios.clone();
        r.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "n={n} median ratio {:.2} worst {:.2} times {:?}",
            r[r.len() / 2],
            r[r.len() - 1],
            times
        );
    }
}
