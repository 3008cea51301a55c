//! Limits shared by every search: nodes, memory, deadline, cancel token, progress.
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::error::{LimitKind, SolveError};
use crate::stats::Stats;

/// A flag another thread sets to stop a search. Clones share the flag.
#[derive(Debug, Clone, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A token that is not cancelled.
    pub fn new() -> CancelToken {
        CancelToken::default()
    }
    /// Asks every search holding a clone to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Whether [`CancelToken::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A progress report, sent at most once per [`SearchLimits::progress_interval`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Nodes expanded so far.
    pub expanded: u64,
    /// Nodes generated so far.
    pub generated: u64,
    /// Current depth (BFS) or cost bound (IDA*, A*).
    pub bound: u32,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// A progress callback.
pub type ProgressFn = Arc<dyn Fn(Progress) + Send + Sync>;

/// Budgets for one search. The default has no node, byte or time limit, so set at least one
/// for anything a person waits on; `max_bytes` defaults to 1 GiB so no search can exhaust memory.
#[derive(Clone)]
pub struct SearchLimits {
    /// Stop after this many expanded nodes.
    pub max_nodes: Option<u64>,
    /// Stop before the search's own tables exceed this many bytes (estimated).
    pub max_bytes: u64,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop when this token is cancelled.
    pub cancel: Option<CancelToken>,
    /// Called with progress now and then.
    pub progress: Option<ProgressFn>,
    /// Least time between two progress calls.
    pub progress_interval: Duration,
    /// Threads a search may use (IDA* splits each iteration among them); 1 runs on the
    /// caller's thread alone.
    pub threads: usize,
}

/// Default memory budget for one search: 1 GiB.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits {
            max_nodes: None,
            max_bytes: DEFAULT_MAX_BYTES,
            deadline: None,
            cancel: None,
            progress: None,
            progress_interval: Duration::from_millis(100),
            threads: 1,
        }
    }
}

impl std::fmt::Debug for SearchLimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchLimits")
            .field("max_nodes", &self.max_nodes)
            .field("max_bytes", &self.max_bytes)
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.is_some())
            .field("threads", &self.threads)
            .finish()
    }
}

impl SearchLimits {
    /// Limits with a time budget from now.
    pub fn with_timeout(timeout: Duration) -> SearchLimits {
        SearchLimits {
            deadline: Some(Instant::now() + timeout),
            ..SearchLimits::default()
        }
    }
    /// Sets the node limit.
    pub fn nodes(mut self, max: u64) -> SearchLimits {
        self.max_nodes = Some(max);
        self
    }
    /// Sets the memory limit in bytes.
    pub fn bytes(mut self, max: u64) -> SearchLimits {
        self.max_bytes = max;
        self
    }
    /// Sets the cancel token.
    pub fn cancel_token(mut self, token: CancelToken) -> SearchLimits {
        self.cancel = Some(token);
        self
    }
    /// Sets the progress callback.
    pub fn on_progress(mut self, f: ProgressFn) -> SearchLimits {
        self.progress = Some(f);
        self
    }
    /// Sets how many threads a search may use (at least 1).
    pub fn threads(mut self, threads: usize) -> SearchLimits {
        self.threads = threads.max(1);
        self
    }
}

/// The threads this machine offers, for [`SearchLimits::threads`].
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What the workers of one parallel search share: node totals for the node limit and progress,
/// the time of the last progress call, and a flag that stops every worker.
#[derive(Debug)]
pub(crate) struct Shared {
    expanded: AtomicU64,
    generated: AtomicU64,
    /// Nanoseconds after `started` of the last progress call.
    last_progress: AtomicU64,
    started: Instant,
    stop: AtomicBool,
}

impl Shared {
    pub(crate) fn new(started: Instant, expanded: u64, generated: u64) -> Shared {
        Shared {
            expanded: AtomicU64::new(expanded),
            generated: AtomicU64::new(generated),
            last_progress: AtomicU64::new(started.elapsed().as_nanos() as u64),
            started,
            stop: AtomicBool::new(false),
        }
    }
    /// Tells every worker to stop at its next check.
    pub(crate) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The results of scoped worker threads, in order; a worker's panic goes on in the caller.
pub(crate) fn join_all<T>(workers: Vec<std::thread::ScopedJoinHandle<'_, T>>) -> Vec<T> {
    workers
        .into_iter()
        .map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
        .collect()
}

/// How many nodes pass between two checks of clock, token and callback. Small enough that a
/// check comes well within a millisecond at any node rate.
const CHECK_EVERY: u64 = 1024;

/// When the next check is due after `expanded` nodes: [`CHECK_EVERY`] later, or right past the
/// node limit if that comes first, so a small limit (even 0) is honoured exactly on one thread.
fn next_check(limits: &SearchLimits, expanded: u64) -> u64 {
    let regular = expanded + CHECK_EVERY;
    match limits.max_nodes {
        Some(max) if max >= expanded => regular.min(max + 1),
        _ => regular,
    }
}

/// The running account of one search against its limits.
pub(crate) struct Budget<'a> {
    limits: &'a SearchLimits,
    started: Instant,
    last_progress: Instant,
    next_check: u64,
    /// For a worker of a parallel search: the totals, and how much of `stats` they hold.
    shared: Option<(&'a Shared, u64, u64)>,
    /// Work so far.
    pub stats: Stats,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: &'a SearchLimits) -> Budget<'a> {
        let now = Instant::now();
        Budget {
            limits,
            started: now,
            last_progress: now,
            next_check: next_check(limits, 0),
            shared: None,
            stats: Stats::default(),
        }
    }

    /// A worker's account: its own counts from zero, checked against the shared totals.
    pub(crate) fn worker(limits: &'a SearchLimits, shared: &'a Shared) -> Budget<'a> {
        Budget {
            limits,
            started: shared.started,
            last_progress: shared.started,
            next_check: next_check(limits, 0),
            shared: Some((shared, 0, 0)),
            stats: Stats::default(),
        }
    }

    /// When the search started.
    pub(crate) fn started(&self) -> Instant {
        self.started
    }

    /// The limits this account checks.
    pub(crate) fn limits(&self) -> &'a SearchLimits {
        self.limits
    }

    /// The stats so far, with the elapsed time filled in.
    pub(crate) fn stats_now(&self) -> Stats {
        let mut stats = self.stats.clone();
        stats.elapsed = self.started.elapsed();
        stats
    }

    /// A worker's stop: another worker found the goal or hit a limit.
    pub(crate) fn halted(&self) -> bool {
        self.shared.is_some_and(|(s, _, _)| s.stopped())
    }

    /// Records one expansion; checks the limits every [`CHECK_EVERY`] nodes.
    #[inline]
    pub(crate) fn expand(&mut self, bound: u32) -> Result<(), SolveError> {
        self.stats.expanded += 1;
        if self.stats.expanded >= self.next_check {
            self.next_check = next_check(self.limits, self.stats.expanded);
            self.check(bound)?;
        }
        Ok(())
    }

    /// Records table growth; fails, before the growth happens, when it would pass `max_bytes`.
    #[inline]
    pub(crate) fn memory(&mut self, table_entries: usize, bytes: u64) -> Result<(), SolveError> {
        if table_entries as u64 > self.stats.peak_entries {
            self.stats.peak_entries = table_entries as u64;
        }
        if bytes > self.limits.max_bytes {
            // The step is refused before it allocates: the peak stays what was held.
            self.stats.refused_bytes = bytes;
            return Err(self.limit(LimitKind::Memory));
        }
        if bytes > self.stats.peak_bytes {
            self.stats.peak_bytes = bytes;
        }
        Ok(())
    }

    /// Checks every limit now.
    pub(crate) fn check(&mut self, bound: u32) -> Result<(), SolveError> {
        if self.halted() {
            // not this worker's limit: the caller drops this error (see `halted`)
            return Err(SolveError::Cancelled {
                stats: self.stats.clone(),
            });
        }
        let (expanded, generated) = match &mut self.shared {
            None => (self.stats.expanded, self.stats.generated),
            Some((shared, flushed_expanded, flushed_generated)) => {
                let e = self.stats.expanded - *flushed_expanded;
                let g = self.stats.generated - *flushed_generated;
                *flushed_expanded = self.stats.expanded;
                *flushed_generated = self.stats.generated;
                (
                    shared.expanded.fetch_add(e, Ordering::Relaxed) + e,
                    shared.generated.fetch_add(g, Ordering::Relaxed) + g,
                )
            }
        };
        if let Some(max) = self.limits.max_nodes {
            if expanded > max {
                return Err(self.limit(LimitKind::Nodes));
            }
        }
        if let Some(token) = &self.limits.cancel {
            if token.is_cancelled() {
                self.stats.elapsed = self.started.elapsed();
                return Err(SolveError::Cancelled {
                    stats: self.stats.clone(),
                });
            }
        }
        let now = Instant::now();
        if let Some(deadline) = self.limits.deadline {
            if now >= deadline {
                return Err(self.limit(LimitKind::Time));
            }
        }
        if let Some(progress) = &self.limits.progress {
            let due = match self.shared {
                None => now.duration_since(self.last_progress) >= self.limits.progress_interval,
                // one worker claims each interval
                Some((shared, _, _)) => {
                    let at = now.duration_since(self.started).as_nanos() as u64;
                    let last = shared.last_progress.load(Ordering::Relaxed);
                    at.saturating_sub(last) >= self.limits.progress_interval.as_nanos() as u64
                        && shared
                            .last_progress
                            .compare_exchange(last, at, Ordering::Relaxed, Ordering::Relaxed)
                            .is_ok()
                }
            };
            if due {
                self.last_progress = now;
                progress(Progress {
                    expanded,
                    generated,
                    bound,
                    elapsed: now.duration_since(self.started),
                });
            }
        }
        Ok(())
    }

    fn limit(&mut self, limit: LimitKind) -> SolveError {
        self.stats.elapsed = self.started.elapsed();
        SolveError::LimitReached {
            limit,
            stats: self.stats.clone(),
        }
    }

    /// Final stats with the elapsed time filled in.
    pub(crate) fn finish(mut self) -> Stats {
        self.stats.elapsed = self.started.elapsed();
        self.stats
    }
}
