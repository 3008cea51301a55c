//! The CLI's one error type and how it exits: bad input 2, a limit 3, a file problem 1, a
//! closed pipe quietly with SIGPIPE's status; and I/O errors said in words. It imports no other
//! file of the CLI: every other file may use it.
use std::fmt;
use std::io;

use slidepuzzle_core::{BoardError, SolveError};

/// An error the CLI reports in one line.
#[derive(Debug)]
pub enum CliError {
    /// Bad input: exit 2.
    Input(String),
    /// A search limit: exit 3.
    Limit(String),
    /// A file problem: exit 1.
    Io(String),
    /// Standard output failed: exit 1 (a full disk), or quietly 141 when the reader closed
    /// the pipe (`… | head -1`), as a command ended by SIGPIPE does.
    Output(std::io::Error),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => 2,
            CliError::Limit(_) => 3,
            CliError::Io(_) => 1,
            CliError::Output(_) if self.is_closed_pipe() => 141,
            CliError::Output(_) => 1,
        }
    }

    /// The reader of standard output went away: nothing to say, nobody to say it to.
    pub fn is_closed_pipe(&self) -> bool {
        matches!(self, CliError::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Input(m) | CliError::Limit(m) | CliError::Io(m) => f.write_str(m),
            CliError::Output(e) => write!(f, "cannot write to standard output: {}", words(e)),
        }
    }
}

impl From<BoardError> for CliError {
    fn from(e: BoardError) -> Self {
        CliError::Input(e.to_string())
    }
}

impl From<SolveError> for CliError {
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::LimitReached { .. } | SolveError::Cancelled { .. } => {
                CliError::Limit(e.to_string())
            }
            other => CliError::Input(other.to_string()),
        }
    }
}

/// The system's number for "bad file descriptor" (a closed one), the same on Linux and macOS.
pub const EBADF: i32 = 9;

/// An I/O error as words, without the system's error number: "no space left on device".
pub fn words(e: &io::Error) -> String {
    use io::ErrorKind as K;
    if e.raw_os_error() == Some(EBADF) {
        return "it is closed".into();
    }
    let text = match e.kind() {
        K::StorageFull => "no space left on device",
        K::PermissionDenied => "permission denied",
        K::NotFound => "no such file or folder",
        K::IsADirectory => "it is a folder",
        K::ReadOnlyFilesystem => "the file system is read-only",
        K::AlreadyExists => "a file is already there",
        K::NotADirectory => "a part of the path is a file, not a folder",
        K::QuotaExceeded => "the disk quota is used up",
        K::BrokenPipe => "the reader went away",
        _ => {
            let text = e.to_string();
            let text = match text.find(" (os error") {
                Some(at) => text[..at].to_string(),
                None => text,
            };
            let mut chars = text.chars();
            return match chars.next() {
                Some(c) => c.to_lowercase().chain(chars).collect(),
                None => "an unknown error".into(),
            };
        }
    };
    text.to_string()
}

impl fmt::Display for Words<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&words(self.0))
    }
}

/// [`words`] for `format!`.
pub struct Words<'a>(pub &'a io::Error);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_said_without_their_numbers() {
        let full = io::Error::from_raw_os_error(28);
        assert_eq!(words(&full), "no space left on device");
        let other = io::Error::from_raw_os_error(5);
        assert_eq!(words(&other), "input/output error");
        assert_eq!(words(&io::Error::other("Something odd")), "something odd");
    }
}
