//! A search's budgets, its cancel token and its progress reports across the boundary.
use std::sync::Arc;
use std::time::{Duration, Instant};

use slidepuzzle_core as core;
use slidepuzzle_core::SearchLimits;

/// Memory budget of a search when [`Limits::max_bytes`] is not set: 256 MiB, a phone's share.
pub const DEFAULT_MAX_BYTES: u64 = 256 << 20;

/// Budgets for one search. Unset fields: no node limit, [`DEFAULT_MAX_BYTES`], no deadline
/// (`Auto` then allows itself 10 s), progress at most every 100 ms, up to
/// [`DEFAULT_MAX_THREADS`] cores.
#[derive(Debug, Clone, Default, uniffi::Record)]
pub struct Limits {
    /// Stop after this many expanded nodes.
    #[uniffi(default = None)]
    pub max_nodes: Option<u64>,
    /// Stop before the search's tables exceed this many bytes.
    #[uniffi(default = None)]
    pub max_bytes: Option<u64>,
    /// Stop after this many milliseconds.
    #[uniffi(default = None)]
    pub timeout_ms: Option<u64>,
    /// Least milliseconds between two progress calls.
    #[uniffi(default = None)]
    pub progress_interval_ms: Option<u64>,
    /// Threads an IDA* search may use (unset: the device's cores, at most
    /// [`DEFAULT_MAX_THREADS`]).
    #[uniffi(default = None)]
    pub threads: Option<u32>,
}

/// Most threads a search uses when [`Limits::threads`] is unset.
pub const DEFAULT_MAX_THREADS: usize = 4;

/// A progress report from a running search.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Progress {
    /// Nodes expanded so far.
    pub expanded: u64,
    /// Nodes generated so far.
    pub generated: u64,
    /// Current depth (BFS) or cost bound (A*, IDA*).
    pub bound: u32,
    /// Milliseconds since the search started.
    pub elapsed_ms: u64,
}

/// Implemented by the app to hear how a search is going. Called on the solving thread, at most
/// once per progress interval; hop to the UI thread before touching views.
#[uniffi::export(with_foreign)]
pub trait ProgressListener: Send + Sync {
    /// A search made progress.
    fn on_progress(&self, progress: Progress);
}

/// Stops a running search from another thread; one token may serve several searches.
#[derive(Debug, Default, uniffi::Object)]
pub struct CancelToken(pub(crate) core::CancelToken);

#[uniffi::export]
impl CancelToken {
    /// A token that is not cancelled.
    #[uniffi::constructor]
    pub fn new() -> Arc<CancelToken> {
        Arc::new(CancelToken::default())
    }

    /// Asks every search holding this token to stop; they return `Cancelled` within
    /// milliseconds.
    pub fn cancel(&self) {
        self.0.cancel();
    }

    /// Whether [`CancelToken::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.is_cancelled()
    }
}

pub(crate) fn search_limits(
    limits: &Limits,
    progress: Option<Arc<dyn ProgressListener>>,
    cancel: Option<Arc<CancelToken>>,
) -> SearchLimits {
    let mut out = SearchLimits {
        max_nodes: limits.max_nodes,
        max_bytes: limits.max_bytes.unwrap_or(DEFAULT_MAX_BYTES),
        deadline: limits
            .timeout_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms)),
        cancel: cancel.map(|c| c.0.clone()),
        threads: limits.threads.map_or_else(
            || core::limits::available_threads().min(DEFAULT_MAX_THREADS),
            |t| (t as usize).clamp(1, 256),
        ),
        ..SearchLimits::default()
    };
    if let Some(ms) = limits.progress_interval_ms {
        out.progress_interval = Duration::from_millis(ms);
    }
    if let Some(listener) = progress {
        out.progress = Some(Arc::new(move |p: core::Progress| {
            listener.on_progress(Progress {
                expanded: p.expanded,
                generated: p.generated,
                bound: p.bound,
                elapsed_ms: p.elapsed.as_millis() as u64,
            })
        }));
    }
    out
}
