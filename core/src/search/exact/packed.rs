//! Boards up to 5×5 packed into one `u128` (5 bits per cell) for hash tables.
use crate::board::Board;
use crate::error::SolveError;

/// Most cells a packed board holds.
pub const MAX_CELLS: usize = 25;
/// Largest side a packed board holds.
pub const MAX_SIDE: usize = 5;

/// Packs row-major labels.
#[inline]
pub fn pack(tiles: &[u8]) -> u128 {
    tiles.iter().fold(0u128, |k, &t| (k << 5) | t as u128)
}

/// Unpacks into `out` (its length is the cell count).
#[inline]
pub fn unpack(mut key: u128, out: &mut [u8]) {
    for slot in out.iter_mut().rev() {
        *slot = (key & 31) as u8;
        key >>= 5;
    }
}

/// The blank's cell.
#[inline]
pub fn blank(tiles: &[u8]) -> usize {
    tiles
        .iter()
        .position(|&t| t == 0)
        .expect("board has a blank")
}

/// Refuses boards that do not fit a packed key.
pub fn check_fits(algorithm: &'static str, board: &Board) -> Result<(), SolveError> {
    if board.size() > MAX_SIDE {
        Err(SolveError::Unsupported {
            algorithm,
            size: board.size(),
            max: MAX_SIDE,
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_round_trips_a_5x5() {
        let tiles: Vec<u8> = (0..25).rev().collect();
        let mut out = [0u8; 25];
        unpack(pack(&tiles), &mut out);
        assert_eq!(&out[..], &tiles[..]);
    }
}
