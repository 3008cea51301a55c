package dev.slidepuzzle.app

import java.io.File
import java.nio.file.Files
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** The app's adapter over the real Rust core (through JNA), without Android: caches, the error
 *  kinds the screens word, the records. */
class RustCoreTest {
    private val dir: File = Files.createTempDirectory("pdb").toFile()

    private fun kindOf(block: () -> Unit): CoreError.Kind? = (runCatching(block).exceptionOrNull() as? CoreError)?.kind

    @Test
    fun patternDatabasesAreBuiltOnceCachedOnDiskAndRebuiltWhenDamaged() {
        val core = RustCore(dir)
        val game = core.newGame(3, 4)
        core.prepare(game)
        val files = dir.listFiles()!!.filter { it.name.startsWith("pdb-") && it.name.endsWith(".bin") }
        assertEquals(1, files.size)
        val goal = game.goal().map { it.toUInt() }
        assertNotNull("a second start loads them from disk", RustCore(dir).cachedDatabase(goal))
        files[0].writeBytes(files[0].readBytes().copyOf(100))
        assertNull("a damaged file is dropped, not trusted", RustCore(dir).cachedDatabase(goal))
        assertFalse(files[0].exists())
    }

    @Test
    fun autoSolvesOptimallyAndItsMovesWin() {
        val core = RustCore(dir)
        val game = core.newGame(3, 0)
        game.shuffle(Difficulty.HARD, 3, core.newCancel())
        val report = game.solve(AlgorithmChoice.AUTO, 10_000, core.newCancel()) {}
        assertEquals(30, report.moves.size)
        assertTrue(report.optimal)
        assertEquals(Fewest(30, true), core.fewest(game.tiles(), game.goal(), 10_000, core.newCancel()))
        for (m in report.moves) assertNotNull(game.move(m))
        assertTrue(game.isSolved())
    }

    @Test
    fun eachLimitIsToldByItsKind() {
        val core = RustCore(null)
        val game = core.restore(core.newGame(4, 15).also { it.shuffle(Difficulty.RANDOM, 1, core.newCancel()) }.save())
        assertEquals("BFS on 4×4 outgrows its memory", CoreError.Kind.LIMIT_MEMORY, kindOf {
            game.solve(AlgorithmChoice.BFS, 60_000, core.newCancel()) {}
        })
        assertEquals(CoreError.Kind.LIMIT_TIME, kindOf { game.solve(AlgorithmChoice.IDA_STAR, 1, core.newCancel()) {} })
        val token = core.newCancel().also { it.cancel() }
        assertEquals(CoreError.Kind.CANCELLED, kindOf { game.solve(AlgorithmChoice.IDA_STAR, 60_000, token) {} })
        val big = core.newGame(6, 35).also { it.shuffle(Difficulty.RANDOM, 1, core.newCancel()) }
        assertEquals(CoreError.Kind.UNSUPPORTED, kindOf { big.solve(AlgorithmChoice.BFS, 1_000, core.newCancel()) {} })
        assertEquals(CoreError.Kind.BAD_SAVE, kindOf { core.restore("slidepuzzle-save 1 nonsense") })
        assertTrue("tapping the empty space moves nothing", game.tap(game.tiles().indexOf(0)).isEmpty())
    }

    @Test
    fun eachPictureProblemIsToldByItsKind() {
        val core = RustCore(null)
        val jpeg = File(System.getProperty("user.dir"), "../tests/data/jpeg/cjpeg-progressive-420.jpg").readBytes()
        assertEquals(67 to 45, core.photoSize(jpeg))
        assertEquals(CoreError.Kind.PICTURE_EMPTY, kindOf { core.photoPicture(ByteArray(0), null, 64) })
        assertEquals(CoreError.Kind.PICTURE_UNKNOWN_FORMAT, kindOf { core.photoPicture("hello".toByteArray(), null, 64) })
        assertEquals(CoreError.Kind.PICTURE_TRUNCATED, kindOf { core.photoPicture(jpeg.copyOf(jpeg.size / 2), null, 64) })
        val damaged = jpeg.copyOf().also { for (i in 700 until 760) it[i] = 0xFF.toByte() }
        val kind = kindOf { core.photoPicture(damaged, null, 64) }
        assertTrue("$kind", kind == CoreError.Kind.PICTURE_DAMAGED || kind == CoreError.Kind.PICTURE_TRUNCATED)
        assertEquals("a progressive JPEG is read", 64, core.photoPicture(jpeg, null, 64).edge)
        val preview = core.photoPreview(jpeg, 32)
        assertEquals(32 to 21, preview.width to preview.height)
    }

    @Test
    fun winsAreRecordedByTheCoresStoreOncePerGame() {
        val core = RustCore(null)
        val folder = File(dir, "records")
        val book = core.openRecords(folder)
        assertTrue("one store per folder in the process", book === core.openRecords(folder))
        val win = WonGame(4, "sunset", 52, 61_000, Fewest(44, true), helped = false, peeks = 0)
        val id = core.newGameId()
        assertTrue("128 random bits, hex", id.matches(Regex("[0-9a-f]{32}")))
        assertNotEquals(id, core.newGameId())
        assertEquals(WinRecord(Improvement.First, Improvement.First), book.record(id, win))
        assertEquals("the same game again counts nothing", WinRecord(Improvement.First, Improvement.First), book.record(id, win))
        assertEquals(Improvement.Better(52), book.record(core.newGameId(), win.copy(moves = 48, elapsedMs = 70_000)).moves)
        val again = RustCore(null).openRecords(folder)
        assertEquals("after a relaunch too", WinRecord(Improvement.First, Improvement.First), again.record(id, win))
        assertEquals(RecordRow(4, "sunset", 2, 2, 48, Fewest(44, true), 61_000, 0), again.rows().single())
        assertEquals(CoreError.Kind.RECORDS_DAMAGED, kindOf { again.merge("{") })
        val newer = dev.slidepuzzle.core.PersonalBests().toJson().replace(Regex("\"version\": *\\d+"), "\"version\": 99")
        assertEquals(CoreError.Kind.RECORDS_NEWER, kindOf { again.merge(newer) })
        assertEquals("refused merges change nothing", 2, again.rows().single().won)
    }

    @Test
    fun autoOn5x5AnswersWithinItsBudgetAndAHintStopsWhenCancelled() {
        val core = RustCore(null)
        val game = core.newGame(5, 24).also { it.shuffle(Difficulty.RANDOM, 11, core.newCancel()) }
        val started = System.nanoTime()
        val report = game.solve(AlgorithmChoice.AUTO, autoBudgetMs(5), core.newCancel()) {}
        val tookMs = (System.nanoTime() - started) / 1_000_000
        assertTrue("a path that solves it", report.moves.isNotEmpty())
        val copy = core.restore(game.save())
        for (m in report.moves) assertNotNull(copy.move(m))
        assertTrue(copy.isSolved())
        assertTrue("answered within its budget and a margin: $tookMs ms", tookMs < autoBudgetMs(5) + 1_500)
        val token = core.newCancel().also { it.cancel() }
        assertEquals(CoreError.Kind.CANCELLED, kindOf { game.hint(60_000, token) })
    }
}
