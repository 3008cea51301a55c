//! Shortening a path any search found, keeping it a path from the same start to the same goal:
//! cycles cut out (the reduction's pieces, placed one after another, often pass the same board
//! twice) and windows of the path replaced by optimal ones (IDA* between a window's two
//! boards). The reduction uses both on its own paths; Auto uses the windows on the beams'
//! paths, which they shorten less (beams seldom pass a board twice) but at a few milliseconds.
use rustc_hash::FxHashMap;

use super::idastar::IdaStar;
use crate::board::{Board, Direction};
use crate::error::{LimitKind, SolveError};
use crate::heuristic::Manhattan;
use crate::limits::{Budget, SearchLimits};
use crate::search::solution::{Solution, Solver};

/// Window lengths for the re-optimisation, shortest first.
const WINDOWS: [usize; 5] = [14, 20, 26, 36, 48];
/// Nodes one window's IDA* may expand before it is given up.
const WINDOW_NODES: u64 = 100_000;

/// Removes every stretch of the path between two visits of the same board.
pub(crate) fn cut_cycles(start: &Board, moves: &mut Vec<Direction>) {
    let mut seen: FxHashMap<Vec<u8>, usize> = FxHashMap::default();
    let mut kept: Vec<Direction> = Vec::with_capacity(moves.len());
    let mut boards: Vec<Vec<u8>> = vec![start.tiles().to_vec()];
    seen.insert(start.tiles().to_vec(), 0);
    let mut board = start.clone();
    for &dir in moves.iter() {
        board.apply(dir).expect("the path is legal");
        if let Some(&earlier) = seen.get(board.tiles()) {
            // back to a board of `kept` step `earlier`: drop everything after it
            for b in boards.drain(earlier + 1..) {
                seen.remove(&b);
            }
            kept.truncate(earlier);
        } else {
            kept.push(dir);
            boards.push(board.tiles().to_vec());
            seen.insert(board.tiles().to_vec(), kept.len());
        }
    }
    *moves = kept;
}

/// Optimal windows of every length until none shortens the path.
pub(crate) fn shorten(
    start: &Board,
    best: &mut Vec<Direction>,
    lower_bound: u32,
    budget: &mut Budget,
) -> Result<(), SolveError> {
    loop {
        let before = best.len();
        for window in WINDOWS {
            optimise_windows(start, best, window, budget)?;
            cut_cycles(start, best);
        }
        if best.len() == before || best.len() as u32 <= lower_bound {
            return Ok(());
        }
    }
}

/// Replaces each `window`-move stretch of the path (stepping by half a window) by an optimal
/// path between its two boards, where IDA* finds one within [`WINDOW_NODES`].
fn optimise_windows(
    start: &Board,
    moves: &mut Vec<Direction>,
    window: usize,
    budget: &mut Budget,
) -> Result<(), SolveError> {
    let mut at = 0;
    while at + window <= moves.len() {
        let mut from = start.clone();
        from.apply_all(&moves[..at]).expect("the path is legal");
        let mut to = from.clone();
        to.apply_all(&moves[at..at + window])
            .expect("the path is legal");
        // Manhattan, not linear conflict: its tables are built per window, and linear
        // conflict's line table for 6×6 costs more to build than most windows cost to search.
        let found = sub_search(budget, Some(WINDOW_NODES), |limits| {
            IdaStar::new(&to, Manhattan::new(&to)).solve(&from, limits)
        })?;
        if let Some(s) = found.filter(|s| s.len() < window) {
            moves.splice(at..at + window, s.moves);
        }
        at += window / 2;
    }
    Ok(())
}

/// Runs a search on part of the problem (a region, a window of the path) inside `budget`: one
/// thread, no progress reports of its own, at most what the budget's node limit has left and,
/// with `cap`, at most `cap` nodes. Its work is charged to the budget either way. `Ok(None)` when
/// the cap, not the budget, stopped it.
pub(crate) fn sub_search(
    budget: &mut Budget,
    cap: Option<u64>,
    search: impl FnOnce(&SearchLimits) -> Result<Solution, SolveError>,
) -> Result<Option<Solution>, SolveError> {
    let mut limits = budget.limits().clone();
    limits.progress = None;
    limits.threads = 1;
    let left = limits
        .max_nodes
        .map(|m| m.saturating_sub(budget.stats.expanded));
    limits.max_nodes = match (cap, left) {
        (Some(c), Some(l)) => Some(c.min(l)),
        (c, l) => c.or(l),
    };
    let (solution, work) = match search(&limits) {
        Ok(s) => {
            let work = s.stats.clone();
            (Some(s), work)
        }
        Err(SolveError::LimitReached {
            limit: LimitKind::Nodes,
            stats,
        }) if cap.is_some_and(|c| left.is_none_or(|l| c < l)) => (None, stats),
        Err(e) => return Err(e.with_stats(budget.stats_now())),
    };
    budget.stats.expanded += work.expanded;
    budget.stats.generated += work.generated;
    budget.check(0)?;
    Ok(solution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn cycles_are_cut() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let start = crate::shuffle::shuffled(&Board::goal(6).unwrap(), 360, &mut rng);
        let b = start.clone();
        let dirs: Vec<Direction> = b.legal_moves().collect();
        let (d, back) = (dirs[0], dirs[0].opposite());
        // there and back twice: every move goes
        let mut moves = vec![d, back, d, back];
        cut_cycles(&start, &mut moves);
        assert!(moves.is_empty());
        // a detour inside a path: only the detour goes
        let e = dirs[1];
        let mut detour = vec![e, d, back, e.opposite(), e];
        cut_cycles(&start, &mut detour);
        assert_eq!(detour, vec![e]);
    }

    /// A random walk's moves, undone, take a board back to the goal by a long way round; the
    /// windows shorten it, it still replays to the goal, and when they are done every window
    /// they try is an optimal path between its two boards.
    #[test]
    fn windows_shorten_a_detour_until_each_is_optimal() {
        // 3×3, where every window's search ends well within its node cap
        let goal = Board::goal(3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut board = goal.clone();
        let mut walk: Vec<Direction> = Vec::new();
        while walk.len() < 80 {
            let dirs: Vec<Direction> = board
                .legal_moves()
                .filter(|d| walk.last() != Some(&d.opposite()))
                .collect();
            let d = dirs[rng.random_range(0..dirs.len())];
            board.apply(d).unwrap();
            walk.push(d);
        }
        let start = board;
        let mut moves: Vec<Direction> = walk.iter().rev().map(|d| d.opposite()).collect();
        let limits = SearchLimits::default();
        let mut budget = Budget::new(&limits);
        shorten(&start, &mut moves, 0, &mut budget).unwrap();
        assert!(moves.len() < 80, "{}", moves.len());
        let mut replay = start.clone();
        replay.apply_all(&moves).unwrap();
        assert_eq!(replay, goal);
        let mut checked = 0;
        for window in WINDOWS {
            for at in (0..)
                .step_by(window / 2)
                .take_while(|at| at + window <= moves.len())
            {
                let mut from = start.clone();
                from.apply_all(&moves[..at]).unwrap();
                let mut to = from.clone();
                to.apply_all(&moves[at..at + window]).unwrap();
                let best = IdaStar::new(&to, Manhattan::new(&to))
                    .solve(&from, &limits)
                    .unwrap();
                assert_eq!(best.len(), window, "{window} moves at {at}");
                checked += 1;
            }
        }
        assert!(checked > 0, "a path of {} moves", moves.len());
    }
}
