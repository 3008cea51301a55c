//! Limits shared by every search: nodes, memory, deadline, cancel token, progress.
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::error::{LimitKind, SolveError};
use crate::search::Stats;

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
}

/// How many nodes pass between two checks of clock, token and callback. Small enough that a
/// check comes well within a millisecond at any node rate.
const CHECK_EVERY: u64 = 1024;

/// The running account of one search against its limits.
pub(crate) struct Budget<'a> {
    limits: &'a SearchLimits,
    started: Instant,
    last_progress: Instant,
    next_check: u64,
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
            next_check: CHECK_EVERY,
            stats: Stats::default(),
        }
    }

    /// Records one expansion; checks the limits every [`CHECK_EVERY`] nodes.
    #[inline]
    pub(crate) fn expand(&mut self, bound: u32) -> Result<(), SolveError> {
        self.stats.expanded += 1;
        if self.stats.expanded >= self.next_check {
            self.next_check = self.stats.expanded + CHECK_EVERY;
            self.check(bound)?;
        }
        Ok(())
    }

    /// Records table growth; fails once the estimate passes `max_bytes`.
    #[inline]
    pub(crate) fn memory(&mut self, table_entries: usize, bytes: u64) -> Result<(), SolveError> {
        if table_entries as u64 > self.stats.peak_entries {
            self.stats.peak_entries = table_entries as u64;
        }
        if bytes > self.stats.peak_bytes {
            self.stats.peak_bytes = bytes;
            if bytes > self.limits.max_bytes {
                return Err(self.limit(LimitKind::Memory));
            }
        }
        Ok(())
    }

    /// Checks every limit now.
    pub(crate) fn check(&mut self, bound: u32) -> Result<(), SolveError> {
        if let Some(max) = self.limits.max_nodes {
            if self.stats.expanded > max {
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
            if now.duration_since(self.last_progress) >= self.limits.progress_interval {
                self.last_progress = now;
                progress(Progress {
                    expanded: self.stats.expanded,
                    generated: self.stats.generated,
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
