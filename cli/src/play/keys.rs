//! Keys from the terminal, read here rather than through crossterm's event reader: that reader
//! retries for ever once its terminal reads end of file or fails (a pty whose other side
//! closed, a dropped remote session), spinning a core inside `poll` where no signal flag is
//! ever looked at again. This reader waits in `poll(2)` on the terminal itself, says a
//! terminal that is gone as [`Ended`], and returns on any signal so that the game's loop sees
//! its flag at once.
//!
//! It decodes what a terminal in raw mode sends for the keys the game uses: printable
//! characters, Enter, Escape, Ctrl-C and the arrows (`ESC [ A`, `ESC O A`, and with modifiers
//! `ESC [ 1 ; 2 A`); other sequences are read whole and dropped.
use std::collections::VecDeque;
use std::io;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Why no more keys will come.
#[derive(Debug)]
pub enum Ended {
    /// The terminal read end of file: its other side closed.
    EndOfInput,
    /// The terminal hung up or reading it failed.
    Failed(io::Error),
}

impl std::fmt::Display for Ended {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ended::EndOfInput => f.write_str("the terminal's input ended"),
            Ended::Failed(e) => write!(f, "the terminal is gone ({})", crate::error::words(e)),
        }
    }
}

/// How long the rest of an escape sequence may take to arrive after its ESC byte; a lone ESC
/// is the Escape key.
const SEQUENCE_WAIT: Duration = Duration::from_millis(30);

/// The terminal's keys.
#[cfg(unix)]
pub struct Keys {
    fd: std::os::fd::RawFd,
    /// `/dev/tty`, when standard input is not the terminal; kept open while it is read.
    _tty: Option<std::fs::File>,
    bytes: VecDeque<u8>,
}

#[cfg(unix)]
impl Keys {
    /// Reads standard input when it is a terminal, else the process's terminal (as crossterm
    /// does, so that raw mode and the keys are the same device's).
    pub fn open() -> io::Result<Keys> {
        // SAFETY: isatty only inspects the descriptor.
        if unsafe { libc::isatty(libc::STDIN_FILENO) } == 1 {
            return Ok(Keys {
                fd: libc::STDIN_FILENO,
                _tty: None,
                bytes: VecDeque::new(),
            });
        }
        use std::os::fd::AsRawFd;
        let tty = std::fs::File::options()
            .read(true)
            .write(true)
            .open("/dev/tty")?;
        Ok(Keys {
            fd: tty.as_raw_fd(),
            _tty: Some(tty),
            bytes: VecDeque::new(),
        })
    }

    /// What tells, from any thread, whether the terminal is gone.
    pub fn watch(&self) -> Watch {
        Watch(self.fd)
    }

    /// The next key, waiting at most `timeout`: `Ok(None)` when none came in that time or a
    /// signal arrived meanwhile (the caller looks at its flags and asks again).
    pub fn next(&mut self, timeout: Duration) -> Result<Option<KeyEvent>, Ended> {
        if self.bytes.is_empty() && !self.fill(timeout)? {
            return Ok(None);
        }
        loop {
            match decode(&self.bytes) {
                Decoded::Key(key, used) => {
                    self.bytes.drain(..used);
                    return Ok(Some(key));
                }
                Decoded::Skip(used) => {
                    self.bytes.drain(..used);
                    if self.bytes.is_empty() {
                        return Ok(None);
                    }
                }
                Decoded::Incomplete => {
                    // The rest of an escape sequence is on its way, or this is the Escape key.
                    if !self.fill(SEQUENCE_WAIT)? {
                        let key = lone_escape_or_partial(&mut self.bytes);
                        return Ok(key);
                    }
                }
            }
        }
    }

    /// Waits up to `timeout` for bytes and appends them; false when none came (time out, or a
    /// signal).
    fn fill(&mut self, timeout: Duration) -> Result<bool, Ended> {
        let ms = timeout.as_millis().min(i32::MAX as u128) as i32;
        let (ready, revents) = poll_input(self.fd, ms);
        if ready < 0 {
            let e = io::Error::last_os_error();
            return match e.kind() {
                io::ErrorKind::Interrupted => Ok(false),
                _ => Err(Ended::Failed(e)),
            };
        }
        if ready == 0 {
            return Ok(false);
        }
        if revents & libc::POLLNVAL != 0 {
            return Err(Ended::Failed(io::Error::from_raw_os_error(libc::EBADF)));
        }
        // A hang-up with bytes still waiting: those are read first; the next read says the end.
        let mut buffer = [0u8; 256];
        // SAFETY: reads into a buffer of the length given.
        let read = unsafe { libc::read(self.fd, buffer.as_mut_ptr().cast(), buffer.len()) };
        if read < 0 {
            let e = io::Error::last_os_error();
            return match e.kind() {
                io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock => Ok(false),
                _ => Err(Ended::Failed(e)),
            };
        }
        if read == 0 {
            return Err(Ended::EndOfInput);
        }
        self.bytes.extend(&buffer[..read as usize]);
        Ok(true)
    }
}

/// Whether the terminal hung up, asked without reading it (a search's progress asks this
/// while no key is read).
#[cfg(unix)]
#[derive(Clone, Copy)]
pub struct Watch(std::os::fd::RawFd);

#[cfg(unix)]
impl Watch {
    /// True once the terminal hung up or its descriptor is no longer valid.
    pub fn gone(&self) -> bool {
        let (ready, revents) = poll_input(self.0, 0);
        ready > 0 && revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
    }
}

/// `poll(2)` on `fd` for input, waiting at most `ms` (0: not at all): its result, and the
/// events it reported.
#[cfg(unix)]
fn poll_input(fd: std::os::fd::RawFd, ms: i32) -> (i32, libc::c_short) {
    let mut poll = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd for the duration of the call.
    let ready = unsafe { libc::poll(&mut poll, 1, ms) };
    (ready, poll.revents)
}

/// The terminal's keys where there is no `poll(2)`: crossterm's reader.
#[cfg(not(unix))]
pub struct Keys;

/// Where there is no `poll(2)`, a search is not stopped for a closed terminal.
#[cfg(not(unix))]
#[derive(Clone, Copy)]
pub struct Watch;

#[cfg(not(unix))]
impl Watch {
    pub fn gone(&self) -> bool {
        false
    }
}

#[cfg(not(unix))]
impl Keys {
    pub fn open() -> io::Result<Keys> {
        Ok(Keys)
    }

    pub fn watch(&self) -> Watch {
        Watch
    }

    pub fn next(&mut self, timeout: Duration) -> Result<Option<KeyEvent>, Ended> {
        use crossterm::event::{self, Event, KeyEventKind};
        if !event::poll(timeout).map_err(Ended::Failed)? {
            return Ok(None);
        }
        Ok(match event::read().map_err(Ended::Failed)? {
            Event::Key(key) if key.kind == KeyEventKind::Press => Some(key),
            _ => None,
        })
    }
}

/// What the bytes at the front of the queue are.
#[derive(Debug, PartialEq)]
enum Decoded {
    /// A key, from this many bytes.
    Key(KeyEvent, usize),
    /// This many bytes that are no key the game uses.
    Skip(usize),
    /// The start of a sequence whose rest has not arrived.
    Incomplete,
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Decodes the key at the front of `bytes` (not empty).
fn decode(bytes: &VecDeque<u8>) -> Decoded {
    let at = |i: usize| bytes.get(i).copied();
    let Some(first) = at(0) else {
        return Decoded::Incomplete;
    };
    match first {
        0x1b => escape(bytes),
        b'\r' | b'\n' => Decoded::Key(key(KeyCode::Enter), 1),
        // Ctrl-C: raw mode delivers it as a byte, not as SIGINT.
        0x03 => Decoded::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), 1),
        0x20..=0x7e => Decoded::Key(key(KeyCode::Char(first as char)), 1),
        // The lead byte of a UTF-8 character: its length from the high bits.
        0xc0..=0xf7 => {
            let len = if first >= 0xf0 {
                4
            } else if first >= 0xe0 {
                3
            } else {
                2
            };
            if bytes.len() < len {
                return Decoded::Incomplete;
            }
            let encoded: Vec<u8> = bytes.iter().take(len).copied().collect();
            match std::str::from_utf8(&encoded)
                .ok()
                .and_then(|s| s.chars().next())
            {
                Some(c) => Decoded::Key(key(KeyCode::Char(c)), len),
                None => Decoded::Skip(1),
            }
        }
        _ => Decoded::Skip(1),
    }
}

/// An escape sequence at the front of `bytes`: an arrow (`ESC [ A`, `ESC O A`, or with
/// parameters such as `ESC [ 1 ; 2 A`), another sequence skipped whole, or Alt with a key
/// (the Escape key, then the key).
fn escape(bytes: &VecDeque<u8>) -> Decoded {
    let Some(&second) = bytes.get(1) else {
        return Decoded::Incomplete;
    };
    match second {
        b'[' | b'O' => {
            // Parameters and intermediates (0x20–0x3f), then one final byte (0x40–0x7e).
            for (i, &b) in bytes.iter().enumerate().skip(2) {
                match b {
                    0x20..=0x3f => continue,
                    0x40..=0x7e => {
                        let code = match b {
                            b'A' => KeyCode::Up,
                            b'B' => KeyCode::Down,
                            b'C' => KeyCode::Right,
                            b'D' => KeyCode::Left,
                            _ => return Decoded::Skip(i + 1),
                        };
                        return Decoded::Key(key(code), i + 1);
                    }
                    // Not a sequence after all: the Escape key, the rest read as keys.
                    _ => return Decoded::Key(key(KeyCode::Esc), 1),
                }
            }
            Decoded::Incomplete
        }
        _ => Decoded::Key(key(KeyCode::Esc), 1),
    }
}

/// When no more bytes came after an ESC: a lone ESC is the Escape key; a sequence cut short is
/// dropped.
fn lone_escape_or_partial(bytes: &mut VecDeque<u8>) -> Option<KeyEvent> {
    let lone = bytes.len() == 1;
    bytes.clear();
    lone.then(|| key(KeyCode::Esc))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(bytes: &[u8]) -> Decoded {
        decode(&bytes.iter().copied().collect())
    }

    #[test]
    fn arrows_in_each_form_and_keys_the_game_uses() {
        for (bytes, code) in [
            (&b"\x1b[A"[..], KeyCode::Up),
            (b"\x1b[B", KeyCode::Down),
            (b"\x1bOC", KeyCode::Right),
            (b"\x1b[1;2D", KeyCode::Left),
        ] {
            assert_eq!(decoded(bytes), Decoded::Key(key(code), bytes.len()));
        }
        assert_eq!(decoded(b"q"), Decoded::Key(key(KeyCode::Char('q')), 1));
        assert_eq!(decoded(b"\r"), Decoded::Key(key(KeyCode::Enter), 1));
        assert_eq!(
            decoded(b"\x03"),
            Decoded::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), 1)
        );
        assert_eq!(
            decoded("ü".as_bytes()),
            Decoded::Key(key(KeyCode::Char('ü')), 2)
        );
    }

    /// Keys read from a pipe: `write` gets the writing end.
    #[cfg(unix)]
    fn from_pipe(write: impl FnOnce(std::fs::File)) -> (Keys, std::fs::File) {
        use std::os::fd::FromRawFd;
        let mut fds = [0; 2];
        // SAFETY: two descriptors written into the array given.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        // SAFETY: each descriptor is owned by one File from here on.
        let (read, writer) = unsafe {
            (
                std::fs::File::from_raw_fd(fds[0]),
                std::fs::File::from_raw_fd(fds[1]),
            )
        };
        write(writer);
        let keys = Keys {
            fd: std::os::fd::AsRawFd::as_raw_fd(&read),
            _tty: None,
            bytes: VecDeque::new(),
        };
        (keys, read)
    }

    #[cfg(unix)]
    #[test]
    fn keys_then_the_end_of_input_and_never_a_wait_after_it() {
        use std::io::Write;
        let (mut keys, _read) = from_pipe(|mut w| w.write_all(b"w\x1b[D").unwrap());
        let wait = Duration::from_secs(5);
        assert_eq!(keys.next(wait).unwrap(), Some(key(KeyCode::Char('w'))));
        assert_eq!(keys.next(wait).unwrap(), Some(key(KeyCode::Left)));
        let started = std::time::Instant::now();
        assert!(matches!(keys.next(wait), Err(Ended::EndOfInput)));
        assert!(matches!(keys.next(wait), Err(Ended::EndOfInput)));
        assert!(started.elapsed() < Duration::from_secs(1));
        // A writer that stays and says nothing: the wait is the one asked for.
        let (mut quiet, _read) = from_pipe(std::mem::forget);
        assert_eq!(quiet.next(Duration::from_millis(20)).unwrap(), None);
    }

    #[test]
    fn other_sequences_are_skipped_whole_and_cut_ones_wait() {
        // F5, then a key: the sequence is one skip.
        assert_eq!(decoded(b"\x1b[15~w"), Decoded::Skip(5));
        assert_eq!(decoded(b"\x1b["), Decoded::Incomplete);
        assert_eq!(decoded(b"\x1b"), Decoded::Incomplete);
        // Alt-w: Escape, then w.
        assert_eq!(decoded(b"\x1bw"), Decoded::Key(key(KeyCode::Esc), 1));
        let mut lone: VecDeque<u8> = [0x1b].into_iter().collect();
        assert_eq!(lone_escape_or_partial(&mut lone), Some(key(KeyCode::Esc)));
        let mut cut: VecDeque<u8> = b"\x1b[1;".iter().copied().collect();
        assert_eq!(lone_escape_or_partial(&mut cut), None);
        assert!(cut.is_empty());
    }
}
