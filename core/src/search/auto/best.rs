//! The shortest path Auto has so far, and the searches that try to beat it one after another
//! (see `anytime.rs` for their order): beams forward from the start, beams backward from the
//! goal toward boards near the start (`backward.rs`), any other solver, and optimal windows over
//! the path. Each search gets what the node limit has left, and a cancel ends them all.
use std::time::Instant;

use super::backward::{joined, Target};
use super::beam::{beam, Shape};
use crate::board::{Board, Direction};
use crate::error::{LimitKind, SolveError};
use crate::heuristic::Heuristic;
use crate::limits::{Budget, SearchLimits};
use crate::search::exact::windows::shorten;
use crate::search::solution::{Solution, Solver};
use crate::stats::Stats;

/// How Auto's beams run: one `first_width` wide, then one paced to the deadline (see
/// [`Shape::paced`]) planning at least `moves_per_unit` moves per unit of estimate still to
/// fall, each keeping a board of a recent depth out of later ones when `once` says so (see
/// [`Shape::once`]).
pub(crate) struct Beams {
    pub first_width: usize,
    pub once: bool,
    pub moves_per_unit: f64,
}

/// The widest a paced beam may grow (time and memory keep it far narrower at a player's wait).
const PACED_WIDEST: usize = 1 << 20;

/// A beam Auto runs: [`Beams::first_width`] wide, or paced to the deadline.
#[derive(Clone, Copy)]
pub(crate) enum Step {
    First,
    Paced,
}

/// Where a beam goes: from `from` to `to`, ranked by `heuristic`. Forward, `walk` is `None`;
/// backward (from the goal to a target), the start's walk to the target, put in front of the
/// beam's path turned round.
struct Leg<'a, H> {
    from: &'a Board,
    to: &'a Board,
    heuristic: &'a H,
    walk: Option<&'a [Direction]>,
}

/// What one beam did: found a path shorter than the shortest so far, found none shorter, or
/// was stopped by a limit; or did not run, the path being proven the shortest.
enum Ran {
    Optimal,
    Shorter,
    NotShorter,
    Stopped(LimitKind),
}

/// The shortest path so far, the name of the search that found it, and what every search so
/// far proved and spent.
pub(crate) struct Best {
    pub moves: Option<Vec<Direction>>,
    pub name: String,
    pub lower_bound: u32,
    pub stats: Stats,
    /// The limit that stopped the last search, reported if no path was found at all.
    pub last_limit: LimitKind,
}

impl Best {
    pub(crate) fn is_optimal(&self) -> bool {
        self.moves
            .as_ref()
            .is_some_and(|m| m.len() as u32 <= self.lower_bound)
    }

    /// The same path and bound, with nothing spent yet: one of searches that run side by side,
    /// merged back with [`Best::merge`].
    pub(crate) fn fork(&self) -> Best {
        Best {
            moves: self.moves.clone(),
            name: self.name.clone(),
            lower_bound: self.lower_bound,
            stats: Stats::default(),
            last_limit: self.last_limit,
        }
    }

    /// What searches run side by side on forks found and spent: the shortest path of any, and
    /// their work summed, the memory they held at once too.
    pub(crate) fn merge(&mut self, forks: Vec<Best>) {
        let mut together = Stats::default();
        for fork in forks {
            together.absorb_beside(&fork.stats);
            self.lower_bound = self.lower_bound.max(fork.lower_bound);
            if let Some(moves) = fork.moves {
                self.keep_if_shorter(moves, fork.name);
            }
            if self.moves.is_none() {
                self.last_limit = fork.last_limit;
            }
        }
        self.stats.absorb(&together);
    }

    /// Keeps `moves`, found by the search `name`, when no path is kept yet or they are shorter
    /// than the one kept; whether they were kept.
    fn keep_if_shorter(&mut self, moves: Vec<Direction>, name: String) -> bool {
        if self.moves.as_ref().is_some_and(|m| m.len() <= moves.len()) {
            return false;
        }
        self.moves = Some(moves);
        self.name = name;
        true
    }

    /// The limits of one of `parts` searches run side by side: an equal share of the threads,
    /// of the memory limit, and of what the node limit has left.
    pub(crate) fn share(&self, limits: &SearchLimits, parts: usize) -> SearchLimits {
        let mut share = limits.clone();
        share.threads = (limits.threads / parts).max(1);
        share.max_bytes = limits.max_bytes / parts as u64;
        share.max_nodes = self.nodes_left(limits).map(|left| left / parts as u64);
        share
    }

    /// The limits of the next search: `deadline`, and what the node limit has left.
    fn rest(&self, limits: &SearchLimits, deadline: Instant) -> SearchLimits {
        let mut rest = limits.clone();
        rest.deadline = Some(deadline);
        rest.max_nodes = self.nodes_left(limits);
        rest
    }

    /// What the node limit has left after every search so far.
    fn nodes_left(&self, limits: &SearchLimits) -> Option<u64> {
        limits
            .max_nodes
            .map(|max| max.saturating_sub(self.stats.expanded))
    }

    /// The beams `steps` say, shaped as `beams` says, until the deadline, a limit, or a path
    /// that meets the lower bound. Each goes no deeper than the shortest path so far. Whether
    /// one of them found a shorter path (or the path is already proven the shortest).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn widen<H: Heuristic>(
        &mut self,
        start: &Board,
        goal: &Board,
        heuristic: &H,
        limits: &SearchLimits,
        deadline: Instant,
        beams: &Beams,
        steps: &[Step],
    ) -> Result<bool, SolveError> {
        let leg = Leg {
            from: start,
            to: goal,
            heuristic,
            walk: None,
        };
        let mut found_any = false;
        for &step in steps {
            match self.one_beam(&leg, limits, deadline, beams, step)? {
                Ran::Optimal => return Ok(true),
                Ran::Shorter => found_any = true,
                Ran::NotShorter => {}
                Ran::Stopped(_) => return Ok(found_any),
            }
        }
        Ok(found_any)
    }

    /// Paced beams from `goal` toward each target in turn (see `backward.rs`), each given an
    /// equal share of the time left before `deadline`, their paths turned round into the
    /// start's and kept when shorter. A beam whose share runs out leaves the next its time.
    pub(crate) fn backward<H: Heuristic>(
        &mut self,
        goal: &Board,
        targets: &[Target<H>],
        limits: &SearchLimits,
        deadline: Instant,
        beams: &Beams,
    ) -> Result<(), SolveError> {
        for (i, target) in targets.iter().enumerate() {
            let now = Instant::now();
            let end = now + deadline.saturating_duration_since(now) / (targets.len() - i) as u32;
            let leg = Leg {
                from: goal,
                to: &target.board,
                heuristic: &target.heuristic,
                walk: Some(&target.walk),
            };
            match self.one_beam(&leg, limits, end, beams, Step::Paced)? {
                Ran::Stopped(LimitKind::Time) if Instant::now() < deadline => {}
                Ran::Optimal | Ran::Stopped(_) => return Ok(()),
                Ran::Shorter | Ran::NotShorter => {}
            }
        }
        Ok(())
    }

    /// The forward beams `steps` say and the backward beams toward `targets`, side by side:
    /// each side on a fork with half the limits (see [`Best::share`]), merged back when both
    /// have ended. A limit that stopped either is reported with the work of both.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn both_ways<H: Heuristic + Sync>(
        &mut self,
        start: &Board,
        goal: &Board,
        heuristic: &H,
        targets: &[Target<H>],
        limits: &SearchLimits,
        deadline: Instant,
        beams: &Beams,
        steps: &[Step],
    ) -> Result<(), SolveError> {
        let half = self.share(limits, 2);
        let (mut forward, mut back) = (self.fork(), self.fork());
        let (ahead, behind) = std::thread::scope(|s| {
            let behind = s.spawn(|| back.backward(goal, targets, &half, deadline, beams));
            let ahead = forward.widen(start, goal, heuristic, &half, deadline, beams, steps);
            (ahead, behind.join())
        });
        self.merge(vec![forward, back]);
        let behind = behind.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        ahead
            .and(behind)
            .map_err(|e| e.with_stats(self.stats.clone()))
    }

    /// One beam along `leg` until `deadline`, within what the node limit has left, no deeper
    /// than the shortest path so far, as `step` and `beams` shape it. Its path is kept when
    /// shorter. None runs when the path is proven the shortest or the node limit is spent.
    fn one_beam<H: Heuristic>(
        &mut self,
        leg: &Leg<H>,
        limits: &SearchLimits,
        deadline: Instant,
        beams: &Beams,
        step: Step,
    ) -> Result<Ran, SolveError> {
        if self.is_optimal() {
            return Ok(Ran::Optimal);
        }
        let rest = self.rest(limits, deadline);
        if rest.max_nodes == Some(0) {
            self.last_limit = LimitKind::Nodes;
            return Ok(Ran::Stopped(LimitKind::Nodes));
        }
        // a turned path may undo each move of the walk, two moves fewer for each
        let walked = leg.walk.map_or(0, <[Direction]>::len);
        let longest = self
            .moves
            .as_ref()
            .map_or(usize::MAX, |m| m.len() - 1 + walked);
        let (width, paced) = match step {
            Step::First => (beams.first_width, None),
            Step::Paced => (PACED_WIDEST, Some(beams.moves_per_unit)),
        };
        let shape = Shape {
            width,
            longest,
            once: beams.once,
            paced,
        };
        let mut account = Budget::new(&rest);
        let found = beam(leg.from, leg.to, leg.heuristic, shape, &mut account);
        self.stats.absorb(&account.stats);
        match found {
            Ok(Some((path, widest))) => {
                let path = match leg.walk {
                    None => path,
                    Some(walk) => joined(walk, &path),
                };
                let name = format!("auto:beam+{}×{widest}", leg.heuristic.name());
                match self.keep_if_shorter(path, name) {
                    true => Ok(Ran::Shorter),
                    false => Ok(Ran::NotShorter),
                }
            }
            Ok(None) => Ok(Ran::NotShorter),
            Err(SolveError::LimitReached { limit, .. }) => {
                self.last_limit = limit;
                Ok(Ran::Stopped(limit))
            }
            Err(e) => Err(e.with_stats(self.stats.clone())),
        }
    }

    /// `solver` until `until`, its path kept when it is the shortest so far. A solver stopped by
    /// a limit leaves the path as it was; only a cancel ends the solve.
    pub(crate) fn run(
        &mut self,
        start: &Board,
        solver: &dyn Solver,
        limits: &SearchLimits,
        until: Instant,
    ) -> Result<(), SolveError> {
        let rest = self.rest(limits, until);
        match solver.solve(start, &rest) {
            Ok(s) => {
                self.stats.absorb(&s.stats);
                self.lower_bound = self.lower_bound.max(s.lower_bound);
                self.keep_if_shorter(s.moves, format!("auto:{}", s.algorithm));
                Ok(())
            }
            Err(SolveError::LimitReached { stats, .. }) => {
                self.stats.absorb(&stats);
                Ok(())
            }
            Err(e) => Err(e.with_stats(self.stats.clone())),
        }
    }

    /// Optimal windows over the shortest path (`windows.rs`) in the time the beams left. A
    /// beam seldom wastes a move, but where it does a window of up to 48 moves finds it, in a
    /// few milliseconds on 5×5 (a move or two off one board in seven of Korf–Taylor's). What
    /// they shortened before a limit stopped them is kept; only a cancel ends the solve. The
    /// path keeps the name of the beam that found it.
    pub(crate) fn polish(
        &mut self,
        start: &Board,
        limits: &SearchLimits,
        deadline: Instant,
    ) -> Result<(), SolveError> {
        if self.is_optimal() {
            return Ok(());
        }
        let rest = self.rest(limits, deadline);
        let Some(moves) = self.moves.as_mut() else {
            return Ok(());
        };
        let mut account = Budget::new(&rest);
        let done = shorten(start, moves, self.lower_bound, &mut account);
        self.stats.absorb(&account.stats);
        match done {
            Err(e @ SolveError::Cancelled { .. }) => Err(e.with_stats(self.stats.clone())),
            _ => Ok(()),
        }
    }

    /// The solution, or the last limit when no search found a path.
    pub(crate) fn finish(mut self, start: &Board, began: Instant) -> Result<Solution, SolveError> {
        self.stats.elapsed = began.elapsed();
        self.stats.lower_bound = self.lower_bound;
        let optimal = self.is_optimal();
        match self.moves {
            Some(moves) => Ok(Solution::new(
                self.name,
                start,
                moves,
                optimal,
                self.lower_bound,
                self.stats,
            )),
            None => Err(SolveError::LimitReached {
                limit: self.last_limit,
                stats: self.stats,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::LinearConflict;
    use crate::search::auto::backward::targets;
    use crate::search::IdaStar;
    use std::time::Duration;

    /// Searches run side by side merge into one: the shortest path of any with its name, the
    /// best bound, their work summed and the memory they held at once; a fork that found
    /// nothing shorter leaves the path as it was.
    #[test]
    fn forks_merge_into_the_shortest_path_and_their_work_summed() {
        use Direction::*;
        let mut best = Best {
            moves: Some(vec![Left; 9]),
            name: "first".into(),
            lower_bound: 3,
            stats: Stats {
                expanded: 10,
                ..Stats::default()
            },
            last_limit: LimitKind::Time,
        };
        let limits = SearchLimits::default().threads(4).nodes(110);
        let half = best.share(&limits, 2);
        assert_eq!((half.threads, half.max_nodes), (2, Some(50)));
        assert_eq!(half.max_bytes, limits.max_bytes / 2);
        let (mut a, mut b) = (best.fork(), best.fork());
        assert_eq!((a.moves.clone(), a.stats.expanded), (best.moves.clone(), 0));
        a.moves = Some(vec![Up; 7]);
        a.name = "a".into();
        a.stats.expanded = 20;
        a.stats.peak_bytes = 100;
        b.moves = Some(vec![Down; 5]);
        b.name = "b".into();
        b.lower_bound = 5;
        b.stats.expanded = 30;
        b.stats.peak_bytes = 50;
        best.merge(vec![a, b]);
        assert_eq!(best.moves, Some(vec![Down; 5]));
        assert_eq!(best.name, "b");
        assert!(best.is_optimal());
        assert_eq!((best.stats.expanded, best.stats.peak_bytes), (60, 150));
        let mut c = best.fork();
        c.moves = Some(vec![Up; 7]);
        c.name = "longer".into();
        best.merge(vec![c]);
        assert_eq!((best.moves, best.name.as_str()), (Some(vec![Down; 5]), "b"));
    }

    /// Backward beams give the start their turned paths: toward the corner boards nearest the
    /// start (as the tables allow), each path from the goal, walked to and turned round,
    /// replays from the start to the goal, and the shortest beats a path two detours too long.
    #[test]
    fn backward_beams_give_the_start_a_shorter_path() {
        use Direction::*;
        let goal = Board::goal_with_blank(5, 0).unwrap();
        let mut start = goal.clone();
        let out = [
            Right, Right, Down, Down, Left, Down, Right, Right, Up, Right, Down, Down,
        ];
        start.apply_all(&out).unwrap();
        start.apply_all(&[Left, Left, Up, Left, Up, Right]).unwrap();
        assert!(![0, 4, 20, 24].contains(&start.blank()));
        let limits = SearchLimits::default().threads(1);
        let optimal = IdaStar::new(&goal, LinearConflict::new(&goal))
            .solve(&start, &limits)
            .unwrap();
        let detour = start.legal_moves().next().unwrap();
        let mut padded = [detour, detour.opposite()].repeat(2);
        padded.extend(&optimal.moves);
        let mut best = Best {
            moves: Some(padded.clone()),
            name: "first".into(),
            lower_bound: 0,
            stats: Stats::default(),
            last_limit: LimitKind::Time,
        };
        let corner = |b: &Board| [0, 4, 20, 24].contains(&b.blank());
        let targets = targets(&start, |b| corner(b).then(|| LinearConflict::new(b)), 3);
        assert_eq!(targets.len(), 3);
        assert!(targets.iter().all(|t| !t.walk.is_empty()));
        let beams = Beams {
            first_width: 300,
            once: false,
            moves_per_unit: 1.5,
        };
        let deadline = Instant::now() + Duration::from_millis(600);
        best.backward(&goal, &targets, &limits, deadline, &beams)
            .unwrap();
        let moves = best.moves.unwrap();
        assert!(moves.len() < padded.len(), "{} moves", moves.len());
        assert!(best.name.starts_with("auto:beam+lc×"), "{}", best.name);
        assert!(best.stats.expanded > 0);
        let mut replay = start.clone();
        replay.apply_all(&moves).unwrap();
        assert_eq!(replay, goal);
    }
}
