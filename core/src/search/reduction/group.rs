//! A line's tiles placed home a group at a time: up to four tiles at once by A* over the
//! positions of those tiles and the blank (other loose tiles are interchangeable), inside a box
//! around them, guided by the exact distances of each pair of them. The larger the group, the
//! more of the tiles its moves disturb each search sees: on 8×8, placing lines four tiles at a
//! time instead of two shortened the median path by about 10 % (slidepuzzle bench-large).
use rustc_hash::FxHashMap;

use super::pairs::{pair_table, Cells, NONE};
use super::place::place;
use super::Scratch;
use crate::board::{taxicab, Board, Direction};
use crate::error::{LimitKind, SolveError};
use crate::limits::Budget;

/// How many tiles of a line are placed at once.
pub(super) const GROUP: usize = 4;
/// The nodes a search for four tiles may expand before they are placed one, then three, instead.
/// Most four-tile searches need far fewer; the few that need more cost more time than the
/// moves they save (slidepuzzle bench-large).
const FOUR_TILE_NODES: u64 = 10_000;
/// Placements up to this many moves longer than the fewest are weighed too: one that leaves the
/// region nearer home often saves more later (on 8×8 the median path fell from 1.95 to 1.91
/// times the Manhattan distance, slidepuzzle bench-large).
const SLACK: usize = 2;
/// What a unit of Manhattan distance left in the region counts for against a step of the
/// blank's walk to the next tile, when placements are ranked (as the
/// beam weighs distance left against moves made).
const LEFT_WEIGHT: u32 = 2;

/// Places the tiles whose goal cells are `group` (one to [`GROUP`]), touching no frozen cell,
/// and freezes their cells. `next` is the cell of the tile placed after these, if any.
#[allow(clippy::too_many_arguments)]
pub(super) fn place_tiles(
    board: &mut Board,
    goal: &Board,
    group: &[usize],
    next: Option<usize>,
    frozen: &mut [bool],
    moves: &mut Vec<Direction>,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<(), SolveError> {
    if group.len() <= 2 {
        return place(board, goal, group, next, frozen, moves, budget, scratch);
    }
    // A box too tight for a path grows, at worst to the whole region.
    for margin in 0..board.size() {
        let ask = Ask {
            cap: (group.len() == 4).then_some(FOUR_TILE_NODES),
            slack: SLACK,
            margin,
            next,
        };
        let found = match *group {
            [a, b, c] => search([a, b, c], ask, board, goal, frozen, moves, budget, scratch)?,
            [a, b, c, d] => search(
                [a, b, c, d],
                ask,
                board,
                goal,
                frozen,
                moves,
                budget,
                scratch,
            )?,
            _ => unreachable!("groups of three or four"),
        };
        match found {
            Found::Placed => return Ok(()),
            Found::NoPath => continue,
            Found::OverCap => break,
        }
    }
    if group.len() == 4 {
        let after = board
            .cell_of(goal.tile_at(group[1]))
            .expect("every tile is on the board");
        place(
            board,
            goal,
            &group[..1],
            Some(after),
            frozen,
            moves,
            budget,
            scratch,
        )?;
        return place_tiles(
            board,
            goal,
            &group[1..],
            next,
            frozen,
            moves,
            budget,
            scratch,
        );
    }
    // Cannot happen on a region of at least 3×4 with other tiles free; say so plainly.
    Err(SolveError::LimitReached {
        limit: LimitKind::Nodes,
        stats: budget.stats_now(),
    })
}

/// What a group search may do: at most `cap` nodes, placements up to `slack` moves longer than
/// the fewest, a box grown by `margin`, and `next` the cell of the tile placed after these.
#[derive(Clone, Copy)]
struct Ask {
    cap: Option<u64>,
    slack: usize,
    margin: usize,
    next: Option<usize>,
}

/// What a group search found.
enum Found {
    Placed,
    /// No path stays inside the box.
    NoPath,
    /// The search passed its node cap.
    OverCap,
}

/// Moves the `K` tiles whose goal cells are `homes` home by blank moves inside a box around
/// them (grown by `ask.margin`) that touch no frozen cell, then freezes those cells. Of the
/// placements at most `ask.slack` moves longer than the fewest, the one with the least moves
/// plus [`LEFT_WEIGHT`] × the Manhattan distance left to the region's other tiles plus the
/// blank's walk to `ask.next` wins. Nothing moves when no path stays inside the box or the
/// search passes `ask.cap` nodes.
#[allow(clippy::too_many_arguments)]
fn search<const K: usize>(
    homes: [usize; K],
    ask: Ask,
    board: &mut Board,
    goal: &Board,
    frozen: &mut [bool],
    moves: &mut Vec<Direction>,
    budget: &mut Budget,
    scratch: &mut Scratch,
) -> Result<Found, SolveError> {
    let Ask {
        cap,
        slack,
        margin,
        next,
    } = ask;
    let n = board.size();
    let tiles = homes.map(|h| {
        board
            .cell_of(goal.tile_at(h))
            .expect("every tile is on the board")
    });
    let mut around = vec![board.blank()];
    around.extend(homes);
    around.extend(tiles);
    let cells = Cells::new(n, &around, margin, frozen);
    let m = cells.len();
    let home = homes.map(|h| cells.index[h]);
    let pairs: Vec<(usize, usize)> = (0..K)
        .flat_map(|a| (a + 1..K).map(move |b| (a, b)))
        .collect();
    let mask = cells.cell.iter().fold(0u64, |mask, &c| mask | 1 << c);
    let keys: Vec<(u64, u8, u8)> = pairs
        .iter()
        .map(|&(a, b)| (mask, homes[a] as u8, homes[b] as u8))
        .collect();
    // Room first, for every table the group needs: a table kept but dropped after this check
    // would be missing below.
    scratch.make_room_for_pairs((keys.len() * m * m * m) as u64);
    for (key, &(a, b)) in keys.iter().zip(&pairs) {
        if !scratch.pairs.contains_key(key) {
            let mut table = Vec::new();
            pair_table(&cells, home[a], home[b], &mut table, &mut scratch.queue);
            scratch.keep_pair_table(*key, table);
        }
    }
    budget.memory(scratch.pairs.len(), scratch.bytes())?;
    let tables: Vec<&[u8]> = keys.iter().map(|k| scratch.pairs[k].as_slice()).collect();
    // A lower bound on the moves left: the pairs' exact distances, the largest.
    let estimate = |b: usize, p: &[usize; K]| {
        pairs
            .iter()
            .zip(&tables)
            .map(|(&(x, y), t)| t[(b * m + p[x]) * m + p[y]])
            .max()
            .unwrap_or(0)
    };
    let encode =
        |b: usize, p: &[usize; K]| p.iter().fold(b as u64, |s, &x| s * m as u64 + x as u64);
    let decode = |mut s: u64| {
        let mut p = [0; K];
        for x in p.iter_mut().rev() {
            *x = (s % m as u64) as usize;
            s /= m as u64;
        }
        (s as usize, p)
    };
    let done = home.map(|h| h as usize);
    let p0 = tiles.map(|t| cells.index[t] as usize);
    let b0 = cells.index[board.blank()] as usize;
    let h0 = estimate(b0, &p0);
    if h0 == NONE {
        return Ok(Found::NoPath);
    }
    let start = encode(b0, &p0);
    // state → (moves to it, the direction of the last), and the states by moves + estimate
    let mut seen: FxHashMap<u64, (u8, u8)> = FxHashMap::default();
    seen.insert(start, (0, 0));
    let mut open: Vec<Vec<u64>> = vec![Vec::new(); NONE as usize];
    open[h0 as usize].push(start);
    let mut goals: Vec<u64> = Vec::new();
    let mut first_f = h0 as usize;
    let mut expanded = 0u64;
    let held = |seen: &FxHashMap<u64, (u8, u8)>, open: &[Vec<u64>]| {
        let slot = std::mem::size_of::<(u64, (u8, u8))>() as u64 + 1;
        seen.capacity() as u64 * slot + open.iter().map(|o| o.capacity() as u64 * 8).sum::<u64>()
    };
    for f in h0 as usize..open.len() {
        // Of the placements of the fewest moves, every one is in this bucket or reached from it.
        while let Some(s) = open[f].pop() {
            let (g, _) = seen[&s];
            let (b, p) = decode(s);
            if g as usize + estimate(b, &p) as usize != f {
                continue; // reached again by fewer moves
            }
            if p == done {
                goals.push(s);
                continue;
            }
            budget.expand(f as u32)?;
            expanded += 1;
            if cap.is_some_and(|c| expanded > c) {
                return Ok(Found::OverCap);
            }
            if expanded % 1024 == 0 {
                budget.memory(seen.len(), scratch.bytes() + held(&seen, &open))?;
            }
            for (dir, &to) in cells.next[b].iter().enumerate() {
                if to == NONE {
                    continue;
                }
                let to = to as usize;
                let q = p.map(|x| if x == to { b } else { x });
                let h = estimate(to, &q);
                if h == NONE || g as usize + 1 + h as usize >= open.len() {
                    continue;
                }
                budget.stats.generated += 1;
                let child = encode(to, &q);
                if seen.get(&child).is_none_or(|&(old, _)| old > g + 1) {
                    seen.insert(child, (g + 1, dir as u8));
                    open[g as usize + 1 + h as usize].push(child);
                }
            }
        }
        if goals.is_empty() {
            first_f = f + 1;
        } else if f >= first_f + slack {
            break;
        }
    }
    budget.memory(seen.len(), scratch.bytes() + held(&seen, &open))?;
    let path_to = |mut state: u64| {
        let mut path = Vec::new();
        while state != start {
            let dir = Direction::ALL[seen[&state].1 as usize];
            path.push(dir);
            let (b, p) = decode(state);
            let from = cells.next[b][dir.opposite().index()] as usize;
            state = encode(from, &p.map(|x| if x == from { b } else { x }));
        }
        path.reverse();
        path
    };
    // Each tile's goal cell, for the Manhattan distance left among the loose tiles.
    let home_of = goal.positions();
    let mut best: Option<(u32, Vec<Direction>)> = None;
    for &s in &goals {
        let path = path_to(s);
        let mut after = board.clone();
        after
            .apply_all(&path)
            .expect("the search makes legal moves");
        let left: u32 = (0..n * n)
            .filter(|&c| !frozen[c] && after.tile_at(c) != 0)
            .map(|c| taxicab(n, c, home_of[after.tile_at(c) as usize] as usize))
            .sum();
        let walk = next.map_or(0, |t| taxicab(n, after.blank(), t));
        let score = path.len() as u32 + LEFT_WEIGHT * left + walk;
        if best.as_ref().is_none_or(|(b, _)| score < *b) {
            best = Some((score, path));
        }
    }
    let Some((_, path)) = best else {
        return Ok(Found::NoPath);
    };
    board
        .apply_all(&path)
        .expect("the search makes legal moves");
    moves.extend(path);
    for c in homes {
        frozen[c] = true;
    }
    Ok(Found::Placed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::step;
    use crate::limits::SearchLimits;
    use crate::search::reduction::tests::shuffled;
    use rustc_hash::FxHashSet;

    /// The fewest blank moves that bring the tiles of `homes` home without touching a frozen
    /// cell, by a plain breadth-first search over the blank and those tiles.
    fn fewest(board: &Board, goal: &Board, homes: &[usize], frozen: &[bool]) -> usize {
        let n = board.size();
        let state = |b: &Board| -> Vec<usize> {
            let mut s = vec![b.blank()];
            s.extend(homes.iter().map(|&h| b.cell_of(goal.tile_at(h)).unwrap()));
            s
        };
        let mut seen = FxHashSet::default();
        let mut layer = vec![state(board)];
        seen.insert(layer[0].clone());
        for depth in 0.. {
            if layer.iter().any(|s| s[1..] == *homes) {
                return depth;
            }
            let mut next = Vec::new();
            for s in &layer {
                for dir in Direction::ALL {
                    let Some(to) = step(n, s[0], dir) else {
                        continue;
                    };
                    if frozen[to] {
                        continue;
                    }
                    let mut t: Vec<usize> =
                        s.iter().map(|&p| if p == to { s[0] } else { p }).collect();
                    t[0] = to;
                    if seen.insert(t.clone()) {
                        next.push(t);
                    }
                }
            }
            layer = next;
        }
        unreachable!()
    }

    /// `moves` lead from `before` to `board`, and each of `cells` holds its goal tile and is
    /// frozen.
    fn went_home(
        before: &Board,
        moves: &[Direction],
        board: &Board,
        goal: &Board,
        cells: &[usize],
        frozen: &[bool],
    ) {
        let mut replay = before.clone();
        replay.apply_all(moves).unwrap();
        assert_eq!(&replay, board);
        for &c in cells {
            assert_eq!(board.tile_at(c), goal.tile_at(c), "cell {c}");
            assert!(frozen[c], "cell {c} not frozen");
        }
    }

    /// Places `group` by uncapped searches over the whole region and checks that the least
    /// moves they see is the fewest, that the tiles went home within [`SLACK`] more, and that
    /// no frozen cell moved.
    fn places_in_fewest_moves<const K: usize>(
        board: &mut Board,
        goal: &Board,
        group: [usize; K],
        frozen: &mut [bool],
    ) {
        let n = board.size();
        let limits = SearchLimits::default();
        let mut budget = Budget::new(&limits);
        let mut scratch = Scratch::default();
        let fewest = fewest(board, goal, &group, frozen);
        let before = board.clone();
        let was_frozen = frozen.to_vec();
        let mut run = |slack: usize, board: &mut Board, frozen: &mut [bool]| {
            let mut moves = Vec::new();
            let ask = Ask {
                cap: None,
                slack,
                margin: n,
                next: None,
            };
            let found = search(
                group,
                ask,
                board,
                goal,
                frozen,
                &mut moves,
                &mut budget,
                &mut scratch,
            )
            .unwrap();
            assert!(matches!(found, Found::Placed));
            moves
        };
        let exact = run(0, &mut board.clone(), &mut frozen.to_vec());
        assert_eq!(exact.len(), fewest, "{n}×{n}, group {group:?}");
        let moves = run(SLACK, board, frozen);
        assert!(moves.len() <= fewest + SLACK, "{n}×{n}, group {group:?}");
        let mut replay = before.clone();
        for &dir in &moves {
            replay.apply(dir).unwrap();
            assert!(!was_frozen[replay.blank()], "a frozen cell moved");
        }
        went_home(&before, &moves, board, goal, &group, frozen);
    }

    /// The pairs' distances never overestimate: A* over three and four tiles sees as few moves
    /// as a plain breadth-first search, with and without frozen cells.
    #[test]
    fn groups_go_home_in_the_fewest_moves() {
        for seed in 0..4 {
            let goal = Board::goal(4).unwrap();
            let mut board = shuffled(&goal, seed);
            places_in_fewest_moves(&mut board, &goal, [0, 1, 2, 3], &mut [false; 16]);
            let goal = Board::goal_with_blank(5, 12).unwrap();
            let mut board = shuffled(&goal, seed);
            let mut frozen = [false; 25];
            places_in_fewest_moves(&mut board, &goal, [0, 1, 2], &mut frozen);
            places_in_fewest_moves(&mut board, &goal, [3, 4, 9], &mut frozen);
            places_in_fewest_moves(&mut board, &goal, [5, 10, 15], &mut frozen);
        }
    }

    /// A search past its node cap moves nothing, and a group of four is then placed one tile
    /// and three.
    #[test]
    fn a_group_over_the_cap_is_placed_one_and_three() {
        let goal = Board::goal(7).unwrap();
        let mut board = shuffled(&goal, 3);
        let before = board.clone();
        let limits = SearchLimits::default();
        let mut budget = Budget::new(&limits);
        let mut scratch = Scratch::default();
        let (mut frozen, mut moves) = (vec![false; 49], Vec::new());
        let row = [3, 4, 5, 6];
        let ask = Ask {
            cap: Some(1),
            slack: 0,
            margin: 7,
            next: None,
        };
        let found = search(
            row,
            ask,
            &mut board,
            &goal,
            &mut frozen,
            &mut moves,
            &mut budget,
            &mut scratch,
        )
        .unwrap();
        assert!(matches!(found, Found::OverCap));
        assert!(board == before && moves.is_empty() && !frozen.contains(&true));
        // the same fallback place_tiles takes past FOUR_TILE_NODES
        let after = board.cell_of(goal.tile_at(row[1]));
        place(
            &mut board,
            &goal,
            &row[..1],
            after,
            &mut frozen,
            &mut moves,
            &mut budget,
            &mut scratch,
        )
        .unwrap();
        place_tiles(
            &mut board,
            &goal,
            &row[1..],
            None,
            &mut frozen,
            &mut moves,
            &mut budget,
            &mut scratch,
        )
        .unwrap();
        went_home(&before, &moves, &board, &goal, &row, &frozen);
    }

    /// The kept pair tables stay within their bound, dropped and built again as groups need
    /// them, and every line still goes home.
    #[test]
    fn kept_pair_tables_stay_within_their_bound() {
        let goal = Board::goal(8).unwrap();
        let bound = 500_000;
        let limits = SearchLimits::default();
        let mut dropped = false;
        for seed in 0..3 {
            let mut board = shuffled(&goal, seed);
            let start = board.clone();
            let mut budget = Budget::new(&limits);
            let mut scratch = Scratch::default();
            scratch.pair_table_bytes = bound;
            let (mut frozen, mut moves) = (vec![false; 64], Vec::new());
            let mut most = 0;
            // the first two rows and columns, as the reduction groups them
            let lines: [&[&[usize]]; 4] = [
                &[&[0, 1, 2, 3], &[4, 5, 6, 7]],
                &[&[8, 9, 10, 11], &[12, 13, 14, 15]],
                &[&[16, 24], &[32, 40, 48, 56]],
                &[&[17, 25], &[33, 41, 49, 57]],
            ];
            for group in lines.iter().flat_map(|l| l.iter()) {
                place_tiles(
                    &mut board,
                    &goal,
                    group,
                    None,
                    &mut frozen,
                    &mut moves,
                    &mut budget,
                    &mut scratch,
                )
                .unwrap();
                dropped |= scratch.pair_bytes < most;
                most = most.max(scratch.pair_bytes);
            }
            assert!(most <= bound, "{most} bytes of tables");
            let placed: Vec<usize> = lines.iter().flat_map(|l| l.concat()).collect();
            went_home(&start, &moves, &board, &goal, &placed, &frozen);
        }
        assert!(dropped, "the tables never reached their bound");
    }
}
