import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

#if canImport(CoreGraphics)
    import CoreGraphics
#endif

/// The touch state machine the board view feeds: taps, drags, flicks, holds, cancels.
@Suite("Touches on the board")
struct TouchTests {
    /// A 3×3 board of 300 points (tiles 100 apart, no gap) with the empty space in the middle:
    /// each of the four neighbours slides toward it.
    static let size = 3
    static let tiles = [1, 2, 3, 4, 0, 5, 6, 7, 8]
    static let geometry = BoardGeometry(size: size, side: 300, gap: 0)

    func touch() -> BoardTouch { BoardTouch(geometry: Self.geometry) }

    func drag(_ cell: Int) -> BoardDrag? { BoardDrag(startCell: cell, tiles: Self.tiles, size: Self.size) }

    func centre(_ cell: Int) -> CGPoint { Self.geometry.center(ofCell: cell) }

    func ms(_ n: Int) -> Duration { .milliseconds(n) }

    @Test("A short touch taps; a slow tap is still a tap and never a peek")
    func taps() {
        var t = touch()
        _ = t.began(at: centre(1), time: ms(0))
        #expect(t.moved(to: CGPoint(x: 152, y: 53), drag: drag) == [])
        #expect(t.ended(at: CGPoint(x: 152, y: 53), velocity: .zero, time: ms(120)) == [.tap(cell: 1)])
        _ = t.began(at: centre(7), time: ms(1000))
        #expect(t.held(time: ms(1500)) == [])
        #expect(t.ended(at: centre(7), velocity: .zero, time: ms(1550)) == [.tap(cell: 7)])
        #expect(!t.isActive)
    }

    @Test("Held still past the delay, the picture shows until the finger lifts, and nothing is tapped")
    func holdPeeks() {
        var t = touch()
        _ = t.began(at: centre(2), time: ms(0))
        #expect(t.held(time: BoardTouch.peekDelay) == [.peekStarts])
        #expect(t.held(time: ms(2000)) == [])
        #expect(t.moved(to: CGPoint(x: 10, y: 10), drag: drag) == [])
        #expect(t.ended(at: centre(2), velocity: .zero, time: ms(2100)) == [.peekEnds])
    }

    @Test("A drag carries its tile toward the empty space and commits past a third of a step, in all four directions")
    func dragsCommit() {
        // The four neighbours of the empty space (cell 4) and the way each slides.
        let cases: [(cell: Int, dx: Double, dy: Double, direction: TileDirection)] = [
            (1, 0, 40, .down), (7, 0, -40, .up), (3, 40, 0, .right), (5, -40, 0, .left),
        ]
        for c in cases {
            var t = touch()
            let start = centre(c.cell)
            _ = t.began(at: start, time: ms(0))
            let to = CGPoint(x: start.x + c.dx, y: start.y + c.dy)
            let d = drag(c.cell)!
            #expect(d.direction == c.direction)
            #expect(t.moved(to: to, drag: drag) == [.carry(d, offset: 40)])
            #expect(t.ended(at: to, velocity: .zero, time: ms(300)) == [.commit(d)], "\(c.direction)")
        }
    }

    @Test("A short drag settles back; a flick of 600 points a second toward the space commits, in all four directions")
    func flicks() {
        let cases: [(cell: Int, ux: Double, uy: Double)] = [(1, 0, 1), (7, 0, -1), (3, 1, 0), (5, -1, 0)]
        for c in cases {
            let start = centre(c.cell)
            let to = CGPoint(x: start.x + 15 * c.ux, y: start.y + 15 * c.uy)
            var slow = touch()
            _ = slow.began(at: start, time: ms(0))
            _ = slow.moved(to: to, drag: drag)
            #expect(slow.ended(at: to, velocity: CGPoint(x: 100 * c.ux, y: 100 * c.uy), time: ms(200)) == [.settle])
            var quick = touch()
            _ = quick.began(at: start, time: ms(0))
            _ = quick.moved(to: to, drag: drag)
            let flick = CGPoint(x: 650 * c.ux, y: 650 * c.uy)
            #expect(quick.ended(at: to, velocity: flick, time: ms(60)) == [.commit(drag(c.cell)!)])
            // A flick away from the space never slides.
            var back = touch()
            _ = back.began(at: start, time: ms(0))
            let away = CGPoint(x: start.x - 15 * c.ux, y: start.y - 15 * c.uy)
            _ = back.moved(to: away, drag: drag)
            #expect(back.ended(at: away, velocity: CGPoint(x: -900 * c.ux, y: -900 * c.uy), time: ms(60)) == [.settle])
        }
    }

    @Test("A cancelled gesture settles the tiles and ends a peek; the next touch starts fresh")
    func cancelled() {
        var t = touch()
        _ = t.began(at: centre(1), time: ms(0))
        _ = t.moved(to: CGPoint(x: 150, y: 100), drag: drag)
        #expect(t.cancelled() == [.settle])
        #expect(!t.isActive)
        // The next drag starts where its finger comes down, not where the old one did.
        _ = t.began(at: centre(5), time: ms(500))
        let to = CGPoint(x: centre(5).x - 50, y: centre(5).y)
        #expect(t.moved(to: to, drag: drag) == [.carry(drag(5)!, offset: 50)])
        #expect(t.ended(at: to, velocity: .zero, time: ms(700)) == [.commit(drag(5)!)])
        _ = t.began(at: centre(0), time: ms(1000))
        _ = t.held(time: ms(1000) + BoardTouch.peekDelay)
        #expect(t.cancelled() == [.peekEnds])
        // A touch that begins while another is under way ends the old one first.
        _ = t.began(at: centre(1), time: ms(3000))
        _ = t.moved(to: CGPoint(x: 150, y: 90), drag: drag)
        #expect(t.began(at: centre(3), time: ms(3100)) == [.settle])
    }

    @Test("A drag on a tile that cannot move carries nothing and taps nothing")
    func immovable() {
        var t = touch()
        _ = t.began(at: centre(0), time: ms(0))
        #expect(t.moved(to: CGPoint(x: 90, y: 50), drag: drag) == [])
        #expect(t.ended(at: CGPoint(x: 90, y: 50), velocity: CGPoint(x: 2000, y: 0), time: ms(100)) == [])
    }

    @MainActor
    @Test("A committed drag moves the board as a tap on its tile; a stale one does nothing")
    func commitMovesTheBoard() async throws {
        let model = await shuffledModel()
        let blank = try #require(model.state.blankCell)
        let cell = try movableTile(model)
        let d = try #require(model.drag(from: cell))
        #expect(blank != cell)
        model.commit(d)
        #expect(model.state.blankCell == cell)
        #expect(model.state.moves >= 1)
        let moves = model.state.moves
        model.commit(d)  // the board changed: the old drag no longer fits
        #expect(model.state.moves == moves)
    }
}
