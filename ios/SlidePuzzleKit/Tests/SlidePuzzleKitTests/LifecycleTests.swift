import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// A model restored from `session` written to a fresh directory, its picture loaded.
@MainActor
private func relaunched(with session: SavedSession, directory: URL = temporaryDirectory()) async throws
    -> PuzzleModel
{
    let env = testEnvironment(directory: directory)
    try env.sessions?.save(session)
    let model = PuzzleModel(environment: env)
    await model.restoreSession()?.value
    return model
}

@MainActor
@Suite("Leaving, coming back, and work in flight")
struct LifecycleTests {
    @Test("Pictures goes back to the start with the size kept and the fewest-move search stopped")
    func picturesGoesBack() async throws {
        let model = await shuffledModel(size: 4)
        model.tap(cell: try #require(model.state.movable.first { $0 != model.state.blankCell }))
        #expect(model.state.hasProgress)
        model.backToStart()
        #expect(model.state.phase == .start)
        #expect(model.state.size == 4)
        #expect(model.state.tiles.isEmpty && !model.state.hasProgress)
        #expect(!model.isFindingBest)
    }

    @Test("A new size cuts the same picture and starts at the choice of the empty space")
    func newSize() async throws {
        let model = await shuffledModel()
        model.tap(cell: 5)
        model.changeSize(5)
        #expect(model.state.phase == .chooseBlank)
        #expect(model.state.size == 5 && model.state.moves == 0)
        #expect(model.state.picture == .builtin(id: model.builtins[0].id))
        model.tap(cell: 0)
        #expect(model.state.tiles.count == 25 && model.state.blankCell == 0)
    }

    @Test("Only a board with moves in play asks before it is dropped")
    func progressNeedsAsking() async throws {
        let model = await shuffledModel()
        #expect(!model.state.hasProgress)  // shuffled, untouched
        model.tap(cell: 5)
        #expect(model.state.hasProgress)
        await model.auto()
        #expect(model.state.phase == .won && !model.state.hasProgress)
    }

    @Test("The chosen board size stays across games and launches")
    func sizePersists() async throws {
        let dir = temporaryDirectory()
        let model = PuzzleModel(environment: testEnvironment(directory: dir))
        model.selectSize(7)
        #expect(model.state.size == 7)
        model.selectSize(11)  // not a size the app plays
        #expect(model.state.size == 7)
        let again = PuzzleModel(environment: testEnvironment(directory: dir))
        again.restoreSession()
        #expect(again.state.phase == .start && again.state.size == 7)
    }

    @Test("A won game comes back won, with its line and no second celebration")
    func restoreWon() async throws {
        let dir = temporaryDirectory()
        let model = await shuffledModel(environment: testEnvironment(directory: dir))
        await model.auto()
        #expect(model.state.phase == .won && model.state.wins == 1)
        model.enterBackground()
        let again = PuzzleModel(environment: testEnvironment(directory: dir))
        let picture = again.restoreSession()
        // The board is back before the picture: no frame of the start screen.
        #expect(again.state.phase == .won)
        await picture?.value
        #expect(again.state.tiles == model.state.tiles)
        #expect(again.state.winLine?.hasPrefix("Solved in") == true)
        #expect(again.state.wins == 0)
        #expect(again.picture != nil)
    }

    @Test("A board waiting for Shuffle comes back waiting")
    func restoreReady() async throws {
        let dir = temporaryDirectory()
        let model = PuzzleModel(environment: testEnvironment(directory: dir))
        await model.chooseBuiltin(id: model.builtins[1].id, size: 4)
        model.tap(cell: 0)
        model.enterBackground()
        let again = PuzzleModel(environment: testEnvironment(directory: dir))
        await again.restoreSession()?.value
        #expect(again.state.phase == .ready)
        #expect(again.state.blankCell == 0 && again.state.size == 4)
        again.tap(cell: 1)
        #expect(again.state.message == "Tap Shuffle to mix the picture")
    }

    @Test("A picture waiting for its empty space comes back waiting, with its picture")
    func restoreChooseBlank() async throws {
        let dir = temporaryDirectory()
        let model = PuzzleModel(environment: testEnvironment(directory: dir))
        await model.chooseBuiltin(id: model.builtins[2].id, size: 3)
        model.enterBackground()
        let again = PuzzleModel(environment: testEnvironment(directory: dir))
        let picture = again.restoreSession()
        #expect(again.state.phase == .chooseBlank)
        // A tap while the picture is still being drawn is not lost.
        again.tap(cell: 4)
        #expect(again.state.phase == .ready && again.state.blankCell == 4)
        await picture?.value
        #expect(again.picture != nil)
        #expect(again.state.phase == .ready && again.state.blankCell == 4)
    }

    @Test("Saved while Auto runs, the game comes back playable where the playback was")
    func saveDuringAuto() async throws {
        let dir = temporaryDirectory()
        let model = await shuffledModel(environment: testEnvironment(directory: dir, pause: .milliseconds(100)))
        let auto = Task { await model.auto() }
        #expect(await eventually { (model.state.playback?.played ?? 0) >= 2 })
        let snapshot = model.snapshot()
        #expect(snapshot.phase == .playing)
        model.enterBackground()
        let tiles = model.state.tiles
        model.cancelAuto()
        await auto.value
        let again = PuzzleModel(environment: testEnvironment(directory: dir))
        await again.restoreSession()?.value
        #expect(again.state.phase == .playing)
        #expect(again.state.tiles == tiles)
        #expect(!again.state.autoRunning)
    }

    @Test("A save from a newer version is refused in words, not misread")
    func newerSave() async throws {
        let dir = temporaryDirectory()
        let env = testEnvironment(directory: dir)
        let store = try #require(env.sessions)
        try FileManager.default.createDirectory(
            at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"version": 9, "phase": "playing", "size": 3}"#.utf8).write(to: store.url)
        let model = PuzzleModel(environment: env)
        model.restoreSession()
        #expect(model.state.phase == .start)
        #expect(model.state.message?.contains("newer version of the app") == true)
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
    }

    @Test("Settings saved by an older version keep their defaults for what it did not know")
    func olderSettings() throws {
        let settings = try JSONDecoder().decode(Settings.self, from: Data(#"{"speed": "fast"}"#.utf8))
        #expect(settings.speed == .fast)
        #expect(settings.algorithm == .auto && settings.difficulty == .random && !settings.showNumbers)
    }

    @Test("Shuffle during Auto stops it, forgets its line and gives a new board to play")
    func shuffleDuringAuto() async throws {
        let model = await shuffledModel(environment: testEnvironment(pause: .milliseconds(100)))
        let first = model.state.tiles
        let auto = Task { await model.auto() }
        #expect(await eventually { model.state.phase == .animating })
        #expect(model.state.solve != nil)
        await model.shuffle()
        await auto.value
        #expect(model.state.phase == .playing)
        #expect(model.state.solve == nil && model.state.playback == nil)
        #expect(model.state.moves == 0)
        #expect(model.state.tiles == first)  // the same seed: the same board, fresh
        try await Task.sleep(for: .milliseconds(300))
        #expect(model.state.phase == .playing && model.state.moves == 0)  // no stray playback
    }

    @Test("While a shuffle is in flight the old board cannot be played, and Cancel puts it back")
    func tapDuringShuffle() async throws {
        // A 4×4 exact-distance shuffle waits seconds for its tables on a fresh machine: the
        // shuffle is in flight for as long as the test needs.
        let model = await shuffledModel(size: 4)
        let target = try #require(model.state.movable.first { $0 != model.state.blankCell })
        model.tap(cell: target)
        let moves = model.state.moves  // one per tile of the line
        #expect(moves > 0)
        var settings = model.state.settings
        settings.difficulty = .easy
        model.update(settings: settings)
        let tiles = model.state.tiles
        Task { await model.shuffle() }
        #expect(await eventually(within: .seconds(5)) { model.state.phase == .shuffling })
        #expect(model.state.message?.hasPrefix("Preparing the shuffle") == true)
        for cell in model.state.movable { model.tap(cell: cell) }
        for direction in TileDirection.allCases { model.swipe(direction) }
        #expect(model.state.tiles == tiles && model.state.moves == moves)
        model.cancelShuffle()
        // The board is back at once; the table build it waited for goes on for the next time.
        #expect(model.state.phase == .playing)
        #expect(model.state.tiles == tiles && model.state.moves == moves)
        #expect(model.state.message == "Shuffle cancelled: the board is as it was")
    }

    @Test("A hint that arrives after the board moved is dropped")
    func staleHint() async throws {
        let model = await shuffledModel()
        let hint = Task { await model.hint() }
        await Task.yield()
        model.tap(cell: 5)
        await hint.value
        #expect(model.state.hintCell == nil && model.state.hintDirection == nil)
        #expect(model.state.moves == 1)
    }

    @Test("Repeated shuffles never stack fewest-move searches: each cancels the one before")
    func shufflesDoNotStack() async throws {
        let model = await shuffledModel(size: 4)
        let first = try #require(model.bestToken)
        await model.shuffle()
        #expect(first.isCancelled())
        let second = try #require(model.bestToken)
        #expect(second !== first && !second.isCancelled())
        model.backToStart()
        #expect(second.isCancelled())
    }

    @Test("After a stopped Auto, the fewest possible still appears")
    func bestAfterCancelledAuto() async throws {
        let model = await shuffledModel(environment: testEnvironment(pause: .milliseconds(200)))
        let start = model.state.tiles.map(UInt32.init)
        let goal = try goalTiles(size: 3, blankCell: 8)
        model.tap(cell: 5)  // a move first, so Auto's own solve does not count as the fewest
        let auto = Task { await model.auto() }
        #expect(await eventually { model.state.phase == .animating })
        #expect(!model.isFindingBest)
        #expect(model.state.best == nil)
        model.cancelAuto()
        await auto.value
        #expect(await eventually { model.state.best != nil })
        #expect(model.state.best == (try optimalLength(start, goal: goal)))
    }

    @Test("A playback whose next move no longer fits leaves a playable board and says why")
    func brokenPlayback() async throws {
        let model = await shuffledModel(environment: testEnvironment(pause: .milliseconds(80)))
        let auto = Task { await model.auto() }
        #expect(await eventually { (model.state.playback?.played ?? 0) >= 1 })
        let report = try #require(model.state.solve)
        let played = try #require(model.state.playback?.played)
        let next = report.moves[played]
        let game = try #require(model.game)
        // Behind the playback's back: run the empty space to the edge the next move goes to.
        while (try? game.apply(direction: next)) != nil {}
        await auto.value
        #expect(model.state.phase == .playing)
        #expect(model.state.message == PlayerText.playbackBroke)
        #expect(model.state.tiles == game.tiles().map(Int.init))
        model.swipe(TileDirection(blankMove: next == .up ? .down : .up))
        #expect(model.state.phase == .playing || model.state.phase == .won)
    }

    @Test("The picture is drawn again at the board's pixels, never smaller, at most 2048")
    func sharpPicture() async throws {
        let model = await shuffledModel()
        #expect(model.picture?.edge == 96)
        await model.boardDidResize(points: 110, scale: 3)
        #expect(model.picture?.edge == 330)
        await model.boardDidResize(points: 50, scale: 2)
        #expect(model.picture?.edge == 330)
        #expect(sharpPictureEdge(boardPoints: 1366, scale: 2) == 2048)
        #expect(sharpPictureEdge(boardPoints: 10, scale: 1) == 64)
        #expect(sharpPictureEdge(boardPoints: 375.2, scale: 3) == 1126)
    }

    @Test("The photo store keeps the newest photo only and never reads outside its folder")
    func photoStore() throws {
        let dir = temporaryDirectory()
        let store = PhotoStore(directory: dir.appendingPathComponent("Photos"))
        let first = try store.store(Data("one".utf8))
        let second = try store.store(Data("two".utf8))
        #expect(store.load(second) == Data("two".utf8))
        #expect(store.load(first) == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(files == [second])
        try Data("secret".utf8).write(to: dir.appendingPathComponent("outside.img"))
        #expect(store.load("../outside.img") == nil)
        #expect(store.load(".hidden") == nil)
        #expect(store.load("a/b.img") == nil)
    }
}
