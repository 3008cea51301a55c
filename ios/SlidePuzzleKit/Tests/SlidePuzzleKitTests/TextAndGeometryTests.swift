import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

@Suite("Words and geometry")
struct TextAndGeometryTests {
    func report(moves: Int, optimal: Bool, lowerBound: Int, expanded: UInt64, ms: UInt64, method: String)
        -> SolveReport
    {
        SolveReport(
            Solution(
                algorithm: method, moves: Array(repeating: .up, count: moves),
                tiles: Array(repeating: 1, count: moves), optimal: optimal, lowerBound: UInt32(lowerBound),
                stats: SearchStats(expanded: expanded, generated: expanded * 2, peakBytes: 0, elapsedMs: ms)),
            choice: .auto)
    }

    @Test("The solve line speaks to a player; the details name the method in words")
    func solveLine() {
        let r = report(moves: 42, optimal: true, lowerBound: 42, expanded: 149_734, ms: 19, method: "auto:idastar+pdb")
        #expect(PlayerText.solveLine(r) == "Solved in 42 moves — the fewest possible · 149,734 positions in 19 ms")
        let details = PlayerText.solveDetails(r)
        #expect(details[0] == "Method: Auto chose IDA* with pattern databases")
        #expect(details.contains("The search proved that no shorter solution exists."))
        let long = report(
            moves: 58, optimal: false, lowerBound: 52, expanded: 12_345_678, ms: 2_345,
            method: "auto:idastar+lc×1.50")
        #expect(
            PlayerText.solveLine(long) == "Solved in 58 moves — at least 52 are needed · 12,345,678 positions in 2.3 s")
        #expect(
            PlayerText.methodName("auto:idastar+lc×1.50")
                == "Auto chose IDA* with Manhattan distance and linear conflicts, estimate weighted 1.50× for speed")
        #expect(
            PlayerText.methodName("auto:beam+pdb×32000")
                == "Auto chose beam search with pattern databases, keeping the best 32,000 positions at each step")
        // 8×8, and 6×6 or 7×7 when no beam beat the first path
        #expect(PlayerText.methodName("auto:reduction") == "Auto chose line-by-line solving from the outside in")
        #expect(
            PlayerText.methodName("auto:beam+lc×18210")
                == "Auto chose beam search with Manhattan distance and linear conflicts, keeping the best 18,210 positions at each step"
        )
    }

    @Test("Win lines compare with the fewest possible")
    func winLines() {
        #expect(
            PlayerText.winLine(moves: 22, elapsedMs: 83_000, best: 22, byAuto: false)
                == "Solved in 22 moves and 1:23 — the fewest possible!")
        #expect(
            PlayerText.winLine(moves: 40, elapsedMs: 5_000, best: 22, byAuto: false)
                == "Solved in 40 moves and 0:05 · the fewest possible was 22")
        #expect(
            PlayerText.winLine(moves: 1, elapsedMs: 3_725_000, best: nil, byAuto: false)
                == "Solved in 1 move and 1:02:05!")
    }

    @Test("Numbers and durations read the same on every device")
    func numbers() {
        #expect(PlayerText.grouped(0) == "0")
        #expect(PlayerText.grouped(999) == "999")
        #expect(PlayerText.grouped(1_000) == "1,000")
        #expect(PlayerText.grouped(12_345_678) == "12,345,678")
        #expect(PlayerText.duration(ms: 999) == "999 ms")
        #expect(PlayerText.duration(ms: 1_250) == "1.3 s")
        #expect(PlayerText.duration(ms: 10_000) == "10 s")
    }

    @Test("Tiles fill the board exactly; touches and swipes map to cells and directions")
    func geometry() {
        let g = BoardGeometry(size: 4, side: 400, gap: 4)
        #expect(g.tileEdge == 97)
        #expect(g.frame(ofCell: 0) == CGRect(x: 0, y: 0, width: 97, height: 97))
        #expect(g.frame(ofCell: 15).maxX == 400 && g.frame(ofCell: 15).maxY == 400)
        #expect(g.frame(ofCell: 6) == CGRect(x: 202, y: 101, width: 97, height: 97))
        for cell in 0..<16 {
            #expect(g.cell(at: g.center(ofCell: cell)) == cell)
        }
        #expect(g.cell(at: CGPoint(x: 400, y: 10)) == nil)
        #expect(g.cell(at: CGPoint(x: -1, y: 10)) == nil)
        #expect(g.swipeDirection(dx: 10, dy: 5) == nil)  // a tap, not a swipe
        #expect(g.swipeDirection(dx: 60, dy: 20) == .right)
        #expect(g.swipeDirection(dx: -10, dy: -60) == .up)
    }

    @Test("Landscape puts board and controls side by side; the board fits the safe area")
    func layout() {
        let portrait = GameLayout(width: 390, height: 750)
        #expect(!portrait.sideBySide && portrait.boardSide == 358)
        let landscape = GameLayout(width: 750, height: 390)
        #expect(landscape.sideBySide && landscape.boardSide == 358)
        #expect(GameLayout(width: 100, height: 100).boardSide == 0)
    }

    @Test("Levels not offered for a size are known before shuffling")
    func difficultyOffer() {
        #expect(Difficulty.hard.isOffered(onSize: 4))
        #expect(!Difficulty.hard.isOffered(onSize: 5))
        #expect(Difficulty.random.isOffered(onSize: 8))
    }
}
