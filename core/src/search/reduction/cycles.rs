//! Cutting cycles out of a path: the reduction's pieces, placed one after another, often pass
//! the same board twice. Used by the first path, the beam and the improving alike.
use rustc_hash::FxHashMap;

use crate::board::{Board, Direction};

/// Removes every stretch of the path between two visits of the same board.
pub(super) fn cut_cycles(start: &Board, moves: &mut Vec<Direction>) {
    let mut seen: FxHashMap<Vec<u8>, usize> = FxHashMap::default();
    let mut kept: Vec<Direction> = Vec::with_capacity(moves.len());
    let mut boards: Vec<Vec<u8>> = vec![start.tiles().to_vec()];
    seen.insert(start.tiles().to_vec(), 0);
    let mut board = start.clone();
    for &dir in moves.iter() {
        board.apply(dir).expect("the path is legal");
        if let Some(&earlier) = seen.get(board.tiles()) {
            // back to a board of `kept` step `earlier`: drop everything after it
            for b in boards.drain(earlier + 1..) {
                seen.remove(&b);
            }
            kept.truncate(earlier);
        } else {
            kept.push(dir);
            boards.push(board.tiles().to_vec());
            seen.insert(board.tiles().to_vec(), kept.len());
        }
    }
    *moves = kept;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::reduction::tests::shuffled;

    #[test]
    fn cycles_are_cut() {
        let start = shuffled(&Board::goal(6).unwrap(), 3);
        let b = start.clone();
        let dirs: Vec<Direction> = b.legal_moves().collect();
        let (d, back) = (dirs[0], dirs[0].opposite());
        // there and back twice: every move goes
        let mut moves = vec![d, back, d, back];
        cut_cycles(&start, &mut moves);
        assert!(moves.is_empty());
        // a detour inside a path: only the detour goes
        let e = dirs[1];
        let mut detour = vec![e, d, back, e.opposite(), e];
        cut_cycles(&start, &mut detour);
        assert_eq!(detour, vec![e]);
    }
}
