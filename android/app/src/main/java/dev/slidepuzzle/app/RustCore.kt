package dev.slidepuzzle.app

import dev.slidepuzzle.core.Algorithm
import dev.slidepuzzle.core.CancelToken
import dev.slidepuzzle.core.Crop
import dev.slidepuzzle.core.Direction
import dev.slidepuzzle.core.FewestKnown
import dev.slidepuzzle.core.Game
import dev.slidepuzzle.core.Heuristic
import dev.slidepuzzle.core.Limits
import dev.slidepuzzle.core.PatternDatabase
import dev.slidepuzzle.core.PersonalBests
import dev.slidepuzzle.core.Progress
import dev.slidepuzzle.core.ProgressListener
import dev.slidepuzzle.core.PictureProblem
import dev.slidepuzzle.core.PuzzleException
import dev.slidepuzzle.core.PuzzleFailure
import dev.slidepuzzle.core.SearchStop
import dev.slidepuzzle.core.TableProblem
import dev.slidepuzzle.core.RecordsException
import dev.slidepuzzle.core.RecordsStore
import dev.slidepuzzle.core.RecordsStoreException
import dev.slidepuzzle.core.ShuffleKind
import dev.slidepuzzle.core.Slide
import dev.slidepuzzle.core.bestCountTyped as coreBestCount
import dev.slidepuzzle.core.builtinPicture as coreBuiltinPicture
import dev.slidepuzzle.core.builtinPictures as coreBuiltinPictures
import dev.slidepuzzle.core.canonicalGoal
import dev.slidepuzzle.core.loadPictureCroppedTyped as loadPictureCropped
import dev.slidepuzzle.core.loadPreviewTyped as loadPreview
import dev.slidepuzzle.core.newGameId as coreNewGameId
import dev.slidepuzzle.core.pictureFromPixelsTyped as pictureFromPixels
import dev.slidepuzzle.core.pictureSizeTyped as pictureSize
import dev.slidepuzzle.core.tileRect as coreTileRect
import java.io.File
import dev.slidepuzzle.core.Improvement as CoreImprovement
import dev.slidepuzzle.core.WonGame as CoreWonGame

/**
 * The real core: the Rust library through the generated UniFFI bindings. Pattern databases are
 * built on first use per canonical goal (about 10 s for 4×4 on two cores) and cached as files in
 * [cacheDir] (the app passes its no-backup folder: tens of MB that a backup should not carry);
 * later solves map those files in place ([PatternDatabase.fromFile]), with nothing copied.
 * One per process ([ProcessCore]): its tables are shared by every activity.
 */
class RustCore(private val cacheDir: File?) : PuzzleCore {
    private val databases = java.util.concurrent.ConcurrentHashMap<String, PatternDatabase>()
    /** Held while building, so two builds of the same tables never run at once. */
    private val building = Any()

    private fun key(goal: List<UInt>) = canonicalGoal(goal).joinToString("-")
    private fun file(key: String) = cacheDir?.let { File(it, "pdb-$key.bin") }

    /** The databases for [goal], loading or building them once; null above 5×5. */
    internal fun patternDatabase(goal: List<UInt>, cancel: CancelToken?): PatternDatabase? {
        val size = kotlin.math.sqrt(goal.size.toDouble()).toInt()
        if (size > 5) return null
        cachedDatabase(goal)?.let { return it }
        synchronized(building) {
            val key = key(goal)
            databases[key]?.let { return it }
            val built = PatternDatabase.buildTyped(canonicalGoal(goal), cancel)
            file(key)?.let { f ->
                // A cache: a write that fails only means the next launch builds again. Its own
                // temporary file, renamed over the old (a mapped file is never written in place).
                runCatching {
                    f.parentFile?.mkdirs()
                    FolderStorage.writeAtomically(f, built.toBytes())
                }
            }
            databases[key] = built
            return built
        }
    }

    /** Databases already in memory or on disk; never waits for a build in progress. */
    internal fun cachedDatabase(goal: List<UInt>): PatternDatabase? {
        val key = key(goal)
        databases[key]?.let { return it }
        val f = file(key)?.takeIf { it.isFile } ?: return null
        return try {
            PatternDatabase.fromFileTyped(f.path).also { databases[key] = it }
        } catch (e: PuzzleFailure.TablesRefused) {
            // Damaged, or tables of an earlier version or partition (they would still solve,
            // only slower): the next build replaces the file. Gone meanwhile: nothing to do.
            if (e.problem != TableProblem.FileMissing) f.delete()
            null
        }
    }

    override fun prepare(game: CoreGame) {
        val rust = game as? RustGame ?: return
        if (rust.size in 3..4) {
            try {
                patternDatabase(rust.coreGoal(), null)
            } catch (e: PuzzleFailure) {
                // A failed build only means Auto goes on without databases.
            }
        }
    }

    /** In memory, or a cached file (not read here: this is asked on the UI thread). */
    override fun hasTables(game: CoreGame): Boolean {
        val goal = (game as? RustGame)?.coreGoal() ?: return false
        val key = key(goal)
        return databases.containsKey(key) || file(key)?.isFile == true
    }

    override fun newGame(size: Int, blankCell: Int): CoreGame = wrap { RustGame(this, Game(size.toUInt(), blankCell.toUInt())) }

    override fun restore(save: String): CoreGame = wrap { RustGame(this, Game.restore(save)) }

    override fun builtinIds(): List<String> = coreBuiltinPictures().map { it.id }

    override fun builtinPicture(id: String, edge: Int): PictureData =
        wrap { coreBuiltinPicture(id, edge.toUInt()).let { PictureData(it.edge.toInt(), rgbaToArgb(it.rgba, it.edge.toInt(), it.edge.toInt())) } }

    override fun photoSize(bytes: ByteArray): Pair<Int, Int> =
        wrap { pictureSize(bytes).let { it.width.toInt() to it.height.toInt() } }

    override fun photoPreview(bytes: ByteArray, maxEdge: Int): Preview = wrap {
        val p = loadPreview(bytes, maxEdge.toUInt())
        Preview(p.width.toInt(), p.height.toInt(), rgbaToArgb(p.rgba, p.width.toInt(), p.height.toInt()))
    }

    override fun photoPicture(bytes: ByteArray, crop: PhotoCrop?, edge: Int): PictureData = wrap {
        val p = loadPictureCropped(bytes, edge.toUInt(), crop?.toCore())
        PictureData(p.edge.toInt(), rgbaToArgb(p.rgba, p.edge.toInt(), p.edge.toInt()))
    }

    override fun pixelsPicture(pixels: DecodedPixels, crop: PhotoCrop?, edge: Int): PictureData = wrap {
        val p = pictureFromPixels(
            pixels.width.toUInt(), pixels.height.toUInt(), pixels.rgba, pixels.stride.toUInt(), crop?.toCore(), edge.toUInt(),
        )
        PictureData(p.edge.toInt(), rgbaToArgb(p.rgba, p.edge.toInt(), p.edge.toInt()))
    }

    override fun tileRect(size: Int, edge: Int, cell: Int): IntArray = wrap {
        val r = coreTileRect(size.toUInt(), edge.toUInt(), cell.toUInt())
        intArrayOf(r.x.toInt(), r.y.toInt(), r.width.toInt(), r.height.toInt())
    }

    override fun newCancel(): CancelHandle = TokenHandle(CancelToken())

    override fun fewest(start: List<Int>, goal: List<Int>, timeoutMs: Long, cancel: CancelHandle): Fewest? = wrap {
        val token = (cancel as? TokenHandle)?.token
        val coreGoal = goal.map { it.toUInt() }
        val size = kotlin.math.sqrt(goal.size.toDouble()).toInt()
        val db = if (size <= 3) patternDatabase(coreGoal, token) else cachedDatabase(coreGoal)
        val limits = Limits(timeoutMs = timeoutMs.toULong(), threads = FEWEST_THREADS)
        val s = coreBestCount(start.map { it.toUInt() }, coreGoal, limits, db, token)
        if (s.optimal) Fewest(s.moves.size, true) else null
    }

    /** One store per folder for the process: activities come and go, the store stays open. */
    private val books = HashMap<String, RecordsBook>()

    override fun openRecords(folder: File): RecordsBook = synchronized(books) {
        books.getOrPut(folder.canonicalPath) {
            try {
                RustRecords(RecordsStore.open(folder.path))
            } catch (e: RecordsStoreException) {
                throw e.toCoreError()
            }
        }
    }

    override fun newGameId(): String = coreNewGameId()

    /** A cancel handle over the core's token (tests extend it to see that it was used). */
    internal open class TokenHandle(val token: CancelToken) : CancelHandle {
        override fun cancel() = token.cancel()
    }
}

/** The fewest-move search runs beside the player's game: two threads at most. */
private const val FEWEST_THREADS = 2u

/**
 * The process's one core: an activity recreated for a new theme, font or language finds the
 * tables already in memory instead of loading a second copy beside the first.
 */
object ProcessCore {
    @Volatile private var core: PuzzleCore? = null

    fun get(cacheDir: File): PuzzleCore = core ?: synchronized(this) { core ?: RustCore(cacheDir).also { core = it } }
}

private fun PhotoCrop.toCore() = Crop(x, y, side)

/** A records store failure by kind. */
internal fun RecordsStoreException.toCoreError(): CoreError = CoreError(
    when (this) {
        is RecordsStoreException.Unwritable -> CoreError.Kind.RECORDS_UNWRITABLE
        is RecordsStoreException.InvalidWin -> CoreError.Kind.INVALID
        else -> CoreError.Kind.RECORDS_UNREADABLE
    },
    message ?: "",
)

/** A failure of a typed call, by its kind (the core's sentence kept for the details only). */
internal fun PuzzleFailure.toCoreError(): CoreError {
    val kind = when (this) {
        is PuzzleFailure.SearchStopped -> when (stop) {
            is SearchStop.Time -> CoreError.Kind.LIMIT_TIME
            is SearchStop.Memory -> CoreError.Kind.LIMIT_MEMORY
            is SearchStop.Nodes -> CoreError.Kind.LIMIT_NODES
            is SearchStop.Cancelled -> CoreError.Kind.CANCELLED
        }
        is PuzzleFailure.PictureRefused -> when (problem) {
            PictureProblem.Empty -> CoreError.Kind.PICTURE_EMPTY
            // What the core does not read the platform's decoder may.
            PictureProblem.NotAPicture, is PictureProblem.FormatNotRead, is PictureProblem.FeatureNotRead ->
                CoreError.Kind.PICTURE_UNKNOWN_FORMAT
            is PictureProblem.Damaged -> CoreError.Kind.PICTURE_DAMAGED
            PictureProblem.Truncated -> CoreError.Kind.PICTURE_TRUNCATED
            is PictureProblem.TooManyPixels, is PictureProblem.TooMuchMemory, is PictureProblem.FileTooLarge ->
                CoreError.Kind.PICTURE_TOO_LARGE
            else -> CoreError.Kind.PICTURE_OTHER
        }
        is PuzzleFailure.TablesRefused -> CoreError.Kind.DATABASES
        is PuzzleFailure.Unsupported -> CoreError.Kind.UNSUPPORTED
        else -> CoreError.Kind.INVALID
    }
    return CoreError(kind, message ?: "")
}

/** A failure of a call that has no typed twin (a new game, a restore, a built-in picture): none
 *  of them searches or decodes a photo, so its kind is its case. */
internal fun PuzzleException.toCoreError(): CoreError = CoreError(
    when (this) {
        is PuzzleException.BadSave -> CoreError.Kind.BAD_SAVE
        is PuzzleException.Unsupported -> CoreError.Kind.UNSUPPORTED
        is PuzzleException.Cancelled -> CoreError.Kind.CANCELLED
        else -> CoreError.Kind.INVALID
    },
    message ?: "",
)

private inline fun <T> wrap(block: () -> T): T = try {
    block()
} catch (e: PuzzleFailure) {
    throw e.toCoreError()
} catch (e: PuzzleException) {
    throw e.toCoreError()
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
    fun coreGoal(): List<UInt> = game.goal()
    override fun goal(): List<Int> = game.goal().map { it.toInt() }
    override fun tiles() = game.tiles().map { it.toInt() }
    override fun homeCell(tile: Int) = game.homeCell(tile.toUInt())?.toInt() ?: -1
    override fun movableCells() = game.movableCells().map { it.toInt() }.toSet()
    override fun isSolved() = game.isSolved()
    override fun moveCount() = game.moveCount().toInt()
    override fun canUndo() = game.canUndo()
    override fun canRedo() = game.canRedo()
    override fun elapsedMs() = game.elapsedMs().toLong()
    override fun addElapsedMs(ms: Long) = game.addElapsedMs(ms.coerceAtLeast(0).toULong())

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

    override fun shuffle(level: Difficulty, seed: Long, cancel: CancelHandle) = wrap {
        val token = (cancel as? RustCore.TokenHandle)?.token
        val distance = level.distance
        when {
            distance == null || !level.isOffered(size) -> game.shuffleTyped(ShuffleKind.Walk, seed.toULong(), null, Limits(), token)
            size <= 3 -> game.shuffleTyped(ShuffleKind.Distance(distance.toUInt()), seed.toULong(), null, Limits(), token)
            else -> game.shuffleTyped(
                ShuffleKind.Distance(distance.toUInt()), seed.toULong(), core.patternDatabase(game.goal(), token), Limits(), token,
            )
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
            AlgorithmChoice.AUTO -> if (size <= 3) core.patternDatabase(goal, token) else core.cachedDatabase(goal)
            else -> null
        }
        val listener = object : ProgressListener {
            override fun onProgress(progress: Progress) = progress(progress.expanded.toLong())
        }
        val limits = Limits(
            maxBytes = (MEMORY_BUDGET_MB shl 20).toULong(), timeoutMs = timeoutMs.toULong(), progressIntervalMs = 100u,
        )
        val s = game.solveTyped(alg, heuristic, limits, db, listener, token)
        SolveReport(
            s.moves.map { it.toDir() }, s.optimal, s.lowerBound.toInt(), s.stats.expanded.toLong(),
            s.stats.elapsedMs.toLong(), s.algorithm, algorithm,
        )
    }

    override fun hint(timeoutMs: Long, cancel: CancelHandle): Dir? = wrap {
        val token = (cancel as? RustCore.TokenHandle)?.token
        game.hintTyped(Limits(timeoutMs = timeoutMs.toULong()), core.cachedDatabase(game.goal()), token)?.toDir()
    }

    override fun save(): String = game.save()
}

private class RustRecords(private val store: RecordsStore) : RecordsBook {
    override fun record(gameId: String, win: WonGame): WinRecord {
        val outcome = try {
            // The store keeps the last games' ids in its file: the same id again, in this
            // process or after a relaunch, says what the first said and counts nothing.
            store.recordOnce(
                gameId,
                CoreWonGame(
                    win.size.toUInt(), win.picture, win.moves.toUInt(), win.elapsedMs.coerceAtLeast(0).toULong(),
                    win.fewest?.let { FewestKnown(it.moves.toUInt(), it.proven) }, win.helped, win.peeks.toUInt(),
                ),
            )
        } catch (e: RecordsStoreException) {
            throw e.toCoreError()
        }
        return WinRecord(outcome.moves.toImprovement(), outcome.time.toImprovement())
    }

    override fun recordFewest(gameId: String, fewest: Fewest): WinRecord? {
        val outcome = try {
            store.recordFewest(gameId, FewestKnown(fewest.moves.toUInt(), fewest.proven))
        } catch (e: RecordsStoreException) {
            throw e.toCoreError()
        }
        return outcome?.let { WinRecord(it.moves.toImprovement(), it.time.toImprovement()) }
    }

    override fun rows(): List<RecordRow> = store.entries().map { e ->
        val best = e.byHand.fewestMoves
        RecordRow(
            size = e.size.toInt(),
            picture = e.picture,
            won = e.byHand.won.toInt(),
            wonWithoutPeeking = e.byHand.wonWithoutPeeking.toInt(),
            fewestMoves = best?.moves?.toInt(),
            fewestPossible = best?.fewest?.let { Fewest(it.moves.toInt(), it.proven) },
            fastestMs = e.byHand.fastest?.elapsedMs?.toLong(),
            helpedWon = e.helped.won.toInt(),
        )
    }

    override fun merge(json: String) {
        val other = try {
            PersonalBests.fromJson(json)
        } catch (e: RecordsException) {
            throw CoreError(
                if (e is RecordsException.Newer) CoreError.Kind.RECORDS_NEWER else CoreError.Kind.RECORDS_DAMAGED,
                e.message ?: "",
            )
        }
        try {
            store.merge(other)
        } catch (e: RecordsStoreException) {
            throw e.toCoreError()
        }
    }

    override fun keptAside(): List<String> = store.keptAside().map { it.fileName }
}

private fun CoreImprovement.toImprovement(): Improvement = when (this) {
    is CoreImprovement.First -> Improvement.First
    is CoreImprovement.Better -> Improvement.Better(was.toLong())
    is CoreImprovement.Equal -> Improvement.Equal
    is CoreImprovement.NotBetter -> Improvement.NotBetter(best.toLong())
}
