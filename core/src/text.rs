//! Tile lists as text: `"8 6 7 2 5 4 3 0 1"` (spaces or commas between labels).
use crate::board::Board;
use crate::error::BoardError;

/// Parses a tile list into a board; the count decides the size.
pub fn parse_board(text: &str) -> Result<Board, BoardError> {
    let tiles = parse_tiles(text)?;
    Board::from_tiles(&tiles)
}

/// Parses labels separated by whitespace or commas.
pub fn parse_tiles(text: &str) -> Result<Vec<u32>, BoardError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<u32>()
                .map_err(|_| BoardError::NotANumber { word: shorten(w) })
        })
        .collect()
}

/// A word as an error shows it: at most 20 characters, with "…" when cut.
fn shorten(word: &str) -> String {
    const MAX: usize = 20;
    if word.chars().count() <= MAX {
        word.to_string()
    } else {
        word.chars().take(MAX - 1).chain(['…']).collect()
    }
}

/// Labels joined by single spaces.
pub fn format_tiles(tiles: &[u8]) -> String {
    let mut out = String::with_capacity(tiles.len() * 3);
    crate::board::write_tiles(&mut out, tiles).expect("a String takes every write");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_spaces_and_commas_and_rejects_words() {
        let b = parse_board("1,2 3\n0").unwrap();
        assert_eq!(b.tiles(), &[1, 2, 3, 0]);
        assert_eq!(
            parse_board("1 2 x 0"),
            Err(BoardError::NotANumber { word: "x".into() })
        );
        assert_eq!(format_tiles(b.tiles()), "1 2 3 0");
    }

    #[test]
    fn a_long_word_is_cut_with_an_ellipsis() {
        let long = "x".repeat(50);
        let Err(BoardError::NotANumber { word }) = parse_tiles(&format!("1 {long} 2")) else {
            panic!("a word must be refused");
        };
        assert_eq!(word.chars().count(), 20);
        assert!(word.ends_with('…'));
        assert_eq!(
            parse_tiles("abc"),
            Err(BoardError::NotANumber { word: "abc".into() })
        );
    }
}
