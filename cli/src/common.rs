//! What the subcommands share: errors and exit codes, goals, pattern-database loading, output.
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use slidepuzzle_core::heuristic::pattern_db::FORMAT_VERSION;
use slidepuzzle_core::heuristic::{canonical_goal, PatternDb, PdbHeuristic};
use slidepuzzle_core::picture::{self, Picture, PictureLimits};
use slidepuzzle_core::search::Solution;
use slidepuzzle_core::{text, Algorithm, Board, HeuristicKind, LimitKind, SearchLimits, Stats};

use crate::error::CliError;
use crate::output::{note, out};

pub fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    Algorithm::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        format!("unknown algorithm '{s}' (choose {})", names.join(", "))
    })
}

pub fn parse_heuristic(s: &str) -> Result<HeuristicKind, String> {
    HeuristicKind::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = HeuristicKind::ALL.iter().map(|h| h.name()).collect();
        format!("unknown heuristic '{s}' (choose {})", names.join(", "))
    })
}

/// The goal from `--goal`, or the default for the size.
pub fn goal_for(size: usize, goal: Option<&str>) -> Result<Board, CliError> {
    match goal {
        Some(text) => {
            // Errors in the goal read like errors in the tiles, and say it is the goal.
            let g = text::parse_board(text).map_err(|e| CliError::Input(format!("--goal: {e}")))?;
            if g.size() != size {
                return Err(CliError::Input(format!(
                    "--goal: the goal is a {0}×{0} board but the board is {1}×{1}",
                    g.size(),
                    size
                )));
            }
            Ok(g)
        }
        None => Ok(Board::goal(size)?),
    }
}

/// How many threads a search may use.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct ThreadOptions {
    /// Threads a search may use: IDA*, and the reduction's two ends (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

impl ThreadOptions {
    /// As asked, else every core.
    pub fn count(&self) -> usize {
        self.threads
            .map_or_else(slidepuzzle_core::limits::available_threads, usize::from)
    }
}

/// Where pattern databases come from.
#[derive(Args, Debug, Clone, Default)]
pub struct PdbOptions {
    /// Load pattern databases from this file (built with `pdb build`).
    #[arg(long)]
    pub pdb: Option<PathBuf>,
    /// Cache directory for pattern databases built on demand
    /// (default: $SLIDEPUZZLE_CACHE, else ~/.cache/slidepuzzle).
    #[arg(long)]
    pub pdb_dir: Option<PathBuf>,
    /// Never build or use pattern databases.
    #[arg(long)]
    pub no_pdb: bool,
}

impl PdbOptions {
    /// Databases for `goal` when the algorithm or heuristic wants them (auto: 3×3 to 5×5).
    pub fn for_request(
        &self,
        goal: &Board,
        algorithm: Algorithm,
        heuristic: HeuristicKind,
    ) -> Result<Option<Arc<PatternDb>>, CliError> {
        let needed = algorithm == Algorithm::PatternDb
            || (matches!(algorithm, Algorithm::AStar | Algorithm::IdaStar)
                && heuristic == HeuristicKind::PatternDb);
        let wanted = needed || (algorithm == Algorithm::Auto && (3..=5).contains(&goal.size()));
        if !wanted {
            return Ok(None);
        }
        if self.no_pdb {
            return if needed {
                Err(CliError::Input(
                    "--no-pdb forbids the pattern databases this search needs (choose another \
                     algorithm or heuristic)"
                        .into(),
                ))
            } else {
                Ok(None)
            };
        }
        self.load(goal).map(Some)
    }

    fn cache_dir(&self) -> PathBuf {
        if let Some(d) = &self.pdb_dir {
            return d.clone();
        }
        // An empty variable is unset, never the working folder.
        let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        if let Some(d) = set("SLIDEPUZZLE_CACHE") {
            return PathBuf::from(d);
        }
        match set("HOME") {
            Some(home) => PathBuf::from(home).join(".cache").join("slidepuzzle"),
            None => std::env::temp_dir().join("slidepuzzle-cache"),
        }
    }

    /// Loads from `--pdb`, else from the cache, else builds and caches. Cached tables are
    /// kept per canonical goal, so one serves every goal a symmetry maps onto it.
    pub fn load(&self, goal: &Board) -> Result<Arc<PatternDb>, CliError> {
        self.load_with(goal, &build_limits())
    }

    /// [`PdbOptions::load`], a build bounded by `limits` (`play` stops it on a signal).
    pub fn load_with(
        &self,
        goal: &Board,
        limits: &SearchLimits,
    ) -> Result<Arc<PatternDb>, CliError> {
        use slidepuzzle_core::heuristic::pattern_db::SIZES;
        // Refused before anything is read or built for it.
        if !SIZES.contains(&goal.size()) {
            return Err(CliError::Input(
                slidepuzzle_core::error::PdbError::UnsupportedSize(goal.size()).to_string(),
            ));
        }
        if let Some(path) = &self.pdb {
            let db = Arc::new(read_pdb(path, None).map_err(|e| match e {
                PdbReadError::File(e) => e,
                other => CliError::Input(format!("{}: {other}", path.display())),
            })?);
            PdbHeuristic::new(db.clone(), goal)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
            return Ok(db);
        }
        let goal = &canonical_goal(goal);
        let dir = self.cache_dir();
        let key: String = goal.tiles().iter().map(|t| format!("{t:02x}")).collect();
        let path = dir.join(format!("pdb-{}-{key}.bin", goal.size()));
        if path.exists() {
            match read_pdb(&path, Some(goal)) {
                Ok(db) if !db.groups_are_current() => {
                    note!(
                        "rebuilding {}: its groups are an earlier partition's",
                        path.display()
                    )
                }
                Ok(db) => {
                    // A file of an older format is written again in the current one, which
                    // loads faster; if that fails, the old file still serves.
                    if older_format(&path) {
                        if let Err(e) = crate::files::write_atomic(&path, &db.to_bytes()) {
                            note!("cached {} kept in its older format ({e})", path.display());
                        }
                    }
                    return Ok(Arc::new(db));
                }
                Err(e) => note!("ignoring cached {}: {e}", path.display()),
            }
        }
        let started = std::time::Instant::now();
        note!(
            "building pattern databases for this {0}×{0} goal (once)…",
            goal.size()
        );
        let db = PatternDb::build(goal, limits)?;
        let seconds = started.elapsed().as_secs_f64();
        let cached = std::fs::create_dir_all(&dir)
            .map_err(|e| {
                CliError::Io(format!(
                    "cannot make the folder {}: {}",
                    dir.display(),
                    crate::error::words(&e)
                ))
            })
            .and_then(|()| crate::files::write_atomic(&path, &db.to_bytes()));
        match cached {
            Ok(()) => note!("built in {seconds:.1} s, cached at {}", path.display()),
            Err(e) => {
                note!("built in {seconds:.1} s; not cached ({e}), so the next run builds again")
            }
        }
        Ok(Arc::new(db))
    }
}

/// Why a pattern-database file cannot be used: a file problem, or its bytes.
pub enum PdbReadError {
    /// Not readable as a regular file.
    File(CliError),
    /// Read, and refused by the format.
    Format(slidepuzzle_core::error::PdbError),
    /// Its length is not the one its headers give.
    Length { found: u64, expected: u64 },
}

impl std::fmt::Display for PdbReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PdbReadError::File(e) => write!(f, "{e}"),
            PdbReadError::Format(e) => write!(f, "{e}"),
            PdbReadError::Length { found, expected } if found < expected => write!(
                f,
                "pattern database is truncated ({found} bytes of {expected})"
            ),
            PdbReadError::Length { found, expected } => write!(
                f,
                "pattern database is malformed: {found} bytes where its headers give {expected}"
            ),
        }
    }
}

/// Reads a pattern-database file: a regular file whose length its headers give (read by
/// seeking, so nothing of a huge or endless file is read), then read in place by the core (the
/// file mapped, its tables never copied) and checked whole; a file that grew after it was sized
/// is refused.
pub fn read_pdb(path: &Path, goal: Option<&Board>) -> Result<PatternDb, PdbReadError> {
    let (file, meta) =
        crate::files::open_regular(path, "pattern database").map_err(PdbReadError::File)?;
    let expected = PatternDb::expected_len(&mut std::io::BufReader::new(file))
        .map_err(PdbReadError::Format)?;
    if meta.len() != expected {
        return Err(PdbReadError::Length {
            found: meta.len(),
            expected,
        });
    }
    PatternDb::map_file(path, goal).map_err(|e| match std::fs::metadata(path) {
        // it grew after it was sized: say how long it is now
        Ok(now) if now.len() > expected => PdbReadError::Length {
            found: now.len(),
            expected,
        },
        _ => PdbReadError::Format(e),
    })
}

/// Whether the pattern-database file at `path` (already read and checked) was written in a
/// format older than the one this build writes.
fn older_format(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 6];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| u16::from_le_bytes([head[4], head[5]]) < FORMAT_VERSION)
}

/// A table build's limits: every group on a thread of its own, as many at once as there are
/// cores.
pub fn build_limits() -> SearchLimits {
    SearchLimits::default().threads(slidepuzzle_core::limits::available_threads())
}

/// A board exactly `k` optimal moves from `goal`, measured with the goal's pattern databases.
pub fn exact_shuffle(
    goal: &Board,
    k: u32,
    rng: &mut impl rand::Rng,
    pdb: &PdbOptions,
) -> Result<Board, CliError> {
    use slidepuzzle_core::ShuffleError;
    // Refused before any database is built for it.
    slidepuzzle_core::shuffle::check_distance(goal.size(), k)
        .map_err(|e| CliError::Input(e.to_string()))?;
    // 2×2 and 3×3 list their boards at each distance; 4×4 needs databases.
    let db = if goal.size() <= 3 {
        None
    } else if pdb.no_pdb {
        return Err(CliError::Input(format!(
            "--distance on a {0}×{0} board measures with pattern databases, which --no-pdb \
             forbids",
            goal.size()
        )));
    } else {
        Some(pdb.load(goal)?)
    };
    slidepuzzle_core::shuffle::to_distance(goal, k, rng, db).map_err(|e| match e {
        ShuffleError::Solve(s) => s.into(),
        other => CliError::Input(other.to_string()),
    })
}

/// Prints a solution as text or one JSON object.
pub fn print_solution(start: &Board, s: &Solution, json: bool) -> Result<(), CliError> {
    if json {
        let v = serde_json::json!({
            "size": start.size(),
            "algorithm": s.algorithm,
            "moves": s.tiles,
            "directions": s.directions(),
            "length": s.len(),
            "optimal": s.optimal,
            "lower_bound": s.lower_bound,
            "expanded": s.stats.expanded,
            "generated": s.stats.generated,
            "peak_bytes": s.stats.peak_bytes,
            "elapsed_ms": s.stats.elapsed.as_secs_f64() * 1000.0,
        });
        out!("{v}");
    } else {
        let tiles: Vec<String> = s.tiles.iter().map(|t| t.to_string()).collect();
        out!("moves ({}): {}", s.len(), tiles.join(" "));
        out!("blank: {}", s.directions());
        let quality = if s.optimal {
            "optimal".to_string()
        } else {
            format!("not proven optimal (lower bound {})", s.lower_bound)
        };
        out!(
            "{}: {} moves, {quality}; expanded {}, generated {}, peak {} KiB, {:.1} ms",
            s.algorithm,
            s.len(),
            s.stats.expanded,
            s.stats.generated,
            s.stats.peak_bytes / 1024,
            s.stats.elapsed.as_secs_f64() * 1000.0
        );
    }
    Ok(())
}

/// Where a puzzle picture comes from: a built-in one or a photo file.
#[derive(clap::Args, Debug, Clone)]
pub struct PictureSource {
    /// A built-in picture: sunset, aurora, mandala or bauhaus.
    #[arg(long, conflicts_with = "image")]
    pub builtin: Option<String>,
    /// Your own photo (JPEG, PNG, WebP or GIF); EXIF orientation is applied.
    #[arg(long)]
    pub image: Option<PathBuf>,
    /// The square to cut, as X,Y,SIDE fractions of the upright picture: X and Y its left and
    /// top edges (of the width and height), SIDE its side (of the shorter edge). Default: the
    /// centre square.
    #[arg(long, value_parser = parse_crop, allow_hyphen_values = true)]
    pub crop: Option<picture::Crop>,
}

/// `X,Y,SIDE`, three numbers; the crop's own checks (inside the picture, some area) come with
/// the picture.
pub fn parse_crop(text: &str) -> Result<picture::Crop, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [x, y, side] = parts.as_slice() else {
        return Err(format!(
            "'{text}' is not X,Y,SIDE (three fractions, e.g. 0.25,0,0.5)"
        ));
    };
    let number = |w: &str| {
        w.parse::<f64>()
            .map_err(|_| format!("'{w}' in '{text}' is not a number"))
    };
    Ok(picture::Crop {
        x: number(x)?,
        y: number(y)?,
        side: number(side)?,
    })
}

impl PictureSource {
    /// Whether a picture was asked for.
    pub fn is_set(&self) -> bool {
        self.builtin.is_some() || self.image.is_some()
    }

    /// The picture at `edge` pixels (the first built-in when none was named), cut to the crop.
    pub fn load(&self, edge: u32) -> Result<Picture, CliError> {
        let input = |e: picture::PictureError| CliError::Input(e.to_string());
        let picture = match (&self.image, &self.builtin) {
            (Some(path), _) => {
                let limits = PictureLimits::default();
                let bytes = crate::files::read_bounded(path, "photo", limits.max_file_bytes)?;
                picture::load_cropped(&bytes, edge, self.crop, &limits)
                    .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?
            }
            (None, builtin) => {
                let id = builtin
                    .as_deref()
                    .unwrap_or(picture::builtin::BUILTINS[0].id);
                match self.crop {
                    None => picture::builtin::render(id, edge).map_err(input)?,
                    // A built-in picture is drawn at any size: large enough that the square
                    // cut from it still has `edge` pixels.
                    Some(crop) => {
                        crop.pixels(edge, edge).map_err(input)?;
                        let full = (f64::from(edge) / crop.side).ceil() as u32;
                        let full = full.clamp(edge, picture::MAX_EDGE);
                        let drawn = picture::builtin::render(id, full).map_err(input)?;
                        let image = image::RgbaImage::from_raw(full, full, drawn.rgba)
                            .map(image::DynamicImage::ImageRgba8)
                            .ok_or_else(|| {
                                CliError::Input("the picture could not be drawn".into())
                            })?;
                        picture::square_at(&image, edge, Some(crop)).map_err(input)?
                    }
                }
            }
        };
        Ok(picture)
    }

    /// The upright width and height of `--image`, and what decoding it does with its colours
    /// ("Display P3 (converted to sRGB)"), from its header; the file is read once.
    pub fn info(&self) -> Result<((u32, u32), picture::Colour), CliError> {
        let Some(path) = &self.image else {
            return Err(CliError::Input(
                "--info reads a photo's header: give --image (built-in pictures are drawn at any size)"
                    .into(),
            ));
        };
        let limits = PictureLimits::default();
        let bytes = crate::files::read_bounded(path, "photo", limits.max_file_bytes)?;
        let size = picture::upright_size(&bytes, &limits);
        size.and_then(|size| Ok((size, picture::colour(&bytes, &limits)?)))
            .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))
    }
}

/// Darkens the lines between the tiles of a `size`×`size` cut.
pub fn draw_grid(picture: &mut Picture, size: usize) -> Result<(), CliError> {
    if !(slidepuzzle_core::MIN_SIZE..=slidepuzzle_core::MAX_SIZE).contains(&size) {
        return Err(CliError::Input(format!("--grid {size}: sizes are 2 to 8")));
    }
    let edge = picture.edge;
    for cell in 0..size * size {
        let r = picture::tile_rect(size, edge, cell);
        for y in r.y..r.y + r.height {
            for x in r.x..r.x + r.width {
                if x == r.x || y == r.y {
                    let i = ((y * edge + x) * 4) as usize;
                    for c in &mut picture.rgba[i..i + 3] {
                        *c /= 3;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Writes `picture` as a PNG file, whole or not at all (see [`crate::files::write_atomic`]).
pub fn write_png(picture: &Picture, out: &Path) -> Result<(), CliError> {
    let bytes = picture
        .to_png()
        .map_err(|e| CliError::Io(format!("cannot encode the picture as PNG: {e}")))?;
    crate::files::write_atomic(out, &bytes)
}

/// The words for a search stopped by a limit: what it did, and for memory what the step it
/// refused would have needed against the budget (the process never held that much).
pub fn limit_message(limit: LimitKind, stats: &Stats, max_bytes: u64) -> String {
    let mib = |b: u64| b.div_ceil(1 << 20);
    let work = format!(
        "expanded {} generated {} in {} ms",
        stats.expanded,
        stats.generated,
        stats.elapsed.as_millis()
    );
    match limit {
        LimitKind::Memory => format!(
            "memory limit reached: the next step needs about {} MiB; the budget is {} MiB \
             (held {} MiB; {work})",
            mib(stats.refused_bytes),
            max_bytes >> 20,
            mib(stats.peak_bytes)
        ),
        other => format!("{other} limit reached: {work}"),
    }
}
