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
/// move, its key for spotting duplicates, and its evaluation (its rank is in its ordering word).
#[derive(Clone, Copy)]
pub(crate) struct Candidate<E> {
    /// `parent << 2 | direction`.
    pub step: u32,
    pub key: u64,
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
}

/// A layer's children in the layer's order, held in one buffer per thread that made them.
pub(crate) struct Children<E> {
    parts: Vec<Vec<Candidate<E>>>,
    /// Each part's ordering words (the rank above the scrambled index in the part).
    words: Vec<Vec<u64>>,
    /// The index of each part's first child in the whole list.
    starts: Vec<usize>,
}

impl<E> Default for Children<E> {
    fn default() -> Self {
        Children {
            parts: Vec::new(),
            words: Vec::new(),
            starts: Vec::new(),
        }
    }
}

impl<E> Children<E> {
    /// How many children there are.
    pub fn len(&self) -> usize {
        match (self.starts.last(), self.parts.last()) {
            (Some(start), Some(part)) => start + part.len(),
            _ => 0,
        }
    }

    /// Child `i` of the whole list.
    #[inline(always)]
    pub fn get(&self, i: usize) -> &Candidate<E> {
        let mut t = self.parts.len() - 1;
        while self.starts[t] > i {
            t -= 1;
        }
        &self.parts[t][i - self.starts[t]]
    }

    /// Every child's ordering word, the rank above its scrambled index in the whole list (see
    /// [`scramble`]), into `order`. Scrambling is a multiplication, so a part's words, made from
    /// its own indices, need only the scrambled start of the part added.
    pub fn order_words(&self, order: &mut Vec<u64>) {
        order.clear();
        order.reserve(self.len());
        for (words, &start) in self.words.iter().zip(&self.starts) {
            let shift = scramble(start);
            order.extend(words.iter().map(|&w| {
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
    /// The boards kept at earlier depths, whose children are left out, when the shape says so.
    pub closed: Option<&'a Closed>,
}

impl<H: Heuristic> Expand<'_, H> {
    /// The children of boards `range` of `layer`, in order, each counted in `budget`, and
    /// their ordering words with indices from 0 in `out`.
    fn children(
        &self,
        layer: &Layer<H::Eval>,
        range: std::ops::Range<usize>,
        budget: &mut Budget,
        out: &mut Vec<Candidate<H::Eval>>,
        words: &mut Vec<u64>,
    ) -> Result<(), SolveError> {
        let (n, cells, zobrist, closed) = (self.n, self.cells, self.zobrist, self.closed);
        let mut tiles = [0u8; MAX_CELLS];
        let mut pos = [0u8; MAX_CELLS];
        out.clear();
        words.clear();
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
                words.push((h as u64) << 32 | scramble(out.len()) as u64);
                out.push(Candidate {
                    step: (i as u32) << 2 | dir.index() as u32,
                    key,
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
        let threads = match len * self.cells < PARALLEL_CELLS {
            true => 1,
            false => threads.max(1),
        };
        out.parts.resize_with(threads, Vec::new);
        out.words.resize_with(threads, Vec::new);
        let outcome = if threads == 1 {
            self.children(layer, 0..len, budget, &mut out.parts[0], &mut out.words[0])
        } else {
            self.on_threads(layer, threads, budget, out)
        };
        out.starts.clear();
        let mut start = 0;
        for part in &out.parts {
            out.starts.push(start);
            start += part.len();
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
                .zip(out.words.iter_mut())
                .enumerate()
                .map(|(t, (part, words))| {
                    let shared = &shared;
                    // moved to the worker: two vectors growing side by side in one cache
                    // line slowed both threads below one
                    let (mut found, mut ranked) = (std::mem::take(part), std::mem::take(words));
                    scope.spawn(move || {
                        let mut worker = Budget::worker(limits, shared);
                        let range = (t * chunk).min(len)..((t + 1) * chunk).min(len);
                        let done =
                            self.children(layer, range, &mut worker, &mut found, &mut ranked);
                        // a worker's own limit, not the stop another passed to it
                        let own = done.is_err() && !worker.halted();
                        if done.is_err() {
                            shared.stop();
                        }
                        (
                            done.map_err(|e| own.then_some(e)),
                            worker.stats,
                            found,
                            ranked,
                        )
                    })
                })
                .collect();
            join_all(workers)
        });
        let mut outcome = Ok(());
        for (t, (done, stats, found, ranked)) in results.into_iter().enumerate() {
            budget.stats.absorb(&stats);
            out.parts[t] = found;
            out.words[t] = ranked;
            // the first worker's own limit, not the stop it passed to the others
            if let (Err(Some(e)), Ok(())) = (done, &outcome) {
                outcome = Err(e);
            }
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole list reads across the parts in order, and each child's ordering word is its
    /// rank above its scrambled index in the whole list, as if one buffer had held them all.
    #[test]
    fn parts_read_as_one_list() {
        let child = |i: usize| Candidate {
            step: i as u32,
            key: i as u64,
            eval: (),
        };
        let sizes = [3usize, 0, 5, 2];
        let mut children = Children::default();
        let mut index = 0;
        for size in sizes {
            let part: Vec<_> = (index..index + size).map(child).collect();
            let words = part
                .iter()
                .enumerate()
                .map(|(local, c)| ((c.step % 4) as u64) << 32 | scramble(local) as u64)
                .collect();
            children.starts.push(index);
            children.parts.push(part);
            children.words.push(words);
            index += size;
        }
        assert_eq!(children.len(), 10);
        for i in 0..10 {
            assert_eq!(children.get(i).step, i as u32);
        }
        let mut order = Vec::new();
        children.order_words(&mut order);
        let whole: Vec<u64> = (0..10)
            .map(|i| ((i % 4) as u64) << 32 | scramble(i) as u64)
            .collect();
        assert_eq!(order, whole);
    }
}
