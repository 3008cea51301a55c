//! Drawing one frame of `slidepuzzle play` into any writer: the board as numbered cells or as
//! picture tiles in truecolor half-blocks (each character cell shows two pixels, one above the
//! other), then the status lines. Nothing here reads keys or the terminal.
use std::io::{self, Write};

use crossterm::{cursor, queue, style, terminal};
use slidepuzzle_core::picture::{tile_rect, Picture};
use slidepuzzle_core::Game;

/// Everything one frame shows.
pub struct Frame<'a> {
    pub game: &'a Game,
    /// The line under the counters (help, a hint, an error, the win).
    pub message: &'a str,
    /// Digits typed so far toward a tile number.
    pub digits: &'a str,
    /// Seconds played.
    pub seconds: u64,
    /// Picture tiles: the picture, `side` × `n` pixels square, and each tile's side in
    /// characters ([`picture_tile_side`]); `None` draws numbered cells.
    pub picture: Option<(&'a Picture, usize)>,
    /// Tile numbers over the picture tiles.
    pub numbers_over_picture: bool,
    /// The terminal's width in characters: the message wraps to it (0, a terminal that does
    /// not say, counts as 80).
    pub columns: u16,
    /// The teaching solve's goal now, shown above the board, and the tiles it places, marked.
    pub teaching: Option<(&'a str, &'a [u8])>,
}

/// The side in characters of a picture tile that fits a `cols` × `rows` terminal for an `n`×`n`
/// board, even and at least 4; `None` when the terminal is too small. A tile is `p` characters
/// wide and `p`/2 tall (two pixels per character), so it looks square, with room left for the
/// status lines.
pub fn picture_tile_side(n: usize, cols: u16, rows: u16) -> Option<usize> {
    let by_width = (cols as usize).saturating_sub(4) / n;
    let by_height = (rows as usize).saturating_sub(7) * 2 / n;
    let p = by_width.min(by_height) & !1;
    (p >= 4).then_some(p)
}

/// Clears the screen and draws `frame`, then flushes.
pub fn render(out: &mut impl Write, frame: &Frame<'_>) -> io::Result<()> {
    queue!(
        out,
        terminal::Clear(terminal::ClearType::All),
        cursor::MoveTo(0, 0)
    )?;
    let marked: &[u8] = match frame.teaching {
        Some((goal, tiles)) => {
            queue!(out, style::Print(format!("  {goal}")))?;
            tiles
        }
        None => &[],
    };
    let row_y = match frame.picture {
        Some((picture, p)) => draw_picture(out, frame, picture, p, marked)?,
        None => draw_numbers(out, frame.game, marked)?,
    };
    draw_status(out, frame, row_y)?;
    out.flush()
}

const SEAM: style::Color = style::Color::Rgb {
    r: 20,
    g: 20,
    b: 24,
};
const HIDDEN: style::Color = style::Color::Rgb {
    r: 12,
    g: 12,
    b: 14,
};

/// Draws the board as picture tiles of side `p`; returns the last row used.
fn draw_picture(
    out: &mut impl Write,
    frame: &Frame<'_>,
    picture: &Picture,
    p: usize,
    marked: &[u8],
) -> io::Result<u16> {
    let (board, goal) = (frame.game.board(), frame.game.goal());
    let n = board.size();
    let edge = picture.edge;
    let solved = frame.game.is_solved();
    for cell in 0..board.cells() {
        let tile = board.tile_at(cell);
        // The blank's piece stays hidden until the win reveals the whole picture.
        let home = if tile == 0 && !solved {
            None
        } else {
            goal.cell_of(tile)
        };
        let src = home.map(|h| tile_rect(n, edge, h));
        let (row, col) = (cell / n, cell % n);
        for cy in 0..p / 2 {
            queue!(
                out,
                cursor::MoveTo((2 + col * p) as u16, (1 + row * p / 2 + cy) as u16)
            )?;
            for x in 0..p {
                let color = |y: usize| match src {
                    // A one-pixel dark seam between tiles, except on the solved picture.
                    Some(_) if !solved && (x == p - 1 || y == p - 1) => SEAM,
                    Some(r) => {
                        let [r_, g, b, _] = picture.pixel(r.x + x as u32, r.y + y as u32);
                        style::Color::Rgb { r: r_, g, b }
                    }
                    None => HIDDEN,
                };
                queue!(
                    out,
                    style::SetForegroundColor(color(cy * 2)),
                    style::SetBackgroundColor(color(cy * 2 + 1)),
                    style::Print('▀')
                )?;
            }
        }
        let is_marked = marked.contains(&tile);
        if (frame.numbers_over_picture || is_marked) && tile != 0 {
            queue!(
                out,
                cursor::MoveTo((2 + col * p) as u16, (1 + row * p / 2) as u16),
                style::SetForegroundColor(if is_marked {
                    MARKED
                } else {
                    style::Color::White
                }),
                style::SetBackgroundColor(style::Color::Black),
                style::Print(format!("{tile}"))
            )?;
        }
        queue!(out, style::ResetColor)?;
    }
    Ok((1 + n * p / 2) as u16)
}

/// The colour of the tiles the teaching solve is placing.
const MARKED: style::Color = style::Color::Yellow;

/// Draws the numbered board, tiles at home in green, `marked` tiles in brackets and yellow;
/// returns the last row used.
fn draw_numbers(out: &mut impl Write, game: &Game, marked: &[u8]) -> io::Result<u16> {
    let b = game.board();
    let n = b.size();
    let w = (b.cells() - 1).to_string().len() + 2;
    let line = format!("+{}+", vec!["-".repeat(w); n].join("+"));
    let mut row_y = 1;
    queue!(out, cursor::MoveTo(2, row_y), style::Print(&line))?;
    for r in 0..n {
        row_y += 1;
        queue!(out, cursor::MoveTo(2, row_y), style::Print("|"))?;
        for c in 0..n {
            let t = b.tile_at(r * n + c);
            let cell = if t == 0 {
                " ".repeat(w)
            } else if marked.contains(&t) {
                format!("{:^w$}", format!("[{t}]"))
            } else {
                format!("{t:^w$}")
            };
            if t != 0 && marked.contains(&t) {
                queue!(out, style::SetForegroundColor(MARKED))?;
            } else if t != 0 && game.goal().tile_at(r * n + c) == t {
                queue!(out, style::SetForegroundColor(style::Color::Green))?;
            }
            queue!(
                out,
                style::Print(cell),
                style::ResetColor,
                style::Print("|")
            )?;
        }
        row_y += 1;
        queue!(out, cursor::MoveTo(2, row_y), style::Print(&line))?;
    }
    Ok(row_y)
}

/// The move count and clock, the message (wrapped to the terminal), and the tile number being
/// typed.
fn draw_status(out: &mut impl Write, frame: &Frame<'_>, row_y: u16) -> io::Result<()> {
    let secs = frame.seconds;
    queue!(
        out,
        cursor::MoveTo(2, row_y + 2),
        style::Print(format!(
            "moves: {}   time: {}:{:02}",
            frame.game.move_count(),
            secs / 60,
            secs % 60
        )),
    )?;
    // From column 2 to one short of the last, which some terminals wrap at once when written.
    let columns = if frame.columns == 0 {
        80
    } else {
        frame.columns
    };
    let width = (columns as usize).saturating_sub(3).max(1);
    let mut y = row_y + 3;
    for line in wrap(frame.message, width) {
        queue!(out, cursor::MoveTo(2, y), style::Print(line))?;
        y += 1;
    }
    if !frame.digits.is_empty() {
        queue!(
            out,
            cursor::MoveTo(2, y),
            style::Print(format!("tile {}… (Enter to tap)", frame.digits))
        )?;
    }
    Ok(())
}

/// `text` in lines of at most `width` characters. A line breaks between the items of a list
/// (`a · b`) where it can, else between words; only a word wider than the line is cut.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in text.split(" · ") {
        let len = line.chars().count();
        let item_len = item.chars().count();
        if len > 0 && len + 3 + item_len <= width {
            line.push_str(" · ");
            line.push_str(item);
            continue;
        }
        if len > 0 {
            lines.push(std::mem::take(&mut line));
            if item_len <= width {
                line.push_str(item);
                continue;
            }
        }
        // The item on lines of its own, word by word.
        for word in item.split(' ') {
            let len = line.chars().count();
            if len > 0 && len + 1 + word.chars().count() <= width {
                line.push(' ');
                line.push_str(word);
                continue;
            }
            if len > 0 {
                lines.push(std::mem::take(&mut line));
            }
            let mut chars: Vec<char> = word.chars().collect();
            while chars.len() > width {
                lines.push(chars.drain(..width).collect());
            }
            line = chars.into_iter().collect();
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use slidepuzzle_core::{text, Board};

    /// A terminal in a grid: follows cursor moves and printed characters, remembers each
    /// cell's last foreground colour, ignores the rest.
    struct Screen {
        text: Vec<Vec<char>>,
        fg: Vec<Vec<Option<String>>>,
    }

    fn play(bytes: &[u8]) -> Screen {
        let s = String::from_utf8(bytes.to_vec()).expect("frames are UTF-8");
        let mut screen = Screen {
            text: vec![vec![' '; 160]; 30],
            fg: vec![vec![None; 160]; 30],
        };
        let (mut row, mut col) = (0usize, 0usize);
        let mut fg: Option<String> = None;
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '\x1b' {
                screen.text[row][col] = c;
                screen.fg[row][col] = fg.clone();
                col += 1;
                continue;
            }
            assert_eq!(chars.next(), Some('['), "only CSI sequences are written");
            let mut params = String::new();
            let end = loop {
                let c = chars.next().expect("a CSI sequence ends");
                if c.is_ascii_alphabetic() {
                    break c;
                }
                params.push(c);
            };
            match end {
                'H' => {
                    let (r, c) = params.split_once(';').expect("row;column");
                    (row, col) = (
                        r.parse::<usize>().unwrap() - 1,
                        c.parse::<usize>().unwrap() - 1,
                    );
                }
                'm' if params.starts_with("38;") => fg = Some(params),
                'm' if params == "0" => fg = None,
                _ => {}
            }
        }
        screen
    }

    impl Screen {
        fn line(&self, row: usize) -> String {
            self.text[row]
                .iter()
                .collect::<String>()
                .trim_end()
                .to_string()
        }
    }

    fn game(start: &str) -> Game {
        Game::new(Board::goal(3).unwrap(), text::parse_board(start).unwrap()).unwrap()
    }

    fn frame<'a>(game: &'a Game, message: &'a str) -> Frame<'a> {
        Frame {
            game,
            message,
            digits: "",
            seconds: 75,
            picture: None,
            numbers_over_picture: false,
            columns: 80,
            teaching: None,
        }
    }

    #[test]
    fn the_numbered_board_shows_every_tile_the_counters_and_the_message() {
        let mut g = game("1 2 3 4 5 6 0 7 8");
        g.apply(slidepuzzle_core::Direction::Right).unwrap();
        let mut out = Vec::new();
        render(&mut out, &frame(&g, "hello")).unwrap();
        let s = play(&out);
        assert_eq!(s.line(1), "  +---+---+---+");
        assert_eq!(s.line(2), "  | 1 | 2 | 3 |");
        assert_eq!(s.line(4), "  | 4 | 5 | 6 |");
        assert_eq!(s.line(6), "  | 7 |   | 8 |");
        assert_eq!(s.line(7), "  +---+---+---+");
        assert_eq!(s.line(9), "  moves: 1   time: 1:15");
        assert_eq!(s.line(10), "  hello");
        // tiles at home are green, the others are not
        assert!(s.fg[6][4].is_some(), "7 is home");
        assert!(s.fg[6][12].is_none(), "8 is not");
    }

    #[test]
    fn the_teaching_goal_shows_above_the_board_and_its_tiles_are_marked() {
        let g = game("1 2 3 4 5 6 0 7 8");
        let mut f = frame(&g, "");
        let marked = [8u8];
        f.teaching = Some(("Step 3: the last 2×3", &marked));
        let mut out = Vec::new();
        render(&mut out, &f).unwrap();
        let s = play(&out);
        assert_eq!(s.line(0), "  Step 3: the last 2×3");
        assert_eq!(s.line(6), "  |   | 7 |[8]|");
        // the marked tile in its own colour, not home's green (1 is home); 7 is neither
        let (eight, one) = (s.fg[6][12].clone(), s.fg[2][4].clone());
        assert!(eight.is_some());
        assert_ne!(eight, one);
        assert!(s.fg[6][8].is_none(), "7 is neither home nor marked");
    }

    #[test]
    fn typed_digits_show_under_the_message() {
        let g = game("1 2 3 4 5 6 0 7 8");
        let mut f = frame(&g, "");
        f.digits = "1";
        let mut out = Vec::new();
        render(&mut out, &f).unwrap();
        assert_eq!(play(&out).line(11), "  tile 1… (Enter to tap)");
    }

    #[test]
    fn picture_tiles_fill_the_board_and_hide_the_blank_until_the_win() {
        let p = 6;
        let picture = slidepuzzle_core::picture::builtin::render("sunset", (3 * p) as u32).unwrap();
        let g = game("1 2 3 4 5 6 7 0 8");
        let mut f = frame(&g, "m");
        f.picture = Some((&picture, p));
        let mut out = Vec::new();
        render(&mut out, &f).unwrap();
        let s = play(&out);
        // three rows of tiles, three character rows each, 3 × 6 half-blocks wide
        for row in 1..=9 {
            assert_eq!(s.line(row), format!("  {}", "▀".repeat(18)), "row {row}");
        }
        assert_eq!(s.line(12), "  moves: 0   time: 1:15");
        let hidden = "38;2;12;12;14".to_string();
        // the blank (cell 7: third row, middle) is dark, its neighbours are not
        assert_eq!(s.fg[8][2 + p], Some(hidden.clone()));
        assert_ne!(s.fg[8][2], Some(hidden.clone()));
        let mut won = game("1 2 3 4 5 6 7 0 8");
        won.apply(slidepuzzle_core::Direction::Right).unwrap();
        f.game = &won;
        let mut out = Vec::new();
        render(&mut out, &f).unwrap();
        assert_ne!(play(&out).fg[8][2 + p], Some(hidden));
    }

    #[test]
    fn the_key_help_wraps_between_items_at_any_width_and_the_digits_follow_it() {
        let g = game("1 2 3 4 5 6 0 7 8");
        let help = crate::play::HELP;
        let items: Vec<&str> = help.split(" · ").collect();
        for columns in [160u16, 100, 80, 60, 40, 24, 12] {
            let mut f = frame(&g, help);
            f.columns = columns;
            f.digits = "1";
            let mut out = Vec::new();
            render(&mut out, &f).unwrap();
            let s = play(&out);
            // the message starts under the counters (row 9) and the typed tile follows it
            let mut lines = Vec::new();
            let mut row = 10;
            while !s.line(row).starts_with("  tile 1") {
                assert!(
                    row < 29,
                    "at {columns} columns the typed tile is not under the help"
                );
                lines.push(s.line(row));
                row += 1;
            }
            for line in &lines {
                let len = line.chars().count();
                assert!(
                    len < columns as usize,
                    "{columns} columns: {line:?} is {len} long"
                );
            }
            // every word shown, in order (a "·" that ended a line is left out)
            let words = |text: &str| -> Vec<String> {
                text.split_whitespace()
                    .filter(|w| *w != "·")
                    .map(String::from)
                    .collect()
            };
            assert_eq!(
                lines.iter().flat_map(|l| words(l)).collect::<Vec<_>>(),
                words(help),
                "{columns} columns"
            );
            // an item that fits a line is never broken
            for item in items
                .iter()
                .filter(|i| i.chars().count() <= columns as usize - 3)
            {
                assert!(
                    lines.iter().any(|l| l.contains(item)),
                    "{columns} columns: {item:?} broken in {lines:?}"
                );
            }
        }
        // a terminal that does not say its width (a pty of size 0 × 0) is taken as 80 wide
        let mut f = frame(&g, help);
        f.columns = 0;
        let mut out = Vec::new();
        render(&mut out, &f).unwrap();
        assert!(play(&out)
            .line(10)
            .starts_with("  arrows or W A S D (with Shift) slide ·"));
        // at 100 columns the help takes two lines, "s shuffle" whole
        let mut f = frame(&g, help);
        f.columns = 100;
        let mut out = Vec::new();
        render(&mut out, &f).unwrap();
        let s = play(&out);
        assert!(s.line(10).contains(" · ") && s.line(11).contains(" · "));
        assert!(s.line(10).contains("s shuffle") || s.line(11).contains("s shuffle"));
        assert_eq!(s.line(12), "");
    }

    #[test]
    fn a_word_wider_than_the_line_is_cut_and_nothing_is_lost() {
        assert_eq!(wrap("abcdefgh ij", 3), ["abc", "def", "gh", "ij"]);
        assert_eq!(wrap("", 10), [""]);
        assert_eq!(wrap("a · b · c", 5), ["a · b", "c"]);
    }

    #[test]
    fn picture_tiles_need_room() {
        assert_eq!(picture_tile_side(4, 80, 24), Some(8));
        assert_eq!(picture_tile_side(8, 40, 12), None);
        assert_eq!(picture_tile_side(3, 200, 60), Some(34));
    }
}
