//! The one search the method uses: the fewest blank moves that bring a few followed tiles (none
//! to three) where a step wants them, with the blank kept to the cells the step may use. Other
//! tiles are not followed, so the space is the cells to the power of the followed tiles and the
//! blank: at most 64² on an 8×8 board for one tile, less for more tiles in a smaller window.
use std::collections::VecDeque;

use crate::board::{step, Board, Direction};

/// The most followed tiles (the three of a last 2×2).
const MAX_FOLLOWED: usize = 3;
/// The most states a search may hold: one tile and the blank on an 8×8 board.
const MAX_STATES: usize = 64 * 64;

/// What a step asks of the search.
pub(super) struct Search<'a> {
    /// The board now.
    pub board: &'a Board,
    /// The cells the blank may enter (and the followed tiles may be in).
    pub open: &'a [bool],
    /// The tiles followed.
    pub followed: &'a [u8],
    /// Cells a followed tile may not be pushed into (a dead end the step must keep clear).
    pub kept_clear: &'a [usize],
}

/// The first move of a shortest path to a state `done` accepts (`done` reads the blank's cell,
/// then each followed tile's, in the order given). `Ok(None)` when the board is such a state
/// now; `Err(())` when none can be reached, or when the blank or a followed tile is outside the
/// open cells.
pub(super) fn first_move(
    search: &Search<'_>,
    done: impl Fn(&[usize]) -> bool,
) -> Result<Option<Direction>, ()> {
    let n = search.board.size();
    let k = search.followed.len();
    assert!(
        k <= MAX_FOLLOWED,
        "at most {MAX_FOLLOWED} tiles are followed"
    );
    // The open cells, numbered densely so a state indexes a small table.
    let mut local = vec![usize::MAX; n * n];
    let mut count = 0;
    for (cell, _) in search.open.iter().enumerate().filter(|(_, &o)| o) {
        local[cell] = count;
        count += 1;
    }
    let states = count.pow(k as u32 + 1);
    assert!(
        states <= MAX_STATES,
        "{states} states is more than a step needs"
    );
    let mut start = [0usize; MAX_FOLLOWED + 1];
    start[0] = search.board.blank();
    for (i, &t) in search.followed.iter().enumerate() {
        start[i + 1] = search.board.cell_of(t).ok_or(())?;
    }
    if start[..=k].iter().any(|&c| local[c] == usize::MAX) {
        return Err(());
    }
    if done(&start[..=k]) {
        return Ok(None);
    }
    let index = |cells: &[usize; MAX_FOLLOWED + 1]| {
        cells[..=k]
            .iter()
            .rev()
            .fold(0, |acc, &c| acc * count + local[c])
    };
    // For each state seen, the first move of the path that reached it.
    const UNSEEN: u8 = u8::MAX;
    let mut first = vec![UNSEEN; states];
    first[index(&start)] = 0;
    let mut queue = VecDeque::new();
    queue.push_back(start);
    while let Some(cells) = queue.pop_front() {
        let came_with = first[index(&cells)];
        for dir in Direction::ALL {
            let Some(to) = step(n, cells[0], dir) else {
                continue;
            };
            if !search.open[to] {
                continue;
            }
            let mut next = cells;
            next[0] = to;
            if let Some(i) = cells[1..=k].iter().position(|&c| c == to) {
                if search.kept_clear.contains(&cells[0]) {
                    continue;
                }
                next[i + 1] = cells[0];
            }
            let at = index(&next);
            if first[at] != UNSEEN {
                continue;
            }
            let path_first = if cells == start {
                dir
            } else {
                Direction::ALL[came_with as usize]
            };
            if done(&next[..=k]) {
                return Ok(Some(path_first));
            }
            first[at] = path_first.index() as u8;
            queue.push_back(next);
        }
    }
    Err(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_board;

    #[test]
    fn a_tile_next_to_the_blank_comes_in_one_move() {
        let board = parse_board("1 2 3 4 5 6 7 0 8").unwrap();
        let open = [true; 9];
        let s = Search {
            board: &board,
            open: &open,
            followed: &[8],
            kept_clear: &[],
        };
        // tile 8 to cell 7: the blank moves right
        assert_eq!(first_move(&s, |c| c[1] == 7), Ok(Some(Direction::Right)));
        assert_eq!(first_move(&s, |c| c[1] == 8), Ok(None));
    }

    #[test]
    fn closed_cells_are_never_entered() {
        // the centre closed: tile 1 goes from cell 0 to cell 2 round the ring of the others
        let board = parse_board("1 2 3 4 5 6 7 8 0").unwrap();
        let mut open = [true; 9];
        open[4] = false;
        let s = Search {
            board: &board,
            open: &open,
            followed: &[1],
            kept_clear: &[],
        };
        assert!(first_move(&s, |c| c[1] == 2).is_ok());
        // cell 1 closed too: the ring is a path, and the blank can never get ahead of the tile
        let mut walled = open;
        walled[1] = false;
        let s = Search { open: &walled, ..s };
        assert_eq!(first_move(&s, |c| c[1] == 2), Err(()));
    }
}
