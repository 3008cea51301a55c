package dev.slidepuzzle.app

/** The solver the player picks for Auto; its name and explanation come from resources. */
enum class AlgorithmChoice {
    AUTO, PATTERN_DB, IDA_STAR, A_STAR, BIDIRECTIONAL_BFS, BFS;

    val title: Int
        get() = when (this) {
            AUTO -> R.string.algorithm_auto
            PATTERN_DB -> R.string.algorithm_pattern_databases
            IDA_STAR -> R.string.algorithm_ida_star
            A_STAR -> R.string.algorithm_a_star
            BIDIRECTIONAL_BFS -> R.string.algorithm_bidirectional_bfs
            BFS -> R.string.algorithm_bfs
        }

    val about: Int
        get() = when (this) {
            AUTO -> R.string.algorithm_auto_explanation
            PATTERN_DB -> R.string.algorithm_pattern_databases_explanation
            IDA_STAR -> R.string.algorithm_ida_star_explanation
            A_STAR -> R.string.algorithm_a_star_explanation
            BIDIRECTIONAL_BFS -> R.string.algorithm_bidirectional_bfs_explanation
            BFS -> R.string.algorithm_bfs_explanation
        }
}

/** How a shuffle mixes the board: a long random walk, or an exact number of fewest moves. */
enum class Difficulty(val distance: Int?) {
    RANDOM(null), EASY(10), MEDIUM(20), HARD(30);

    /** Exact shuffles need the fewest moves measured: the core offers them up to 4×4. */
    fun isOffered(size: Int) = distance == null || size <= 4

    val title: Int
        get() = when (this) {
            RANDOM -> R.string.difficulty_random
            EASY -> R.string.difficulty_easy_moves
            MEDIUM -> R.string.difficulty_medium_moves
            HARD -> R.string.difficulty_hard_moves
        }

    val shortTitle: Int
        get() = when (this) {
            RANDOM -> R.string.difficulty_random
            EASY -> R.string.difficulty_easy
            MEDIUM -> R.string.difficulty_medium
            HARD -> R.string.difficulty_hard
        }
}

/** How fast Auto plays its moves. */
enum class PlaybackSpeed(val delayMs: Long) {
    SLOW(600), NORMAL(280), FAST(120), FASTEST(40);

    val title: Int
        get() = when (this) {
            SLOW -> R.string.speed_slow
            NORMAL -> R.string.speed_normal
            FAST -> R.string.speed_fast
            FASTEST -> R.string.speed_fastest
        }
}

/** What the settings dialog sets; saved with the session. */
data class Settings(
    val algorithm: AlgorithmChoice = AlgorithmChoice.AUTO,
    val speed: PlaybackSpeed = PlaybackSpeed.NORMAL,
    val showNumbers: Boolean = false,
    val difficulty: Difficulty = Difficulty.RANDOM,
)
