//! One IDA* iteration split across threads, shared by the generic search and the one written
//! for 4×4: the tree is opened breadth-first by the caller into subtrees within the bound, and
//! `threads` scoped threads take them one at a time from a shared counter, each searching with
//! a worker of its own. Any solution within the bound is as good as any other, so the first
//! found ends the iteration; a limit on one thread stops them all.
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::board::Direction;
use crate::error::SolveError;
use crate::limits::{join_all, Budget, Shared};
use crate::stats::Stats;

/// How many subtrees per thread a parallel iteration opens, so that uneven subtrees still
/// leave every thread busy to the end.
pub(crate) const SUBTREES_PER_THREAD: usize = 256;

/// A search a thread of a split iteration runs over the subtrees it takes.
pub(crate) trait Worker<N> {
    /// Searches below `node`; true when the goal was reached.
    fn search(&mut self, node: &N) -> bool;
    /// The moves from the root to the goal, after [`Worker::search`] returned true.
    fn take_path(&mut self) -> Vec<Direction>;
    /// Why the last search stopped early, if it did (a limit or the cancel token).
    fn take_stop(&mut self) -> Option<SolveError>;
    /// Whether another worker stopped this one (found the goal or hit a limit).
    fn halted(&self) -> bool;
    /// What the worker did, and the least f it saw over the bound.
    fn end(self) -> (Stats, u32);
}

/// The shared account a split iteration's workers charge, continuing `budget`'s counts.
pub(crate) fn shared(budget: &Budget<'_>) -> Shared {
    Shared::new(
        budget.started(),
        budget.stats.expanded,
        budget.stats.generated,
    )
}

/// Runs `threads` workers made by `make` (each in its thread, charging `shared`) over `nodes`.
/// Their counts go into `budget` and their least f over the bound into `next_bound`; the
/// result is the path found, none, or the limit that stopped them.
pub(crate) fn split<N: Sync, W: Worker<N>>(
    budget: &mut Budget<'_>,
    next_bound: &mut u32,
    shared: &Shared,
    threads: usize,
    nodes: &[N],
    make: impl Fn() -> W + Sync,
) -> Result<Option<Vec<Direction>>, SolveError> {
    let taken = AtomicUsize::new(0);
    let solution: Mutex<Option<Vec<Direction>>> = Mutex::new(None);
    let failure: Mutex<Option<SolveError>> = Mutex::new(None);
    let results: Vec<(Stats, u32)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let (taken, solution, failure, make) = (&taken, &solution, &failure, &make);
                scope.spawn(move || {
                    let mut w = make();
                    while !shared.stopped() {
                        let Some(node) = nodes.get(taken.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        if w.search(node) {
                            let mut slot = solution.lock().unwrap_or_else(|p| p.into_inner());
                            slot.get_or_insert(w.take_path());
                            shared.stop();
                            break;
                        }
                        if let Some(e) = w.take_stop() {
                            if !w.halted() {
                                let mut slot = failure.lock().unwrap_or_else(|p| p.into_inner());
                                slot.get_or_insert(e);
                                shared.stop();
                            }
                            break;
                        }
                    }
                    w.end()
                })
            })
            .collect();
        join_all(workers)
    });
    for (stats, least) in &results {
        budget.stats.absorb(stats);
        *next_bound = (*next_bound).min(*least);
    }
    if let Some(path) = solution.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Ok(Some(path));
    }
    match failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(e) => Err(e.with_stats(budget.stats_now())),
        None => Ok(None),
    }
}
