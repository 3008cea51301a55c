import Foundation
import SlidePuzzleCore

/// Pattern databases, built once per board shape and kept as files in a directory.
///
/// One set serves every goal with the same canonical goal (a symmetry of the square maps one
/// onto the other), so files are named by the canonical goal. A build runs detached from this
/// actor on the core's queue: asking for what is cached never waits for a build in progress, so a solve starts at
/// once with what there is. Files are written atomically (a reader sees a whole file or none);
/// a damaged file is deleted when read and the next build replaces it.
public actor PatternDatabaseCache {
    /// Board sides the core builds databases for.
    public static let sizes = 2...5
    /// Board sides whose databases are built in the background as soon as a game's goal is
    /// known: a 3×3 set builds in milliseconds, a 4×4 set in about 10 s on two cores; 5×5
    /// (about 40 MB, tens of seconds) is built only when the player asks for pattern databases.
    public static let prefetchSizes = 2...4

    private let directory: URL?
    private var loaded: [String: PatternDatabase] = [:]
    private var builds: [String: Task<PatternDatabase, Error>] = [:]
    /// How many builds this cache started (tests check "built once").
    public private(set) var buildsStarted = 0

    /// `directory` nil keeps the databases in memory only.
    public init(directory: URL?) {
        self.directory = directory
    }

    /// Whether databases exist for `size`×`size` boards.
    public nonisolated static func supports(size: Int) -> Bool {
        sizes.contains(size)
    }

    /// The databases for `goal` if they are in memory or in a sound, current file; never
    /// builds and never waits for a build. A file is read on the core's queue, each table
    /// straight into place by the core (no copy of the file crosses the boundary). A damaged
    /// file, or one holding an earlier partition of the tiles (``PatternDatabase/isCurrent()``),
    /// is deleted: the next build replaces it.
    public func cached(for goal: [UInt32]) async -> PatternDatabase? {
        guard let key = Self.key(goal) else { return nil }
        if let db = loaded[key] { return db }
        guard let file = file(key) else { return nil }
        let read = await CoreQueue.run(.background) { () -> Result<PatternDatabase, any Error>? in
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            return Result { try PatternDatabase.fromFile(path: file.path) }
        }
        switch read {
        case nil:
            return nil
        case .success(let db)? where db.isCurrent():
            loaded[key] = db
            return db
        case .success?, .failure?:
            try? FileManager.default.removeItem(at: file)
            return nil
        }
    }

    /// The databases to use without keeping the player waiting: a 3×3 (or smaller) set, built
    /// in milliseconds, is built now if need be; a larger one only if it is cached.
    public func withoutWaiting(for goal: [UInt32]) async -> PatternDatabase? {
        goal.count <= 9 ? try? await database(for: goal) : await cached(for: goal)
    }

    /// Starts building the databases for `goal` in the background unless they are cached or
    /// already being built; returns once the build is under way.
    public func prepare(for goal: [UInt32]) async {
        if await cached(for: goal) != nil { return }
        _ = startBuild(for: goal, cancel: nil)
    }

    /// The databases for `goal`: cached, or built now (joining a build in progress).
    /// `cancel` stops a build this call starts; it does not stop one already running.
    public func database(for goal: [UInt32], cancel: CancelToken? = nil) async throws
        -> PatternDatabase
    {
        if let db = await cached(for: goal) { return db }
        guard let build = startBuild(for: goal, cancel: cancel) else {
            throw PuzzleError.PatternDatabase(message: "pattern databases go up to 5×5 boards")
        }
        return try await build.value
    }

    /// Whether a build for `goal` is running.
    public func isBuilding(_ goal: [UInt32]) -> Bool {
        Self.key(goal).map { builds[$0] != nil } ?? false
    }

    private func startBuild(for goal: [UInt32], cancel: CancelToken?) -> Task<PatternDatabase, Error>? {
        guard let key = Self.key(goal), let canonical = try? canonicalGoal(goal: goal) else {
            return nil
        }
        if let db = loaded[key] {
            return Task { db }
        }
        if let running = builds[key] { return running }
        buildsStarted += 1
        let file = file(key)
        let build = Task.detached(priority: .utility) { () throws -> PatternDatabase in
            try await CoreQueue.run(.background) {
                let db = try PatternDatabase.build(goal: canonical, cancel: cancel)
                if let file {
                    try? FileManager.default.createDirectory(
                        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try? db.toBytes().write(to: file, options: .atomic)
                }
                return db
            }
        }
        builds[key] = build
        Task { await self.finish(key, build) }
        return build
    }

    private func finish(_ key: String, _ build: Task<PatternDatabase, Error>) async {
        if let db = try? await build.value { loaded[key] = db }
        builds[key] = nil
    }

    private func file(_ key: String) -> URL? {
        directory?.appendingPathComponent("pdb-\(key).bin")
    }

    /// The file key of `goal`'s databases, or nil where the core builds none.
    private static func key(_ goal: [UInt32]) -> String? {
        let size = Int(Double(goal.count).squareRoot().rounded())
        guard size * size == goal.count, supports(size: size),
            let canonical = try? canonicalGoal(goal: goal)
        else { return nil }
        return canonical.map(String.init).joined(separator: "-")
    }
}
