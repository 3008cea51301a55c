import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// A clock the test moves by hand.
final class ManualTime: TimeSource, @unchecked Sendable {
    private let lock = NSLock()
    private var ms: UInt64 = 1_000

    func nowMs() -> UInt64 { lock.withLock { ms } }
    func advance(ms delta: UInt64) { lock.withLock { ms += delta } }
}

/// A fresh directory under the system's temporary directory.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("slidepuzzlekit-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// An environment in its own directory, with a fixed seed, a short Auto pause and save delay.
func testEnvironment(
    directory: URL = temporaryDirectory(), seed: UInt64 = 1, time: ManualTime = ManualTime(),
    pause: Duration = .milliseconds(1)
) -> PuzzleEnvironment {
    var env = PuzzleEnvironment.standard(
        caches: directory.appendingPathComponent("caches"),
        support: directory.appendingPathComponent("support"))
    env.time = time
    env.seed = { seed }
    env.sleep = { _ in try await Task.sleep(for: pause) }
    env.pictureEdge = 96
    env.threads = 2
    env.photoDecoder = nil
    return env
}

/// Polls `condition` on the main actor until it holds or `limit` passes; returns whether it held.
@MainActor
func eventually(within limit: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + limit
    while ContinuousClock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// A model on built-in picture one, `size`×`size`, empty space chosen at `blank`, shuffled.
@MainActor
func shuffledModel(
    size: Int = 3, blank: Int? = nil, environment: PuzzleEnvironment = testEnvironment(),
    settings: Settings = Settings()
) async -> PuzzleModel {
    let model = PuzzleModel(environment: environment)
    await model.bestsReady()
    model.update(settings: settings)
    model.selectSize(size)
    await model.chooseBuiltin(id: model.builtins[0].id)
    model.tap(cell: blank ?? size * size - 1)
    await model.shuffle()
    return model
}

/// A model whose board is one move from solved: the last move of the goal undone by hand.
@MainActor
func oneMoveFromWin(size: Int = 3, environment: PuzzleEnvironment = testEnvironment()) async throws -> PuzzleModel {
    let model = await shuffledModel(size: size, environment: environment)
    try solveAllButOne(model)
    return model
}

/// Plays the model's board to one move from the goal by the core's optimal path, by taps.
@MainActor
func solveAllButOne(_ model: PuzzleModel) throws {
    let path = try optimalPath(model.state.tiles.map(UInt32.init), goal: model.goalTiles())
    for move in path.dropLast() {
        let blank = try #require(model.state.blankCell)
        model.tap(cell: cell(movedBy: move, blank: blank, size: model.state.size))
    }
}

/// The cell whose tile slides when the blank at `blank` moves `direction`.
func cell(movedBy direction: Direction, blank: Int, size: Int) -> Int {
    switch direction {
    case .up: blank - size
    case .down: blank + size
    case .left: blank - 1
    case .right: blank + 1
    }
}

/// The repository's root (this file is ios/SlidePuzzleKit/Tests/SlidePuzzleKitTests/…).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The fewest moves from `tiles` to `goal`, by the core's search.
func optimalPath(_ tiles: [UInt32], goal: [UInt32]) throws -> [Direction] {
    let s = try solve(
        start: tiles, goal: goal, algorithm: .auto, heuristic: .linearConflict,
        limits: Limits(timeoutMs: 60_000), pdb: nil, progress: nil, cancel: nil)
    #expect(s.optimal)
    return s.moves
}

extension PuzzleModel {
    /// The goal of the game on the board.
    func goalTiles() -> [UInt32] { game?.goal() ?? [] }
}

/// A tile the player can tap now (not the empty space).
@MainActor
func movableTile(_ model: PuzzleModel) throws -> Int {
    try #require(model.state.movable.first { $0 != model.state.blankCell })
}

/// What VoiceOver was handed, in order.
@MainActor
final class Heard {
    var notes: [Note] = []
}
