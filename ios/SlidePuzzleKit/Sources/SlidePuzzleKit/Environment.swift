import Foundation
import SlidePuzzleCore

/// A monotonic millisecond clock; the player's clock reads it, tests move it by hand.
public protocol TimeSource: Sendable {
    func nowMs() -> UInt64
}

/// The device's monotonic clock.
public struct SystemTimeSource: TimeSource {
    private let origin = ContinuousClock.now

    public init() {}

    public func nowMs() -> UInt64 {
        let d = ContinuousClock.now - origin
        return UInt64(d.components.seconds) * 1000 + UInt64(d.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// Everything the model reaches outside itself, injected so tests can run it on Linux against
/// the real core with their own directories, seeds and clocks.
public struct PuzzleEnvironment: Sendable {
    /// Auto's time budget, and the memory a search's tables may hold (a phone's share): the
    /// failure lines say them.
    public static let solveBudgetMs: UInt64 = 10_000
    public static let memoryBudgetBytes: UInt64 = 256 << 20

    /// Pattern databases, built in the background and cached as files.
    public var databases: PatternDatabaseCache
    /// Where the session is saved; nil saves nothing.
    public var sessions: SessionStore?
    /// Where the chosen square of the current game's photo is kept; nil keeps none (a
    /// restored game then shows numbers).
    public var photos: PhotoStore?
    /// The folder of the personal bests (the core's records store); nil records nothing.
    public var recordsFolder: URL?
    public var time: any TimeSource
    /// Seeds for shuffles.
    public var seed: @Sendable () -> UInt64
    /// Waits (Auto's pause between moves, the save's debounce, a brief peek); cancelled with
    /// the task that waits.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// The picture's edge in pixels until the board's size is known.
    public var pictureEdge: UInt32 = 1024
    /// Time an Auto solve may take.
    public var solveTimeoutMs: UInt64 = PuzzleEnvironment.solveBudgetMs
    /// Memory a search's tables may hold.
    public var memoryBudgetBytes: UInt64 = PuzzleEnvironment.memoryBudgetBytes
    /// Threads a search may use; nil lets the core choose (the device's cores, at most 4).
    public var threads: UInt32?
    /// Reads photos: the platform's decoder (ImageIO on the phone) at the size needed, before
    /// the core's own; nil leaves them to the core.
    public var photoDecoder: PhotoDecoder?
    /// How long after a move the session is written (moves in a burst write once).
    public var saveDelay: Duration = .milliseconds(400)
    /// How long the Peek button shows the whole picture for VoiceOver and Switch Control.
    public var briefPeek: Duration = .milliseconds(1500)
    /// Says a note to VoiceOver, once per announcement, in the order they come (a view that
    /// watched the state would see only the last of two in one update).
    public var announcer: (@MainActor @Sendable (Note) -> Void)?

    public init(
        databases: PatternDatabaseCache,
        sessions: SessionStore? = nil,
        photos: PhotoStore? = nil,
        recordsFolder: URL? = nil,
        time: any TimeSource = SystemTimeSource(),
        seed: @escaping @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.databases = databases
        self.sessions = sessions
        self.photos = photos
        self.recordsFolder = recordsFolder
        self.time = time
        self.seed = seed
        self.sleep = sleep
    }

    /// The app's environment: databases in `caches`, the session, photo and records in
    /// `support` (Application Support).
    public static func standard(caches: URL, support: URL) -> PuzzleEnvironment {
        var env = PuzzleEnvironment(
            databases: PatternDatabaseCache(directory: caches.appendingPathComponent("PatternDatabases")),
            sessions: SessionStore(url: support.appendingPathComponent("session.json")),
            photos: PhotoStore(directory: support.appendingPathComponent("Photos")),
            recordsFolder: support.appendingPathComponent("Records"))
        #if canImport(ImageIO) && canImport(CoreGraphics)
            env.photoDecoder = .imageIO
        #endif
        return env
    }
}

/// Hands the core's progress reports (on the solving thread) to a closure.
final class ProgressRelay: ProgressListener {
    let handler: @Sendable (SlidePuzzleCore.Progress) -> Void

    init(_ handler: @escaping @Sendable (SlidePuzzleCore.Progress) -> Void) {
        self.handler = handler
    }

    func onProgress(progress: SlidePuzzleCore.Progress) {
        handler(progress)
    }
}
