//! The zero heuristic: turns A* into uniform-cost search and IDA* into iterative deepening.
use super::Heuristic;

/// Always 0.
#[derive(Debug, Clone, Copy, Default)]
pub struct Zero;

impl Heuristic for Zero {
    type Eval = ();
    fn name(&self) -> &'static str {
        "zero"
    }
    fn init(&self, _: &[u8], _: &[u8]) {}
    fn value(&self, _: &()) -> u32 {
        0
    }
    fn update(&self, _: &(), _: &[u8], _: &[u8], _: u8, _: usize, _: usize) {}
}
