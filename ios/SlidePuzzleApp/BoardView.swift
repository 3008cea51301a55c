import SlidePuzzleKit
import SwiftUI

/// The board: each tile a view placed by the model's geometry, sliding when its cell changes.
/// A drag starts on the tile under the finger and carries it (and the tiles between it and the
/// empty space) toward the empty space; let go past half a tile, they slide, otherwise they
/// settle back. A tap slides the tapped tile's line. Arrow keys on a hardware keyboard slide
/// the tile next to the empty space. Every tile is a VoiceOver element with a label and an
/// action.
struct BoardView: View {
    let model: PuzzleModel
    /// Picture pieces by home cell; empty shows numbered tiles.
    let tiles: [Image]
    let side: Double

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// The drag under way, from the cell where the finger came down.
    @State private var drag: BoardDrag?
    @State private var dragStarted = false
    @State private var translation: CGSize = .zero
    @FocusState private var focused: Bool

    var body: some View {
        let state = model.state
        let won = state.phase == .won
        let geometry = BoardGeometry(size: state.size, side: side, gap: won ? 0 : 2)
        let step = geometry.tileEdge + geometry.gap
        ZStack(alignment: .topLeading) {
            if state.tiles.isEmpty {
                ForEach(0..<state.size * state.size, id: \.self) { cell in
                    piece(home: cell, label: cell + 1, geometry: geometry, hint: nil)
                        .position(geometry.center(ofCell: cell))
                        .accessibilityElement()
                        .accessibilityLabel(state.accessibilityLabel(cell: cell))
                        .accessibilityAddTraits(.isButton)
                        .accessibilityAction { model.activate(cell: cell) }
                }
            } else {
                ForEach(state.tiles.indices, id: \.self) { cell in
                    Color.clear
                        .frame(width: geometry.tileEdge, height: geometry.tileEdge)
                        .position(geometry.center(ofCell: cell))
                        .accessibilityElement()
                        .accessibilityLabel(state.accessibilityLabel(cell: cell))
                        .accessibilityAddTraits(state.movable.contains(cell) ? .isButton : [])
                        .accessibilityAction { model.activate(cell: cell) }
                }
                ForEach(labels(state, won: won), id: \.self) { label in
                    let cell = state.tiles.firstIndex(of: label) ?? 0
                    let shift = offset(ofCell: cell, step: step)
                    piece(
                        home: state.homes[label], label: label, geometry: geometry,
                        hint: state.hintCell == cell ? state.hintDirection : nil
                    )
                    .position(geometry.center(ofCell: cell))
                    .offset(x: shift.x, y: shift.y)
                    .accessibilityHidden(true)
                }
            }
        }
        .frame(width: side, height: side)
        .contentShape(Rectangle())
        .gesture(
            DragGesture(minimumDistance: 0)
                .onChanged { value in
                    if !dragStarted {
                        dragStarted = true
                        drag = geometry.cell(at: value.startLocation).flatMap(model.drag(from:))
                    }
                    translation = value.translation
                }
                .onEnded { value in
                    let moved = max(abs(value.translation.width), abs(value.translation.height))
                    if moved < geometry.tileEdge / 6 {
                        // A tap: the tapped tile's line slides (or the empty space is chosen).
                        if let cell = geometry.cell(at: value.startLocation) { model.tap(cell: cell) }
                    } else if let drag {
                        model.endDrag(
                            drag, dx: value.translation.width, dy: value.translation.height, step: step)
                    }
                    withAnimation(reduceMotion ? nil : .easeOut(duration: 0.12)) {
                        drag = nil
                        translation = .zero
                    }
                    dragStarted = false
                }
        )
        .focusable()
        .focused($focused)
        .focusEffectDisabled()
        .onKeyPress(keys: [.upArrow, .downArrow, .leftArrow, .rightArrow]) { press in
            let direction: TileDirection =
                switch press.key {
                case .upArrow: .up
                case .downArrow: .down
                case .leftArrow: .left
                default: .right
                }
            model.swipe(direction)
            return .handled
        }
        .onAppear { focused = true }
        // Reduce Motion: tiles jump to their cells and the win shows at once.
        .animation(reduceMotion ? nil : .easeInOut(duration: 0.14), value: state.tiles)
        .animation(reduceMotion ? nil : .easeInOut(duration: 0.4), value: won)
        .accessibilityElement(children: .contain)
        .accessibilityLabel("Puzzle board")
    }

    /// How far the finger has carried the tile at `cell` (nothing when the drag does not carry it).
    private func offset(ofCell cell: Int, step: Double) -> (x: Double, y: Double) {
        guard let drag, drag.cells.contains(cell) else { return (0, 0) }
        return drag.offset(dx: translation.width, dy: translation.height, step: step)
    }

    /// The tiles to draw: every label but the empty space, which shows its piece at the win.
    private func labels(_ state: GameState, won: Bool) -> [Int] {
        won ? Array(0..<state.tiles.count) : Array(1..<state.tiles.count)
    }

    @ViewBuilder
    private func piece(home: Int, label: Int, geometry: BoardGeometry, hint: TileDirection?) -> some View {
        let showNumber = model.state.settings.showNumbers || tiles.isEmpty
        ZStack {
            if home < tiles.count {
                tiles[home].resizable().interpolation(.medium)
            } else {
                Rectangle().fill(Color.accentColor.opacity(0.25))
            }
            if showNumber && label != 0 {
                Text("\(label)")
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
        .clipShape(RoundedRectangle(cornerRadius: model.state.phase == .won ? 0 : 4))
        .overlay {
            if hint != nil {
                RoundedRectangle(cornerRadius: 4).stroke(Color.yellow, lineWidth: 4)
            }
        }
    }
}
