package dev.slidepuzzle.app

import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.Rect
import android.os.Looper
import java.io.ByteArrayOutputStream
import java.io.File
import java.nio.file.Files
import org.robolectric.Shadows.shadowOf

/** Background and main-thread work held in queues that a test runs by hand, in order. */
class HandThreads : Threads {
    val background = ArrayDeque<() -> Unit>()
    private val main = ArrayDeque<Pair<Long, () -> Unit>>()
    /** Tasks posted to the main thread and not cancelled, with their delays. */
    val pendingMain: List<Long> get() = main.map { it.first }

    override fun background(task: () -> Unit) {
        background.addLast(task)
    }

    override fun main(delayMs: Long, task: () -> Unit): CancelHandle {
        val entry = delayMs to task
        main.addLast(entry)
        return CancelHandle { main.remove(entry) }
    }

    /** Runs the background tasks queued now (not those they queue). */
    fun runBackground() {
        repeat(background.size) { background.removeFirst()() }
    }

    /** Runs the main-thread tasks queued now (not those they queue). */
    fun runMain() {
        repeat(main.size) { if (main.isNotEmpty()) main.removeFirst().second() }
    }

    /** Runs both queues until nothing is left, at most [rounds] rounds (Auto's playback posts
     *  a step after each step). */
    fun drain(rounds: Int = 10_000) {
        repeat(rounds) {
            if (background.isEmpty() && main.isEmpty()) return
            runBackground()
            runMain()
        }
        error("work still queued after $rounds rounds")
    }
}

/** A clock the test moves. */
class TestTime(var now: Long = 1_000_000) : TimeSource {
    override fun nowMs() = now
}

/** The app's storage in a temporary folder (the real file code, on the JVM's disk). */
class TempStorage(val dir: File = Files.createTempDirectory("slidepuzzle").toFile()) : Storage by FolderStorage(dir)

/** One shared core for the JVM tests: its pattern-database cache in a temporary folder. */
object TestCore {
    val dir: File = Files.createTempDirectory("pdb").toFile()
    val core: RustCore by lazy { RustCore(dir) }
}

/** A controller on the real core with hand-run threads; the records loaded. */
fun newController(
    threads: HandThreads = HandThreads(),
    time: TestTime = TestTime(),
    storage: Storage = TempStorage(),
    core: PuzzleCore = TestCore.core,
    decoder: PlatformDecoder? = null,
    seed: Long = 7,
): GameController {
    var next = seed
    val c = GameController(core, threads, time, storage, decoder, seeds = { next++ }, prefetch = false, pictureEdge = 256)
    threads.drain()
    return c
}

/** Starts a game on the built-in "sunset" picture, [size]×[size], the empty space at [blank]. */
fun GameController.startBuiltin(threads: HandThreads, size: Int = 3, blank: Int = size * size - 1, id: String = "sunset") {
    selectSize(size)
    chooseBuiltin(id)
    threads.drain()
    tap(blank)
}

/** Shuffles and waits for the new board (and the fewest-move search). */
fun GameController.shuffleNow(threads: HandThreads) {
    requestShuffle()
    threads.drain()
}

/** The moves that solve the current board (from the real core), as tile slides. */
fun GameController.solution(): List<TileDirection> {
    val report = game!!.solve(AlgorithmChoice.AUTO, 30_000, core.newCancel()) {}
    return report.moves.map { TileDirection.ofBlankMove(it) }
}

/** A JPEG photo of [width]×[height]: a built-in picture stretched, encoded by the platform. */
fun photoJpeg(width: Int, height: Int, id: String = "aurora"): ByteArray {
    val art = TestCore.core.builtinPicture(id, 256)
    val square = Bitmap.createBitmap(art.argb, art.edge, art.edge, Bitmap.Config.ARGB_8888)
    val photo = Bitmap.createBitmap(width, height, Bitmap.Config.ARGB_8888)
    Canvas(photo).drawBitmap(square, null, Rect(0, 0, width, height), Paint(Paint.FILTER_BITMAP_FLAG))
    return ByteArrayOutputStream().also { photo.compress(Bitmap.CompressFormat.JPEG, 90, it) }.toByteArray()
}

/** A 400×200 PNG (lossless) of eight 100-pixel blocks, each its own colour: block (col, row)
 *  is [blockColour]. Made for the crop tests, so every pixel's expected colour is known. */
fun blocksPng(): ByteArray {
    val bmp = Bitmap.createBitmap(400, 200, Bitmap.Config.ARGB_8888)
    for (y in 0 until 200) for (x in 0 until 400) bmp.setPixel(x, y, blockColour(x / 100, y / 100))
    return ByteArrayOutputStream().also { bmp.compress(Bitmap.CompressFormat.PNG, 100, it) }.toByteArray()
}

fun blockColour(col: Int, row: Int): Int = 0xFF000000.toInt() or ((col * 80) shl 16) or ((row * 200) shl 8) or (255 - col * 60)

/** The real activity launched with a fixed seed and no ahead-of-time tables, its records read. */
fun launchActivity(seed: Long = 5L): org.robolectric.android.controller.ActivityController<MainActivity> {
    val app = org.robolectric.RuntimeEnvironment.getApplication()
    val intent = android.content.Intent(app, MainActivity::class.java)
        .putExtra(MainActivity.EXTRA_SEED, seed).putExtra(MainActivity.EXTRA_PREFETCH, false)
    val c = org.robolectric.Robolectric.buildActivity(MainActivity::class.java, intent).setup()
    waitFor(what = "the records") { c.get().controller.records != null }
    return c
}

/** Runs the main looper's work that is due now (posted layouts, renders, focus moves), without
 *  moving its clock on: what a test needs before it looks at the screen. */
fun idle() = shadowOf(Looper.getMainLooper()).idle()

/** Runs the main looper and lets the app's own background threads finish, until [done]. */

fun waitFor(timeoutMs: Long = 60_000, what: String = "the condition", done: () -> Boolean) {
    val end = System.currentTimeMillis() + timeoutMs
    while (true) {
        shadowOf(Looper.getMainLooper()).idle()
        if (done()) return
        // Delayed work (Auto's playback steps) is due once the looper's clock moves on.
        shadowOf(Looper.getMainLooper()).idleFor(java.time.Duration.ofMillis(20))
        if (done()) return
        if (System.currentTimeMillis() > end) throw AssertionError("timed out waiting for $what")
        Thread.sleep(5)
    }
}

/**
 * The real core with two things a test needs that the core cannot be asked for: a gate that
 * holds Auto's search until the test opens it (to see the screen while it searches), and a
 * failure to throw where a test wants one. Everything else is [RustCore]'s own.
 */
class WrappedCore(private val real: PuzzleCore = TestCore.core) : PuzzleCore by real {
    @Volatile var gate = java.util.concurrent.CountDownLatch(0)
    /** Thrown by the next photo decode, when set. */
    @Volatile var photoFailure: CoreError? = null
    /** Thrown by the next solve, when set. */
    @Volatile var solveFailure: CoreError? = null

    /** Thrown by the next record of a win, when set (a disk that refuses the write). */
    @Volatile var recordFailure: CoreError? = null
    /** How many fewest-move searches ran. */
    @Volatile var fewestCalls = 0

    override fun fewest(start: List<Int>, goal: List<Int>, timeoutMs: Long, cancel: CancelHandle): Fewest? {
        fewestCalls += 1
        return real.fewest(start, goal, timeoutMs, cancel)
    }

    override fun openRecords(folder: File): RecordsBook {
        val book = real.openRecords(folder)
        return object : RecordsBook by book {
            override fun record(gameId: String, win: WonGame): WinRecord {
                recordFailure?.let { recordFailure = null; throw it }
                return book.record(gameId, win)
            }
        }
    }

    /** The last cancel handle made, to see whether it was used. */
    @Volatile internal var lastCancel: RecordingToken? = null

    override fun newCancel(): CancelHandle = RecordingToken().also { lastCancel = it }

    fun hold() {
        gate = java.util.concurrent.CountDownLatch(1)
    }

    fun release() = gate.countDown()

    override fun photoPicture(bytes: ByteArray, crop: PhotoCrop?, edge: Int): PictureData {
        photoFailure?.let { photoFailure = null; throw it }
        return real.photoPicture(bytes, crop, edge)
    }

    override fun newGame(size: Int, blankCell: Int): CoreGame = GatedGame(real.newGame(size, blankCell))
    override fun restore(save: String): CoreGame = GatedGame(real.restore(save))

    override fun prepare(game: CoreGame) = real.prepare((game as? GatedGame)?.inner ?: game)
    override fun hasTables(game: CoreGame) = real.hasTables((game as? GatedGame)?.inner ?: game)

    private inner class GatedGame(val inner: CoreGame) : CoreGame by inner {
        override fun solve(algorithm: AlgorithmChoice, timeoutMs: Long, cancel: CancelHandle, progress: (Long) -> Unit): SolveReport {
            gate.await()
            solveFailure?.let { solveFailure = null; throw it }
            return inner.solve(algorithm, timeoutMs, cancel, progress)
        }
    }
}

/** The core's own cancel token, noting whether it was cancelled. */
internal class RecordingToken : RustCore.TokenHandle(dev.slidepuzzle.core.CancelToken()) {
    @Volatile var cancelled = false
    override fun cancel() {
        cancelled = true
        super.cancel()
    }
}
