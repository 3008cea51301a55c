import Foundation
import SlidePuzzleCore

/// Where the picture of a game comes from.
public enum PictureSource: Codable, Equatable, Sendable {
    /// One of the core's built-in pictures, by id.
    case builtin(id: String)
    /// A photo the app keeps in its photo directory, by file name: the chosen square as PNG
    /// (sessions of the first version named the original photo's bytes).
    case photo(fileName: String)

    /// The name personal bests are kept under: the built-in's id, or "photo".
    public var recordName: String {
        if case .builtin(let id) = self { return id }
        return "photo"
    }
}

/// A won game, as the win banner shows it after a relaunch.
public struct SavedWin: Codable, Equatable, Sendable {
    public var moves: Int
    public var elapsedMs: UInt64
    public var byAuto: Bool
    public var helped: Bool
    public var peeks: Int
    /// Written to the records (a win the app was closed before recording is recorded at the
    /// next launch).
    public var recorded: Bool
}

/// Everything needed to come back to a game after the app was sent away or ended: the core's
/// save text (board, goal, history, time, with a checksum) plus the screen's own choices.
/// Version 2; a version 1 file (the first iOS app's) still loads.
public struct SavedSession: Codable, Equatable, Sendable {
    public static let currentVersion = 2

    public var version = SavedSession.currentVersion
    /// `.start` or `.game` (a crop or records screen comes back as the start).
    public var screen: Screen
    public var phase: Phase
    public var size: Int
    public var picture: PictureSource?
    public var crop: PhotoCrop?
    public var settings: Settings
    public var fewest: Fewest?
    /// The shuffled start the fewest-move search measures: a search not finished is started
    /// again from it after a relaunch.
    public var fewestStart: [UInt32]?
    /// Whether the player's clock had started (the first move was made).
    public var clockStarted: Bool
    public var helped: Bool
    public var peeks: Int
    /// `Game.save()` text; nil before the blank is chosen.
    public var game: String?
    /// The win, for the banner (with Auto's own move count when Auto finished it).
    public var win: SavedWin?

    public init(
        screen: Screen, phase: Phase, size: Int, picture: PictureSource? = nil, crop: PhotoCrop? = nil,
        settings: Settings = Settings(), fewest: Fewest? = nil, fewestStart: [UInt32]? = nil,
        clockStarted: Bool = false, helped: Bool = false, peeks: Int = 0, game: String? = nil,
        win: SavedWin? = nil
    ) {
        self.screen = screen
        self.phase = phase
        self.size = size
        self.picture = picture
        self.crop = crop
        self.settings = settings
        self.fewest = fewest
        self.fewestStart = fewestStart
        self.clockStarted = clockStarted
        self.helped = helped
        self.peeks = peeks
        self.game = game
        self.win = win
    }
}

/// The first iOS app's session file (version 1): its phase had a start case, its fewest count
/// was proven or absent, and it knew nothing of help, peeks or Auto's own count.
struct SessionV1: Decodable {
    var phase: String
    var size: Int
    var picture: PictureSource?
    var settings: Settings
    var best: Int?
    var clockStarted: Bool
    var game: String?
    var crop: PhotoCrop?

    var upgraded: SavedSession {
        let phase: Phase = Phase(rawValue: self.phase) ?? .chooseBlank
        let inGame = self.phase != "start" && picture != nil
        return SavedSession(
            screen: inGame ? .game : .start, phase: inGame ? phase : .chooseBlank, size: size,
            picture: picture, crop: crop, settings: settings,
            fewest: best.map { Fewest(moves: $0, proven: true) }, clockStarted: clockStarted, game: game)
    }
}

/// Why a saved session could not be read.
public enum SessionError: Error, Equatable {
    case unreadable
    case unknownVersion(Int)
}

/// Reads and writes the session file. Writes are atomic: a crash mid-write leaves the old file.
public struct SessionStore: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public func save(_ session: SavedSession) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(session).write(to: url, options: .atomic)
    }

    /// The saved session, of either version; nil when there is none.
    public func load() throws(SessionError) -> SavedSession? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = try? Data(contentsOf: url) else { throw .unreadable }
        guard let version = try? JSONDecoder().decode(VersionOnly.self, from: data).version else {
            throw .unreadable
        }
        switch version {
        case 1:
            guard let old = try? JSONDecoder().decode(SessionV1.self, from: data) else { throw .unreadable }
            return old.upgraded
        case SavedSession.currentVersion:
            guard let session = try? JSONDecoder().decode(SavedSession.self, from: data) else {
                throw .unreadable
            }
            return session
        default:
            throw .unknownVersion(version)
        }
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    private struct VersionOnly: Decodable { var version: Int }
}

/// Keeps the picture of the current photo game: the chosen square as PNG, at most 2048 pixels,
/// never the original photo, so a relaunch decodes nothing large.
public struct PhotoStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// Stores `data` (atomically) and returns its file name. Only the newest is kept: older
    /// ones belong to games that are over.
    public func store(_ data: Data) throws -> String {
        let fm = FileManager.default
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = "square-\(UUID().uuidString).png"
        try data.write(to: directory.appendingPathComponent(name), options: .atomic)
        for old in (try? fm.contentsOfDirectory(atPath: directory.path)) ?? [] where old != name {
            try? fm.removeItem(at: directory.appendingPathComponent(old))
        }
        return name
    }

    public func load(_ fileName: String) -> Data? {
        // A name from a save must not climb out of the directory.
        guard !fileName.contains("/"), !fileName.hasPrefix(".") else { return nil }
        return try? Data(contentsOf: directory.appendingPathComponent(fileName))
    }

    /// Whether `fileName` is a square this app stored (not a first-version original).
    public static func isSquare(_ fileName: String) -> Bool {
        fileName.hasPrefix("square-") && fileName.hasSuffix(".png")
    }
}
