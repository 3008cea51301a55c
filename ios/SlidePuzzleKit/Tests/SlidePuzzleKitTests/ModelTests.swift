import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

@MainActor
@Suite("Playing through the model")
struct ModelTests {
    @Test("A game played by taps reaches the win, with moves and time on the win line")
    func tapsToTheWin() async throws {
        let time = ManualTime()
        let model = await shuffledModel(environment: testEnvironment(time: time))
        #expect(model.state.phase == .playing)
        // Seed 1 on a 3×3 with the empty space's home bottom-right: the shared vector.
        #expect(model.state.tiles == [7, 8, 5, 6, 0, 3, 1, 2, 4])
        let goal = try goalTiles(size: 3, blankCell: 8)
        #expect(await eventually { model.state.best != nil })
        let path = try solve(
            start: model.state.tiles.map(UInt32.init), goal: goal, algorithm: .bfs, heuristic: .zero,
            limits: Limits(), pdb: nil, progress: nil, cancel: nil)
        for (i, move) in path.moves.enumerated() {
            let blank = try #require(model.state.blankCell)
            let target = cell(movedBy: move, blank: blank, size: 3)
            #expect(model.state.movable.contains(target))
            model.tap(cell: target)
            #expect(model.state.moves == i + 1)
            #expect(model.state.lastSlides.count == 1)
            #expect(model.state.lastSlides[0].fromCell == target)
            time.advance(ms: 1_000)
        }
        #expect(model.state.phase == .won)
        #expect(model.state.tiles == goal.map(Int.init))
        #expect(model.elapsedMs() == UInt64(path.moves.count - 1) * 1_000)
        let line = try #require(model.state.winLine)
        #expect(line.hasPrefix("Solved in \(path.moves.count) moves and 0:"))
        #expect(line.contains("the fewest possible"))
    }

    @Test("A tap on a tile in the empty space's row slides the whole line; a tap elsewhere says why")
    func lineTapsAndRefusals() async throws {
        let model = await shuffledModel()
        let blank = try #require(model.state.blankCell)  // cell 4 in [7 8 5 / 6 0 3 / 1 2 4]
        #expect(blank == 4)
        model.tap(cell: 0)  // not in the blank's row or column
        #expect(model.state.moves == 0)
        #expect(model.state.message == "Tile 7 is not in the empty space's row or column")
        let before = model.state.tiles
        model.tap(cell: 1)
        #expect(model.state.moves == 1)
        #expect(model.state.tiles[1] == 0 && model.state.tiles[4] == before[1])
        model.undo()
        #expect(model.state.tiles == before && model.state.moves == 0 && model.state.canRedo)
        model.redo()
        #expect(model.state.moves == 1 && !model.state.canRedo)
        model.swipe(.up)  // the tile below the empty space (tile 8, just moved down) slides back up
        #expect(model.state.tiles[1] == before[1] && model.state.moves == 2)
        model.swipe(.up)  // the empty space, back at cell 4, takes tile 2 from below
        #expect(model.state.moves == 3 && model.state.tiles[4] == before[7])
    }

    @Test("Auto solves off the main actor and plays every move to the win")
    func autoToTheWin() async throws {
        let model = await shuffledModel()
        let start = model.state.tiles
        let fewest = try optimalLength(start.map(UInt32.init), goal: try goalTiles(size: 3, blankCell: 8))
        await model.auto()
        #expect(model.state.phase == .won)
        let report = try #require(model.state.solve)
        #expect(report.optimal && report.moves.count == fewest)
        #expect(model.state.moves == fewest)
        #expect(model.state.winLine == "Auto solved it in \(fewest) moves — the fewest possible")
        #expect(PlayerText.solveLine(report).hasPrefix("Solved in \(fewest) moves — the fewest possible · "))
    }

    @Test("Cancel during the search stops the core's search and leaves the board as it was")
    func cancelDuringSearch() async throws {
        var env = testEnvironment()
        env.solveTimeoutMs = 600_000  // only the cancel token can end this search
        var settings = Settings()
        settings.algorithm = .idaStar
        let model = await shuffledModel(size: 5, environment: env, settings: settings)
        let before = model.state.tiles
        let auto = Task { await model.auto() }
        #expect(await eventually { model.state.searchedPositions > 0 })
        #expect(model.state.phase == .solving)
        #expect(model.state.message?.hasPrefix("Searching… ") == true)
        model.cancelAuto()
        #expect(model.state.phase == .playing)
        #expect(model.state.message == "Auto stopped")
        // The auto call waits for the core's search to return, which the token makes quick.
        let returned = Flag()
        Task {
            await auto.value
            returned.value = true
        }
        #expect(await eventually(within: .seconds(10)) { returned.value })
        #expect(model.state.tiles == before && model.state.moves == 0)
        #expect(model.state.phase == .playing)
    }

    @Test("Cancel during the playback stops the moves where they are")
    func cancelDuringPlayback() async throws {
        let model = await shuffledModel(environment: testEnvironment(pause: .milliseconds(40)))
        let auto = Task { await model.auto() }
        #expect(await eventually { (model.state.playback?.played ?? 0) >= 2 })
        model.cancelAuto()
        let played = model.state.moves
        #expect(played >= 2)
        #expect(model.state.phase == .playing && model.state.playback == nil)
        await auto.value
        try await Task.sleep(for: .milliseconds(200))
        #expect(model.state.moves == played)
        #expect(model.state.phase == .playing)
    }

    @Test("Hint highlights a tile whose move is on a shortest path")
    func hintIsOptimal() async throws {
        let model = await shuffledModel()
        let goal = try goalTiles(size: 3, blankCell: 8)
        let before = try optimalLength(model.state.tiles.map(UInt32.init), goal: goal)
        await model.hint()
        let cell = try #require(model.state.hintCell)
        let tile = model.state.tiles[cell]
        let message = try #require(model.state.message)
        #expect(message.hasPrefix("Slide tile \(tile) "))
        model.tap(cell: cell)
        #expect(model.state.hintCell == nil)
        let after = try optimalLength(model.state.tiles.map(UInt32.init), goal: goal)
        #expect(after == before - 1)
    }

    @Test("BFS out of its memory budget says so politely, and the board is unchanged")
    func bfsOutOfMemory() async throws {
        var env = testEnvironment()
        env.memoryBudgetBytes = 8 << 20
        var settings = Settings()
        settings.algorithm = .bfs
        let model = await shuffledModel(size: 4, environment: env, settings: settings)
        let before = model.state.tiles
        await model.auto()
        #expect(model.state.phase == .playing)
        #expect(model.state.tiles == before)
        let message = try #require(model.state.message)
        #expect(
            message.hasPrefix(
                "Breadth-first (BFS) ran out of its memory budget (8 MB) before reaching the goal on this 4×4 board"))
    }

    @Test("Exact difficulty gives a board exactly that many moves away; a size without it says so")
    func exactDifficulty() async throws {
        var settings = Settings()
        settings.difficulty = .hard
        let model = await shuffledModel(settings: settings)
        #expect(model.state.best == 30)
        #expect(model.state.message == nil)
        #expect(try optimalLength(model.state.tiles.map(UInt32.init), goal: try goalTiles(size: 3, blankCell: 8)) == 30)

        let big = await shuffledModel(size: 5, settings: settings)
        #expect(big.state.phase == .playing)
        #expect(big.state.message == "Hard shuffles go up to 4×4, so this 5×5 board was mixed at random.")
        #expect(big.state.tiles != (try goalTiles(size: 5, blankCell: 24)).map(Int.init))
    }

    @Test("The fewest possible count appears after a random shuffle")
    func bestAppears() async throws {
        let model = await shuffledModel()
        let fewest = try optimalLength(model.state.tiles.map(UInt32.init), goal: try goalTiles(size: 3, blankCell: 8))
        #expect(await eventually { model.state.best != nil })
        #expect(model.state.best == fewest)
        #expect(PlayerText.bestLine(model.state.best) == "Fewest possible: \(fewest)")
    }

    @Test("The clock starts at the first move and pauses in the background")
    func clock() async throws {
        let time = ManualTime()
        let model = await shuffledModel(environment: testEnvironment(time: time))
        time.advance(ms: 5_000)
        #expect(model.elapsedMs() == 0)  // no move yet
        model.tap(cell: 1)
        time.advance(ms: 3_000)
        #expect(model.elapsedMs() == 3_000)
        model.enterBackground()
        time.advance(ms: 60_000)
        #expect(model.elapsedMs() == 3_000)
        model.becomeActive()
        time.advance(ms: 1_000)
        #expect(model.elapsedMs() == 4_000)
    }

    @Test("VoiceOver labels name the tile, its place and whether it can move")
    func accessibilityLabels() async throws {
        let model = await shuffledModel()
        // [7 8 5 / 6 0 3 / 1 2 4]
        #expect(model.state.accessibilityLabel(cell: 1) == "tile 8, row 1, column 2; can move")
        #expect(model.state.accessibilityLabel(cell: 0) == "tile 7, row 1, column 1")
        #expect(model.state.accessibilityLabel(cell: 4) == "empty space, row 2, column 2")
        model.activate(cell: 5)  // VoiceOver's activate action taps
        #expect(model.state.moves == 1)
        let choosing = PuzzleModel(environment: testEnvironment())
        await choosing.chooseBuiltin(id: choosing.builtins[1].id, size: 4)
        #expect(
            choosing.state.accessibilityLabel(cell: 6)
                == "piece at row 2, column 3; make this the empty space")
    }
}
