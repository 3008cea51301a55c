import Foundation
import Observation
import SlidePuzzleCore

/// The state holder of the app: turns the player's intents into core calls and publishes a new
/// immutable ``GameState`` after each. It owns the game; views render `state` and `picture` and
/// call the intents. Core calls that block (solves, shuffles, hints, the fewest-move search,
/// picture decoding) run on ``CoreQueue``, never on Swift's cooperative pool; their results are
/// dropped when the game moved on meanwhile (a generation count).
///
/// The intents live in three files: this one (pictures, the board, moves), `+Solving`
/// (shuffle, hint, Auto, the fewest possible) and `+Session` (settings, clock, save, restore).
@MainActor
@Observable
public final class PuzzleModel {
    /// The screen.
    public internal(set) var state = GameState()
    /// The picture of the current game (square RGBA), or nil to show numbered tiles.
    public internal(set) var picture: Picture?
    /// The built-in pictures, in display order.
    public let builtins: [BuiltinPicture] = builtinPictures()

    @ObservationIgnored let env: PuzzleEnvironment
    @ObservationIgnored var game: Game?
    /// Bumped whenever background work in flight must be dropped.
    @ObservationIgnored var generation = 0
    /// Bumped when the picture changes, so a sharper copy of an old one is dropped.
    @ObservationIgnored var pictureGeneration = 0
    /// The edge the picture is drawn at: the board's side in pixels once the screen says it.
    @ObservationIgnored var pictureEdge: UInt32
    /// The photo of the current game, kept to draw it again at another edge.
    @ObservationIgnored var photoData: Data?
    @ObservationIgnored var cancelToken: CancelToken?
    @ObservationIgnored var autoTask: Task<Void, Never>?
    /// The fewest-move search in the background, and the board it measures.
    @ObservationIgnored var bestToken: CancelToken?
    @ObservationIgnored var bestStart: [UInt32]?
    /// The phase a shuffle in flight returns to when it is cancelled.
    @ObservationIgnored var shuffleReturn: Phase?
    /// The time source's reading when the player's clock last resumed; nil while stopped.
    @ObservationIgnored var clockSince: UInt64?
    @ObservationIgnored var active = true
    @ObservationIgnored private var announcements = 0

    public init(environment: PuzzleEnvironment) {
        env = environment
        pictureEdge = environment.pictureEdge
    }

    // MARK: Start

    /// Draws a built-in picture off the main actor (thumbnails on the start screen).
    public nonisolated static func renderBuiltin(id: String, edge: UInt32) async -> Picture? {
        await CoreQueue.run { try? builtinPicture(id: id, edge: edge) }
    }

    /// The board size chosen on the start screen; kept with the session, so it stays across
    /// games and launches.
    public func selectSize(_ size: Int) {
        guard BoardSizes.all.contains(size), state.phase == .start else { return }
        state.size = size
        saveSession()
    }

    /// Starts a game on built-in picture `id`, cut `size`×`size`.
    public func chooseBuiltin(id: String, size: Int) async {
        let edge = pictureEdge
        let result = await CoreQueue.result { try builtinPicture(id: id, edge: edge) }
        switch result {
        case .success(let p):
            photoData = nil
            begin(.builtin(id: id), picture: p, size: size)
        case .failure(let e): state.message = PlayerText.pictureFailure(e)
        }
    }

    /// A photo's upright width and height for the crop screen (from its header; the platform
    /// reads what the core does not), or nil when nothing can read it.
    public func photoSize(_ data: Data) async -> (width: Int, height: Int)? {
        let decoder = env.photoDecoder
        return await CoreQueue.run { uprightPhotoSize(data: data, decoder: decoder) }
    }

    /// Starts a game on a photo (camera or library bytes) cut to `crop` (the centre square
    /// when nil): the core turns it upright by its EXIF orientation, cuts the square and
    /// scales it; a format the core does not decode (HEIC) is decoded by the platform, no
    /// larger than the square needs, and handed over as pixels. A picture nothing can use
    /// leaves the start screen as it was, with the reason. Returns whether the game began.
    @discardableResult
    public func choosePhoto(data: Data, size: Int, crop: PhotoCrop? = nil) async -> Bool {
        let edge = pictureEdge
        let decoder = env.photoDecoder
        state.message = "Preparing your photo…"
        let result = await CoreQueue.result {
            try photoPicture(data: data, crop: crop, edge: edge, decoder: decoder)
        }
        switch result {
        case .success(let p):
            let name = try? env.photos?.store(data)
            photoData = data
            begin(name.map { .photo(fileName: $0) }, picture: p, size: size)
            state.crop = crop
            return true
        case .failure(let e):
            state.message = PlayerText.pictureFailure(e)
            return false
        }
    }

    /// The same picture cut into another size: a new game, back at the choice of the empty
    /// space (the view asks first when the board has moves).
    public func changeSize(_ size: Int) {
        guard BoardSizes.all.contains(size), state.phase != .start, let picture else { return }
        let crop = state.crop
        begin(state.picture, picture: picture, size: size)
        state.crop = crop
    }

    func begin(_ source: PictureSource?, picture: Picture, size: Int) {
        stopAuto()
        stopBest()
        game = nil
        clockSince = nil
        pictureGeneration += 1
        self.picture = picture
        var next = GameState()
        next.settings = state.settings
        next.size = size
        next.picture = source
        next.phase = .chooseBlank
        next.message = "Tap the piece that becomes the empty space"
        next.wins = state.wins
        state = next
    }

    /// Back to the picture choice; the game is dropped (the view asks first when it has moves).
    public func backToStart() {
        stopAuto()
        stopBest()
        pauseClock()
        game = nil
        var next = GameState()
        next.settings = state.settings
        next.size = state.size
        next.wins = state.wins
        state = next
        saveSession()
    }

    /// The board is `points` wide on a screen of `scale` pixels per point: the picture is
    /// drawn again at that many pixels when it is smaller, so tiles stay sharp.
    public func boardDidResize(points: Double, scale: Double) async {
        let edge = sharpPictureEdge(boardPoints: points, scale: scale)
        guard edge > pictureEdge else { return }
        pictureEdge = edge
        guard let source = state.picture, picture != nil else { return }
        let gen = pictureGeneration
        let sharper = await draw(source, edge: edge)
        guard gen == pictureGeneration, let sharper else { return }
        picture = sharper
    }

    /// Draws `source` at `edge` pixels on the core's queue.
    func draw(_ source: PictureSource, edge: UInt32) async -> Picture? {
        switch source {
        case .builtin(let id):
            return await Self.renderBuiltin(id: id, edge: edge)
        case .photo(let name):
            guard let data = photoData ?? env.photos?.load(name) else { return nil }
            photoData = data
            let (crop, decoder) = (state.crop, env.photoDecoder)
            return await CoreQueue.run {
                try? photoPicture(data: data, crop: crop, edge: edge, decoder: decoder)
            }
        }
    }

    // MARK: Playing

    /// A tap on `cell`: picks the empty space's home first, then slides the tapped tile and
    /// any between it and the empty space.
    public func tap(cell: Int) {
        switch state.phase {
        case .chooseBlank:
            chooseBlank(cell)
        case .ready:
            state.message = "Tap Shuffle to mix the picture"
        case .playing:
            guard let game, state.tiles.indices.contains(cell), state.tiles[cell] != 0 else { return }
            do {
                moved(try game.tapCell(cell: UInt32(cell)))
            } catch {
                state.message = "Tile \(state.tiles[cell]) is not in the empty space's row or column"
            }
        default:
            break
        }
    }

    /// A swipe or an arrow key: slides the tile next to the empty space in `direction`.
    public func swipe(_ direction: TileDirection) {
        guard state.phase == .playing, let game else { return }
        if let slide = try? game.apply(direction: direction.blankMove) { moved([slide]) }
    }

    /// The drag a finger starting on `cell` makes, or nil when it moves nothing.
    public func drag(from cell: Int) -> BoardDrag? {
        guard state.phase == .playing else { return nil }
        return BoardDrag(startCell: cell, tiles: state.tiles, size: state.size)
    }

    /// A drag let go: past half a step its tiles slide, otherwise they settle back.
    public func endDrag(_ drag: BoardDrag, dx: Double, dy: Double, step: Double) {
        guard drag.commits(dx: dx, dy: dy, step: step),
            self.drag(from: drag.startCell) == drag
        else { return }
        tap(cell: drag.startCell)
    }

    /// The VoiceOver activate action on `cell`.
    public func activate(cell: Int) {
        tap(cell: cell)
    }

    public func undo() {
        guard state.phase == .playing, let game, game.canUndo(), let slide = try? game.undo() else { return }
        refresh(.playing, slides: [slide])
        announce(PlayerText.moved([TileSlide(slide)], size: state.size))
    }

    public func redo() {
        guard state.phase == .playing, let game, game.canRedo(), let slide = try? game.redo() else { return }
        moved([slide])
    }

    private func chooseBlank(_ cell: Int) {
        guard (0..<state.size * state.size).contains(cell),
            let g = try? Game(size: UInt32(state.size), blankCell: UInt32(cell))
        else { return }
        game = g
        refresh(.ready)
        state.message = "Now shuffle"
        if PatternDatabaseCache.prefetchSizes.contains(state.size) {
            let goal = g.goal()
            Task { await env.databases.prepare(for: goal) }
        }
    }

    func moved(_ slides: [Slide]) {
        guard let game else { return }
        state.clockStarted = true
        if game.isSolved() {
            win(byAuto: false, slides: slides)
        } else {
            refresh(.playing, slides: slides)
            announce(PlayerText.moved(slides.map(TileSlide.init), size: state.size))
            syncClock()
        }
    }

    func win(byAuto: Bool, slides: [Slide]) {
        guard let game else { return }
        refresh(.won, slides: slides)
        pauseClock()
        state.winLine = PlayerText.winLine(
            moves: Int(game.moveCount()), elapsedMs: game.elapsedMs(), best: state.best, byAuto: byAuto)
        state.wins += 1
        announce(state.winLine)
        saveSession()
    }

    /// Hands `text` to VoiceOver (through the state the view posts from).
    func announce(_ text: String?) {
        guard let text else { return }
        announcements += 1
        state.announcement = Announcement(id: announcements, text: text)
    }

    /// Copies the game into the state; keeps the screen's own fields.
    func refresh(_ phase: Phase, slides: [Slide] = []) {
        guard let game else { return }
        var next = state
        next.phase = phase
        next.tiles = game.tiles().map(Int.init)
        next.homes = next.tiles.indices.map { tile in Int(game.homeCell(tile: UInt32(tile)) ?? 0) }
        next.movable = Set(game.movableCells().map(Int.init))
        next.moves = Int(game.moveCount())
        next.canUndo = game.canUndo()
        next.canRedo = game.canRedo()
        next.lastSlides = slides.map(TileSlide.init)
        next.hintCell = nil
        next.hintDirection = nil
        next.message = nil
        if phase != .animating { next.playback = nil }
        if phase != .won { next.winLine = nil }
        state = next
    }
}
