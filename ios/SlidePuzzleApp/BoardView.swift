import SlidePuzzleKit
import SwiftUI

/// The board: each tile a view placed by the model's geometry, sliding when its cell changes.
/// A tap slides the tapped tile (and any between it and the empty space); a swipe slides the
/// tile next to the empty space. Every tile is a VoiceOver element with a label and an action.
struct BoardView: View {
    let model: PuzzleModel
    /// Picture pieces by home cell; empty shows numbered tiles.
    let tiles: [Image]
    let side: Double

    var body: some View {
        let state = model.state
        let won = state.phase == .won
        let geometry = BoardGeometry(size: state.size, side: side, gap: won ? 0 : 2)
        ZStack(alignment: .topLeading) {
            if state.tiles.isEmpty {
                ForEach(0..<state.size * state.size, id: \.self) { cell in
                    piece(home: cell, label: cell + 1, geometry: geometry, highlighted: false)
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
                    piece(
                        home: state.homes[label], label: label, geometry: geometry,
                        highlighted: state.hintCell == cell
                    )
                    .position(geometry.center(ofCell: cell))
                    .accessibilityHidden(true)
                }
            }
        }
        .frame(width: side, height: side)
        .contentShape(Rectangle())
        .gesture(
            DragGesture(minimumDistance: 0).onEnded { drag in
                if let direction = geometry.swipeDirection(
                    dx: drag.translation.width, dy: drag.translation.height)
                {
                    model.swipe(direction)
                } else if let cell = geometry.cell(at: drag.startLocation) {
                    model.tap(cell: cell)
                }
            }
        )
        .animation(.easeInOut(duration: 0.14), value: state.tiles)
        .animation(.easeInOut(duration: 0.4), value: won)
        .accessibilityElement(children: .contain)
        .accessibilityLabel("Puzzle board")
    }

    /// The tiles to draw: every label but the empty space, which shows its piece at the win.
    private func labels(_ state: GameState, won: Bool) -> [Int] {
        won ? Array(0..<state.tiles.count) : Array(1..<state.tiles.count)
    }

    @ViewBuilder
    private func piece(home: Int, label: Int, geometry: BoardGeometry, highlighted: Bool) -> some View {
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
        }
        .frame(width: geometry.tileEdge, height: geometry.tileEdge)
        .clipShape(RoundedRectangle(cornerRadius: model.state.phase == .won ? 0 : 4))
        .overlay {
            if highlighted {
                RoundedRectangle(cornerRadius: 4).stroke(Color.yellow, lineWidth: 4)
            }
        }
    }
}
