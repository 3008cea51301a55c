//! Shuffles that never make an unsolvable board. Every function takes the RNG it uses, so a
//! seeded RNG gives the same board every time.
//!
//! ```
//! use rand::SeedableRng;
//! use rand_chacha::ChaCha8Rng;
//! use slidepuzzle_core::{parity, shuffle, Board};
//!
//! let goal = Board::goal_with_blank(4, 0).unwrap();
//! let walk = shuffle::default_walk_length(4);
//! let a = shuffle::shuffled(&goal, walk, &mut ChaCha8Rng::seed_from_u64(7));
//! let b = shuffle::shuffled(&goal, walk, &mut ChaCha8Rng::seed_from_u64(7));
//! assert_eq!(a, b);
//! assert_ne!(a, goal);
//! assert!(parity::is_solvable(&a, &goal));
//! ```
use rand::seq::SliceRandom;
use rand::Rng;

use std::sync::Arc;

use crate::board::{Board, Direction};
use crate::error::{ShuffleError, SolveError};
use crate::heuristic::PatternDb;
use crate::search::{self, Algorithm, SolveRequest};
use crate::SearchLimits;

/// The seed app's shuffle length: n²·10 blank moves.
pub fn default_walk_length(size: usize) -> usize {
    size * size * 10
}

/// A random walk of the blank from `from`, `moves` steps long, that never undoes the step
/// before it.
pub fn random_walk(from: &Board, moves: usize, rng: &mut impl Rng) -> Board {
    let mut board = from.clone();
    let mut last: Option<Direction> = None;
    let mut options = Vec::with_capacity(4);
    for _ in 0..moves {
        options.clear();
        options.extend(board.legal_moves().filter(|&d| Some(d.opposite()) != last));
        let dir = options[rng.random_range(0..options.len())];
        board.apply(dir).expect("legal move");
        last = Some(dir);
    }
    board
}

/// A random walk from the goal that is never the goal itself (it keeps walking until it
/// leaves the goal; boards of one move are possible only when `moves` is 1).
pub fn shuffled(goal: &Board, moves: usize, rng: &mut impl Rng) -> Board {
    let mut board = random_walk(goal, moves.max(1), rng);
    while board == *goal {
        board = random_walk(&board, 1, rng);
    }
    board
}

/// A board drawn uniformly from all boards that can reach `goal`, never the goal itself.
pub fn uniform(goal: &Board, rng: &mut impl Rng) -> Board {
    loop {
        let mut tiles = goal.to_u32s();
        tiles.shuffle(rng);
        let mut board = Board::from_tiles(&tiles).expect("a permutation");
        if !crate::parity::is_solvable(&board, goal) {
            // Swapping two tiles flips the permutation parity and leaves the blank alone;
            // the pair depends only on the board, so the draw stays uniform.
            let mut t = board.to_u32s();
            let non_blank: Vec<usize> = (0..t.len()).filter(|&c| t[c] != 0).take(2).collect();
            t.swap(non_blank[0], non_blank[1]);
            board = Board::from_tiles(&t).expect("a permutation");
        }
        if board != *goal {
            return board;
        }
    }
}

/// A board exactly `k` moves from `goal` (by its optimal distance). `distance` must return the
/// optimal distance of a board; each step moves to a neighbour one farther from the goal, or
/// back off a dead end, so the board is a random one at that depth.
pub fn exact_distance(
    goal: &Board,
    k: u32,
    rng: &mut impl Rng,
    mut distance: impl FnMut(&Board) -> Result<u32, SolveError>,
) -> Result<Board, SolveError> {
    let mut board = goal.clone();
    let mut d = 0u32;
    let mut last: Option<Direction> = None;
    let mut steps = 0usize;
    while d < k {
        steps += 1;
        if steps > 50 * k as usize + 100 {
            // Only reachable when k exceeds the deepest state of the board.
            return Err(SolveError::Board(crate::BoardError::Unsolvable));
        }
        let mut options: Vec<Direction> = board
            .legal_moves()
            .filter(|&dir| Some(dir.opposite()) != last)
            .collect();
        options.shuffle(rng);
        let mut advanced = false;
        for &dir in &options {
            let mut next = board.clone();
            next.apply(dir).expect("legal move");
            let nd = distance(&next)?;
            if nd == d + 1 {
                board = next;
                d = nd;
                last = Some(dir);
                advanced = true;
                break;
            }
        }
        if !advanced {
            let dir = options[0];
            board.apply(dir).expect("legal move");
            d = distance(&board)?;
            last = Some(dir);
        }
    }
    Ok(board)
}

/// The deepest distance [`to_distance`] offers on a side: the deepest 2×2 and 3×3 boards (6 and
/// 31 moves); for 4×4, 60 (deeper boards exist, up to 80, but are too rare for a random climb to
/// reach quickly). `None` above 4×4.
pub fn deepest_distance(size: usize) -> Option<u32> {
    match size {
        2 => Some(6),
        3 => Some(31),
        4 => Some(60),
        _ => None,
    }
}

/// Whether [`to_distance`] offers distance `k` on a `size`×`size` board: callers that must
/// load pattern databases for it check this first, so a refusal costs no build.
pub fn check_distance(size: usize, k: u32) -> Result<(), ShuffleError> {
    let max = deepest_distance(size).ok_or(ShuffleError::Size { size })?;
    if k == 0 || k > max {
        return Err(ShuffleError::Distance { k, max, size });
    }
    Ok(())
}

/// A random board exactly `k` optimal moves from `goal` (difficulty levels), for 2×2 to 4×4.
/// On 2×2 and 3×3 every board at that distance is listed by breadth-first search and one is
/// drawn; on 4×4 a random climb measures distances by IDA* over `pdb` (required there).
pub fn to_distance(
    goal: &Board,
    k: u32,
    rng: &mut impl Rng,
    pdb: Option<Arc<PatternDb>>,
) -> Result<Board, ShuffleError> {
    to_distance_within(goal, k, rng, pdb, &SearchLimits::default())
}

/// [`to_distance`] within `limits`: its searches stop at their budgets or its cancel token
/// with the [`SolveError`] that says which.
pub fn to_distance_within(
    goal: &Board,
    k: u32,
    rng: &mut impl Rng,
    pdb: Option<Arc<PatternDb>>,
    limits: &SearchLimits,
) -> Result<Board, ShuffleError> {
    let size = goal.size();
    check_distance(size, k)?;
    if size <= 3 {
        // The whole space is small (181 440 boards for 3×3): list every board at distance k
        // and draw one, so every reachable k works for every seed and every goal (a random
        // climb rarely finds the two 3×3 boards at 31).
        let layer = crate::search::bfs::layer(goal, k, limits)?;
        if layer.is_empty() {
            return Err(ShuffleError::Unreachable { k });
        }
        return Ok(layer[rng.random_range(0..layer.len())].clone());
    }
    let request = match pdb {
        Some(db) => SolveRequest::new(Algorithm::PatternDb).with_pdb(db),
        None => return Err(ShuffleError::NeedsPatternDb { size }),
    };
    exact_distance(goal, k, rng, |b| {
        Ok(search::solve(b, goal, &request, limits)?.len() as u32)
    })
    .map_err(|e| match e {
        SolveError::Board(crate::BoardError::Unsolvable) => ShuffleError::Unreachable { k },
        other => other.into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn seeded_walk_is_reproducible_and_exact() {
        let goal = Board::goal(3).unwrap();
        let a = random_walk(&goal, 90, &mut ChaCha8Rng::seed_from_u64(7));
        let b = random_walk(&goal, 90, &mut ChaCha8Rng::seed_from_u64(7));
        assert_eq!(a, b);
        assert_eq!(a.tiles(), SEED7_WALK90);
        let c = random_walk(&goal, 90, &mut ChaCha8Rng::seed_from_u64(8));
        assert_ne!(a, c);
    }

    /// The board a 90-move walk with seed 7 gives (pinned so a change of RNG or walk shows).
    const SEED7_WALK90: &[u8] = &[0, 6, 5, 2, 3, 4, 8, 1, 7];

    #[test]
    fn uniform_boards_are_solvable_and_not_the_goal() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for size in 2..=6 {
            let goal = Board::goal_with_blank(size, size).unwrap();
            for _ in 0..50 {
                let b = uniform(&goal, &mut rng);
                assert!(crate::parity::is_solvable(&b, &goal));
                assert_ne!(b, goal);
            }
        }
    }

    #[test]
    fn shuffled_is_never_the_goal() {
        let goal = Board::goal(2).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for moves in [0, 1, 2, 6, 12] {
            for _ in 0..20 {
                assert_ne!(shuffled(&goal, moves, &mut rng), goal);
            }
        }
    }

    #[test]
    fn every_reachable_3x3_distance_works_for_every_seed_and_goal() {
        // The deepest distance of each goal: 31 for a corner blank, 30 for the centre.
        for (blank, deepest) in [(8, 31), (0, 31), (4, 30), (1, 31)] {
            let goal = Board::goal_with_blank(3, blank).unwrap();
            for seed in 0..8 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let board = to_distance(&goal, deepest, &mut rng, None).unwrap();
                let solved = search::solve(
                    &board,
                    &goal,
                    &SolveRequest::new(Algorithm::IdaStar),
                    &SearchLimits::default(),
                )
                .unwrap();
                assert_eq!(
                    solved.len() as u32,
                    deepest,
                    "goal blank {blank}, seed {seed}"
                );
            }
            if deepest < 31 {
                let mut rng = ChaCha8Rng::seed_from_u64(1);
                assert_eq!(
                    to_distance(&goal, 31, &mut rng, None),
                    Err(ShuffleError::Unreachable { k: 31 })
                );
            }
        }
    }

    #[test]
    fn to_distance_makes_difficulty_levels_and_refuses_what_it_cannot() {
        let goal = Board::goal_with_blank(3, 4).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let board = to_distance(&goal, 12, &mut rng, None).unwrap();
        let solved = search::solve(
            &board,
            &goal,
            &SolveRequest::new(Algorithm::Bfs),
            &SearchLimits::default(),
        )
        .unwrap();
        assert_eq!(solved.len(), 12);
        let four = Board::goal(4).unwrap();
        let five = Board::goal(5).unwrap();
        assert_eq!(
            to_distance(&five, 10, &mut rng, None),
            Err(ShuffleError::Size { size: 5 })
        );
        assert_eq!(
            to_distance(&goal, 32, &mut rng, None),
            Err(ShuffleError::Distance {
                k: 32,
                max: 31,
                size: 3
            })
        );
        assert!(matches!(
            to_distance(&goal, 0, &mut rng, None),
            Err(ShuffleError::Distance { k: 0, .. })
        ));
        assert_eq!(
            to_distance(&four, 20, &mut rng, None),
            Err(ShuffleError::NeedsPatternDb { size: 4 })
        );
    }
}
