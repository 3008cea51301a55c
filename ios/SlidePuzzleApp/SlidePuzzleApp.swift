import SlidePuzzleKit
import SwiftUI
import UIKit

/// The app: one model for the whole life of the process, restored before the first frame,
/// written whenever the app stops being in front (`.inactive` comes before a force-quit), and
/// kept awake while Auto searches or plays.
@main
struct SlidePuzzleApp: App {
    @State private var model: PuzzleModel
    @Environment(\.scenePhase) private var scenePhase

    init() {
        var environment = PuzzleEnvironment.standard(
            caches: FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0],
            support: FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0])
        // Each announcement is posted once, in order, as the model makes it.
        environment.announcer = { note in
            AccessibilityNotification.Announcement(Words.wording(Lines.spoken(note))).post()
        }
        let model = PuzzleModel(environment: environment)
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
                    case .inactive: model.willResignActive()
                    case .background: model.enterBackground()
                    case .active: model.becomeActive()
                    @unknown default: break
                    }
                }
                .onChange(of: model.state.keepsScreenAwake, initial: true) { _, awake in
                    UIApplication.shared.isIdleTimerDisabled = awake
                }
        }
    }
}

/// The screen the model says: the start, the crop screen, the game or the records.
struct RootView: View {
    let model: PuzzleModel

    var body: some View {
        NavigationStack {
            switch model.state.screen {
            case .start: StartView(model: model)
            case .crop: CropView(model: model)
            case .game: GameView(model: model)
            case .records: RecordsView(model: model)
            }
        }
    }
}
