//! The terminal given back however `play` is ended from outside: SIGTERM, SIGINT and SIGHUP
//! (a `kill`, a closed terminal window) are caught, the loop restores the terminal, and the
//! process then ends by the same signal, so the caller sees the status it asked for. A panic
//! restores the terminal before its message is printed. (Ctrl-C at the keyboard is a key in raw
//! mode, see `quits`.) A search or a table build runs under [`Signals::stopping`], whose
//! watcher thread cancels it within 50 ms of a signal or of the terminal going away, so the
//! loop sees either at once whatever `play` was doing; the watcher ends with the work, even when
//! the work panics.
//!
//! SIGTSTP (`kill -TSTP`; Ctrl-Z at the keyboard is a key in raw mode) asks the loop to give
//! the terminal back and stop; SIGCONT (`fg`) and SIGWINCH (a resize) ask for a new frame. Each
//! wakes the loop at once, as every caught signal interrupts its wait for keys.
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use slidepuzzle_core::{CancelToken, SearchLimits};

/// The signal that asked `play` to end, once one has (0 before), and whether one asked it to
/// stop for a while or to draw again since the loop last looked.
#[derive(Clone)]
pub struct Signals {
    ending: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    redraw: Arc<AtomicBool>,
}

impl Signals {
    /// Catches the signals that end, stop, continue and resize a terminal program. Where they
    /// cannot be caught (not a Unix system) nothing is caught, and they act as before.
    pub fn catch() -> Signals {
        let signals = Signals {
            ending: Arc::new(AtomicUsize::new(0)),
            stop: Arc::new(AtomicBool::new(false)),
            redraw: Arc::new(AtomicBool::new(false)),
        };
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGWINCH};
            for signal in [SIGTERM, SIGINT, SIGHUP] {
                let ending = signals.ending.clone();
                let _ = signal_hook::flag::register_usize(signal, ending, signal as usize);
            }
            let _ = signal_hook::flag::register(SIGTSTP, signals.stop.clone());
            for signal in [SIGCONT, SIGWINCH] {
                let _ = signal_hook::flag::register(signal, signals.redraw.clone());
            }
        }
        signals
    }

    /// The signal received, if any.
    pub fn received(&self) -> Option<i32> {
        match self.ending.load(Ordering::Relaxed) {
            0 => None,
            signal => Some(signal as i32),
        }
    }

    /// Whether SIGTSTP came since the last call.
    pub fn take_stop(&self) -> bool {
        self.stop.swap(false, Ordering::Relaxed)
    }

    /// Whether SIGCONT or SIGWINCH came since the last call.
    pub fn take_redraw(&self) -> bool {
        self.redraw.swap(false, Ordering::Relaxed)
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
            // Ends the watcher however `work` ends: were it to panic, the scope would otherwise
            // wait for the watcher for ever and `play` would hang with the terminal in raw mode.
            let _end_watcher = EndWatcher {
                done: &done,
                watcher: watcher.thread(),
            };
            work(&limits)
        })
    }
}

/// Tells a watcher its work is over, and wakes it, when dropped.
struct EndWatcher<'a> {
    done: &'a AtomicBool,
    watcher: &'a std::thread::Thread,
}

impl Drop for EndWatcher<'_> {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Release);
        self.watcher.unpark();
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    fn quiet() -> Signals {
        Signals {
            ending: Arc::new(AtomicUsize::new(0)),
            stop: Arc::new(AtomicBool::new(false)),
            redraw: Arc::new(AtomicBool::new(false)),
        }
    }

    #[test]
    fn a_panicking_search_ends_its_watcher_and_the_panic_reaches_the_caller() {
        let (sent, received) = mpsc::channel();
        std::thread::spawn(move || {
            let out = std::panic::catch_unwind(|| {
                quiet().stopping(
                    SearchLimits::default(),
                    || false,
                    |_| -> u32 { panic!("a table build failed") },
                )
            });
            let _ = sent.send(out.is_err());
        });
        // Without the guard the scope waits for the watcher for ever.
        assert_eq!(received.recv_timeout(Duration::from_secs(10)), Ok(true));
    }

    #[test]
    fn a_signal_cancels_the_work_and_the_answer_comes_back() {
        let signals = quiet();
        let started = std::time::Instant::now();
        let out = signals.stopping(
            SearchLimits::default(),
            || false,
            |limits| {
                signals.ending.store(15, Ordering::Relaxed);
                while !limits.cancel.as_ref().is_some_and(|t| t.is_cancelled()) {
                    std::thread::sleep(Duration::from_millis(5));
                }
                7
            },
        );
        assert_eq!(out, 7);
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
