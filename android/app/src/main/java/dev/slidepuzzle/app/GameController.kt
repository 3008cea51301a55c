package dev.slidepuzzle.app

/** Runs work off and on the UI thread; Android uses a Handler and an executor, tests a fake. */
interface Threads {
    fun background(task: () -> Unit)
    /** Runs [task] on the UI thread after [delayMs]; the returned handle cancels it. */
    fun main(delayMs: Long = 0, task: () -> Unit): CancelHandle
}

/**
 * The state holder: turns player actions into core calls and publishes a new [UiState] after
 * each. It owns the game; the views only render the state and forward taps.
 */
class GameController(
    private val core: PuzzleCore,
    private val threads: Threads,
    private val seeds: () -> Long = { System.nanoTime() },
    initial: UiState = UiState(),
    /** Build pattern databases in the background as soon as a game's goal is known. */
    private val prefetch: Boolean = true,
) {
    var state: UiState = initial
        private set
    private var game: CoreGame? = null
    private var listener: ((UiState) -> Unit)? = null
    private var cancel: CancelHandle? = null
    private var playback: CancelHandle? = null
    private var ticker: CancelHandle? = null
    /** Bumped on every new solve so a stale result is dropped. */
    private var generation = 0

    fun observe(listener: (UiState) -> Unit) {
        this.listener = listener
        listener(state)
    }

    private fun publish(next: UiState) {
        state = next
        listener?.invoke(next)
    }

    /** The state read off the game, keeping the screen settings. */
    private fun fromGame(base: UiState, phase: Phase, slides: List<SlideStep> = emptyList()): UiState {
        val g = game ?: return base.copy(phase = phase)
        val tiles = g.tiles()
        return base.copy(
            phase = phase,
            size = g.size,
            tiles = tiles,
            homes = (0 until tiles.size).map { g.homeCell(it) },
            movable = g.movableCells(),
            moves = g.moveCount(),
            elapsedMs = g.elapsedMs(),
            canUndo = g.canUndo(),
            canRedo = g.canRedo(),
            lastSlides = slides,
            hintCell = null,
        )
    }

    /** Picture and size chosen: show the picture whole and wait for the blank's tap. */
    fun start(picture: PictureSource, size: Int) {
        stopAuto()
        game = null
        publish(
            state.copy(
                phase = Phase.CHOOSE_BLANK, picture = picture, size = size, tiles = emptyList(),
                homes = emptyList(), movable = emptySet(), moves = 0, elapsedMs = 0, best = null,
                solveInfo = null, message = "Tap the tile that becomes the empty space",
                canUndo = false, canRedo = false, lastSlides = emptyList(),
            ),
        )
    }

    fun backToStart() {
        stopAuto()
        stopTicker()
        game = null
        publish(state.copy(phase = Phase.START, tiles = emptyList(), message = null, solveInfo = null))
    }

    /** A tap on a board cell. */
    fun tap(cell: Int) {
        when (state.phase) {
            Phase.CHOOSE_BLANK -> {
                val g = core.newGame(state.size, cell)
                game = g
                publish(fromGame(state, Phase.READY).copy(message = "Now shuffle"))
                if (prefetch) threads.background { core.prepare(g) }
            }
            Phase.READY, Phase.PLAYING -> {
                val g = game ?: return
                val slides = g.tap(cell)
                if (slides.isEmpty()) {
                    publish(state.copy(message = "That tile is not in the empty space's row or column"))
                } else {
                    afterMove(slides)
                }
            }
            else -> {}
        }
    }

    /** A swipe: the tile next to the blank slides in [tileDirection]. */
    fun swipe(tileDirection: Dir) {
        if (state.phase != Phase.PLAYING && state.phase != Phase.READY) return
        val blank = when (tileDirection) { // the blank goes the other way
            Dir.UP -> Dir.DOWN
            Dir.DOWN -> Dir.UP
            Dir.LEFT -> Dir.RIGHT
            Dir.RIGHT -> Dir.LEFT
        }
        val step = game?.move(blank) ?: return
        afterMove(listOf(step))
    }

    private fun afterMove(slides: List<SlideStep>) {
        val g = game ?: return
        val wasPlaying = state.phase == Phase.PLAYING
        if (wasPlaying && g.isSolved()) {
            stopTicker()
            publish(fromGame(state, Phase.WON, slides).copy(message = winMessage(g)))
        } else {
            val phase = if (wasPlaying) Phase.PLAYING else Phase.READY
            publish(fromGame(state, phase, slides).copy(message = null))
        }
    }

    private fun winMessage(g: CoreGame): String {
        val secs = g.elapsedMs() / 1000
        val best = state.best?.let { " · best possible $it" } ?: ""
        return "Solved in ${g.moveCount()} moves and ${secs / 60}:${"%02d".format(secs % 60)}$best"
    }

    /**
     * Mixes the board. A random walk is instant; an exact-distance shuffle searches (and on
     * 4×4 may first build the pattern databases), so it runs in the background.
     */
    fun shuffle() {
        val g = game ?: return
        if (state.phase == Phase.SOLVING || state.phase == Phase.ANIMATING) stopAuto()
        val level = state.difficulty.takeIf { it.distance == null || g.size <= 4 } ?: Difficulty.RANDOM
        val seed = seeds()
        if (level.distance == null) {
            shuffled(level, runCatching { g.shuffle(level, seed) })
            return
        }
        val gen = ++generation
        publish(state.copy(phase = Phase.SOLVING, message = "Preparing a ${level.label} shuffle…"))
        threads.background {
            val outcome = try {
                Result.success(g.shuffle(level, seed))
            } catch (e: CoreException) {
                Result.failure(e)
            }
            threads.main { if (gen == generation) shuffled(level, outcome) }
        }
    }

    private fun shuffled(level: Difficulty, outcome: Result<Unit>) {
        outcome.exceptionOrNull()?.let { e ->
            publish(fromGame(state, Phase.PLAYING).copy(message = e.message))
            return
        }
        publish(fromGame(state, Phase.PLAYING).copy(best = level.distance, solveInfo = null, message = null))
        startTicker()
        if (level.distance == null) computeBest()
    }

    /** Finds the best possible count in the background (shown as "best: 22"). */
    private fun computeBest() {
        val g = game ?: return
        val gen = generation
        val budget = if (g.size <= 4) 10_000L else 2_000L
        val token = core.newCancel()
        threads.background {
            val best = try {
                g.solve(AlgorithmChoice.AUTO, budget, token) {}.takeIf { it.optimal }?.moves?.size
            } catch (e: CoreException) {
                null
            }
            threads.main {
                if (gen == generation && best != null && state.phase == Phase.PLAYING && state.moves == 0) {
                    publish(state.copy(best = best))
                }
            }
        }
    }

    fun undo() {
        if (state.phase != Phase.PLAYING && state.phase != Phase.READY) return
        game?.undo()?.let { publish(fromGame(state, state.phase, listOf(it))) }
    }

    fun redo() {
        if (state.phase != Phase.PLAYING && state.phase != Phase.READY) return
        game?.redo()?.let { afterMove(listOf(it)) }
    }

    /** Finds the next best move in the background and highlights its tile. */
    fun hint() {
        val g = game ?: return
        if (state.phase != Phase.PLAYING) return
        val gen = generation
        val tiles = state.tiles
        threads.background {
            val outcome = try {
                Result.success(g.hint(3_000))
            } catch (e: CoreException) {
                Result.failure(e)
            }
            threads.main {
                // Dropped if anything moved meanwhile.
                if (gen != generation || state.tiles != tiles || state.phase != Phase.PLAYING) return@main
                outcome.fold(
                    onSuccess = { dir -> if (dir != null) showHint(dir) },
                    onFailure = { e -> publish(state.copy(message = e.message)) },
                )
            }
        }
    }

    private fun showHint(dir: Dir) {
        // The tile that would move is the blank's neighbour in that direction.
        val blank = state.blankCell
        val n = state.size
        val cell = when (dir) {
            Dir.UP -> blank - n
            Dir.DOWN -> blank + n
            Dir.LEFT -> blank - 1
            Dir.RIGHT -> blank + 1
        }
        publish(state.copy(hintCell = cell, message = "Hint: slide tile ${state.tiles[cell]}"))
    }

    fun setNumbers(show: Boolean) = publish(state.copy(showNumbers = show))
    fun setAlgorithm(a: AlgorithmChoice) = publish(state.copy(algorithm = a))
    fun setDifficulty(d: Difficulty) = publish(state.copy(difficulty = d))
    fun setSpeed(ms: Long) = publish(state.copy(speedMs = ms.coerceIn(30, 2_000)))

    /** Auto: solve in the background, then play the moves one by one. */
    fun auto() {
        val g = game ?: return
        if (state.phase != Phase.PLAYING && state.phase != Phase.READY) return
        val gen = ++generation
        val token = core.newCancel()
        cancel = token
        val algorithm = state.algorithm
        publish(state.copy(phase = Phase.SOLVING, message = "Solving with ${algorithm.label}…", progressNodes = 0))
        threads.background {
            val outcome: Result<SolveReport> = try {
                Result.success(
                    g.solve(algorithm, 10_000, token) { nodes ->
                        threads.main { if (gen == generation) publish(state.copy(progressNodes = nodes)) }
                    },
                )
            } catch (e: CoreException) {
                Result.failure(e)
            }
            threads.main {
                if (gen != generation) return@main
                cancel = null
                outcome.fold(
                    onSuccess = { play(it, gen) },
                    onFailure = { e ->
                        val text = when ((e as? SolveFailed)?.kind) {
                            SolveFailed.Kind.BUDGET -> "${algorithm.label} ran out of budget: ${e.message}"
                            SolveFailed.Kind.CANCELLED -> "Auto cancelled"
                            else -> e.message
                        }
                        publish(fromGame(state, Phase.PLAYING).copy(message = text))
                    },
                )
            }
        }
    }

    private fun play(report: SolveReport, gen: Int) {
        val info = buildString {
            append(report.algorithm)
            append(" · ${"%,d".format(report.expanded)} nodes · ${report.elapsedMs} ms · ${report.moves.size} moves · ")
            append(if (report.optimal) "optimal" else "not proven optimal (at least ${report.lowerBound})")
        }
        publish(state.copy(phase = Phase.ANIMATING, solveInfo = info, message = null,
            best = if (report.optimal && state.moves == 0) report.moves.size else state.best))
        step(report.moves, 0, gen)
    }

    private fun step(moves: List<Dir>, index: Int, gen: Int) {
        val g = game ?: return
        if (gen != generation) return
        if (index == moves.size || g.isSolved()) {
            stopTicker()
            publish(fromGame(state, if (g.isSolved()) Phase.WON else Phase.PLAYING).copy(
                message = if (g.isSolved()) "Solved by Auto in ${moves.size} moves" else null,
            ))
            return
        }
        val slide = g.move(moves[index])
        publish(fromGame(state, Phase.ANIMATING, listOfNotNull(slide)))
        playback = threads.main(state.speedMs) { step(moves, index + 1, gen) }
    }

    /** Cancel: stops the search and the playback. */
    fun cancelAuto() {
        if (state.phase != Phase.SOLVING && state.phase != Phase.ANIMATING) return
        stopAuto()
        publish(fromGame(state, Phase.PLAYING).copy(message = "Auto cancelled"))
    }

    private fun stopAuto() {
        generation++
        cancel?.cancel()
        cancel = null
        playback?.cancel()
        playback = null
    }

    private fun startTicker() {
        stopTicker()
        ticker = threads.main(1_000) { tick() }
    }

    private fun tick() {
        val g = game ?: return
        if (state.phase == Phase.PLAYING || state.phase == Phase.SOLVING || state.phase == Phase.ANIMATING) {
            g.addElapsedMs(1_000)
            publish(state.copy(elapsedMs = g.elapsedMs(), lastSlides = emptyList()))
            ticker = threads.main(1_000) { tick() }
        }
    }

    private fun stopTicker() {
        ticker?.cancel()
        ticker = null
    }

    /** Everything needed to come back after rotation, backgrounding or process death. */
    fun saved(): Map<String, String> {
        val out = HashMap<String, String>()
        out["phase"] = when (state.phase) {
            Phase.SOLVING, Phase.ANIMATING -> Phase.PLAYING.name // a solve is not resumed
            else -> state.phase.name
        }
        out["size"] = state.size.toString()
        state.picture?.let { out["picture"] = it.encode() }
        out["numbers"] = state.showNumbers.toString()
        out["algorithm"] = state.algorithm.name
        out["difficulty"] = state.difficulty.name
        out["speed"] = state.speedMs.toString()
        state.best?.let { out["best"] = it.toString() }
        game?.let { out["game"] = it.save() }
        return out
    }

    /** Restores [saved] output; a damaged save starts over at the picture choice. */
    fun restore(saved: Map<String, String>) {
        stopAuto()
        val phase = saved["phase"]?.let { runCatching { Phase.valueOf(it) }.getOrNull() } ?: Phase.START
        val base = state.copy(
            size = saved["size"]?.toIntOrNull() ?: 3,
            picture = PictureSource.decode(saved["picture"]),
            showNumbers = saved["numbers"] == "true",
            algorithm = saved["algorithm"]?.let { runCatching { AlgorithmChoice.valueOf(it) }.getOrNull() }
                ?: AlgorithmChoice.AUTO,
            difficulty = saved["difficulty"]?.let { runCatching { Difficulty.valueOf(it) }.getOrNull() }
                ?: Difficulty.RANDOM,
            speedMs = saved["speed"]?.toLongOrNull() ?: 250,
            best = saved["best"]?.toIntOrNull(),
        )
        val text = saved["game"]
        game = null
        if (text != null && phase != Phase.START && phase != Phase.CHOOSE_BLANK) {
            try {
                game = core.restore(text)
            } catch (e: CoreException) {
                publish(base.copy(phase = Phase.START, message = "The saved game was damaged: ${e.message}"))
                return
            }
            publish(fromGame(base, phase).copy(message = null))
            if (phase == Phase.PLAYING) startTicker()
        } else if (phase == Phase.CHOOSE_BLANK && base.picture != null) {
            state = base
            start(base.picture, base.size)
        } else {
            publish(base.copy(phase = Phase.START))
        }
    }
}
