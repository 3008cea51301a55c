//! `slidepuzzle play` on a real terminal: the binary runs in a session of its own on a
//! pseudo-terminal this test holds the other side of, so that it reads the bytes a keyboard
//! sends, is stopped and continued as a shell's job control does, and is resized, while the test
//! reads what it draws and how it leaves the terminal's modes.
#![cfg(unix)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How a run of `play` stands.
#[derive(Debug, PartialEq)]
enum State {
    Running,
    Stopped,
    Exited(i32),
    Signalled(i32),
}

struct Play {
    pid: libc::pid_t,
    master: File,
    /// The terminal's side `play` uses, kept open here to read its modes.
    slave: File,
    out: Arc<Mutex<Vec<u8>>>,
    ended: Option<State>,
}

fn cloexec(fd: RawFd) {
    // SAFETY: fcntl on a descriptor this test owns.
    assert_eq!(
        unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) },
        0
    );
}

fn winsize(cols: u16, rows: u16) -> libc::winsize {
    libc::winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    }
}

impl Play {
    /// `play` with `args` on a `cols` × `rows` terminal; its standard input is the terminal,
    /// or /dev/null when `stdin_tty` is false (then `play` opens `/dev/tty`).
    fn start(args: &[&str], cols: u16, rows: u16, stdin_tty: bool) -> Play {
        let (mut master, mut slave) = (0, 0);
        let mut size = winsize(cols, rows);
        // SAFETY: openpty writes two descriptors; the size is read only.
        let opened = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                // `*const` on Linux, `*mut` on the BSDs and macOS
                &mut size as *mut libc::winsize as _,
            )
        };
        assert_eq!(opened, 0, "openpty: {}", std::io::Error::last_os_error());
        cloexec(master);
        cloexec(slave);
        // SAFETY: each descriptor is owned by one File from here on.
        let (master, slave) = unsafe { (File::from_raw_fd(master), File::from_raw_fd(slave)) };
        let slave_fd = slave.as_raw_fd();
        let mut command = Command::new(env!("CARGO_BIN_EXE_slidepuzzle"));
        command
            .arg("play")
            .args(args)
            .env("TERM", "xterm-256color")
            .stdin(if stdin_tty {
                Stdio::from(slave.try_clone().unwrap())
            } else {
                Stdio::null()
            })
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave.try_clone().unwrap()));
        // SAFETY: setsid and ioctl are async-signal-safe; the terminal becomes the new
        // session's controlling terminal, as a terminal emulator's shell has it.
        unsafe {
            command.pre_exec(move || {
                if libc::setsid() < 0 || libc::ioctl(slave_fd, libc::TIOCSCTTY as _, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        // Reaped by `waitpid` in `state` or in `drop`, which also see a stopped child.
        #[allow(clippy::zombie_processes)]
        let child = command.spawn().expect("play starts");
        let out = Arc::new(Mutex::new(Vec::new()));
        let mut reader = master.try_clone().unwrap();
        let sink = out.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = reader.read(&mut buffer) {
                sink.lock().unwrap().extend_from_slice(&buffer[..n]);
            }
        });
        Play {
            pid: child.id() as libc::pid_t,
            master,
            slave,
            out,
            ended: None,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.master.write_all(bytes).unwrap();
    }

    /// How many bytes `play` has drawn so far.
    fn mark(&self) -> usize {
        self.out.lock().unwrap().len()
    }

    /// What `play` drew after `mark`.
    fn since(&self, mark: usize) -> String {
        String::from_utf8_lossy(&self.out.lock().unwrap()[mark..]).into_owned()
    }

    /// Waits up to 20 s for `what` in what was drawn after `mark`.
    fn wait_for(&self, what: &str, mark: usize) {
        let started = Instant::now();
        while !self.since(mark).contains(what) {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "{what:?} never drawn; drawn: {:?}",
                self.since(mark)
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn state(&mut self) -> &State {
        if self.ended.is_none() {
            let mut status = 0;
            // SAFETY: waits on this test's own child without blocking.
            let pid =
                unsafe { libc::waitpid(self.pid, &mut status, libc::WNOHANG | libc::WUNTRACED) };
            if pid == self.pid {
                if libc::WIFSTOPPED(status) {
                    return &State::Stopped;
                }
                self.ended = Some(if libc::WIFEXITED(status) {
                    State::Exited(libc::WEXITSTATUS(status))
                } else {
                    State::Signalled(libc::WTERMSIG(status))
                });
            }
        }
        self.ended.as_ref().unwrap_or(&State::Running)
    }

    /// Waits up to 20 s for a state other than running.
    fn wait_state(&mut self) -> State {
        let started = Instant::now();
        loop {
            match self.state() {
                State::Running if started.elapsed() < Duration::from_secs(20) => {
                    std::thread::sleep(Duration::from_millis(20))
                }
                State::Running => panic!("play still runs; drawn: {:?}", self.since(0)),
                State::Stopped => return State::Stopped,
                State::Exited(c) => return State::Exited(*c),
                State::Signalled(s) => return State::Signalled(*s),
            }
        }
    }

    /// Whether the terminal is in raw mode (no line editing, no echo), as `play` sets it.
    fn raw(&self) -> bool {
        // SAFETY: tcgetattr writes one termios.
        let mut modes: libc::termios = unsafe { std::mem::zeroed() };
        assert_eq!(
            unsafe { libc::tcgetattr(self.slave.as_raw_fd(), &mut modes) },
            0
        );
        modes.c_lflag & (libc::ICANON | libc::ECHO) == 0
    }

    /// Waits up to 20 s for the terminal's modes to be raw (or not).
    fn wait_raw(&self, raw: bool) {
        let started = Instant::now();
        while self.raw() != raw {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "raw mode never {raw}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn resize(&self, cols: u16, rows: u16) {
        let size = winsize(cols, rows);
        // SAFETY: TIOCSWINSZ reads one winsize; the kernel sends SIGWINCH to the foreground.
        assert_eq!(
            unsafe { libc::ioctl(self.master.as_raw_fd(), libc::TIOCSWINSZ, &size) },
            0
        );
    }
}

impl Drop for Play {
    fn drop(&mut self) {
        if self.ended.is_none() {
            // SAFETY: ends and reaps this test's own child.
            unsafe {
                libc::kill(self.pid, libc::SIGKILL);
                libc::waitpid(self.pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

const ALTERNATE_SCREEN: &str = "\x1b[?1049h";
const MAIN_SCREEN: &str = "\x1b[?1049l";
const NUMBERS_NOTE: &str = "numbers show over the picture";

/// A game on the terminal, its first frame drawn and the terminal raw.
fn started(args: &[&str], cols: u16, stdin_tty: bool) -> Play {
    let play = Play::start(args, cols, 30, stdin_tty);
    play.wait_for("moves: 0", 0);
    play.wait_raw(true);
    play
}

#[test]
fn ctrl_d_ends_the_game_like_q_and_gives_the_terminal_back() {
    let mut play = started(&["--size", "3", "--seed", "1"], 100, true);
    let mark = play.mark();
    play.send(b"\x04");
    assert_eq!(play.wait_state(), State::Exited(0));
    // Its last bytes may still be on their way from the terminal to the reader.
    play.wait_for(MAIN_SCREEN, mark);
    assert!(!play.raw());
}

#[test]
fn latin1_bytes_and_split_characters_never_quit() {
    let mut play = started(&["--size", "3", "--seed", "2"], 100, true);
    // é from a Latin-1 terminal, alone: longer than any wait for the rest of a character
    play.send(b"\xe9");
    std::thread::sleep(Duration::from_millis(900));
    // ü split across two writes, and a stray continuation byte
    play.send(b"\xc3");
    std::thread::sleep(Duration::from_millis(100));
    play.send(b"\xbc\x80");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(play.state(), &State::Running);
    // the keys after them are read
    let mark = play.mark();
    play.send(b"n");
    play.wait_for(NUMBERS_NOTE, mark);
    play.send(b"\x1b");
    assert_eq!(play.wait_state(), State::Exited(0), "a lone Escape quits");
}

#[test]
fn with_its_input_not_a_terminal_play_reads_keys_from_dev_tty() {
    let mut play = started(&["--size", "3", "--seed", "3"], 100, false);
    let mark = play.mark();
    play.send(b"n");
    play.wait_for(NUMBERS_NOTE, mark);
    play.send(b"q");
    assert_eq!(play.wait_state(), State::Exited(0));
    assert!(!play.raw());
}

#[test]
fn ctrl_z_gives_the_terminal_back_and_stops_and_fg_takes_it_again_and_redraws() {
    let mut play = started(&["--size", "3", "--seed", "4"], 100, true);
    let mark = play.mark();
    play.send(b"\x1a");
    assert_eq!(play.wait_state(), State::Stopped);
    assert!(!play.raw(), "stopped with the terminal in raw mode");
    // Its last bytes may still be on their way from the terminal to the reader.
    play.wait_for(MAIN_SCREEN, mark);
    let mark = play.mark();
    // what a shell's `fg` sends
    // SAFETY: a signal to this test's own child.
    unsafe { libc::kill(play.pid, libc::SIGCONT) };
    play.wait_for(ALTERNATE_SCREEN, mark);
    play.wait_for("moves: 0", mark);
    play.wait_raw(true);
    // stopped from outside (kill -TSTP) alike
    // SAFETY: as above.
    unsafe { libc::kill(play.pid, libc::SIGTSTP) };
    assert_eq!(play.wait_state(), State::Stopped);
    assert!(!play.raw());
    let mark = play.mark();
    // SAFETY: as above.
    unsafe { libc::kill(play.pid, libc::SIGCONT) };
    play.wait_for("moves: 0", mark);
    play.send(b"q");
    assert_eq!(play.wait_state(), State::Exited(0));
}

#[test]
fn a_resize_redraws_with_the_key_help_wrapped_to_the_new_width() {
    let one_line = "(with Shift) slide · digits tap a tile";
    let play = started(&["--size", "3", "--seed", "5"], 200, true);
    // at 200 columns the help is one line
    play.wait_for(one_line, 0);
    let mark = play.mark();
    play.resize(50, 30);
    // a whole frame (the help's last words end it) drawn for 50 columns
    let started = Instant::now();
    let frame = loop {
        let drawn = play.since(mark);
        let wrapped = drawn
            .split("\x1b[2J")
            .find(|f| f.contains("q quit") && !f.contains(one_line))
            .map(String::from);
        if let Some(frame) = wrapped {
            break frame;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no frame for 50 columns"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(frame.contains("s shuffle"), "{frame:?}");
    // each text drawn after a cursor move ("row;columnH", then the text) fits the width
    for part in frame.split("\x1b[") {
        if let Some((_, text)) = part.split_once('H') {
            assert!(
                text.chars().count() <= 47,
                "{text:?} wider than the terminal"
            );
        }
    }
}
