//! `slidepuzzle play`: the game in a terminal (crossterm): keys in, frames out. What a frame
//! looks like is [`render`]'s; this file holds the game's state and what each key does.
mod keys;
mod render;
mod signals;

use std::io;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core::heuristic::PatternDb;
use slidepuzzle_core::limits::available_threads;
use slidepuzzle_core::picture::Picture;
use slidepuzzle_core::search::{self, SolveRequest};
use slidepuzzle_core::{shuffle, teach, Algorithm, Board, Direction, Game, SearchLimits};

use crate::common::{self, PdbOptions, PictureSource};
use crate::error::CliError;
use keys::Keys;
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
    keys: Keys,
    /// The teaching solve's goal in words and the tiles it places, while it plays or a coaching
    /// hint shows.
    teaching: Option<(String, Vec<u8>)>,
}

/// Takes the terminal: raw mode, the alternate screen, no cursor.
fn take_terminal() -> Result<(), CliError> {
    terminal::enable_raw_mode().map_err(terminal_error)?;
    execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide).map_err(terminal_error)
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
    if args.picture.crop.is_some() && !args.picture.is_set() {
        return Err(CliError::Input(
            "--crop cuts a picture: give --image or --builtin with it".into(),
        ));
    }
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
    let keys = Keys::open().map_err(|e| {
        CliError::Io(format!(
            "play needs a terminal to read keys from: {}",
            crate::error::words(&e)
        ))
    })?;
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
        keys,
        teaching: None,
    };
    signals::restore_on_panic(restore_terminal);
    let raw = RawMode;
    let ended = take_terminal().and_then(|()| screen.play());
    // A signal says why play ended, whatever the terminal did as it went (a closed terminal
    // both hangs up and sends SIGHUP): the process ends by it, as if it had not been caught.
    if let Some(signal) = screen.signals.received() {
        drop(raw);
        signals::end_by(signal);
    }
    ended
}

/// An I/O error on the terminal as the CLI reports it.
fn terminal_error(e: io::Error) -> CliError {
    CliError::Io(format!("terminal: {}", crate::error::words(&e)))
}

/// Keys that end the game: q, Esc, Ctrl-C and Ctrl-D (which raw mode delivers as keys rather
/// than as a signal and the end of input; a script that closes a terminal's input ends with
/// Ctrl-D).
fn quits(key: &KeyEvent) -> bool {
    match key.code {
        KeyCode::Char('q') | KeyCode::Esc => true,
        KeyCode::Char('c' | 'C' | 'd' | 'D') => key.modifiers.contains(KeyModifiers::CONTROL),
        _ => false,
    }
}

const HELP: &str = "arrows or W A S D (with Shift) slide · digits tap a tile · u undo · r redo · h hint · c coach · a auto · t teach · s shuffle · p picture · n numbers · q quit";

impl Screen {
    /// The game's loop: a frame, a key, until the player quits (`Ok`), a signal comes (`Ok`;
    /// the caller ends by it), or the terminal fails or is gone (an error saying which).
    fn play(&mut self) -> Result<(), CliError> {
        while self.signals.received().is_none() {
            if self.signals.take_stop() {
                self.suspend()?;
            }
            // Every pass draws the whole frame at the terminal's size: after `fg` or a resize
            // the flag only woke the loop.
            self.signals.take_redraw();
            self.draw().map_err(terminal_error)?;
            let Some(key) = self.next_key(Duration::from_millis(250))? else {
                continue;
            };
            if !self.key(key)? {
                break;
            }
        }
        Ok(())
    }

    /// Ctrl-Z or SIGTSTP: gives the terminal back as it was and stops, as a terminal program
    /// does; after `fg` takes it again (the loop then draws anew). The clock does not run
    /// while the game is stopped.
    fn suspend(&mut self) -> Result<(), CliError> {
        #[cfg(unix)]
        {
            restore_terminal();
            let stopped = Instant::now();
            let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP);
            self.started += stopped.elapsed();
            take_terminal()?;
        }
        Ok(())
    }

    /// `work` under `limits`, stopped within 50 ms of a signal or of the terminal going away.
    fn stopping<T>(&self, limits: SearchLimits, work: impl FnOnce(&SearchLimits) -> T) -> T {
        let watch = self.keys.watch();
        self.signals.stopping(limits, move || watch.gone(), work)
    }

    /// The next key within `timeout`; `None` when none came or a signal did.
    fn next_key(&mut self, timeout: Duration) -> Result<Option<KeyEvent>, CliError> {
        self.keys
            .next(timeout)
            .map_err(|ended| CliError::Io(ended.to_string()))
    }

    /// Draws the game as it is now. Picture mode falls back to numbers, saying why, when the
    /// terminal is too small or the picture cannot be made.
    fn draw(&mut self) -> io::Result<()> {
        let n = self.game.board().size();
        // The tile side when picture tiles are drawn; the picture itself stays in the view's
        // cache, drawn or decoded once per edge.
        let mut side = None;
        let (cols, rows) = terminal::size()?;
        if self.view.on {
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
            columns: cols,
            teaching: self
                .teaching
                .as_ref()
                .map(|(goal, tiles)| (goal.as_str(), tiles.as_slice())),
        };
        render::render(&mut io::stdout(), &frame)
    }

    /// Handles one key; false means quit.
    fn key(&mut self, key: KeyEvent) -> Result<bool, CliError> {
        if quits(&key) {
            return Ok(false);
        }
        if key.code == KeyCode::Char('z') && key.modifiers.contains(KeyModifiers::CONTROL) {
            self.suspend()?;
            return Ok(true);
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
            KeyCode::Char('t') => self.teach()?,
            KeyCode::Char('c') => self.coach(),
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
        self.teaching = None;
    }

    fn request(&mut self) -> SolveRequest {
        let goal = self.game.goal().clone();
        if self.pdb.is_none() && (3..=5).contains(&goal.size()) && !self.pdb_options.no_pdb {
            self.message = "building pattern databases (once)…".into();
            let _ = self.draw();
            let options = &self.pdb_options;
            self.pdb = self
                .stopping(common::build_limits(), |limits| {
                    options.load_with(&goal, limits)
                })
                .ok();
        }
        let mut r = SolveRequest::new(Algorithm::Auto);
        r.pdb = self.pdb.clone();
        r
    }

    fn hint(&mut self) {
        let request = self.request();
        let limits =
            SearchLimits::with_timeout(Duration::from_secs(3)).threads(available_threads());
        let (board, goal) = (self.game.board(), self.game.goal());
        let found = self.stopping(limits, |limits| {
            search::solve(board, goal, &request, limits)
        });
        self.message = match found {
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

    /// The coaching hint: the method's next goal, marked on the board, and the next move.
    fn coach(&mut self) {
        let (board, goal) = (self.game.board(), self.game.goal());
        match teach::coach(board, goal) {
            Ok(Some(hint)) => {
                self.message = crate::teach::hint_words(&hint, board.size());
                let words = crate::teach::goal_words(&hint.goal, board.size());
                self.teaching = Some((format!("Next: {words}"), hint.goal.tiles().to_vec()));
            }
            Ok(None) => self.message = "already solved".into(),
            Err(e) => self.message = e.to_string(),
        }
    }

    /// Plays the teaching solve: each phase's goal above the board and its tiles marked.
    fn teach(&mut self) -> Result<(), CliError> {
        let (board, goal) = (self.game.board(), self.game.goal());
        let n = board.size();
        let plan = match teach::plan(board, goal) {
            Ok(plan) => plan,
            Err(e) => {
                self.message = e.to_string();
                return Ok(());
            }
        };
        let total = plan.len();
        let count = plan.phases.iter().filter(|p| !p.moves.is_empty()).count();
        let mut done = 0;
        for (i, phase) in plan
            .phases
            .iter()
            .filter(|p| !p.moves.is_empty())
            .enumerate()
        {
            let words = crate::teach::goal_words(&phase.goal, n);
            self.teaching = Some((
                format!("Step {}: {words}", i + 1),
                phase.goal.tiles().to_vec(),
            ));
            for &dir in &phase.moves {
                done += 1;
                self.message = format!("teaching: move {done}/{total} (any key stops)");
                if self.game.apply(dir).is_err() {
                    break;
                }
                self.draw().map_err(terminal_error)?;
                if self.signals.received().is_some() {
                    return Ok(());
                }
                if self.next_key(Duration::from_millis(180))?.is_some() {
                    self.message = "teaching stopped: c tells the next step".into();
                    return Ok(());
                }
            }
        }
        self.after_move();
        if self.game.is_solved() {
            self.message = format!("solved the way a person does: {total} moves in {count} steps");
        }
        Ok(())
    }

    fn auto(&mut self) -> Result<(), CliError> {
        let request = self.request();
        self.message = "solving…".into();
        self.draw().map_err(terminal_error)?;
        let limits =
            SearchLimits::with_timeout(Duration::from_secs(10)).threads(available_threads());
        let (board, goal) = (self.game.board(), self.game.goal());
        let found = self.stopping(limits, |limits| {
            search::solve(board, goal, &request, limits)
        });
        let solution = match found {
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
            self.draw().map_err(terminal_error)?;
            if self.signals.received().is_some() {
                return Ok(());
            }
            if self.next_key(Duration::from_millis(180))?.is_some() {
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
    fn ctrl_c_ctrl_d_q_and_escape_quit_and_nothing_else_does() {
        let key = |code, modifiers| KeyEvent::new(code, modifiers);
        assert!(quits(&key(KeyCode::Char('c'), KeyModifiers::CONTROL)));
        assert!(quits(&key(KeyCode::Char('d'), KeyModifiers::CONTROL)));
        assert!(!quits(&key(KeyCode::Char('d'), KeyModifiers::NONE)));
        assert!(!quits(&key(KeyCode::Char('z'), KeyModifiers::CONTROL)));
        assert!(quits(&key(KeyCode::Char('q'), KeyModifiers::NONE)));
        assert!(quits(&key(KeyCode::Esc, KeyModifiers::NONE)));
        assert!(!quits(&key(KeyCode::Char('c'), KeyModifiers::NONE)));
        assert!(!quits(&key(KeyCode::Char('a'), KeyModifiers::CONTROL)));
    }
}
