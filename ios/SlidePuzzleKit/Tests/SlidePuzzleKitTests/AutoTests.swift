import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// Auto on the real core: search, playback with Pause, Resume and Stop, what it says.
@MainActor
@Suite("Auto")
struct AutoTests {
    @Test("Auto plays every move to the win, counts its own moves, and is said at start, path found and done")
    func playsToTheWin() async throws {
        let heard = Heard()
        var env = testEnvironment()
        env.announcer = { heard.notes.append($0) }
        let model = await shuffledModel(environment: env)
        model.tap(cell: try movableTile(model))  // a move of the player's first
        let playerMoves = model.state.moves
        heard.notes = []
        await model.auto()
        #expect(await eventually { model.state.phase == .won })
        let said = heard.notes
        let report = try #require(model.state.solve)
        let win = try #require(model.state.win)
        #expect(win.byAuto && win.helped)
        #expect(win.moves == report.moves.count)
        #expect(model.state.moves == playerMoves + report.moves.count)
        #expect(said.first == .autoStarted)
        #expect(said.contains(.autoFound(moves: report.moves.count)))
        #expect(said.last == .wonByAuto(moves: report.moves.count))
        // Never the live count, never each step.
        #expect(!said.contains { if case .searching = $0 { true } else { false } })
        #expect(!said.contains { if case .moved = $0 { true } else { false } })
    }

    @Test("Pause holds the board between two moves; Resume goes on; the status says the move")
    func pauseAndResume() async throws {
        let model = await shuffledModel(environment: testEnvironment(pause: .milliseconds(25)))
        await model.auto()
        #expect(await eventually { (model.state.playback?.played ?? 0) >= 1 })
        model.pausePlayback()
        let p = try #require(model.state.playback)
        #expect(p.paused)
        let tiles = model.state.tiles
        try await Task.sleep(for: .milliseconds(150))
        #expect(model.state.tiles == tiles && model.state.playback?.played == p.played)
        #expect(!model.state.keepsScreenAwake)
        let status = try #require(Lines.status(model.state))
        #expect(status.key == "status.paused %@")
        model.resumePlayback()
        #expect(model.state.keepsScreenAwake)
        #expect(await eventually { (model.state.playback?.played ?? 0) > p.played || model.state.phase == .won })
        if model.state.phase == .animating {
            #expect(Lines.status(model.state)?.key == "status.move %@ %@")
        }
    }

    @Test("Stop hands the board back where it is, clears the result line and resumes the fewest search")
    func stop() async throws {
        let model = await shuffledModel(size: 4, environment: testEnvironment(pause: .milliseconds(30)))
        await model.auto()
        #expect(await eventually { (model.state.playback?.played ?? 0) >= 1 })
        model.stopAuto()
        #expect(model.state.phase == .playing)
        #expect(model.state.solve == nil && model.state.playback == nil)
        #expect(model.state.note == .autoStopped && model.state.announcement?.note == .autoStopped)
        let tiles = model.state.tiles
        try await Task.sleep(for: .milliseconds(120))
        #expect(model.state.tiles == tiles)
        #expect(model.state.helped)
        // Auto stopped the fewest-move search; Stop starts it again if it had not finished.
        #expect(model.state.fewest != nil || model.isFindingFewest)
    }

    @Test("The clock stops while Auto searches and plays")
    func clockDuringAuto() async throws {
        let time = ManualTime()
        let model = await shuffledModel(
            environment: testEnvironment(time: time, pause: .milliseconds(20)))
        model.tap(cell: try movableTile(model))
        #expect(model.clockRunning)
        time.advance(ms: 3_000)
        await model.auto()
        let at = model.elapsedMs()
        #expect(at >= 3_000)
        #expect(!model.clockRunning)
        time.advance(ms: 60_000)
        #expect(model.elapsedMs() == at)
        #expect(await eventually { model.state.phase == .won })
        time.advance(ms: 60_000)
        #expect(model.elapsedMs() == at)
    }

    @Test("The fewest possible is said only once proven; details name no internal method")
    func provenOnly() async throws {
        let model = await shuffledModel()
        #expect(await eventually { !model.isFindingFewest })
        let fewest = try #require(model.state.fewest)
        #expect(fewest.proven)
        #expect(Lines.fewest(model.state)?.key == "stats.fewest %@")
        var unproven = model.state
        unproven.fewest = Fewest(moves: 80, proven: false)
        unproven.findingFewest = false
        #expect(Lines.fewest(unproven) == nil)
        await model.auto()
        let report = try #require(model.state.solve)
        for line in Lines.details(report) {
            #expect(!flatten(line).contains { $0.contains("+") || $0.contains(":") }, "\(line)")
        }
    }

    /// Every key and text argument of a line, nested lines included.
    private func flatten(_ line: Line) -> [String] {
        [line.key]
            + line.args.flatMap { arg -> [String] in
                switch arg {
                case .line(let l): flatten(l)
                case .text(let t): [t]
                default: []
                }
            }
    }

    @Test("Auto is refused on a solved board, and Pattern databases on a board too big for them falls back to Auto")
    func refusals() async throws {
        let model = PuzzleModel(environment: testEnvironment())
        model.selectSize(3)
        await model.chooseBuiltin(id: model.builtins[0].id)
        model.tap(cell: 8)
        await model.auto()
        #expect(model.state.phase == .ready)
        var settings = Settings()
        settings.algorithm = .patternDatabases
        let big = await shuffledModel(size: 6, settings: settings)
        await big.auto()
        #expect(big.state.autoRunning || big.state.phase == .won)
        #expect(big.state.note == .patternDatabasesTooSmall(size: 6) || big.state.phase == .won)
        big.stopAuto()
    }
}
