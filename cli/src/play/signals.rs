//! The terminal given back however `play` is ended from outside: SIGTERM, SIGINT and SIGHUP
//! (a `kill`, a closed terminal window) are caught, the loop restores the terminal, and the
//! process then ends by the same signal, so the caller sees the status it asked for. A panic
//! restores the terminal before its message is printed. (Ctrl-C at the keyboard is a key in raw
//! mode, see `quits`.) A search or a table build runs under [`Signals::stopping`], whose
//! watcher thread cancels it within 50 ms of a signal or of the terminal going away, so the
//! loop sees either at once whatever `play` was doing.
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use slidepuzzle_core::{CancelToken, SearchLimits};

/// The signal that asked `play` to end, once one has; 0 before.
#[derive(Clone)]
pub struct Signals(Arc<AtomicUsize>);

impl Signals {
    /// Catches the signals that end a terminal program. Where they cannot be caught (not a Unix
    /// system) nothing is caught, and they end the program as before.
    pub fn catch() -> Signals {
        let caught = Arc::new(AtomicUsize::new(0));
        #[cfg(unix)]
        for signal in [
            signal_hook::consts::SIGTERM,
            signal_hook::consts::SIGINT,
            signal_hook::consts::SIGHUP,
        ] {
            let _ = signal_hook::flag::register_usize(signal, caught.clone(), signal as usize);
        }
        Signals(caught)
    }

    /// The signal received, if any.
    pub fn received(&self) -> Option<i32> {
        match self.0.load(Ordering::Relaxed) {
            0 => None,
            signal => Some(signal as i32),
        }
    }

    /// Runs `work` (a search or a table build) under `limits` with a cancel token that a
    /// watcher thread sets within 50 ms of a signal, or of `gone` saying the terminal went
    /// away (no signal need come with that). The watcher does not rely on the search's progress
    /// reports, which some of Auto's phases make seldom.
    pub fn stopping<T>(
        &self,
        limits: SearchLimits,
        gone: impl Fn() -> bool + Send + Sync,
        work: impl FnOnce(&SearchLimits) -> T,
    ) -> T {
        let token = CancelToken::new();
        let limits = limits.cancel_token(token.clone());
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let watcher = scope.spawn(|| {
                while !done.load(Ordering::Acquire) {
                    if self.received().is_some() || gone() {
                        token.cancel();
                        return;
                    }
                    std::thread::park_timeout(Duration::from_millis(50));
                }
            });
            let out = work(&limits);
            done.store(true, Ordering::Release);
            watcher.thread().unpark();
            out
        })
    }
}

/// Ends the process by `signal` as if it had not been caught, once the terminal is restored.
pub fn end_by(signal: i32) -> ! {
    #[cfg(unix)]
    {
        let _ = signal_hook::low_level::emulate_default_handler(signal);
    }
    // Where the default action did not end the process, exit as a shell reports a signal.
    std::process::exit(128 + signal)
}

/// Restores the terminal before a panic's message is printed, so that it is readable.
pub fn restore_on_panic(restore: fn()) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}
