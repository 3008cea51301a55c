//! `slidepuzzle play`: the game in a terminal (crossterm): keys in, frames out. What a frame
//! looks like is [`render`]'s; this file holds the game's state and what each key does.
mod render;
mod signals;

use std::io;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core::heuristic::PatternDb;
use slidepuzzle_core::limits::available_threads;
use slidepuzzle_core::picture::Picture;
use slidepuzzle_core::search::{self, SolveRequest};
use slidepuzzle_core::{shuffle, Algorithm, Board, Direction, Game, SearchLimits};

use crate::common::{PdbOptions, PictureSource};
use crate::error::CliError;
use signals::Signals;

#[derive(Args)]
pub struct PlayArgs {
    /// Board side, 2 to 8.
    #[arg(long, default_value_t = 4)]
    size: usize,
    /// RNG seed for shuffles (random when omitted).
    #[arg(long)]
    seed: Option<u64>,
    /// The blank's home cell, row-major from 0 (default: the last cell).
    #[arg(long)]
    blank: Option<usize>,
    #[command(flatten)]
    pdb: PdbOptions,
    /// Play with a picture (see --builtin and --image; p toggles it in the game).
    #[command(flatten)]
    picture: PictureSource,
}

/// The picture mode: where the picture comes from and the last one drawn, by edge.
struct PictureView {
    source: PictureSource,
    on: bool,
    numbers: bool,
    cache: Option<Picture>,
}

impl PictureView {
    /// The picture at `edge` pixels, drawn or decoded once per edge.
    fn at(&mut self, edge: u32) -> Result<&Picture, CliError> {
        if self.cache.as_ref().map(|p| p.edge) != Some(edge) {
            self.cache = Some(self.source.load(edge)?);
        }
        Ok(self.cache.as_ref().expect("just set"))
    }
}

struct Screen {
    game: Game,
    rng: ChaCha8Rng,
    message: String,
    started: Instant,
    digits: String,
    pdb: Option<Arc<PatternDb>>,
    pdb_options: PdbOptions,
    view: PictureView,
    signals: Signals,
}

/// Gives the terminal back: the cursor, the main screen, line mode.
fn restore_terminal() {
    let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
    let _ = terminal::disable_raw_mode();
}

/// Restores the terminal however `play` ends.
struct RawMode;
impl Drop for RawMode {
    fn drop(&mut self) {
        restore_terminal();
    }
}

pub fn run(args: PlayArgs) -> Result<(), CliError> {
    let goal = match args.blank {
        Some(cell) => Board::goal_with_blank(args.size, cell)?,
        None => Board::goal(args.size)?,
    };
    let mut rng = match args.seed {
        Some(s) => ChaCha8Rng::seed_from_u64(s),
        None => ChaCha8Rng::from_os_rng(),
    };
    let view = PictureView {
        on: args.picture.is_set(),
        numbers: false,
        // Fail before the terminal switches modes if the photo cannot be used.
        cache: if args.picture.is_set() {
            Some(args.picture.load(64)?)
        } else {
            None
        },
        source: args.picture,
    };
    let start = shuffle::shuffled(&goal, shuffle::default_walk_length(args.size), &mut rng);
    let game = Game::new(goal, start)?;
    let mut screen = Screen {
        game,
        rng,
        message: HELP.into(),
        started: Instant::now(),
        digits: String::new(),
        pdb: None,
        pdb_options: args.pdb,
        view,
        signals: Signals::catch(),
    };
    signals::restore_on_panic(restore_terminal);
    let io_err = |e: io::Error| CliError::Io(format!("terminal: {e}"));
    terminal::enable_raw_mode().map_err(io_err)?;
    let raw = RawMode;
    execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide).map_err(io_err)?;
    loop {
        if let Some(signal) = screen.signals.received() {
            drop(raw);
            signals::end_by(signal);
        }
        screen.draw().map_err(io_err)?;
        if !event::poll(Duration::from_millis(250)).map_err(io_err)? {
            continue;
        }
        let Event::Key(key) = event::read().map_err(io_err)? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        if !screen.key(key).map_err(io_err)? {
            return Ok(());
        }
    }
}

/// Keys that end the game: q, Esc, and Ctrl-C (which raw mode delivers as a key rather than
/// as a signal).
fn quits(key: &KeyEvent) -> bool {
    match key.code {
        KeyCode::Char('q') | KeyCode::Esc => true,
        KeyCode::Char('c' | 'C') => key.modifiers.contains(KeyModifiers::CONTROL),
        _ => false,
    }
}

const HELP: &str = "arrows or W A S D (with Shift) slide · digits tap a tile · u undo · r redo · h hint · a auto · s shuffle · p picture · n numbers · q quit";

impl Screen {
    /// Draws the game as it is now. Picture mode falls back to numbers, saying why, when the
    /// terminal is too small or the picture cannot be made.
    fn draw(&mut self) -> io::Result<()> {
        let n = self.game.board().size();
        // The tile side when picture tiles are drawn; the picture itself stays in the view's
        // cache, drawn or decoded once per edge.
        let mut side = None;
        if self.view.on {
            let (cols, rows) = terminal::size()?;
            match render::picture_tile_side(n, cols, rows) {
                None => {
                    self.message = "terminal too small for the picture: showing numbers".into();
                }
                Some(p) => match self.view.at((p * n) as u32) {
                    Ok(_) => side = Some(p),
                    Err(e) => {
                        self.message = e.to_string();
                        self.view.on = false;
                    }
                },
            }
        }
        let seconds = if self.game.is_solved() {
            self.game.elapsed_ms() / 1000
        } else {
            self.started.elapsed().as_secs()
        };
        let frame = render::Frame {
            game: &self.game,
            message: &self.message,
            digits: &self.digits,
            seconds,
            picture: side.and_then(|p| Some((self.view.cache.as_ref()?, p))),
            numbers_over_picture: self.view.numbers,
        };
        render::render(&mut io::stdout(), &frame)
    }

    /// Handles one key; false means quit.
    fn key(&mut self, key: KeyEvent) -> io::Result<bool> {
        if quits(&key) {
            return Ok(false);
        }
        let max_tile = self.game.board().cells() - 1;
        match key.code {
            KeyCode::Char(c) if c.is_ascii_digit() => {
                self.digits.push(c);
                let value: usize = self.digits.parse().unwrap_or(0);
                if value * 10 > max_tile {
                    self.tap();
                }
            }
            KeyCode::Enter if !self.digits.is_empty() => self.tap(),
            // Arrows name the direction a tile slides, so the blank goes the other way.
            // (lowercase a and s are Auto and Shuffle, so those two need Shift.)
            KeyCode::Up | KeyCode::Char('w') | KeyCode::Char('W') => self.slide(Direction::Down),
            KeyCode::Down | KeyCode::Char('S') => self.slide(Direction::Up),
            KeyCode::Left | KeyCode::Char('A') => self.slide(Direction::Right),
            KeyCode::Right | KeyCode::Char('d') | KeyCode::Char('D') => self.slide(Direction::Left),
            KeyCode::Char('u') => {
                self.message = match self.game.undo() {
                    Ok(s) => format!("undid tile {}", s.tile),
                    Err(e) => e.to_string(),
                }
            }
            KeyCode::Char('r') => {
                self.message = match self.game.redo() {
                    Ok(s) => format!("redid tile {}", s.tile),
                    Err(e) => e.to_string(),
                }
            }
            KeyCode::Char('h') => self.hint(),
            KeyCode::Char('p') => {
                self.view.on = !self.view.on;
                self.message = HELP.into();
            }
            KeyCode::Char('n') => {
                self.view.numbers = !self.view.numbers;
                if !self.view.on {
                    self.message = "numbers show over the picture (p)".into();
                }
            }
            KeyCode::Char('a') => self.auto()?,
            KeyCode::Char('s') => {
                let goal = self.game.goal().clone();
                let moves = shuffle::default_walk_length(goal.size());
                let board = shuffle::shuffled(&goal, moves, &mut self.rng);
                self.game.restart(board).expect("shuffles are solvable");
                self.started = Instant::now();
                self.message = "shuffled".into();
            }
            _ => {}
        }
        Ok(true)
    }

    fn tap(&mut self) {
        let tile: u32 = self.digits.parse().unwrap_or(0);
        self.digits.clear();
        match self.game.tap_tile(tile) {
            Ok(_) => self.after_move(),
            Err(e) => self.message = e.to_string(),
        }
    }

    fn slide(&mut self, dir: Direction) {
        match self.game.apply(dir) {
            Ok(_) => self.after_move(),
            Err(_) => self.message = "that tile cannot slide there".into(),
        }
    }

    fn after_move(&mut self) {
        if self.game.is_solved() {
            let ms = self.started.elapsed().as_millis() as u64;
            self.game.add_elapsed_ms(ms);
            self.message = format!(
                "*** Solved in {} moves and {:.1} s! *** (s: new shuffle, q: quit)",
                self.game.move_count(),
                ms as f64 / 1000.0
            );
        } else {
            self.message.clear();
        }
    }

    fn request(&mut self) -> SolveRequest {
        let goal = self.game.goal().clone();
        if self.pdb.is_none() && (3..=5).contains(&goal.size()) && !self.pdb_options.no_pdb {
            self.message = "building pattern databases (once)…".into();
            let _ = self.draw();
            self.pdb = self.pdb_options.load(&goal).ok();
        }
        let mut r = SolveRequest::new(Algorithm::Auto);
        r.pdb = self.pdb.clone();
        r
    }

    fn hint(&mut self) {
        let request = self.request();
        let limits = self.signals.stopping(
            SearchLimits::with_timeout(Duration::from_secs(3)).threads(available_threads()),
        );
        let board = self.game.board().clone();
        self.message = match search::solve(&board, self.game.goal(), &request, &limits) {
            Ok(s) if s.is_empty() => "already solved".into(),
            Ok(s) => format!(
                "hint: slide tile {} ({} moves left{})",
                s.tiles[0],
                s.len(),
                if s.optimal { ", optimal" } else { "" }
            ),
            Err(e) => e.to_string(),
        };
    }

    fn auto(&mut self) -> io::Result<()> {
        let request = self.request();
        self.message = "solving…".into();
        self.draw()?;
        let limits = self.signals.stopping(
            SearchLimits::with_timeout(Duration::from_secs(10)).threads(available_threads()),
        );
        let board = self.game.board().clone();
        let solution = match search::solve(&board, self.game.goal(), &request, &limits) {
            Ok(s) => s,
            Err(e) => {
                self.message = e.to_string();
                return Ok(());
            }
        };
        let summary = format!(
            "auto: {} moves{}, {} nodes, {:.0} ms",
            solution.len(),
            if solution.optimal { " (optimal)" } else { "" },
            solution.stats.expanded,
            solution.stats.elapsed.as_secs_f64() * 1000.0
        );
        for (i, &dir) in solution.moves.iter().enumerate() {
            self.message = format!(
                "{summary} — move {}/{} (any key stops)",
                i + 1,
                solution.len()
            );
            if self.game.apply(dir).is_err() {
                break;
            }
            self.draw()?;
            if self.signals.received().is_some() {
                return Ok(());
            }
            if event::poll(Duration::from_millis(180))? {
                let _ = event::read()?;
                self.message = format!("{summary} — stopped");
                return Ok(());
            }
        }
        self.after_move();
        if self.game.is_solved() {
            self.message = format!("{summary} — solved by Auto");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_c_q_and_escape_quit_and_nothing_else_does() {
        let key = |code, modifiers| KeyEvent::new(code, modifiers);
        assert!(quits(&key(KeyCode::Char('c'), KeyModifiers::CONTROL)));
        assert!(quits(&key(KeyCode::Char('q'), KeyModifiers::NONE)));
        assert!(quits(&key(KeyCode::Esc, KeyModifiers::NONE)));
        assert!(!quits(&key(KeyCode::Char('c'), KeyModifiers::NONE)));
        assert!(!quits(&key(KeyCode::Char('a'), KeyModifiers::CONTROL)));
    }
}
