import Foundation

// On Apple platforms Foundation does not bring in CoreGraphics, where CGPoint lives.
#if canImport(CoreGraphics)
    import CoreGraphics
#endif

/// What a finger on the board does, as plain values: the view feeds it the touch's points and
/// times (began, moved, held, ended with the release velocity, cancelled) and carries out what
/// it returns. Nothing is left stuck: a cancelled touch (a system alert, a second finger, a
/// scroll taking over) settles every tile and ends a peek.
///
/// - A touch that stays within ``slop`` and ends before ``peekDelay`` is a tap.
/// - Past the slop on a tile that can move, the finger carries its line of tiles toward the
///   empty space. Let go past ``commitFraction`` of a step, or with a flick of at least
///   ``flickSpeed`` toward the empty space, the tiles slide; otherwise they settle back.
/// - Held still for ``peekDelay`` (longer than any slow tap), the whole picture shows until
///   the finger lifts; that touch taps nothing.
public struct BoardTouch: Equatable, Sendable {
    /// How far a finger may wander and still tap, in points.
    public static let slop = 10.0
    /// A release at this speed toward the empty space slides the tiles, however short the
    /// drag (points per second).
    public static let flickSpeed = 600.0
    /// A release past this share of a step slides the tiles.
    public static let commitFraction = 0.35
    /// How long a finger held still waits before the picture shows.
    public static let peekDelay: Duration = .milliseconds(700)

    /// What the view does after a touch event.
    public enum Effect: Equatable, Sendable {
        /// A tap on `cell` (slides its line, or picks the empty space).
        case tap(cell: Int)
        /// The carried tiles follow the finger (`offset` along their direction, in points).
        case carry(BoardDrag, offset: Double)
        /// The carried tiles slide: the same move as a tap on the drag's first tile.
        case commit(BoardDrag)
        /// The carried tiles go back to their cells.
        case settle
        case peekStarts
        case peekEnds
    }

    private enum Stage: Equatable, Sendable {
        case idle
        /// Down, not yet past the slop: a tap, a drag or a peek to come.
        case pressed(start: CGPoint, at: Duration)
        case dragging(BoardDrag, start: CGPoint)
        case peeking
        /// Moved past the slop where nothing can move: ignored until it lifts.
        case ignored
    }

    private var stage = Stage.idle
    public let geometry: BoardGeometry

    public init(geometry: BoardGeometry) {
        self.geometry = geometry
    }

    /// Whether a touch is under way.
    public var isActive: Bool { stage != .idle }

    /// A finger came down at `point` (board coordinates) at `time`.
    public mutating func began(at point: CGPoint, time: Duration) -> [Effect] {
        let ended = cancelled()
        stage = .pressed(start: point, at: time)
        return ended
    }

    /// The finger moved to `point`. `drag` says which tiles a drag from a cell would carry (the
    /// model's rule: nil where nothing moves).
    public mutating func moved(to point: CGPoint, drag: (Int) -> BoardDrag?) -> [Effect] {
        switch stage {
        case .pressed(let start, _):
            guard distance(start, point) > Self.slop else { return [] }
            guard let cell = geometry.cell(at: start), let d = drag(cell) else {
                stage = .ignored
                return []
            }
            stage = .dragging(d, start: start)
            return [carry(d, start: start, point: point)]
        case .dragging(let d, let start):
            return [carry(d, start: start, point: point)]
        default:
            return []
        }
    }

    /// Time passes with the finger down at `time`: a finger held still long enough peeks.
    public mutating func held(time: Duration) -> [Effect] {
        guard case .pressed(_, let at) = stage, time - at >= Self.peekDelay else { return [] }
        stage = .peeking
        return [.peekStarts]
    }

    /// The finger lifted at `point` with `velocity` (points per second).
    public mutating func ended(at point: CGPoint, velocity: CGPoint, time: Duration) -> [Effect] {
        let was = stage
        stage = .idle
        switch was {
        case .idle, .ignored:
            return []
        case .peeking:
            return [.peekEnds]
        case .pressed(let start, let at):
            if time - at >= Self.peekDelay { return [] }  // held, never peeked: not a tap
            guard distance(start, point) <= Self.slop, let cell = geometry.cell(at: start) else { return [] }
            return [.tap(cell: cell)]
        case .dragging(let d, let start):
            let along = d.along(dx: point.x - start.x, dy: point.y - start.y)
            let speed = d.along(dx: velocity.x, dy: velocity.y)
            let far = along >= geometry.step * Self.commitFraction
            let flick = speed >= Self.flickSpeed && along > 0
            return far || flick ? [.commit(d)] : [.settle]
        }
    }

    /// The system took the touch away: nothing stays carried or shown.
    public mutating func cancelled() -> [Effect] {
        let was = stage
        stage = .idle
        switch was {
        case .dragging: return [.settle]
        case .peeking: return [.peekEnds]
        default: return []
        }
    }

    private func carry(_ d: BoardDrag, start: CGPoint, point: CGPoint) -> Effect {
        let along = d.along(dx: point.x - start.x, dy: point.y - start.y)
        return .carry(d, offset: min(max(along, 0), geometry.step))
    }

    private func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
        let (dx, dy) = (Double(b.x - a.x), Double(b.y - a.y))
        return (dx * dx + dy * dy).squareRoot()
    }
}
