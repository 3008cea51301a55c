import Foundation

/// Runs the core's blocking calls (solves, shuffles, hints, fewest-move searches, picture
/// decoding, table builds, records) each on a thread of its own and resumes the caller through
/// a continuation. Swift's cooperative pool has one thread per core: a solve of seconds inside
/// a task would hold one of them, and two would stall every task of the app. A shared dispatch
/// queue is no better: its width is the core count too, so a long build would hold up a hint.
public enum CoreQueue {
    /// How soon the system runs a call's thread.
    public enum Urgency: Sendable {
        /// The player waits for it: Auto, a hint, a shuffle, a picture.
        case waited
        /// Nobody waits: the fewest-move search, table builds, saving.
        case background

        var quality: QualityOfService {
            switch self {
            case .waited: .userInitiated
            case .background: .utility
            }
        }
    }

    /// The stack a core call gets: the main thread's, since searches recurse.
    private static let stackSize = 8 << 20

    /// `work` on a thread of its own; its result or error comes back to the caller.
    public static func run<T: Sendable>(
        _ urgency: Urgency = .waited, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        try await result(urgency, work).get()
    }

    /// `work`, which cannot fail, on a thread of its own.
    public static func run<T: Sendable>(_ urgency: Urgency = .waited, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.stackSize = stackSize
            thread.qualityOfService = urgency.quality
            thread.start()
        }
    }

    /// `work` on a thread of its own, its outcome as a value.
    public static func result<T: Sendable>(
        _ urgency: Urgency = .waited, _ work: @escaping @Sendable () throws -> T
    ) async -> Result<T, any Error> {
        await run(urgency) { Result { try work() } }
    }
}
