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

    /// The SF Symbol of an arrow pointing this way (the hint's arrow).
    public var symbolName: String {
        switch self {
        case .up: "arrow.up"
        case .down: "arrow.down"
        case .left: "arrow.left"
        case .right: "arrow.right"
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

    /// The distance between the centres of two neighbouring cells: a tile's full slide.
    public var step: Double { tileEdge + gap }
}

/// A finger on the board: the tiles it carries and how far. A drag starts on the tile under the
/// finger; it carries that tile and every tile between it and the empty space, toward the empty
/// space only, at most one tile's step. Whether a release slides them is ``BoardTouch``'s.
public struct BoardDrag: Equatable, Sendable {
    /// The cell where the finger started.
    public let startCell: Int
    /// The cells whose tiles move, from the touched one to the one next to the empty space.
    public let cells: [Int]
    /// The way they move.
    public let direction: TileDirection

    /// The drag that starts on `cell`, or nil when that tile cannot move (the empty space, or a
    /// tile outside its row and column).
    public init?(startCell cell: Int, tiles: [Int], size: Int) {
        guard size > 0, tiles.count == size * size, tiles.indices.contains(cell),
            let blank = tiles.firstIndex(of: 0), blank != cell
        else { return nil }
        let (row, column) = (cell / size, cell % size)
        let (blankRow, blankColumn) = (blank / size, blank % size)
        let step: Int
        if row == blankRow {
            direction = blankColumn > column ? .right : .left
            step = blankColumn > column ? 1 : -1
        } else if column == blankColumn {
            direction = blankRow > row ? .down : .up
            step = blankRow > row ? size : -size
        } else {
            return nil
        }
        startCell = cell
        cells = Array(stride(from: cell, to: blank, by: step))
    }

    /// The carried tiles' offset in points when carried `along` points toward the empty space
    /// (``BoardTouch``'s carry, already within one step).
    public func shift(_ along: Double) -> (x: Double, y: Double) {
        switch direction {
        case .right: (along, 0)
        case .left: (-along, 0)
        case .down: (0, along)
        case .up: (0, -along)
        }
    }

    /// How far along its direction the finger has carried the tiles, in points (negative:
    /// away from the empty space).
    public func along(dx: Double, dy: Double) -> Double {
        switch direction {
        case .right: dx
        case .left: -dx
        case .down: dy
        case .up: -dy
        }
    }
}

/// The picture's edge in pixels for a board of `points` on a screen of `scale` pixels per point:
/// sharp on the device, at most 2048 (a phone's share of memory: 16 MB of pixels), at least 64.
public func sharpPictureEdge(boardPoints points: Double, scale: Double) -> UInt32 {
    let pixels = (points * max(scale, 1)).rounded(.up)
    guard pixels.isFinite else { return 64 }
    return UInt32(min(max(pixels, 64), 2048))
}
