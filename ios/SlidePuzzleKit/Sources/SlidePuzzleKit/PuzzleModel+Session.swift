import Foundation
import SlidePuzzleCore

/// Settings, the player's clock, the app's lifecycle and the session: written soon after each
/// move and whenever the app stops being in front (`.inactive` comes before a force-quit from
/// the app switcher, which never reaches `.background`), restored at launch before the first
/// frame.
extension PuzzleModel {
    // MARK: Settings

    /// Applies the settings sheet; a running Auto picks up a new speed at its next move.
    public func update(settings: Settings) {
        state.settings = settings
        scheduleSave()
    }

    // MARK: Clock

    /// Milliseconds the player has played this game: the clock starts at the first move after
    /// a shuffle and runs only while the player plays (not during Auto, in the background or
    /// after the win).
    public func elapsedMs() -> UInt64 {
        guard let game else { return 0 }
        let running = clockSince.map { env.time.nowMs() &- $0 } ?? 0
        return game.elapsedMs() + running
    }

    /// Whether the player's clock is running now.
    public var clockRunning: Bool { clockSince != nil }

    private var clockShouldRun: Bool {
        state.active && state.clockStarted && state.phase == .playing && state.screen == .game
    }

    func syncClock() {
        if clockShouldRun {
            if clockSince == nil { clockSince = env.time.nowMs() }
        } else {
            pauseClock()
        }
    }

    /// Adds the running time to the game (the core keeps the total) and stops the clock.
    func pauseClock() {
        guard let since = clockSince, let game else {
            clockSince = nil
            return
        }
        game.addElapsedMs(ms: env.time.nowMs() &- since)
        clockSince = nil
    }

    // MARK: Lifecycle

    /// `.inactive`: the app may be ended from here without reaching the background, so the
    /// session is written now.
    public func willResignActive() {
        saveNow()
    }

    /// `.background`: the clock pauses; Auto's search and the fewest-move search stop (the
    /// search starts again in front); Auto's playback pauses where it is; a hint and a peek
    /// end; the session is written.
    public func enterBackground() {
        state.active = false
        pauseClock()
        stopHint()
        if state.peeking { peek(on: false) }
        if state.phase == .solving {
            searchStoppedByBackground = true
            autoToken?.cancel()
        }
        if holdPlayback() {
            playbackPausedByBackground = true
        }
        if fewestToken != nil {
            stopFewest()
            if var w = state.win, state.phase == .won {
                w.findingFewest = true
                state.win = w
            }
        }
        saveNow()
    }

    /// `.active`: the clock resumes if a game is on; what the background stopped goes on.
    public func becomeActive() {
        state.active = true
        syncClock()
        if searchStoppedByBackground {
            searchStoppedByBackground = false
            if state.phase == .solving, let game { Task { await search(game) } }
        }
        if playbackPausedByBackground {
            playbackPausedByBackground = false
            resumePlayback()
        }
        resumeFewest()
    }

    // MARK: Saving

    /// What the session file holds; the running clock is added to the game first. A search or
    /// a shuffle in flight is not resumed after a relaunch: the board is saved as the player
    /// last had it.
    public func snapshot() -> SavedSession {
        let running = clockSince != nil
        pauseClock()
        if running { syncClock() }
        let phase: Phase =
            switch state.phase {
            case .solving, .animating: .playing
            case .shuffling: shuffleReturn ?? .playing
            default: state.phase
            }
        let win = state.win.map {
            SavedWin(
                moves: $0.moves, elapsedMs: $0.elapsedMs, byAuto: $0.byAuto, helped: $0.helped, peeks: $0.peeks,
                recorded: $0.recorded)
        }
        return SavedSession(
            screen: state.screen == .game ? .game : .start, phase: phase, size: state.size,
            picture: state.picture, crop: state.crop, settings: state.settings, fewest: state.fewest,
            fewestStart: fewestStart, clockStarted: state.clockStarted, helped: state.helped,
            peeks: state.peeks, game: game?.save(), win: phase == .won ? win : nil)
    }

    /// Writes the session file now (a few kilobytes; when the environment has one).
    public func saveNow() {
        saveTask?.cancel()
        saveTask = nil
        try? env.sessions?.save(snapshot())
    }

    /// Writes the session after a short wait, so a burst of moves writes once.
    func scheduleSave() {
        saveTask?.cancel()
        let wait = env.saveDelay
        saveTask = Task { [weak self] in
            do { try await self?.env.sleep(wait) } catch { return }
            guard let self, !Task.isCancelled else { return }
            self.saveNow()
        }
    }

    /// Restores the saved session at launch. The board comes back at once (call it before the
    /// first frame, so the start screen never flashes); the picture follows from the returned
    /// task, and a tap meanwhile plays on the restored board. A damaged session starts over at
    /// the picture choice and says so.
    @discardableResult
    public func restoreSession() -> Task<Void, Never>? {
        guard let store = env.sessions else { return nil }
        do {
            guard let session = try store.load() else { return nil }
            return restore(session)
        } catch {
            store.remove()
            state.note = .restoreFailed
            return nil
        }
    }

    /// Restores `session` now; returns the task that brings its picture back.
    @discardableResult
    public func restore(_ session: SavedSession) -> Task<Void, Never>? {
        stopEverything()
        game = nil
        clockSince = nil
        picture = nil
        pictureGeneration += 1
        var next = GameState()
        next.settings = session.settings
        next.size = BoardSizes.all.contains(session.size) ? session.size : 4
        next.records = state.records
        next.active = state.active
        next.note = state.note
        state = next
        guard session.screen == .game, let source = session.picture else { return nil }
        var restored: Game?
        if session.phase != .chooseBlank {
            guard let text = session.game, let g = try? Game.restore(save: text) else {
                state.note = .restoreFailed
                return nil
            }
            restored = g
        }
        game = restored
        state.screen = .game
        state.picture = source
        state.crop = session.crop
        state.fewest = session.fewest
        state.clockStarted = session.clockStarted
        state.helped = session.helped
        state.peeks = session.peeks
        fewestStart = session.fewestStart
        if let g = restored {
            state.size = Int(g.size())
            let phase: Phase =
                switch session.phase {
                case .won: .won
                case .ready: .ready
                default: .playing
                }
            refresh(phase)
            if phase == .won {
                let w = session.win
                state.win = WinSummary(
                    moves: w?.moves ?? Int(g.moveCount()), elapsedMs: w?.elapsedMs ?? g.elapsedMs(),
                    fewest: session.fewest, findingFewest: false, byAuto: w?.byAuto ?? false,
                    helped: w?.helped ?? session.helped, peeks: w?.peeks ?? session.peeks,
                    movesChange: nil, timeChange: nil, recorded: w?.recorded ?? true)
                if state.win?.recorded == false && (session.fewest != nil || session.fewestStart == nil) {
                    recordWin()
                }
            }
        } else {
            state.phase = .chooseBlank
            state.note = .chooseBlank
        }
        syncClock()
        resumeFewest()
        return redrawRestored(source, crop: session.crop)
    }

    /// Draws the restored game's picture in the background at the latest board size; a photo
    /// that is gone leaves numbered tiles and says so once (the setting is not touched).
    private func redrawRestored(_ source: PictureSource, crop: PhotoCrop?) -> Task<Void, Never> {
        let gen = pictureGeneration
        return Task { [weak self] in
            guard let self else { return }
            let edge = self.pictureEdge
            let drawn = await self.draw(source, crop: crop, edge: edge)
            guard gen == self.pictureGeneration, self.state.picture == source else { return }
            guard let drawn else {
                self.state.hasPicture = false
                self.say(.photoMissing)
                return
            }
            self.picture = drawn.picture
            self.drawnEdge = drawn.picture.edge
            if let kept = drawn.keptAs { self.state.picture = .photo(fileName: kept) }
            // The board may have grown while it was drawn: draw it sharp.
            if self.pictureEdge > drawn.picture.edge { await self.redraw() }
        }
    }
}
