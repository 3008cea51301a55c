import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

@MainActor
@Suite("Saving and restoring")
struct PersistenceTests {
    /// A 3×3 game on the fixture photo, shuffled, then sent to the background (saved).
    func savedPhotoGame(in dir: URL) async throws -> PuzzleModel {
        let model = PuzzleModel(environment: testEnvironment(directory: dir))
        #expect(await model.choosePhoto(data: try fixtureJPEG(), size: 3))
        model.tap(cell: 8)
        await model.shuffle()
        model.enterBackground()
        return model
    }

    @Test("Background then relaunch restores board, history, time, picture and settings")
    func saveRestore() async throws {
        let dir = temporaryDirectory()
        let time = ManualTime()
        var settings = Settings()
        settings.algorithm = .aStar
        settings.speed = .fast
        let model = await shuffledModel(environment: testEnvironment(directory: dir, time: time), settings: settings)
        model.tap(cell: 1)
        model.tap(cell: 2)
        model.undo()
        time.advance(ms: 7_000)
        model.enterBackground()  // writes the session file

        let again = PuzzleModel(environment: testEnvironment(directory: dir, time: time))
        await again.restoreSession()?.value
        #expect(again.state.phase == .playing)
        #expect(again.state.tiles == model.state.tiles)
        #expect(again.state.moves == 1 && again.state.canUndo && again.state.canRedo)
        #expect(again.state.settings == settings)
        #expect(again.state.picture == .builtin(id: again.builtins[0].id))
        #expect(again.picture == model.picture)
        #expect(again.elapsedMs() == 7_000)
        again.redo()
        #expect(again.state.moves == 2)
    }

    @Test("A photo game comes back with its photo")
    func photoRestore() async throws {
        let dir = temporaryDirectory()
        let model = try await savedPhotoGame(in: dir)
        let again = PuzzleModel(environment: testEnvironment(directory: dir))
        await again.restoreSession()?.value
        guard case .photo = again.state.picture else {
            Issue.record("picture source \(String(describing: again.state.picture))")
            return
        }
        #expect(again.picture == model.picture)
        #expect(again.state.tiles == model.state.tiles)
    }

    @Test("A damaged save starts over at the picture choice and says why")
    func damagedSave() async throws {
        let dir = temporaryDirectory()
        let model = await shuffledModel(environment: testEnvironment(directory: dir))
        model.enterBackground()
        let url = dir.appendingPathComponent("support/session.json")

        // The core's save text with one character changed: its checksum refuses it.
        var session = try #require(try SessionStore(url: url).load())
        let text = try #require(session.game)
        session.game = text.replacingOccurrences(of: "moves", with: "mooves")
        if session.game == text { session.game = String(text.dropLast(3)) }
        try SessionStore(url: url).save(session)
        let restored = PuzzleModel(environment: testEnvironment(directory: dir))
        await restored.restoreSession()?.value
        #expect(restored.state.phase == .start)
        #expect(restored.state.message?.hasPrefix("Your last game could not be restored: ") == true)

        // Not JSON at all: refused, and the file is removed so the next launch starts clean.
        try Data("{ not json".utf8).write(to: url)
        let garbled = PuzzleModel(environment: testEnvironment(directory: dir))
        await garbled.restoreSession()?.value
        #expect(garbled.state.phase == .start)
        #expect(
            garbled.state.message
                == "Your last game could not be restored: the saved game could not be read (not a saved game).")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("A game whose photo is gone comes back with numbered tiles")
    func missingPhoto() async throws {
        let dir = temporaryDirectory()
        let model = try await savedPhotoGame(in: dir)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("support/Photos"))
        let again = PuzzleModel(environment: testEnvironment(directory: dir))
        await again.restoreSession()?.value
        #expect(again.state.phase == .playing && again.state.tiles == model.state.tiles)
        #expect(again.picture == nil && again.state.settings.showNumbers)
        #expect(again.state.message == "The photo of this game is gone, so the tiles show numbers.")
    }
}
