//! Improving a path until the deadline: the other fixed orders, windows of the path replaced by
//! optimal ones and cycles cut out, then beams over every order from the start and from the
//! goal.

use super::beam::beam;
use super::{reduce, Scratch, PLANS};
use crate::board::{Board, Direction};
use crate::direction::undoing;
use crate::error::SolveError;
use crate::limits::{join_all, Budget, SearchLimits, Shared};
use crate::search::exact::windows::shorten;
use std::time::Instant;

/// What a move of Manhattan distance left counts for against a move made, when the beam ranks
/// unfinished reductions (1 to 3 measured the same on 7×7 and 8×8).
const BEAM_WEIGHT: f64 = 2.0;

/// Improves `best` until the deadline, the node limit, or no change is left to try: other
/// reduction orders, then optimal windows; with a deadline, beams over every order from both
/// ends ([`both_ends`]).
pub(super) fn improve(
    start: &Board,
    goal: &Board,
    best: &mut Vec<Direction>,
    lower_bound: u32,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<(), SolveError> {
    for plan in &PLANS[1..] {
        if best.len() as u32 <= lower_bound {
            return Ok(());
        }
        let other = reduce(start, goal, *plan, budget, scratch)?;
        if other.len() < best.len() {
            *best = other;
        }
    }
    match budget.limits().deadline {
        None => shorten(start, best, lower_bound, budget),
        Some(deadline) => {
            let held = scratch.bytes();
            both_ends(start, goal, best, lower_bound, deadline, held, budget)
        }
    }
}

/// The rest of the time goes to beams ([`widen`]) from two ends: the start reduced toward the
/// goal, and the goal reduced toward the start (its path, reversed, goes from the start to
/// the goal). The two reductions fix different tiles first and so take different paths; the
/// shorter of the two is kept, which shortened the median path more than wider beams on one
/// end (slidepuzzle bench-large). With two threads or more the ends run side by side, else
/// one after the other with half the time left each. Each end's buffers and beams may hold
/// what the memory limit leaves after `held` (the bytes the caller still holds), or half of
/// that when both run at once.
fn both_ends(
    start: &Board,
    goal: &Board,
    best: &mut Vec<Direction>,
    lower_bound: u32,
    deadline: Instant,
    held: u64,
    budget: &mut Budget,
) -> Result<(), SolveError> {
    let limits = budget.limits();
    let shared = Shared::new(
        budget.started(),
        budget.stats.expanded,
        budget.stats.generated,
    );
    // Each end on one thread with its share of the memory; on one thread in all, the forward
    // end stops halfway.
    let mut backward = limits.clone();
    backward.threads = 1;
    let ends_at_once = if limits.threads < 2 { 1 } else { 2 };
    backward.max_bytes = limits.max_bytes.saturating_sub(held) / ends_at_once;
    let mut forward = backward.clone();
    if limits.threads < 2 {
        let now = Instant::now();
        forward.deadline = Some(now + deadline.saturating_duration_since(now) / 2);
    }
    let ends = [
        (start, goal, best.clone(), &forward, false),
        (goal, start, undoing(best).collect(), &backward, true),
    ];
    let side = |(from, to, mut path, limits, backwards): End| {
        let mut worker = Budget::worker(limits, &shared);
        let done = widen(
            from,
            to,
            &mut path,
            lower_bound,
            &mut worker,
            &mut Scratch::default(),
        );
        if backwards {
            path = undoing(&path).collect();
        }
        (path, done, worker.stats)
    };
    let results: Vec<_> = if limits.threads < 2 {
        ends.into_iter().map(side).collect()
    } else {
        std::thread::scope(|scope| {
            let workers: Vec<_> = ends
                .into_iter()
                .map(|end| scope.spawn(move || side(end)))
                .collect();
            join_all(workers)
        })
    };
    let mut outcome = Ok(());
    for (path, done, stats) in results {
        budget.stats.absorb(&stats);
        if path.len() < best.len() {
            *best = path;
        }
        // A cancel ends the solve; any other limit only ends that end's improving.
        if let Err(e @ SolveError::Cancelled { .. }) = done {
            outcome = Err(e);
        }
    }
    outcome
}

/// One end of [`both_ends`]: from, to, the best path between them, the limits, and whether
/// that path runs from the goal to the start.
type End<'a> = (&'a Board, &'a Board, Vec<Direction>, &'a SearchLimits, bool);

/// Beams over every order, twice as wide each time, until a limit or a beam that kept every
/// order. Paths are compared before shortening, which takes most of the time; a beam's path
/// shorter than any before is shortened and kept if it beats the best (a first beam's path
/// usually beats the fixed plans' even before either is shortened).
fn widen(
    start: &Board,
    goal: &Board,
    best: &mut Vec<Direction>,
    lower_bound: u32,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<(), SolveError> {
    let mut raw_best = best.len();
    let mut best_shortened = false;
    for width in (0..usize::BITS - 1).map(|i| 1usize << i) {
        if best.len() as u32 <= lower_bound {
            return Ok(());
        }
        let (mut other, every) = beam(start, goal, width, BEAM_WEIGHT, budget, scratch)?;
        if other.len() < raw_best {
            raw_best = other.len();
            // What the shortening got before a limit stopped it is kept too.
            let shortened = shorten(start, &mut other, lower_bound, budget);
            if other.len() < best.len() {
                *best = other;
                best_shortened = true;
            }
            shortened?;
        } else if !best_shortened {
            best_shortened = true;
            shorten(start, best, lower_bound, budget)?;
        }
        if every {
            return Ok(());
        }
    }
    Ok(())
}
