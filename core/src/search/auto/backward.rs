//! Beams run backward, from the goal toward a board near the start, and their paths turned
//! round. A beam ranks boards by how far the estimate says they are from where it goes, and a
//! board whose estimate misleads a forward beam all the way (Korf–Taylor's 24-puzzle 24: 119
//! moves of 107 at every width from 20 000 to 320 000) may not mislead one that starts from the
//! other end: toward the same board with its blank walked to a corner, beams 20 000 wide found
//! 115. The tables read distances to any board whose blank a symmetry maps onto the tables'
//! goal (see `PdbHeuristic::new`); the start's blank is walked there first, the walk put in
//! front of the turned path and any move the path undoes at once cut with it.
use crate::board::{Board, Direction};

/// A board the start reaches by walking its blank straight to a cell, the walk, and the
/// estimate of the distance to the board.
#[derive(Debug, Clone)]
pub(crate) struct Target<H> {
    pub board: Board,
    pub walk: Vec<Direction>,
    pub heuristic: H,
}

/// Up to `count` boards the start reaches by walking its blank straight to a cell (along its
/// column, then its row), for which `toward` has an estimate, fewest moves first: the start
/// itself when it has one. With the tables of a goal whose blank is in a corner these are the
/// four corners. (Two routes to each corner gave eight boards; on Korf–Taylor's fifty the
/// second routes did no better than the first, as a set.)
pub(crate) fn targets<H>(
    start: &Board,
    toward: impl Fn(&Board) -> Option<H>,
    count: usize,
) -> Vec<Target<H>> {
    let n = start.size();
    let mut walked: Vec<(Board, Vec<Direction>)> = (0..start.cells())
        .map(|cell| {
            let mut board = start.clone();
            let mut walk = Vec::new();
            // along the blank's column to the cell's row, then along that row
            for via in [cell / n * n + start.blank() % n, cell] {
                if via != board.blank() {
                    walk.extend(board.tap_cell(via).expect("in line with the blank"));
                }
            }
            (board, walk)
        })
        .collect();
    // stable: among walks of one length, the order of the cells; each estimate is built only
    // when its board is taken
    walked.sort_by_key(|(_, walk)| walk.len());
    walked
        .into_iter()
        .filter_map(|(board, walk)| {
            toward(&board).map(|heuristic| Target {
                board,
                walk,
                heuristic,
            })
        })
        .take(count)
        .collect()
}

/// The start's path through a target: `walk` to it, then `back` (the goal's path to the
/// target) turned round, with each move the turned path undoes at once cut with it.
pub(crate) fn joined(walk: &[Direction], back: &[Direction]) -> Vec<Direction> {
    let mut out: Vec<Direction> = Vec::with_capacity(walk.len() + back.len());
    for d in walk
        .iter()
        .copied()
        .chain(back.iter().rev().map(|d| d.opposite()))
    {
        if out.last() == Some(&d.opposite()) {
            out.pop();
        } else {
            out.push(d);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_board;

    /// Targets: every walk replays to its board, the start (estimated here) comes first, then
    /// the corners nearest first, and only boards with an estimate.
    #[test]
    fn targets_are_walks_to_estimated_boards_fewest_moves_first() {
        let start = parse_board("14 24 18 12 22 15 5 1 23 11 6 19 10 13 7 0 3 9 4 17 2 21 16 20 8")
            .unwrap();
        let corners = [0, 4, 20, 24];
        let corner_or_start = |b: &Board| corners.contains(&b.blank()) || b == &start;
        let toward = |b: &Board| corner_or_start(b).then_some(());
        let all = targets(&start, toward, usize::MAX);
        assert_eq!(all[0].board, start);
        assert!(all[0].walk.is_empty());
        // blank at row 3, column 0: corner 20 one move away, 0 three, 24 five and 4 seven
        let lengths: Vec<usize> = all.iter().map(|t| t.walk.len()).collect();
        assert_eq!(lengths, vec![0, 1, 3, 5, 7]);
        let blanks: Vec<usize> = all.iter().map(|t| t.board.blank()).collect();
        assert_eq!(blanks, vec![15, 20, 0, 24, 4]);
        for t in &all {
            let mut b = start.clone();
            b.apply_all(&t.walk).unwrap();
            assert_eq!(b, t.board);
            assert!(corner_or_start(&t.board));
        }
        assert_eq!(targets(&start, toward, 3).len(), 3);
        assert!(targets(&start, |_| None::<()>, 9).is_empty());
    }

    /// The joined path replays from the start to the goal, and a walk the turned path undoes
    /// is cut with it.
    #[test]
    fn joined_paths_replay_and_cut_what_they_undo() {
        use Direction::*;
        let goal = Board::goal_with_blank(3, 0).unwrap();
        // the goal's path to a target, and a start one move from that target
        let back = [Right, Down, Right, Down, Left];
        let mut target = goal.clone();
        target.apply_all(&back).unwrap();
        let mut start = target.clone();
        start.apply(Up).unwrap();
        let path = joined(&[Down], &back);
        let mut b = start.clone();
        b.apply_all(&path).unwrap();
        assert_eq!(b, goal);
        assert_eq!(path.len(), 6);
        // a start on the target's path from the goal: the walk is undone by the turned path
        let mut start = target.clone();
        start.apply(Right).unwrap();
        let path = joined(&[Left], &back);
        assert_eq!(path, vec![Up, Left, Up, Left]);
        let mut b = start;
        b.apply_all(&path).unwrap();
        assert_eq!(b, goal);
    }
}
