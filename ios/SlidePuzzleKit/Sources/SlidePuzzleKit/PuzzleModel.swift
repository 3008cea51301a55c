import Foundation
import Observation
import SlidePuzzleCore

/// The state holder of the app: turns the player's intents into core calls and publishes a new
/// immutable ``GameState`` after each. It owns the game; views render `state` and `picture` and
/// call the intents. Solves, exact shuffles, hints and picture decoding run detached from the
/// main actor; their results are dropped when the game moved on meanwhile (a generation count).
@MainActor
@Observable
public final class PuzzleModel {
    /// The screen.
    public private(set) var state = GameState()
    /// The picture of the current game (square RGBA), or nil to show numbered tiles.
    public private(set) var picture: Picture?
    /// The built-in pictures, in display order.
    public let builtins: [BuiltinPicture] = builtinPictures()

    @ObservationIgnored private let env: PuzzleEnvironment
    @ObservationIgnored private var game: Game?
    /// Bumped whenever background work in flight must be dropped.
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private var cancelToken: CancelToken?
    @ObservationIgnored private var autoTask: Task<Void, Never>?
    /// The time source's reading when the player's clock last resumed; nil while stopped.
    @ObservationIgnored private var clockSince: UInt64?
    @ObservationIgnored private var active = true

    public init(environment: PuzzleEnvironment) {
        env = environment
    }

    // MARK: Start

    /// Draws a built-in picture off the main actor (thumbnails on the start screen).
    public nonisolated static func renderBuiltin(id: String, edge: UInt32) async -> Picture? {
        await Task.detached(priority: .userInitiated) { try? builtinPicture(id: id, edge: edge) }.value
    }

    /// Starts a game on built-in picture `id`, cut `size`×`size`.
    public func chooseBuiltin(id: String, size: Int) async {
        let edge = env.pictureEdge
        let result = await Task.detached(priority: .userInitiated) {
            Result { try builtinPicture(id: id, edge: edge) }
        }.value
        switch result {
        case .success(let p): begin(.builtin(id: id), picture: p, size: size)
        case .failure(let e): state.message = PlayerText.pictureFailure(e)
        }
    }

    /// Starts a game on a photo (camera or library bytes): the core turns it upright by its
    /// EXIF orientation, crops the centre square and scales it. A picture the core refuses
    /// leaves the start screen as it was, with the reason. Returns whether the game began.
    @discardableResult
    public func choosePhoto(data: Data, size: Int) async -> Bool {
        let edge = env.pictureEdge
        state.message = "Preparing your photo…"
        let result = await Task.detached(priority: .userInitiated) {
            Result { try loadPicture(bytes: data, edge: edge) }
        }.value
        switch result {
        case .success(let p):
            let name = try? env.photos?.store(data)
            begin(name.map { .photo(fileName: $0) }, picture: p, size: size)
            return true
        case .failure(let e):
            state.message = PlayerText.pictureFailure(e)
            return false
        }
    }

    private func begin(_ source: PictureSource?, picture: Picture, size: Int) {
        stopAuto()
        game = nil
        clockSince = nil
        self.picture = picture
        var next = GameState()
        next.settings = state.settings
        next.size = size
        next.picture = source
        next.phase = .chooseBlank
        next.message = "Tap the piece that becomes the empty space"
        state = next
    }

    /// Back to the picture choice; the game is dropped.
    public func backToStart() {
        stopAuto()
        pauseClock()
        game = nil
        var next = GameState()
        next.settings = state.settings
        next.size = state.size
        state = next
        saveSession()
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

    /// A swipe that slides the tile next to the empty space in `direction`.
    public func swipe(_ direction: TileDirection) {
        guard state.phase == .playing, let game else { return }
        if let slide = try? game.apply(direction: direction.blankMove) { moved([slide]) }
    }

    /// The VoiceOver activate action on `cell`.
    public func activate(cell: Int) {
        tap(cell: cell)
    }

    public func undo() {
        guard state.phase == .playing, let game, game.canUndo(), let slide = try? game.undo() else { return }
        refresh(.playing, slides: [slide])
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

    private func moved(_ slides: [Slide]) {
        guard let game else { return }
        state.clockStarted = true
        if game.isSolved() {
            win(byAuto: false, slides: slides)
        } else {
            refresh(.playing, slides: slides)
            syncClock()
        }
    }

    private func win(byAuto: Bool, slides: [Slide]) {
        guard let game else { return }
        refresh(.won, slides: slides)
        pauseClock()
        state.winLine = PlayerText.winLine(
            moves: Int(game.moveCount()), elapsedMs: game.elapsedMs(), best: state.best, byAuto: byAuto)
        saveSession()
    }

    /// Copies the game into the state; keeps the screen's own fields.
    private func refresh(_ phase: Phase, slides: [Slide] = []) {
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
        next.message = nil
        if phase != .animating { next.playback = nil }
        if phase != .won { next.winLine = nil }
        state = next
    }

    // MARK: Shuffle

    /// Mixes the board: a random walk, or an exact distance where the core offers it for this
    /// size (a level it does not offer is said, and the board is mixed at random instead).
    public func shuffle() async {
        guard let game, state.phase != .start, state.phase != .chooseBlank else { return }
        stopAuto()
        let gen = generation
        let size = state.size
        let level = state.settings.difficulty
        let seed = env.seed()
        var notice: String?
        var kind = ShuffleKind.walk
        if let distance = level.distance {
            if level.isOffered(onSize: size) {
                kind = .distance(moves: UInt32(distance))
            } else {
                notice =
                    "\(level.title.components(separatedBy: " ·")[0]) shuffles go up to 4×4, so this \(size)×\(size) board was mixed at random."
            }
        }
        var pdb: PatternDatabase?
        if case .distance = kind, size == 4 {
            state.message = "Preparing the shuffle (the first 4×4 one takes a few seconds)…"
            pdb = try? await env.databases.database(for: game.goal())
            guard gen == generation else { return }
        }
        let outcome = await Task.detached(priority: .userInitiated) { [pdb, kind] in
            Result { try game.shuffle(kind: kind, seed: seed, pdb: pdb) }
        }.value
        guard gen == generation else { return }
        if case .failure(let e) = outcome {
            state.message = PlayerText.message(e)
            return
        }
        clockSince = nil
        state.clockStarted = false
        state.solve = nil
        refresh(.playing)
        state.best = level.distance.flatMap { kind == .walk ? nil : $0 }
        state.message = notice
        saveSession()
        if state.best == nil { findBest(from: game.tiles(), goal: game.goal(), gen: gen) }
    }

    /// Finds the fewest possible moves from the shuffled start in the background ("Fewest
    /// possible: 42"); shown only when proven.
    private func findBest(from start: [UInt32], goal: [UInt32], gen: Int) {
        let size = state.size
        let databases = env.databases
        let limits = Limits(
            maxBytes: env.memoryBudgetBytes, timeoutMs: size <= 4 ? 10_000 : 2_000, threads: env.threads)
        Task {
            let pdb: PatternDatabase? =
                if size <= 3 { try? await databases.database(for: goal) } else { await databases.cached(for: goal) }
            let found = await Task.detached(priority: .utility) { [pdb] in
                try? bestCount(start: start, goal: goal, limits: limits, pdb: pdb, cancel: nil)
            }.value
            guard gen == generation, let found, found.optimal, state.best == nil else { return }
            state.best = found.moves.count
        }
    }

    // MARK: Hint

    /// Finds the next best move in the background and highlights its tile.
    public func hint() async {
        guard state.phase == .playing, let game else { return }
        let gen = generation
        let tiles = state.tiles
        let pdb = await env.databases.cached(for: game.goal())
        let limits = Limits(maxBytes: env.memoryBudgetBytes, timeoutMs: 3_000, threads: env.threads)
        let outcome = await Task.detached(priority: .userInitiated) { [pdb] in
            Result { try game.hint(limits: limits, pdb: pdb, cancel: nil) }
        }.value
        // Dropped if anything moved meanwhile.
        guard gen == generation, state.tiles == tiles, state.phase == .playing,
            let blank = state.blankCell
        else { return }
        switch outcome {
        case .success(nil):
            break
        case .success(let blankMove?):
            let n = state.size
            let cell: Int =
                switch blankMove {
                case .up: blank - n
                case .down: blank + n
                case .left: blank - 1
                case .right: blank + 1
                }
            state.hintCell = cell
            state.message = PlayerText.hint(tile: state.tiles[cell], tileMoves: TileDirection(blankMove: blankMove))
        case .failure(let e):
            state.message = PlayerText.message(e)
        }
    }

    // MARK: Auto

    /// Auto: solves with the chosen algorithm off the main actor, then plays the moves one by
    /// one. Returns when the playback ends, fails or is cancelled.
    public func auto() async {
        guard let game, state.phase == .playing, !game.isSolved() else { return }
        stopAuto()
        generation += 1
        let gen = generation
        let token = CancelToken()
        cancelToken = token
        state.phase = .solving
        state.searchedPositions = 0
        state.hintCell = nil
        state.message = PlayerText.searching(positions: 0)
        let task = Task { await runAuto(game, token: token, gen: gen) }
        autoTask = task
        await task.value
    }

    /// Cancel: stops the search (through the core's cancel token) and the playback.
    public func cancelAuto() {
        guard state.autoRunning else { return }
        stopAuto()
        refresh(.playing)
        state.message = "Auto stopped"
        syncClock()
    }

    private func stopAuto() {
        generation += 1
        cancelToken?.cancel()
        cancelToken = nil
        autoTask?.cancel()
        autoTask = nil
    }

    private func runAuto(_ game: Game, token: CancelToken, gen: Int) async {
        let choice = state.settings.algorithm
        let size = state.size
        let goal = game.goal()
        var pdb: PatternDatabase?
        switch choice {
        case .patternDatabases:
            guard PatternDatabaseCache.supports(size: size) else {
                return autoFailed("Pattern databases go up to 5×5 boards. Auto solves this one.", gen)
            }
            if await env.databases.cached(for: goal) == nil {
                state.message = "Preparing pattern databases for this board shape (only once)…"
            }
            do {
                pdb = try await env.databases.database(for: goal, cancel: token)
            } catch {
                return autoFailed(failureText(error, choice: choice, size: size), gen)
            }
        case .auto:
            // 3×3 tables build in milliseconds; larger ones are used when ready, never awaited.
            pdb =
                if size <= 3 { try? await env.databases.database(for: goal) } else {
                    await env.databases.cached(for: goal)
                }
        default:
            pdb = nil
        }
        guard gen == generation else { return }
        let relay = ProgressRelay { [weak self] p in
            Task { @MainActor in self?.searchProgress(p, gen: gen) }
        }
        let limits = Limits(
            maxBytes: env.memoryBudgetBytes, timeoutMs: env.solveTimeoutMs, progressIntervalMs: 100,
            threads: env.threads)
        let outcome = await Task.detached(priority: .userInitiated) { [pdb] in
            Result {
                try game.solve(
                    algorithm: choice.algorithm, heuristic: choice.heuristic, limits: limits, pdb: pdb,
                    progress: relay, cancel: token)
            }
        }.value
        guard gen == generation else { return }
        cancelToken = nil
        switch outcome {
        case .failure(let e):
            autoFailed(failureText(e, choice: choice, size: size), gen)
        case .success(let solution):
            await play(SolveReport(solution, choice: choice), game: game, gen: gen)
        }
    }

    /// Why Auto stopped, with this environment's budgets.
    private func failureText(_ error: Error, choice: AlgorithmChoice, size: Int) -> String {
        PlayerText.solveFailure(
            error, choice: choice, size: size, memoryBudgetBytes: env.memoryBudgetBytes,
            timeBudgetMs: env.solveTimeoutMs)
    }

    private func autoFailed(_ text: String, _ gen: Int) {
        guard gen == generation else { return }
        cancelToken = nil
        refresh(.playing)
        state.message = text
    }

    private func searchProgress(_ p: SlidePuzzleCore.Progress, gen: Int) {
        guard gen == generation, state.phase == .solving else { return }
        state.searchedPositions = p.expanded
        state.message = PlayerText.searching(positions: p.expanded)
    }

    private func play(_ report: SolveReport, game: Game, gen: Int) async {
        if report.optimal && state.moves == 0 && state.best == nil { state.best = report.moves.count }
        refresh(.animating)
        state.solve = report
        state.playback = Playback(played: 0, total: report.moves.count)
        var last: [Slide] = []
        for (i, move) in report.moves.enumerated() {
            do {
                try await env.sleep(state.settings.speed.delay)
            } catch {
                return  // cancelled
            }
            guard gen == generation, let slide = try? game.apply(direction: move) else { return }
            last = [slide]
            refresh(.animating, slides: last)
            state.playback = Playback(played: i + 1, total: report.moves.count)
        }
        guard gen == generation else { return }
        if game.isSolved() {
            win(byAuto: true, slides: last)
        } else {
            refresh(.playing)
        }
    }

    // MARK: Settings

    /// Applies the settings sheet; a running Auto picks up a new speed at its next move.
    public func update(settings: Settings) {
        state.settings = settings
    }

    // MARK: Clock

    /// Milliseconds the player has played this game (the clock starts at the first move after
    /// a shuffle, and pauses in the background and at the win).
    public func elapsedMs() -> UInt64 {
        guard let game else { return 0 }
        let running = clockSince.map { env.time.nowMs() &- $0 } ?? 0
        return game.elapsedMs() + running
    }

    /// The app went to the background (or is about to end): pause the clock and save.
    public func enterBackground() {
        active = false
        pauseClock()
        saveSession()
    }

    /// The app is in front again: the clock resumes if a game is on.
    public func becomeActive() {
        active = true
        syncClock()
    }

    private var clockShouldRun: Bool {
        active && state.clockStarted && [.playing, .solving, .animating].contains(state.phase)
    }

    private func syncClock() {
        if clockShouldRun {
            if clockSince == nil { clockSince = env.time.nowMs() }
        } else {
            pauseClock()
        }
    }

    /// Adds the running time to the game (the core keeps the total) and stops the clock.
    private func pauseClock() {
        guard let since = clockSince, let game else {
            clockSince = nil
            return
        }
        let now = env.time.nowMs()
        game.addElapsedMs(ms: now &- since)
        clockSince = nil
    }

    // MARK: Saving

    /// What the session file holds; the running clock is added to the game first.
    public func snapshot() -> SavedSession {
        let running = clockSince != nil
        pauseClock()
        if running { syncClock() }
        let phase: Phase = state.autoRunning ? .playing : state.phase  // a solve is not resumed
        return SavedSession(
            phase: phase, size: state.size, picture: state.picture, settings: state.settings,
            best: state.best, clockStarted: state.clockStarted, game: game?.save())
    }

    /// Writes the session file (when the environment has one).
    public func saveSession() {
        try? env.sessions?.save(snapshot())
    }

    /// Restores the saved session at launch; a damaged one starts over at the picture choice
    /// and says so.
    public func restoreSession() async {
        guard let store = env.sessions else { return }
        do {
            if let session = try store.load() { await restore(session) }
        } catch {
            store.remove()
            state.message = PlayerText.restoreFailure(error.description)
        }
    }

    /// Restores `session` (from ``snapshot()``).
    public func restore(_ session: SavedSession) async {
        stopAuto()
        game = nil
        clockSince = nil
        var next = GameState()
        next.settings = session.settings
        next.size = BoardSizes.all.contains(session.size) ? session.size : 3
        next.picture = session.picture
        state = next
        picture = nil
        if let source = session.picture {
            picture = await load(source)
            if picture == nil {
                state.settings.showNumbers = true
                state.message = "The photo of this game is gone, so the tiles show numbers."
            }
        }
        switch session.phase {
        case .start:
            return
        case .chooseBlank:
            state.phase = picture == nil ? .start : .chooseBlank
            return
        default:
            break
        }
        guard let text = session.game else {
            state.phase = .start
            return
        }
        do {
            let g = try Game.restore(save: text)
            game = g
            state.size = Int(g.size())
            let note = state.message
            refresh(session.phase == .won ? .won : (session.phase == .ready ? .ready : .playing))
            state.message = note
            state.best = session.best
            state.clockStarted = session.clockStarted
            if state.phase == .won {
                state.winLine = PlayerText.winLine(
                    moves: Int(g.moveCount()), elapsedMs: g.elapsedMs(), best: session.best, byAuto: false)
            }
            syncClock()
        } catch {
            game = nil
            state.phase = .start
            state.message = PlayerText.restoreFailure(PlayerText.message(error))
        }
    }

    private func load(_ source: PictureSource) async -> Picture? {
        let edge = env.pictureEdge
        switch source {
        case .builtin(let id):
            return await Self.renderBuiltin(id: id, edge: edge)
        case .photo(let name):
            guard let data = env.photos?.load(name) else { return nil }
            return await Task.detached(priority: .userInitiated) { try? loadPicture(bytes: data, edge: edge) }.value
        }
    }
}
