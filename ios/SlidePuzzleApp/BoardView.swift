import SlidePuzzleKit
import SwiftUI

/// The board: each tile a view placed by the Kit's geometry, sliding when a move moved it (and
/// only then). Touches go through the Kit's `BoardTouch`: a tap slides the tapped tile's line, a
/// drag carries the line toward the empty space and a release past a third of a step or a
/// flick slides it, a finger held still shows the whole picture; a gesture the system cancels
/// leaves nothing carried or shown. Every cell is a VoiceOver element with its label and a
/// named action ("Slide tile 7 left").
struct BoardView: View {
    let model: PuzzleModel
    /// Picture pieces by home cell; empty shows numbered tiles.
    let tiles: [Image]
    let whole: Image?
    let side: Double

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var touch: BoardTouch?
    /// The tiles a finger carries and how far along their direction.
    @State private var carried: (drag: BoardDrag, offset: Double)?
    @State private var holdTask: Task<Void, Never>?
    @State private var origin = ContinuousClock.now
    /// True while a finger is down; SwiftUI resets it when the gesture ends or is cancelled.
    @GestureState private var pressing = false

    private var state: GameState { model.state }

    var body: some View {
        let won = state.phase == .won
        let geometry = BoardGeometry(size: state.size, side: side, gap: won ? 0 : 2)
        ZStack(alignment: .topLeading) {
            if state.tiles.isEmpty {
                // Choosing the empty space: the picture whole, each piece a button.
                ForEach(0..<state.size * state.size, id: \.self) { cell in
                    piece(home: cell, label: cell + 1, geometry: geometry, hint: nil)
                        .position(geometry.center(ofCell: cell))
                        .accessibilityElement()
                        .accessibilityLabel(Text(state.accessibilityLine(cell: cell)))
                        .accessibilityAddTraits(.isButton)
                        .accessibilityAction { model.activate(cell: cell) }
                }
            } else {
                ForEach(state.tiles.indices, id: \.self) { cell in
                    accessibilityCell(cell, geometry: geometry)
                }
                ForEach(labels(won: won), id: \.self) { label in
                    let cell = state.tiles.firstIndex(of: label) ?? 0
                    let shift = offset(ofCell: cell)
                    piece(
                        home: state.homes[label], label: label, geometry: geometry,
                        hint: state.hint?.cell == cell ? state.hint?.direction : nil
                    )
                    .position(geometry.center(ofCell: cell))
                    .offset(x: shift.x, y: shift.y)
                    .accessibilityHidden(true)
                }
                if state.peeking, let whole {
                    whole.resizable()
                        .frame(width: side, height: side)
                        .transition(.opacity)
                        .accessibilityHidden(true)
                }
            }
        }
        .frame(width: side, height: side)
        .contentShape(Rectangle())
        .gesture(
            DragGesture(minimumDistance: 0)
                .updating($pressing) { _, down, _ in down = true }
                .onChanged { value in
                    if touch?.isActive != true {
                        var fresh = BoardTouch(geometry: geometry)
                        apply(fresh.began(at: value.startLocation, time: now()))
                        touch = fresh
                        startHold()
                    }
                    if var t = touch {
                        let effects = t.moved(to: value.location, drag: model.drag(from:))
                        touch = t
                        apply(effects)
                    }
                }
                .onEnded { value in
                    holdTask?.cancel()
                    guard var t = touch else { return }
                    let velocity = CGPoint(x: value.velocity.width, y: value.velocity.height)
                    let effects = t.ended(at: value.location, velocity: velocity, time: now())
                    touch = t
                    apply(effects)
                }
        )
        .onChange(of: pressing) { _, down in
            // Ended without onEnded: the system cancelled the gesture.
            guard !down, var t = touch, t.isActive else { return }
            holdTask?.cancel()
            let effects = t.cancelled()
            touch = t
            apply(effects)
        }
        // Reduce Motion: tiles jump to their cells and the win shows at once.
        .animation(reduceMotion ? nil : .easeInOut(duration: 0.14), value: state.slideID)
        .animation(reduceMotion ? nil : .easeInOut(duration: 0.4), value: won)
        .animation(reduceMotion ? nil : .easeInOut(duration: 0.15), value: state.peeking)
        .accessibilityElement(children: .contain)
        .accessibilityLabel(Text(UIText.board))
    }

    private func now() -> Duration { ContinuousClock.now - origin }

    /// After the hold delay, a finger still down and still may show the picture.
    private func startHold() {
        holdTask?.cancel()
        holdTask = Task { @MainActor in
            do { try await Task.sleep(for: BoardTouch.peekDelay) } catch { return }
            guard var t = touch else { return }
            let effects = t.held(time: now())
            touch = t
            apply(effects)
        }
    }

    private func apply(_ effects: [BoardTouch.Effect]) {
        for effect in effects {
            switch effect {
            case .tap(let cell):
                model.tap(cell: cell)
            case .carry(let drag, let offset):
                carried = (drag, offset)
            case .commit(let drag):
                carried = nil
                model.commit(drag)
            case .settle:
                withAnimation(reduceMotion ? nil : .easeOut(duration: 0.12)) { carried = nil }
            case .peekStarts:
                model.peek(on: true)
            case .peekEnds:
                model.peek(on: false)
            }
        }
    }

    /// A cell as VoiceOver knows it: its label, and its slide as a named action.
    private func accessibilityCell(_ cell: Int, geometry: BoardGeometry) -> some View {
        let action = Lines.slideAction(state, cell: cell)
        return Color.clear
            .frame(width: geometry.tileEdge, height: geometry.tileEdge)
            .position(geometry.center(ofCell: cell))
            .accessibilityElement()
            .accessibilityLabel(Text(state.accessibilityLine(cell: cell)))
            .accessibilityAddTraits(action != nil ? .isButton : [])
            .accessibilityAction { model.activate(cell: cell) }
            .accessibilityActions {
                if let action {
                    Button {
                        model.activate(cell: cell)
                    } label: {
                        Text(action)
                    }
                }
            }
    }

    /// How far the finger has carried the tile at `cell`.
    private func offset(ofCell cell: Int) -> (x: Double, y: Double) {
        guard let carried, carried.drag.cells.contains(cell) else { return (0, 0) }
        return carried.drag.shift(carried.offset)
    }

    /// The tiles to draw: every label but the empty space, which shows its piece at the win.
    private func labels(won: Bool) -> [Int] {
        won ? Array(0..<state.tiles.count) : Array(1..<state.tiles.count)
    }

    @ViewBuilder
    private func piece(home: Int, label: Int, geometry: BoardGeometry, hint: TileDirection?) -> some View {
        ZStack {
            if home < tiles.count {
                tiles[home].resizable().interpolation(.medium)
            } else {
                Rectangle().fill(Color.accentColor.opacity(0.25))
            }
            if state.showsNumbers && label != 0 {
                Text(verbatim: String(label))
                    .font(.system(size: max(geometry.tileEdge * 0.3, 10), weight: .bold, design: .rounded))
                    .padding(4)
                    .background(.ultraThinMaterial, in: Circle())
            }
            // The hint is an arrow the way the tile goes, not a colour alone.
            if let hint {
                Image(systemName: hint.symbolName)
                    .font(.system(size: max(geometry.tileEdge * 0.35, 12), weight: .heavy))
                    .foregroundStyle(.white)
                    .padding(6)
                    .background(.black.opacity(0.55), in: Circle())
            }
        }
        .frame(width: geometry.tileEdge, height: geometry.tileEdge)
        .clipShape(RoundedRectangle(cornerRadius: state.phase == .won ? 0 : 4))
        .overlay {
            if hint != nil {
                RoundedRectangle(cornerRadius: 4).stroke(Color.yellow, lineWidth: 4)
            }
        }
    }
}
