import Foundation
import SlidePuzzleCore

/// Settings, the player's clock, and the session: saved when the app leaves the screen,
/// restored at launch before the first frame.
extension PuzzleModel {
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
        let now = env.time.nowMs()
        game.addElapsedMs(ms: now &- since)
        clockSince = nil
    }

    // MARK: Saving

    /// What the session file holds; the running clock is added to the game first. A search
    /// or a shuffle in flight is not resumed: the board is saved as the player last had it.
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
        return SavedSession(
            phase: phase, size: state.size, picture: state.picture, settings: state.settings,
            best: state.best, clockStarted: state.clockStarted, game: game?.save(), crop: state.crop)
    }

    /// Writes the session file (when the environment has one).
    public func saveSession() {
        try? env.sessions?.save(snapshot())
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
            return restoreNow(session)
        } catch {
            store.remove()
            state.message = PlayerText.restoreFailure(error.description)
            return nil
        }
    }

    /// Restores `session` (from ``snapshot()``), its picture included.
    public func restore(_ session: SavedSession) async {
        await restoreNow(session)?.value
    }

    /// Restores the board of `session` now; returns the task that brings its picture back.
    private func restoreNow(_ session: SavedSession) -> Task<Void, Never>? {
        stopAuto()
        stopBest()
        game = nil
        clockSince = nil
        photoData = nil
        pictureGeneration += 1
        var next = GameState()
        next.settings = session.settings
        next.size = BoardSizes.all.contains(session.size) ? session.size : 3
        next.picture = session.picture
        next.crop = session.crop
        state = next
        picture = nil
        switch session.phase {
        case .start:
            return nil
        case .chooseBlank:
            state.phase = session.picture == nil ? .start : .chooseBlank
            if state.phase == .chooseBlank {
                state.message = "Tap the piece that becomes the empty space"
            }
        default:
            guard let text = session.game else {
                state.phase = .start
                return nil
            }
            do {
                let g = try Game.restore(save: text)
                game = g
                state.size = Int(g.size())
                let phase: Phase =
                    switch session.phase {
                    case .won: .won
                    case .ready: .ready
                    default: .playing
                    }
                refresh(phase)
                state.best = session.best
                state.clockStarted = session.clockStarted
                if phase == .won {
                    state.winLine = PlayerText.winLine(
                        moves: Int(g.moveCount()), elapsedMs: g.elapsedMs(), best: session.best, byAuto: false)
                }
                syncClock()
            } catch {
                game = nil
                state.phase = .start
                state.message = PlayerText.restoreFailure(PlayerText.message(error))
                return nil
            }
        }
        guard let source = session.picture else { return nil }
        let gen = pictureGeneration
        let edge = pictureEdge
        return Task {
            let drawn = await draw(source, edge: edge)
            guard gen == pictureGeneration else { return }
            picture = drawn
            if drawn == nil {
                state.settings.showNumbers = true
                if state.phase == .chooseBlank {
                    state.phase = .start
                }
                state.message = "The photo of this game is gone, so the tiles show numbers."
            }
        }
    }
}
