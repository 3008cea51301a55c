//! The derivation of the move automaton (see the parent module): the refused sequences and the
//! Aho–Corasick automaton over them. Pure code over `std` and `rustc_hash`, compiled twice: by
//! the crate's build script, which writes the automaton as a table the crate includes, and by
//! the crate's tests, which derive it again and compare.
use rustc_hash::FxHashMap;

/// The longest sequence compared. Longer finds more pairs, at a larger automaton and a longer
/// derivation (at build time): 10 moves give 296 sequences and 1 365 states, 12 give 2 280 and
/// 10 161 (a third of a second here, three seconds in an unoptimised build script); the next
/// pairs are 14 moves long.
pub const MAX_LEN: usize = 12;

/// The automaton's state before any move.
pub const START: u16 = 0;
/// The state a refused move leads to.
pub const REFUSED: u16 = u16::MAX;

/// Per state, the next state after each of the four moves (Up, Down, Left, Right), or
/// [`REFUSED`].
#[derive(Debug, PartialEq, Eq)]
pub struct Automaton {
    pub next: Vec<[u16; 4]>,
    /// How many sequences are refused (the patterns).
    pub patterns: usize,
}

/// Side of the board the sequences are played on: the blank starts in its middle cell.
const SIDE: i32 = 2 * MAX_LEN as i32 + 3;

/// The blank's step for each move, Up, Down, Left, Right, as a change of cell.
const STEP: [i32; 4] = [-SIDE, SIDE, -1, 1];

/// The sequences (moves as 0–3) of at most `max_len` moves refused as above, each with no
/// refused part of its own.
///
/// Length by length: every sequence of that length that contains no sequence refused so far
/// is played depth-first, in order, on one board changed move by move (the automaton of the
/// shorter refused sequences skips the rest), and each one's board is compared with the first
/// board of every sequence before it.
pub fn refused_sequences(max_len: usize) -> Vec<Vec<u8>> {
    assert!(max_len <= MAX_LEN, "the board fits sequences of MAX_LEN");
    let centre = SIDE * SIDE / 2;
    // the first sequence to leave each board (as the cells whose tile moved, with the tile
    // now there, in cell order), and the cells it went through
    let mut first: Boards = FxHashMap::default();
    let mut start_cells = [NO_CELL; MAX_LEN + 1];
    start_cells[0] = centre as u16;
    first.insert([0; MAX_LEN + 1], start_cells);
    let mut refused: Vec<Vec<u8>> = Vec::new();
    for len in 1..=max_len {
        let automaton = Automaton::from_patterns(&refused);
        let mut play = Play {
            tiles: (0..SIDE * SIDE).map(|c| c as u16).collect(),
            blanks: vec![centre],
            moves: Vec::with_capacity(len),
            len,
            automaton: &automaton,
            first: &mut first,
            found: Vec::new(),
        };
        play.walk(START);
        refused.append(&mut play.found);
    }
    refused
}

/// No cell: fills the rest of a list of cells.
const NO_CELL: u16 = u16::MAX;

/// Boards by the first sequence that left them: per board the cells whose tile moved, each with
/// the tile now there (`cell << 16 | tile`, in cell order, zeros after), to the cells that
/// sequence went through ([`NO_CELL`] after).
type Boards = FxHashMap<[u32; MAX_LEN + 1], [u16; MAX_LEN + 1]>;

/// Sequences of one length played depth-first on one board.
struct Play<'a> {
    /// The tile on each cell (the tiles are named by the cell they start on; the blank by the
    /// centre).
    tiles: Vec<u16>,
    /// The blank's cell before each move and after the last.
    blanks: Vec<i32>,
    moves: Vec<u8>,
    len: usize,
    automaton: &'a Automaton,
    first: &'a mut Boards,
    /// The sequences of this length refused.
    found: Vec<Vec<u8>>,
}

impl Play<'_> {
    fn walk(&mut self, state: u16) {
        if self.moves.len() == self.len {
            self.judge();
            return;
        }
        for m in 0..4u8 {
            let next = self.automaton.next[state as usize][m as usize];
            if next == REFUSED {
                continue;
            }
            let blank = *self.blanks.last().expect("the start");
            let to = blank + STEP[m as usize];
            self.tiles.swap(blank as usize, to as usize);
            self.blanks.push(to);
            self.moves.push(m);
            self.walk(next);
            self.moves.pop();
            self.blanks.pop();
            self.tiles.swap(blank as usize, to as usize);
        }
    }

    /// Compares the board the moves leave with the first board of the sequences before.
    fn judge(&mut self) {
        let mut visited = [NO_CELL; MAX_LEN + 1];
        for (v, &c) in visited.iter_mut().zip(&self.blanks) {
            *v = c as u16;
        }
        visited.sort_unstable();
        let mut board = [0u32; MAX_LEN + 1];
        let mut moved = 0;
        for (i, &c) in visited.iter().enumerate() {
            if c == NO_CELL || (i > 0 && visited[i - 1] == c) {
                continue;
            }
            let tile = self.tiles[c as usize];
            if tile != c {
                board[moved] = (c as u32) << 16 | tile as u32;
                moved += 1;
            }
        }
        match self.first.get(&board) {
            Some(cells) if cells.iter().all(|c| *c == NO_CELL || visited.contains(c)) => {
                self.found.push(self.moves.clone());
            }
            Some(_) => {}
            None => {
                self.first.insert(board, visited);
            }
        }
    }
}

impl Automaton {
    /// The Aho–Corasick automaton of `patterns`: a state is the longest suffix of the moves so
    /// far that begins some pattern; a move that ends a pattern (or whose state's suffixes end
    /// one) goes to [`REFUSED`].
    pub fn from_patterns(patterns: &[Vec<u8>]) -> Automaton {
        // the trie
        let mut child: Vec<[u16; 4]> = vec![[REFUSED; 4]];
        let mut ends = vec![false];
        for p in patterns {
            let mut s = 0usize;
            for &m in p {
                if child[s][m as usize] == REFUSED {
                    child.push([REFUSED; 4]);
                    ends.push(false);
                    child[s][m as usize] = (child.len() - 1) as u16;
                }
                s = child[s][m as usize] as usize;
            }
            ends[s] = true;
        }
        assert!(child.len() < REFUSED as usize, "automaton too large");
        // breadth-first: failure links and the full transition table
        let mut fail = vec![0u16; child.len()];
        let mut next = vec![[0u16; 4]; child.len()];
        let mut queue = std::collections::VecDeque::new();
        for m in 0..4 {
            match child[0][m] {
                REFUSED => next[0][m] = 0,
                c => {
                    next[0][m] = c;
                    fail[c as usize] = 0;
                    queue.push_back(c as usize);
                }
            }
        }
        while let Some(s) = queue.pop_front() {
            ends[s] = ends[s] || ends[fail[s] as usize];
            for m in 0..4 {
                match child[s][m] {
                    REFUSED => next[s][m] = next[fail[s] as usize][m],
                    c => {
                        next[s][m] = c;
                        fail[c as usize] = next[fail[s] as usize][m];
                        queue.push_back(c as usize);
                    }
                }
            }
        }
        for row in next.iter_mut() {
            for to in row.iter_mut() {
                if ends[*to as usize] {
                    *to = REFUSED;
                }
            }
        }
        Automaton {
            next,
            patterns: patterns.len(),
        }
    }
}
