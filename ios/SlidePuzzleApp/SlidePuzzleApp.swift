import SlidePuzzleKit
import SwiftUI

/// The app: one model for the whole life of the process, restored before the first frame and
/// saved when the app leaves the screen.
@main
struct SlidePuzzleApp: App {
    @State private var model: PuzzleModel
    @Environment(\.scenePhase) private var scenePhase

    init() {
        let model = PuzzleModel(
            environment: .standard(
                caches: FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0],
                support: FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]))
        // The board comes back now, so the first frame is the game and not the start screen;
        // the picture follows in the background, and a tap meanwhile plays on the board.
        model.restoreSession()
        _model = State(initialValue: model)
    }

    var body: some Scene {
        WindowGroup {
            RootView(model: model)
                .onChange(of: scenePhase) { _, phase in
                    switch phase {
                    case .background: model.enterBackground()
                    case .active: model.becomeActive()
                    default: break
                    }
                }
        }
    }
}

/// The picture choice, or the game once a picture is chosen.
struct RootView: View {
    let model: PuzzleModel

    var body: some View {
        NavigationStack {
            if model.state.phase == .start {
                StartView(model: model)
            } else {
                GameView(model: model)
            }
        }
    }
}
