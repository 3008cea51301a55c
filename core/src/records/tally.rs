//! What one size and picture keeps: the best games, and the games won counted per origin.
//!
//! An *origin* is one line of history that counts wins: an install's records file, or a
//! branch started when a file was kept aside. Each origin only ever counts up, so two copies
//! of the records (another device's, a newer version's file merged back) combine by taking,
//! for each origin, the larger count: what both saw is counted once, what each added is
//! added. The total is the sum over the origins.
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Win;

/// The most origins one tally keeps. Past it, the smallest are folded into one
/// ([`FOLDED`]), so the file stays bounded; folded counts then merge as one origin.
pub const MAX_ORIGINS: usize = 16;
/// The origin that counts folded together.
pub const FOLDED: &str = "folded";
/// The longest origin name.
pub const MAX_ORIGIN_NAME: usize = 32;

/// The fewest possible moves from a game's shuffled start, as far as the app knew.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fewest {
    /// The count.
    pub moves: u32,
    /// Whether it is proven (3×3 and 4×4); otherwise it is what the search found within its
    /// budget on larger boards.
    pub proven: bool,
}

/// A game that set a best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestGame {
    /// Its moves.
    pub moves: u32,
    /// Its time in milliseconds.
    pub elapsed_ms: u64,
    /// The fewest possible from its start, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fewest: Option<Fewest>,
    /// Its peeks at the whole picture.
    #[serde(default)]
    pub peeks: u32,
}

impl BestGame {
    pub(super) fn of(win: &Win) -> BestGame {
        BestGame {
            moves: win.moves,
            elapsed_ms: win.elapsed_ms,
            fewest: win.fewest,
            peeks: win.peeks,
        }
    }

    /// Fewer moves, then less time.
    pub(super) fn fewer_moves_than(&self, other: &BestGame) -> bool {
        (self.moves, self.elapsed_ms) < (other.moves, other.elapsed_ms)
    }

    /// Less time, then fewer moves.
    pub(super) fn faster_than(&self, other: &BestGame) -> bool {
        (self.elapsed_ms, self.moves) < (other.elapsed_ms, other.moves)
    }

    /// What a merge compares after moves and time: fewer peeks, then a proven fewest before
    /// one not proven before none, then the lower fewest. Every field takes part, so of two
    /// different games one always wins, whichever file it came from.
    fn tie_break(&self) -> (u32, u8, u32) {
        let (kind, moves) = match self.fewest {
            Some(Fewest {
                moves,
                proven: true,
            }) => (0, moves),
            Some(Fewest {
                moves,
                proven: false,
            }) => (1, moves),
            None => (2, 0),
        };
        (self.peeks, kind, moves)
    }

    /// The order a merge keeps the fewest-moves game by: moves, time, then [`Self::tie_break`].
    fn by_moves(&self) -> (u32, u64, (u32, u8, u32)) {
        (self.moves, self.elapsed_ms, self.tie_break())
    }

    /// The order a merge keeps the fastest game by: time, moves, then [`Self::tie_break`].
    fn by_time(&self) -> (u64, u32, (u32, u8, u32)) {
        (self.elapsed_ms, self.moves, self.tie_break())
    }
}

/// Games won under one origin.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// Games won.
    pub won: u32,
    /// Of those, won without a peek at the whole picture.
    pub won_without_peeking: u32,
}

/// Games won, per origin.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counts(BTreeMap<String, Count>);

impl Counts {
    /// Every origin's count, by origin name.
    pub fn origins(&self) -> impl Iterator<Item = (&str, Count)> {
        self.0.iter().map(|(name, count)| (name.as_str(), *count))
    }

    /// The sum over the origins.
    pub fn total(&self) -> Count {
        self.0.values().fold(Count::default(), |sum, c| Count {
            won: sum.won.saturating_add(c.won),
            won_without_peeking: sum
                .won_without_peeking
                .saturating_add(c.won_without_peeking),
        })
    }

    pub(super) fn from_map(map: BTreeMap<String, Count>) -> Counts {
        Counts(map)
    }

    pub(super) fn as_map(&self) -> &BTreeMap<String, Count> {
        &self.0
    }

    fn add(&mut self, origin: &str, calm: bool) {
        let count = self.0.entry(origin.to_string()).or_default();
        count.won = count.won.saturating_add(1);
        if calm {
            count.won_without_peeking = count.won_without_peeking.saturating_add(1);
        }
    }

    /// For each origin the larger count: commutative, associative and idempotent.
    fn merge(&mut self, other: &Counts) {
        for (origin, theirs) in &other.0 {
            let ours = self.0.entry(origin.clone()).or_default();
            ours.won = ours.won.max(theirs.won);
            ours.won_without_peeking = ours.won_without_peeking.max(theirs.won_without_peeking);
        }
    }

    /// Folds the smallest origins into [`FOLDED`] until at most [`MAX_ORIGINS`] are left,
    /// never `keep` (the origin this copy counts under). Says whether anything was folded.
    pub(super) fn fold(&mut self, keep: Option<&str>) -> bool {
        if self.0.len() <= MAX_ORIGINS {
            return false;
        }
        let mut by_size: Vec<(String, Count)> = self
            .0
            .iter()
            .filter(|(name, _)| Some(name.as_str()) != keep && name.as_str() != FOLDED)
            .map(|(name, count)| (name.clone(), *count))
            .collect();
        by_size.sort_by(|(a, x), (b, y)| (x.won, a).cmp(&(y.won, b)));
        let mut folded = self.0.get(FOLDED).copied().unwrap_or_default();
        let mut n = self.0.len() + usize::from(!self.0.contains_key(FOLDED));
        for (name, count) in by_size {
            if n <= MAX_ORIGINS {
                break;
            }
            self.0.remove(&name);
            folded.won = folded.won.saturating_add(count.won);
            folded.won_without_peeking = folded
                .won_without_peeking
                .saturating_add(count.won_without_peeking);
            n -= 1;
        }
        self.0.insert(FOLDED.to_string(), folded);
        true
    }

    fn check(&self) -> Result<(), String> {
        if self.0.len() > MAX_ORIGINS {
            return Err(format!("more than {MAX_ORIGINS} origins"));
        }
        for (origin, count) in &self.0 {
            if origin.is_empty() || origin.len() > MAX_ORIGIN_NAME {
                return Err(format!(
                    "an origin name has 1 to {MAX_ORIGIN_NAME} characters"
                ));
            }
            if count.won_without_peeking > count.won {
                return Err("more wins without a peek than wins".into());
            }
        }
        Ok(())
    }
}

/// The wins of one kind (by hand, or helped) for one size and picture.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won, over every origin.
    pub won: u32,
    /// Of those, won without a peek at the whole picture.
    pub won_without_peeking: u32,
    /// The game of the fewest moves.
    pub fewest_moves: Option<BestGame>,
    /// The game of the shortest time.
    pub fastest: Option<BestGame>,
}

impl Tally {
    /// Keeps the better best games; ties are broken on every field, so merging a into b
    /// keeps what merging b into a does. Counts are not touched: they come from the origins.
    pub(super) fn merge_bests(&mut self, other: &Tally) {
        if let Some(b) = other.fewest_moves {
            if self
                .fewest_moves
                .is_none_or(|a| b.by_moves() < a.by_moves())
            {
                self.fewest_moves = Some(b);
            }
        }
        if let Some(b) = other.fastest {
            if self.fastest.is_none_or(|a| b.by_time() < a.by_time()) {
                self.fastest = Some(b);
            }
        }
    }

    fn check(&self) -> Result<(), String> {
        if self.won == 0 && (self.fewest_moves.is_some() || self.fastest.is_some()) {
            return Err("a best game with no game won".into());
        }
        if self.won > 0 && (self.fewest_moves.is_none() || self.fastest.is_none()) {
            return Err("games won with no best game".into());
        }
        Ok(())
    }
}

/// The records of one size and picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Board side.
    pub size: usize,
    /// A built-in picture's id, or [`PHOTO`](super::PHOTO).
    pub picture: String,
    /// Games played by hand alone.
    pub by_hand: Tally,
    /// Games finished by Auto, or with Auto or a hint used.
    pub helped: Tally,
    /// The games of each kind won, per origin: `[by hand, helped]`.
    pub(super) counts: [Counts; 2],
    /// Fields a later version of the app wrote, kept and written back.
    pub(super) unknown: serde_json::Map<String, serde_json::Value>,
}

impl Entry {
    pub(super) fn empty(size: usize, picture: &str) -> Entry {
        Entry {
            size,
            picture: picture.to_string(),
            by_hand: Tally::default(),
            helped: Tally::default(),
            counts: Default::default(),
            unknown: Default::default(),
        }
    }

    /// The games won by hand (`helped` false) or with help, per origin.
    pub fn origins(&self, helped: bool) -> &Counts {
        &self.counts[usize::from(helped)]
    }

    /// Counts a win under `origin` and keeps its game where it is a best.
    pub(super) fn add(&mut self, origin: &str, win: &Win) {
        let counts = &mut self.counts[usize::from(win.helped)];
        counts.add(origin, win.peeks == 0);
        counts.fold(Some(origin));
        let game = BestGame::of(win);
        let tally = self.tally_mut(win.helped);
        if tally.fewest_moves.is_none_or(|b| game.fewer_moves_than(&b)) {
            tally.fewest_moves = Some(game);
        }
        if tally.fastest.is_none_or(|b| game.faster_than(&b)) {
            tally.fastest = Some(game);
        }
        self.settle();
    }

    pub(super) fn tally_mut(&mut self, helped: bool) -> &mut Tally {
        if helped {
            &mut self.helped
        } else {
            &mut self.by_hand
        }
    }

    /// Another copy's entry of the same size and picture: per-origin counts by the larger,
    /// the better best games, unknown fields by a fixed order.
    pub(super) fn merge(&mut self, other: &Entry, keep: Option<&str>) {
        for kind in 0..2 {
            self.counts[kind].merge(&other.counts[kind]);
            if self.counts[kind].fold(keep) {
                log::warn!(
                    "{}×{} {}: more than {MAX_ORIGINS} origins, the smallest folded into one",
                    self.size,
                    self.size,
                    self.picture
                );
            }
        }
        self.by_hand.merge_bests(&other.by_hand);
        self.helped.merge_bests(&other.helped);
        merge_unknown(&mut self.unknown, &other.unknown);
        self.settle();
    }

    /// The totals again from the origins.
    pub(super) fn settle(&mut self) {
        for helped in [false, true] {
            let total = self.counts[usize::from(helped)].total();
            let tally = self.tally_mut(helped);
            tally.won = total.won;
            tally.won_without_peeking = total.won_without_peeking;
        }
    }

    pub(super) fn check(&self) -> Result<(), String> {
        self.counts[0]
            .check()
            .and_then(|()| self.counts[1].check())
            .and_then(|()| self.by_hand.check())
            .and_then(|()| self.helped.check())
    }
}

/// Fields only a later version knows, from two copies: where both have one, the value whose
/// text sorts first, so that the merge gives the same whichever copy it starts from.
pub(super) fn merge_unknown(
    ours: &mut serde_json::Map<String, serde_json::Value>,
    theirs: &serde_json::Map<String, serde_json::Value>,
) {
    for (key, value) in theirs {
        let keep_ours = ours.get(key).is_some_and(|mine| {
            let (mine, theirs) = (mine.to_string(), value.to_string());
            mine <= theirs
        });
        if !keep_ours {
            ours.insert(key.clone(), value.clone());
        }
    }
}
