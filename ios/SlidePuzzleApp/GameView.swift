import SlidePuzzleCore
import SlidePuzzleKit
import SwiftUI

/// The game screen: the stats line, the board, a reserved status line and one row of controls,
/// placed where SlidePuzzleKit's `GameLayout` says for the safe area and the text size (in
/// landscape the board sits beside the rest). Arrow keys slide tiles, ⌘Z undoes, ⇧⌘Z redoes.
struct GameView: View {
    let model: PuzzleModel
    @State private var showSettings = false
    @State private var showDetails = false
    @State private var tiles: [Image] = []
    @State private var whole: Image?
    @FocusState private var focused: Bool
    @Environment(\.displayScale) private var displayScale
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    private var state: GameState { model.state }

    private var textScale: Double {
        GameLayout.textScale(step: DynamicTypeSize.allCases.firstIndex(of: dynamicTypeSize) ?? 3)
    }

    var body: some View {
        GeometryReader { proxy in
            let layout = GameLayout(width: proxy.size.width, height: proxy.size.height, textScale: textScale)
            ZStack(alignment: .topLeading) {
                StatsLine(model: model) { showDetails = true }
                    .frame(width: layout.stats.width, height: layout.stats.height, alignment: .leading)
                    .offset(x: layout.stats.x, y: layout.stats.y)
                BoardView(model: model, tiles: tiles, whole: whole, side: layout.boardSide)
                    .overlay(alignment: .bottom) {
                        if let win = state.win, state.phase == .won { WinCard(win: win, state: state) }
                    }
                    .offset(x: layout.board.x, y: layout.board.y)
                    .task(id: layout.boardSide) {
                        await model.boardDidResize(points: layout.boardSide, scale: displayScale)
                    }
                StatusLine(state: state)
                    .frame(width: layout.status.width, height: layout.status.height, alignment: .leading)
                    .offset(x: layout.status.x, y: layout.status.y)
                ControlsBar(model: model, showsCaptions: layout.showsCaptions)
                    .frame(width: layout.controls.width, height: layout.controls.height)
                    .offset(x: layout.controls.x, y: layout.controls.y)
            }
        }
        .navigationTitle(Text(Lines.board(state.size)))
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { toolbar }
        .confirmationDialog(
            state.confirmation.map { Text(Lines.confirmationTitle($0)) } ?? Text(verbatim: ""),
            isPresented: Binding(
                get: { model.state.confirmation != nil }, set: { if !$0 { model.dismissConfirmation() } }),
            titleVisibility: .visible
        ) {
            if let c = state.confirmation {
                Button(role: .destructive) {
                    model.confirm()
                } label: {
                    Text(Lines.confirmationAction(c))
                }
            }
            Button(role: .cancel) {
                model.dismissConfirmation()
            } label: {
                Text(UIText.keepPlaying)
            }
        } message: {
            if let c = state.confirmation { Text(Lines.confirmationMessage(c)) }
        }
        .sheet(isPresented: $showSettings) { SettingsSheet(model: model) }
        .sheet(isPresented: $showDetails) { DetailsSheet(report: state.solve) }
        .task(id: TileKey(size: state.size, edge: model.picture?.edge, picture: state.picture)) {
            tiles = model.picture.map { PictureImage.tiles($0, size: state.size) } ?? []
            whole = model.picture.flatMap(PictureImage.cgImage).map { Image(decorative: $0, scale: 1) }
        }
        // Live wins only: a won game brought back at launch does not celebrate again.
        .sensoryFeedback(.success, trigger: state.wins)
        // Keys at the screen, wherever the focus is within it.
        .focusable()
        .focused($focused)
        .focusEffectDisabled()
        .onAppear { focused = true }
        .onKeyPress(keys: [.upArrow, .downArrow, .leftArrow, .rightArrow]) { press in
            let direction: TileDirection =
                switch press.key {
                case .upArrow: .up
                case .downArrow: .down
                case .leftArrow: .left
                default: .right
                }
            model.slide(direction)
            return .handled
        }
        .background {
            // ⌘Z and ⇧⌘Z, whatever the controls row shows.
            Button {
                model.undo()
            } label: {
                EmptyView()
            }
            .keyboardShortcut("z", modifiers: .command)
            .hidden()
            Button {
                model.redo()
            } label: {
                EmptyView()
            }
            .keyboardShortcut("z", modifiers: [.command, .shift])
            .hidden()
        }
    }

    @ToolbarContentBuilder
    private var toolbar: some ToolbarContent {
        ToolbarItem(placement: .topBarLeading) {
            Button {
                model.requestBackToStart()
            } label: {
                Label {
                    Text(UIText.pictures)
                } icon: {
                    Image(systemName: "photo.stack")
                }
            }
        }
        ToolbarItem(placement: .topBarTrailing) {
            Menu {
                ForEach(BoardSizes.all, id: \.self) { n in
                    Button {
                        model.requestSize(n)
                    } label: {
                        Text(Lines.board(n))
                    }
                    .disabled(n == state.size)
                }
            } label: {
                Label {
                    Text(UIText.boardSize)
                } icon: {
                    Image(systemName: "square.grid.3x3")
                }
            }
        }
        ToolbarItem(placement: .topBarTrailing) {
            Button {
                showSettings = true
            } label: {
                Label {
                    Text(UIText.settings)
                } icon: {
                    Image(systemName: "gearshape")
                }
            }
        }
    }
}

/// Redraw tiles only when the picture or the cut changes.
private struct TileKey: Equatable {
    let size: Int
    let edge: UInt32?
    let picture: PictureSource?
}

/// Moves, time and the fewest possible; Auto's details one tap away once it has solved.
private struct StatsLine: View {
    let model: PuzzleModel
    let details: () -> Void

    var body: some View {
        let state = model.state
        HStack(spacing: 14) {
            Label {
                Text(Lines.moves(state.moves))
            } icon: {
                Image(systemName: "hand.tap")
            }
            TimelineView(.periodic(from: .now, by: 1)) { _ in
                Label {
                    Text(verbatim: Lines.clock(ms: model.elapsedMs()))
                } icon: {
                    Image(systemName: "timer")
                }
                .accessibilityLabel(Text(UIText.time(ms: model.elapsedMs())))
            }
            if let fewest = Lines.fewest(state) {
                Text(fewest).foregroundStyle(.secondary)
            }
            Spacer(minLength: 0)
            if state.solve != nil {
                Button(action: details) { Image(systemName: "info.circle") }
                    .accessibilityLabel(Text(UIText.detailsTitle))
                    .accessibilityHint(Text(UIText.detailsHint))
            }
        }
        .font(.subheadline.monospacedDigit())
        .lineLimit(1)
        .minimumScaleFactor(0.6)
    }
}

/// The reserved one-line status slot: a note, or Auto's place in its playback. Its words reach
/// VoiceOver through the model's announcements, never twice.
private struct StatusLine: View {
    let state: GameState

    var body: some View {
        if let line = Lines.status(state) {
            Text(line)
                .font(.callout)
                .lineLimit(1)
                .minimumScaleFactor(0.6)
        }
    }
}

/// The celebration over the whole picture: what the game took, the fewest possible, what
/// improved.
private struct WinCard: View {
    let win: WinSummary
    let state: GameState
    @State private var shown = false
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(UIText.solved).font(.title2.bold())
            ForEach(Array(Lines.win(win, size: state.size, picture: state.recordPicture).enumerated()), id: \.offset) {
                Text($0.element).font(.callout)
            }
            if let report = state.solve, win.byAuto {
                Text(Lines.solve(report)).font(.footnote).foregroundStyle(.secondary)
            }
        }
        .padding()
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 14))
        .padding(8)
        .accessibilityElement(children: .combine)
        .scaleEffect(shown ? 1 : 0.9)
        .opacity(shown ? 1 : 0)
        .onAppear {
            if reduceMotion {
                shown = true
            } else {
                withAnimation(.spring(response: 0.45, dampingFraction: 0.7)) { shown = true }
            }
        }
    }
}

/// How Auto solved it, in the player's words.
private struct DetailsSheet: View {
    let report: SolveReport?
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List {
                if let report {
                    Text(Lines.solve(report)).font(.headline)
                    ForEach(Array(Lines.details(report).enumerated()), id: \.offset) { Text($0.element) }
                }
            }
            .navigationTitle(Text(UIText.detailsTitle))
            .toolbar {
                Button {
                    dismiss()
                } label: {
                    Text(UIText.done)
                }
            }
        }
        .presentationDetents([.medium, .large])
    }
}
