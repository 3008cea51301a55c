import SlidePuzzleKit
import SwiftUI

/// The game screen: board, moves and time, controls, Auto's line. In landscape the board and
/// the controls sit side by side.
struct GameView: View {
    let model: PuzzleModel
    @State private var showSettings = false
    @State private var showDetails = false
    @State private var tiles: [Image] = []
    /// What the player asked for that would drop the moves made, until they confirm it.
    @State private var pending: Pending?
    @Environment(\.displayScale) private var displayScale
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    private var state: GameState { model.state }

    /// An action that loses the board's moves.
    private enum Pending: Identifiable {
        case pictures, shuffle
        case size(Int)

        var id: String {
            switch self {
            case .pictures: "pictures"
            case .shuffle: "shuffle"
            case .size(let n): "size\(n)"
            }
        }

        var title: String {
            switch self {
            case .pictures: "Leave this game for the pictures?"
            case .shuffle: "Shuffle and start over?"
            case .size(let n): "Start over as a \(n)×\(n) board?"
            }
        }

        var confirm: String {
            switch self {
            case .pictures: "Leave this game"
            case .shuffle: "Shuffle"
            case .size(let n): "Play \(n)×\(n)"
            }
        }
    }

    /// Runs `action` now, or asks first when the board has moves to lose.
    private func ask(_ action: Pending) {
        if state.hasProgress {
            pending = action
        } else {
            perform(action)
        }
    }

    private func perform(_ action: Pending) {
        switch action {
        case .pictures: model.backToStart()
        case .shuffle: Task { await model.shuffle() }
        case .size(let n): model.changeSize(n)
        }
    }

    var body: some View {
        GeometryReader { proxy in
            let layout = GameLayout(width: proxy.size.width, height: proxy.size.height)
            let board = BoardView(model: model, tiles: tiles, side: layout.boardSide)
                .task(id: layout.boardSide) {
                    await model.boardDidResize(points: layout.boardSide, scale: displayScale)
                }
            if layout.sideBySide {
                HStack(alignment: .center, spacing: 16) {
                    board
                    ScrollView { controls }
                }
                .padding()
            } else {
                VStack(spacing: 16) {
                    board
                    ScrollView { controls }
                }
                .padding()
            }
        }
        .navigationTitle("\(state.size)×\(state.size)")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .topBarLeading) {
                Button("Pictures", systemImage: "photo.stack") { ask(.pictures) }
            }
            ToolbarItem(placement: .topBarTrailing) {
                Menu("Board size", systemImage: "square.grid.3x3") {
                    Picker(
                        "Board size",
                        selection: Binding(get: { state.size }, set: { n in if n != state.size { ask(.size(n)) } })
                    ) {
                        ForEach(BoardSizes.all, id: \.self) { n in Text("\(n)×\(n)").tag(n) }
                    }
                }
            }
            ToolbarItem(placement: .topBarTrailing) {
                Button("Settings", systemImage: "gearshape") { showSettings = true }
            }
        }
        .confirmationDialog(
            pending?.title ?? "", isPresented: Binding(get: { pending != nil }, set: { if !$0 { pending = nil } }),
            titleVisibility: .visible, presenting: pending
        ) { action in
            Button(action.confirm, role: .destructive) { perform(action) }
            Button("Keep playing", role: .cancel) {}
        } message: { _ in
            Text("The \(PlayerText.moves(state.moves)) on this board will be lost.")
        }
        .sheet(isPresented: $showSettings) {
            SettingsSheet(model: model)
        }
        .sheet(isPresented: $showDetails) {
            SolveDetailsSheet(report: state.solve)
        }
        .task(id: TileKey(size: state.size, edge: model.picture?.edge, picture: state.picture)) {
            tiles = model.picture.map { PictureImage.tiles($0, size: state.size) } ?? []
        }
        // Live wins only: a won game brought back at launch does not celebrate again.
        .sensoryFeedback(.success, trigger: state.wins)
        .onChange(of: state.announcement) { _, said in
            if let said { AccessibilityNotification.Announcement(said.text).post() }
        }
    }

    private var controls: some View {
        VStack(alignment: .leading, spacing: 14) {
            StatsRow(model: model)
            if let message = state.message {
                Text(message).font(.callout)
            }
            if state.phase == .won, let line = state.winLine {
                WinBanner(line: line, reduceMotion: reduceMotion) { Task { await model.shuffle() } }
            }
            if let report = state.solve {
                Button {
                    showDetails = true
                } label: {
                    Text(PlayerText.solveLine(report))
                        .font(.footnote)
                        .multilineTextAlignment(.leading)
                }
                .accessibilityHint("Shows how Auto solved it")
            }
            if state.autoRunning {
                HStack {
                    if let p = state.playback {
                        ProgressView(value: Double(p.played), total: Double(max(p.total, 1)))
                    } else {
                        ProgressView()
                    }
                    Button("Stop Auto", role: .cancel) { model.cancelAuto() }
                        .buttonStyle(.bordered)
                }
            } else if state.phase == .shuffling {
                HStack {
                    ProgressView()
                    Button("Cancel shuffle", role: .cancel) { model.cancelShuffle() }
                        .buttonStyle(.bordered)
                }
            } else {
                ControlButtons(model: model) { ask(.shuffle) }
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

/// Redraw tiles only when the picture or the cut changes.
private struct TileKey: Equatable {
    let size: Int
    let edge: UInt32?
    let picture: PictureSource?
}

/// Moves, time and the fewest possible.
private struct StatsRow: View {
    let model: PuzzleModel

    var body: some View {
        // One row when it fits; stacked at large text sizes, never cut short.
        ViewThatFits(in: .horizontal) {
            HStack(spacing: 16) { stats }
            VStack(alignment: .leading, spacing: 6) { stats }
        }
        .font(.subheadline.monospacedDigit())
        .accessibilityElement(children: .combine)
    }

    @ViewBuilder
    private var stats: some View {
        Label(PlayerText.moves(model.state.moves), systemImage: "hand.tap")
            .fixedSize()
        TimelineView(.periodic(from: .now, by: 1)) { _ in
            Label(PlayerText.clock(ms: model.elapsedMs()), systemImage: "timer")
                .fixedSize()
        }
        if let best = PlayerText.bestLine(model.state.best) {
            Text(best).foregroundStyle(.secondary).fixedSize()
        }
    }
}

/// Shuffle, Hint, Undo, Redo, Auto.
private struct ControlButtons: View {
    let model: PuzzleModel
    /// Shuffle, through the view that asks first when moves would be lost.
    let shuffle: () -> Void

    var body: some View {
        let state = model.state
        let playing = state.phase == .playing
        ViewThatFits {
            HStack { buttons(state: state, playing: playing) }
            VStack(alignment: .leading) { buttons(state: state, playing: playing) }
        }
        .buttonStyle(.bordered)
        .disabled(state.phase == .chooseBlank)
    }

    @ViewBuilder
    private func buttons(state: GameState, playing: Bool) -> some View {
        Button("Shuffle", systemImage: "shuffle", action: shuffle)
            .buttonStyle(.borderedProminent)
        Button("Hint", systemImage: "lightbulb") { Task { await model.hint() } }
            .disabled(!playing)
        Button("Undo", systemImage: "arrow.uturn.backward") { model.undo() }
            .disabled(!playing || !state.canUndo)
        Button("Redo", systemImage: "arrow.uturn.forward") { model.redo() }
            .disabled(!playing || !state.canRedo)
        Button("Auto", systemImage: "play.fill") { Task { await model.auto() } }
            .disabled(!playing)
    }
}

/// The celebration under the whole picture.
private struct WinBanner: View {
    let line: String
    /// Reduce Motion: the banner appears without its spring.
    let reduceMotion: Bool
    let again: () -> Void
    @State private var shown = false

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Solved!").font(.title.bold())
            Text(line).font(.body)
            Button("Play again", systemImage: "arrow.clockwise", action: again)
                .buttonStyle(.borderedProminent)
        }
        .padding()
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 14))
        .scaleEffect(shown ? 1 : 0.8)
        .opacity(shown ? 1 : 0)
        .onAppear {
            if reduceMotion {
                shown = true
            } else {
                withAnimation(.spring(response: 0.45, dampingFraction: 0.6)) { shown = true }
            }
        }
    }
}

/// How Auto solved it, one tap away from its line.
private struct SolveDetailsSheet: View {
    let report: SolveReport?
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List(report.map(PlayerText.solveDetails) ?? [], id: \.self) { Text($0) }
                .navigationTitle("How Auto solved it")
                .toolbar { Button("Done") { dismiss() } }
        }
        .presentationDetents([.medium, .large])
    }
}
