import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// A new model on the same directory: the app launched again (after a kill, nothing else ran).
@MainActor
func relaunched(_ directory: URL, time: ManualTime = ManualTime()) async -> PuzzleModel {
    let model = PuzzleModel(environment: testEnvironment(directory: directory, time: time))
    await model.bestsReady()
    await model.restoreSession()?.value
    return model
}

/// The moves of the game the session file on disk holds (nil when it holds none).
func savedMoves(_ store: SessionStore) throws -> UInt32? {
    try store.load()?.game.flatMap { try? Game.restore(save: $0) }?.moveCount()
}

/// Nothing lost: saves, relaunches, the background, work in flight.
@MainActor
@Suite("Leaving, coming back, and work in flight")
struct LifecycleTests {
    @Test("A move survives a kill: the session is written soon after it, with no lifecycle call")
    func moveSurvivesKill() async throws {
        let dir = temporaryDirectory()
        let model = await shuffledModel(environment: testEnvironment(directory: dir))
        // The fewest-move search writes the session when it ends: let it end first.
        #expect(await eventually { !model.isFindingFewest })
        try await Task.sleep(for: .milliseconds(50))
        model.tap(cell: try movableTile(model))
        model.tap(cell: try movableTile(model))
        let (tiles, moves) = (model.state.tiles, model.state.moves)
        #expect(moves >= 2)
        let store = try #require(model.env.sessions)
        #expect(
            await eventually {
                (try? savedMoves(store)) == UInt32(moves)
            })
        let again = await relaunched(dir)
        #expect(again.state.screen == .game && again.state.phase == .playing)
        #expect(again.state.tiles == tiles && again.state.moves == moves)
    }

    @Test("Going inactive writes the session at once (a force-quit never reaches the background)")
    func inactiveSaves() async throws {
        let dir = temporaryDirectory()
        var env = testEnvironment(directory: dir)
        env.saveDelay = .seconds(600)
        let model = await shuffledModel(environment: env)
        model.tap(cell: try movableTile(model))
        let store = try #require(env.sessions)
        #expect(try savedMoves(store) == 0)
        model.willResignActive()
        let saved = try savedMoves(store)
        #expect(saved == UInt32(model.state.moves) && model.state.moves > 0)
    }

    @Test("A first-version session still loads, its photo cut from the original and kept as a square")
    func versionOneLoads() async throws {
        let dir = temporaryDirectory()
        let game = try Game(size: 3, blankCell: 8)
        try game.shuffle(kind: .walk, seed: 9, pdb: nil)
        _ = try game.tapCell(cell: game.movableCells().first { $0 != game.tiles().firstIndex(of: 0).map(UInt32.init) }!)
        let photos = dir.appendingPathComponent("support/Photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let jpeg = try Data(
            contentsOf: repositoryRoot.appendingPathComponent(
                "ios/SlidePuzzleKit/Tests/SlidePuzzleKitTests/Fixtures/red-left-blue-right-200x100.jpg"))
        try jpeg.write(to: photos.appendingPathComponent("photo-OLD.img"))
        let v1 = """
            {"version":1,"phase":"playing","size":3,"picture":{"photo":{"fileName":"photo-OLD.img"}},
             "settings":{"algorithm":"idaStar","difficulty":"random","speed":"fast","showNumbers":false},
             "best":21,"clockStarted":true,"game":\(String(reflecting: game.save())),
             "crop":{"x":0,"y":0,"side":1}}
            """
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("support"), withIntermediateDirectories: true)
        try v1.write(to: dir.appendingPathComponent("support/session.json"), atomically: true, encoding: .utf8)
        let model = await relaunched(dir)
        #expect(model.state.screen == .game && model.state.phase == .playing)
        #expect(model.state.moves == Int(game.moveCount()) && model.state.tiles == game.tiles().map(Int.init))
        #expect(model.state.fewest == Fewest(moves: 21, proven: true))
        #expect(model.state.settings.algorithm == .idaStar && model.state.settings.speed == .fast)
        // The left square of a red-left, blue-right photo: red.
        let picture = try #require(model.picture)
        #expect(picture.rgba[0] > 200 && picture.rgba[2] < 60)
        guard case .photo(let kept)? = model.state.picture else {
            Issue.record("the picture is \(String(describing: model.state.picture))")
            return
        }
        #expect(PhotoStore.isSquare(kept))
        let files = try FileManager.default.contentsOfDirectory(atPath: photos.path)
        #expect(files == [kept])
    }

    @Test("An Auto win comes back as Auto's, with Auto's own move count")
    func autoWinRelaunch() async throws {
        let dir = temporaryDirectory()
        let model = await shuffledModel(environment: testEnvironment(directory: dir))
        model.tap(cell: try movableTile(model))
        await model.auto()
        #expect(await eventually { model.state.phase == .won && model.state.win?.recorded == true })
        let win = try #require(model.state.win)
        #expect(win.byAuto && win.moves < model.state.moves)
        let again = await relaunched(dir)
        #expect(again.state.phase == .won)
        #expect(again.state.win?.byAuto == true && again.state.win?.moves == win.moves)
        #expect(again.state.wins == 0)  // no celebration for a restored win
    }

    @Test("In the background Auto's search stops and starts again in front; its playback pauses and goes on")
    func backgroundStopsAndResumes() async throws {
        let model = await shuffledModel(size: 5, environment: testEnvironment(pause: .milliseconds(20)))
        let searching = Task { await model.auto() }
        #expect(await eventually { model.state.phase == .solving })
        model.enterBackground()
        #expect(!model.state.keepsScreenAwake)
        await searching.value
        #expect(model.state.phase == .solving)  // stopped, not given up
        model.becomeActive()
        #expect(await eventually(within: .seconds(30)) { model.state.phase == .animating })
        #expect(await eventually { (model.state.playback?.played ?? 0) >= 1 })
        model.enterBackground()
        let p = try #require(model.state.playback)
        #expect(p.paused)
        try await Task.sleep(for: .milliseconds(100))
        #expect(model.state.playback?.played == p.played)
        model.becomeActive()
        #expect(await eventually { (model.state.playback?.played ?? 0) > p.played })
        model.stopAuto()
    }

    @Test("The fewest-move search stops in the background, and after a relaunch it runs again")
    func fewestResumes() async throws {
        let dir = temporaryDirectory()
        let model = await shuffledModel(size: 4, environment: testEnvironment(directory: dir))
        #expect(model.isFindingFewest)
        model.enterBackground()
        #expect(!model.isFindingFewest && model.state.fewest == nil)
        let again = await relaunched(dir)
        #expect(again.isFindingFewest)
        #expect(await eventually(within: .seconds(60)) { again.state.fewest != nil })
        #expect(again.state.fewest?.proven == true)
    }

    @Test("A photo that is gone is said once; the numbers setting is left as the player set it")
    func photoMissing() async throws {
        let dir = temporaryDirectory()
        let session = SavedSession(
            screen: .game, phase: .chooseBlank, size: 3, picture: .photo(fileName: "square-GONE.png"))
        try testEnvironment(directory: dir).sessions?.save(session)
        let model = await relaunched(dir)
        #expect(model.state.note == .photoMissing && model.state.announcement?.note == .photoMissing)
        #expect(!model.state.settings.showNumbers && model.state.showsNumbers)
        model.tap(cell: 0)
        #expect(model.state.note == .nowShuffle)
        // Saved again: the setting stays off.
        model.saveNow()
        #expect(try model.env.sessions?.load()?.settings.showNumbers == false)
    }

    @Test("Once a restore lands, the picture is drawn at the board's pixels")
    func restoreRedrawsSharp() async throws {
        let dir = temporaryDirectory()
        let model = await shuffledModel(environment: testEnvironment(directory: dir))
        model.saveNow()
        let again = PuzzleModel(environment: testEnvironment(directory: dir))
        let restoring = again.restoreSession()
        await again.boardDidResize(points: 100, scale: 3)  // the first frame's size
        await restoring?.value
        #expect(await eventually { again.picture?.edge == 300 })
    }

    @Test("A damaged session starts at the picture choice and says so")
    func damagedSession() async throws {
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("support"), withIntermediateDirectories: true)
        try "{\"version\":2,".write(
            to: dir.appendingPathComponent("support/session.json"), atomically: true, encoding: .utf8)
        let model = await relaunched(dir)
        #expect(model.state.screen == .start && model.state.note == .restoreFailed)
        let newer = "{\"version\":9}"
        try newer.write(to: dir.appendingPathComponent("support/session.json"), atomically: true, encoding: .utf8)
        #expect(throws: SessionError.unknownVersion(9)) { try testEnvironment(directory: dir).sessions?.load() }
    }
}
