package dev.slidepuzzle.app

/** Which screen shows. */
enum class Screen { START, CROP, GAME, RECORDS }

/** Where a game is. */
enum class Phase {
    /** The picture is shown whole; the first tap picks the empty space's home. */
    CHOOSE_BLANK,
    /** Empty space chosen, board still solved: waiting for Shuffle. */
    READY,
    /** A shuffle runs on a new board; the old one cannot be played until it is swapped in. */
    SHUFFLING,
    PLAYING,
    /** Auto is searching in the background. */
    SOLVING,
    /** Auto is playing its moves one by one. */
    ANIMATING,
    WON,
}

/** Where the picture comes from. */
sealed class PictureSource {
    /** A built-in picture, drawn by the core. */
    data class Builtin(val id: String) : PictureSource()

    /** A photo the app copied into its files ([fileName] in the photos folder). */
    data class Photo(val fileName: String) : PictureSource()

    /** The name personal bests are kept under: the built-in's id, or "photo". */
    val recordName: String get() = if (this is Builtin) id else "photo"

    fun encode(): String = when (this) {
        is Builtin -> "builtin:$id"
        is Photo -> "photo:$fileName"
    }

    companion object {
        fun decode(text: String?): PictureSource? = when {
            text == null -> null
            text.startsWith("builtin:") -> Builtin(text.removePrefix("builtin:"))
            text.startsWith("photo:") -> Photo(text.removePrefix("photo:"))
            else -> null
        }
    }
}

/** The square a player chose, in fractions of the upright photo (as the core takes it). */
data class PhotoCrop(val x: Double, val y: Double, val side: Double) {
    fun encode() = "$x,$y,$side"

    companion object {
        fun decode(text: String?): PhotoCrop? {
            val parts = text?.split(',')?.mapNotNull { it.toDoubleOrNull() } ?: return null
            return if (parts.size == 3) PhotoCrop(parts[0], parts[1], parts[2]) else null
        }
    }
}

/** The way a tile slides (the empty space goes the other way). */
enum class TileDirection {
    UP, DOWN, LEFT, RIGHT;

    /** The core's direction: the way the empty space moves for this slide. */
    val blankMove: Dir
        get() = when (this) {
            UP -> Dir.DOWN
            DOWN -> Dir.UP
            LEFT -> Dir.RIGHT
            RIGHT -> Dir.LEFT
        }

    companion object {
        /** The tile's slide for a move of the empty space. */
        fun ofBlankMove(d: Dir): TileDirection = when (d) {
            Dir.UP -> DOWN
            Dir.DOWN -> UP
            Dir.LEFT -> RIGHT
            Dir.RIGHT -> LEFT
        }

        /** The way a tile moved from [from] to [to] on a board [size] wide. */
        fun of(from: Int, to: Int, size: Int): TileDirection = when (to - from) {
            1 -> RIGHT
            -1 -> LEFT
            size -> DOWN
            else -> UP
        }
    }
}

/** The hint: the tile's cell and the way it slides (an arrow, not colour alone). */
data class Hint(val cell: Int, val tile: Int, val direction: TileDirection)

/** The player's clock: time banked plus, while running, the time since [runningSince]. */
data class ClockState(val bankedMs: Long = 0, val runningSince: Long? = null) {
    fun elapsedMs(nowMs: Long): Long = bankedMs + (runningSince?.let { (nowMs - it).coerceAtLeast(0) } ?: 0)
    val running: Boolean get() = runningSince != null
}

/** Auto's playback progress. */
data class Playback(val played: Int, val total: Int, val paused: Boolean = false)

/** What a finished Auto solve did. */
data class SolveReport(
    val moves: List<Dir>,
    val optimal: Boolean,
    val lowerBound: Int,
    val positions: Long,
    val elapsedMs: Long,
    /** The core's name for what ran ("auto:idastar+pdb"); shown only in the details. */
    val method: String,
    val choice: AlgorithmChoice,
)

/** The fewest possible moves from the shuffled start, as far as known. */
data class Fewest(val moves: Int, val proven: Boolean)

/** How a win compares with the player's bests of its size and picture. */
sealed class Improvement {
    object First : Improvement()
    data class Better(val was: Long) : Improvement()
    object Equal : Improvement()
    data class NotBetter(val best: Long) : Improvement()
}

/** The win banner's content. */
data class WinSummary(
    val moves: Int,
    val elapsedMs: Long,
    val fewest: Fewest?,
    val byAuto: Boolean,
    val helped: Boolean,
    val peeks: Int,
    val movesChange: Improvement?,
    val timeChange: Improvement?,
    /** The records could not be written: this win is not among them. */
    val notRecorded: Boolean = false,
    /** Auto's win: the moves Auto played, from where it took over (the game's [moves] count the
     *  player's before it too). */
    val autoMoves: Int? = null,
)

/** A line for the player: typed here, worded from resources by [PlayerText]. */
sealed class Note {
    object ChooseBlank : Note()
    object NowShuffle : Note()
    object TapShuffle : Note()
    /** A tap off the empty space's row and column; [tile] is null when numbers are hidden. */
    data class NotInLine(val tile: Int?) : Note()
    object Shuffling : Note()
    object PreparingShuffle : Note()
    object ShuffleCancelled : Note()
    data class LevelNotOffered(val level: Difficulty, val size: Int) : Note()
    data class Searching(val positions: Long) : Note()
    object PreparingDatabases : Note()
    object AutoStopped : Note()
    object PlaybackBroke : Note()
    /** The hint's line: by tile number when [numbered], else by the marked piece's way. */
    data class HintNote(val hint: Hint, val numbered: Boolean = true) : Note()
    data class PatternDatabasesTooSmall(val size: Int) : Note()
    data class SolveFailed(val error: CoreError, val choice: AlgorithmChoice, val size: Int) : Note()
    /** The hint's search gave no move (out of time, or another failure). */
    data class HintFailed(val error: CoreError) : Note()
    /** Auto's playback held: by the player, the app leaving the screen, or the details. */
    object AutoPaused : Note()
    data class PictureFailed(val error: CoreError) : Note()
    object PhotoMissing : Note()
    object PhotoGone : Note()
    object RestoreFailed : Note()
    object RecordsKeptAside : Note()
    /** The records are there but could not be read: nothing is written over them. */
    object RecordsUnreadable : Note()
    /** This win could not be written into the records. */
    object RecordNotSaved : Note()
    /** A hint is being found (a tap on Hint again cancels it). */
    object FindingHint : Note()
    object NoCamera : Note()
    object NoPicker : Note()
    data class Moved(val tiles: List<Int>, val direction: TileDirection, val numbered: Boolean = true) : Note()
    data class Won(val moves: Int, val elapsedMs: Long, val byAuto: Boolean = false) : Note()
    object AutoStarted : Note()
    data class AutoFound(val moves: Int) : Note()
}

/** A tap that moved nothing: the tile at [cell] shakes ([id] makes each tap a new shake). */
data class Shake(val id: Int, val cell: Int)

/** A line TalkBack says about the last change; [id] makes the same text twice a new one. */
data class Announcement(val id: Int, val note: Note)

/** What the player asked for that drops the moves made, until they confirm it. */
enum class Pending { LEAVE, SHUFFLE }

/** A dialog over the screen. */
sealed class DialogState {
    object Settings : DialogState()
    object Details : DialogState()
    object MoreSizes : DialogState()
    /** The status slot's lines in full (a long explanation, the whole win). */
    object Status : DialogState()
    data class Confirm(val pending: Pending, val moves: Int) : DialogState()
}

/** The crop screen: the photo's upright size, the frame over it, and whether it still loads. */
data class CropState(
    val width: Int,
    val height: Int,
    val frame: CropFrame,
    /** The photo as the screen shows it (the whole upright photo, scaled down). */
    val preview: Preview?,
    /** The chosen square is being turned into the puzzle's picture. */
    val preparing: Boolean = false,
    /** The photo's file in the photos folder, once kept (a restore comes back to it). */
    val photoName: String? = null,
)

/** The whole app's screen as one immutable value; the views draw it and send intents. */
data class UiState(
    val screen: Screen = Screen.START,
    val phase: Phase = Phase.CHOOSE_BLANK,
    /** Board side, remembered between games and launches. */
    val size: Int = 4,
    val picture: PictureSource? = null,
    val crop: PhotoCrop? = null,
    /** The picture's pixels; null shows numbered tiles (a photo that is gone). */
    val art: PictureData? = null,
    /** Tile labels row-major, 0 = the empty space; empty before the empty space is chosen. */
    val tiles: List<Int> = emptyList(),
    /** For each tile label, the cell whose piece of the picture it shows. */
    val homes: List<Int> = emptyList(),
    /** Cells a tap would move (the empty space's row and column). */
    val movable: Set<Int> = emptySet(),
    val moves: Int = 0,
    val canUndo: Boolean = false,
    val canRedo: Boolean = false,
    val clock: ClockState = ClockState(),
    /** Whether the clock has started (at the first move after a shuffle). */
    val clockStarted: Boolean = false,
    val fewest: Fewest? = null,
    /** The fewest-move search runs in the background. */
    val findingFewest: Boolean = false,
    /** A hint is being searched for (one at a time). */
    val findingHint: Boolean = false,
    val hint: Hint? = null,
    val note: Note? = null,
    /** The slides of the last move, for the board's animation. */
    val lastSlides: List<SlideStep> = emptyList(),
    /** Counts moves: the board animates [lastSlides] only when this changes, so a publish that
     *  changes only a line, the search's count or a dialog moves nothing. */
    val slideId: Int = 0,
    /** The last tap that moved nothing, for the board to shake that tile. */
    val shake: Shake? = null,
    val solve: SolveReport? = null,
    val playback: Playback? = null,
    val win: WinSummary? = null,
    /** Auto or a hint was used in this game: a win is recorded apart. */
    val helped: Boolean = false,
    val peeking: Boolean = false,
    val peeks: Int = 0,
    val settings: Settings = Settings(),
    val dialog: DialogState? = null,
    val announcement: Announcement? = null,
    /** Wins played live in this run (the celebration and its haptic follow this). */
    val wins: Int = 0,
    val cropState: CropState? = null,
    /** The start screen's line of the chosen size's best, and the records screen's rows. */
    val records: List<RecordRow> = emptyList(),
    /** A photo is being read from the picker or the camera. */
    val loadingPhoto: Boolean = false,
) {
    /** The empty space's cell, or -1 before it is chosen. */
    val blankCell: Int get() = tiles.indexOf(0)

    /** Whether moves, Hint and Auto make sense now. */
    val canPlay: Boolean get() = phase == Phase.PLAYING

    /** Whether Auto is searching or playing (Cancel/Stop shows). */
    val autoRunning: Boolean get() = phase == Phase.SOLVING || phase == Phase.ANIMATING

    /** Whether leaving this board loses something the player did. */
    val hasProgress: Boolean
        get() = moves > 0 && phase in setOf(Phase.PLAYING, Phase.SOLVING, Phase.ANIMATING, Phase.SHUFFLING)

    /** Auto is offered on a shuffled, unsolved board only. */
    val canAuto: Boolean get() = phase == Phase.PLAYING && tiles.isNotEmpty() && !solved

    /** Whether the tiles show their numbers (chosen, or the picture is gone). */
    val numbered: Boolean get() = settings.showNumbers || art == null

    /** Whether the tiles stand in the goal's order. */
    val solved: Boolean get() = tiles.isNotEmpty() && tiles.indices.all { homes.getOrNull(tiles[it]) == it }
}

/** One size and picture's personal bests, as the screens show them. */
data class RecordRow(
    val size: Int,
    val picture: String,
    val won: Int,
    val wonWithoutPeeking: Int,
    val fewestMoves: Int?,
    val fewestPossible: Fewest?,
    val fastestMs: Long?,
    val helpedWon: Int,
)

/** A button of the game screen's one row of controls. */
enum class Control {
    SHUFFLE, HINT, UNDO, REDO, AUTO, PEEK,
    /** Cancel a shuffle or Auto's search. */
    CANCEL,
    PAUSE, RESUME,
    /** Stop Auto's playback: the board is the player's again. */
    STOP,
    PLAY_AGAIN;

    /** Drawn prominent: what the eye should find first. Shuffle, which drops the board, never
     *  is; Auto while playing, Stop while Auto plays, Play again after a win. */
    val isPrimary: Boolean get() = this == AUTO || this == STOP || this == PLAY_AGAIN
}

/** A control as the row shows it. */
data class ControlItem(val control: Control, val enabled: Boolean = true)

/** Which controls show now, as data: ready: Shuffle; shuffling or searching: Cancel; playing
 *  back: Pause or Resume, and Stop; won: Play again; playing: Shuffle, Hint, Undo, Redo, Auto,
 *  Peek. Choosing the empty space shows none (the board is the control). */
val UiState.controls: List<ControlItem>
    get() {
        if (screen != Screen.GAME) return emptyList()
        return when (phase) {
            Phase.CHOOSE_BLANK -> emptyList()
            Phase.READY -> listOf(ControlItem(Control.SHUFFLE))
            Phase.SHUFFLING, Phase.SOLVING -> listOf(ControlItem(Control.CANCEL))
            Phase.ANIMATING -> listOf(ControlItem(if (playback?.paused == true) Control.RESUME else Control.PAUSE), ControlItem(Control.STOP))
            Phase.WON -> listOf(ControlItem(Control.PLAY_AGAIN))
            Phase.PLAYING -> listOf(
                ControlItem(Control.SHUFFLE),
                ControlItem(Control.HINT, !solved),
                ControlItem(Control.UNDO, canUndo),
                ControlItem(Control.REDO, canRedo),
                ControlItem(Control.AUTO, canAuto),
                ControlItem(Control.PEEK, art != null),
            )
        }
    }
