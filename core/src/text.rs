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
            w.parse::<u32>().map_err(|_| BoardError::NotANumber {
                word: w.chars().take(20).collect(),
            })
        })
        .collect()
}

/// Labels joined by single spaces.
pub fn format_tiles(tiles: &[u8]) -> String {
    tiles
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ")
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
}
