//! Keys from the terminal, read here rather than through crossterm's event reader: that reader
//! retries for ever once its terminal reads end of file or fails (a pty whose other side
//! closed, a dropped remote session), spinning a core inside `poll` where no signal flag is
//! ever looked at again. This reader waits in `select(2)` on the terminal itself (macOS's
//! `poll(2)` answers POLLNVAL for `/dev/tty`, which `play` reads when standard input is not the
//! terminal), says a terminal that is gone as [`Ended`], and returns on any signal so that the
//! game's loop sees its flag at once.
//!
//! It decodes what a terminal in raw mode sends for the keys the game uses: characters (UTF-8,
//! even when one arrives split across two reads), Enter, Escape, Ctrl-C, Ctrl-D, Ctrl-Z and the
//! arrows (`ESC [ A`, `ESC O A`, and with modifiers `ESC [ 1 ; 2 A`); other sequences are read
//! whole and dropped, and a byte that names nothing (a Latin-1 `é`, a stray continuation byte)
//! is dropped alone. Only the ESC byte with nothing after it is the Escape key.
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

/// How long the rest of a UTF-8 character may take to arrive after its first byte (a remote
/// terminal may send it in two packets); a first byte left alone names nothing and is dropped.
const CHARACTER_WAIT: Duration = Duration::from_millis(500);

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
    /// signal arrived meanwhile (the caller looks at its flags and asks again). The start of a
    /// sequence or of a character is kept across calls until its rest arrives or its wait ends.
    pub fn next(&mut self, timeout: Duration) -> Result<Option<KeyEvent>, Ended> {
        loop {
            let wait = match decode(&self.bytes) {
                Decoded::Key(key, used) => {
                    self.bytes.drain(..used);
                    return Ok(Some(key));
                }
                Decoded::Skip(used) => {
                    self.bytes.drain(..used);
                    continue;
                }
                Decoded::Incomplete if self.bytes.is_empty() => timeout,
                // The rest of an escape sequence is on its way, or this is the Escape key.
                Decoded::Incomplete if self.bytes[0] == 0x1b => SEQUENCE_WAIT,
                Decoded::Incomplete => CHARACTER_WAIT,
            };
            match self.fill(wait)? {
                Filled::Bytes => {}
                // Kept for the next call: a signal is no reason to end a sequence early.
                Filled::Interrupted => return Ok(None),
                Filled::TimedOut => return Ok(lone_escape_or_partial(&mut self.bytes)),
            }
        }
    }

    /// Waits up to `timeout` for bytes and appends them.
    fn fill(&mut self, timeout: Duration) -> Result<Filled, Ended> {
        match readable(self.fd, timeout) {
            Ok(true) => {}
            Ok(false) => return Ok(Filled::TimedOut),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => return Ok(Filled::Interrupted),
            Err(e) => return Err(Ended::Failed(e)),
        }
        // A hang-up with bytes still waiting: those are read first; the next read says the end.
        let mut buffer = [0u8; 256];
        // SAFETY: reads into a buffer of the length given.
        let read = unsafe { libc::read(self.fd, buffer.as_mut_ptr().cast(), buffer.len()) };
        if read < 0 {
            let e = io::Error::last_os_error();
            return match e.kind() {
                io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock => Ok(Filled::Interrupted),
                _ => Err(Ended::Failed(e)),
            };
        }
        if read == 0 {
            return Err(Ended::EndOfInput);
        }
        self.bytes.extend(&buffer[..read as usize]);
        Ok(Filled::Bytes)
    }
}

/// What a wait for the terminal's bytes ended with.
#[cfg(unix)]
enum Filled {
    Bytes,
    TimedOut,
    Interrupted,
}

/// Whether the terminal hung up, asked without reading it (a search's progress asks this
/// while no key is read).
#[cfg(unix)]
#[derive(Clone, Copy)]
pub struct Watch(std::os::fd::RawFd);

#[cfg(unix)]
impl Watch {
    /// True once the terminal hung up or its descriptor is no longer valid: it is readable
    /// with nothing to read (a terminal in raw mode is readable only with a byte waiting,
    /// until it hangs up).
    pub fn gone(&self) -> bool {
        match readable(self.0, Duration::ZERO) {
            Ok(false) => false,
            Err(e) => e.kind() != io::ErrorKind::Interrupted,
            Ok(true) => {
                let mut waiting: libc::c_int = 0;
                // SAFETY: FIONREAD writes one int through the pointer given.
                let status = unsafe { libc::ioctl(self.0, libc::FIONREAD, &mut waiting) };
                status != 0 || waiting == 0
            }
        }
    }
}

/// Whether `fd` has input (or its end) within `timeout`, by `select(2)`, which every Unix
/// answers for terminals and `/dev/tty` alike; an error (`Interrupted` for a signal) otherwise.
#[cfg(unix)]
fn readable(fd: std::os::fd::RawFd, timeout: Duration) -> io::Result<bool> {
    if !(0..libc::FD_SETSIZE as std::os::fd::RawFd).contains(&fd) {
        return Err(io::Error::from_raw_os_error(libc::EBADF));
    }
    // SAFETY: an fd_set is plain bits, zeroed then set through libc's own macros for an fd
    // below FD_SETSIZE; select reads and writes only the set and the time given.
    let ready = unsafe {
        let mut set: libc::fd_set = std::mem::zeroed();
        libc::FD_ZERO(&mut set);
        libc::FD_SET(fd, &mut set);
        let mut time = libc::timeval {
            tv_sec: timeout.as_secs().min(i32::MAX as u64) as libc::time_t,
            tv_usec: timeout.subsec_micros() as libc::suseconds_t,
        };
        libc::select(
            fd + 1,
            &mut set,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            &mut time,
        )
    };
    match ready {
        0 => Ok(false),
        r if r > 0 => Ok(true),
        _ => Err(io::Error::last_os_error()),
    }
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

fn control(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

/// Decodes the key at the front of `bytes` (`Incomplete` when there is none).
fn decode(bytes: &VecDeque<u8>) -> Decoded {
    let at = |i: usize| bytes.get(i).copied();
    let Some(first) = at(0) else {
        return Decoded::Incomplete;
    };
    match first {
        0x1b => escape(bytes),
        b'\r' | b'\n' => Decoded::Key(key(KeyCode::Enter), 1),
        // Ctrl-C, Ctrl-D and Ctrl-Z: raw mode delivers them as bytes, not as SIGINT, the end of
        // input or SIGTSTP.
        0x03 => Decoded::Key(control('c'), 1),
        0x04 => Decoded::Key(control('d'), 1),
        0x1a => Decoded::Key(control('z'), 1),
        0x20..=0x7e => Decoded::Key(key(KeyCode::Char(first as char)), 1),
        // The lead byte of a UTF-8 character: its length from the high bits.
        0xc2..=0xf4 => {
            let len = if first >= 0xf0 {
                4
            } else if first >= 0xe0 {
                3
            } else {
                2
            };
            // Each byte that has come must continue the character (`10xx xxxx`); one that
            // does not shows the first was no UTF-8 (a Latin-1 letter), and is read on its own.
            for i in 1..len {
                match at(i) {
                    None => return Decoded::Incomplete,
                    Some(b) if b & 0xc0 == 0x80 => {}
                    Some(_) => return Decoded::Skip(1),
                }
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
/// parameters such as `ESC [ 1 ; 2 A`), another sequence skipped whole, Alt with a key (what a
/// terminal sends as ESC and the key together; the key with Alt held), or two Escape keys.
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
                    // Not a sequence after all: the ESC is dropped, the rest read as keys.
                    _ => return Decoded::Skip(1),
                }
            }
            Decoded::Incomplete
        }
        0x1b => Decoded::Key(key(KeyCode::Esc), 1),
        0x20..=0x7e => Decoded::Key(
            KeyEvent::new(KeyCode::Char(second as char), KeyModifiers::ALT),
            2,
        ),
        _ => Decoded::Skip(1),
    }
}

/// When the rest of what `bytes` begins did not come in time: a lone ESC is the Escape key; a
/// sequence or a character cut short is dropped.
fn lone_escape_or_partial(bytes: &mut VecDeque<u8>) -> Option<KeyEvent> {
    let lone = bytes.len() == 1 && bytes[0] == 0x1b;
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
        // Alt-w: w with Alt held, never the Escape key; two Escapes at once: the first.
        assert_eq!(
            decoded(b"\x1bw"),
            Decoded::Key(KeyEvent::new(KeyCode::Char('w'), KeyModifiers::ALT), 2)
        );
        assert_eq!(decoded(b"\x1b\x1b"), Decoded::Key(key(KeyCode::Esc), 1));
        // ESC [ and then no sequence: the ESC is dropped, what follows is read.
        assert_eq!(decoded(b"\x1b[\xc3\xa9"), Decoded::Skip(1));
        assert_eq!(decoded(b"\x1b\xe9"), Decoded::Skip(1));
        let mut lone: VecDeque<u8> = [0x1b].into_iter().collect();
        assert_eq!(lone_escape_or_partial(&mut lone), Some(key(KeyCode::Esc)));
        let mut cut: VecDeque<u8> = b"\x1b[1;".iter().copied().collect();
        assert_eq!(lone_escape_or_partial(&mut cut), None);
        assert!(cut.is_empty());
        // A character's first byte left alone is no Escape.
        let mut first: VecDeque<u8> = [0xc3].into_iter().collect();
        assert_eq!(lone_escape_or_partial(&mut first), None);
    }

    #[test]
    fn control_keys_and_bytes_that_name_nothing() {
        assert_eq!(decoded(b"\x04"), Decoded::Key(control('d'), 1));
        assert_eq!(decoded(b"\x1a"), Decoded::Key(control('z'), 1));
        // a stray continuation byte, a byte no UTF-8 holds, another control byte
        for byte in [0x80, 0xff, 0xc0, 0x01] {
            assert_eq!(decoded(&[byte]), Decoded::Skip(1), "{byte:#x}");
        }
        // Latin-1 é (0xe9 opens three bytes in UTF-8), then w: é dropped alone, w read
        assert_eq!(decoded(b"\xe9w"), Decoded::Skip(1));
        assert_eq!(decoded(b"\xe9"), Decoded::Incomplete);
        assert_eq!(
            decoded("€".as_bytes()),
            Decoded::Key(key(KeyCode::Char('€')), 3)
        );
        assert_eq!(decoded(&"€".as_bytes()[..2]), Decoded::Incomplete);
    }

    /// Keys from a pipe whose writer sends each of `parts` after a pause, then stays open.
    #[cfg(unix)]
    fn sent_in_parts(parts: &'static [&'static [u8]]) -> (Keys, std::fs::File) {
        use std::io::Write;
        from_pipe(move |mut w| {
            std::thread::spawn(move || {
                for part in parts {
                    std::thread::sleep(Duration::from_millis(60));
                    w.write_all(part).unwrap();
                }
                std::thread::sleep(Duration::from_secs(30));
            });
        })
    }

    #[cfg(unix)]
    #[test]
    fn a_character_split_across_two_reads_is_one_key() {
        let (mut keys, _read) = sent_in_parts(&[b"\xc3", b"\xbc", b"\xe2\x82", b"\xac"]);
        let wait = Duration::from_secs(5);
        assert_eq!(keys.next(wait).unwrap(), Some(key(KeyCode::Char('ü'))));
        assert_eq!(keys.next(wait).unwrap(), Some(key(KeyCode::Char('€'))));
    }

    #[cfg(unix)]
    #[test]
    fn a_latin1_letter_is_dropped_and_never_escape_but_a_lone_escape_is() {
        // é from a Latin-1 terminal, alone, then later q; then a lone ESC.
        let (mut keys, _read) = sent_in_parts(&[b"\xe9", b"q", b"\x1b"]);
        let wait = Duration::from_secs(5);
        let mut got = Vec::new();
        let started = std::time::Instant::now();
        while got.len() < 2 && started.elapsed() < Duration::from_secs(5) {
            got.extend(keys.next(wait).unwrap());
        }
        assert_eq!(got, [key(KeyCode::Char('q')), key(KeyCode::Esc)]);
        // é then w in one read: w comes at once.
        let (mut keys, _read) = sent_in_parts(&[b"\xe9w"]);
        assert_eq!(keys.next(wait).unwrap(), Some(key(KeyCode::Char('w'))));
    }
}
