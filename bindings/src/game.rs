//! The game object: a board in play, its moves, undo/redo, shuffles, save and restore.
use std::sync::{Arc, Mutex, MutexGuard};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core as core;
use slidepuzzle_core::shuffle;

use slidepuzzle_core::{Board, MoveError, ShuffleError};

use crate::board::{board, side};
use crate::error::PuzzleError;
use crate::error::Result;
use crate::failure::{Budgets, PuzzleFailure};
use crate::limits::{search_limits, CancelToken, Limits, ProgressListener};
use crate::pdb::PatternDatabase;
use crate::records::{Algorithm, Direction, Heuristic, Solution};
use crate::solving::{
    best_count_boards, best_count_core, hint_boards, hint_core, request, solve_boards, solve_core,
};

/// One tile slide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct Slide {
    /// The tile that moved.
    pub tile: u32,
    /// The cell it left (the blank is there now).
    pub from_cell: u32,
    /// The cell it moved into (the blank was there).
    pub to_cell: u32,
    /// The direction the blank moved.
    pub direction: Direction,
}

impl From<core::game::Slide> for Slide {
    fn from(s: core::game::Slide) -> Slide {
        Slide {
            tile: u32::from(s.tile),
            from_cell: s.from as u32,
            to_cell: s.to as u32,
            direction: s.direction.into(),
        }
    }
}

/// How a shuffle mixes the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum ShuffleKind {
    /// A random walk of n²·10 blank moves (never back on itself).
    Walk,
    /// Uniformly random over all solvable boards.
    Uniform,
    /// Exactly `moves` optimal moves from the goal (2×2 to 4×4; 4×4 needs databases).
    Distance {
        /// The optimal distance wanted.
        moves: u32,
    },
}

/// A game in progress: board, goal, history, time. Safe to share between threads.
#[derive(uniffi::Object)]
pub struct Game {
    inner: Mutex<core::Game>,
}

impl Game {
    fn lock(&self) -> MutexGuard<'_, core::Game> {
        // A panic while holding the lock cannot leave the game half-updated (every method
        // validates before it changes anything), so a poisoned lock is still usable.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wrap(game: core::Game) -> Arc<Game> {
        Arc::new(Game {
            inner: Mutex::new(game),
        })
    }

    /// Runs a move-making core call and reports its slides with their cells.
    fn many(
        &self,
        f: impl FnOnce(&mut core::Game) -> std::result::Result<Vec<core::game::Slide>, MoveError>,
    ) -> Result<Vec<Slide>> {
        let made = f(&mut self.lock())?;
        Ok(made.into_iter().map(Slide::from).collect())
    }

    /// [`Game::many`] for a call that makes one slide.
    fn one(
        &self,
        f: impl FnOnce(&mut core::Game) -> std::result::Result<core::game::Slide, MoveError>,
    ) -> Result<Slide> {
        let mut out = self.many(|g| f(g).map(|s| vec![s]))?;
        out.pop()
            .ok_or_else(|| PuzzleError::IllegalMove("no move was made".into()))
    }

    /// The shuffled start for `kind` and `seed` from the goal; `distance` makes a distance
    /// shuffle (with or without budgets).
    fn shuffled(
        &self,
        kind: ShuffleKind,
        seed: u64,
        distance: impl FnOnce(&Board, u32, &mut ChaCha8Rng) -> std::result::Result<Board, ShuffleError>,
    ) -> std::result::Result<Board, ShuffleError> {
        let goal = self.lock().goal().clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        Ok(match kind {
            ShuffleKind::Walk => {
                shuffle::shuffled(&goal, shuffle::default_walk_length(goal.size()), &mut rng)
            }
            ShuffleKind::Uniform => shuffle::uniform(&goal, &mut rng),
            ShuffleKind::Distance { moves } => distance(&goal, moves, &mut rng)?,
        })
    }

    /// The current board and goal, copied so no lock is held while a search runs.
    fn boards(&self) -> (Board, Board) {
        let g = self.lock();
        (g.board().clone(), g.goal().clone())
    }
}

#[uniffi::export]
impl Game {
    /// A solved `size`×`size` game whose blank's home is `blank_cell` (the first tile the
    /// player tapped); call [`Game::shuffle`] to mix it.
    #[uniffi::constructor]
    pub fn new(size: u32, blank_cell: u32) -> Result<Arc<Game>> {
        let goal = Board::goal_with_blank(side(size)?, blank_cell as usize)?;
        Ok(Game::wrap(core::Game::new(goal.clone(), goal)?))
    }

    /// A game from tile lists; refuses unsolvable pairs.
    #[uniffi::constructor]
    pub fn with_tiles(goal: Vec<u32>, start: Vec<u32>) -> Result<Arc<Game>> {
        let (goal, start) = (board(&goal)?, board(&start)?);
        start.check_same_size(&goal)?;
        Ok(Game::wrap(core::Game::new(goal, start)?))
    }

    /// A game from [`Game::save`] text; damaged saves are a `BadSave` error.
    #[uniffi::constructor]
    pub fn restore(save: String) -> Result<Arc<Game>> {
        Ok(Game::wrap(core::Game::restore(&save)?))
    }

    /// The save text: goal, start, moves, redo list and time, with a checksum.
    pub fn save(&self) -> String {
        self.lock().save()
    }

    /// The side length.
    pub fn size(&self) -> u32 {
        self.lock().board().size() as u32
    }

    /// The tiles row-major, 0 for the blank.
    pub fn tiles(&self) -> Vec<u32> {
        self.lock().board().to_u32s()
    }

    /// The goal row-major.
    pub fn goal(&self) -> Vec<u32> {
        self.lock().goal().to_u32s()
    }

    /// The blank's cell.
    pub fn blank_cell(&self) -> u32 {
        self.lock().board().blank() as u32
    }

    /// The cell where `tile` belongs (whose picture piece it shows); `None` for no such tile.
    pub fn home_cell(&self, tile: u32) -> Option<u32> {
        let g = self.lock();
        u8::try_from(tile)
            .ok()
            .and_then(|t| g.goal().cell_of(t))
            .map(|c| c as u32)
    }

    /// The cells a tap would move (the blank's row and column).
    pub fn movable_cells(&self) -> Vec<u32> {
        let g = self.lock();
        let b = g.board();
        (0..b.cells())
            .filter(|&c| b.tap_moves(c).is_ok())
            .map(|c| c as u32)
            .collect()
    }

    /// Whether the board is the goal.
    pub fn is_solved(&self) -> bool {
        self.lock().is_solved()
    }

    /// Moves played (undo takes one back).
    pub fn move_count(&self) -> u32 {
        self.lock().move_count() as u32
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.lock().can_undo()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        self.lock().can_redo()
    }

    /// Milliseconds played, as the app reported them.
    pub fn elapsed_ms(&self) -> u64 {
        self.lock().elapsed_ms()
    }

    /// Adds played time (the app's clock ticks; the core reads none).
    pub fn add_elapsed_ms(&self, ms: u64) {
        self.lock().add_elapsed_ms(ms)
    }

    /// Taps `cell`: slides the tile there and any between it and the blank.
    pub fn tap_cell(&self, cell: u32) -> Result<Vec<Slide>> {
        self.many(|g| g.tap_cell(cell as usize))
    }

    /// Taps the tile labelled `tile`.
    pub fn tap_tile(&self, tile: u32) -> Result<Vec<Slide>> {
        self.many(|g| g.tap_tile(tile))
    }

    /// Moves the blank one cell (a swipe, or one step of an Auto solution).
    pub fn apply(&self, direction: Direction) -> Result<Slide> {
        self.one(|g| g.apply(direction.into()))
    }

    /// Takes back the last move.
    pub fn undo(&self) -> Result<Slide> {
        self.one(core::Game::undo)
    }

    /// Makes the last undone move again.
    pub fn redo(&self) -> Result<Slide> {
        self.one(core::Game::redo)
    }

    /// Mixes the board from the goal (always solvable, never the goal itself) with a seeded
    /// RNG, and starts over: moves, history and time are cleared. The same seed gives the
    /// same board on every platform.
    pub fn shuffle(
        &self,
        kind: ShuffleKind,
        seed: u64,
        pdb: Option<Arc<PatternDatabase>>,
    ) -> Result<()> {
        let start = self.shuffled(kind, seed, |goal, moves, rng| {
            shuffle::to_distance(goal, moves, rng, pdb.map(|p| p.0.clone()))
        })?;
        self.lock().restart(start)?;
        Ok(())
    }

    /// [`Game::shuffle`] whose distance shuffles search within `limits` and stop at `cancel`
    /// (a 4×4 distance measures boards with IDA*), its failures by kind ([`PuzzleFailure`]):
    /// a stop says which budget, like a solve's. The same seed gives the same board as
    /// [`Game::shuffle`].
    pub fn shuffle_typed(
        &self,
        kind: ShuffleKind,
        seed: u64,
        pdb: Option<Arc<PatternDatabase>>,
        limits: Limits,
        cancel: Option<Arc<CancelToken>>,
    ) -> std::result::Result<(), PuzzleFailure> {
        let budgets = Budgets::of(&limits);
        let within = search_limits(&limits, None, cancel);
        let start = self
            .shuffled(kind, seed, |goal, moves, rng| {
                shuffle::to_distance_within(goal, moves, rng, pdb.map(|p| p.0.clone()), &within)
            })
            .map_err(|e| budgets.shuffle_failure(e))?;
        self.lock().restart(start)?;
        Ok(())
    }

    /// Solves from the current board, its failures by kind ([`PuzzleFailure`]); otherwise
    /// [`Game::solve`].
    pub fn solve_typed(
        &self,
        algorithm: Algorithm,
        heuristic: Heuristic,
        limits: Limits,
        pdb: Option<Arc<PatternDatabase>>,
        progress: Option<Arc<dyn ProgressListener>>,
        cancel: Option<Arc<CancelToken>>,
    ) -> std::result::Result<Solution, PuzzleFailure> {
        let (start, goal) = self.boards();
        let request = request(algorithm, heuristic, pdb);
        let budgets = Budgets::of(&limits);
        solve_core(&start, &goal, &request, &limits, progress, cancel)
            .map_err(|e| budgets.failure(e))
    }

    /// [`Game::hint`], its failures by kind ([`PuzzleFailure`]).
    pub fn hint_typed(
        &self,
        limits: Limits,
        pdb: Option<Arc<PatternDatabase>>,
        cancel: Option<Arc<CancelToken>>,
    ) -> std::result::Result<Option<Direction>, PuzzleFailure> {
        let (start, goal) = self.boards();
        let budgets = Budgets::of(&limits);
        hint_core(&start, &goal, &limits, pdb, cancel).map_err(|e| budgets.failure(e))
    }

    /// [`Game::best_count`], its failures by kind ([`PuzzleFailure`]).
    pub fn best_count_typed(
        &self,
        limits: Limits,
        pdb: Option<Arc<PatternDatabase>>,
        cancel: Option<Arc<CancelToken>>,
    ) -> std::result::Result<Solution, PuzzleFailure> {
        let (start, goal) = self.boards();
        let budgets = Budgets::of(&limits);
        best_count_core(&start, &goal, &limits, pdb, cancel).map_err(|e| budgets.failure(e))
    }

    /// Solves from the current board (the game is not changed; play the moves with
    /// [`Game::apply`]). Blocks: call it from a background thread. No lock is held while it
    /// runs.
    pub fn solve(
        &self,
        algorithm: Algorithm,
        heuristic: Heuristic,
        limits: Limits,
        pdb: Option<Arc<PatternDatabase>>,
        progress: Option<Arc<dyn ProgressListener>>,
        cancel: Option<Arc<CancelToken>>,
    ) -> Result<Solution> {
        let (start, goal) = self.boards();
        let request = request(algorithm, heuristic, pdb);
        solve_boards(&start, &goal, &request, limits, progress, cancel)
    }

    /// The next best move from the current board; `None` when solved.
    pub fn hint(
        &self,
        limits: Limits,
        pdb: Option<Arc<PatternDatabase>>,
        cancel: Option<Arc<CancelToken>>,
    ) -> Result<Option<Direction>> {
        let (start, goal) = self.boards();
        hint_boards(&start, &goal, limits, pdb, cancel)
    }

    /// The best possible move count from the current board.
    pub fn best_count(
        &self,
        limits: Limits,
        pdb: Option<Arc<PatternDatabase>>,
        cancel: Option<Arc<CancelToken>>,
    ) -> Result<Solution> {
        let (start, goal) = self.boards();
        best_count_boards(&start, &goal, limits, pdb, cancel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;

    #[test]
    fn taps_report_the_cells_each_tile_crossed() {
        let game = Game::new(3, 8).unwrap();
        // Blank at 8; tapping cell 6 slides tiles 8 (cell 7) then 7 (cell 6) right.
        let slides = game.tap_cell(6).unwrap();
        assert_eq!(
            slides,
            vec![
                Slide {
                    tile: 8,
                    from_cell: 7,
                    to_cell: 8,
                    direction: Direction::Left
                },
                Slide {
                    tile: 7,
                    from_cell: 6,
                    to_cell: 7,
                    direction: Direction::Left
                },
            ]
        );
        assert_eq!(game.blank_cell(), 6);
        let back = game.undo().unwrap();
        assert_eq!((back.tile, back.from_cell, back.to_cell), (7, 7, 6));
    }

    #[test]
    fn a_seeded_shuffle_is_reproducible_and_solvable() {
        let a = Game::new(4, 0).unwrap();
        let b = Game::new(4, 0).unwrap();
        a.shuffle(ShuffleKind::Walk, 7, None).unwrap();
        b.shuffle(ShuffleKind::Walk, 7, None).unwrap();
        assert_eq!(a.tiles(), b.tiles());
        assert!(!a.is_solved());
        assert!(is_solvable(a.tiles(), a.goal()).unwrap());
        let three = Game::new(3, 4).unwrap();
        three
            .shuffle(ShuffleKind::Distance { moves: 20 }, 1, None)
            .unwrap();
        let best = three.best_count(Limits::default(), None, None).unwrap();
        assert_eq!((best.moves.len(), best.optimal), (20, true));
        assert!(matches!(
            Game::new(4, 0)
                .unwrap()
                .shuffle(ShuffleKind::Distance { moves: 30 }, 1, None),
            Err(PuzzleError::PatternDatabase(_))
        ));
    }
}

#[cfg(test)]
mod vectors {
    use super::*;
    use slidepuzzle_core::dataset::ShuffleVector;
    /// tests/data/shuffles.txt pins seeded shuffles; the Kotlin and Swift tests read the same
    /// file.
    #[test]
    fn seeded_shuffles_match_the_shared_vectors() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/shuffles.txt");
        let vectors = ShuffleVector::parse_all(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert!(vectors.len() >= 6);
        for v in vectors {
            let game = Game::new(v.size as u32, v.blank as u32).unwrap();
            game.shuffle(ShuffleKind::Walk, v.seed, None).unwrap();
            let want: Vec<u32> = v.board.tiles().iter().map(|&t| u32::from(t)).collect();
            assert_eq!(game.tiles(), want, "line {}", v.line);
        }
    }
}
