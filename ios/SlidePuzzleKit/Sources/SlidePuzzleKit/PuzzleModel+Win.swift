import Foundation
import SlidePuzzleCore

/// The win and the personal bests: every win goes through the core's records store (one
/// folder in Application Support); a game with a hint or Auto is recorded apart and never
/// beats a game by hand.
extension PuzzleModel {
    /// Opens the records store off the main actor; a damaged or newer file kept aside is said
    /// once, a store that cannot be read is said and records nothing (the file stays).
    func openBests() {
        guard let folder = env.recordsFolder else { return }
        bestsOpening = Task { [weak self] in
            let opened = await CoreQueue.result(.background) { try RecordsStore.open(folder: folder.path) }
            guard let self else { return }
            switch opened {
            case .success(let store):
                self.bests = store
                self.state.records = Self.rows(store)
                if !store.keptAside().isEmpty { self.say(.recordsKeptAside) }
            case .failure:
                self.say(.recordsUnavailable)
            }
        }
    }

    /// Waits until the records store is open (tests; the app never waits for it).
    public func bestsReady() async {
        await bestsOpening?.value
    }

    /// A line for the player and VoiceOver about something outside the game.
    func say(_ note: Note) {
        state.note = note
        announce(note)
    }

    static func rows(_ store: RecordsStore) -> [RecordRow] {
        store.entries().map { e in
            RecordRow(
                size: Int(e.size), picture: e.picture, won: Int(e.byHand.won),
                wonWithoutPeeking: Int(e.byHand.wonWithoutPeeking),
                fewestMoves: e.byHand.fewestMoves.map { Int($0.moves) },
                fewestPossible: e.byHand.fewestMoves?.fewest.map { Fewest(moves: Int($0.moves), proven: $0.proven) },
                fastestMs: e.byHand.fastest?.elapsedMs, helpedWon: Int(e.helped.won))
        }
    }

    /// The game is won: the clock stops, the win is celebrated, said and recorded. A win by
    /// Auto counts Auto's own moves. A fewest-move search still running goes on; the win is
    /// recorded with its count when it ends.
    func win(byAuto: Bool, slides: [Slide], autoMoves: Int = 0) {
        guard let game else { return }
        pauseClock()
        stopHint()
        peekTask?.cancel()
        refresh(.won, slides: slides)
        let moves = byAuto ? autoMoves : Int(game.moveCount())
        let helped = byAuto || state.helped
        // The fewest possible is searched to its end (or said as not known), never dropped.
        let needsFewest = state.fewest == nil && fewestStart != nil
        state.win = WinSummary(
            moves: moves, elapsedMs: game.elapsedMs(), fewest: state.fewest, findingFewest: needsFewest,
            byAuto: byAuto, helped: helped, peeks: state.peeks, movesChange: nil, timeChange: nil,
            recorded: false)
        state.helped = helped
        state.wins += 1
        announce(byAuto ? .wonByAuto(moves: moves) : .won(moves: moves, elapsedMs: game.elapsedMs()))
        saveNow()
        if !needsFewest {
            recordWin()
        } else if fewestToken == nil {
            resumeFewest()  // in front now, or when the app comes back
        }
    }

    /// The fewest-move search ended after the win: the banner says what it found (or that it
    /// is not known), and the win is recorded with it.
    func fewestEndedAfterWin(_ found: Fewest?) {
        guard var w = state.win, state.phase == .won else { return }
        if state.fewest == nil, let found, found.proven { state.fewest = found }
        w.fewest = state.fewest
        w.findingFewest = false
        state.win = w
        recordWin()
    }

    /// Writes the win to the records (once) and shows what it improved.
    func recordWin() {
        guard let w = state.win, !w.recorded, !recordingWin, let game else { return }
        recordingWin = true
        let won = WonGame(
            size: UInt32(state.size), picture: state.recordPicture,
            moves: game.moveCount(), elapsedMs: w.elapsedMs,
            fewest: w.fewest.map { FewestKnown(moves: UInt32($0.moves), proven: $0.proven) },
            helped: w.helped, peeks: UInt32(w.peeks))
        let gen = generation
        Task { [weak self] in
            guard let self else { return }
            defer { self.recordingWin = false }
            await self.bestsReady()
            guard let store = self.bests else { return }
            let outcome = await CoreQueue.result(.waited) { try store.record(win: won) }
            guard gen == self.generation, var current = self.state.win, self.state.phase == .won else { return }
            switch outcome {
            case .success(let o):
                current.movesChange = o.moves
                current.timeChange = o.time
                current.recorded = true
                self.state.win = current
                self.state.records = Self.rows(store)
                self.saveNow()
            case .failure:
                self.say(.recordsUnavailable)
            }
        }
    }
}
