//! Pacing a beam's width to its deadline (see `Shape::paced` in `beam.rs`): at each depth the
//! width that fits the time left, from the cost of a board so far and the depths still to go,
//! and that keeps what the beam holds within the memory limit.
use std::time::Instant;

/// What pacing a beam's width needs: its deadline, the start's estimate, the fewest moves to
/// plan per unit of estimate, what a kept board costs per depth in bytes, and the running
/// cost of a board expanded.
pub(crate) struct Pace {
    pub deadline: Instant,
    pub h0: u32,
    /// The fewest moves the beam plans per unit of estimate still to fall: the best estimate
    /// falls fast at first and slowly near the goal, so the pace so far promises too few
    /// depths. It depends on how close the estimate is to the real distance (see `Shape::paced`).
    pub moves_per_unit: f64,
    pub max_bytes: u64,
    pub bytes_per_board: u64,
    /// When the last depth began, and seconds per board expanded (smoothed over depths).
    pub depth_began: Instant,
    pub per_board: f64,
}

/// Depths before the pace is read: the first steps fall faster than the rest.
const PACE_AFTER: usize = 8;
/// The share of the time left a paced beam plans to use.
const PACE_TIME: f64 = 0.7;
/// The share of the memory limit a paced beam plans to hold.
const PACE_MEMORY: f64 = 0.7;

impl Pace {
    /// The width for the next depth, after `depth` depths, the last of which expanded `boards`
    /// boards, whose best estimate is now `h`, holding `held` bytes; at most `max`. The depths
    /// still to go are read from how fast the best estimate has fallen, and never fewer than
    /// it (a move lowers it by one at most).
    pub fn width(&mut self, depth: usize, boards: usize, h: u32, held: u64, max: usize) -> usize {
        let now = Instant::now();
        let this = now.duration_since(self.depth_began).as_secs_f64() / boards.max(1) as f64;
        self.depth_began = now;
        // the latest depths weigh most: wider ones cost more per board
        self.per_board = if self.per_board == 0.0 {
            this
        } else {
            0.7 * self.per_board + 0.3 * this
        };
        let fallen = self.h0.saturating_sub(h) as f64;
        if depth < PACE_AFTER || fallen <= 0.0 {
            return max;
        }
        let to_go = (h as f64 * depth as f64 / fallen).max(h as f64 * self.moves_per_unit) + 1.0;
        let left = self.deadline.saturating_duration_since(now).as_secs_f64();
        let by_time = left * PACE_TIME / (to_go * self.per_board.max(1e-9));
        let room = (self.max_bytes as f64 * PACE_MEMORY - held as f64).max(0.0);
        let by_memory = room / (to_go * self.bytes_per_board as f64);
        (by_time.min(by_memory) as usize).clamp(1, max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pacing: the full width until the pace can be read; then never wider than the memory
    /// limit leaves room for over the depths still to go, and one board when the time is up.
    #[test]
    fn pacing_narrows_for_time_and_memory() {
        use std::time::Duration;
        let mut pace = Pace {
            deadline: Instant::now() + Duration::from_secs(3600),
            h0: 100,
            moves_per_unit: 2.5,
            max_bytes: 1 << 20,
            bytes_per_board: 20,
            depth_began: Instant::now(),
            per_board: 0.0,
        };
        assert_eq!(pace.width(PACE_AFTER - 1, 1000, 95, 0, 5000), 5000);
        // 60 to go at the pace so far is fewer than 2.5 per unit: 126 depths planned, and
        // 0.7 MiB of room over them at 20 bytes a board
        let by_memory = ((1u64 << 20) as f64 * PACE_MEMORY / (126.0 * 20.0)) as usize;
        assert_eq!(pace.width(40, 1000, 50, 0, 5000), by_memory);
        assert_eq!(pace.width(40, 1000, 50, 0, 100), 100);
        pace.deadline = Instant::now();
        assert_eq!(pace.width(40, 1000, 50, 0, 5000), 1);
    }
}
