//! The teaching solve and the coaching hint on every size, from fixed seeds: the plan's moves are
//! legal and solve the board, each phase ends with its goal met and never moves a tile an
//! earlier phase placed, the last two of a line go in by the trick, and following the hints
//! from any board solves it.
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle_core::board::{step, taxicab};
use slidepuzzle_core::teach::{self, Goal, Line, Plan};
use slidepuzzle_core::{shuffle, text, Board, BoardError, Direction};

/// Replays `plan` from `start` and checks it phase by phase; returns the board it ends on.
fn replay(start: &Board, goal: &Board, plan: &Plan) -> Board {
    assert_eq!(
        plan.phases.iter().map(|p| &p.goal).collect::<Vec<_>>(),
        teach::goals(goal).iter().collect::<Vec<_>>(),
        "the phases are the method's goals, in order"
    );
    let mut board = start.clone();
    let mut placed: Vec<(u8, usize)> = Vec::new();
    for (i, phase) in plan.phases.iter().enumerate() {
        assert_eq!(phase.moves.len(), phase.slid.len());
        for (&dir, &tile) in phase.moves.iter().zip(&phase.slid) {
            assert_eq!(
                board.apply(dir),
                Ok(tile),
                "phase {i}: a legal move sliding {tile}"
            );
            for &(t, cell) in &placed {
                assert_eq!(
                    board.tile_at(cell),
                    t,
                    "phase {i} ({:?}) moved tile {t}, placed earlier",
                    phase.goal
                );
            }
        }
        for (&t, &cell) in phase.goal.tiles().iter().zip(phase.goal.cells()) {
            assert_eq!(board.tile_at(cell), t, "phase {i} ends with its goal met");
            assert_eq!(
                goal.tile_at(cell),
                t,
                "the goal's cells are the goal board's"
            );
            placed.push((t, cell));
        }
        if let Goal::LastTwo { tiles, cells, .. } = &phase.goal {
            check_trick(&board, phase.moves.as_slice(), *tiles, *cells);
        }
    }
    board
}

/// A line's last two went in by the trick: unless they were in place already or within two
/// moves of it, the phase ends with the first tile sliding from the corner into its cell (the blank come
/// to that cell), then the second from the cell beside the corner into the corner.
fn check_trick(end: &Board, moves: &[Direction], tiles: [u8; 2], cells: [usize; 2]) {
    if moves.len() < 2 {
        return;
    }
    let n = end.size();
    let [first_cell, corner] = cells;
    let mut back = end.clone();
    back.apply(moves[moves.len() - 1].opposite()).unwrap();
    let park = back.cell_of(tiles[1]).unwrap();
    if moves.len() == 2 && back.blank() != corner {
        // two moves from home by chance (the second into the corner, then the first into its
        // cell): the pair went straight in
        return;
    }
    assert_eq!(
        back.blank(),
        corner,
        "the second slides into the corner last"
    );
    assert_eq!(taxicab(n, park, corner), 1);
    assert_ne!(park, first_cell);
    back.apply(moves[moves.len() - 2].opposite()).unwrap();
    assert_eq!(
        back.cell_of(tiles[0]),
        Some(corner),
        "the first parked in the corner"
    );
    assert_eq!(back.cell_of(tiles[1]), Some(park), "the second beside it");
    assert_eq!(back.blank(), first_cell, "the blank in the first's cell");
}

/// Follows the coaching hint from `start` until it says the board is solved; the moves.
fn follow_hints(start: &Board, goal: &Board) -> Vec<Direction> {
    let mut board = start.clone();
    let mut moves = Vec::new();
    while let Some(hint) = teach::coach(&board, goal).unwrap() {
        let to = step(board.size(), board.blank(), hint.direction).expect("a legal move");
        assert_eq!(
            board.tile_at(to),
            hint.tile,
            "the hint names the tile that slides"
        );
        assert!(!hint.goal.is_met(&board), "the hint's goal is not met yet");
        board.apply(hint.direction).unwrap();
        moves.push(hint.direction);
        assert!(moves.len() < 20_000, "the hints go round in circles");
    }
    assert_eq!(&board, goal, "no hint means solved");
    moves
}

#[test]
fn plans_solve_every_size_phase_by_phase() {
    for size in 2..=8 {
        let goal = Board::goal(size).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(69 + size as u64);
        for _ in 0..20 {
            let start = shuffle::uniform(&goal, &mut rng);
            let plan = teach::plan(&start, &goal).unwrap();
            assert_eq!(
                replay(&start, &goal, &plan),
                goal,
                "{size}×{size}: {start:?}"
            );
            let mut board = start.clone();
            assert_eq!(board.apply_all(&plan.moves()).unwrap(), plan.slid());
        }
    }
}

#[test]
fn following_the_hint_from_100_boards_per_size_solves_each_as_the_plan_does() {
    for size in 2..=8 {
        let goal = Board::goal(size).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1069 + size as u64);
        for i in 0..100 {
            let start = shuffle::uniform(&goal, &mut rng);
            let moves = follow_hints(&start, &goal);
            // the plan of a few boards per size, move for move
            if i < 5 {
                assert_eq!(moves, teach::plan(&start, &goal).unwrap().moves());
            }
        }
    }
}

#[test]
fn a_goal_with_the_blank_anywhere_turns_the_method_round() {
    let mut rng = ChaCha8Rng::seed_from_u64(6969);
    for size in 2..=6 {
        let cells = size * size;
        for home in [0, size - 1, cells / 2, cells - size, cells - 1] {
            let goal = Board::goal_with_blank(size, home).unwrap();
            for _ in 0..5 {
                let start = shuffle::uniform(&goal, &mut rng);
                let plan = teach::plan(&start, &goal).unwrap();
                assert_eq!(replay(&start, &goal, &plan), goal, "home {home}, {start:?}");
                if let Some(Goal::LastBlock { block, .. }) = plan.phases.last().map(|p| &p.goal) {
                    let (r, c) = (home / size, home % size);
                    assert!((block.top..block.top + block.rows).contains(&r));
                    assert!((block.left..block.left + block.columns).contains(&c));
                }
                assert_eq!(follow_hints(&start, &goal), plan.moves());
            }
        }
    }
}

/// Every 3×3 board with tile 1 in place (20 160 of them): the top row's last two from every
/// position of theirs and the blank's, then every last 2×3.
#[test]
fn every_3x3_board_with_its_first_tile_placed_is_solved_by_the_method() {
    let goal = Board::goal(3).unwrap();
    let mut rest: Vec<u32> = (2..9).chain([0]).collect();
    let mut count = 0;
    permutations(&mut rest, 0, &mut |perm| {
        let tiles: Vec<u32> = [1].into_iter().chain(perm.iter().copied()).collect();
        let start = Board::from_tiles(&tiles).unwrap();
        if !slidepuzzle_core::parity::is_solvable(&start, &goal) {
            return;
        }
        count += 1;
        let plan = teach::plan(&start, &goal).unwrap();
        assert_eq!(plan.phases[0].moves, [], "tile 1 is in place");
        assert_eq!(replay(&start, &goal, &plan), goal, "{start:?}");
    });
    assert_eq!(count, 20_160);
}

fn permutations(items: &mut [u32], k: usize, visit: &mut impl FnMut(&[u32])) {
    if k == items.len() {
        visit(items);
        return;
    }
    for i in k..items.len() {
        items.swap(k, i);
        permutations(items, k + 1, visit);
        items.swap(k, i);
    }
}

/// The set-up that sticks: the first of a line's last two parked in the corner, the second
/// caught in the first's cell behind it, the blank far away.
#[test]
fn the_second_tile_caught_behind_the_parked_first_is_freed() {
    // 4×4: 1 and 2 placed, 3 in the corner (4's cell), 4 in 3's cell, blank bottom right
    let start = text::parse_board("1 2 4 3 5 6 7 8 9 10 11 12 13 15 14 0").unwrap();
    let goal = Board::goal(4).unwrap();
    let plan = teach::plan(&start, &goal).unwrap();
    assert!(matches!(
        plan.phases[2].goal,
        Goal::LastTwo {
            tiles: [3, 4],
            line: Line::Row(0),
            ..
        }
    ));
    assert!(!plan.phases[2].moves.is_empty());
    assert_eq!(replay(&start, &goal, &plan), goal);
    // on 8×8 too, the caught pair in the top row and again in the left column
    let goal = Board::goal(8).unwrap();
    let mut tiles: Vec<u32> = goal.to_u32s();
    tiles.swap(6, 7);
    tiles.swap(48, 56);
    let start = Board::from_tiles(&tiles).unwrap();
    assert_eq!(
        replay(&start, &goal, &teach::plan(&start, &goal).unwrap()),
        goal
    );
}

#[test]
fn a_solved_board_has_no_hint_and_a_plan_of_no_moves() {
    let goal = Board::goal(5).unwrap();
    assert_eq!(teach::coach(&goal, &goal), Ok(None));
    let plan = teach::plan(&goal, &goal).unwrap();
    assert!(plan.is_empty());
    assert_eq!(plan.phases.len(), teach::goals(&goal).len());
}

#[test]
fn the_hint_names_the_goal_and_the_tile_to_slide() {
    // 3×3, tile 1 one step right of its cell with the blank in its cell: slide 1 left
    let board = text::parse_board("0 1 2 3 4 5 6 7 8").unwrap();
    let goal = Board::goal(3).unwrap();
    let hint = teach::coach(&board, &goal).unwrap().unwrap();
    assert_eq!(hint.phase, 0);
    assert_eq!(
        hint.goal,
        Goal::PlaceTile {
            tile: 1,
            cell: 0,
            line: Line::Row(0)
        }
    );
    assert_eq!((hint.direction, hint.tile), (Direction::Right, 1));
}

#[test]
fn boards_that_cannot_be_solved_are_refused() {
    let goal = Board::goal(3).unwrap();
    let swapped = text::parse_board("2 1 3 4 5 6 7 8 0").unwrap();
    assert_eq!(teach::plan(&swapped, &goal), Err(BoardError::Unsolvable));
    assert_eq!(teach::coach(&swapped, &goal), Err(BoardError::Unsolvable));
    let four = Board::goal(4).unwrap();
    assert!(matches!(
        teach::plan(&swapped, &four),
        Err(BoardError::SizeMismatch { .. })
    ));
}
