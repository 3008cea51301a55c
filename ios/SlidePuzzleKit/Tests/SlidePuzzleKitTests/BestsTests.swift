import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// Personal bests through the core's records store, on the real core and real files.
@MainActor
@Suite("Personal bests")
struct BestsTests {
    /// Wins the model's game by hand from one move before the goal; returns the win.
    func winByHand(_ model: PuzzleModel) async throws -> WinSummary {
        try solveAllButOne(model)
        let path = try optimalPath(model.state.tiles.map(UInt32.init), goal: model.goalTiles())
        let blank = try #require(model.state.blankCell)
        model.tap(cell: cell(movedBy: try #require(path.first), blank: blank, size: model.state.size))
        #expect(model.state.phase == .won)
        #expect(await eventually { model.state.win?.recorded == true })
        return try #require(model.state.win)
    }

    @Test("A first win is the first; a better one says what it beat, on its size and picture")
    func betterWinSaysWhatItBeat() async throws {
        let dir = temporaryDirectory()
        let time = ManualTime()
        let first = await shuffledModel(environment: testEnvironment(directory: dir, seed: 3, time: time))
        // A tile there and back before the win: more moves than the next game.
        let blank = try #require(first.state.blankCell)
        first.tap(cell: try movableTile(first))
        first.tap(cell: blank)
        #expect(first.state.moves >= 2)
        let detour = try await winByHand(first)
        #expect(detour.movesChange == .first)
        #expect(Lines.win(detour, size: 3, picture: first.builtins[0].id).map(\.key).contains("win.first %@ %@"))
        let second = await shuffledModel(environment: testEnvironment(directory: dir, seed: 3, time: time))
        let straight = try await winByHand(second)
        #expect(straight.moves < detour.moves)
        #expect(straight.movesChange == .better(was: UInt64(detour.moves)))
        let lines = Lines.win(straight, size: 3, picture: second.builtins[0].id)
        let best = try #require(lines.first { $0.key == "win.best-moves %@ %@ %@ %@" })
        #expect(best.args[2] == .number(UInt64(straight.moves)))
        #expect(best.args[3] == .number(UInt64(detour.moves)))
        // Matched the fewest possible: said so.
        #expect(straight.fewest?.proven == true)
        if straight.moves == straight.fewest?.moves {
            #expect(lines.contains { $0.key == "win.fewest-matched %@" })
        }
        #expect(second.state.bestOfSize?.fewest == straight.moves)
    }

    @Test("A game with a hint is recorded apart and never beats a game by hand")
    func helpedApart() async throws {
        let dir = temporaryDirectory()
        let byHand = await shuffledModel(environment: testEnvironment(directory: dir, seed: 5))
        let handWin = try await winByHand(byHand)
        #expect(!handWin.helped)
        let helped = await shuffledModel(environment: testEnvironment(directory: dir, seed: 5))
        try solveAllButOne(helped)
        await helped.hint()
        let hint = try #require(helped.state.hint)
        helped.tap(cell: hint.cell)
        #expect(await eventually { helped.state.win?.recorded == true })
        let helpedWin = try #require(helped.state.win)
        #expect(helpedWin.helped && helpedWin.movesChange == .first)
        #expect(Lines.win(helpedWin, size: 3, picture: "sunset").map(\.key).contains("win.helped"))
        let row = try #require(helped.state.records.first { $0.size == 3 })
        #expect(row.won == 1 && row.helpedWon == 1)
        #expect(row.fewestMoves == handWin.moves)
    }

    @Test("Records survive a relaunch; a damaged file is kept aside and said, and the next win starts afresh")
    func surviveRelaunchAndDamage() async throws {
        let dir = temporaryDirectory()
        let model = await shuffledModel(environment: testEnvironment(directory: dir))
        let won = try await winByHand(model)
        let again = PuzzleModel(environment: testEnvironment(directory: dir))
        await again.bestsReady()
        #expect(again.state.records.first?.fewestMoves == won.moves)
        let records = dir.appendingPathComponent("support/Records")
        try "{ damaged".write(
            to: records.appendingPathComponent("records.json"), atomically: true, encoding: .utf8)
        let damaged = PuzzleModel(environment: testEnvironment(directory: dir))
        await damaged.bestsReady()
        #expect(damaged.state.note == .recordsKeptAside)
        #expect(damaged.state.records.isEmpty)
        let kept = try FileManager.default.contentsOfDirectory(atPath: records.path).sorted()
        #expect(kept == ["records.damaged-1.json", "records.json"] || kept == ["records.damaged-1.json"])
        #expect(
            try String(contentsOf: records.appendingPathComponent("records.damaged-1.json"), encoding: .utf8)
                == "{ damaged")
    }

    @Test("Peeks go into the win and the records (\"without a peek\")")
    func peeksRecorded() async throws {
        let dir = temporaryDirectory()
        let model = await shuffledModel(environment: testEnvironment(directory: dir))
        model.tap(cell: try movableTile(model))
        model.undo()
        model.peek(on: true)
        model.peek(on: false)
        let w = try await winByHand(model)
        #expect(w.peeks == 1)
        #expect(
            Lines.win(w, size: 3, picture: "sunset").contains(
                Line("win.peeks %@", .line(Line("peeks %lld", .count(1))))))
        let row = try #require(model.state.records.first)
        #expect(row.won == 1 && row.wonWithoutPeeking == 0)
    }

    @Test("A win before the fewest search ends waits for it, then says and records the count")
    func fewestFinishesAfterTheWin() async throws {
        let model = await shuffledModel(size: 4, environment: testEnvironment(seed: 11))
        #expect(model.isFindingFewest)
        model.enterBackground()  // the search stops before it knows
        #expect(model.state.fewest == nil)
        try solveAllButOne(model)
        let path = try optimalPath(model.state.tiles.map(UInt32.init), goal: model.goalTiles())
        model.tap(cell: cell(movedBy: path[0], blank: try #require(model.state.blankCell), size: 4))
        let pending = try #require(model.state.win)
        #expect(pending.findingFewest && !pending.recorded)
        #expect(Lines.win(pending, size: 4, picture: "sunset").map(\.key).contains("win.fewest-finding"))
        model.becomeActive()
        #expect(await eventually(within: .seconds(60)) { model.state.win?.recorded == true })
        let w = try #require(model.state.win)
        #expect(!w.findingFewest)
        let fewest = try #require(w.fewest)
        #expect(fewest.proven && fewest.moves <= w.moves)
        #expect(model.state.records.first?.fewestPossible == fewest)
    }
}
