//! An automaton over the blank's moves that refuses move sequences another sequence does the
//! same work as, no longer (Taylor & Korf 1993, "Pruning duplicate nodes in depth-first search").
//!
//! Two sequences of blank moves are equivalent when, from any board on which both can be made,
//! they leave the same board. Going round a 2×2 block one way for six moves and the other way for
//! six is the shortest pair that is not a move and its undoing; twelve moves round one block
//! bring the board back. IDA* with only the undoing refused reaches the same board by each of
//! such a pair, and searches what lies below it each time.
//!
//! The pairs are derived by code (`derive.rs`, run by the build script): every sequence up to twelve moves is played from a
//! blank in the middle of a board large enough that no move leaves it, in order of length and
//! then of the moves' order (Up, Down, Left, Right). A sequence that leaves the same board as an
//! earlier one, which touched no cell this one does not, is refused. Any path through a refused
//! sequence can take the earlier sequence instead, on every board where the refused one fits
//! (the earlier one's cells are among its cells), and become shorter or come earlier in that
//! order; so some path of each length through every board the search would reach is kept, and
//! IDA* stays optimal. The refused sequences are the patterns of an Aho–Corasick automaton; the
//! search carries its state from node to node and refuses a move that completes a pattern.

#[cfg(test)]
mod derive;

// NEXT (per state, the next state after each move, Up, Down, Left, Right, or REFUSED) and
// PATTERNS (how many sequences are refused), written by the build script from `derive.rs`
include!(concat!(env!("OUT_DIR"), "/move_automaton.rs"));

/// The automaton's state before any move.
pub(crate) const START: u16 = 0;
/// The state a refused move leads to.
pub(crate) const REFUSED: u16 = u16::MAX;

/// The automaton: per state, the next state after each of the four moves (in
/// [`Direction::ALL`](crate::board::Direction::ALL) order), or [`REFUSED`].
pub(crate) fn automaton() -> &'static [[u16; 4]] {
    &NEXT
}

#[cfg(test)]
mod tests {
    use super::derive::{refused_sequences, Automaton, MAX_LEN};
    use super::*;
    use crate::board::{Board, Direction};

    /// The table the build wrote is the one the derivation gives.
    #[test]
    fn the_built_table_is_the_derived_one() {
        let derived = Automaton::from_patterns(&refused_sequences(MAX_LEN));
        assert_eq!(
            (derived.next.as_slice(), derived.patterns),
            (&NEXT[..], PATTERNS)
        );
        assert_eq!(
            (START, REFUSED),
            (super::derive::START, super::derive::REFUSED)
        );
    }

    /// Short lengths by hand: undoing a move is refused from the second move, the way round a
    /// 2×2 block that comes later in the moves' order from the sixth.
    #[test]
    fn the_short_refused_sequences_are_the_known_ones() {
        let (up, down, left, right) = (0u8, 1, 2, 3);
        let undo = vec![
            vec![up, down],
            vec![down, up],
            vec![left, right],
            vec![right, left],
        ];
        assert_eq!(refused_sequences(5), undo);
        let six = refused_sequences(6);
        assert_eq!(six.len(), 8);
        // Left, Up, Right, Down, Left, Up leaves what Up, Left, Down, Right, Up, Left leaves
        assert!(six.contains(&vec![left, up, right, down, left, up]));
        assert!(!six.contains(&vec![up, left, down, right, up, left]));
    }

    /// Every refused sequence of up to eight moves leaves, on a real board, a board that
    /// sequences the automaton keeps reach in as few moves or fewer.
    #[test]
    fn every_refused_sequence_has_a_kept_equal() {
        let refused = refused_sequences(MAX_LEN);
        let kept_by_board = |board: &Board, len: usize| {
            // every sequence of at most `len` moves the automaton keeps, played on `board`
            let mut boards = std::collections::HashMap::new();
            let mut stack = vec![(board.clone(), START, 0usize)];
            while let Some((b, state, depth)) = stack.pop() {
                let fewest = boards.entry(b.clone()).or_insert(depth);
                *fewest = depth.min(*fewest);
                if depth == len {
                    continue;
                }
                for dir in Direction::ALL {
                    let next = NEXT[state as usize][dir.index()];
                    let mut c = b.clone();
                    if next != REFUSED && c.apply(dir).is_ok() {
                        stack.push((c, next, depth + 1));
                    }
                }
            }
            boards
        };
        for seq in refused.iter().filter(|s| s.len() <= 8) {
            // an 8×8 board with the blank where the sequence fits: as far from the top and the
            // left as the sequence goes up and left
            let (mut r, mut c, mut top, mut left) = (0i32, 0i32, 0i32, 0i32);
            for &m in seq {
                (r, c) = match m {
                    0 => (r - 1, c),
                    1 => (r + 1, c),
                    2 => (r, c - 1),
                    _ => (r, c + 1),
                };
                (top, left) = (top.min(r), left.min(c));
            }
            let start = Board::goal_with_blank(8, (-top * 8 - left) as usize).unwrap();
            let kept = kept_by_board(&start, seq.len());
            let mut b = start.clone();
            for &m in seq {
                b.apply(Direction::ALL[m as usize]).unwrap();
            }
            assert!(kept.get(&b).is_some_and(|&d| d <= seq.len()), "{seq:?}");
        }
    }
}
