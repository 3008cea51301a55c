//! The last two tiles of a line, placed together. Placed one after the other, the second could
//! only come in by moving the first out again, so a person parks the first in the second's
//! cell (the line's corner), brings the second beside it (the park cell, one step into the
//! board), takes the blank to the first's own cell and turns both in with two moves.
//!
//! When the second tile is caught in the first's cell behind the parked first (the one way the
//! set-up can stick), or whenever both tiles and the blank are within the 3×3 corner at the
//! line's end, the set-up is made there by the fewest moves of the three together. Each kind of
//! board below has one next move, and every move leads to a board further along this list (or
//! nearer the same aim), so following the moves always ends with both tiles in place.
use crate::board::{step, Board, Direction};

use super::bfs::{first_move, Search};

/// The direction the blank takes from `from` to its neighbour `to`.
pub(super) fn toward(size: usize, from: usize, to: usize) -> Direction {
    Direction::ALL
        .into_iter()
        .find(|&d| step(size, from, d) == Some(to))
        .expect("neighbouring cells")
}

/// The next move of the trick that places `tiles` in `cells` (`cells[1]` the line's corner),
/// the blank kept to the `open` cells; `Ok(None)` when both are in place.
pub(super) fn last_two(
    board: &Board,
    open: &[bool],
    tiles: [u8; 2],
    cells: [usize; 2],
) -> Result<Option<Direction>, ()> {
    let n = board.size();
    let [a, b] = tiles;
    let [first_cell, corner] = cells;
    let at = |t: u8| board.cell_of(t).ok_or(());
    let (pa, pb, blank) = (at(a)?, at(b)?, board.blank());
    if pa == first_cell && pb == corner {
        return Ok(None);
    }
    // The park cell: the corner's neighbour one step into the board.
    let park = Direction::ALL
        .into_iter()
        .filter_map(|d| step(n, corner, d))
        .find(|&c| open[c] && c != first_cell)
        .ok_or(())?;
    let without = |closed: &[usize]| -> Vec<bool> {
        let mut o = open.to_vec();
        closed.iter().for_each(|&c| o[c] = false);
        o
    };
    let search =
        |open: &[bool], followed: &[u8], kept_clear: &[usize], done: &dyn Fn(&[usize]) -> bool| {
            first_move(
                &Search {
                    board,
                    open,
                    followed,
                    kept_clear,
                },
                done,
            )
        };
    // One move that puts both in place (the turn's second move, or a pair that came near by
    // chance): take it.
    for dir in Direction::ALL {
        let Some(to) = step(n, blank, dir).filter(|&c| open[c]) else {
            continue;
        };
        if (pa == first_cell && to == pb && blank == corner)
            || (pb == corner && to == pa && blank == first_cell)
        {
            return Ok(Some(dir));
        }
    }
    // Set up: the blank to the first tile's cell, then the turn's first move.
    if pa == corner && pb == park {
        if blank == first_cell {
            return Ok(Some(toward(n, first_cell, corner)));
        }
        let open = without(&[corner, park]);
        return search(&open, &[], &[], &|c| c[0] == first_cell);
    }
    // Near the corner: the set-up by the fewest moves of the three together.
    let window: Vec<bool> = (0..n * n)
        .map(|c| open[c] && chebyshev(n, c, corner) <= 2)
        .collect();
    if window[pa] && window[pb] && window[blank] {
        let set_up = search(&window, &[a, b], &[], &|c| c[1] == corner && c[2] == park);
        if set_up.is_ok() {
            return set_up;
        }
    }
    if pa == corner && pb == first_cell {
        // Caught: the blank to the corner's window, where the three move together.
        let open = without(&cells);
        return search(&open, &[], &[], &|c| window[c[0]]);
    }
    if pa == corner {
        // The second beside the parked first, never pushed into the first's cell.
        let open = without(&[corner]);
        return search(&open, &[b], &[first_cell], &|c| c[1] == park);
    }
    search(open, &[a], &[], &|c| c[1] == corner)
}

/// The larger of the row and column distances between two cells.
fn chebyshev(size: usize, a: usize, b: usize) -> usize {
    (a / size)
        .abs_diff(b / size)
        .max((a % size).abs_diff(b % size))
}
