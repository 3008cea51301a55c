import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// Playing by hand on the real core: taps, keys, undo, notes, what VoiceOver hears.
@MainActor
@Suite("Playing by hand")
struct PlayTests {
    @Test("The first tap picks the empty space; Shuffle mixes; taps, keys, undo and redo move tiles")
    func play() async throws {
        let model = PuzzleModel(environment: testEnvironment())
        model.selectSize(3)
        await model.chooseBuiltin(id: model.builtins[0].id)
        #expect(model.state.note == .chooseBlank)
        model.tap(cell: 4)
        #expect(model.state.phase == .ready && model.state.blankCell == 4 && model.state.note == .nowShuffle)
        model.tap(cell: 0)
        #expect(model.state.note == .tapShuffle && model.state.moves == 0)
        await model.shuffle()
        #expect(model.state.phase == .playing && !model.state.solved)
        let blank = try #require(model.state.blankCell)
        // Keys slide the tile next to the space, each direction the way it names.
        for direction in TileDirection.allCases {
            let before = try #require(model.state.blankCell)
            let moves = model.state.moves
            model.slide(direction)
            guard model.state.moves > moves else { continue }  // no tile on that side
            let after = try #require(model.state.blankCell)
            let expected: Int =
                switch direction {
                case .up: before + 3
                case .down: before - 3
                case .left: before + 1
                case .right: before - 1
                }
            #expect(after == expected, "\(direction)")
        }
        _ = blank
        let moves = model.state.moves
        model.undo()
        #expect(model.state.moves == moves - 1 && model.state.canRedo)
        model.redo()
        #expect(model.state.moves == moves)
    }

    @Test("A tap outside the space's line says so, naming the tile only where numbers show")
    func notInLine() async throws {
        let model = await shuffledModel(size: 4)
        let blank = try #require(model.state.blankCell)
        let far = try #require(
            model.state.tiles.indices.first { $0 / 4 != blank / 4 && $0 % 4 != blank % 4 })
        model.tap(cell: far)
        #expect(model.state.note == .notInLine(tile: nil))
        var settings = model.state.settings
        settings.showNumbers = true
        model.update(settings: settings)
        model.tap(cell: far)
        #expect(model.state.note == .notInLine(tile: model.state.tiles[far]))
    }

    @Test("Tiles animate for a move only: a note or a count leaves the slide as it was")
    func animationOnlyForMoves() async throws {
        let model = await shuffledModel()
        let id = model.state.slideID
        model.tap(cell: try movableTile(model))
        #expect(model.state.slideID == id + 1)
        let blank = try #require(model.state.blankCell)
        let far = try #require(model.state.tiles.indices.first { $0 / 3 != blank / 3 && $0 % 3 != blank % 3 })
        model.tap(cell: far)  // a note, no move
        #expect(model.state.slideID == id + 1)
        await model.hint()
        #expect(model.state.hint != nil && model.state.slideID == id + 1)
    }

    @Test("Each move, hint and win is said once; a hint names no number where the picture shows")
    func announcements() async throws {
        let model = try await oneMoveFromWin()
        let before = model.state.announcement?.id ?? 0
        await model.hint()
        let hint = try #require(model.state.hint)
        #expect(model.state.announcement?.note == .hint(hint, numbered: false))
        #expect(model.state.announcement?.id == before + 1)
        #expect(model.state.helped)
        model.tap(cell: hint.cell)
        #expect(model.state.phase == .won)
        #expect(model.state.announcement?.id == before + 2)
        if case .won(let moves, _)? = model.state.announcement?.note {
            #expect(moves == model.state.moves)
        } else {
            Issue.record("the win was not said: \(String(describing: model.state.announcement))")
        }
        // A moved tile is said by number where numbers show.
        let numbered = await shuffledModel(
            settings: {
                var s = Settings()
                s.showNumbers = true
                return s
            }())
        let cell = try movableTile(numbered)
        let tile = numbered.state.tiles[cell]
        numbered.tap(cell: cell)
        guard case .moved(let tiles?, _)? = numbered.state.announcement?.note else {
            Issue.record("no move said")
            return
        }
        #expect(tiles.contains(tile))
    }

    @Test("One hint at a time; a move cancels the one in flight and drops its answer")
    func hintSingleFlight() async throws {
        let model = await shuffledModel(size: 4)
        let first = Task { await model.hint() }
        #expect(await eventually { model.isFindingHint })
        await model.hint()  // refused while one runs: returns at once
        #expect(model.isFindingHint)
        model.tap(cell: try movableTile(model))
        #expect(!model.isFindingHint)
        await first.value
        #expect(model.state.hint == nil)
    }

    @Test("VoiceOver's tile actions are named: \"Slide tile 7 left\", or the piece where numbers hide")
    func tileActions() async throws {
        var settings = Settings()
        settings.showNumbers = true
        let model = await shuffledModel(settings: settings)
        let s = model.state
        let blank = try #require(s.blankCell)
        let cell = try movableTile(model)
        let line = try #require(Lines.slideAction(s, cell: cell))
        #expect(line.key == "action.slide %@ %@")
        #expect(line.args.first == .text(String(s.tiles[cell])))
        #expect(Lines.slideAction(s, cell: blank) == nil)
        var hidden = s
        hidden.settings.showNumbers = false
        #expect(Lines.slideAction(hidden, cell: cell)?.key == "action.slide.piece %@")
        #expect(Lines.cell(hidden, cell: cell).key == "cell.piece.movable %@ %@")
    }

    @Test("Peeks are counted, the clock runs on during one, and Peek shows the picture for a moment")
    func peeks() async throws {
        let time = ManualTime()
        var env = testEnvironment(time: time)
        env.briefPeek = .milliseconds(20)
        let model = await shuffledModel(environment: env)
        model.tap(cell: try movableTile(model))
        #expect(model.clockRunning)
        model.peek(on: true)
        #expect(model.state.peeking && model.state.peeks == 1)
        let at = model.elapsedMs()
        time.advance(ms: 5_000)
        #expect(model.elapsedMs() == at + 5_000)
        model.peek(on: false)
        #expect(!model.state.peeking && model.state.peeks == 1)
        model.perform(.peek)
        #expect(model.state.peeking && model.state.peeks == 2)
        #expect(await eventually { !model.state.peeking })
        #expect(model.state.peeks == 2)
    }
}
