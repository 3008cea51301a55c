import SlidePuzzleKit
import SwiftUI

/// The game screen: board, moves and time, controls, Auto's line. In landscape the board and
/// the controls sit side by side.
struct GameView: View {
    let model: PuzzleModel
    @State private var showSettings = false
    @State private var showDetails = false
    @State private var tiles: [Image] = []

    private var state: GameState { model.state }

    var body: some View {
        GeometryReader { proxy in
            let layout = GameLayout(width: proxy.size.width, height: proxy.size.height)
            let board = BoardView(model: model, tiles: tiles, side: layout.boardSide)
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
                Button("Pictures", systemImage: "photo.stack") { model.backToStart() }
            }
            ToolbarItem(placement: .topBarTrailing) {
                Button("Settings", systemImage: "gearshape") { showSettings = true }
            }
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
        .sensoryFeedback(.success, trigger: state.phase) { _, phase in phase == .won }
    }

    private var controls: some View {
        VStack(alignment: .leading, spacing: 14) {
            StatsRow(model: model)
            if let message = state.message {
                Text(message).font(.callout)
            }
            if state.phase == .won, let line = state.winLine {
                WinBanner(line: line) { Task { await model.shuffle() } }
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
                    Button("Cancel", role: .cancel) { model.cancelAuto() }
                        .buttonStyle(.bordered)
                }
            } else {
                ControlButtons(model: model)
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
        HStack(spacing: 16) {
            Label(PlayerText.moves(model.state.moves), systemImage: "hand.tap")
            TimelineView(.periodic(from: .now, by: 1)) { _ in
                Label(PlayerText.clock(ms: model.elapsedMs()), systemImage: "timer")
            }
            if let best = PlayerText.bestLine(model.state.best) {
                Text(best).foregroundStyle(.secondary)
            }
        }
        .font(.subheadline.monospacedDigit())
        .accessibilityElement(children: .combine)
    }
}

/// Shuffle, Hint, Undo, Redo, Auto.
private struct ControlButtons: View {
    let model: PuzzleModel

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
        Button("Shuffle", systemImage: "shuffle") { Task { await model.shuffle() } }
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
            withAnimation(.spring(response: 0.45, dampingFraction: 0.6)) { shown = true }
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
