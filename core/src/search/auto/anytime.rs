//! The anytime search `auto` runs up to 5×5: an optimal IDA* for a share of the budget, then
//! beams for the rest, keeping the shortest path and the best proven lower bound.
//!
//! On 3×3 and 4×4 the optimal search nearly always finishes within its share, and the beams
//! follow it only when it does not. On 5×5 it rarely does within a player's wait, and beams are
//! what find short paths: on Korf–Taylor's 24-puzzles with the pattern databases a beam 32 000
//! boards wide averages 1.05× the optimal length, where weighted IDA* with falling weights
//! averaged 1.12× in the same second. There a first beam 300 wide runs before the optimal
//! search and gives a path within a few milliseconds; after the optimal share a second, paced,
//! widens or narrows at each depth to end by its time. Beside it, on a thread of its own, beams
//! run from the goal back toward the start's board with its blank walked to each corner
//! (`backward.rs`), one after another: a board that misleads the forward beam at every width
//! often does not mislead them (on Korf–Taylor's fifty at fixed widths, a forward beam 40 000
//! wide and three backward 10 000 wide gave a worst of 1.082× the optimal length, one forward
//! beam 80 000 wide in the same time 1.112×; means 1.037× and 1.039×). Side by side, each beam
//! on one thread, they do more than one after another on both: a beam 30 000 wide builds its
//! depths 1.45× faster on two threads than on one, not twice. On one thread, or with 3 s or
//! more left (where the beams are bound by memory more than by time), the backward beams run
//! after the forward one when 0.4 s or more is left, sharing 55 % of that time.
//!
//! On 6×6 and 7×7, where no optimal search finishes, the reduction's first path comes first;
//! then a beam 1 000 wide and one paced to end by the deadline, ranked by linear conflict with a
//! charge for far tiles (`FarTiles`), each keeping a board of a recent depth out of later ones
//! and going no deeper than the shortest path so far. When the first beam finds no shorter
//! path, the board is one on which the beams may lose their way: the reduction improves its own
//! path for half the time left before the paced beam, so that the path kept is not the first.
//! On two threads a paced beam from the goal back toward the start runs beside the forward one,
//! on a thread each, as on 5×5: the forward beam loses its way near the goal, where the one from
//! the goal starts, and the one from the goal found the shorter path on more boards (thirty 7×7
//! and thirty 8×8 boards at 1 s: 32 against 20, a tie on 8). On 8×8 at 1 s (`bench-large`,
//! seeds 1–30 and 201–230, two runs each, the reduction improving for half the second first)
//! medians 1.58–1.62 against 1.62–1.66, worsts 1.75–1.90 against 1.75–2.04; the beam from the
//! goal alone on both threads, in place of the forward one, 1.58–1.60 and 1.88.
//!
//! Whatever time the beams leave goes to optimal windows over the shortest path (see
//! `windows.rs`).
use std::time::{Duration, Instant};

use super::backward;
use super::best::{Beams, Best, Step};
use crate::board::Board;
use crate::error::{LimitKind, SolveError};
use crate::heuristic::Heuristic;
use crate::limits::SearchLimits;
use crate::search::solution::{Solution, Solver};
use crate::stats::Stats;

/// The time `auto` allows itself when the limits set no deadline.
pub const AUTO_DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// The share of the budget the optimal search gets on boards up to 4×4, where it usually
/// finishes, and on larger ones, where it seldom does and the beams need the time.
const OPTIMAL_SHARE_SMALL: f64 = 0.4;
const OPTIMAL_SHARE_LARGE: f64 = 0.1;

/// 5×5 with the pattern databases, whose estimate is within about 1.2× of the distance
/// (Korf–Taylor's boards: 1.15 and 1.3 measured the same). A paced beam uses the whole
/// budget; beams four times wider each, the last sized from the time the one before took,
/// ended at 0.5–0.9 s of a second (on the fifty 24-puzzles at 1 s: mean 1.043–1.045 paced
/// against 1.049 sized, worst 1.105–1.121 against 1.121, in one session). Without `once`: these
/// beams do not circle. The first beam, 300 wide, takes about 6 ms: a fresh `solve` at
/// 100 ms while two other processes kept both cores busy gave 44 of the fifty 24-puzzles a
/// path (42 in a second run), against 13 (10) with 1 000 run after the optimal share; on a
/// quiet machine 49–50 of 50 with the same lengths (median 1.11), and at 1 s 1.040 / 1.043 /
/// 1.112 (median, mean, worst), as before.
const PDB_BEAMS: Beams = Beams {
    first_width: 300,
    once: false,
    moves_per_unit: 1.15,
};

/// 6×6 and 7×7 with linear conflict, after the reduction: beams sized in advance either
/// stopped at half the budget (a beam four times wider having left too little time for
/// another) or, sized closer, overran it on a few boards and found nothing; a paced beam ends
/// in time on every board (on fifteen 7×7 boards at 1 s, length / Manhattan median 1.59,
/// worst 1.91, against 1.62–1.86 and 1.91–2.15 in runs of the sized schedule). Linear
/// conflict is about 1.6× below the beams' lengths, and falls slowly near the goal: 2.5 moves
/// per unit (3.0 gave a 7×7 median of 1.69 instead of 1.59; 2.0 was in between).
const LARGE_BEAMS: Beams = Beams {
    first_width: 1000,
    once: true,
    moves_per_unit: 2.5,
};

/// The most backward beams on 5×5 (see `backward.rs`), one after another: toward the four
/// corners with the tables of a corner goal. Side by side with the forward beam, in `bench` at
/// 1 s on the fifty 24-puzzles, worst over optimal: two 1.093, three 1.073, four 1.075 (1.075
/// in two more runs). One after the forward beam on one thread, the forward beam gets
/// [`FORWARD_SHARE`] of the time left after the optimal search: 0.45 and four backward beams
/// gave 1.081–1.092 on two threads (before they ran side by side); with two routes to each
/// corner, 0.45 and four 1.075–1.101 in four runs, 0.5 and three 1.081–1.101 in three, 0.35
/// and six 1.092, 0.3 and eight 1.101. Means 1.034–1.039 in all.
const BACKWARD_BEAMS: usize = 4;
const FORWARD_SHARE: f64 = 0.45;

/// Side by side with the forward beam, the time each backward beam is given at least when more
/// than one runs: one toward the nearest corner below 0.4 s, four from 0.8 s. At 100 ms on two
/// threads (one beam), `bench` gave a mean of 1.059–1.067 against 1.069–1.073 with four, and a
/// fresh `solve` a board 1.082–1.091 against 1.093–1.104 (the build before: 1.099–1.106).
const BACKWARD_EACH: Duration = Duration::from_millis(200);

/// On two threads, the time left below which the backward beams run beside the forward one.
/// With more, the beams are bound by memory more than by time: a beam as wide as a few seconds
/// allows holds hundreds of megabytes (its trail alone 4 bytes a board a depth), and beside
/// another it has half the memory limit. At 10 s side by side, `bench` gave median 1.025, mean
/// 1.029, worst 1.077 (one run), where one after another, each with the whole limit, had given
/// 1.020 / 1.020 / 1.058. Between 1 s and 10 s the threshold is an estimate, not measured.
const SIDE_BY_SIDE_BELOW: Duration = Duration::from_secs(3);

/// On one thread (or with 3 s or more), the least time left after the optimal search for the
/// backward beams to run after the forward one: narrower than about 5 000 boards they lose to
/// one forward beam given their time (fixed widths on Korf–Taylor's fifty: a forward beam
/// 20 000 wide averaged 1.053× the optimal length, one 5 000 wide and four backward 2 500 wide,
/// in the same time, 1.067×). Here that is about 0.4 s. Side by side they run at any budget.
const BACKWARD_AFTER: Duration = Duration::from_millis(400);

/// `optimal` (IDA* over `heuristic`, or the search written for 4×4 over the same tables) for
/// its share of the budget; if it has not finished, beams and windows for the rest (see the
/// module documentation).
pub(crate) fn anytime<H: Heuristic + Clone>(
    start: &Board,
    goal: &Board,
    heuristic: H,
    toward: &dyn Fn(&Board) -> Option<H>,
    optimal: &dyn Solver,
    limits: &SearchLimits,
) -> Result<Solution, SolveError> {
    let began = Instant::now();
    let deadline = limits.deadline.unwrap_or(began + AUTO_DEFAULT_BUDGET);
    let budget = deadline.saturating_duration_since(began);
    let share = if start.size() <= 4 {
        OPTIMAL_SHARE_SMALL
    } else {
        OPTIMAL_SHARE_LARGE
    };
    let mut best = Best {
        moves: None,
        name: String::new(),
        lower_bound: heuristic.estimate(start.tiles()),
        stats: Stats::default(),
        last_limit: LimitKind::Time,
    };
    // Past 4×4 the optimal search seldom finishes: the narrow beam runs first, so that a path
    // comes within milliseconds whatever the optimal share takes.
    let early = start.size() > 4;
    if early {
        best.widen(
            start,
            goal,
            &heuristic,
            limits,
            deadline,
            &PDB_BEAMS,
            &[Step::First],
        )?;
        if best.is_optimal() {
            return best.finish(start, began);
        }
    }
    let mut first = limits.clone();
    first.deadline = Some(began + budget.mul_f64(share));
    // The node limit is one budget across the phases: the optimal search gets its share, less
    // what a first beam spent, and each later beam what the searches before it left.
    first.max_nodes = limits
        .max_nodes
        .map(|max| ((max as f64 * share) as u64).saturating_sub(best.stats.expanded));
    // The optimal search's stats carry the lower bound it proved. `last_limit` is the limit
    // that stopped the last search, reported if no path was found at all.
    match optimal.solve(start, &first) {
        Ok(mut s) => {
            s.algorithm = format!("auto:{}", s.algorithm);
            s.stats.absorb(&best.stats);
            s.stats.elapsed = began.elapsed();
            return Ok(s);
        }
        Err(SolveError::LimitReached { stats, limit }) => {
            best.stats.absorb(&stats);
            best.lower_bound = best.lower_bound.max(stats.lower_bound);
            if best.moves.is_none() {
                best.last_limit = limit;
            }
        }
        Err(e) => return Err(e),
    }
    let steps: &[Step] = if early {
        &[Step::Paced]
    } else {
        &[Step::First, Step::Paced]
    };
    // past 4×4, beams from the goal back toward the boards nearest the start share what is
    // left with the forward one: beside it on two threads or more, after it on one thread or
    // with several seconds left, when time allows
    let now = Instant::now();
    let left = deadline.saturating_duration_since(now);
    let side_by_side = limits.threads >= 2 && left < SIDE_BY_SIDE_BELOW;
    let count = match side_by_side {
        true => {
            let each = left.as_millis() / BACKWARD_EACH.as_millis();
            (each as usize).clamp(1, BACKWARD_BEAMS)
        }
        false => BACKWARD_BEAMS,
    };
    let targets = match early && (side_by_side || left >= BACKWARD_AFTER) {
        true => backward::targets(start, toward, count),
        false => Vec::new(),
    };
    if !targets.is_empty() && side_by_side {
        // the forward beam and the backward ones on one thread each
        best.both_ways(
            start, goal, &heuristic, &targets, limits, deadline, &PDB_BEAMS, steps,
        )?;
    } else {
        let forward_end = match targets.is_empty() {
            true => deadline,
            false => now + left.mul_f64(FORWARD_SHARE),
        };
        best.widen(
            start,
            goal,
            &heuristic,
            limits,
            forward_end,
            &PDB_BEAMS,
            steps,
        )?;
        best.backward(goal, &targets, limits, deadline, &PDB_BEAMS)?;
    }
    best.polish(start, limits, deadline)?;
    best.finish(start, began)
}

/// Shortens a path found by another search (the reduction's, on boards too large for an
/// optimal one) with a beam 1000 wide and one paced to `limits`' deadline, each no deeper than
/// the shortest path so far, then windows. When the first beam finds no path, `fallback` (the
/// reduction improving its own path) runs for [`FALLBACK_SHARE`] of the time left before the
/// paced beam, so that a board on which the beams lose their way keeps a better path than the
/// first. On two threads a paced beam from `goal` toward the start, ranked by what `toward`
/// gives for the start, runs beside the forward paced one. `first` keeps its name when no
/// search beats it.
pub(crate) fn shorten_with_beams<H: Heuristic>(
    start: &Board,
    goal: &Board,
    heuristic: &H,
    toward: &dyn Fn(&Board) -> Option<H>,
    limits: &SearchLimits,
    first: Solution,
    fallback: Option<&dyn Solver>,
) -> Result<Solution, SolveError> {
    let now = Instant::now();
    let deadline = limits.deadline.unwrap_or(now + AUTO_DEFAULT_BUDGET);
    // the time reported counts the search that found `first`
    let began = now.checked_sub(first.stats.elapsed).unwrap_or(now);
    let mut best = Best {
        moves: Some(first.moves),
        name: first.algorithm,
        lower_bound: first.lower_bound,
        stats: first.stats,
        last_limit: LimitKind::Time,
    };
    if !first.optimal {
        let widen = |best: &mut Best, step: Step| {
            best.widen(
                start,
                goal,
                heuristic,
                limits,
                deadline,
                &LARGE_BEAMS,
                &[step],
            )
        };
        let found = widen(&mut best, Step::First)?;
        if let (false, Some(fallback)) = (found, fallback) {
            let now = Instant::now();
            let left = deadline.saturating_duration_since(now);
            let until = now + left.mul_f64(FALLBACK_SHARE);
            best.run(start, fallback, limits, until)?;
        }
        // on two threads, beside the paced beam, one from the goal back toward the start
        let targets = match limits.threads >= 2 {
            true => backward::targets(start, toward, 1),
            false => Vec::new(),
        };
        match targets.is_empty() {
            true => widen(&mut best, Step::Paced).map(drop)?,
            false => best.both_ways(
                start,
                goal,
                heuristic,
                &targets,
                limits,
                deadline,
                &LARGE_BEAMS,
                &[Step::Paced],
            )?,
        }
        best.polish(start, limits, deadline)?;
    }
    best.finish(start, began)
}

/// The share of the time left that the reduction improves its own path on 6×6 and 7×7 when the
/// first beam found no path. On 7×7 at 1 s (`bench-large`, seeds 1–15 and 101–115, five runs
/// each beside the build without it): seed 109, on which both beams lose their way, came to
/// 2.05× the Manhattan distance instead of the first path's 2.35; seed 11, whose first beam
/// fails but whose paced beam reached 1.68–1.70 with the whole time, kept its first path
/// (2.07) in most runs; medians 1.52–1.60 against 1.52–1.58. 40 % left seed 109 at 2.09–2.21;
/// 60–70 % reached 1.86 on it in some runs, with medians up to 1.68.
const FALLBACK_SHARE: f64 = 0.5;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::LinearConflict;
    use crate::search::Auto;
    use crate::search::IdaStar;
    use crate::text::parse_board;

    /// The node limit is one budget for every phase: the optimal search and each beam (on
    /// 5×5 the first beam before the optimal search, and the beams run side by side) together
    /// expand no more than asked: on one thread one check past the limit per phase at most, on
    /// two also what a parallel worker does between two checks.
    #[test]
    fn the_node_limit_holds_across_every_phase() {
        let boards = [
            (4, "2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0"),
            (
                5,
                "17 1 20 9 16 2 22 19 14 5 15 21 0 3 24 23 18 13 12 7 10 8 6 4 11",
            ),
        ];
        // on two threads the 5×5 beams run side by side, each on half of what is left
        for (((size, tiles), max), threads) in boards
            .into_iter()
            .flat_map(|b| [0, 1_000, 50_000, 300_000].map(|max| (b, max)))
            .flat_map(|bm| [1, 2].map(|t| (bm, t)))
        {
            let goal = Board::goal_with_blank(size, 0).unwrap();
            let start = parse_board(tiles).unwrap();
            let limits = SearchLimits::default().threads(threads).nodes(max);
            let expanded = match Auto::new(&goal, None).solve(&start, &limits) {
                Ok(s) => {
                    let mut replay = start.clone();
                    replay.apply_all(&s.moves).unwrap();
                    assert_eq!(replay, goal);
                    s.stats.expanded
                }
                Err(SolveError::LimitReached {
                    limit: LimitKind::Nodes,
                    stats,
                }) => stats.expanded,
                Err(other) => panic!("{size}×{size}, cap {max}, {threads} threads: {other}"),
            };
            // a worker of a parallel search adds its count to the shared one every 1 024
            // nodes (`CHECK_EVERY`), so on two threads the other may pass the limit by that
            // much, in each of up to four phases
            let slack = 3 + (threads as u64 - 1) * 4 * 1024;
            assert!(
                expanded <= max + slack,
                "{size}×{size}, cap {max}, {threads} threads: expanded {expanded}"
            );
        }
    }

    /// When the optimal share runs out, the beams still answer: a path that replays to the
    /// goal, no shorter than the proven bound, marked optimal only when it meets that bound.
    #[test]
    fn beams_answer_when_the_optimal_share_runs_out() {
        let goal = Board::goal_with_blank(5, 0).unwrap();
        let start = parse_board("17 1 20 9 16 2 22 19 14 5 15 21 0 3 24 23 18 13 12 7 10 8 6 4 11")
            .unwrap();
        // a node budget, not a clock, so the test does the same on any machine
        let limits = SearchLimits::default().threads(2).nodes(3_000_000);
        let toward = |b: &Board| Some(LinearConflict::new(b));
        let optimal = IdaStar::new(&goal, LinearConflict::new(&goal));
        let s = anytime(
            &start,
            &goal,
            LinearConflict::new(&goal),
            &toward,
            &optimal,
            &limits,
        )
        .unwrap();
        let mut replay = start.clone();
        replay.apply_all(&s.moves).unwrap();
        assert_eq!(replay, goal);
        assert!(s.algorithm.starts_with("auto:beam+"), "{}", s.algorithm);
        assert!(s.len() as u32 >= s.lower_bound && s.lower_bound > 0);
        assert_eq!(s.optimal, s.len() as u32 == s.lower_bound);
        // Korf–Taylor's board 5 takes 100 moves at best; a beam with linear conflict stays
        // well within 1.5× that
        assert!(s.len() >= 100 && s.len() <= 150, "{}", s.len());
    }

    /// When the first beam cannot beat the first path, the fallback runs and its shorter path
    /// is kept under its own name; a first beam that does beat it leaves the fallback unrun.
    #[test]
    fn the_fallback_runs_when_the_first_beam_finds_nothing() {
        let goal = Board::goal_with_blank(4, 0).unwrap();
        let start = parse_board("2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0").unwrap();
        let h = LinearConflict::new(&goal);
        let toward = |b: &Board| Some(LinearConflict::new(b));
        // a time limit far beyond what the searches take even on a loaded machine (by Auto's
        // default the fallback gets 5 s, which a run beside another test suite overran)
        let limits = SearchLimits::with_timeout(Duration::from_secs(600)).threads(1);
        let optimal = IdaStar::new(&goal, h.clone())
            .solve(&start, &limits)
            .unwrap();
        // the optimal path with a move and its undoing in front: two moves too long, which a
        // beam 1 000 wide does not beat on this board (it finds no optimal path)
        let detour = start.legal_moves().next().unwrap();
        let mut padded = vec![detour, detour.opposite()];
        padded.extend(&optimal.moves);
        let first = Solution::new("first", &start, padded, false, 0, Stats::default());
        let fallback = IdaStar::new(&goal, h.clone());
        let s = shorten_with_beams(
            &start,
            &goal,
            &h,
            &toward,
            &limits,
            first.clone(),
            Some(&fallback),
        )
        .unwrap();
        assert_eq!(s.moves, optimal.moves);
        assert_eq!(s.algorithm, "auto:idastar+lc");
        assert!(s.optimal);
        // a first path the first beam beats: the beam's path, not the fallback's
        let mut long = first.moves.clone();
        long.splice(0..0, [detour, detour.opposite(), detour, detour.opposite()]);
        let first = Solution::new("first", &start, long, false, 0, Stats::default());
        let limits = limits.nodes(60_000);
        let s = shorten_with_beams(&start, &goal, &h, &toward, &limits, first, Some(&fallback))
            .unwrap();
        let mut replay = start.clone();
        replay.apply_all(&s.moves).unwrap();
        assert_eq!(replay, goal);
        assert!(s.algorithm.starts_with("auto:beam+lc×"), "{}", s.algorithm);
    }

    /// On 6×6 the beams shorten the reduction's first path: the result replays to the goal, is
    /// shorter, and is named for the beam that found it; a first path that is already optimal
    /// is returned as it is.
    #[test]
    fn beams_shorten_a_reduction_path() {
        use crate::search::Reduction;
        use rand::SeedableRng;
        let goal = Board::goal(6).unwrap();
        let start =
            crate::shuffle::shuffled(&goal, 360, &mut rand_chacha::ChaCha8Rng::seed_from_u64(3));
        // a node budget, not a clock, so the test does the same on any machine
        let limits = SearchLimits::default().threads(2).nodes(3_000_000);
        let first = Reduction::new(&goal)
            .first_path_only()
            .solve(&start, &limits)
            .unwrap();
        let h = LinearConflict::new(&goal);
        let toward = |b: &Board| Some(LinearConflict::new(b));
        let s =
            shorten_with_beams(&start, &goal, &h, &toward, &limits, first.clone(), None).unwrap();
        let mut replay = start.clone();
        replay.apply_all(&s.moves).unwrap();
        assert_eq!(replay, goal);
        assert!(s.len() < first.len(), "{} vs {}", s.len(), first.len());
        assert!(s.algorithm.starts_with("auto:beam+lc×"), "{}", s.algorithm);
        assert_eq!(s.lower_bound, first.lower_bound);
        let mut near = goal.clone();
        near.apply(crate::Direction::Up).unwrap();
        let one = Reduction::new(&goal).solve(&near, &limits).unwrap();
        let kept =
            shorten_with_beams(&near, &goal, &h, &toward, &limits, one.clone(), None).unwrap();
        assert_eq!((kept.moves, kept.algorithm), (one.moves, one.algorithm));
    }

    /// On 6×6, from the reduction's first path on two threads: the beam from the goal back
    /// toward the start, on its own side (no forward step), gives the start a shorter path
    /// that replays to the goal, ranked by linear conflict with far tiles toward the start.
    #[test]
    fn the_beam_from_the_goal_shortens_a_large_boards_path() {
        use crate::heuristic::FarTiles;
        use crate::search::Reduction;
        use rand::SeedableRng;
        let goal = Board::goal(6).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let start = crate::shuffle::shuffled(&goal, 360, &mut rng);
        let limits = SearchLimits::default().threads(2);
        let first = Reduction::new(&goal)
            .first_path_only()
            .solve(&start, &limits)
            .unwrap();
        let mut best = Best {
            moves: Some(first.moves.clone()),
            name: first.algorithm.clone(),
            lower_bound: first.lower_bound,
            stats: Stats::default(),
            last_limit: LimitKind::Time,
        };
        let toward = |b: &Board| Some(FarTiles::new(LinearConflict::new(b), b));
        let targets = backward::targets(&start, toward, 1);
        assert!(targets[0].board == start && targets[0].walk.is_empty());
        let h = FarTiles::new(LinearConflict::new(&goal), &goal);
        let deadline = Instant::now() + Duration::from_millis(800);
        best.both_ways(
            &start,
            &goal,
            &h,
            &targets,
            &limits,
            deadline,
            &LARGE_BEAMS,
            &[],
        )
        .unwrap();
        let moves = best.moves.unwrap();
        assert!(
            moves.len() < first.len(),
            "{} of {}",
            moves.len(),
            first.len()
        );
        assert!(best.name.starts_with("auto:beam+lc×"), "{}", best.name);
        let mut replay = start.clone();
        replay.apply_all(&moves).unwrap();
        assert_eq!(replay, goal);
    }
}
