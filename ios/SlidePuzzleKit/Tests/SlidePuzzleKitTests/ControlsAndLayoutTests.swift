import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// The controls each phase shows, and where the game screen puts its parts on every screen.
@MainActor
@Suite("Controls per phase and the layout at every size")
struct ControlsAndLayoutTests {
    private func controls(_ model: PuzzleModel) -> [Control] { model.state.controls.map(\.control) }

    @Test("Each phase shows its controls and no others")
    func controlsPerPhase() async throws {
        let env = testEnvironment(pause: .milliseconds(30))
        let model = PuzzleModel(environment: env)
        #expect(controls(model).isEmpty)  // the start screen has none
        model.selectSize(3)
        await model.chooseBuiltin(id: model.builtins[0].id)
        #expect(model.state.phase == .chooseBlank && controls(model).isEmpty)
        model.tap(cell: 8)
        #expect(controls(model) == [.shuffle])
        await model.shuffle()
        #expect(controls(model) == [.shuffle, .hint, .undo, .redo, .auto, .peek])
        let enabled = Dictionary(uniqueKeysWithValues: model.state.controls.map { ($0.control, $0.enabled) })
        #expect(enabled[.undo] == false && enabled[.redo] == false && enabled[.auto] == true)
        model.tap(cell: try movableTile(model))
        #expect(model.state.controls.first { $0.control == .undo }?.enabled == true)
        // Auto: Cancel while it searches, then Pause and Stop while it plays.
        let auto = Task { await model.auto() }
        #expect(await eventually { model.state.phase == .animating })
        #expect(controls(model) == [.pause, .stop])
        model.perform(.pause)
        #expect(controls(model) == [.resume, .stop])
        model.perform(.resume)
        #expect(controls(model) == [.pause, .stop])
        await auto.value
        #expect(await eventually { model.state.phase == .won })
        #expect(controls(model) == [.playAgain])
    }

    @Test("Searching and shuffling show Cancel alone")
    func cancelWhileBusy() async throws {
        var state = GameState()
        state.screen = .game
        state.phase = .solving
        #expect(state.controls.map(\.control) == [.cancel])
        state.phase = .shuffling
        #expect(state.controls.map(\.control) == [.cancel])
        state.phase = .won
        #expect(state.controls.map(\.control) == [.playAgain])
        state.screen = .records
        #expect(state.controls.isEmpty)
    }

    /// Safe areas (points) the game screen gets, below the navigation bar.
    static let screens: [(name: String, width: Double, height: Double)] = [
        ("iPhone SE (1st) portrait", 320, 548 - 44),
        ("iPhone SE portrait", 375, 647 - 44),
        ("iPhone 15 portrait", 393, 793 - 44),
        ("iPhone SE landscape", 667, 375 - 32),
        ("iPhone SE (1st) landscape", 568, 320 - 32),
        ("iPhone 15 Pro Max landscape", 932 - 118, 430 - 32 - 21),
        ("iPad portrait", 820, 1180 - 24 - 50 - 20),
        ("iPad landscape", 1180, 820 - 24 - 50 - 20),
    ]

    @Test(
        "Every part stays on screen, apart, with 44-point controls, at every text size",
        arguments: [1.0, 1.35, 2.0, 3.1])
    func layoutFits(textScale: Double) {
        for screen in Self.screens {
            let l = GameLayout(width: screen.width, height: screen.height, textScale: textScale)
            let parts = [("board", l.board), ("stats", l.stats), ("status", l.status), ("controls", l.controls)]
            for (part, f) in parts {
                #expect(
                    f.x >= 0 && f.y >= 0 && f.maxX <= screen.width + 0.001 && f.maxY <= screen.height + 0.001,
                    "\(screen.name) ×\(textScale): \(part) \(f) leaves the screen")
            }
            for (i, (a, fa)) in parts.enumerated() {
                for (b, fb) in parts[(i + 1)...] {
                    let apart = fa.maxX <= fb.x || fb.maxX <= fa.x || fa.maxY <= fb.y || fb.maxY <= fa.y
                    #expect(apart, "\(screen.name) ×\(textScale): \(a) and \(b) overlap")
                }
            }
            #expect(l.controlWidth >= GameLayout.minimumTarget, "\(screen.name) ×\(textScale): \(l.controlWidth)")
            #expect(l.controls.height >= GameLayout.minimumTarget)
            #expect(l.sideBySide == (screen.width > screen.height))
            // The board never falls under half the height in portrait, nor under most of it
            // beside the controls in landscape.
            let floor = l.sideBySide ? min(screen.height - 2 * GameLayout.margin, 200) : screen.height / 2
            #expect(l.boardSide >= min(floor, screen.width - 2 * GameLayout.margin), "\(screen.name) ×\(textScale)")
        }
    }

    @Test("Captions show at the default size on the smallest iPhone and give way to the board at the largest")
    func captions() {
        #expect(GameLayout(width: 320, height: 504).showsCaptions)
        #expect(GameLayout(width: 375, height: 603, textScale: 1.2).showsCaptions)
        #expect(!GameLayout(width: 320, height: 504, textScale: 3.1).showsCaptions)
        // The status slot grows with the text, so a note of the largest size fits its line.
        #expect(GameLayout(width: 375, height: 603, textScale: 3.1).status.height > 60)
    }
}
