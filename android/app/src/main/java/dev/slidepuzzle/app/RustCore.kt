package dev.slidepuzzle.app

import dev.slidepuzzle.core.Algorithm
import dev.slidepuzzle.core.CancelToken
import dev.slidepuzzle.core.Direction
import dev.slidepuzzle.core.Game
import dev.slidepuzzle.core.Heuristic
import dev.slidepuzzle.core.Limits
import dev.slidepuzzle.core.PatternDatabase
import dev.slidepuzzle.core.Progress
import dev.slidepuzzle.core.ProgressListener
import dev.slidepuzzle.core.PuzzleException
import dev.slidepuzzle.core.ShuffleKind
import dev.slidepuzzle.core.Slide
import dev.slidepuzzle.core.builtinPicture as coreBuiltinPicture
import dev.slidepuzzle.core.builtinPictures as coreBuiltinPictures
import dev.slidepuzzle.core.canonicalGoal
import dev.slidepuzzle.core.loadPicture as coreLoadPicture
import dev.slidepuzzle.core.tileRect as coreTileRect
import java.io.File

/**
 * The real core: the Rust library through the generated UniFFI bindings. Pattern databases are
 * built on first use per canonical goal (about 10 s for 4×4 on two cores) and cached as files in
 * [cacheDir], so later solves load them in milliseconds.
 */
class RustCore(private val cacheDir: File?) : PuzzleCore {
    private val databases = java.util.concurrent.ConcurrentHashMap<String, PatternDatabase>()
    /** Held while building, so two builds of the same tables never run at once. */
    private val building = Any()

    private fun key(goal: List<UInt>) = canonicalGoal(goal).joinToString("-")
    private fun file(key: String) = cacheDir?.let { File(it, "pdb-$key.bin") }

    /** The databases for [goal], loading or building them once; null above 5×5. */
    fun patternDatabase(goal: List<UInt>, cancel: CancelToken?): PatternDatabase? {
        val size = kotlin.math.sqrt(goal.size.toDouble()).toInt()
        if (size > 5) return null
        cachedDatabase(goal)?.let { return it }
        synchronized(building) {
            val key = key(goal)
            databases[key]?.let { return it }
            val built = PatternDatabase.build(canonicalGoal(goal), cancel)
            file(key)?.let { f ->
                f.parentFile?.mkdirs()
                val tmp = File(f.path + ".tmp")
                tmp.writeBytes(built.toBytes())
                tmp.renameTo(f) // atomic: a reader sees the whole file or none
            }
            databases[key] = built
            return built
        }
    }

    /** Databases already in memory or on disk; never waits for a build in progress. */
    fun cachedDatabase(goal: List<UInt>): PatternDatabase? {
        val key = key(goal)
        databases[key]?.let { return it }
        val f = file(key)?.takeIf { it.isFile } ?: return null
        return try {
            PatternDatabase.fromBytes(f.readBytes()).also { databases[key] = it }
        } catch (e: PuzzleException) {
            f.delete() // damaged: the next build replaces it
            null
        }
    }

    override fun prepare(game: CoreGame) {
        val rust = game as? RustGame ?: return
        if (rust.size in 3..4) {
            try {
                patternDatabase(rust.goal(), null)
            } catch (e: PuzzleException) {
                // A failed build only means Auto goes on without databases.
            }
        }
    }

    override fun newGame(size: Int, blankCell: Int): CoreGame = wrap { RustGame(this, Game(size.toUInt(), blankCell.toUInt())) }

    override fun restore(save: String): CoreGame = wrap { RustGame(this, Game.restore(save)) }

    override fun builtinPictures(): List<Pair<String, String>> = coreBuiltinPictures().map { it.id to it.title }

    override fun builtinPicture(id: String, edge: Int): PictureData =
        wrap { coreBuiltinPicture(id, edge.toUInt()).let { PictureData(it.edge.toInt(), it.rgba) } }

    override fun loadPicture(bytes: ByteArray, edge: Int): PictureData =
        wrap { coreLoadPicture(bytes, edge.toUInt()).let { PictureData(it.edge.toInt(), it.rgba) } }

    override fun tileRect(size: Int, edge: Int, cell: Int): IntArray = wrap {
        val r = coreTileRect(size.toUInt(), edge.toUInt(), cell.toUInt())
        intArrayOf(r.x.toInt(), r.y.toInt(), r.width.toInt(), r.height.toInt())
    }

    override fun newCancel(): CancelHandle {
        val token = CancelToken()
        return TokenHandle(token)
    }

    internal class TokenHandle(val token: CancelToken) : CancelHandle {
        override fun cancel() = token.cancel()
    }
}

private inline fun <T> wrap(block: () -> T): T = try {
    block()
} catch (e: PuzzleException) {
    throw when (e) {
        is PuzzleException.LimitReached -> SolveFailed(SolveFailed.Kind.BUDGET, e.message ?: "out of budget")
        is PuzzleException.Cancelled -> SolveFailed(SolveFailed.Kind.CANCELLED, e.message ?: "cancelled")
        is PuzzleException.Unsupported -> SolveFailed(SolveFailed.Kind.OTHER, e.message ?: "unsupported")
        else -> CoreException(e.message ?: e.toString())
    }
}

private fun Direction.toDir() = when (this) {
    Direction.UP -> Dir.UP
    Direction.DOWN -> Dir.DOWN
    Direction.LEFT -> Dir.LEFT
    Direction.RIGHT -> Dir.RIGHT
}

private fun Dir.toDirection() = when (this) {
    Dir.UP -> Direction.UP
    Dir.DOWN -> Direction.DOWN
    Dir.LEFT -> Direction.LEFT
    Dir.RIGHT -> Direction.RIGHT
}

private fun Slide.toStep() = SlideStep(tile.toInt(), fromCell.toInt(), toCell.toInt())

private class RustGame(private val core: RustCore, private val game: Game) : CoreGame {
    override val size: Int = game.size().toInt()
    fun goal(): List<UInt> = game.goal()
    override fun tiles() = game.tiles().map { it.toInt() }
    override fun homeCell(tile: Int) = game.homeCell(tile.toUInt())?.toInt() ?: -1
    override fun blankCell() = game.blankCell().toInt()
    override fun movableCells() = game.movableCells().map { it.toInt() }.toSet()
    override fun isSolved() = game.isSolved()
    override fun moveCount() = game.moveCount().toInt()
    override fun canUndo() = game.canUndo()
    override fun canRedo() = game.canRedo()
    override fun elapsedMs() = game.elapsedMs().toLong()
    override fun addElapsedMs(ms: Long) = game.addElapsedMs(ms.toULong())

    override fun tap(cell: Int): List<SlideStep> = try {
        game.tapCell(cell.toUInt()).map { it.toStep() }
    } catch (e: PuzzleException.IllegalMove) {
        emptyList()
    }

    override fun move(direction: Dir): SlideStep? = try {
        game.apply(direction.toDirection()).toStep()
    } catch (e: PuzzleException.IllegalMove) {
        null
    }

    override fun undo(): SlideStep? = if (game.canUndo()) game.undo().toStep() else null
    override fun redo(): SlideStep? = if (game.canRedo()) game.redo().toStep() else null

    override fun shuffle(level: Difficulty, seed: Long) = wrap {
        val distance = level.distance
        when {
            distance == null -> game.shuffle(ShuffleKind.Walk, seed.toULong(), null)
            size <= 3 -> game.shuffle(ShuffleKind.Distance(distance.toUInt()), seed.toULong(), null)
            size == 4 -> game.shuffle(
                ShuffleKind.Distance(distance.toUInt()), seed.toULong(), core.patternDatabase(game.goal(), null),
            )
            else -> game.shuffle(ShuffleKind.Walk, seed.toULong(), null)
        }
    }

    override fun solve(
        algorithm: AlgorithmChoice,
        timeoutMs: Long,
        cancel: CancelHandle,
        progress: (Long) -> Unit,
    ): SolveReport = wrap {
        val token = (cancel as? RustCore.TokenHandle)?.token
        val goal = game.goal()
        val (alg, heuristic) = when (algorithm) {
            AlgorithmChoice.AUTO -> Algorithm.AUTO to Heuristic.LINEAR_CONFLICT
            AlgorithmChoice.PATTERN_DB -> Algorithm.PATTERN_DB to Heuristic.PATTERN_DB
            AlgorithmChoice.IDA_STAR -> Algorithm.IDA_STAR to Heuristic.LINEAR_CONFLICT
            AlgorithmChoice.A_STAR -> Algorithm.A_STAR to Heuristic.LINEAR_CONFLICT
            AlgorithmChoice.BIDIRECTIONAL_BFS -> Algorithm.BIDIRECTIONAL_BFS to Heuristic.ZERO
            AlgorithmChoice.BFS -> Algorithm.BFS to Heuristic.ZERO
        }
        val db = when (algorithm) {
            AlgorithmChoice.PATTERN_DB -> core.patternDatabase(goal, token)
                ?: throw SolveFailed(SolveFailed.Kind.OTHER, "pattern databases go up to 5×5")
            AlgorithmChoice.AUTO -> if (size <= 3) core.patternDatabase(goal, token) else core.cachedDatabase(goal)
            else -> null
        }
        val listener = object : ProgressListener {
            override fun onProgress(progress: Progress) = progress(progress.expanded.toLong())
        }
        val s = game.solve(alg, heuristic, Limits(timeoutMs = timeoutMs.toULong()), db, listener, token)
        SolveReport(
            s.algorithm, s.moves.map { it.toDir() }, s.optimal, s.lowerBound.toInt(),
            s.stats.expanded.toLong(), s.stats.elapsedMs.toLong(),
        )
    }

    override fun hint(timeoutMs: Long): Dir? = wrap {
        game.hint(Limits(timeoutMs = timeoutMs.toULong()), core.cachedDatabase(game.goal()), null)?.toDir()
    }

    override fun save(): String = game.save()
}
