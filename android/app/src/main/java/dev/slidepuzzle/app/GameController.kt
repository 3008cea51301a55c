package dev.slidepuzzle.app

/**
 * The state holder: turns the player's intents into core calls and publishes a new immutable
 * [UiState] after each. It owns the game; views render the state and call the intents. Core
 * calls that block (decoding, shuffles, searches) run on [Threads.background]; their results
 * are dropped when the game moved on meanwhile (a generation count).
 *
 * The intents live in five files: this one (the start screen, built-in pictures, the board,
 * moves, peek, the win, dialogs, the clock and the app's lifecycle), `Photo.kt` (a photo picked,
 * cropped and cut), `Searches.kt` (shuffle, the fewest possible, hint, Auto), `Session.kt` (what
 * is saved, and the restore) and `Records.kt` (the records store).
 */
class GameController(
    internal val core: PuzzleCore,
    internal val threads: Threads,
    internal val time: TimeSource,
    internal val storage: Storage,
    internal val decoder: PlatformDecoder?,
    internal val seeds: () -> Long = { System.nanoTime() },
    /** Build pattern databases in the background as soon as a game's goal is known. */
    internal val prefetch: Boolean = true,
    /** The edge the picture is drawn at: the board's side in pixels once the screen says. */
    pictureEdge: Int = DEFAULT_EDGE,
) {
    var state: UiState = UiState()
        private set
    private var listener: ((UiState) -> Unit)? = null

    internal var game: CoreGame? = null
    /** Bumped whenever work in flight must be dropped. */
    internal var generation = 0
    /** Bumped when the picture changes, so a sharper copy of an old one is dropped. */
    private var pictureGeneration = 0
    internal var pictureEdge = pictureEdge.coerceIn(MIN_EDGE, MAX_EDGE)
        private set
    /** The photo of the current game or crop, kept to cut it again. */
    internal var photoBytes: ByteArray? = null
    internal var autoCancel: CancelHandle? = null
    internal var playbackTimer: CancelHandle? = null
    internal var playbackMoves: List<Dir> = emptyList()
    internal var shuffleCancel: CancelHandle? = null
    /** The phase a shuffle in flight returns to when it is cancelled. */
    internal var shuffleReturn: Phase? = null
    internal var fewestCancel: CancelHandle? = null
    /** The shuffled start the fewest-move search measures. */
    internal var fewestStart: List<Int>? = null
    /** The fewest-move search ran to its end without proving it (or is never run for this
     *  size): it is not run again for this game. */
    internal var fewestGivenUp = false
    /** A won game's fewest-move search, left running for the win's record ([leaveFewest]). */
    internal var recordingFewest: CancelHandle? = null
    /** The id of the last game won: its fewest, found later, completes its record. */
    internal var wonGameId: String? = null
    internal var hintCancel: CancelHandle? = null
    /** This game's id, minted when its shuffle is done and kept with the session: its win is
     *  recorded once, however often it is recorded. */
    internal var gameId: String? = null
    /** The core's records store; null until opened, or when it could not be (a win opens it
     *  again). Used on [Threads.storage] only. */
    @Volatile internal var records: RecordsBook? = null
    /** Bumped by each picture request (a built-in, a photo), so only the last one lands. */
    internal var pictureRequest = 0
    /** Set once the activity is gone: nothing more is published or started. */
    internal var closed = false
    /** In front of the player (between onResume and onPause). */
    internal var active = true
    private var announcements = 0

    init {
        threads.storage {
            val (rows, note) = openRecords()
            threads.main { publish(state.copy(records = rows ?: state.records, note = note ?: state.note)) }
        }
    }

    fun observe(listener: (UiState) -> Unit) {
        this.listener = listener
        listener(state)
    }

    internal fun publish(next: UiState) {
        if (closed) return
        state = next
        listener?.invoke(next)
    }

    /** Hands [note] to TalkBack through the state the view announces from. */
    internal fun announce(next: UiState, note: Note?): UiState {
        if (note == null) return next
        announcements += 1
        return next.copy(announcement = Announcement(announcements, note))
    }

    /** A line for the player (and TalkBack) about something outside the game: no camera app. */
    fun say(note: Note) = publish(announce(state.copy(note = note), note))

    // ---- Start ------------------------------------------------------------------------------

    /** The board size for the next game; remembered with the session. */
    fun selectSize(size: Int) {
        if (size !in MIN_SIZE..MAX_SIZE || state.screen != Screen.START) return
        publish(state.copy(size = size, dialog = null))
    }

    fun showMoreSizes() {
        if (state.screen == Screen.START) publish(state.copy(dialog = DialogState.MoreSizes))
    }

    fun showRecords() {
        if (state.screen == Screen.START) publish(state.copy(screen = Screen.RECORDS, note = null))
    }

    /** A game on built-in picture [id], cut [UiState.size]×[UiState.size]. */
    fun chooseBuiltin(id: String) {
        if (state.screen != Screen.START || state.loadingPhoto) return
        val edge = pictureEdge
        val size = state.size
        val request = ++pictureRequest
        threads.background {
            val result = runCatching { core.builtinPicture(id, edge) }
            threads.main {
                // Only the last picture asked for, and only while the start screen still waits.
                if (request != pictureRequest || state.screen != Screen.START || closed) return@main
                result.fold(
                    onSuccess = {
                        photoBytes = null
                        begin(PictureSource.Builtin(id), it, null, size)
                    },
                    onFailure = { e -> publish(state.copy(note = pictureNote(e))) },
                )
            }
        }
    }

    /** [source] drawn at [edge] pixels (off the UI thread): a built-in by the core, a photo cut
     *  to [crop] from [bytes] or its stored file; null when the photo is gone or unreadable. */
    internal fun draw(source: PictureSource, crop: PhotoCrop?, edge: Int, bytes: ByteArray? = null): PictureData? =
        runCatching {
            when (source) {
                is PictureSource.Builtin -> core.builtinPicture(source.id, edge)
                is PictureSource.Photo -> (bytes ?: storage.loadPhoto(source.fileName))?.let { cut(it, crop, edge) }
            }
        }.getOrNull()

    /** A new game on [art]: the picture whole, waiting for the empty space's tap. */
    internal fun begin(source: PictureSource, art: PictureData?, crop: PhotoCrop?, size: Int) {
        stopAll()
        game = null
        gameId = null
        pictureGeneration += 1
        publish(
            UiState(
                screen = Screen.GAME, phase = Phase.CHOOSE_BLANK, size = size, picture = source, crop = crop,
                art = art, settings = state.settings, wins = state.wins, records = state.records,
                note = Note.ChooseBlank,
            ),
        )
    }

    /** The board is [pixels] wide: the picture is drawn again at that size when it is larger,
     *  so tiles stay sharp. */
    fun boardResized(pixels: Int) {
        val edge = pixels.coerceIn(MIN_EDGE, MAX_EDGE)
        if (edge <= pictureEdge) return
        pictureEdge = edge
        val source = state.picture ?: return
        if (state.art == null || state.screen != Screen.GAME) return
        val gen = pictureGeneration
        val crop = state.crop
        val bytes = photoBytes
        threads.background {
            val sharper = draw(source, crop, edge, bytes)
            threads.main {
                if (gen == pictureGeneration && sharper != null && state.art != null && !closed) publish(state.copy(art = sharper))
            }
        }
    }

    /** Back to the picture choice, asking first when the board has moves. */
    fun requestBackToStart() {
        if (state.hasProgress) {
            publish(state.copy(dialog = DialogState.Confirm(Pending.LEAVE, state.moves)))
        } else {
            backToStart()
        }
    }

    internal fun backToStart() {
        stopAll()
        pauseClock()
        game = null
        publish(
            UiState(
                size = state.size, settings = state.settings, wins = state.wins, records = state.records,
            ),
        )
    }

    /** The system Back: closes a dialog, leaves the crop and records screens, asks before
     *  leaving a game with moves; false on the start screen (the app may close). */
    fun back(): Boolean {
        when {
            state.dialog != null -> dismissDialog()
            state.screen == Screen.CROP -> cropCancel()
            state.screen == Screen.RECORDS -> publish(state.copy(screen = Screen.START))
            state.screen == Screen.GAME -> requestBackToStart()
            else -> return false
        }
        return true
    }

    // ---- Playing ----------------------------------------------------------------------------

    /** A tap on [cell]: picks the empty space's home first, then slides the tapped tile and
     *  any between it and the empty space. */
    fun tap(cell: Int) {
        when (state.phase) {
            Phase.CHOOSE_BLANK -> chooseBlank(cell)
            Phase.READY -> publish(state.copy(note = Note.TapShuffle))
            Phase.PLAYING -> {
                val g = game ?: return
                if (cell !in state.tiles.indices || state.tiles[cell] == 0) return
                val slides = g.tap(cell)
                if (slides.isEmpty()) {
                    val tile = state.tiles[cell].takeIf { state.numbered }
                    publish(state.copy(note = Note.NotInLine(tile), shake = Shake((state.shake?.id ?: 0) + 1, cell)))
                } else {
                    moved(slides)
                }
            }
            else -> {}
        }
    }

    /** A key or a swipe: the tile next to the empty space slides [direction]. */
    fun slide(direction: TileDirection) {
        if (state.phase != Phase.PLAYING || state.screen != Screen.GAME) return
        val step = game?.move(direction.blankMove) ?: return
        moved(listOf(step))
    }

    /** The drag a finger starting on [cell] makes, or null when it moves nothing. */
    fun drag(cell: Int): BoardTouch? =
        if (state.phase == Phase.PLAYING) BoardTouch.start(cell, state.tiles, state.size) else null

    /** A drag let go: [commits] slides its tiles (as a tap on the first), else they settle. */
    fun endDrag(drag: BoardTouch, commits: Boolean) {
        if (commits && drag(drag.startCell)?.cells == drag.cells) tap(drag.startCell)
    }

    fun undo() {
        val g = game ?: return
        if (state.phase != Phase.PLAYING) return
        val slide = g.undo() ?: return
        publish(announce(fromGame(Phase.PLAYING, listOf(slide)).copy(solve = null), movedNote(listOf(slide))))
    }

    fun redo() {
        val g = game ?: return
        if (state.phase != Phase.PLAYING) return
        val slide = g.redo() ?: return
        moved(listOf(slide))
    }

    /** Press and hold (or the Peek button): the whole picture over the tiles while held. The
     *  clock keeps running; the win says how many peeks the game took. */
    fun peek(on: Boolean) {
        if (on == state.peeking) return
        if (on && (state.phase != Phase.PLAYING || state.art == null)) return
        publish(state.copy(peeking = on, peeks = if (on) state.peeks + 1 else state.peeks))
    }

    private fun chooseBlank(cell: Int) {
        if (cell !in 0 until state.size * state.size) return
        val g = try {
            core.newGame(state.size, cell)
        } catch (e: CoreError) {
            return
        }
        game = g
        publish(fromGame(Phase.READY).copy(note = Note.NowShuffle))
        if (prefetch && state.size in 3..4) threads.background { core.prepare(g) }
    }

    internal fun moved(slides: List<SlideStep>) {
        val g = game ?: return
        stopHint()
        if (!state.clockStarted) {
            publish(state.copy(clockStarted = true))
            syncClock()
        }
        if (g.isSolved()) {
            win(byAuto = false, slides)
        } else {
            publish(announce(fromGame(Phase.PLAYING, slides).copy(solve = null), movedNote(slides)))
        }
    }

    private fun movedNote(slides: List<SlideStep>): Note? {
        val first = slides.firstOrNull() ?: return null
        return Note.Moved(slides.map { it.tile }, TileDirection.of(first.fromCell, first.toCell, state.size), state.numbered)
    }

    /**
     * The game is won: the clock stops, the win is celebrated and recorded at once with what is
     * known (on the storage thread, by the game's id, so it counts once). A fewest-move search
     * still running goes on, and its answer completes the banner. A record that could not be
     * written is said in the win.
     */
    internal fun win(byAuto: Boolean, slides: List<SlideStep>) {
        val g = game ?: return
        pauseClock()
        stopHint()
        val helped = byAuto || state.helped
        val id = gameId ?: core.newGameId().also { gameId = it }
        wonGameId = id
        val win = wonGame(g, helped)
        val autoMoves = if (byAuto) state.solve?.moves?.size ?: win.moves else null
        val summary = WinSummary(win.moves, win.elapsedMs, state.fewest, byAuto, helped, state.peeks, null, null, autoMoves = autoMoves)
        val next = fromGame(Phase.WON, slides).copy(
            win = summary, wins = state.wins + 1, peeking = false, clock = ClockState(g.elapsedMs()),
        )
        // Auto's win says Auto's moves, as the screen does.
        publish(announce(next, Note.Won(autoMoves ?: win.moves, win.elapsedMs, byAuto)))
        record(id, win)
        // A win by hand after Auto was stopped: the fewest-move search Auto stopped runs again
        // for the banner and the record. After Auto's own win it is not run (the battery): its
        // banner says Auto's path, and a helped game's fewest is shown nowhere.
        if (!byAuto) resumeFewest()
    }

    /** Copies the game into the state; keeps the screen's own fields. */
    internal fun fromGame(phase: Phase, slides: List<SlideStep> = emptyList()): UiState {
        val g = game ?: return state.copy(phase = phase)
        val tiles = g.tiles()
        return state.copy(
            phase = phase,
            tiles = tiles,
            homes = tiles.indices.map { g.homeCell(it) },
            movable = g.movableCells(),
            moves = g.moveCount(),
            canUndo = g.canUndo(),
            canRedo = g.canRedo(),
            lastSlides = slides,
            slideId = if (slides.isEmpty()) state.slideId else state.slideId + 1,
            hint = null,
            note = null,
            playback = if (phase == Phase.ANIMATING) state.playback else null,
            win = if (phase == Phase.WON) state.win else null,
            peeking = if (phase == Phase.PLAYING) state.peeking else false,
        )
    }

    // ---- Dialogs ----------------------------------------------------------------------------

    /** Settings; Auto's playback holds while they show. */
    fun openSettings() = pausePlayback().also { publish(state.copy(dialog = DialogState.Settings)) }

    /** How Auto solved it; playback holds while the player reads. */
    fun openDetails() {
        if (state.solve == null) return
        pausePlayback()
        publish(state.copy(dialog = DialogState.Details))
    }

    /** The status slot tapped: its lines in full; Auto's playback holds while they show. */
    fun openStatus() {
        if (state.screen != Screen.GAME || state.dialog != null) return
        pausePlayback()
        publish(state.copy(dialog = DialogState.Status))
    }

    fun dismissDialog() = publish(state.copy(dialog = null))

    /** A control of the row pressed ([UiState.controls] says which show). */
    fun perform(control: Control) {
        if (state.controls.none { it.control == control && it.enabled }) return
        when (control) {
            Control.SHUFFLE -> requestShuffle()
            Control.HINT -> hint()
            Control.UNDO -> undo()
            Control.REDO -> redo()
            Control.AUTO -> auto()
            Control.PEEK -> peek(!state.peeking)
            Control.CANCEL -> if (state.phase == Phase.SHUFFLING) cancelShuffle() else stopAuto()
            Control.PAUSE -> pausePlayback()
            Control.RESUME -> resumePlayback()
            Control.STOP -> stopAuto()
            Control.PLAY_AGAIN -> playAgain()
        }
    }

    /** The confirmation's yes. */
    fun confirm() {
        val pending = (state.dialog as? DialogState.Confirm)?.pending ?: return
        publish(state.copy(dialog = null))
        when (pending) {
            Pending.LEAVE -> backToStart()
            Pending.SHUFFLE -> shuffle()
        }
    }

    /** Applies the settings dialog; a running Auto picks up a new speed at its next move. */
    fun updateSettings(settings: Settings) = publish(state.copy(settings = settings))

    // ---- Clock and lifecycle ----------------------------------------------------------------

    private val clockShouldRun: Boolean
        get() = active && state.clockStarted && state.phase == Phase.PLAYING && state.screen == Screen.GAME

    /** Starts or stops the clock to match the phase; the time is banked in the game. */
    internal fun syncClock() {
        if (clockShouldRun) {
            if (state.clock.runningSince == null) {
                publish(state.copy(clock = ClockState(game?.elapsedMs() ?: 0, time.nowMs())))
            }
        } else {
            pauseClock()
        }
    }

    /** Adds the running time to the game and stops the clock. */
    internal fun pauseClock() {
        val since = state.clock.runningSince ?: return
        val g = game
        g?.addElapsedMs(time.nowMs() - since)
        publish(state.copy(clock = ClockState(g?.elapsedMs() ?: state.clock.bankedMs)))
    }

    /** The app left the screen: the clock pauses, searches stop, Auto's playback holds with its
     *  path kept, and Auto's search stops, to run again on [resume]. */
    fun pause() {
        active = false
        if (state.phase == Phase.SOLVING) haltAuto()
        pausePlayback()
        stopFewest()
        recordingFewest?.cancel()
        recordingFewest = null
        stopHint()
        pauseClock()
        if (state.peeking) publish(state.copy(peeking = false))
    }

    /** The app is in front again: the clock resumes if a game is on; the fewest-move search
     *  starts again if it had not finished. */
    fun resume() {
        active = true
        if (state.phase == Phase.SOLVING && autoCancel == null) search()
        syncClock()
        resumeFewest()
    }

    /** Stops everything in flight: Auto, its playback, a shuffle, the fewest-move search (a won
     *  game's goes on for its record, see [leaveFewest]). */
    internal fun stopAll() {
        haltAuto()
        leaveFewest()
        stopHint()
        shuffleCancel?.cancel()
        shuffleCancel = null
        shuffleReturn = null
        generation += 1
    }

    /** The activity is gone for good (or recreated with a new controller): everything in flight
     *  stops, and what still arrives is dropped. The records store stays open for the next. */
    fun close() {
        listener = null
        pause()
        stopAll()
        closed = true
    }

    internal fun pictureNote(e: Throwable): Note = when (e) {
        is PhotoGone -> Note.PhotoGone
        is CoreError -> Note.PictureFailed(e)
        else -> Note.PictureFailed(CoreError(CoreError.Kind.PICTURE_OTHER, e.message ?: ""))
    }

    /** The photo's bytes could not be read (moved, deleted, no permission). */
    class PhotoGone : Exception()

    companion object {
        const val MIN_SIZE = 3
        const val MAX_SIZE = 8
        /** Until the board's size is known: sharp on most phones, one 4.6 MB buffer. */
        const val DEFAULT_EDGE = 1080
        const val MIN_EDGE = 256
        /** At most 2048 pixels: 16 MB of pixels, a phone's fair share. */
        const val MAX_EDGE = 2048
        /** The crop screen's photo: sharp enough for a tablet's frame, small enough to decode. */
        const val PREVIEW_EDGE = 1600
    }
}
