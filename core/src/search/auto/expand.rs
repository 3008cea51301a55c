//! One depth of a beam (see `beam.rs`): its kept boards, and every child they offer, generated
//! on several threads for wide layers. Each thread writes its own buffer, kept from depth to
//! depth, with the word the beam orders each child by; the beam reads the buffers as one list
//! ([`Children`]) instead of copying them into one.
use super::kept::{scramble, Closed};
use crate::board::{step, Direction, MAX_SIZE};
use crate::error::SolveError;
use crate::heuristic::Heuristic;
use crate::limits::{join_all, Budget, Shared};

const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// A child a layer offers before the beam chooses: the board it came from in the layer, the
/// move, and its evaluation (its rank is in its ordering word, its key in [`Children::key`]).
#[derive(Clone, Copy)]
pub(crate) struct Candidate<E> {
    /// `parent << 2 | direction`.
    pub step: u32,
    pub eval: E,
}

/// One depth's kept boards, stored flat: `tiles[i * cells..][..cells]` is board `i`.
pub(crate) struct Layer<E> {
    pub tiles: Vec<u8>,
    pub evals: Vec<E>,
    pub keys: Vec<u64>,
    /// The direction that would undo the move into each board.
    pub back: Vec<u8>,
    /// The blank's cell in each board.
    pub blanks: Vec<u8>,
}

impl<E> Layer<E> {
    pub fn len(&self) -> usize {
        self.evals.len()
    }

    /// The boards its buffers have room for: a reused layer may hold more than it has.
    pub fn room(&self) -> usize {
        self.evals.capacity().max(self.len())
    }
}

/// The children one thread made: each child, its ordering word (its rank above its scrambled
/// index in the part) and its board key. The keys are apart from the children, so that the
/// beam's choice, which reads them in rank order, reads 8 bytes a child and not a whole child
/// (whose evaluation is most of it); with the PDB's evaluation on 5×5 the choice went from
/// reading 72 bytes a child to 8.
pub(crate) struct Part<E> {
    found: Vec<Candidate<E>>,
    words: Vec<u64>,
    keys: Vec<u64>,
}

impl<E> Default for Part<E> {
    fn default() -> Self {
        Part {
            found: Vec::new(),
            words: Vec::new(),
            keys: Vec::new(),
        }
    }
}

impl<E> Part<E> {
    fn clear(&mut self) {
        self.found.clear();
        self.words.clear();
        self.keys.clear();
    }
}

/// A layer's children in the layer's order, held in one part per thread that made them.
pub(crate) struct Children<E> {
    parts: Vec<Part<E>>,
    /// The index of each part's first child in the whole list.
    starts: Vec<usize>,
}

impl<E> Default for Children<E> {
    fn default() -> Self {
        Children {
            parts: Vec::new(),
            starts: Vec::new(),
        }
    }
}

impl<E> Children<E> {
    /// How many children there are.
    pub fn len(&self) -> usize {
        match (self.starts.last(), self.parts.last()) {
            (Some(start), Some(part)) => start + part.found.len(),
            _ => 0,
        }
    }

    /// The part that holds child `i` of the whole list, and the child's index in it.
    #[inline(always)]
    fn locate(&self, i: usize) -> (&Part<E>, usize) {
        let mut t = self.parts.len() - 1;
        while self.starts[t] > i {
            t -= 1;
        }
        (&self.parts[t], i - self.starts[t])
    }

    /// Child `i` of the whole list.
    #[inline(always)]
    pub fn get(&self, i: usize) -> &Candidate<E> {
        let (part, at) = self.locate(i);
        &part.found[at]
    }

    /// The board key of child `i` of the whole list.
    #[inline(always)]
    pub fn key(&self, i: usize) -> u64 {
        let (part, at) = self.locate(i);
        part.keys[at]
    }

    /// Every child's ordering word, the rank above its scrambled index in the whole list (see
    /// [`scramble`]), into `order`. Scrambling is a multiplication, so a part's words, made from
    /// its own indices, need only the scrambled start of the part added.
    pub fn order_words(&self, order: &mut Vec<u64>) {
        order.clear();
        order.reserve(self.len());
        for (part, &start) in self.parts.iter().zip(&self.starts) {
            let shift = scramble(start);
            order.extend(part.words.iter().map(|&w| {
                let low = (w as u32).wrapping_add(shift);
                (w & !(u32::MAX as u64)) | low as u64
            }));
        }
    }
}

/// Layers with fewer cells than this (boards × cells per board) are expanded on one thread:
/// splitting them costs more than it saves. 4096 boards on 5×5, about 2100 on 7×7, whose
/// boards cost twice as much to expand.
pub(crate) const PARALLEL_CELLS: usize = 4096 * 25;

/// What expanding a layer needs besides the layer: the board side, the heuristic and the keys.
pub(crate) struct Expand<'a, H> {
    pub n: usize,
    pub cells: usize,
    pub heuristic: &'a H,
    pub zobrist: &'a [u64],
    /// The goal's tiles.
    pub goal: &'a [u8],
    /// The boards kept at earlier depths, whose children are left out, when the shape says so.
    pub closed: Option<&'a Closed>,
}

impl<H: Heuristic> Expand<'_, H> {
    /// The threads for work over `boards` boards: one below [`PARALLEL_CELLS`], else `threads`.
    fn threads_for(&self, boards: usize, threads: usize) -> usize {
        match boards * self.cells < PARALLEL_CELLS {
            true => 1,
            false => threads.max(1),
        }
    }

    /// The children of boards `range` of `layer`, in order, each counted in `budget`, with
    /// their ordering words (indices from 0) and keys, in `out`.
    fn children(
        &self,
        layer: &Layer<H::Eval>,
        range: std::ops::Range<usize>,
        budget: &mut Budget,
        out: &mut Part<H::Eval>,
    ) -> Result<(), SolveError> {
        let (n, cells, zobrist, closed) = (self.n, self.cells, self.zobrist, self.closed);
        let mut tiles = [0u8; MAX_CELLS];
        let mut pos = [0u8; MAX_CELLS];
        out.clear();
        for i in range {
            budget.expand(0)?;
            let parent = &layer.tiles[i * cells..][..cells];
            tiles[..cells].copy_from_slice(parent);
            for (c, &t) in parent.iter().enumerate() {
                pos[t as usize] = c as u8;
            }
            let blank = layer.blanks[i] as usize;
            for dir in Direction::ALL {
                if dir.index() as u8 == layer.back[i] {
                    continue;
                }
                let Some(to) = step(n, blank, dir) else {
                    continue;
                };
                let tile = tiles[to];
                budget.stats.generated += 1;
                let key = layer.keys[i]
                    ^ zobrist[tile as usize * cells + to]
                    ^ zobrist[tile as usize * cells + blank];
                if closed.is_some_and(|closed| closed.contains(key)) {
                    continue;
                }
                // the child's board, for the heuristic's update, then the parent's again
                tiles[blank] = tile;
                tiles[to] = 0;
                pos[tile as usize] = blank as u8;
                pos[0] = to as u8;
                let eval = self.heuristic.update(
                    &layer.evals[i],
                    &tiles[..cells],
                    &pos[..cells],
                    tile,
                    to,
                    blank,
                );
                tiles[to] = tile;
                tiles[blank] = 0;
                pos[tile as usize] = to as u8;
                pos[0] = blank as u8;
                let h = self.heuristic.rank(&eval);
                out.words
                    .push((h as u64) << 32 | scramble(out.found.len()) as u64);
                out.keys.push(key);
                out.found.push(Candidate {
                    step: (i as u32) << 2 | dir.index() as u32,
                    eval,
                });
            }
        }
        Ok(())
    }

    /// Every child of `layer`, in the layer's order, on up to `threads` threads, into `out`
    /// (its buffers reused).
    pub fn all_children(
        &self,
        layer: &Layer<H::Eval>,
        threads: usize,
        budget: &mut Budget,
        out: &mut Children<H::Eval>,
    ) -> Result<(), SolveError> {
        let len = layer.len();
        let threads = self.threads_for(len, threads);
        out.parts.resize_with(threads, Part::default);
        let outcome = if threads == 1 {
            self.children(layer, 0..len, budget, &mut out.parts[0])
        } else {
            self.on_threads(layer, threads, budget, out)
        };
        out.starts.clear();
        let mut start = 0;
        for part in &out.parts {
            out.starts.push(start);
            start += part.found.len();
        }
        outcome.map_err(|e| e.with_stats(budget.stats_now()))
    }

    /// [`Expand::all_children`] on `threads` threads, each on a run of the layer; its error's
    /// statistics are the caller's to complete.
    fn on_threads(
        &self,
        layer: &Layer<H::Eval>,
        threads: usize,
        budget: &mut Budget,
        out: &mut Children<H::Eval>,
    ) -> Result<(), SolveError> {
        let len = layer.len();
        let limits = budget.limits();
        let shared = Shared::new(
            budget.started(),
            budget.stats.expanded,
            budget.stats.generated,
        );
        let chunk = len.div_ceil(threads);
        let results: Vec<_> = std::thread::scope(|scope| {
            let workers: Vec<_> = out
                .parts
                .iter_mut()
                .enumerate()
                .map(|(t, part)| {
                    let shared = &shared;
                    // moved to the worker: two vectors growing side by side in one cache
                    // line slowed both threads below one
                    let mut part = std::mem::take(part);
                    scope.spawn(move || {
                        let mut worker = Budget::worker(limits, shared);
                        let range = (t * chunk).min(len)..((t + 1) * chunk).min(len);
                        let done = self.children(layer, range, &mut worker, &mut part);
                        // a worker's own limit, not the stop another passed to it
                        let own = done.is_err() && !worker.halted();
                        if done.is_err() {
                            shared.stop();
                        }
                        (done.map_err(|e| own.then_some(e)), worker.stats, part)
                    })
                })
                .collect();
            join_all(workers)
        });
        let mut outcome = Ok(());
        for (t, (done, stats, part)) in results.into_iter().enumerate() {
            budget.stats.absorb(&stats);
            out.parts[t] = part;
            // the first worker's own limit, not the stop it passed to the others
            if let (Err(Some(e)), Ok(())) = (done, &outcome) {
                outcome = Err(e);
            }
        }
        outcome
    }
}

/// What building a depth from the chosen children found: the first board at the goal, if any,
/// and the lowest estimate among them.
pub(crate) struct Built {
    pub reached: Option<usize>,
    pub best_h: u32,
}

impl<H: Heuristic> Expand<'_, H> {
    /// The next depth, made in `next` (its buffers reused) from the children `chosen` (indices
    /// into `children`, ascending) of `layer`, on up to `threads` threads, each writing its own
    /// run of every buffer; how each was reached (`parent << 2 | dir`) in `steps`. Built on one
    /// thread, while the other stood idle, this and the choice took about 60 % of a 5×5 beam's
    /// wall time (`perf`); with this on both threads and the keys apart, about a third.
    pub fn next_layer(
        &self,
        layer: &Layer<H::Eval>,
        children: &Children<H::Eval>,
        chosen: &[u64],
        threads: usize,
        next: &mut Layer<H::Eval>,
        steps: &mut Vec<u32>,
    ) -> Built {
        let (cells, kept) = (self.cells, chosen.len());
        let threads = self.threads_for(kept, threads);
        // every entry is written below: resizing a buffer that held a depth as wide writes nothing
        next.tiles.resize(kept * cells, 0);
        match layer.evals.first() {
            Some(&filler) => next.evals.resize(kept, filler),
            // a depth with no boards left (its children were all kept out) chooses none
            None => next.evals.clear(),
        }
        next.keys.resize(kept, 0);
        next.back.resize(kept, 0);
        next.blanks.resize(kept, 0);
        steps.clear();
        steps.resize(kept, 0);
        let chunk = kept.div_ceil(threads).max(1);
        let runs = chosen
            .chunks(chunk)
            .zip(next.tiles.chunks_mut(chunk * cells))
            .zip(next.evals.chunks_mut(chunk))
            .zip(next.keys.chunks_mut(chunk))
            .zip(next.back.chunks_mut(chunk))
            .zip(next.blanks.chunks_mut(chunk))
            .zip(steps.chunks_mut(chunk))
            .enumerate()
            .map(|(t, ((((((c, ti), e), k), ba), bl), st))| Run {
                first: t * chunk,
                chosen: c,
                tiles: ti,
                evals: e,
                keys: k,
                back: ba,
                blanks: bl,
                steps: st,
            });
        let built: Vec<Built> = if threads == 1 {
            runs.map(|run| self.fill(layer, children, run)).collect()
        } else {
            std::thread::scope(|scope| {
                let workers = runs
                    .map(|run| scope.spawn(move || self.fill(layer, children, run)))
                    .collect();
                join_all(workers)
            })
        };
        Built {
            reached: built.iter().find_map(|b| b.reached),
            best_h: built.iter().map(|b| b.best_h).min().unwrap_or(u32::MAX),
        }
    }

    /// One run of the next depth: each chosen child's board, copied from its parent and the
    /// move made, and what the depth keeps of it.
    fn fill(
        &self,
        layer: &Layer<H::Eval>,
        children: &Children<H::Eval>,
        run: Run<H::Eval>,
    ) -> Built {
        let cells = self.cells;
        let mut built = Built {
            reached: None,
            best_h: u32::MAX,
        };
        for (i, &o) in run.chosen.iter().enumerate() {
            let c = children.get(o as usize);
            let parent = (c.step >> 2) as usize;
            let dir = Direction::ALL[(c.step & 3) as usize];
            let board = &mut run.tiles[i * cells..][..cells];
            board.copy_from_slice(&layer.tiles[parent * cells..][..cells]);
            let blank = layer.blanks[parent] as usize;
            let to = step(self.n, blank, dir).expect("the move was legal");
            board.swap(blank, to);
            let h = self.heuristic.value(&c.eval);
            if h == 0 && built.reached.is_none() && board == self.goal {
                built.reached = Some(run.first + i);
            }
            built.best_h = built.best_h.min(h);
            run.blanks[i] = to as u8;
            run.evals[i] = c.eval;
            run.keys[i] = children.key(o as usize);
            run.back[i] = dir.opposite().index() as u8;
            run.steps[i] = c.step;
        }
        built
    }
}

/// One thread's share of the next depth: the chosen children it makes, from index `first`, and
/// its runs of the depth's buffers.
struct Run<'a, E> {
    first: usize,
    chosen: &'a [u64],
    tiles: &'a mut [u8],
    evals: &'a mut [E],
    keys: &'a mut [u64],
    back: &'a mut [u8],
    blanks: &'a mut [u8],
    steps: &'a mut [u32],
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole list reads across the parts in order, and each child's ordering word is its
    /// rank above its scrambled index in the whole list, as if one buffer had held them all.
    #[test]
    fn parts_read_as_one_list() {
        let sizes = [3usize, 0, 5, 2];
        let mut children = Children::default();
        let mut index = 0;
        for size in sizes {
            let found: Vec<_> = (index..index + size)
                .map(|i| Candidate {
                    step: i as u32,
                    eval: (),
                })
                .collect();
            let words = found
                .iter()
                .enumerate()
                .map(|(local, c)| ((c.step % 4) as u64) << 32 | scramble(local) as u64)
                .collect();
            let keys = found.iter().map(|c| 1000 + c.step as u64).collect();
            children.starts.push(index);
            children.parts.push(Part { found, words, keys });
            index += size;
        }
        assert_eq!(children.len(), 10);
        for i in 0..10 {
            assert_eq!(children.get(i).step, i as u32);
            assert_eq!(children.key(i), 1000 + i as u64);
        }
        let mut order = Vec::new();
        children.order_words(&mut order);
        let whole: Vec<u64> = (0..10)
            .map(|i| ((i % 4) as u64) << 32 | scramble(i) as u64)
            .collect();
        assert_eq!(order, whole);
    }

    /// A depth whose every child was kept out leaves the next depth empty, and an empty depth
    /// has no next one either: no board, no path, no panic.
    #[test]
    fn an_empty_choice_makes_an_empty_depth() {
        use crate::heuristic::Manhattan;
        use crate::limits::SearchLimits;
        let goal = crate::Board::goal(3).unwrap();
        let h = Manhattan::new(&goal);
        let expand = Expand {
            n: 3,
            cells: 9,
            heuristic: &h,
            zobrist: &[],
            goal: goal.tiles(),
            closed: None,
        };
        let empty = |tiles: Vec<u8>| Layer {
            tiles,
            evals: Vec::new(),
            keys: Vec::new(),
            back: Vec::new(),
            blanks: Vec::new(),
        };
        let limits = SearchLimits::default();
        let mut budget = Budget::new(&limits);
        let mut children = Children::default();
        let layer = empty(Vec::new());
        expand
            .all_children(&layer, 2, &mut budget, &mut children)
            .unwrap();
        assert_eq!(children.len(), 0);
        let mut next = empty(vec![1; 18]);
        let mut steps = vec![4];
        let built = expand.next_layer(&layer, &children, &[], 2, &mut next, &mut steps);
        assert_eq!(
            (built.reached, next.len(), next.tiles.len(), steps.len()),
            (None, 0, 0, 0)
        );
    }
}
