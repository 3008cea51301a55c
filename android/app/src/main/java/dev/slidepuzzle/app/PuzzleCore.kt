package dev.slidepuzzle.app

/**
 * What the app needs from the puzzle core, in the app's own terms. [RustCore] is the real one
 * (the Rust core through the generated UniFFI bindings); unit tests use a fake.
 */
interface PuzzleCore {
    /** A solved game with the blank's home at [blankCell]. */
    fun newGame(size: Int, blankCell: Int): CoreGame

    /** A game from [CoreGame.save] text; throws [CoreException] for a damaged save. */
    fun restore(save: String): CoreGame

    /** Built-in pictures as (id, title). */
    fun builtinPictures(): List<Pair<String, String>>

    /** Draws a built-in picture. */
    fun builtinPicture(id: String, edge: Int): PictureData

    /** Decodes a photo: EXIF orientation applied, centre square, resized; throws [CoreException]. */
    fun loadPicture(bytes: ByteArray, edge: Int): PictureData

    /** Where the piece of [cell] lies in the picture: x, y, width, height. */
    fun tileRect(size: Int, edge: Int, cell: Int): IntArray

    /**
     * Gets the pattern databases for a game ready ahead of its first Auto (4×4: about 10 s on
     * two cores, once per goal family, then cached). Blocks; call it off the UI thread.
     */
    fun prepare(game: CoreGame) {}

    /** A token that stops a running solve. */
    fun newCancel(): CancelHandle
}

/** One game in progress. Every method is cheap except [solve] and [hint], which block. */
interface CoreGame {
    val size: Int
    fun tiles(): List<Int>
    fun homeCell(tile: Int): Int
    fun blankCell(): Int
    fun movableCells(): Set<Int>
    fun isSolved(): Boolean
    fun moveCount(): Int
    fun canUndo(): Boolean
    fun canRedo(): Boolean
    fun elapsedMs(): Long
    fun addElapsedMs(ms: Long)

    /** Taps a cell; the slides it made (empty when that cell cannot move). */
    fun tap(cell: Int): List<SlideStep>

    /** Moves the blank one step, or null when it cannot go that way. */
    fun move(direction: Dir): SlideStep?
    fun undo(): SlideStep?
    fun redo(): SlideStep?

    /** Mixes the board (always solvable) and starts over. */
    fun shuffle(level: Difficulty, seed: Long)

    /** Solves from the current board without changing it; throws [SolveFailed]. */
    fun solve(algorithm: AlgorithmChoice, timeoutMs: Long, cancel: CancelHandle, progress: (Long) -> Unit): SolveReport

    /** The next best move, or null when solved; throws [SolveFailed]. */
    fun hint(timeoutMs: Long): Dir?
    fun save(): String
}

/** The way the blank moves; the tile next to it slides the opposite way. */
enum class Dir { UP, DOWN, LEFT, RIGHT }

/** One tile slide from one cell to the next. */
data class SlideStep(val tile: Int, val fromCell: Int, val toCell: Int)

/** How hard a shuffle is: a long random walk, or an exact optimal distance where offered. */
enum class Difficulty(val label: String, val distance: Int?) {
    RANDOM("Random", null),
    EASY("Easy (10 moves)", 10),
    MEDIUM("Medium (20 moves)", 20),
    HARD("Hard (30 moves)", 30),
}

/** The algorithms the player can pick for Auto. */
enum class AlgorithmChoice(val label: String) {
    AUTO("Auto (best for the size)"),
    PATTERN_DB("Pattern databases"),
    IDA_STAR("IDA* + linear conflict"),
    A_STAR("A* + linear conflict"),
    BIDIRECTIONAL_BFS("Bidirectional BFS"),
    BFS("BFS"),
}

/** What a finished solve did. */
data class SolveReport(
    val algorithm: String,
    val moves: List<Dir>,
    val optimal: Boolean,
    val lowerBound: Int,
    val expanded: Long,
    val elapsedMs: Long,
)

/** A square RGBA picture. */
class PictureData(val edge: Int, val rgba: ByteArray)

/** Stops a solve. */
fun interface CancelHandle {
    fun cancel()
}

/** Bad input the core refused, with its message. */
open class CoreException(message: String) : Exception(message)

/** A solve that ended without a solution: out of budget, cancelled, or refused. */
class SolveFailed(val kind: Kind, message: String) : CoreException(message) {
    enum class Kind { BUDGET, CANCELLED, OTHER }
}
