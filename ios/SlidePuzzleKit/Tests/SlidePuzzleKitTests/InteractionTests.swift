import Foundation
import SlidePuzzleCore
import Testing

@testable import SlidePuzzleKit

/// The cell next to `blank` on the side a tile sliding `direction` comes from.
private func source(of direction: TileDirection, blank: Int, size: Int) -> Int {
    switch direction {
    case .up: blank + size  // a tile sliding up comes from below
    case .down: blank - size
    case .left: blank + 1
    case .right: blank - 1
    }
}

@MainActor
@Suite("Swipes, drags, keys and hints")
struct InteractionTests {
    /// Seed 1 on a 3×3 with the empty space's home bottom-right: [7 8 5 / 6 0 3 / 1 2 4], so
    /// the empty space is in the middle and every direction has a tile to slide.
    @Test(
        "Each swipe direction slides the tile on that side of the empty space into it",
        arguments: TileDirection.allCases)
    func swipeEachWay(direction: TileDirection) async throws {
        let model = await shuffledModel()
        let before = model.state.tiles
        let blank = try #require(model.state.blankCell)
        #expect(blank == 4)
        let from = source(of: direction, blank: blank, size: 3)
        model.swipe(direction)
        #expect(model.state.moves == 1)
        #expect(model.state.tiles[blank] == before[from], "the tile from cell \(from) is now in the old space")
        #expect(model.state.tiles[from] == 0)
        #expect(model.state.lastSlides == [TileSlide(tile: before[from], fromCell: from, toCell: blank)])
    }

    @Test("A swipe with no tile on that side of the empty space moves nothing")
    func swipeAgainstTheEdge() async throws {
        let model = await shuffledModel()
        model.swipe(.down)  // the tile above (cell 1) slides down: the space goes to cell 1
        model.swipe(.right)  // the tile at cell 0 slides right: the space is in the top-left corner
        #expect(model.state.blankCell == 0)
        let before = model.state.tiles
        model.swipe(.down)  // nothing above the corner
        model.swipe(.right)  // nothing left of it
        #expect(model.state.tiles == before)
        #expect(model.state.moves == 2)
    }

    @Test("A drag starting on a tile carries it and the tiles up to the empty space, toward it only")
    func dragCarriesTheLine() throws {
        // 3×3, empty space at cell 5 (middle right).
        let tiles = [1, 2, 3, 4, 5, 0, 7, 8, 6]
        let drag = try #require(BoardDrag(startCell: 3, tiles: tiles, size: 3))
        #expect(drag.cells == [3, 4])
        #expect(drag.direction == .right)
        #expect(drag.offset(dx: 30, dy: 12, step: 100) == (30, 0))  // across the line is ignored
        #expect(drag.offset(dx: -40, dy: 0, step: 100) == (0, 0))  // away from the space: nothing
        #expect(drag.offset(dx: 250, dy: 0, step: 100) == (100, 0))  // never past one step
        let up = try #require(BoardDrag(startCell: 8, tiles: tiles, size: 3))
        #expect(up.cells == [8] && up.direction == .up)
        #expect(up.offset(dx: 0, dy: -70, step: 100) == (0, -70))
        let down = try #require(BoardDrag(startCell: 2, tiles: tiles, size: 3))
        #expect(down.cells == [2] && down.direction == .down)
        let left = try #require(BoardDrag(startCell: 5, tiles: [1, 2, 3, 4, 0, 5, 7, 8, 6], size: 3))
        #expect(left.cells == [5] && left.direction == .left)
    }

    @Test("A drag on the empty space or on a tile outside its row and column carries nothing")
    func dragThatCannotMove() {
        let tiles = [1, 2, 3, 4, 5, 0, 7, 8, 6]
        #expect(BoardDrag(startCell: 5, tiles: tiles, size: 3) == nil)
        #expect(BoardDrag(startCell: 0, tiles: tiles, size: 3) == nil)
        #expect(BoardDrag(startCell: 7, tiles: tiles, size: 3) == nil)
        #expect(BoardDrag(startCell: 9, tiles: tiles, size: 3) == nil)
    }

    @Test("Let go past half a tile, a drag slides the line; short of half, or backwards, it settles back")
    func dragRelease() async throws {
        let model = await shuffledModel()  // [7 8 5 / 6 0 3 / 1 2 4]
        let drag = try #require(model.drag(from: 3))  // tile 6, left of the space
        #expect(drag.direction == .right)
        model.endDrag(drag, dx: 40, dy: 0, step: 100)
        #expect(model.state.moves == 0)
        model.endDrag(drag, dx: -90, dy: 0, step: 100)
        #expect(model.state.moves == 0)
        model.endDrag(drag, dx: 60, dy: 5, step: 100)
        #expect(model.state.moves == 1)
        #expect(model.state.tiles[4] == 6 && model.state.tiles[3] == 0)
        // The same drag again is stale (the board changed): it moves nothing.
        model.endDrag(drag, dx: 60, dy: 0, step: 100)
        #expect(model.state.moves == 1)
        #expect(model.drag(from: 0)?.direction == .down)  // the tile above the new space
    }

    @Test("The hint's tile, moved the way the hint says, goes into the empty space")
    func hintDirection() async throws {
        let model = await shuffledModel()
        await model.hint()
        let cell = try #require(model.state.hintCell)
        let direction = try #require(model.state.hintDirection)
        let blank = try #require(model.state.blankCell)
        #expect(source(of: direction, blank: blank, size: 3) == cell)
        let tile = model.state.tiles[cell]
        #expect(model.state.message == "Slide tile \(tile) \(direction.word)")
        #expect(model.state.announcement?.text == "Hint: slide tile \(tile) \(direction.word)")
        #expect(direction.symbolName == "arrow.\(direction.word)")
        model.swipe(direction)
        #expect(model.state.tiles[blank] == tile)
    }

    @Test("Hints in words for each direction, on the tile and for VoiceOver")
    func hintWords() {
        #expect(PlayerText.hint(tile: 7, tileMoves: .left) == "Slide tile 7 left")
        #expect(PlayerText.hint(tile: 12, tileMoves: .up) == "Slide tile 12 up")
        #expect(PlayerText.hintAnnouncement(tile: 3, tileMoves: .down) == "Hint: slide tile 3 down")
        #expect(PlayerText.hintAnnouncement(tile: 3, tileMoves: .right) == "Hint: slide tile 3 right")
        #expect(TileDirection.allCases.map(\.symbolName) == ["arrow.up", "arrow.down", "arrow.left", "arrow.right"])
    }

    @Test("A move, a line of moves, the win and a stopped Auto are said to VoiceOver")
    func announcements() async throws {
        #expect(PlayerText.moved([TileSlide(tile: 5, fromCell: 3, toCell: 4)], size: 3) == "Tile 5 moved right")
        #expect(
            PlayerText.moved(
                [TileSlide(tile: 2, fromCell: 7, toCell: 4), TileSlide(tile: 9, fromCell: 10, toCell: 7)], size: 3)
                == "Tiles 2 and 9 moved up")
        let model = await shuffledModel()
        model.swipe(.left)
        let first = try #require(model.state.announcement)
        #expect(first.text == "Tile 3 moved left")
        model.swipe(.right)
        let second = try #require(model.state.announcement)
        #expect(second.text == "Tile 3 moved right" && second.id != first.id)
        await model.auto()
        #expect(model.state.phase == .won)
        #expect(model.state.announcement?.text == model.state.winLine)
    }

    @Test("Arrow keys slide like swipes and do nothing while Auto runs")
    func keysDuringAuto() async throws {
        let model = await shuffledModel(environment: testEnvironment(pause: .milliseconds(200)))
        let auto = Task { await model.auto() }
        #expect(await eventually { model.state.phase == .animating })
        let tiles = model.state.tiles
        model.swipe(.up)
        model.tap(cell: 0)
        #expect(model.state.tiles == tiles)
        model.cancelAuto()
        await auto.value
        #expect(model.state.phase == .playing)
    }
}

@MainActor
@Suite("Auto's words")
struct AutoWordsTests {
    @Test("Pattern databases chosen on a board they do not cover: Auto solves it and says so")
    func patternDatabasesTooBig() async throws {
        var settings = Settings()
        settings.algorithm = .patternDatabases
        let model = await shuffledModel(
            size: 6, environment: testEnvironment(pause: .milliseconds(30)), settings: settings)
        let auto = Task { await model.auto() }
        #expect(await eventually { (model.state.playback?.played ?? 0) >= 2 })
        #expect(model.state.message == PlayerText.patternDatabasesTooSmall(size: 6))
        #expect(model.state.solve?.choice == .auto)
        model.cancelAuto()
        await auto.value
        #expect(PlayerText.patternDatabasesTooSmall(size: 6).contains("Auto picked"))
    }
}
