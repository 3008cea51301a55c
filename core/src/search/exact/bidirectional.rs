//! Bidirectional breadth-first search: a frontier from the start and one from the goal; the
//! smaller one is always expanded next, and the search stops when they meet. Any state reached
//! by both first at that point lies on a shortest path (every shorter path would have met in an
//! earlier layer), so the two halves stitch into an optimal solution.
use super::bfs::Frontier;
use super::packed;
use crate::board::Board;
use crate::direction::undoing;
use crate::error::SolveError;
use crate::limits::{Budget, SearchLimits};
use crate::search::solution::{check_start, Solution, Solver};

/// Bidirectional BFS to one goal.
#[derive(Debug, Clone)]
pub struct BidirectionalBfs {
    goal: Board,
}

impl BidirectionalBfs {
    /// A bidirectional BFS solver for `goal`.
    pub fn new(goal: &Board) -> BidirectionalBfs {
        BidirectionalBfs { goal: goal.clone() }
    }
}

impl Solver for BidirectionalBfs {
    fn name(&self) -> String {
        "bibfs".into()
    }
    fn goal(&self) -> &Board {
        &self.goal
    }
    fn solve(&self, start: &Board, limits: &SearchLimits) -> Result<Solution, SolveError> {
        check_start(start, &self.goal)?;
        packed::check_fits("bibfs", start)?;
        let mut budget = Budget::new(limits);
        let mut forward = Frontier::new(start);
        let mut backward = Frontier::new(&self.goal);
        let mut meeting = (forward.start == backward.start).then_some(forward.start);
        while meeting.is_none() {
            let forward_smaller = forward.layer_len() <= backward.layer_len();
            let (grow, other) = if forward_smaller {
                (&mut forward, &backward)
            } else {
                (&mut backward, &forward)
            };
            let other_bytes = other.bytes();
            meeting = grow.expand_layer(&mut budget, other_bytes, |k| other.contains(k))?;
        }
        let meet = meeting.expect("loop ends on a meeting");
        let mut moves = forward.path_to(meet);
        let back = backward.path_to(meet);
        moves.extend(undoing(&back));
        Ok(Solution::new(
            "bibfs",
            start,
            moves,
            true,
            0,
            budget.finish(),
        ))
    }
}
