import Foundation

/// Where the picture of a game comes from.
public enum PictureSource: Codable, Equatable, Sendable {
    /// One of the core's built-in pictures, by id.
    case builtin(id: String)
    /// A photo the app copied into its photo directory, by file name.
    case photo(fileName: String)
}

/// Everything needed to come back to a game after the app was sent to the background or
/// ended: the core's save text (board, goal, history, time, with a checksum) plus the screen's
/// own choices.
public struct SavedSession: Codable, Equatable, Sendable {
    /// Bumped when the layout changes; an unknown version is refused, not misread.
    public static let currentVersion = 1

    public var version = SavedSession.currentVersion
    public var phase: Phase
    public var size: Int
    public var picture: PictureSource?
    public var settings: Settings
    /// Fewest possible moves from the shuffled start, when known.
    public var best: Int?
    /// Whether the player's clock had started (the first move was made).
    public var clockStarted: Bool
    /// `Game.save()` text; nil before the blank is chosen.
    public var game: String?
    /// The square of the photo the player chose; nil for the centre square (and in saves
    /// written before crops existed).
    public var crop: PhotoCrop? = nil
}

/// Why a saved session could not be read.
public enum SessionError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case unknownVersion(Int)

    public var description: String {
        switch self {
        case .unreadable(let why): "the saved game could not be read (\(why))"
        case .unknownVersion(let v): "the saved game is from a newer version of the app (\(v))"
        }
    }
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

    /// The saved session; nil when there is none.
    public func load() throws(SessionError) -> SavedSession? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        let session: SavedSession
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable("\(error.localizedDescription)")
        }
        if let version = try? JSONDecoder().decode(VersionOnly.self, from: data).version,
            version > SavedSession.currentVersion
        {
            throw .unknownVersion(version)
        }
        do {
            session = try JSONDecoder().decode(SavedSession.self, from: data)
        } catch {
            throw .unreadable("not a saved game")
        }
        return session
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    private struct VersionOnly: Decodable { var version: Int }
}

/// Keeps the photos games were made from, so a restored game shows its picture again.
public struct PhotoStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// Stores `data` (atomically) and returns its file name. Only the newest photo is kept:
    /// older ones belong to games that are over.
    public func store(_ data: Data) throws -> String {
        let fm = FileManager.default
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = "photo-\(UUID().uuidString).img"
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
}
