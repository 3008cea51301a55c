package dev.slidepuzzle.app

import java.io.File
import java.nio.file.Files
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** The app's adapter over the real Rust core (through JNA), without Android. */
class RustCoreTest {
    private val dir: File = Files.createTempDirectory("pdb").toFile()

    @Test
    fun patternDatabasesAreBuiltOnceCachedOnDiskAndRebuiltWhenDamaged() {
        val core = RustCore(dir)
        val game = core.newGame(3, 4)
        core.prepare(game)
        val files = dir.listFiles()!!.filter { it.name.startsWith("pdb-") && it.name.endsWith(".bin") }
        assertEquals(1, files.size)
        // A second app start loads them from disk without building.
        val again = RustCore(dir)
        assertNotNull(again.cachedDatabase(goalOf(game)))
        // A damaged file is dropped, not trusted.
        files[0].writeBytes(files[0].readBytes().copyOf(100))
        assertNull(RustCore(dir).cachedDatabase(goalOf(game)))
        assertFalse(files[0].exists())
    }

    @Test
    fun autoSolvesOptimallyAndItsMovesWin() {
        val core = RustCore(dir)
        val game = core.newGame(3, 0)
        game.shuffle(Difficulty.HARD, 3)
        val report = game.solve(AlgorithmChoice.AUTO, 10_000, core.newCancel()) {}
        assertEquals(30, report.moves.size)
        assertTrue(report.optimal)
        for (m in report.moves) assertNotNull(game.move(m))
        assertTrue(game.isSolved())
    }

    @Test
    fun badInputBecomesTheAppsErrors() {
        val core = RustCore(null)
        val e = runCatching { core.loadPicture(ByteArray(0), 100) }.exceptionOrNull()
        assertTrue(e is CoreException)
        assertEquals("the image is empty (0 bytes)", e!!.message)
        val game = core.newGame(4, 15)
        game.shuffle(Difficulty.RANDOM, 1)
        val budget = runCatching { game.solve(AlgorithmChoice.BFS, 60_000, core.newCancel()) {} }.exceptionOrNull()
        assertTrue(budget.toString(), budget is SolveFailed && budget.kind == SolveFailed.Kind.BUDGET)
        assertTrue("tapping the blank moves nothing", game.tap(game.blankCell()).isEmpty())
    }

    private fun goalOf(game: CoreGame): List<UInt> =
        (0 until game.size * game.size).map { cell -> (0 until game.size * game.size).first { game.homeCell(it) == cell }.toUInt() }
}
