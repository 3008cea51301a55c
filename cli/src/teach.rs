//! The teaching solve in words: each goal of the method as a player reads it ("tile 5 to the
//! left column", "tiles 3 and 4 together: the last two of the top row"), `solve --teach` as
//! text or one JSON object, and the coaching hint's line.
use slidepuzzle_core::teach::{Goal, Hint, Line, Plan};
use slidepuzzle_core::{Board, Direction};

use crate::error::CliError;
use crate::output::out;

/// A row or column as a player names it: the edges by their side, the others by number.
fn line_words(line: Line, size: usize) -> String {
    match line {
        Line::Row(0) => "the top row".into(),
        Line::Row(r) if r + 1 == size => "the bottom row".into(),
        Line::Row(r) => format!("row {}", r + 1),
        Line::Column(0) => "the left column".into(),
        Line::Column(c) if c + 1 == size => "the right column".into(),
        Line::Column(c) => format!("column {}", c + 1),
    }
}

/// A goal as a player reads it.
pub fn goal_words(goal: &Goal, size: usize) -> String {
    match goal {
        Goal::PlaceTile { tile, line, .. } => format!("tile {tile} to {}", line_words(*line, size)),
        Goal::LastTwo { tiles, line, .. } => format!(
            "tiles {} and {} together: the last two of {}",
            tiles[0],
            tiles[1],
            line_words(*line, size)
        ),
        Goal::LastBlock { block, .. } if block.rows * block.columns == size * size => {
            "the whole board, by turning the tiles round".into()
        }
        Goal::LastBlock { block, .. } => format!(
            "the last {}×{}, by turning its tiles round",
            block.rows, block.columns
        ),
    }
}

/// The way a tile slides when the blank moves `dir`: the other way.
fn slide_words(tile: u8, dir: Direction) -> String {
    format!("slide {tile} {}", dir.opposite())
}

/// The coaching hint's line: "Next: tile 3 to the top row — slide 7 left".
pub fn hint_words(hint: &Hint, size: usize) -> String {
    format!(
        "Next: {} — {}",
        goal_words(&hint.goal, size),
        slide_words(hint.tile, hint.direction)
    )
}

fn letters(moves: &[Direction]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

/// Prints a teaching solve: each phase with its goal and moves, or one JSON object.
pub fn print_plan(start: &Board, plan: &Plan, json: bool) -> Result<(), CliError> {
    let size = start.size();
    if json {
        let phases: Vec<serde_json::Value> = plan
            .phases
            .iter()
            .map(|p| {
                serde_json::json!({
                    "goal": p.goal.kind(),
                    "tiles": p.goal.tiles(),
                    "cells": p.goal.cells(),
                    "moves": p.slid,
                    "directions": letters(&p.moves),
                })
            })
            .collect();
        let v = serde_json::json!({
            "size": size,
            "algorithm": "teach",
            "moves": plan.slid(),
            "directions": letters(&plan.moves()),
            "length": plan.len(),
            "optimal": false,
            "phases": phases,
        });
        out!("{v}");
        return Ok(());
    }
    for (i, p) in plan.phases.iter().enumerate() {
        let goal = goal_words(&p.goal, size);
        if p.moves.is_empty() {
            out!("{:>2}. {goal}: already in place", i + 1);
        } else {
            let tiles: Vec<String> = p.slid.iter().map(|t| t.to_string()).collect();
            out!(
                "{:>2}. {goal}: {} moves: {}",
                i + 1,
                p.moves.len(),
                tiles.join(" ")
            );
        }
    }
    out!(
        "teaching solve: {} moves in {} phases (the tiles that slide, in order)",
        plan.len(),
        plan.phases.len()
    );
    Ok(())
}
