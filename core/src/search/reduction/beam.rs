//! A beam over reduction orders. Each step every kept reduction gives up each line its region
//! may lose next (row or column, either end away from the blank's home, from either end of the
//! line); of all those, the `width` with the fewest moves so far plus `weight` × the Manhattan
//! distance still to cover go on. One line at a time, so a cheap early line that leaves the
//! rest scattered loses to one that leaves it close to home. The beam stops at a 5×5 region,
//! which weighted IDA* solves whole in far fewer moves than placing its lines would take.
use rustc_hash::FxHashSet;

use super::{Partial, Scratch, PLANS, WEIGHTED_REGION};
use crate::board::{Board, Direction};
use crate::error::SolveError;
use crate::heuristic::{Heuristic, Manhattan};
use crate::limits::Budget;
use crate::search::exact::windows::cut_cycles;

/// The shortest path the beam finds (cycles cut), and whether the beam kept every reduction
/// it saw (then a wider one finds nothing more).
pub(super) fn beam(
    start: &Board,
    goal: &Board,
    width: usize,
    weight: f64,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<(Vec<Direction>, bool), SolveError> {
    let manhattan = Manhattan::new(goal);
    let mut kept = vec![Partial::new(start)];
    let mut every = true;
    // Every line removes a row or a column, so every reduction reaches the last region after
    // the same number of steps.
    while !kept[0].reduced() && !kept[0].within(WEIGHTED_REGION) {
        let mut children: Vec<(f64, Partial)> = Vec::new();
        // the kept reductions and their children, charged to the memory limit as they grow
        let mut held: u64 = kept.iter().map(Partial::bytes).sum();
        for p in &kept {
            for line in p.lines(goal) {
                let mut child = p.clone();
                child.take_line(goal, line, budget, scratch)?;
                let left = manhattan.estimate(child.board.tiles());
                let score = child.moves.len() as f64 + weight * left as f64;
                held += child.bytes();
                budget.memory(kept.len() + children.len() + 1, held + scratch.bytes())?;
                children.push((score, child));
            }
        }
        children.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut seen = FxHashSet::default();
        every &= children.len() <= width;
        kept = children
            .into_iter()
            .filter(|(_, c)| seen.insert(c.board.tiles().to_vec()))
            .map(|(_, c)| c)
            .take(width)
            .collect();
    }
    let mut best: Option<Vec<Direction>> = None;
    for p in kept {
        keep_shorter(&mut best, finish(p, start, goal, budget, scratch)?);
    }
    Ok((best.expect("the beam keeps at least one reduction"), every))
}

/// The whole path through `p`, cycles cut: `p`'s moves, then the shortest finish found.
/// Finishes are kept by board and region in `scratch`: each wider beam reaches most of the
/// narrower one's reductions again.
fn finish(
    mut p: Partial,
    start: &Board,
    goal: &Board,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<Vec<Direction>, SolveError> {
    let mut path = std::mem::take(&mut p.moves);
    let key = (p.board.tiles().to_vec(), p.region);
    if let Some(known) = scratch.finishes.get(&key) {
        path.extend_from_slice(known);
    } else {
        let suffix = shortest_finish(p, goal, budget, scratch)?;
        path.extend_from_slice(&suffix);
        scratch.keep_finish(key, suffix, budget)?;
    }
    cut_cycles(start, &mut path);
    Ok(path)
}

/// The shortest way found from `rest` (with no moves of its own yet) to the goal, cycles cut:
/// the reduction goes on by the first plan's lines down to the last region, and at each square
/// region on the way (5×5, 4×4) the region solved whole by weighted IDA* is a candidate too,
/// when that search stays within its node cap.
fn shortest_finish(
    mut rest: Partial,
    goal: &Board,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<Vec<Direction>, SolveError> {
    let from = rest.board.clone();
    let mut best: Option<Vec<Direction>> = None;
    while !rest.reduced() {
        if rest.region.height() == rest.region.width() {
            if let Some(path) = rest.clone().finish_weighted(&from, goal, budget)? {
                keep_shorter(&mut best, path);
            }
        }
        let line = rest.planned_line(goal, PLANS[0]);
        rest.take_line(goal, line, budget, scratch)?;
    }
    keep_shorter(&mut best, rest.finish(&from, goal, budget)?);
    Ok(best.expect("the lines always finish"))
}

/// Keeps `path` in `best` when there is none yet or it is shorter.
fn keep_shorter(best: &mut Option<Vec<Direction>>, path: Vec<Direction>) {
    if best.as_ref().is_none_or(|b| path.len() < b.len()) {
        *best = Some(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::SearchLimits;
    use crate::search::reduction::tests::shuffled;

    /// Every path the beam returns replays to the goal, for each size and a corner, an edge
    /// and an inner blank home, and it goes through every line order the region allows.
    #[test]
    fn beam_paths_reach_the_goal() {
        let limits = SearchLimits::default();
        for n in 4..=8 {
            for blank in [n * n - 1, 1, n + 1] {
                let goal = Board::goal_with_blank(n, blank).unwrap();
                let start = shuffled(&goal, n as u64);
                let mut budget = Budget::new(&limits);
                let mut scratch = Scratch::default();
                let (path, _) = beam(&start, &goal, 3, 2.0, &mut budget, &mut scratch).unwrap();
                let mut b = start.clone();
                b.apply_all(&path).unwrap();
                assert_eq!(b, goal, "{n}×{n}, blank home {blank}");
            }
        }
    }

    /// The beam's reductions and what it keeps count against the memory limit: a wider beam
    /// holds more, and a limit one byte under what a beam held stops that beam.
    #[test]
    fn the_beam_is_held_to_the_memory_limit() {
        let goal = Board::goal(7).unwrap();
        let start = shuffled(&goal, 7);
        let peak = |width: usize, limits: &SearchLimits| {
            let mut budget = Budget::new(limits);
            let found = beam(
                &start,
                &goal,
                width,
                2.0,
                &mut budget,
                &mut Scratch::default(),
            );
            (found.map(|(path, _)| path), budget.stats.peak_bytes)
        };
        let (narrow, narrow_peak) = peak(1, &SearchLimits::default());
        let (wide, wide_peak) = peak(16, &SearchLimits::default());
        assert!(narrow.is_ok() && wide.is_ok());
        assert!(wide_peak > narrow_peak, "{wide_peak} ≤ {narrow_peak}");
        let (under, _) = peak(16, &SearchLimits::default().bytes(wide_peak - 1));
        assert!(matches!(
            under,
            Err(SolveError::LimitReached {
                limit: crate::error::LimitKind::Memory,
                ..
            })
        ));
        let (exact, _) = peak(16, &SearchLimits::default().bytes(wide_peak));
        assert_eq!(exact.unwrap(), wide.unwrap());
    }

    #[test]
    fn a_square_region_offers_rows_and_columns_from_both_ends() {
        let goal = Board::goal_with_blank(6, 14).unwrap(); // row 2, column 2: inside
        let lines = Partial::new(&goal).lines(&goal);
        // rows 0 and 5, columns 0 and 5, each from either end
        assert_eq!(lines.len(), 8);
        let corner = Board::goal(6).unwrap(); // home row 5, column 5
        assert_eq!(Partial::new(&corner).lines(&corner).len(), 4);
    }
}
