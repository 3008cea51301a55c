import SlidePuzzleCore

/// Where the player is.
public enum Phase: String, Codable, Sendable {
    /// Choosing a picture and a size.
    case start
    /// The picture is shown whole; the first tap picks the empty space's home.
    case chooseBlank
    /// Empty space chosen, board still solved: waiting for Shuffle.
    case ready
    case playing
    /// Auto is searching in the background.
    case solving
    /// Auto is playing its moves one by one.
    case animating
    /// A shuffle is in flight (an exact 4×4 one can wait seconds for its tables): the old board
    /// cannot be played.
    case shuffling
    case won
}

/// A line VoiceOver reads out when something happens that the screen shows without words (a
/// move, a hint, the win, Auto's end). `id` makes the same text said twice a new announcement.
public struct Announcement: Equatable, Sendable {
    public let id: Int
    public let text: String
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

/// Auto's playback progress.
public struct Playback: Equatable, Sendable {
    public var played: Int
    public var total: Int
}

/// The game screen as one immutable value: the views draw it and nothing else.
public struct GameState: Equatable, Sendable {
    public var phase: Phase = .start
    public var size = 3
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
    /// Fewest possible moves from the shuffled start, when known.
    public var best: Int?
    /// The cell of the tile a hint says to move.
    public var hintCell: Int?
    /// The way that tile moves, drawn as an arrow on it (the hint is not colour alone).
    public var hintDirection: TileDirection?
    /// One line for the player (what happened, what to do); nil for none.
    public var message: String?
    /// The slides of the last change, for the board's animation.
    public var lastSlides: [TileSlide] = []
    /// The last Auto solve (its line and details).
    public var solve: SolveReport?
    /// Positions looked at so far while Auto searches.
    public var searchedPositions: UInt64 = 0
    /// Auto's playback: moves played and moves in all.
    public var playback: Playback?
    /// Shown on the win screen.
    public var winLine: String?
    /// Whether the player's clock has started (at the first move after a shuffle).
    public var clockStarted = false
    public var settings = Settings()
    /// What VoiceOver should say about the last change, if anything.
    public var announcement: Announcement?
    /// Wins played live in this run of the app (the celebration and its haptic follow this, so
    /// a won game that is restored does not celebrate again).
    public var wins = 0

    public init() {}

    /// The empty space's cell, or nil before it is chosen.
    public var blankCell: Int? { tiles.firstIndex(of: 0) }

    /// Whether Auto, Hint and Shuffle make sense now.
    public var canPlay: Bool { phase == .playing || phase == .ready }

    /// Whether Auto is searching or playing (Cancel is shown).
    public var autoRunning: Bool { phase == .solving || phase == .animating }

    /// Whether something the player did would be lost by leaving this board (Pictures, Shuffle,
    /// another size ask first).
    public var hasProgress: Bool {
        moves > 0 && [.playing, .solving, .animating, .shuffling].contains(phase)
    }

    /// VoiceOver label of `cell`.
    public func accessibilityLabel(cell: Int) -> String {
        guard cell < tiles.count else { return PlayerText.chooseBlankLabel(cell: cell, size: size) }
        return PlayerText.tileLabel(
            tile: tiles[cell], cell: cell, size: size, canMove: canPlay && movable.contains(cell))
    }
}
