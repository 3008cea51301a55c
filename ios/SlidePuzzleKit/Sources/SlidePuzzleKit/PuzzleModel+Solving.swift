import Foundation
import SlidePuzzleCore

/// Shuffle, the fewest possible, hint and Auto: everything that asks the core to search. Each
/// search keeps its cancel token; a new shuffle, Auto, a new game and the background cancel
/// what they make stale.
extension PuzzleModel {
    // MARK: Shuffle

    /// Mixes the board: a random walk, or an exact distance where the core offers it for this
    /// size (a level it does not offer is said, and the board is mixed at random instead). The
    /// shuffle runs on a new game while the phase is `.shuffling`; the old board cannot be
    /// played, and ``cancelShuffle()`` puts it back as it was.
    public func shuffle() async {
        guard let game, [.ready, .playing, .won, .solving, .animating].contains(state.phase) else { return }
        let back: Phase = state.autoRunning ? .playing : state.phase
        stopEverything()
        pauseClock()
        let gen = generation
        shuffleReturn = back
        let token = CancelToken()
        shuffleToken = token
        let size = state.size
        let goal = game.goal()
        let level = state.settings.difficulty
        let seed = env.seed()
        let offered = level.isOffered(onSize: size)
        let notice: Note? = offered ? nil : .levelNotOffered(level, size: size)
        let kind: ShuffleKind = offered ? level.distance.map { .distance(moves: UInt32($0)) } ?? .walk : .walk
        state.phase = .shuffling
        state.solve = nil
        state.playback = nil
        state.hint = nil
        state.peeking = false
        var pdb: PatternDatabase?
        if case .distance = kind, size == 4 {
            state.note = .preparingShuffle
            pdb = try? await env.databases.database(for: goal, cancel: token)
            guard gen == generation else { return }
        } else {
            state.note = .shuffling
        }
        let blank = UInt32(goal.firstIndex(of: 0) ?? goal.count - 1)
        let outcome = await CoreQueue.result { [pdb, kind] in
            let fresh = try Game(size: UInt32(size), blankCell: blank)
            try fresh.shuffle(kind: kind, seed: seed, pdb: pdb)
            return fresh
        }
        guard gen == generation else { return }
        shuffleToken = nil
        shuffleReturn = nil
        switch outcome {
        case .failure(let e):
            refresh(back)
            state.note = .solveFailed(problem(e, timeoutMs: nil), choice: .auto, size: size)
        case .success(let shuffled):
            self.game = shuffled
            clockSince = nil
            state.clockStarted = false
            state.helped = false
            state.peeks = 0
            state.fewest = nil
            refresh(.playing)
            if case .distance(let moves) = kind { state.fewest = Fewest(moves: Int(moves), proven: true) }
            state.note = notice
            saveNow()
            if state.fewest == nil { findFewest(from: shuffled.tiles(), goal: shuffled.goal()) }
        }
    }

    /// Cancel while shuffling: the board is as it was before.
    public func cancelShuffle() {
        guard state.phase == .shuffling else { return }
        generation += 1
        shuffleToken?.cancel()
        shuffleToken = nil
        refresh(shuffleReturn ?? .playing)
        shuffleReturn = nil
        state.note = .shuffleCancelled
        syncClock()
        resumeFewest()
    }

    // MARK: Fewest possible

    /// Finds the fewest possible moves from the shuffled `start` in the background, shown only
    /// when proven. One search at a time; it runs at the background's priority.
    func findFewest(from start: [UInt32], goal: [UInt32]) {
        stopFewest()
        let token = CancelToken()
        fewestToken = token
        fewestStart = start
        state.findingFewest = true
        let size = state.size
        let databases = env.databases
        let limits = Limits(
            maxBytes: env.memoryBudgetBytes, timeoutMs: size <= 4 ? 10_000 : 2_000, threads: env.threads)
        Task { [weak self] in
            let pdb = await databases.withoutWaiting(for: goal)
            guard let self, self.fewestToken === token else { return }
            let found = await CoreQueue.run(.background) { [pdb] in
                try? bestCount(start: start, goal: goal, limits: limits, pdb: pdb, cancel: token)
            }
            guard self.fewestToken === token else { return }
            self.fewestToken = nil
            self.state.findingFewest = false
            let fewest = found.map { Fewest(moves: $0.moves.count, proven: $0.optimal) }
            if self.state.fewest == nil, let fewest, fewest.proven { self.state.fewest = fewest }
            if self.state.phase == .won { self.fewestEndedAfterWin(fewest) } else { self.scheduleSave() }
        }
    }

    /// Whether the fewest-move search is running (tests check that searches never stack).
    public var isFindingFewest: Bool { fewestToken != nil }

    func stopFewest() {
        fewestToken?.cancel()
        fewestToken = nil
        state.findingFewest = false
    }

    /// Starts the fewest-move search again when it was stopped before it knew.
    func resumeFewest() {
        guard state.fewest == nil, fewestToken == nil, state.active, let start = fewestStart, let game,
            [.playing, .won].contains(state.phase)
        else { return }
        if state.phase == .won, state.win?.recorded != false { return }
        findFewest(from: start, goal: game.goal())
        if state.phase == .won, var w = state.win {
            w.findingFewest = true
            state.win = w
        }
    }

    // MARK: Hint

    /// Finds the next best move in the background and shows it: an arrow on the tile and a
    /// line. One hint at a time; a move, Auto, a new game or the background cancel it. A game
    /// with a hint is recorded as helped.
    public func hint() async {
        guard state.phase == .playing, hintToken == nil, let game, !state.solved else { return }
        let token = CancelToken()
        hintToken = token
        let tiles = state.tiles
        let pdb = await env.databases.cached(for: game.goal())
        guard hintToken === token else { return }
        let limits = Limits(maxBytes: env.memoryBudgetBytes, timeoutMs: 3_000, threads: env.threads)
        let outcome = await CoreQueue.result { [pdb] in try game.hint(limits: limits, pdb: pdb, cancel: token) }
        guard hintToken === token else { return }
        hintToken = nil
        guard state.tiles == tiles, state.phase == .playing, let blank = state.blankCell else { return }
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
            let hint = Hint(cell: cell, tile: state.tiles[cell], direction: TileDirection(blankMove: blankMove))
            state.hint = hint
            state.helped = true
            let note = Note.hint(hint, numbered: state.showsNumbers)
            state.note = note
            announce(note)
            scheduleSave()
        case .failure(let e):
            let note = Note.hintFailed(problem(e, timeoutMs: 3_000))
            state.note = note
            announce(note)
        }
    }

    /// Whether a hint is being searched.
    public var isFindingHint: Bool { hintToken != nil }

    func stopHint() {
        hintToken?.cancel()
        hintToken = nil
    }

    // MARK: Auto

    /// Auto: solves with the chosen method on the core's queue, then plays the moves one by
    /// one (Pause, Resume, Stop). Offered on a shuffled board that is not solved. Returns when
    /// the search ends; the playback goes on in its own task.
    public func auto() async {
        guard let game, state.canAuto, !game.isSolved() else { return }
        stopAutoWork()
        stopFewest()
        stopHint()
        state.phase = .solving
        syncClock()  // the clock runs only while the player plays
        state.hint = nil
        state.helped = true
        state.peeking = false
        state.solve = nil
        state.note = .searching(positions: 0)
        announce(.autoStarted)
        await search(game)
    }

    /// Runs Auto's search on `game` (again, after the background stopped it).
    func search(_ game: Game) async {
        generation += 1
        let gen = generation
        let token = CancelToken()
        autoToken = token
        let task = Task { await runAuto(game, token: token, gen: gen) }
        autoTask = task
        await task.value
    }

    /// Pause: the playback waits between two moves.
    public func pausePlayback() {
        guard holdPlayback() else { return }
        announce(.autoPaused)
    }

    /// Stops the playback between two moves, where it is; false when it was not playing.
    func holdPlayback() -> Bool {
        guard state.phase == .animating, var p = state.playback, !p.paused else { return false }
        playbackTask?.cancel()
        playbackTask = nil
        p.paused = true
        state.playback = p
        return true
    }

    /// Resume: the playback goes on from the next move.
    public func resumePlayback() {
        guard state.phase == .animating, var p = state.playback, p.paused else { return }
        p.paused = false
        state.playback = p
        playbackPausedByBackground = false
        schedulePlayback(gen: generation)
    }

    /// Cancel while searching, Stop while playing: the board is the player's again, and the
    /// result line is cleared.
    public func stopAuto() {
        guard state.autoRunning else { return }
        stopAutoWork()
        refresh(.playing)
        state.solve = nil
        state.note = .autoStopped
        announce(.autoStopped)
        syncClock()
        resumeFewest()
        scheduleSave()
    }

    func stopAutoWork() {
        generation += 1
        autoToken?.cancel()
        autoToken = nil
        autoTask?.cancel()
        autoTask = nil
        playbackTask?.cancel()
        playbackTask = nil
        playbackMoves = []
    }

    private func runAuto(_ game: Game, token: CancelToken, gen: Int) async {
        var choice = state.settings.algorithm
        let size = state.size
        let goal = game.goal()
        var notice: Note?
        var pdb: PatternDatabase?
        if choice == .patternDatabases && !PatternDatabaseCache.supports(size: size) {
            choice = .auto
            notice = .patternDatabasesTooSmall(size: size)
            state.note = notice
        }
        switch choice {
        case .patternDatabases:
            if await env.databases.cached(for: goal) == nil { state.note = .preparingDatabases }
            do {
                pdb = try await env.databases.database(for: goal, cancel: token)
            } catch {
                return autoFailed(error, choice: choice, size: size, gen: gen)
            }
        case .auto:
            pdb = await env.databases.withoutWaiting(for: goal)
        default:
            pdb = nil
        }
        guard gen == generation else { return }
        let quiet = notice != nil
        let relay = ProgressRelay { [weak self] p in
            Task { @MainActor in self?.searchProgress(p, gen: gen, quiet: quiet) }
        }
        let timeout = env.solveTimeoutMs
        let limits = Limits(
            maxBytes: env.memoryBudgetBytes, timeoutMs: timeout, progressIntervalMs: 100, threads: env.threads)
        let (algorithm, heuristic) = (choice.algorithm, choice.heuristic)
        let started = ContinuousClock.now
        let outcome = await CoreQueue.result { [pdb] in
            try game.solve(
                algorithm: algorithm, heuristic: heuristic, limits: limits, pdb: pdb, progress: relay,
                cancel: token)
        }
        guard gen == generation else { return }
        autoToken = nil
        switch outcome {
        case .failure(let e):
            let elapsed = ContinuousClock.now - started
            autoFailed(e, choice: choice, size: size, gen: gen, elapsed: elapsed)
        case .success(let solution):
            play(SolveReport(solution, choice: choice), gen: gen, notice: notice)
        }
    }

    /// The kind of a core failure, from its case and what the model asked for: a limit hit
    /// after the time budget is the time; any other limit is memory (no node limit is set).
    func problem(_ error: Error, timeoutMs: UInt64?, elapsed: Duration = .zero) -> Problem {
        guard let e = error as? PuzzleError else { return .other }
        switch e {
        case .LimitReached:
            if let timeoutMs, elapsed >= .milliseconds(Int64(timeoutMs)) { return .time }
            return .memory
        case .Cancelled: return .cancelled
        case .Unsupported: return .unsupported
        case .PatternDatabase: return .databases
        default: return .other
        }
    }

    private func autoFailed(
        _ error: Error, choice: AlgorithmChoice, size: Int, gen: Int, elapsed: Duration = .zero
    ) {
        guard gen == generation else { return }
        autoToken = nil
        let kind = problem(error, timeoutMs: env.solveTimeoutMs, elapsed: elapsed)
        if kind == .cancelled, searchStoppedByBackground { return }
        refresh(.playing)
        let note: Note = kind == .cancelled ? .autoStopped : .solveFailed(kind, choice: choice, size: size)
        state.note = note
        announce(note)
        syncClock()
        resumeFewest()
    }

    private func searchProgress(_ p: SlidePuzzleCore.Progress, gen: Int, quiet: Bool) {
        guard gen == generation, state.phase == .solving, !quiet else { return }
        state.note = .searching(positions: p.expanded)
    }

    private func play(_ report: SolveReport, gen: Int, notice: Note?) {
        if report.optimal && state.moves == 0 && state.fewest == nil {
            state.fewest = Fewest(moves: report.moves.count, proven: true)
        }
        playbackMoves = report.moves
        refresh(.animating)
        state.solve = report
        state.note = notice
        state.playback = Playback(played: 0, total: report.moves.count)
        announce(.autoFound(moves: report.moves.count))
        if state.active {
            schedulePlayback(gen: gen)
        } else {
            // Found as the app left: the playback waits for the player.
            state.playback?.paused = true
            playbackPausedByBackground = true
        }
    }

    func schedulePlayback(gen: Int) {
        playbackTask?.cancel()
        playbackTask = Task { [weak self] in
            while let self, gen == self.generation, self.state.phase == .animating,
                let p = self.state.playback, !p.paused
            {
                do { try await self.env.sleep(self.state.settings.speed.delay) } catch { return }
                guard gen == self.generation, !Task.isCancelled else { return }
                self.step()
            }
        }
    }

    /// Plays Auto's next move.
    private func step() {
        guard let game, var p = state.playback, state.phase == .animating, !p.paused,
            p.played < playbackMoves.count
        else { return }
        guard let slide = try? game.apply(direction: playbackMoves[p.played]) else {
            // The board is no longer the one solved: hand it back, playable.
            stopAutoWork()
            refresh(.playing)
            state.note = .playbackBroke
            announce(.playbackBroke)
            syncClock()
            return
        }
        p.played += 1
        if game.isSolved() {
            playbackMoves = []
            win(byAuto: true, slides: [slide], autoMoves: p.played)
            return
        }
        let note = state.note
        refresh(.animating, slides: [slide])
        state.note = note
        state.playback = p
        if p.played == p.total { refresh(.playing) }
    }
}
