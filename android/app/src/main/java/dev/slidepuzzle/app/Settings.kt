package dev.slidepuzzle.app

/** The solver the player picks for Auto; its name and explanation come from resources. */
enum class AlgorithmChoice {
    AUTO, PATTERN_DB, IDA_STAR, A_STAR, BIDIRECTIONAL_BFS, BFS;

    val title: Int
        get() = when (this) {
            AUTO -> R.string.alg_auto
            PATTERN_DB -> R.string.alg_pdb
            IDA_STAR -> R.string.alg_idastar
            A_STAR -> R.string.alg_astar
            BIDIRECTIONAL_BFS -> R.string.alg_bibfs
            BFS -> R.string.alg_bfs
        }

    val about: Int
        get() = when (this) {
            AUTO -> R.string.alg_auto_about
            PATTERN_DB -> R.string.alg_pdb_about
            IDA_STAR -> R.string.alg_idastar_about
            A_STAR -> R.string.alg_astar_about
            BIDIRECTIONAL_BFS -> R.string.alg_bibfs_about
            BFS -> R.string.alg_bfs_about
        }
}

/** How a shuffle mixes the board: a long random walk, or an exact number of fewest moves. */
enum class Difficulty(val distance: Int?) {
    RANDOM(null), EASY(10), MEDIUM(20), HARD(30);

    /** Exact shuffles need the fewest moves measured: the core offers them up to 4×4. */
    fun isOffered(size: Int) = distance == null || size <= 4

    val title: Int
        get() = when (this) {
            RANDOM -> R.string.level_random
            EASY -> R.string.level_easy
            MEDIUM -> R.string.level_medium
            HARD -> R.string.level_hard
        }

    val shortTitle: Int
        get() = when (this) {
            RANDOM -> R.string.level_random
            EASY -> R.string.level_easy_short
            MEDIUM -> R.string.level_medium_short
            HARD -> R.string.level_hard_short
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
    val numbers: Boolean = false,
    val difficulty: Difficulty = Difficulty.RANDOM,
)
