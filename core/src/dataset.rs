//! The project's two line formats for boards with facts about them, read here and only here.
//!
//! Both are text: one record per line, `head | tiles`, blank lines and `#` comments skipped.
//! - **Instance sets** (`tests/data`: `puzzle8.txt`, `korf100.txt`, …): `optimal | tiles`,
//!   `id optimal | tiles` or `id optimal nodes | tiles`, where `nodes` is what a reference
//!   solver generated. A comment may name the goal:
//!   `# Goal: 0 1 2 ... 15 (blank, written 0, top-left)`, an ellipsis standing for the run
//!   between its neighbours. [`InstanceSet::parse`] reads them.
//! - **Shuffle vectors** (`tests/data/shuffles.txt`): `size blank seed | tiles`, the board a
//!   seeded walk shuffle must produce, so every language's tests pin the same boards.
//!   [`ShuffleVector::parse_all`] reads them.
//!
//! ```
//! use slidepuzzle_core::dataset::InstanceSet;
//!
//! let set = InstanceSet::parse("# Goal: 1 2 3 ... 8 0\n2 | 1 2 3 4 5 6 0 7 8\n").unwrap();
//! assert_eq!(set.goal.unwrap().tiles(), &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
//! assert_eq!((set.instances[0].line, set.instances[0].optimal), (2, 2));
//! ```
use thiserror::Error;

use crate::board::Board;
use crate::error::BoardError;
use crate::text::parse_board;

/// A line that does not follow its format; `line` counts from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DataError {
    /// The line's fields are not the ones the format has.
    #[error("line {line}: expected {expected}")]
    Shape {
        /// The line.
        line: usize,
        /// The format's fields, e.g. "`optimal | tiles`".
        expected: &'static str,
    },
    /// A field that should be a number is not.
    #[error("line {line}: '{word}' is not a number")]
    NotANumber {
        /// The line.
        line: usize,
        /// The field as written.
        word: String,
    },
    /// The tiles do not make a board.
    #[error("line {line}: {source}")]
    Board {
        /// The line.
        line: usize,
        /// What is wrong with the tiles.
        source: BoardError,
    },
    /// The goal a comment names is not a board.
    #[error("line {line}: goal: {source}")]
    Goal {
        /// The line.
        line: usize,
        /// What is wrong with the goal.
        source: BoardError,
    },
    /// A line longer than any record or comment of the format needs.
    #[error("line {line} is longer than {max} bytes: this is not an instance file")]
    LineTooLong {
        /// The line.
        line: usize,
        /// The longest line read.
        max: usize,
    },
    /// A line that is not UTF-8 text.
    #[error("line {line} is not text (not UTF-8)")]
    NotText {
        /// The line.
        line: usize,
    },
    /// The source failed while it was read.
    #[error("line {line}: cannot read on: {message}")]
    Read {
        /// The line being read.
        line: usize,
        /// The reader's reason.
        message: String,
    },
}

/// The longest line an instance file may have: an 8×8 record is under 300 bytes, so this leaves
/// room for comments while a file with no line breaks is refused after 64 KiB, not read whole.
pub const MAX_LINE: usize = 64 << 10;

/// One board of an instance set, with its optimal length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// The line it was read from (from 1).
    pub line: usize,
    /// Its id: the file's own, or its position (from 1) when the file has none.
    pub id: String,
    /// The fewest moves that solve it.
    pub optimal: u32,
    /// Nodes a reference solver generated, when the file lists them.
    pub reference_nodes: Option<u64>,
    /// The board.
    pub board: Board,
}

/// An instance file: the goal its header names (if any) and its boards in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstanceSet {
    /// The goal named by the first `Goal:` comment.
    pub goal: Option<Board>,
    /// The boards, in file order.
    pub instances: Vec<Instance>,
}

impl InstanceSet {
    /// Reads an instance file (see the module documentation).
    pub fn parse(text: &str) -> Result<InstanceSet, DataError> {
        let mut reader = InstanceReader::new(text.as_bytes());
        let mut instances = Vec::new();
        while let Some(instance) = reader.next_instance()? {
            instances.push(instance);
        }
        Ok(InstanceSet {
            goal: reader.goal().cloned(),
            instances,
        })
    }
}

/// Reads an instance file one line at a time, so memory does not grow with the file: lines
/// are at most [`MAX_LINE`] bytes, a UTF-8 byte-order mark at the start is skipped, and the
/// goal is the first `Goal:` comment (a header names it before the boards it applies to).
///
/// ```
/// use slidepuzzle_core::dataset::InstanceReader;
///
/// let mut reader = InstanceReader::new("\u{feff}# Goal: 0 1 2 3\n1 | 1 0 2 3\n".as_bytes());
/// let first = reader.next_instance().unwrap().unwrap();
/// assert_eq!(first.board.tiles(), &[1, 0, 2, 3]);
/// assert_eq!(reader.goal().unwrap().tiles(), &[0, 1, 2, 3]);
/// assert!(reader.next_instance().unwrap().is_none());
/// ```
pub struct InstanceReader<R> {
    reader: R,
    line_no: usize,
    count: usize,
    goal: Option<Board>,
    buf: Vec<u8>,
}

impl<R: std::io::BufRead> InstanceReader<R> {
    /// A reader at the start of `reader`.
    pub fn new(reader: R) -> InstanceReader<R> {
        InstanceReader {
            reader,
            line_no: 0,
            count: 0,
            goal: None,
            buf: Vec::new(),
        }
    }

    /// The goal named by the first `Goal:` comment read so far.
    pub fn goal(&self) -> Option<&Board> {
        self.goal.as_ref()
    }

    /// The next board, `None` at the end of the file.
    pub fn next_instance(&mut self) -> Result<Option<Instance>, DataError> {
        loop {
            let Some(line) = self.next_line()? else {
                return Ok(None);
            };
            let line_no = self.line_no;
            let line = line.trim();
            if let Some(comment) = line.strip_prefix('#') {
                if self.goal.is_none() {
                    if let Some(tiles) = header_goal(comment).map_err(|source| DataError::Goal {
                        line: line_no,
                        source,
                    })? {
                        let goal = Board::from_tiles(&tiles).map_err(|source| DataError::Goal {
                            line: line_no,
                            source,
                        })?;
                        self.goal = Some(goal);
                    }
                }
                continue;
            }
            let Some((head, board)) = record(line_no, line, "`optimal | tiles`")? else {
                continue;
            };
            let (id, optimal, reference_nodes) = match head.as_slice() {
                [optimal] => ((self.count + 1).to_string(), optimal, None),
                [id, optimal] => (id.to_string(), optimal, None),
                [id, optimal, nodes] => (id.to_string(), optimal, Some(number(line_no, nodes)?)),
                _ => {
                    return Err(DataError::Shape {
                        line: line_no,
                        expected: "`optimal`, `id optimal` or `id optimal nodes` before |",
                    })
                }
            };
            let instance = Instance {
                line: line_no,
                id,
                optimal: number(line_no, optimal)?,
                reference_nodes,
                board,
            };
            self.count += 1;
            return Ok(Some(instance));
        }
    }

    /// The next line as text, without its line break; `None` at the end.
    fn next_line(&mut self) -> Result<Option<String>, DataError> {
        use std::io::{BufRead, Read};
        self.line_no += 1;
        self.buf.clear();
        let line = self.line_no;
        let limit = (MAX_LINE + 1) as u64;
        let read = (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| DataError::Read {
                line,
                message: e.to_string(),
            })?;
        if read == 0 {
            return Ok(None);
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        } else if self.buf.len() > MAX_LINE {
            return Err(DataError::LineTooLong {
                line,
                max: MAX_LINE,
            });
        }
        let mut text = std::str::from_utf8(&self.buf).map_err(|_| DataError::NotText { line })?;
        if line == 1 {
            text = text.strip_prefix('\u{feff}').unwrap_or(text);
        }
        Ok(Some(text.to_string()))
    }
}

/// A seeded walk shuffle and the board it must produce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShuffleVector {
    /// The line it was read from (from 1).
    pub line: usize,
    /// Board side.
    pub size: usize,
    /// The goal's blank cell.
    pub blank: usize,
    /// The RNG seed.
    pub seed: u64,
    /// The board the shuffle produces.
    pub board: Board,
}

impl ShuffleVector {
    /// Reads a shuffle-vector file: lines `size blank seed | tiles`.
    pub fn parse_all(text: &str) -> Result<Vec<ShuffleVector>, DataError> {
        let mut out = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line_no = n + 1;
            if line.trim_start().starts_with('#') {
                continue;
            }
            let Some((head, board)) = record(line_no, line, "`size blank seed | tiles`")? else {
                continue;
            };
            let [size, blank, seed] = head.as_slice() else {
                return Err(DataError::Shape {
                    line: line_no,
                    expected: "`size blank seed` before |",
                });
            };
            out.push(ShuffleVector {
                line: line_no,
                size: number(line_no, size)?,
                blank: number(line_no, blank)?,
                seed: number(line_no, seed)?,
                board,
            });
        }
        Ok(out)
    }
}

/// Splits a record line into its head fields and its board; `None` for a blank line.
fn record<'a>(
    line_no: usize,
    line: &'a str,
    expected: &'static str,
) -> Result<Option<(Vec<&'a str>, Board)>, DataError> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let (head, tiles) = line.split_once('|').ok_or(DataError::Shape {
        line: line_no,
        expected,
    })?;
    let board = parse_board(tiles).map_err(|source| DataError::Board {
        line: line_no,
        source,
    })?;
    Ok(Some((head.split_whitespace().collect(), board)))
}

fn number<T: std::str::FromStr>(line: usize, word: &str) -> Result<T, DataError> {
    word.parse().map_err(|_| DataError::NotANumber {
        line,
        word: word.to_string(),
    })
}

/// The goal a header comment names, e.g. `Goal: 0 1 2 ... 15` or `Goal: 1 2 3 4 5 6 7 8 0`;
/// the list ends at the first word that is not a number or an ellipsis. `Ok(None)` when the
/// comment names no goal. A list longer than the largest board (64 tiles) is refused before it
/// is written out, so an ellipsis up to 4294967295 costs nothing.
fn header_goal(comment: &str) -> Result<Option<Vec<u32>>, BoardError> {
    const MAX_TILES: usize = crate::board::MAX_SIZE * crate::board::MAX_SIZE;
    let Some(at) = comment.find("Goal:") else {
        return Ok(None);
    };
    let rest = &comment[at + 5..];
    let mut out: Vec<u32> = Vec::new();
    let mut ellipsis = false;
    for word in rest.split_whitespace() {
        let word = word.trim_end_matches(['.', ',']);
        if word.is_empty() {
            ellipsis = true;
            continue;
        }
        let Ok(v) = word.parse::<u32>() else {
            break;
        };
        if std::mem::take(&mut ellipsis) {
            let Some(&last) = out.last() else {
                return Ok(None);
            };
            let from = u64::from(last) + 1;
            let count = out.len() as u64 + u64::from(v).saturating_sub(from) + 1;
            if count > MAX_TILES as u64 {
                return Err(BoardError::WrongCount {
                    count: usize::try_from(count).unwrap_or(usize::MAX),
                });
            }
            out.extend(from as u32..v);
        }
        out.push(v);
        if out.len() > MAX_TILES {
            return Err(BoardError::WrongCount { count: out.len() });
        }
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_goals_expand_ellipses() {
        let g = header_goal(" Goal: 0 1 2 ... 15 (blank, written 0, top-left).").unwrap();
        assert_eq!(g, Some((0..16).collect::<Vec<u32>>()));
        let g = header_goal(" ... Goal: 1 2 3 4 5 6 7 8 0 (blank ...").unwrap();
        assert_eq!(g, Some(vec![1, 2, 3, 4, 5, 6, 7, 8, 0]));
        assert_eq!(header_goal(" optimal | tiles"), Ok(None));
    }

    /// An ellipsis to the largest label is refused from its count, without writing it out.
    #[test]
    fn a_goal_longer_than_any_board_is_refused_before_it_is_built() {
        let err = InstanceSet::parse("# Goal: 0 1 ... 4294967295\n").unwrap_err();
        assert_eq!(
            err,
            DataError::Goal {
                line: 1,
                source: BoardError::WrongCount {
                    count: 4_294_967_296
                }
            }
        );
        let listed = format!(
            "# Goal: {}\n",
            (0..65).map(|t| t.to_string()).collect::<Vec<_>>().join(" ")
        );
        assert!(matches!(
            InstanceSet::parse(&listed),
            Err(DataError::Goal {
                source: BoardError::WrongCount { count: 65 },
                ..
            })
        ));
        let ok = InstanceSet::parse("# Goal: 0 1 ... 63\n").unwrap();
        assert_eq!(ok.goal.unwrap().size(), 8);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_long_or_binary_lines_are_refused() {
        let set = InstanceSet::parse("\u{feff}# Goal: 1 2 3 0\n1 | 1 2 0 3\n").unwrap();
        assert_eq!(set.goal.unwrap().tiles(), &[1, 2, 3, 0]);
        assert_eq!(set.instances.len(), 1);
        let set = InstanceSet::parse("\u{feff}1 | 1 2 0 3\n").unwrap();
        assert_eq!(set.instances[0].optimal, 1);
        let long = "#".repeat(MAX_LINE + 10);
        assert_eq!(
            InstanceSet::parse(&long),
            Err(DataError::LineTooLong {
                line: 1,
                max: MAX_LINE
            })
        );
        let mut reader = InstanceReader::new(&b"1 | 1 2 0 3\n\xff\xfe\n"[..]);
        assert!(reader.next_instance().unwrap().is_some());
        assert_eq!(reader.next_instance(), Err(DataError::NotText { line: 2 }));
    }

    /// A reader holds one line, whatever the file's length: a million records read one by one
    /// leave its buffer at the length of the longest line.
    #[test]
    fn the_reader_streams() {
        let line = b"2 | 1 2 3 4 5 6 0 7 8\n";
        let mut reader = InstanceReader::new(std::io::BufReader::new(RepeatLine(line, 0)));
        for _ in 0..100_000 {
            assert!(reader.next_instance().unwrap().is_some());
        }
        assert!(reader.buf.capacity() < 1024);
    }

    #[test]
    fn both_instance_shapes_are_read_with_their_lines() {
        let text = "# Goal: 0 1 2 ... 8\n\n7 31 100 | 8 6 7 2 5 4 3 0 1\n26 | 1 7 6 2 5 3 0 8 4\n";
        let set = InstanceSet::parse(text).unwrap();
        assert_eq!(set.goal, Some(Board::goal_with_blank(3, 0).unwrap()));
        let first = &set.instances[0];
        assert_eq!(
            (
                first.line,
                first.id.as_str(),
                first.optimal,
                first.reference_nodes
            ),
            (3, "7", 31, Some(100))
        );
        let second = &set.instances[1];
        assert_eq!(
            (second.line, second.id.as_str(), second.optimal),
            (4, "2", 26)
        );
        assert_eq!(second.board.tiles(), &[1, 7, 6, 2, 5, 3, 0, 8, 4]);
    }

    #[test]
    fn a_bad_line_is_named_with_what_is_wrong() {
        let err = |t: &str| InstanceSet::parse(t).unwrap_err().to_string();
        assert_eq!(err("# c\n31 8 6 7"), "line 2: expected `optimal | tiles`");
        assert_eq!(err("x | 1 2 3 0"), "line 1: 'x' is not a number");
        assert_eq!(
            err("1 2 3 4 | 1 2 3 0"),
            "line 1: expected `optimal`, `id optimal` or `id optimal nodes` before |"
        );
        let two = InstanceSet::parse("88 65 | 1 2 3 0").unwrap();
        assert_eq!(
            (two.instances[0].id.as_str(), two.instances[0].optimal),
            ("88", 65)
        );
        assert_eq!(two.instances[0].reference_nodes, None);
        assert!(err("3 | 1 2 3").starts_with("line 1: 3 tiles given"));
        assert!(err("# Goal: 1 1 2 0\n").starts_with("line 1: goal: "));
        assert!(ShuffleVector::parse_all("3 8 | 1 2 3 0")
            .unwrap_err()
            .to_string()
            .contains("`size blank seed` before |"));
    }

    #[test]
    fn shuffle_vectors_are_read() {
        let v = ShuffleVector::parse_all("# c\n2 3 7 | 1 2 0 3\n").unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!((v[0].line, v[0].size, v[0].blank, v[0].seed), (2, 2, 3, 7));
        assert_eq!(v[0].board.tiles(), &[1, 2, 0, 3]);
    }

    /// An endless source of one line.
    struct RepeatLine(&'static [u8], usize);

    impl std::io::Read for RepeatLine {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let mut n = 0;
            while n < out.len() {
                out[n] = self.0[self.1];
                self.1 = (self.1 + 1) % self.0.len();
                n += 1;
            }
            Ok(n)
        }
    }
}
