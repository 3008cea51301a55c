import Dispatch

/// Runs the core's blocking calls (solves, shuffles, hints, fewest-move searches, picture
/// decoding, table builds) on a dispatch queue of their own and resumes the caller through a
/// continuation. Swift's cooperative pool has one thread per core: a solve of seconds inside a
/// task would hold one of them, and two would stall every task of the app.
public enum CoreQueue {
    private static let queue = DispatchQueue(
        label: "dev.slidepuzzle.core", qos: .userInitiated, attributes: .concurrent)

    /// `work` on the core's queue; its result or error comes back to the caller.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// `work`, which cannot fail, on the core's queue.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// `work` on the core's queue, its outcome as a value.
    public static func result<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async -> Result<T, any Error> {
        await run { Result { try work() } }
    }
}
