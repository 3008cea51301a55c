import Foundation
import SlidePuzzleCore

// On Apple platforms Foundation does not bring in CoreGraphics, where CGRect's members live.
#if canImport(CoreGraphics)
    import CoreGraphics
#endif

/// The way a tile slides (the empty space goes the opposite way).
public enum TileDirection: CaseIterable, Sendable {
    case up, down, left, right

    /// The core's direction: the way the blank moves when a tile slides this way.
    var blankMove: Direction {
        switch self {
        case .up: .down
        case .down: .up
        case .left: .right
        case .right: .left
        }
    }

    /// The tile's slide for a blank move.
    init(blankMove: Direction) {
        switch blankMove {
        case .up: self = .down
        case .down: self = .up
        case .left: self = .right
        case .right: self = .left
        }
    }

    /// "up", "left", …
    public var word: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        }
    }
}

/// Where each cell of an n×n board sits in a square of `side` points, with `gap` points between
/// tiles; also turns touches and swipes into cells and directions.
public struct BoardGeometry: Equatable, Sendable {
    public let size: Int
    public let side: Double
    public let gap: Double

    public init(size: Int, side: Double, gap: Double = 2) {
        self.size = max(size, 1)
        self.side = max(side, 0)
        self.gap = max(0, min(gap, side / Double(max(size, 1)) / 4))
    }

    /// A tile's edge in points.
    public var tileEdge: Double {
        (side - gap * Double(size - 1)) / Double(size)
    }

    /// The frame of `cell` (row-major), origin top-left.
    public func frame(ofCell cell: Int) -> CGRect {
        let (row, column) = (cell / size, cell % size)
        let step = tileEdge + gap
        return CGRect(x: Double(column) * step, y: Double(row) * step, width: tileEdge, height: tileEdge)
    }

    /// The centre of `cell`, where SwiftUI's `position` puts a tile.
    public func center(ofCell cell: Int) -> CGPoint {
        let f = frame(ofCell: cell)
        return CGPoint(x: f.midX, y: f.midY)
    }

    /// The cell under a point, or `nil` off the board (a touch in a gap goes to the nearer
    /// tile).
    public func cell(at point: CGPoint) -> Int? {
        guard point.x >= 0, point.y >= 0, point.x < side, point.y < side else { return nil }
        let step = tileEdge + gap
        let column = min(Int(point.x / step), size - 1)
        let row = min(Int(point.y / step), size - 1)
        return row * size + column
    }

    /// The direction of a swipe, or `nil` for a drag shorter than a third of a tile (a tap).
    public func swipeDirection(dx: Double, dy: Double) -> TileDirection? {
        guard max(abs(dx), abs(dy)) >= tileEdge / 3 else { return nil }
        if abs(dx) > abs(dy) { return dx > 0 ? .right : .left }
        return dy > 0 ? .down : .up
    }
}

/// How the game screen divides the space it gets: in landscape the board and the controls sit
/// side by side; in portrait the controls go below the board.
public struct GameLayout: Equatable, Sendable {
    /// Board and controls in one row.
    public let sideBySide: Bool
    /// The board's edge in points.
    public let boardSide: Double

    /// `width`×`height` is the safe area the screen has; `controls` is the least room the
    /// controls need across (side by side) or down (stacked).
    public init(width: Double, height: Double, controls: Double = 240, margin: Double = 16) {
        sideBySide = width > height
        let board =
            sideBySide
            ? min(height, width - controls) - 2 * margin
            : min(width, height - controls) - 2 * margin
        boardSide = max(board, 0)
    }
}
