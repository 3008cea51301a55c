//! The anytime search `auto` runs up to 5×5: an optimal IDA* for a share of the budget, then
//! beams of growing width for the rest, keeping the shortest path and the best proven lower
//! bound.
//!
//! On 3×3 and 4×4 the optimal search nearly always finishes within its share. On 5×5 it rarely
//! does within a player's wait, and beams are what find short paths: on Korf–Taylor's
//! 24-puzzles with the pattern databases a beam 32 000 boards wide averages 1.05× the optimal
//! length, where weighted IDA* with falling weights averaged 1.12× in the same second. Each beam is
//! four times as wide as the last, so a first path comes within milliseconds; the last is
//! sized from the time the one before it took to fill the time left.
use std::time::{Duration, Instant};

use super::beam::beam;
use super::{IdaStar, Solution, Solver};
use crate::board::Board;
use crate::error::{LimitKind, SolveError};
use crate::heuristic::Heuristic;
use crate::limits::{Budget, SearchLimits};

/// The time `auto` allows itself when the limits set no deadline.
pub const AUTO_DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// The share of the budget the optimal search gets on boards up to 4×4, where it usually
/// finishes, and on larger ones, where it seldom does and the beams need the time.
const OPTIMAL_SHARE_SMALL: f64 = 0.4;
const OPTIMAL_SHARE_LARGE: f64 = 0.1;

/// The first beam's width: on 5×5 its path comes within about 20 ms.
const FIRST_WIDTH: usize = 1000;

/// How much more a beam costs per unit of width when it is several times wider (its layers
/// outgrow the caches; measured 1.0–1.3× on 5×5): the last beam is sized with this margin.
const WIDER_COST: f64 = 1.3;

/// The share of the time left the last beam is sized to fill.
const TIME_USED: f64 = 0.9;

/// Optimal IDA* for its share of the budget; if it has not finished, beams of growing width
/// for the rest (see the module documentation).
pub(crate) fn anytime<H: Heuristic + Clone>(
    start: &Board,
    goal: &Board,
    heuristic: H,
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
    let mut first = limits.clone();
    first.deadline = Some(began + budget.mul_f64(share));
    // The node limit is one budget across the phases: the optimal search gets its share, and
    // each beam what the searches before it left.
    first.max_nodes = limits.max_nodes.map(|max| (max as f64 * share) as u64);
    let optimal = IdaStar::new(goal, heuristic.clone());
    // The optimal search's stats carry the lower bound it proved. `last_limit` is the limit
    // that stopped the last search, reported if no path was found at all.
    let (mut stats, mut last_limit) = match optimal.solve(start, &first) {
        Ok(mut s) => {
            s.algorithm = format!("auto:{}", s.algorithm);
            return Ok(s);
        }
        Err(SolveError::LimitReached { stats, limit }) => (stats, limit),
        Err(e) => return Err(e),
    };
    let lower_bound = stats.lower_bound.max(heuristic.estimate(start.tiles()));
    let mut best: Option<(Vec<crate::Direction>, usize)> = None;
    let mut rest = limits.clone();
    rest.deadline = Some(deadline);
    let mut width = FIRST_WIDTH;
    let mut last = false;
    loop {
        rest.max_nodes = limits
            .max_nodes
            .map(|max| max.saturating_sub(stats.expanded));
        if rest.max_nodes == Some(0) {
            last_limit = LimitKind::Nodes;
            break;
        }
        let beam_began = Instant::now();
        let mut account = Budget::new(&rest);
        let found = beam(start, goal, &heuristic, width, &mut account);
        stats.absorb(&account.stats);
        match found {
            Ok(path) => {
                if best.as_ref().is_none_or(|(b, _)| path.len() < b.len()) {
                    best = Some((path, width));
                }
            }
            Err(SolveError::LimitReached { limit, .. }) => {
                last_limit = limit;
                break;
            }
            Err(e) => return Err(e),
        }
        if best
            .as_ref()
            .is_some_and(|(b, _)| b.len() as u32 <= lower_bound)
        {
            break;
        }
        if last {
            break;
        }
        // The next width: four times this one while even eight times would not use the
        // time left; then the width that does use it, as the last beam.
        let per_width = beam_began.elapsed().as_secs_f64().max(1e-4) / width as f64;
        let left = deadline
            .saturating_duration_since(Instant::now())
            .as_secs_f64();
        let fits = left * TIME_USED / (per_width * WIDER_COST);
        if fits < width as f64 * 1.25 {
            // a beam hardly wider than this one would find much the same path
            break;
        }
        last = fits <= 8.0 * width as f64;
        width = if last { fits as usize } else { 4 * width };
    }
    stats.elapsed = began.elapsed();
    stats.lower_bound = lower_bound;
    match best {
        Some((moves, width)) => {
            let optimal = moves.len() as u32 <= lower_bound;
            let name = format!("auto:beam+{}×{width}", heuristic.name());
            Ok(Solution::new(
                name,
                start,
                moves,
                optimal,
                lower_bound,
                stats,
            ))
        }
        None => Err(SolveError::LimitReached {
            limit: last_limit,
            stats,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::LinearConflict;
    use crate::search::Auto;
    use crate::text::parse_board;

    /// The node limit is one budget for every phase: the optimal search, then each beam,
    /// together expand no more than asked (one check past the limit per phase at most).
    #[test]
    fn the_node_limit_holds_across_every_phase() {
        let goal = Board::goal_with_blank(4, 0).unwrap();
        let start = parse_board("2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0").unwrap();
        for max in [0, 1_000, 50_000, 300_000] {
            let limits = SearchLimits::default().threads(1).nodes(max);
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
                Err(other) => panic!("cap {max}: {other}"),
            };
            assert!(expanded <= max + 2, "cap {max}: expanded {expanded}");
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
        let s = anytime(&start, &goal, LinearConflict::new(&goal), &limits).unwrap();
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
}
