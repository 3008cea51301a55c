package dev.slidepuzzle.app

// Shuffle, the fewest possible, hint and Auto: the intents that ask the core to search. Each
// search keeps its cancel token, and a new shuffle, Auto, a new game and the app going to the
// background cancel what it makes stale.

/** The budgets, all in one place: Auto's solve (up to 4×4 it proves the fewest within this;
 *  from 5×5 its search gives its best path at [autoBudgetMs]), the hint, the fewest-move search
 *  (4×4 proves in well under this; 5×5 is tried once, briefly; from 6×6 it is never started),
 *  Auto's memory. */
internal const val SOLVE_BUDGET_MS = 10_000L
internal fun autoBudgetMs(size: Int) = if (size <= 4) SOLVE_BUDGET_MS else 3_000L
internal const val HINT_BUDGET_MS = 1_000L
internal fun fewestBudgetMs(size: Int) = if (size <= 4) 10_000L else 2_000L
/** Boards from this size are never searched for the fewest: they are never proven in time. */
internal const val FEWEST_MAX_SIZE = 5
/** Auto's search tables at most, in MB: [RustCore] hands it to every solve. */
internal const val MEMORY_BUDGET_MB: Long = 256

/** Shuffle, asking first when the board has moves. */
fun GameController.requestShuffle() {
    if (state.hasProgress && state.phase != Phase.SHUFFLING) {
        publish(state.copy(dialog = DialogState.Confirm(Pending.SHUFFLE, state.moves)))
    } else {
        shuffle()
    }
}

/**
 * Mixes the board: a random walk, or an exact distance where the core offers it for this size
 * (a level it does not offer is said, and the board is mixed at random instead). The shuffle
 * runs on a new game in the background while the phase is [Phase.SHUFFLING]; the old board
 * cannot be played, and [cancelShuffle] puts it back as it was. The new game replaces the old
 * one only when it is done.
 */
fun GameController.shuffle() {
    val g = game ?: return
    if (state.phase !in setOf(Phase.READY, Phase.PLAYING, Phase.WON, Phase.SOLVING, Phase.ANIMATING)) return
    val back = if (state.autoRunning) Phase.PLAYING else state.phase
    haltAuto()
    // A won game's search goes on (its record wants it); it is left behind only once the new
    // board replaces this one, so Cancel comes back to it.
    if (!currentGameWon) stopFewest()
    stopHint()
    pauseClock()
    generation += 1
    val gen = generation
    shuffleReturn = back
    val size = state.size
    val level = state.settings.difficulty
    val notice = if (!level.isOffered(size)) Note.LevelNotOffered(level, size) else null
    val slow = level.distance != null && level.isOffered(size) && size == 4
    val blank = g.goal().indexOf(0)
    val seed = seeds()
    val token = core.newCancel()
    shuffleCancel = token
    publish(
        state.copy(
            phase = Phase.SHUFFLING, solve = null, playback = null, hint = null, peeking = false,
            note = if (slow) Note.PreparingShuffle else Note.Shuffling, dialog = null,
        ),
    )
    threads.background {
        val outcome = runCatching {
            core.newGame(size, blank).also { it.shuffle(level, seed, token) }
        }
        threads.main {
            if (gen != generation) return@main
            shuffleCancel = null
            shuffleReturn = null
            outcome.fold(
                onSuccess = { fresh ->
                    leaveFewest()
                    game = fresh
                    gameId = core.newGameId()
                    fewestGivenUp = false
                    fewestStart = null
                    publish(
                        fromGame(Phase.PLAYING).copy(
                            fewest = level.distance?.takeIf { notice == null }?.let { Fewest(it, true) },
                            clock = ClockState(), clockStarted = false, helped = false, peeks = 0, solve = null,
                            note = notice,
                        ),
                    )
                    if (state.fewest == null) findFewest(fresh.tiles(), fresh.goal())
                },
                onFailure = { e ->
                    publish(fromGame(back).copy(note = (e as? CoreError)?.let { Note.SolveFailed(it, AlgorithmChoice.AUTO, size) }))
                    // The board is as it was, as after Cancel: its clock and its search go on.
                    if (back == Phase.PLAYING) syncClock()
                    resumeFewest()
                },
            )
        }
    }
}

/** Cancel while shuffling: the board is as it was before. */
fun GameController.cancelShuffle() {
    if (state.phase != Phase.SHUFFLING) return
    generation += 1
    shuffleCancel?.cancel()
    shuffleCancel = null
    val back = shuffleReturn ?: Phase.PLAYING
    shuffleReturn = null
    publish(fromGame(back).copy(note = Note.ShuffleCancelled))
    if (back == Phase.PLAYING) syncClock()
    resumeFewest()
}

/** Finds the fewest possible moves from the shuffled [start] in the background, shown only
 *  when proven. One search at a time: a new one, Shuffle, Auto, a new game and the app going to
 *  the background cancel the one running through its token, except that a won game's search
 *  goes on for its record when the player moves on ([leaveFewest]); a new game's search waits
 *  for that one to end. Ending after the win, it completes the win's banner and its record. */
internal fun GameController.findFewest(start: List<Int>, goal: List<Int>) {
    stopFewest()
    fewestStart = start
    if (state.size > FEWEST_MAX_SIZE) {
        fewestGivenUp = true
        return
    }
    if (!active) {
        // Off-screen: [resume] starts it (the battery).
        return
    }
    if (recordingFewest != null) {
        // Queued behind the won game's search ([resumeFewest] starts it when that one ends):
        // two at once would take four threads.
        publish(state.copy(findingFewest = true))
        return
    }
    val token = core.newCancel()
    fewestCancel = token
    val id = gameId
    publish(state.copy(findingFewest = true))
    val budget = fewestBudgetMs(state.size)
    threads.background {
        val found = runCatching { core.fewest(start, goal, budget, token) }.getOrNull()
        threads.main {
            if (recordingFewest === token) {
                // Its game was left after its win: the record alone learns the fewest, and the
                // search queued behind it starts.
                recordingFewest = null
                if (found != null && id != null) recordFewest(id, found)
                resumeFewest()
                return@main
            }
            if (fewestCancel !== token) return@main
            fewestCancel = null
            // Ran to its end: what it found stays, and what it could not prove is not tried again.
            if (found == null) fewestGivenUp = true
            val fewest = state.fewest ?: found
            // A win before it ended: its banner learns the fewest now, and so does its record.
            val win = state.win?.let { w -> if (w.fewest == null) w.copy(fewest = fewest) else w }
            publish(state.copy(findingFewest = false, fewest = fewest, win = win))
            if (found != null && id != null && id == wonGameId) recordFewest(id, found)
        }
    }
}

/** The player moves on from the game (a new shuffle, another picture): a won game's
 *  fewest-move search goes on in the background for the win's record alone; one such search at
 *  most, stopped when the app leaves the screen. Any other search stops. */
internal fun GameController.leaveFewest() {
    val token = fewestCancel
    if (token == null || !currentGameWon) {
        stopFewest()
        return
    }
    recordingFewest?.cancel()
    recordingFewest = token
    fewestCancel = null
    if (state.findingFewest) publish(state.copy(findingFewest = false))
}

/** Whether the game on the board is won (its win is on screen, or restored). */
internal val GameController.currentGameWon: Boolean get() = gameId != null && gameId == wonGameId

/** Whether the fewest-move search runs (tests check that searches never stack). */
val GameController.isFindingFewest: Boolean get() = fewestCancel != null

internal fun GameController.stopFewest() {
    fewestCancel?.cancel()
    fewestCancel = null
    if (state.findingFewest) publish(state.copy(findingFewest = false))
}

/** Starts the fewest-move search again when it was stopped before it knew: while the game is
 *  played, or once it is won by hand (for its banner and record). */
internal fun GameController.resumeFewest() {
    val start = fewestStart ?: return
    val g = game ?: return
    if (state.fewest != null || fewestCancel != null || fewestGivenUp || !active) return
    if (recordingFewest != null && state.findingFewest) return
    if (state.phase != Phase.PLAYING && state.phase != Phase.WON) return
    if (state.phase == Phase.WON && state.win?.byAuto == true) return
    findFewest(start, g.goal())
}

/** Finds the next best move in the background and shows it: an arrow on the tile and
 *  "Slide 7 left". One at a time: while it searches ("Finding a hint…") a second tap cancels
 *  it, and so do a move, Auto, a shuffle and the app leaving the screen. A game with a hint is
 *  recorded as helped. */
fun GameController.hint() {
    val g = game ?: return
    if (state.phase != Phase.PLAYING) return
    if (hintCancel != null) {
        stopHint()
        return
    }
    val token = core.newCancel()
    hintCancel = token
    val tiles = state.tiles
    publish(state.copy(findingHint = true, note = Note.FindingHint))
    threads.background {
        val outcome = runCatching { g.hint(HINT_BUDGET_MS, token) }
        threads.main {
            // Dropped if it was cancelled, or anything moved meanwhile.
            if (hintCancel !== token) return@main
            hintCancel = null
            if (state.tiles != tiles || state.phase != Phase.PLAYING) {
                publish(state.copy(findingHint = false))
                return@main
            }
            outcome.fold(
                onSuccess = { move ->
                    if (move == null) {
                        publish(state.copy(findingHint = false, note = null))
                        return@fold
                    }
                    val blank = state.blankCell
                    val n = state.size
                    val cell = when (move) {
                        Dir.UP -> blank - n
                        Dir.DOWN -> blank + n
                        Dir.LEFT -> blank - 1
                        Dir.RIGHT -> blank + 1
                    }
                    val hint = Hint(cell, state.tiles[cell], TileDirection.ofBlankMove(move))
                    publish(
                        announce(
                            state.copy(hint = hint, note = Note.HintNote(hint, state.numbered), helped = true, findingHint = false),
                            Note.HintNote(hint),
                        ),
                    )
                },
                onFailure = { e ->
                    val note = (e as? CoreError)?.let { Note.HintFailed(it) }
                    publish(announce(state.copy(note = note, findingHint = false), note))
                },
            )
        }
    }
}

/** Whether a hint is being searched for. */
val GameController.isFindingHint: Boolean get() = hintCancel != null

/** Stops the hint search in flight; its answer is dropped. */
internal fun GameController.stopHint() {
    val token = hintCancel ?: return
    token.cancel()
    hintCancel = null
    if (state.findingHint) publish(state.copy(findingHint = false, note = state.note.takeUnless { it == Note.FindingHint }))
}

/** Auto: solves with the chosen method in the background, then plays the moves one by one.
 *  Offered only on a shuffled board that is not solved. The game counts as helped from Auto's
 *  first move, not from its search (a search cancelled before it moved a tile leaves the game
 *  the player's own). */
fun GameController.auto() {
    if (!state.canAuto || game?.isSolved() != false) return
    haltAuto()
    stopFewest()
    stopHint()
    pauseClock()
    publish(announce(state.copy(phase = Phase.SOLVING, hint = null, peeking = false, solve = null), Note.AutoStarted))
    search()
}

/** Runs Auto's search for the board as it stands (phase [Phase.SOLVING]); a search stopped
 *  by the app leaving the screen runs again from here when it comes back. */
internal fun GameController.search() {
    val g = game ?: return
    generation += 1
    val gen = generation
    val token = core.newCancel()
    autoCancel = token
    val size = state.size
    val chosen = state.settings.algorithm
    val (method, notice) = when {
        chosen == AlgorithmChoice.PATTERN_DB && size > 5 -> AlgorithmChoice.AUTO to Note.PatternDatabasesTooSmall(size)
        // Said until the search starts reporting: the tables are built first (once).
        chosen == AlgorithmChoice.PATTERN_DB && !core.hasTables(g) -> chosen to Note.PreparingDatabases
        else -> chosen to null
    }
    publish(state.copy(note = notice ?: Note.Searching(0)))
    threads.background {
        val outcome = runCatching {
            g.solve(method, autoBudgetMs(size), token) { positions ->
                threads.main {
                    val quiet = notice != null && notice != Note.PreparingDatabases
                    if (gen == generation && state.phase == Phase.SOLVING && !quiet) {
                        publish(state.copy(note = Note.Searching(positions)))
                    }
                }
            }
        }
        threads.main {
            if (gen != generation) return@main
            autoCancel = null
            outcome.fold(
                onSuccess = { report -> play(report, gen, notice.takeIf { it != Note.PreparingDatabases }) },
                onFailure = { e ->
                    val note = (e as? CoreError)?.let { Note.SolveFailed(it, method, size) } ?: Note.AutoStopped
                    publish(announce(fromGame(Phase.PLAYING).copy(note = note), note))
                    syncClock()
                    resumeFewest()
                },
            )
        }
    }
}

private fun GameController.play(report: SolveReport, gen: Int, notice: Note?) {
    val fewest = if (report.optimal && state.moves == 0 && state.fewest == null) Fewest(report.moves.size, true) else state.fewest
    playbackMoves = report.moves
    publish(
        announce(
            fromGame(Phase.ANIMATING).copy(
                solve = report, fewest = fewest, note = notice, playback = Playback(0, report.moves.size),
            ),
            Note.AutoFound(report.moves.size),
        ),
    )
    scheduleStep(gen)
}

private fun GameController.scheduleStep(gen: Int) {
    playbackTimer = threads.main(state.settings.speed.delayMs) { step(gen) }
}

private fun GameController.step(gen: Int) {
    val g = game ?: return
    val playback = state.playback ?: return
    if (gen != generation || state.phase != Phase.ANIMATING || playback.paused) return
    val index = playback.played
    if (index >= playbackMoves.size) {
        if (g.isSolved()) {
            win(byAuto = true, emptyList())
        } else {
            publish(fromGame(Phase.PLAYING))
            syncClock()
            resumeFewest()
        }
        return
    }
    val slide = g.move(playbackMoves[index])
    if (slide == null) {
        // The board is no longer the one solved: hand it back, playable.
        publish(announce(fromGame(Phase.PLAYING).copy(note = Note.PlaybackBroke), Note.PlaybackBroke))
        syncClock()
        resumeFewest()
        return
    }
    // From Auto's first tile on, the game is helped (a restored game remembers it).
    if (g.isSolved()) {
        publish(state.copy(playback = playback.copy(played = index + 1), helped = true))
        win(byAuto = true, listOf(slide))
        return
    }
    publish(fromGame(Phase.ANIMATING, listOf(slide)).copy(playback = playback.copy(played = index + 1), note = state.note, helped = true))
    scheduleStep(gen)
}

/** Holds Auto's playback where it is; the path is kept for [resumePlayback]. */
fun GameController.pausePlayback() {
    val playback = state.playback ?: return
    if (state.phase != Phase.ANIMATING || playback.paused) return
    playbackTimer?.cancel()
    playbackTimer = null
    publish(announce(state.copy(playback = playback.copy(paused = true)), Note.AutoPaused))
}

/** Auto's playback goes on from the move it was held at. */
fun GameController.resumePlayback() {
    val playback = state.playback ?: return
    if (state.phase != Phase.ANIMATING || !playback.paused) return
    publish(state.copy(playback = playback.copy(paused = false)))
    scheduleStep(generation)
}

/** Cancel while searching, Stop while playing: the board is the player's again, and Auto's
 *  line goes with it. */
fun GameController.stopAuto() {
    if (!state.autoRunning) return
    haltAuto()
    publish(announce(fromGame(Phase.PLAYING).copy(note = Note.AutoStopped, solve = null), Note.AutoStopped))
    syncClock()
    resumeFewest()
}

internal fun GameController.haltAuto() {
    generation += 1
    autoCancel?.cancel()
    autoCancel = null
    playbackTimer?.cancel()
    playbackTimer = null
}

/** Play again after a win: a new shuffle of the same picture and size. */
fun GameController.playAgain() {
    if (state.phase == Phase.WON) shuffle()
}
