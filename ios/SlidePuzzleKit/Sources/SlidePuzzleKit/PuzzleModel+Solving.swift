import Foundation
import SlidePuzzleCore

/// Shuffle, the fewest possible, hint and Auto: everything that asks the core to search.
extension PuzzleModel {
    // MARK: Shuffle

    /// Mixes the board: a random walk, or an exact distance where the core offers it for this
    /// size (a level it does not offer is said, and the board is mixed at random instead).
    /// While it is in flight the phase is `.shuffling`: the old board cannot be played, Auto's
    /// old line is gone, and ``cancelShuffle()`` puts the board back as it was. The shuffle
    /// runs on a new game, which replaces the old one only when it is done.
    public func shuffle() async {
        guard let game, [.ready, .playing, .won, .solving, .animating].contains(state.phase) else { return }
        let back: Phase = state.autoRunning ? .playing : state.phase
        stopAuto()
        stopBest()
        let gen = generation
        shuffleReturn = back
        state.phase = .shuffling
        state.solve = nil
        state.playback = nil
        state.hintCell = nil
        state.hintDirection = nil
        state.message = "Shuffling…"
        let size = state.size
        let goal = game.goal()
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
            pdb = try? await env.databases.database(for: goal)
            guard gen == generation else { return }
        }
        let blank = UInt32(goal.firstIndex(of: 0) ?? goal.count - 1)
        let outcome = await CoreQueue.result { [pdb, kind] in
            let fresh = try Game(size: UInt32(size), blankCell: blank)
            try fresh.shuffle(kind: kind, seed: seed, pdb: pdb)
            return fresh
        }
        guard gen == generation else { return }
        shuffleReturn = nil
        switch outcome {
        case .failure(let e):
            refresh(back)
            state.message = PlayerText.message(e)
        case .success(let shuffled):
            self.game = shuffled
            clockSince = nil
            state.clockStarted = false
            refresh(.playing)
            state.best = level.distance.flatMap { kind == .walk ? nil : $0 }
            state.message = notice
            saveSession()
            if state.best == nil { findBest(from: shuffled.tiles(), goal: shuffled.goal()) }
        }
    }

    /// Cancel while shuffling: the board is as it was before.
    public func cancelShuffle() {
        guard state.phase == .shuffling else { return }
        generation += 1
        refresh(shuffleReturn ?? .playing)
        shuffleReturn = nil
        state.message = "Shuffle cancelled: the board is as it was"
        if state.best == nil, let start = bestStart, let game { findBest(from: start, goal: game.goal()) }
    }

    // MARK: Fewest possible

    /// Finds the fewest possible moves from the shuffled start in the background ("Fewest
    /// possible: 42"); shown only when proven. One search at a time: a new one, Shuffle,
    /// Pictures, a new game and Auto cancel the one running through its token.
    func findBest(from start: [UInt32], goal: [UInt32]) {
        stopBest()
        let token = CancelToken()
        bestToken = token
        bestStart = start
        let size = state.size
        let databases = env.databases
        let limits = Limits(
            maxBytes: env.memoryBudgetBytes, timeoutMs: size <= 4 ? 10_000 : 2_000, threads: env.threads)
        Task {
            let pdb: PatternDatabase? =
                if size <= 3 { try? await databases.database(for: goal) } else { await databases.cached(for: goal) }
            guard bestToken === token else { return }
            let found = await CoreQueue.run { [pdb] in
                try? bestCount(start: start, goal: goal, limits: limits, pdb: pdb, cancel: token)
            }
            guard bestToken === token else { return }
            bestToken = nil
            guard let found, found.optimal, state.best == nil else { return }
            state.best = found.moves.count
        }
    }

    /// Whether the fewest-move search is running (tests check that searches never stack).
    public var isFindingBest: Bool { bestToken != nil }

    func stopBest() {
        bestToken?.cancel()
        bestToken = nil
    }

    /// Starts the fewest-move search again if it was stopped before it knew (by Auto).
    func resumeBest() {
        guard state.best == nil, bestToken == nil, let start = bestStart, let game else { return }
        findBest(from: start, goal: game.goal())
    }

    // MARK: Hint

    /// Finds the next best move in the background and highlights its tile with an arrow.
    public func hint() async {
        guard state.phase == .playing, let game else { return }
        let gen = generation
        let tiles = state.tiles
        let pdb = await env.databases.cached(for: game.goal())
        let limits = Limits(maxBytes: env.memoryBudgetBytes, timeoutMs: 3_000, threads: env.threads)
        let outcome = await CoreQueue.result { [pdb] in try game.hint(limits: limits, pdb: pdb, cancel: nil) }
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
            let direction = TileDirection(blankMove: blankMove)
            state.hintCell = cell
            state.hintDirection = direction
            state.message = PlayerText.hint(tile: state.tiles[cell], tileMoves: direction)
            announce(PlayerText.hintAnnouncement(tile: state.tiles[cell], tileMoves: direction))
        case .failure(let e):
            state.message = PlayerText.message(e)
        }
    }

    // MARK: Auto

    /// Auto: solves with the chosen algorithm on the core's queue, then plays the moves one by
    /// one. Returns when the playback ends, fails or is cancelled.
    public func auto() async {
        guard let game, state.phase == .playing, !game.isSolved() else { return }
        stopAuto()
        stopBest()
        generation += 1
        let gen = generation
        let token = CancelToken()
        cancelToken = token
        state.phase = .solving
        state.searchedPositions = 0
        state.hintCell = nil
        state.hintDirection = nil
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
        announce("Auto stopped")
        syncClock()
        resumeBest()
    }

    func stopAuto() {
        generation += 1
        cancelToken?.cancel()
        cancelToken = nil
        autoTask?.cancel()
        autoTask = nil
    }

    private func runAuto(_ game: Game, token: CancelToken, gen: Int) async {
        var choice = state.settings.algorithm
        let size = state.size
        let goal = game.goal()
        var notice: String?
        var pdb: PatternDatabase?
        if choice == .patternDatabases && !PatternDatabaseCache.supports(size: size) {
            choice = .auto
            notice = PlayerText.patternDatabasesTooSmall(size: size)
        }
        switch choice {
        case .patternDatabases:
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
        let algorithm = choice.algorithm
        let heuristic = choice.heuristic
        let outcome = await CoreQueue.result { [pdb] in
            try game.solve(
                algorithm: algorithm, heuristic: heuristic, limits: limits, pdb: pdb, progress: relay,
                cancel: token)
        }
        guard gen == generation else { return }
        cancelToken = nil
        switch outcome {
        case .failure(let e):
            autoFailed(failureText(e, choice: choice, size: size), gen)
        case .success(let solution):
            await play(SolveReport(solution, choice: choice), game: game, gen: gen, notice: notice)
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
        announce(text)
        resumeBest()
    }

    private func searchProgress(_ p: SlidePuzzleCore.Progress, gen: Int) {
        guard gen == generation, state.phase == .solving else { return }
        state.searchedPositions = p.expanded
        state.message = PlayerText.searching(positions: p.expanded)
    }

    private func play(_ report: SolveReport, game: Game, gen: Int, notice: String?) async {
        if report.optimal && state.moves == 0 && state.best == nil { state.best = report.moves.count }
        refresh(.animating)
        state.solve = report
        state.message = notice
        state.playback = Playback(played: 0, total: report.moves.count)
        var last: [Slide] = []
        for (i, move) in report.moves.enumerated() {
            do {
                try await env.sleep(state.settings.speed.delay)
            } catch {
                return  // cancelled
            }
            guard gen == generation else { return }
            guard let slide = try? game.apply(direction: move) else {
                // The board is no longer the one solved: hand it back, playable.
                refresh(.playing)
                state.message = PlayerText.playbackBroke
                announce(PlayerText.playbackBroke)
                resumeBest()
                return
            }
            last = [slide]
            refresh(.animating, slides: last)
            state.message = notice
            state.playback = Playback(played: i + 1, total: report.moves.count)
        }
        guard gen == generation else { return }
        if game.isSolved() {
            win(byAuto: true, slides: last)
        } else {
            refresh(.playing)
        }
    }
}
