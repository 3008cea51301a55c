import SlidePuzzleCore

/// The solver the player picks for Auto, in the player's words.
public enum AlgorithmChoice: String, CaseIterable, Codable, Sendable {
    /// The core picks the best method for the board and the time.
    case auto
    /// IDA* over additive pattern databases (3×3 to 5×5; tables built once per board shape).
    case patternDatabases
    /// IDA* with Manhattan distance plus linear conflicts.
    case idaStar
    /// A* with Manhattan distance plus linear conflicts.
    case aStar
    /// Breadth-first search from both ends.
    case bidirectionalBFS
    /// Breadth-first search.
    case bfs

    var algorithm: Algorithm {
        switch self {
        case .auto: .auto
        case .patternDatabases: .patternDb
        case .idaStar: .idaStar
        case .aStar: .aStar
        case .bidirectionalBFS: .bidirectionalBfs
        case .bfs: .bfs
        }
    }

    var heuristic: Heuristic {
        switch self {
        case .auto, .idaStar, .aStar: .linearConflict
        case .patternDatabases: .patternDb
        case .bidirectionalBFS, .bfs: .zero
        }
    }
}

/// How a shuffle mixes the board: a long random walk, or an exact number of fewest moves.
public enum Difficulty: String, CaseIterable, Codable, Sendable {
    /// A random walk of n²·10 moves.
    case random
    /// Exactly 10 moves from solved.
    case easy
    /// Exactly 20 moves from solved.
    case medium
    /// Exactly 30 moves from solved.
    case hard

    /// The exact distance from the goal, or `nil` for a random walk.
    public var distance: Int? {
        switch self {
        case .random: nil
        case .easy: 10
        case .medium: 20
        case .hard: 30
        }
    }

    /// The board sides on which the core offers exact-distance shuffles (4×4 with pattern
    /// databases).
    public static let exactSizes = 2...4

    /// Whether this level can be played on a `size`×`size` board.
    public func isOffered(onSize size: Int) -> Bool {
        distance == nil || Difficulty.exactSizes.contains(size)
    }
}

/// How fast Auto plays its moves.
public enum PlaybackSpeed: String, CaseIterable, Codable, Sendable {
    case slow, normal, fast, fastest

    /// Pause between two Auto moves.
    public var delay: Duration {
        switch self {
        case .slow: .milliseconds(600)
        case .normal: .milliseconds(280)
        case .fast: .milliseconds(120)
        case .fastest: .milliseconds(40)
        }
    }
}

/// What the settings sheet edits; kept with the saved game.
public struct Settings: Codable, Equatable, Sendable {
    public var algorithm: AlgorithmChoice = .auto
    public var difficulty: Difficulty = .random
    public var speed: PlaybackSpeed = .normal
    /// Numbers on the tiles, for pictures with large plain areas.
    public var showNumbers = false

    public init() {}

    /// Reads settings saved by this or an older version: a missing key keeps its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = Settings()
        algorithm = try c.decodeIfPresent(AlgorithmChoice.self, forKey: .algorithm) ?? d.algorithm
        difficulty = try c.decodeIfPresent(Difficulty.self, forKey: .difficulty) ?? d.difficulty
        speed = try c.decodeIfPresent(PlaybackSpeed.self, forKey: .speed) ?? d.speed
        showNumbers = try c.decodeIfPresent(Bool.self, forKey: .showNumbers) ?? d.showNumbers
    }
}

/// Board sides the app offers: 3×3 to 5×5 up front, 6×6 to 8×8 below them.
public enum BoardSizes {
    /// Shown first.
    public static let prominent = [3, 4, 5]
    /// Shown as "bigger boards".
    public static let more = [6, 7, 8]
    /// Every side the app plays.
    public static let all = prominent + more
}
