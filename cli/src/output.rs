//! Writing to standard output and error without panicking: a closed pipe (`… | head -1`) ends
//! the command quietly, a full disk is an error in words, and every line is checked.
use std::fmt;
use std::io::{self, Write};

use crate::error::{CliError, EBADF};

/// Fails when standard output was closed when the program started (`>&-`). The standard
/// library then opens `/dev/null` in its place, and every line would vanish with exit 0. Its
/// `/dev/null` is opened for reading and writing, which no shell redirection of standard output
/// does (`>/dev/null` opens it for writing only); `/proc` tells the two apart on Linux, and
/// elsewhere standard output is taken as open.
fn check_open() -> Result<(), CliError> {
    static CLOSED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let closed = *CLOSED.get_or_init(|| {
        const READ_WRITE: u32 = 2;
        let null = std::fs::read_link("/proc/self/fd/1")
            .is_ok_and(|target| target == std::path::Path::new("/dev/null"));
        null && std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("flags:"))
                .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
                .is_some_and(|flags| flags & 3 == READ_WRITE)
        })
    });
    if closed {
        return Err(CliError::Output(io::Error::from_raw_os_error(EBADF)));
    }
    Ok(())
}

/// Writes one line to standard output; fails with [`CliError::Output`] when it cannot.
pub fn line(args: fmt::Arguments<'_>) -> Result<(), CliError> {
    check_open()?;
    let mut out = io::stdout().lock();
    out.write_fmt(args)
        .and_then(|()| out.write_all(b"\n"))
        .map_err(CliError::Output)
}

/// Writes to standard output without a line break.
pub fn part(args: fmt::Arguments<'_>) -> Result<(), CliError> {
    check_open()?;
    io::stdout()
        .lock()
        .write_fmt(args)
        .map_err(CliError::Output)
}

/// Flushes standard output, so that a failure of the last buffered bytes is seen.
pub fn flush() -> Result<(), CliError> {
    io::stdout().lock().flush().map_err(CliError::Output)
}

/// A note for the person at the terminal (progress, what was cached). Standard error may be
/// closed too; a note that cannot be written is dropped rather than ending the command.
pub fn note_line(args: fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "slidepuzzle: {args}");
}

/// `out!(…)`: a checked line on standard output (`?` inside).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::line(format_args!($($arg)*))?
    };
}

/// `out_part!(…)`: checked output without a line break.
macro_rules! out_part {
    ($($arg:tt)*) => {
        $crate::output::part(format_args!($($arg)*))?
    };
}

/// `note!(…)`: a best-effort line on standard error, prefixed with the program's name.
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::output::note_line(format_args!($($arg)*))
    };
}

pub(crate) use {note, out, out_part};
