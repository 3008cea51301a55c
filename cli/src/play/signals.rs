//! The terminal given back however `play` is ended from outside: SIGTERM, SIGINT and SIGHUP
//! (a `kill`, a closed terminal window) are caught, the loop restores the terminal, and the
//! process then ends by the same signal, so the caller sees the status it asked for. A panic
//! restores the terminal before its message is printed. (Ctrl-C at the keyboard is a key in raw
//! mode, see `quits`.)
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use slidepuzzle_core::limits::ProgressFn;
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

    /// `limits` with a search stopped within a progress interval once a signal comes.
    pub fn stopping(&self, limits: SearchLimits) -> SearchLimits {
        let token = CancelToken::new();
        let (signals, cancel) = (self.clone(), token.clone());
        let progress: ProgressFn = Arc::new(move |_| {
            if signals.received().is_some() {
                cancel.cancel();
            }
        });
        limits.cancel_token(token).on_progress(progress)
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
