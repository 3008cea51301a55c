//! A play session: the board, its goal, undo/redo history and the time played, with a compact
//! text save that refuses anything damaged.
use crate::board::{Board, Direction};
use crate::error::{BoardError, MoveError, SaveError};
use crate::parity;
use crate::text::{format_tiles, parse_board};

const SAVE_TAG: &str = "slidepuzzle-save";
const SAVE_VERSION: &str = "1";

/// One tile slide: which tile moved, between which cells, and the blank's direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slide {
    /// The tile that moved.
    pub tile: u8,
    /// The cell the tile left (the blank is there now).
    pub from: usize,
    /// The cell the tile moved into (the blank was there).
    pub to: usize,
    /// The direction the blank moved.
    pub direction: Direction,
}

/// A game in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    goal: Board,
    start: Board,
    board: Board,
    history: Vec<Direction>,
    redo: Vec<Direction>,
    elapsed_ms: u64,
}

impl Game {
    /// A game from `start` toward `goal`; refuses boards that cannot reach it.
    pub fn new(goal: Board, start: Board) -> Result<Game, BoardError> {
        parity::check_solvable(&start, &goal)?;
        Ok(Game {
            board: start.clone(),
            start,
            goal,
            history: Vec::new(),
            redo: Vec::new(),
            elapsed_ms: 0,
        })
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }
    /// Whether the board is the goal.
    pub fn is_solved(&self) -> bool {
        self.board == self.goal
    }
    /// Single-tile moves made (undo takes one off).
    pub fn move_count(&self) -> usize {
        self.history.len()
    }
    /// Moves made, as blank directions.
    pub fn history(&self) -> &[Direction] {
        &self.history
    }
    /// Whether [`Game::undo`] has something to undo.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }
    /// Whether [`Game::redo`] has something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    /// Milliseconds played, as the app reported them.
    pub fn elapsed_ms(&self) -> u64 {
        self.elapsed_ms
    }
    /// Records time played (the app owns the clock).
    pub fn add_elapsed_ms(&mut self, ms: u64) {
        self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
    }

    /// Moves the blank one cell. Clears the redo list.
    pub fn apply(&mut self, direction: Direction) -> Result<Slide, MoveError> {
        let slide = self.slide(direction)?;
        self.history.push(direction);
        self.redo.clear();
        Ok(slide)
    }

    /// Taps `cell`: slides the tile there, and any between it and the blank.
    pub fn tap_cell(&mut self, cell: usize) -> Result<Vec<Slide>, MoveError> {
        let moves = self.board.tap_moves(cell)?;
        moves.into_iter().map(|d| self.apply(d)).collect()
    }

    /// Taps the tile labelled `tile`.
    pub fn tap_tile(&mut self, tile: u32) -> Result<Vec<Slide>, MoveError> {
        if tile == 0 {
            return Err(MoveError::TappedBlank);
        }
        let cell = u8::try_from(tile)
            .ok()
            .and_then(|t| self.board.cell_of(t))
            .ok_or(MoveError::NoSuchTile { tile })?;
        self.tap_cell(cell)
    }

    /// Takes back the last single move.
    pub fn undo(&mut self) -> Result<Slide, MoveError> {
        let last = self.history.pop().ok_or(MoveError::NothingTo("undo"))?;
        let slide = self.slide(last.opposite())?;
        self.redo.push(last);
        Ok(slide)
    }

    /// Makes the last undone move again.
    pub fn redo(&mut self) -> Result<Slide, MoveError> {
        let next = self.redo.pop().ok_or(MoveError::NothingTo("redo"))?;
        let slide = self.slide(next)?;
        self.history.push(next);
        Ok(slide)
    }

    /// Moves the blank one cell and says which tile crossed which cells.
    fn slide(&mut self, direction: Direction) -> Result<Slide, MoveError> {
        let to = self.board.blank();
        let tile = self.board.apply(direction)?;
        Ok(Slide {
            tile,
            from: self.board.blank(),
            to,
            direction,
        })
    }

    /// Starts over from a new board (after a shuffle): history and time are cleared.
    pub fn restart(&mut self, start: Board) -> Result<(), BoardError> {
        *self = Game::new(self.goal.clone(), start)?;
        Ok(())
    }

    /// A one-line text save of everything needed to continue.
    pub fn save(&self) -> String {
        let moves: String = self.history.iter().map(|d| d.letter()).collect();
        let redo: String = self.redo.iter().map(|d| d.letter()).collect();
        let body = format!(
            "{SAVE_TAG} {SAVE_VERSION};goal={};start={};moves={moves};redo={redo};ms={}",
            format_tiles(self.goal.tiles()).replace(' ', ","),
            format_tiles(self.start.tiles()).replace(' ', ","),
            self.elapsed_ms
        );
        format!("{body};sum={:08x}", checksum(&body))
    }

    /// Restores a game written by [`Game::save`]; a damaged or inconsistent save is an error
    /// and nothing is half-restored.
    pub fn restore(text: &str) -> Result<Game, SaveError> {
        let text = text.trim();
        let (body, sum) = text
            .rsplit_once(";sum=")
            .ok_or_else(|| SaveError::Format("no checksum".into()))?;
        let (head, fields) = body
            .split_once(';')
            .ok_or_else(|| SaveError::Format("no fields".into()))?;
        let version = head
            .strip_prefix(SAVE_TAG)
            .map(str::trim)
            .ok_or_else(|| SaveError::Format("missing header".into()))?;
        if version != SAVE_VERSION {
            return Err(SaveError::Version(version.chars().take(10).collect()));
        }
        if u32::from_str_radix(sum, 16).ok() != Some(checksum(body)) {
            return Err(SaveError::Checksum);
        }
        let field = |name: &str| -> Result<&str, SaveError> {
            fields
                .split(';')
                .find_map(|f| f.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
                .ok_or_else(|| SaveError::Format(format!("missing {name}")))
        };
        let goal = parse_board(field("goal")?)?;
        let start = parse_board(field("start")?)?;
        let parse_moves = |s: &str| -> Result<Vec<Direction>, SaveError> {
            s.chars()
                .map(|c| {
                    Direction::from_letter(c)
                        .ok_or_else(|| SaveError::Format(format!("bad move letter {c:?}")))
                })
                .collect()
        };
        let moves = parse_moves(field("moves")?)?;
        let redo = parse_moves(field("redo")?)?;
        let ms = field("ms")?
            .parse::<u64>()
            .map_err(|_| SaveError::Format("bad time".into()))?;
        let mut game = Game::new(goal, start)?;
        for d in moves {
            game.apply(d)?;
        }
        // the redo moves must be legal from the current board, in the order they would replay
        let mut probe = game.board.clone();
        for &d in redo.iter().rev() {
            probe.apply(d)?;
        }
        game.redo = redo;
        game.elapsed_ms = ms;
        Ok(game)
    }
}

/// FNV-1a, 32 bits: catches damaged saves (not tampering).
fn checksum(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        let goal = Board::goal(3).unwrap();
        let start = parse_board("1 2 3 4 5 6 0 7 8").unwrap();
        Game::new(goal, start).unwrap()
    }

    #[test]
    fn tap_to_win_then_undo_and_redo() {
        let mut g = game();
        // blank at 6: tile 7 slides from 7 into 6, then tile 8 from 8 into 7
        let slides = g.tap_cell(8).unwrap();
        let crossed: Vec<_> = slides.iter().map(|s| (s.tile, s.from, s.to)).collect();
        assert_eq!(crossed, vec![(7, 7, 6), (8, 8, 7)]);
        assert!(slides.iter().all(|s| s.direction == Direction::Right));
        assert!(g.is_solved());
        assert_eq!(g.move_count(), 2);
        let back = g.undo().unwrap();
        assert_eq!((back.tile, back.from, back.to), (8, 7, 8));
        assert_eq!(back.direction, Direction::Left);
        assert!(!g.is_solved());
        assert_eq!(g.redo().unwrap().tile, 8);
        assert!(g.is_solved());
        assert_eq!(g.redo(), Err(MoveError::NothingTo("redo")));
    }

    #[test]
    fn save_restore_round_trips_and_rejects_damage() {
        let mut g = game();
        g.tap_cell(7).unwrap();
        g.tap_cell(8).unwrap();
        g.undo().unwrap();
        g.add_elapsed_ms(4321);
        let saved = g.save();
        assert_eq!(Game::restore(&saved).unwrap(), g);
        let damaged = saved.replacen("moves=R", "moves=L", 1);
        assert_eq!(Game::restore(&damaged), Err(SaveError::Checksum));
        assert!(matches!(Game::restore("hello"), Err(SaveError::Format(_))));
        assert!(matches!(
            Game::restore(&saved.replace("save 1;", "save 2;")),
            Err(SaveError::Version(_))
        ));
    }

    #[test]
    fn unsolvable_start_is_refused() {
        let goal = Board::goal(3).unwrap();
        let start = parse_board("2 1 3 4 5 6 7 8 0").unwrap();
        assert_eq!(Game::new(goal, start), Err(BoardError::Unsolvable));
    }
}
