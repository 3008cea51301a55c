import Foundation
import Observation
import SlidePuzzleCore

/// The state holder of the app: turns the player's intents into core calls and publishes a new
/// immutable ``GameState`` after each. It owns the game; views render `state`, `picture` and
/// `cropPreview` and call the intents. Core calls that block (solves, shuffles, hints, the
/// fewest-move search, pictures, records) run on ``CoreQueue``, never on Swift's cooperative
/// pool or the main actor; their results are dropped when the game moved on meanwhile.
///
/// The intents live in five files: this one (the start screen, the board, moves, peek,
/// confirmations), `+Win` (the win and the records), `+Photo` (the photo pipeline and the crop
/// screen), `+Solving` (shuffle, the fewest possible, hint, Auto) and `+Session` (settings,
/// clock, lifecycle, save, restore).
@MainActor
@Observable
public final class PuzzleModel {
    /// The screen.
    public internal(set) var state = GameState()
    /// The picture of the current game (square RGBA), or nil to show numbered tiles.
    public internal(set) var picture: Picture?
    /// The whole photo for the crop screen.
    public internal(set) var cropPreview: PhotoPreview?
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
    /// The edge of the picture shown now.
    @ObservationIgnored var drawnEdge: UInt32 = 0
    /// The photo on the crop screen (its bytes are dropped once the square is kept).
    @ObservationIgnored var pendingPhoto: Data?
    @ObservationIgnored var photoTask: Task<Void, Never>?
    @ObservationIgnored var autoToken: CancelToken?
    @ObservationIgnored var autoTask: Task<Void, Never>?
    /// Auto's path while it plays.
    @ObservationIgnored var playbackMoves: [Direction] = []
    @ObservationIgnored var playbackTask: Task<Void, Never>?
    /// Work the background stopped, to start again in front.
    @ObservationIgnored var searchStoppedByBackground = false
    @ObservationIgnored var playbackPausedByBackground = false
    @ObservationIgnored var shuffleToken: CancelToken?
    @ObservationIgnored var shuffleReturn: Phase?
    @ObservationIgnored var fewestToken: CancelToken?
    /// The shuffled start the fewest-move search measures.
    @ObservationIgnored var fewestStart: [UInt32]?
    @ObservationIgnored var hintToken: CancelToken?
    /// The time source's reading when the player's clock last resumed; nil while stopped.
    @ObservationIgnored var clockSince: UInt64?
    @ObservationIgnored var saveTask: Task<Void, Never>?
    @ObservationIgnored var peekTask: Task<Void, Never>?
    /// The personal bests (the core's records store), once opened.
    @ObservationIgnored var bests: RecordsStore?
    @ObservationIgnored var bestsOpening: Task<Void, Never>?
    /// A win is being written to the records.
    @ObservationIgnored var recordingWin = false
    @ObservationIgnored var announcements = 0

    public init(environment: PuzzleEnvironment) {
        env = environment
        pictureEdge = environment.pictureEdge
        openBests()
    }

    // MARK: Start

    /// Draws a built-in picture off the main actor (thumbnails on the start screen).
    public nonisolated static func renderBuiltin(id: String, edge: UInt32) async -> Picture? {
        await CoreQueue.run { try? builtinPicture(id: id, edge: edge) }
    }

    /// The board size for the next game; kept with the session.
    public func selectSize(_ size: Int) {
        guard BoardSizes.all.contains(size), state.screen == .start else { return }
        state.size = size
        saveNow()
    }

    /// The records screen, from the start screen.
    public func showRecords() {
        guard state.screen == .start else { return }
        state.screen = .records
        state.note = nil
    }

    /// Back from the records screen.
    public func closeRecords() {
        guard state.screen == .records else { return }
        state.screen = .start
    }

    /// Starts a game on built-in picture `id`, cut to the chosen size. Refused while a photo
    /// loads (the photo would open its crop screen over the game).
    public func chooseBuiltin(id: String) async {
        guard state.screen == .start, state.photoLoad == nil else { return }
        let edge = pictureEdge
        let size = state.size
        let result = await CoreQueue.result { try builtinPicture(id: id, edge: edge) }
        guard state.screen == .start, state.photoLoad == nil else { return }
        switch result {
        case .success(let p):
            begin(.builtin(id: id), picture: p, crop: nil, size: size)
        case .failure:
            state.note = .photoFailed(.unreadable)
        }
    }

    /// A new game on `picture`: shown whole, waiting for the empty space's tap.
    func begin(_ source: PictureSource, picture: Picture, crop: PhotoCrop?, size: Int) {
        stopEverything()
        game = nil
        clockSince = nil
        pictureGeneration += 1
        self.picture = picture
        drawnEdge = picture.edge
        var next = state.carriedOver()
        next.screen = .game
        next.phase = .chooseBlank
        next.size = size
        next.picture = source
        next.crop = crop
        next.note = .chooseBlank
        state = next
        saveNow()
    }

    /// Pictures: back to the start, asking first when the board has moves.
    public func requestBackToStart() {
        guard state.screen == .game else { return }
        if state.hasProgress {
            state.confirmation = .leave(moves: state.moves)
        } else {
            backToStart()
        }
    }

    func backToStart() {
        stopEverything()
        pauseClock()
        game = nil
        picture = nil
        state = state.carriedOver()
        saveNow()
    }

    /// The same picture cut into another size, asking first when the board has moves.
    public func requestSize(_ size: Int) {
        guard BoardSizes.all.contains(size), state.screen == .game, size != state.size else { return }
        if state.hasProgress {
            state.confirmation = .size(size, moves: state.moves)
        } else {
            changeSize(size)
        }
    }

    func changeSize(_ size: Int) {
        guard let picture, let source = state.picture else { return }
        begin(source, picture: picture, crop: state.crop, size: size)
    }

    /// Shuffle, asking first when the board has moves.
    public func requestShuffle() {
        if state.hasProgress && state.phase != .shuffling {
            state.confirmation = .shuffle(moves: state.moves)
        } else {
            Task { await shuffle() }
        }
    }

    /// The confirmation's yes.
    public func confirm() {
        guard let c = state.confirmation else { return }
        state.confirmation = nil
        switch c {
        case .leave: backToStart()
        case .shuffle: Task { await shuffle() }
        case .size(let n, _): changeSize(n)
        }
    }

    /// The confirmation's no (or the dialog dismissed).
    public func dismissConfirmation() {
        state.confirmation = nil
    }

    /// A control of the row, by what it is.
    public func perform(_ control: Control) {
        switch control {
        case .shuffle: requestShuffle()
        case .hint: Task { await hint() }
        case .undo: undo()
        case .redo: redo()
        case .auto: Task { await auto() }
        case .peek: peekBriefly()
        case .cancel: state.phase == .shuffling ? cancelShuffle() : stopAuto()
        case .pause: pausePlayback()
        case .resume: resumePlayback()
        case .stop: stopAuto()
        case .playAgain: Task { await shuffle() }
        }
    }

    // MARK: Playing

    /// A tap on `cell`: picks the empty space's home first, then slides the tapped tile and
    /// any between it and the empty space.
    public func tap(cell: Int) {
        guard state.screen == .game else { return }
        switch state.phase {
        case .chooseBlank:
            chooseBlank(cell)
        case .ready:
            state.note = .tapShuffle
        case .playing:
            guard let game, state.tiles.indices.contains(cell), state.tiles[cell] != 0 else { return }
            do {
                moved(try game.tapCell(cell: UInt32(cell)))
            } catch {
                state.note = .notInLine(tile: state.showsNumbers ? state.tiles[cell] : nil)
            }
        default:
            break
        }
    }

    /// An arrow key: the tile next to the empty space slides `direction`.
    public func slide(_ direction: TileDirection) {
        guard state.screen == .game, state.phase == .playing, let game,
            let slide = try? game.apply(direction: direction.blankMove)
        else { return }
        moved([slide])
    }

    /// The drag a finger starting on `cell` makes, or nil when it moves nothing.
    public func drag(from cell: Int) -> BoardDrag? {
        guard state.phase == .playing else { return nil }
        return BoardDrag(startCell: cell, tiles: state.tiles, size: state.size)
    }

    /// A drag the touch committed: its tiles slide (as a tap on the first), if the board is
    /// still the one it started on.
    public func commit(_ drag: BoardDrag) {
        guard self.drag(from: drag.startCell) == drag else { return }
        tap(cell: drag.startCell)
    }

    /// VoiceOver's named action on `cell`: the same as a tap.
    public func activate(cell: Int) {
        tap(cell: cell)
    }

    public func undo() {
        guard state.phase == .playing, let game, game.canUndo(), let slide = try? game.undo() else { return }
        afterMove([slide])
    }

    public func redo() {
        guard state.phase == .playing, let game, game.canRedo(), let slide = try? game.redo() else { return }
        moved([slide])
    }

    /// Press and hold (or the Peek button held): the whole picture over the tiles. The clock
    /// runs on; the win says how many peeks the game took.
    public func peek(on: Bool) {
        guard on != state.peeking else { return }
        if on {
            guard state.phase == .playing, state.hasPicture, picture != nil else { return }
            state.peeks += 1
        } else {
            peekTask?.cancel()
            peekTask = nil
        }
        state.peeking = on
    }

    /// The Peek button for VoiceOver and Switch Control: the picture for a moment.
    public func peekBriefly() {
        guard !state.peeking else { return }
        peek(on: true)
        guard state.peeking else { return }
        let wait = env.briefPeek
        peekTask = Task { [weak self] in
            do { try await self?.env.sleep(wait) } catch { return }
            self?.peek(on: false)
        }
    }

    private func chooseBlank(_ cell: Int) {
        guard (0..<state.size * state.size).contains(cell),
            let g = try? Game(size: UInt32(state.size), blankCell: UInt32(cell))
        else { return }
        game = g
        refresh(.ready)
        state.note = .nowShuffle
        saveNow()
        if PatternDatabaseCache.prefetchSizes.contains(state.size) {
            let goal = g.goal()
            Task { await env.databases.prepare(for: goal) }
        }
    }

    /// A move the player made: the clock starts at the first, a win is celebrated.
    func moved(_ slides: [Slide]) {
        guard let game else { return }
        if !state.clockStarted {
            state.clockStarted = true
        }
        if game.isSolved() {
            win(byAuto: false, slides: slides)
        } else {
            afterMove(slides)
            syncClock()
        }
    }

    /// The board after a move or an undo: a hint in flight is dropped, the move said, the
    /// session saved soon.
    func afterMove(_ slides: [Slide]) {
        stopHint()
        refresh(.playing, slides: slides)
        announce(movedNote(slides.map(TileSlide.init)))
        scheduleSave()
    }

    func movedNote(_ slides: [TileSlide]) -> Note? {
        guard let first = slides.first else { return nil }
        let direction = TileDirection.of(from: first.fromCell, to: first.toCell, size: state.size)
        return .moved(tiles: state.showsNumbers ? slides.map(\.tile) : nil, direction: direction)
    }

    /// Hands `note` to VoiceOver, once (and keeps it as the last announcement).
    func announce(_ note: Note?) {
        guard let note else { return }
        announcements += 1
        state.announcement = Announcement(id: announcements, note: note)
        env.announcer?(note)
    }

    /// Copies the game into the state; keeps the screen's own fields. Tiles animate only when
    /// `slides` moved them.
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
        if !slides.isEmpty { next.slideID += 1 }
        next.hint = nil
        next.note = nil
        if phase != .animating { next.playback = nil }
        if phase != .won { next.win = nil }
        if phase != .playing { next.peeking = false }
        state = next
    }

    /// Stops everything in flight: Auto, its playback, a shuffle, a hint, the fewest-move
    /// search, a peek.
    func stopEverything() {
        stopAutoWork()
        stopFewest()
        stopHint()
        shuffleToken?.cancel()
        shuffleToken = nil
        shuffleReturn = nil
        peekTask?.cancel()
        peekTask = nil
        searchStoppedByBackground = false
        playbackPausedByBackground = false
        generation += 1
    }
}

extension TileDirection {
    /// The way a tile moved from `from` to `to` on a board `size` wide.
    static func of(from: Int, to: Int, size: Int) -> TileDirection {
        switch to - from {
        case 1: .right
        case -1: .left
        case size: .down
        default: .up
        }
    }
}
