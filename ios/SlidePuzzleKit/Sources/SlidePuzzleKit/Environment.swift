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
    /// Pattern databases, built in the background and cached as files.
    public var databases: PatternDatabaseCache
    /// Where the session is saved; nil saves nothing.
    public var sessions: SessionStore?
    /// Where the photo of the current game is kept; nil keeps none (a restored game then
    /// shows numbers).
    public var photos: PhotoStore?
    public var time: any TimeSource
    /// Seeds for shuffles.
    public var seed: @Sendable () -> UInt64
    /// The pause between two Auto moves (Task.sleep, cancelled with the playback).
    public var sleep: @Sendable (Duration) async throws -> Void
    /// Picture edge in pixels (the board's picture; tiles are cut from it).
    public var pictureEdge: UInt32 = 1024
    /// Time an Auto solve may take.
    public var solveTimeoutMs: UInt64 = 10_000
    /// Memory a search's tables may hold (a phone's share).
    public var memoryBudgetBytes: UInt64 = 256 << 20
    /// Threads a search may use; nil lets the core choose (the device's cores, at most 4).
    public var threads: UInt32?
    /// Reads photos the core does not decode (HEIC, RAW); nil refuses them.
    public var photoDecoder: PhotoDecoder?

    public init(
        databases: PatternDatabaseCache,
        sessions: SessionStore? = nil,
        photos: PhotoStore? = nil,
        time: any TimeSource = SystemTimeSource(),
        seed: @escaping @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.databases = databases
        self.sessions = sessions
        self.photos = photos
        self.time = time
        self.seed = seed
        self.sleep = sleep
    }

    /// The app's environment: databases in `caches`, the session and photo in `support`.
    public static func standard(caches: URL, support: URL) -> PuzzleEnvironment {
        var env = PuzzleEnvironment(
            databases: PatternDatabaseCache(directory: caches.appendingPathComponent("PatternDatabases")),
            sessions: SessionStore(url: support.appendingPathComponent("session.json")),
            photos: PhotoStore(directory: support.appendingPathComponent("Photos")))
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
