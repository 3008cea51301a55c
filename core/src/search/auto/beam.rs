//! Beam search: breadth-first from the start, keeping at each depth only the `width` boards
//! with the lowest estimate (a board reached twice at one depth is kept once). Every board of a
//! depth has made the same number of moves, so the lowest estimate is the lowest f = g + h. It
//! finds a path in a time proportional to `width` × the path's length, usually somewhat longer
//! than the shortest; a wider beam keeps more of the boards an optimal path runs through and so
//! finds a shorter one. Auto runs a narrow beam and then one paced to its deadline, with the
//! pattern databases on 5×5, where no optimal search finishes in a player's wait, and with
//! linear conflict on 6×6 and 7×7 (see `anytime.rs`).
use std::time::Instant;

use rustc_hash::FxHashSet;

use super::expand::{Candidate, Children, Expand, Layer};
use super::kept::{in_index_order, lowest_distinct, unscramble, zobrist_keys, Closed};
use super::pace::Pace;

use crate::board::{Board, Direction, MAX_SIZE};
use crate::error::{LimitKind, SolveError};
use crate::heuristic::Heuristic;
use crate::limits::{Budget, SearchLimits};
use crate::search::solution::{check_start, Solution, Solver};

const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;
/// No move: the start has no move to undo.
const NONE: u8 = u8::MAX;

/// Beam search with heuristic `H` and a fixed width.
#[derive(Debug, Clone)]
pub struct Beam<H> {
    goal: Board,
    heuristic: H,
    width: usize,
    once: bool,
}

impl<H: Heuristic> Beam<H> {
    /// A beam `width` boards wide (at least 1) toward `goal`.
    pub fn new(goal: &Board, heuristic: H, width: usize) -> Beam<H> {
        Beam {
            goal: goal.clone(),
            heuristic,
            width: width.max(1),
            once: false,
        }
    }

    /// The same beam keeping the boards of recent depths out of later ones (see
    /// the beam module's `Shape::once`), as Auto's beams on 6×6 to 8×8 do.
    pub fn recent_kept_out(self) -> Beam<H> {
        Beam { once: true, ..self }
    }
}

impl<H: Heuristic> Solver for Beam<H> {
    fn name(&self) -> String {
        format!("beam+{}×{}", self.heuristic.name(), self.width)
    }

    fn goal(&self) -> &Board {
        &self.goal
    }

    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError> {
        check_start(start, &self.goal)?;
        let h0 = self.heuristic.estimate(start.tiles());
        let mut budget = Budget::new(limits);
        let shape = Shape {
            width: self.width,
            longest: usize::MAX,
            once: self.once,
            paced: None,
        };
        let found = beam(start, &self.goal, &self.heuristic, shape, &mut budget)?;
        // a beam that wandered past any sensible depth gave up, as a search at its node limit
        let Some((moves, _)) = found else {
            return Err(SolveError::LimitReached {
                limit: LimitKind::Nodes,
                stats: budget.finish(),
            });
        };
        Ok(Solution::new(
            self.name(),
            start,
            moves,
            false,
            h0,
            budget.finish(),
        ))
    }
}

/// How a beam runs: its width, the longest path worth finding, and whether a board kept at one
/// depth is kept out of every later one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shape {
    /// The boards kept at each depth.
    pub width: usize,
    /// The longest path worth finding (a caller that holds a path of `longest + 1` moves wants
    /// no longer one).
    pub longest: usize,
    /// A board kept at a recent depth kept out of later ones, not only once per depth (the
    /// boards a beam returns to are those of the depth two before; see [`Closed`]). On 7×7
    /// with linear conflict this kept narrow beams from circling (a beam 8 000 wide went from
    /// 1.69× to 1.64× the Manhattan distance in the median and from 2.39× to 1.86× at worst);
    /// the 5×5 beams, which do not circle with the pattern databases, go without.
    pub once: bool,
    /// With `Some(moves_per_unit)` the width is paced to end by the limits' deadline: at each
    /// depth the beam takes the width that fits the time left, from its cost per board so far
    /// and the depths still to go (at the pace its best estimate has fallen so far, and at
    /// least `moves_per_unit` per unit of estimate left), and that keeps what it holds within
    /// the memory limit, `width` at most. A beam sized in advance that overran its deadline
    /// found nothing; a paced one narrows instead.
    pub paced: Option<f64>,
}

/// The path the beam shaped by `shape` finds from `start` to `goal`, with the most boards it
/// kept at one depth (its width, or what pacing allowed). `None` when the beam
/// passes `shape.longest`, or wanders past a depth no sensible path reaches, without the goal.
/// A beam that grows past the memory limit stops with that limit. With `threads` above 1 each
/// layer's children are generated on that many threads; the path is the same on any number.
pub(crate) fn beam<H: Heuristic>(
    start: &Board,
    goal: &Board,
    heuristic: &H,
    shape: Shape,
    budget: &mut Budget,
) -> Result<Option<(Vec<Direction>, usize)>, SolveError> {
    let mut width = shape.width;
    let n = start.size();
    let cells = start.cells();
    if start == goal {
        return Ok(Some((Vec::new(), 1)));
    }
    let zobrist = zobrist_keys(cells);
    let key_of = |tiles: &[u8]| {
        tiles
            .iter()
            .enumerate()
            .fold(0u64, |k, (c, &t)| k ^ zobrist[t as usize * cells + c])
    };
    let mut pos = [0u8; MAX_CELLS];
    for (c, &t) in start.tiles().iter().enumerate() {
        pos[t as usize] = c as u8;
    }
    let h0 = heuristic.init(start.tiles(), &pos[..cells]);
    let max_depth = shape
        .longest
        .min(8 * (heuristic.value(&h0) as usize + cells));
    let mut layer = Layer {
        tiles: start.tiles().to_vec(),
        evals: vec![h0],
        keys: vec![key_of(start.tiles())],
        back: vec![NONE],
        blanks: vec![start.blank() as u8],
    };
    // the depth before the last, whose buffers the next depth reuses
    let mut spare = Layer {
        tiles: Vec::new(),
        evals: Vec::new(),
        keys: Vec::new(),
        back: Vec::new(),
        blanks: Vec::new(),
    };
    let threads = budget.limits().threads.max(1);
    // trail[d][i]: how board i of depth d + 1 was reached from depth d (`parent << 2 | dir`)
    let mut trail: Vec<Vec<u32>> = Vec::new();
    let mut trail_bytes = 0u64;
    let mut candidates: Children<H::Eval> = Children::default();
    let mut seen: FxHashSet<u64> = FxHashSet::default();
    // the boards kept at earlier depths, when the shape asks for them to be kept out
    let mut closed = Closed::new();
    let mut order: Vec<u64> = Vec::new();
    let mut marks: Vec<u64> = Vec::new();
    let eval_bytes = std::mem::size_of::<H::Eval>() as u64;
    let candidate_bytes = std::mem::size_of::<Candidate<H::Eval>>() as u64;
    let mut pace = match (shape.paced, budget.limits().deadline) {
        (Some(moves_per_unit), Some(deadline)) => Some(Pace {
            deadline,
            moves_per_unit,
            depth_began: Instant::now(),
            per_board: 0.0,
            h0: heuristic.value(&h0),
            max_bytes: budget.limits().max_bytes,
            // its trail entry (the table of recent boards is sized by the width, and counted
            // in what the beam holds)
            bytes_per_board: 4,
        }),
        _ => None,
    };
    // the widest depth kept, which names the beam
    let mut widest = 1;
    for depth in 1..=max_depth {
        let expand = Expand {
            n,
            cells,
            heuristic,
            zobrist: &zobrist,
            goal: goal.tiles(),
            closed: shape.once.then_some(&closed),
        };
        expand.all_children(&layer, threads, budget, &mut candidates)?;
        // the choice is made on (rank, scrambled index) words, which move far faster than
        // whole candidates; ties go by the scrambled index, as good as random (by the index
        // itself they went to the oldest line of boards, and 8×8 beams lost their way more)
        candidates.order_words(&mut order);
        lowest_distinct(
            &mut order,
            |o| candidates.key(unscramble(o)),
            width,
            &mut seen,
        );
        let kept = order.len();
        let held = trail_bytes
            // the earlier boards' table (see `Closed`)
            + if shape.once { closed.bytes() } else { 0 }
            // the layers' buffers as allocated: a reused one may have room for a wider depth
            + layer.room() as u64 * (cells as u64 + eval_bytes + 10)
            // a child, its ordering word in its part and in `order`, and its key
            + candidates.len() as u64 * (candidate_bytes + 24)
            + kept.max(spare.room()) as u64 * (cells as u64 + eval_bytes + 14);
        budget.memory(layer.len() + candidates.len(), held)?;
        // the kept candidates in their own order, read one after another
        in_index_order(&mut order, candidates.len(), &mut marks);
        let mut steps = Vec::new();
        let built = expand.next_layer(&layer, &candidates, &order, threads, &mut spare, &mut steps);
        if shape.once {
            closed.fit(kept, &layer.keys);
            for &key in &spare.keys {
                closed.insert(key);
            }
        }
        trail_bytes += steps.len() as u64 * 4;
        trail.push(steps);
        widest = widest.max(kept);
        if let Some(last) = built.reached {
            return Ok(Some((path_back(&trail, last), widest)));
        }
        if let Some(pace) = &mut pace {
            width = pace.width(depth, layer.len(), built.best_h, held, shape.width);
        }
        std::mem::swap(&mut layer, &mut spare);
    }
    Ok(None)
}

/// The moves to board `last` of the deepest layer, read back through `trail`.
fn path_back(trail: &[Vec<u32>], last: usize) -> Vec<Direction> {
    let mut moves = Vec::with_capacity(trail.len());
    let mut at = last;
    for steps in trail.iter().rev() {
        let s = steps[at];
        moves.push(Direction::ALL[(s & 3) as usize]);
        at = (s >> 2) as usize;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::{LinearConflict, Manhattan};
    use crate::search::auto::expand::PARALLEL_CELLS;
    use crate::search::IdaStar;
    use crate::text::parse_board;

    /// Paths replay to the goal; a wider beam is never much worse, and the widest one here
    /// finds the optimal length on a board IDA* solves.
    #[test]
    fn paths_reach_the_goal_and_widen_toward_optimal() {
        let goal = Board::goal_with_blank(4, 0).unwrap();
        let start = parse_board("2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0").unwrap();
        let optimal = IdaStar::new(&goal, LinearConflict::new(&goal))
            .solve(&start, &SearchLimits::default())
            .unwrap()
            .len();
        let mut lengths = Vec::new();
        for width in [64, 512, 4096, 32768] {
            let s = Beam::new(&goal, LinearConflict::new(&goal), width)
                .solve(&start, &SearchLimits::default())
                .unwrap();
            let mut b = start.clone();
            b.apply_all(&s.moves).unwrap();
            assert_eq!(b, goal, "width {width}");
            assert!(s.len() >= optimal && !s.optimal);
            assert_eq!(s.len() % 2, optimal % 2, "a path's parity is the board's");
            lengths.push(s.len());
        }
        assert!(lengths[3] <= lengths[0], "{lengths:?}");
        assert!(
            (lengths[3] as f64) <= optimal as f64 * 1.1,
            "{lengths:?} vs {optimal}"
        );
    }

    /// Layers wide enough are expanded on two threads; the path is the one a single thread
    /// finds, move for move.
    #[test]
    fn two_threads_find_the_same_path() {
        let goal = Board::goal_with_blank(4, 0).unwrap();
        let start = parse_board("2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0").unwrap();
        let beam = Beam::new(&goal, LinearConflict::new(&goal), 3 * PARALLEL_CELLS / 16);
        let one = beam.solve(&start, &SearchLimits::default()).unwrap();
        let two = beam
            .solve(&start, &SearchLimits::default().threads(2))
            .unwrap();
        assert_eq!(one.moves, two.moves);
        assert_eq!(one.stats.expanded, two.stats.expanded);
        assert_eq!(one.stats.generated, two.stats.generated);
    }

    /// Any goal: the blank's home in the middle, and the start already solved.
    #[test]
    fn any_blank_home_and_the_goal_itself() {
        let goal = Board::goal_with_blank(3, 4).unwrap();
        let mut start = goal.clone();
        let limits = SearchLimits::default();
        let s = Beam::new(&goal, Manhattan::new(&goal), 8)
            .solve(&start, &limits)
            .unwrap();
        assert!(s.moves.is_empty());
        for d in [
            Direction::Up,
            Direction::Left,
            Direction::Down,
            Direction::Down,
        ] {
            let _ = start.apply(d);
        }
        let s = Beam::new(&goal, Manhattan::new(&goal), 8)
            .solve(&start, &limits)
            .unwrap();
        start.apply_all(&s.moves).unwrap();
        assert_eq!(start, goal);
    }

    /// The memory limit stops a beam before it grows past it, and says so.
    #[test]
    fn memory_limit_stops_a_wide_beam() {
        let goal = Board::goal_with_blank(4, 0).unwrap();
        let start = parse_board("2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0").unwrap();
        let limits = SearchLimits::default().bytes(200_000);
        let err = Beam::new(&goal, Manhattan::new(&goal), 100_000)
            .solve(&start, &limits)
            .unwrap_err();
        match err {
            SolveError::LimitReached {
                limit: LimitKind::Memory,
                stats,
            } => assert!(stats.peak_bytes <= 200_000 && stats.refused_bytes > 200_000),
            other => panic!("{other:?}"),
        }
    }

    /// A beam asked for no path longer than it can find gives none; asked for its own length
    /// it finds the same path. Keeping every board out of later depths still reaches the goal.
    #[test]
    fn longest_and_once_shape_the_beam() {
        let goal = Board::goal_with_blank(4, 0).unwrap();
        let start = parse_board("2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0").unwrap();
        let limits = SearchLimits::default();
        let run = |shape: Shape| {
            let mut budget = Budget::new(&limits);
            beam(
                &start,
                &goal,
                &LinearConflict::new(&goal),
                shape,
                &mut budget,
            )
            .unwrap()
            .map(|(moves, _)| moves)
        };
        let shape = Shape {
            width: 64,
            longest: usize::MAX,
            once: false,
            paced: None,
        };
        let path = run(shape).unwrap();
        let exact = run(Shape {
            longest: path.len(),
            ..shape
        });
        assert_eq!(exact.as_ref(), Some(&path));
        let shorter = run(Shape {
            longest: path.len() - 1,
            ..shape
        });
        assert_eq!(shorter, None);
        let once = run(Shape {
            once: true,
            ..shape
        })
        .unwrap();
        let mut b = start.clone();
        b.apply_all(&once).unwrap();
        assert_eq!(b, goal);
    }
}
