import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// The core through the generated Swift bindings, as the app calls it.
@Suite("The core through the Swift bindings")
struct CoreTests {
    @Test("Seeded shuffles give the boards in tests/data/shuffles.txt, as in Rust and Kotlin")
    func sharedShuffleVectors() throws {
        let text = try String(
            contentsOf: repositoryRoot.appendingPathComponent("tests/data/shuffles.txt"), encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let halves = line.split(separator: "|")
            let head = halves[0].split(separator: " ").map { UInt64($0)! }
            let board = halves[1].split(separator: " ").map { UInt32($0)! }
            let game = try Game(size: UInt32(head[0]), blankCell: UInt32(head[1]))
            try game.shuffle(kind: .walk, seed: head[2], pdb: nil)
            #expect(game.tiles() == board, "size \(head[0]) blank \(head[1]) seed \(head[2])")
            checked += 1
        }
        #expect(checked == 6)
    }

    @Test(
        "Every algorithm finds the 31 fewest moves of the deepest 3×3 board, and they replay",
        arguments: AlgorithmChoice.allCases)
    func deepestThreeByThree(choice: AlgorithmChoice) async throws {
        let start: [UInt32] = [8, 6, 7, 2, 5, 4, 3, 0, 1]
        let goal = try goalTiles(size: 3, blankCell: 8)
        let pdb =
            choice == .patternDatabases
            ? try await PatternDatabaseCache(directory: nil).database(for: goal) : nil
        let s = try solve(
            start: start, goal: goal, algorithm: choice.algorithm, heuristic: choice.heuristic,
            limits: Limits(threads: 2), pdb: pdb, progress: nil, cancel: nil)
        #expect(s.moves.count == 31)
        #expect(s.optimal && s.lowerBound == 31)
        let game = try Game.withTiles(goal: goal, start: start)
        for move in s.moves { _ = try game.apply(direction: move) }
        #expect(game.isSolved())
        // The method's name is worded from the catalog, never the core's id.
        let name = Lines.method(s.algorithm)
        #expect(name.key.hasPrefix("method.") && name.key != "method.other", "\(s.algorithm) → \(name)")
    }

    @Test("Bad boards get typed errors with a reason")
    func badBoards() throws {
        #expect(throws: PuzzleError.self) { try Game(size: 9, blankCell: 0) }
        #expect(throws: PuzzleError.self) { try Game(size: 3, blankCell: 9) }
        do {
            _ = try Game.withTiles(goal: [1, 2, 3, 4, 5, 6, 7, 8, 0], start: [2, 1, 3, 4, 5, 6, 7, 8, 0])
            Issue.record("an unsolvable pair was accepted")
        } catch PuzzleError.Unsolvable(let message) {
            #expect(message.contains("cannot be solved"))
        }
    }
}
