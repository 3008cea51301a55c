import SlidePuzzleCore

/// Which screen shows.
public enum Screen: String, Codable, Sendable {
    /// Choosing a picture and a size.
    case start
    /// Choosing the square of a photo.
    case crop
    /// The board.
    case game
    /// Every board and picture's personal bests.
    case records
}

/// Where a game is.
public enum Phase: String, Codable, Sendable {
    /// The picture is shown whole; the first tap picks the empty space's home.
    case chooseBlank
    /// Empty space chosen, board still solved: waiting for Shuffle.
    case ready
    /// A shuffle runs on a new board; the old one cannot be played until it is swapped in.
    case shuffling
    case playing
    /// Auto is searching in the background.
    case solving
    /// Auto is playing its moves one by one (or is paused between two).
    case animating
    case won
}

/// One tile's slide from one cell to the next, for the board's animation.
public struct TileSlide: Equatable, Sendable {
    public var tile: Int
    public var fromCell: Int
    public var toCell: Int

    public init(tile: Int, fromCell: Int, toCell: Int) {
        self.tile = tile
        self.fromCell = fromCell
        self.toCell = toCell
    }

    init(_ slide: Slide) {
        tile = Int(slide.tile)
        fromCell = Int(slide.fromCell)
        toCell = Int(slide.toCell)
    }
}

/// Auto's playback: moves played, moves in all, and whether the player paused it.
public struct Playback: Equatable, Sendable {
    public var played: Int
    public var total: Int
    public var paused = false
}

/// The hint: the tile's cell and the way it slides (an arrow, not colour alone). `tile` is the
/// tile's number, said only where numbers show.
public struct Hint: Equatable, Sendable {
    public var cell: Int
    public var tile: Int
    public var direction: TileDirection
}

/// The fewest possible moves from the shuffled start, as far as known.
public struct Fewest: Codable, Equatable, Sendable {
    public var moves: Int
    /// Proven (3×3, 4×4, an exact-distance shuffle); otherwise only the best found in time.
    public var proven: Bool

    public init(moves: Int, proven: Bool) {
        self.moves = moves
        self.proven = proven
    }
}

/// What went wrong in the core, by kind: the player reads words chosen by kind, never the
/// core's own sentence.
public enum Problem: String, Codable, Equatable, Sendable {
    case memory, time, nodes, cancelled, unsupported, databases, other
}

/// Why a photo could not become a puzzle.
public enum PhotoProblem: String, Codable, Equatable, Sendable, Error {
    /// The picker could not hand it over (an iCloud photo that did not download).
    case notDownloaded
    /// The file is empty.
    case empty
    /// Nothing on the phone reads it (damaged, or a format no decoder knows).
    case unreadable
    /// The camera gave nothing back.
    case cameraFailed
}

/// A line for the player: typed here, worded from the app's String Catalog by ``Lines``.
public enum Note: Equatable, Sendable {
    case chooseBlank
    case nowShuffle
    case tapShuffle
    /// A tap on a tile outside the empty space's row and column; `tile` nil where numbers do
    /// not show (the player sees a picture, not a number).
    case notInLine(tile: Int?)
    case shuffling
    case preparingShuffle
    case shuffleCancelled
    case levelNotOffered(Difficulty, size: Int)
    /// Auto's search, with the positions looked at so far (shown, never spoken).
    case searching(positions: UInt64)
    case preparingDatabases
    case autoStarted
    case autoFound(moves: Int)
    case autoPaused
    case autoStopped
    case playbackBroke
    case hint(Hint, numbered: Bool)
    case patternDatabasesTooSmall(size: Int)
    case solveFailed(Problem, choice: AlgorithmChoice, size: Int)
    case hintFailed(Problem)
    case photoFailed(PhotoProblem)
    /// A restored game whose photo is gone: its tiles show numbers (said once).
    case photoMissing
    case restoreFailed
    case recordsKeptAside
    case recordsUnavailable
    case noCamera
    /// A move, for VoiceOver: `tiles` nil where numbers do not show.
    case moved(tiles: [Int]?, direction: TileDirection)
    case won(moves: Int, elapsedMs: UInt64)
    case wonByAuto(moves: Int)
}

/// A line VoiceOver says about the last change; `id` makes the same note twice a new one.
public struct Announcement: Equatable, Sendable {
    public let id: Int
    public let note: Note
}

/// What the player asked for that drops the moves made, until they confirm it.
public enum Confirmation: Equatable, Sendable {
    case leave(moves: Int)
    case shuffle(moves: Int)
    case size(Int, moves: Int)
}

/// The win banner's content.
public struct WinSummary: Equatable, Sendable {
    public var moves: Int
    public var elapsedMs: UInt64
    public var fewest: Fewest?
    /// The fewest-move search was still running at the win: it goes on, and the banner says
    /// the count when it comes (or that it is not known).
    public var findingFewest: Bool
    public var byAuto: Bool
    public var helped: Bool
    public var peeks: Int
    /// How it compares with the bests of its size and picture (nil until recorded, or when
    /// the records could not be written).
    public var movesChange: Improvement?
    public var timeChange: Improvement?
    /// Written to the records.
    public var recorded: Bool
}

/// One size and picture's personal bests, as the screens show them.
public struct RecordRow: Equatable, Sendable {
    public var size: Int
    /// A built-in picture's id, or "photo".
    public var picture: String
    public var won: Int
    public var wonWithoutPeeking: Int
    public var fewestMoves: Int?
    public var fewestPossible: Fewest?
    public var fastestMs: UInt64?
    public var helpedWon: Int

    public init(
        size: Int, picture: String, won: Int, wonWithoutPeeking: Int, fewestMoves: Int?,
        fewestPossible: Fewest?, fastestMs: UInt64?, helpedWon: Int
    ) {
        self.size = size
        self.picture = picture
        self.won = won
        self.wonWithoutPeeking = wonWithoutPeeking
        self.fewestMoves = fewestMoves
        self.fewestPossible = fewestPossible
        self.fastestMs = fastestMs
        self.helpedWon = helpedWon
    }
}

/// A photo being read from the picker or the camera.
public struct PhotoLoad: Equatable, Sendable {
    /// Which pick this is: a second pick replaces the first.
    public var id: Int
}

/// The whole app's screen as one immutable value; the views draw it and send intents.
public struct GameState: Equatable, Sendable {
    public var screen: Screen = .start
    public var phase: Phase = .chooseBlank
    /// Board side, remembered between games and launches.
    public var size = 4
    public var picture: PictureSource?
    /// The square of the photo the player chose (nil: the centre square).
    public var crop: PhotoCrop?
    /// Tile labels row-major, 0 = the empty space; empty before the empty space is chosen.
    public var tiles: [Int] = []
    /// For each tile label, the cell whose piece of the picture it shows.
    public var homes: [Int] = []
    /// Cells a tap would move (the empty space's row and column).
    public var movable: Set<Int> = []
    public var moves = 0
    public var canUndo = false
    public var canRedo = false
    /// Bumped each time tiles move: a tile animates for a new value only, never for a change
    /// of a note or a count.
    public var slideID = 0
    /// The slides of the last move, for the board's animation.
    public var lastSlides: [TileSlide] = []
    /// Whether the player's clock has started (at the first move after a shuffle).
    public var clockStarted = false
    public var fewest: Fewest?
    public var findingFewest = false
    public var hint: Hint?
    /// The one line of the status slot (a reserved line: notes never move the buttons).
    public var note: Note?
    /// The last Auto solve, for its line and details.
    public var solve: SolveReport?
    public var playback: Playback?
    public var win: WinSummary?
    /// Auto or a hint was used in this game: its win is recorded apart.
    public var helped = false
    public var peeking = false
    public var peeks = 0
    public var settings = Settings()
    public var confirmation: Confirmation?
    public var announcement: Announcement?
    /// Wins played live in this run (the celebration and its haptic follow this, so a won game
    /// that is restored does not celebrate again).
    public var wins = 0
    /// Every size and picture's bests, for the start screen's line and the records screen.
    public var records: [RecordRow] = []
    /// A photo being read (Cancel shows; built-ins and another pick wait).
    public var photoLoad: PhotoLoad?
    /// The crop screen's frame over the photo.
    public var cropFrame: CropFrame?
    /// The crop screen is turning the chosen square into the puzzle.
    public var preparingPicture = false
    /// The app is in front of the player.
    public var active = true

    public init() {}

    /// A new screen's state that keeps what lasts from one game to the next: the size, the
    /// settings, this run's wins, the records and whether the app is in front.
    func carriedOver() -> GameState {
        var next = GameState()
        next.size = size
        next.settings = settings
        next.wins = wins
        next.records = records
        next.active = active
        return next
    }

    /// The name the game's records are kept under: the built-in's id, or "photo".
    public var recordPicture: String { picture?.recordName ?? "photo" }

    /// The empty space's cell, or nil before it is chosen.
    public var blankCell: Int? { tiles.firstIndex(of: 0) }

    /// Whether moves, Hint and Auto make sense now.
    public var canPlay: Bool { phase == .playing }

    /// Whether Auto is searching or playing.
    public var autoRunning: Bool { phase == .solving || phase == .animating }

    /// Whether leaving this board loses something the player did.
    public var hasProgress: Bool {
        moves > 0 && [.playing, .solving, .animating, .shuffling].contains(phase)
    }

    /// Whether the tiles stand in the goal's order.
    public var solved: Bool {
        !tiles.isEmpty && tiles.indices.allSatisfy { homes.indices.contains(tiles[$0]) && homes[tiles[$0]] == $0 }
    }

    /// Auto is offered on a shuffled board that is not solved.
    public var canAuto: Bool { phase == .playing && !solved }

    /// Numbers show on the tiles (the setting, or no picture to show).
    public var showsNumbers: Bool { settings.showNumbers || !hasPicture }

    /// Whether the game has a picture (a built-in, or a photo that is still there).
    public var hasPicture = true

    /// The screen stays awake while Auto searches or plays, and only while the app is in front.
    public var keepsScreenAwake: Bool {
        active && screen == .game && (phase == .solving || (phase == .animating && playback?.paused != true))
    }

    /// The chosen size's best by hand over every picture, for the start screen: fewest moves
    /// and fastest time.
    public var bestOfSize: (fewest: Int, fastestMs: UInt64)? {
        let rows = records.filter { $0.size == size && $0.won > 0 }
        guard let fewest = rows.compactMap(\.fewestMoves).min(),
            let fastest = rows.compactMap(\.fastestMs).min()
        else { return nil }
        return (fewest, fastest)
    }

    /// VoiceOver's label of `cell`.
    public func accessibilityLine(cell: Int) -> Line {
        Lines.cell(self, cell: cell)
    }
}

/// What a finished Auto solve did, in plain values the views and lines read.
public struct SolveReport: Equatable, Sendable {
    /// The blank's moves, in order.
    public var moves: [Direction]
    /// Whether the length is proven to be the fewest possible.
    public var optimal: Bool
    /// A proven lower bound on the fewest possible moves.
    public var lowerBound: Int
    /// Positions the search looked at.
    public var positions: UInt64
    /// Search time in milliseconds.
    public var elapsedMs: UInt64
    /// The core's name for what ran ("auto:idastar+pdb"); worded by ``Lines/method(_:)``.
    public var method: String
    /// What the player picked.
    public var choice: AlgorithmChoice

    init(_ solution: Solution, choice: AlgorithmChoice) {
        moves = solution.moves
        optimal = solution.optimal
        lowerBound = Int(solution.lowerBound)
        positions = solution.stats.expanded
        elapsedMs = solution.stats.elapsedMs
        method = solution.algorithm
        self.choice = choice
    }
}
