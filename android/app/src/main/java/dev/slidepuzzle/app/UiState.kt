package dev.slidepuzzle.app

/** Where the player is. */
enum class Phase {
    /** Choosing a picture and a size. */
    START,
    /** The picture is shown whole; the first tap picks the blank's home. */
    CHOOSE_BLANK,
    /** Blank chosen, board still solved: waiting for Shuffle. */
    READY,
    PLAYING,
    /** Auto is searching on a background thread. */
    SOLVING,
    /** Auto is playing its moves one by one. */
    ANIMATING,
    WON,
}

/** Where the picture comes from. */
sealed class PictureSource {
    data class Builtin(val id: String) : PictureSource()
    /** A photo the app copied into its files directory. */
    data class Photo(val path: String) : PictureSource()

    fun encode(): String = when (this) {
        is Builtin -> "builtin:$id"
        is Photo -> "photo:$path"
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

/** The whole screen as one immutable value; the views draw it and nothing else. */
data class UiState(
    val phase: Phase = Phase.START,
    val size: Int = 3,
    val picture: PictureSource? = null,
    /** Tile labels row-major, 0 = blank; empty before the blank is chosen. */
    val tiles: List<Int> = emptyList(),
    /** For each tile label, the cell whose picture piece it shows. */
    val homes: List<Int> = emptyList(),
    val movable: Set<Int> = emptySet(),
    val moves: Int = 0,
    val elapsedMs: Long = 0,
    val canUndo: Boolean = false,
    val canRedo: Boolean = false,
    val showNumbers: Boolean = false,
    val algorithm: AlgorithmChoice = AlgorithmChoice.AUTO,
    val difficulty: Difficulty = Difficulty.RANDOM,
    /** Milliseconds between two Auto moves. */
    val speedMs: Long = 250,
    /** What the last solve did: "IDA* · 1 234 nodes · 12 ms · 22 moves · optimal". */
    val solveInfo: String? = null,
    /** Best possible move count from the shuffled board, when known. */
    val best: Int? = null,
    val hintCell: Int? = null,
    val message: String? = null,
    /** The slides of the last change, for the board's animation. */
    val lastSlides: List<SlideStep> = emptyList(),
    /** Nodes expanded so far while solving. */
    val progressNodes: Long = 0,
) {
    val blankCell: Int get() = tiles.indexOf(0)
    val won: Boolean get() = phase == Phase.WON
}
