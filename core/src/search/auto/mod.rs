//! The `auto` mode, which picks the best search for the board size and time budget, and the
//! hint and best count built on it.
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(crate) mod anytime;
pub(crate) mod backward;
pub mod beam;
pub(crate) mod best;
pub(crate) mod expand;
pub(crate) mod kept;
pub(crate) mod pace;

use crate::board::Board;
use crate::error::SolveError;
use crate::heuristic::{FarTiles, LinearConflict, PatternDb, PdbHeuristic};
use crate::limits::SearchLimits;
use crate::search::exact::idastar::IdaStar;
use crate::search::exact::idastar_4x4::pdb_search;
use crate::search::reduction::Reduction;
use crate::search::solution::{check_start, Solution, Solver};
pub use anytime::AUTO_DEFAULT_BUDGET;
use anytime::{anytime, shorten_with_beams};

/// The most time `auto` spends on 6×6 and larger boards, whatever the caller allows: by then
/// the improvements have mostly been found, and Auto answers in a blink.
pub const REDUCTION_BUDGET: Duration = Duration::from_secs(1);

/// The largest side on which `auto`'s beams (linear conflict, far tiles charged) start from the
/// reduction's first path on one thread: on 6×6 and 7×7 they beat the reduction's own improving
/// in the same second (`slidepuzzle bench-large`). On 8×8 a forward beam from the first path
/// alone lost its way on some boards (15 boards at 1 s: median 1.86 against the reduction's
/// 1.92, but worst 2.51 against 2.17), so there the reduction first improves its own path for
/// [`IMPROVE_SHARE`] of the time. On two threads a beam from the goal runs beside the forward one
/// (see `shorten_with_beams`), and 8×8 starts from the first path as well: on thirty 8×8 boards
/// at 1 s (seeds 101–130, two runs each) medians 1.54–1.56 and worsts 1.78–1.81; with no
/// improving and no fallback 1.53–1.54 and 1.72–1.76 (the same within the runs' spread), and
/// 1.60–1.61 and 1.82–1.92 before the beam from the goal, improving for half the second.
const FIRST_PATH_MAX_SIDE: usize = 7;

/// The share of the time the reduction improves its own path on 8×8 before the beams take the
/// rest, on one thread. In three runs of `bench-large` on 8×8 at 1 s, half gave medians
/// 1.77–1.84 and worsts 2.07–2.15 against the reduction alone's 1.91 and 2.17 in the same runs;
/// 60 % gave 1.78 and 1.91 (worsts 2.03 and 2.23), 20–40 % medians 1.69–1.74 but worsts
/// 2.33–2.54 (too little time for the reduction on the boards where the beams lose their way).
const IMPROVE_SHARE: f64 = 0.5;

/// The `auto` mode: the best search for the board's size, the databases at hand and the time
/// budget (see the module documentation of [`crate::search`] and ARCHITECTURE.md).
pub struct Auto {
    goal: Board,
    pdb: Option<Arc<PatternDb>>,
}

impl Auto {
    /// `auto` toward `goal`, with pattern databases when the caller has them.
    pub fn new(goal: &Board, pdb: Option<Arc<PatternDb>>) -> Auto {
        Auto {
            goal: goal.clone(),
            pdb,
        }
    }
}

impl Solver for Auto {
    fn name(&self) -> String {
        "auto".into()
    }

    fn goal(&self) -> &Board {
        &self.goal
    }

    /// Databases that match the goal: optimal IDA* on them, then beams. Without them:
    /// IDA* with linear conflict on 3×3 and smaller, the same anytime search to 5×5, the
    /// reduction's first path shortened by beams on 6×6 and 7×7 (and 8×8 on two threads), and
    /// on 8×8 on one thread the reduction improving its own path for half the time and beams
    /// for the rest.
    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError> {
        let goal = &self.goal;
        check_start(start, goal)?;
        let matching = self
            .pdb
            .as_ref()
            .and_then(|db| Some((db, PdbHeuristic::new(db.clone(), goal).ok()?)));
        match matching {
            Some((db, h)) => {
                let toward = |b: &Board| PdbHeuristic::new(db.clone(), b).ok();
                let optimal = pdb_search(goal, h.clone());
                anytime(start, goal, h, &toward, optimal.as_ref(), limits)
            }
            None if start.size() <= 3 => {
                IdaStar::new(goal, LinearConflict::new(goal)).solve(start, limits)
            }
            None if start.size() <= 5 => {
                // linear conflict reads any board: the backward beams go toward the start and
                // the boards one move from it (`bench --no-pdb` at 1 s on Korf–Taylor's fifty,
                // with them run after the forward beam, two runs each: median 1.041, mean 1.051
                // against 1.054–1.056 and 1.055–1.057 without them; worst 1.150 both)
                let toward = |b: &Board| Some(LinearConflict::new(b));
                let optimal = IdaStar::new(goal, LinearConflict::new(goal));
                anytime(
                    start,
                    goal,
                    LinearConflict::new(goal),
                    &toward,
                    &optimal,
                    limits,
                )
            }
            None => {
                // No optimal search finishes past 5×5: the reduction's path, then shortening
                // it for at most REDUCTION_BUDGET with beams, from its first path up to
                // FIRST_PATH_MAX_SIDE or on two threads, else after the reduction's own
                // improving; the beam from the goal ranks boards toward the start.
                let now = Instant::now();
                let cap = now + REDUCTION_BUDGET;
                let mut bounded = limits.clone();
                let end = limits.deadline.map_or(cap, |d| d.min(cap));
                bounded.deadline = Some(end);
                let first_only = start.size() <= FIRST_PATH_MAX_SIDE || limits.threads >= 2;
                let reduction = if first_only {
                    Reduction::new(goal).first_path_only()
                } else {
                    let share = end.saturating_duration_since(now).mul_f64(IMPROVE_SHARE);
                    Reduction::new(goal).improving_until(now + share)
                };
                let mut first = reduction.solve(start, &bounded)?;
                first.algorithm = format!("auto:{}", first.algorithm);
                let h = FarTiles::new(LinearConflict::new(goal), goal);
                let toward = |b: &Board| Some(FarTiles::new(LinearConflict::new(b), b));
                // where the first path was not improved, the reduction improves that path
                // when the first beam finds nothing (see `shorten_with_beams`), without
                // finding it again
                let improving = Reduction::new(goal).improving_from(first.moves.clone());
                let fallback = first_only.then_some(&improving as &dyn Solver);
                shorten_with_beams(start, goal, &h, &toward, &bounded, first, fallback)
            }
        }
    }
}

/// The best next move from `start`: the first move of an optimal (or best found) solution;
/// `None` when `start` is the goal.
pub fn hint(
    start: &Board,
    goal: &Board,
    pdb: Option<Arc<PatternDb>>,
    limits: &SearchLimits,
) -> Result<Option<crate::Direction>, SolveError> {
    Ok(best_count(start, goal, pdb, limits)?.moves.first().copied())
}

/// The best possible move count from `start` ("best: 52"): the length of an optimal solution,
/// or, when the budget ends first, the best length found with `optimal` false and the proven
/// lower bound in the solution.
pub fn best_count(
    start: &Board,
    goal: &Board,
    pdb: Option<Arc<PatternDb>>,
    limits: &SearchLimits,
) -> Result<Solution, SolveError> {
    // What the registry's `solve` does for `Algorithm::Auto`, without this module importing
    // the registry that imports it.
    crate::parity::check_solvable(start, goal)?;
    Auto::new(goal, pdb).solve(start, limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// On 7×7 and 8×8 on two threads (beams both ways from the reduction's first path) and on
    /// 8×8 on one (the reduction improving its own path, then forward beams) Auto's path
    /// replays to the goal, is never longer than the reduction's first path, and keeps its
    /// honest lower bound.
    #[test]
    fn auto_on_large_boards_beats_or_keeps_the_first_path() {
        for (size, threads) in [(7, 2), (8, 2), (8, 1)] {
            let goal = Board::goal(size).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(size as u64);
            let start = crate::shuffle::shuffled(&goal, 10 * size * size, &mut rng);
            let limits = SearchLimits::with_timeout(Duration::from_millis(300)).threads(threads);
            let first = Reduction::new(&goal)
                .first_path_only()
                .solve(&start, &SearchLimits::default())
                .unwrap();
            let s = Auto::new(&goal, None).solve(&start, &limits).unwrap();
            let mut replay = start.clone();
            replay.apply_all(&s.moves).unwrap();
            assert_eq!(replay, goal, "{size}×{size}, {threads} threads");
            assert!(
                s.len() <= first.len(),
                "{size}×{size}: {} > {}",
                s.len(),
                first.len()
            );
            assert!(s.algorithm.starts_with("auto:"), "{}", s.algorithm);
            assert!(!s.optimal && s.lower_bound > 0 && s.lower_bound < s.len() as u32);
        }
    }
}
