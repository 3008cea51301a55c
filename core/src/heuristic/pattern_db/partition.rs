//! Which tiles form each group, and which canonical goal's tables serve a goal.
use crate::board::Board;
use crate::error::PdbError;

/// The cells of each group for a goal whose blank is at `blank` (the blank's cell in none).
///
/// The shapes are compact blocks:
/// - 2×2, 3×3: one group of every tile (an exact table; 3×3 has 181 440 entries).
/// - 4×4: 6-6-3 as `FOUR` draws it for a blank at its top-left corner (group 1 holds the
///   blank's cell), turned or mirrored so that the blank's home falls on the corner, the edge
///   cell beside it or the inner cell below that, all in group 1.
/// - 5×5: 5-5-5-5-4, the 4-group in the blank's edge row; for an inner blank the top row is
///   used and the blank's cell trades places with the top-row cell above it, keeping the group
///   sizes.
pub fn partition(size: usize, blank: usize) -> Result<Vec<Vec<usize>>, PdbError> {
    let template: &[&str] = match size {
        2 | 3 => &[],
        4 => &FOUR,
        5 => &["00000", "11122", "11222", "33444", "33344"],
        _ => return Err(PdbError::UnsupportedSize(size)),
    };
    let cells = size * size;
    if template.is_empty() {
        return Ok(vec![(0..cells).filter(|&c| c != blank).collect()]);
    }
    let group_at = |r: usize, c: usize| (template[r].as_bytes()[c] - b'0') as usize;
    let rotate = |cell: usize, turns: usize| {
        let (mut r, mut c) = (cell / size, cell % size);
        for _ in 0..turns {
            (r, c) = (c, size - 1 - r);
        }
        (r, c)
    };
    let mut group_of: Vec<usize> = vec![0; cells];
    if size == 4 {
        let map = symmetries(4)
            .into_iter()
            .find(|m| [0, 1, 5].contains(&m[blank]))
            .expect("every cell's orbit holds the corner, the edge cell or the inner cell");
        for (cell, g) in group_of.iter_mut().enumerate() {
            let to = map[cell] as usize;
            *g = group_at(to / size, to % size);
        }
    } else if let Some(turns) = (0..4).find(|&t| rotate(blank, t).0 == 0) {
        for (cell, g) in group_of.iter_mut().enumerate() {
            let (r, c) = rotate(cell, turns);
            *g = group_at(r, c);
        }
    } else {
        for (cell, g) in group_of.iter_mut().enumerate() {
            *g = group_at(cell / size, cell % size);
        }
        group_of[blank % size] = group_of[blank];
    }
    let count = group_of.iter().max().unwrap() + 1;
    let mut groups = vec![Vec::new(); count];
    for (cell, &g) in group_of.iter().enumerate() {
        if cell != blank {
            groups[g].push(cell);
        }
    }
    Ok(groups)
}

/// The 4×4 partition for a blank at the top-left corner: two blocks of 2×3 and the three cells
/// of the bottom row that the left block does not take. Measured on Korf's 40 (corner goal,
/// with the reflected reading): 2.35 M nodes, where the 3-group across the blank's row (the
/// shape before, `0000 1122 1122 1122`) took 5.92 M, Korf and Felner's staircase 3.87 M, the
/// 3-group in the far corner (`1122 1122 1120 1200`) 3.64 M and the bottom row less the middle
/// (`1122 1122 1122 0100`) 2.70 M.
pub const FOUR: [&str; 4] = ["1122", "1122", "1122", "1000"];

/// The eight symmetries of the square as cell maps, identity first.
pub(super) fn symmetries(size: usize) -> Vec<Vec<u8>> {
    let cells = size * size;
    let mut out = Vec::with_capacity(8);
    for transpose in [false, true] {
        for turns in 0..4 {
            let map = (0..cells)
                .map(|cell| {
                    let (mut r, mut c) = (cell / size, cell % size);
                    if transpose {
                        (r, c) = (c, r);
                    }
                    for _ in 0..turns {
                        (r, c) = (c, size - 1 - r);
                    }
                    (r * size + c) as u8
                })
                .collect();
            out.push(map);
        }
    }
    out
}

/// The goal whose databases serve `goal`: the standard arrangement with the blank in the
/// first cell of the blank's orbit under the square's symmetries. Every goal maps onto one of
/// these (3 for 4×4: corner, edge, inner; 6 for 5×5), so a device needs only that many tables.
pub fn canonical_goal(goal: &Board) -> Board {
    let blank = goal.blank();
    let home = symmetries(goal.size())
        .iter()
        .map(|m| m[blank] as usize)
        .min()
        .expect("eight symmetries");
    Board::goal_with_blank(goal.size(), home).expect("size already checked")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_every_tile_once_for_every_blank() {
        for size in 2..=5 {
            for blank in 0..size * size {
                let groups = partition(size, blank).unwrap();
                let mut all: Vec<usize> = groups.concat();
                all.sort();
                let expected: Vec<usize> = (0..size * size).filter(|&c| c != blank).collect();
                assert_eq!(all, expected, "size {size} blank {blank}");
                let mut sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
                sizes.sort();
                let want: Vec<usize> = match size {
                    2 => vec![3],
                    3 => vec![8],
                    4 => vec![3, 6, 6],
                    _ => vec![4, 5, 5, 5, 5],
                };
                assert_eq!(sizes, want, "size {size} blank {blank}");
            }
        }
        assert_eq!(partition(6, 0), Err(PdbError::UnsupportedSize(6)));
    }
}
