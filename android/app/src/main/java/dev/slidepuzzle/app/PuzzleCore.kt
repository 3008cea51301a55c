package dev.slidepuzzle.app

/**
 * What the app needs from the puzzle core, in the app's own terms. [RustCore] is the one
 * implementation (the Rust library through the generated bindings); a test that needs a failure
 * wraps it and throws where it must, never re-implementing the game.
 *
 * Every method may throw [CoreError]. Those that search or decode block: call them from
 * [Threads.background], never the UI thread.
 */
interface PuzzleCore {
    /** A solved game with the empty space's home at [blankCell]. */
    fun newGame(size: Int, blankCell: Int): CoreGame

    /** A game from [CoreGame.save] text. */
    fun restore(save: String): CoreGame

    /** The built-in pictures' ids, in display order. */
    fun builtinIds(): List<String>

    /** Draws a built-in picture. */
    fun builtinPicture(id: String, edge: Int): PictureData

    /** A photo's upright size, from its header. */
    fun photoSize(bytes: ByteArray): Pair<Int, Int>

    /** The whole photo, upright, scaled to fit [maxEdge]: what the crop screen shows. */
    fun photoPreview(bytes: ByteArray, maxEdge: Int): Preview

    /** The photo turned upright, cut to [crop] (the centre square when null), resized. */
    fun photoPicture(bytes: ByteArray, crop: PhotoCrop?, edge: Int): PictureData

    /** Pixels the platform decoded (HEIF), cut to [crop] and resized as a photo is. */
    fun pixelsPicture(pixels: DecodedPixels, crop: PhotoCrop?, edge: Int): PictureData

    /** Where the piece of [cell] lies in the picture: x, y, width, height. */
    fun tileRect(size: Int, edge: Int, cell: Int): IntArray

    /** Gets the pattern databases for [game]'s goal ready ahead of its first Auto (once). */
    fun prepare(game: CoreGame)

    /** Whether [game]'s pattern databases are at hand (in memory or cached), so that a search
     *  that needs them does not build them first. */
    fun hasTables(game: CoreGame): Boolean

    /** A token that stops a running search. */
    fun newCancel(): CancelHandle

    /** The fewest moves from [start] to [goal] when proven within [timeoutMs] on at most two
     *  threads (it runs beside the player's game), else null. */
    fun fewest(start: List<Int>, goal: List<Int>, timeoutMs: Long, cancel: CancelHandle): Fewest?

    /** The personal bests kept by the core's records store in [folder] (it owns the folder's
     *  files). Throws [CoreError] ([CoreError.Kind.RECORDS_UNREADABLE]) when the records are
     *  there but cannot be read: never taken for "no records". Reads files: off the UI thread. */
    fun openRecords(folder: java.io.File): RecordsBook

    /** A new game's id (random, 128 bits): a win is recorded once per id. */
    fun newGameId(): String
}

/** One game in progress. Every method is cheap except the searches, which block. */
interface CoreGame {
    val size: Int
    fun tiles(): List<Int>
    fun goal(): List<Int>
    fun homeCell(tile: Int): Int
    fun movableCells(): Set<Int>
    fun isSolved(): Boolean
    fun moveCount(): Int
    fun canUndo(): Boolean
    fun canRedo(): Boolean
    /** Play time the game holds (the clock banks into it). */
    fun elapsedMs(): Long
    fun addElapsedMs(ms: Long)

    /** Taps a cell; the slides it made (empty when that cell cannot move). */
    fun tap(cell: Int): List<SlideStep>

    /** Moves the empty space one step, or null when it cannot go that way. */
    fun move(direction: Dir): SlideStep?
    fun undo(): SlideStep?
    fun redo(): SlideStep?

    /** Mixes the board (always solvable) and starts its history over. */
    fun shuffle(level: Difficulty, seed: Long, cancel: CancelHandle)

    /** Solves from the current board without changing it. */
    fun solve(algorithm: AlgorithmChoice, timeoutMs: Long, cancel: CancelHandle, progress: (Long) -> Unit): SolveReport

    /** The empty space's next best move, or null when solved; [cancel] stops the search. */
    fun hint(timeoutMs: Long, cancel: CancelHandle): Dir?
    fun save(): String
}

/** Personal bests in the core's records store. Every call reads or writes files: call them on
 *  [Threads.storage]. */
interface RecordsBook {
    /** Records the win of game [gameId] and says what it changed; the same id again counts
     *  nothing and says the same. Throws [CoreError] when it could not be written
     *  ([CoreError.Kind.RECORDS_UNWRITABLE]): the records on disk are as they were. */
    fun record(gameId: String, win: WonGame): WinRecord

    /** Completes the win of game [gameId], recorded before its fewest possible was known, with
     *  the [fewest] found after it: the game's best keeps it, as if known at the win. Null when
     *  the store does not know the game; the same again changes nothing. Throws [CoreError]
     *  when it could not be written. */
    fun recordFewest(gameId: String, fewest: Fewest): WinRecord?

    fun rows(): List<RecordRow>

    /** Adds records in the core's JSON (the file the app wrote before the store); throws
     *  [CoreError] for a damaged or newer text, or when the result could not be written. */
    fun merge(json: String)

    /** Files of the folder the store kept aside (damaged or newer) since it was opened. */
    fun keptAside(): List<String>
}

/** A won game, as the records take it. */
data class WonGame(
    val size: Int,
    val picture: String,
    val moves: Int,
    val elapsedMs: Long,
    val fewest: Fewest?,
    val helped: Boolean,
    val peeks: Int,
)

/** What a recorded win changed. */
data class WinRecord(val moves: Improvement, val time: Improvement)

/** The way the empty space moves; the tile next to it slides the opposite way. */
enum class Dir { UP, DOWN, LEFT, RIGHT }

/** One tile slide from one cell to the next. */
data class SlideStep(val tile: Int, val fromCell: Int, val toCell: Int)

/** [height] rows of [width] RGBA pixels, [stride] bytes apart, as colour ints (ARGB), so a
 *  bitmap does not depend on the platform's byte order. */
fun rgbaToArgb(rgba: ByteArray, width: Int, height: Int, stride: Int = width * 4): IntArray =
    IntArray(width * height) { i ->
        val o = (i / width) * stride + (i % width) * 4
        (rgba[o + 3].toInt() and 0xFF shl 24) or (rgba[o].toInt() and 0xFF shl 16) or
            (rgba[o + 1].toInt() and 0xFF shl 8) or (rgba[o + 2].toInt() and 0xFF)
    }

/** A square picture as colour ints (ARGB), ready for a bitmap. */
class PictureData(val edge: Int, val argb: IntArray)

/** A whole photo, scaled, as colour ints (ARGB). */
class Preview(val width: Int, val height: Int, val argb: IntArray)

/** Pixels a platform decoder made: [height] rows of [width] RGBA pixels, [stride] bytes apart. */
class DecodedPixels(val width: Int, val height: Int, val rgba: ByteArray, val stride: Int)

/** Stops a search or a shuffle. */
fun interface CancelHandle {
    fun cancel()
}

/** What the core refused, by kind; [detail] is the core's own sentence (for the details only). */
class CoreError(val kind: Kind, val detail: String) : Exception(detail) {
    enum class Kind {
        INVALID,
        LIMIT_MEMORY,
        LIMIT_TIME,
        LIMIT_NODES,
        CANCELLED,
        UNSUPPORTED,
        DATABASES,
        BAD_SAVE,
        PICTURE_UNKNOWN_FORMAT,
        PICTURE_TRUNCATED,
        PICTURE_DAMAGED,
        PICTURE_TOO_LARGE,
        PICTURE_EMPTY,
        PICTURE_OTHER,
        RECORDS_DAMAGED,
        RECORDS_NEWER,
        /** The records are there but cannot be read (or kept aside): nothing was written. */
        RECORDS_UNREADABLE,
        /** A change to the records could not be written: the file is as it was. */
        RECORDS_UNWRITABLE,
    }
}
