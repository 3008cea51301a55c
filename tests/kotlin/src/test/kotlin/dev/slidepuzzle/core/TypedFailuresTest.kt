package dev.slidepuzzle.core

import java.io.File
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

/**
 * The typed calls through the generated Kotlin bindings on the real core: an app tells every
 * failure apart by its case and reads its numbers from fields, never from the core's English.
 */
class TypedFailuresTest {
    private fun tiles(vararg t: Int): List<UInt> = t.map { it.toUInt() }

    /** A 4×4 board far from its goal: no search finishes it within the small budgets here. */
    private val hard = tiles(0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1)
    private val goal4 = goalTiles(4u, 15u)

    private inline fun <reified E : PuzzleFailure> failure(block: () -> Unit): E {
        try {
            block()
        } catch (e: PuzzleFailure) {
            if (e is E) return e
            throw AssertionError("expected ${E::class.simpleName}, got $e", e)
        }
        fail("expected ${E::class.simpleName}, nothing was thrown")
        throw IllegalStateException()
    }

    private fun stopOf(block: () -> Unit): SearchStop = failure<PuzzleFailure.SearchStopped>(block).stop

    @Test
    fun eachSearchStopSaysWhichBudgetWithItsNumbers() {
        val nodes = stopOf {
            solveTyped(hard, goal4, Algorithm.BFS, Heuristic.ZERO, Limits(maxNodes = 1000uL), null, null, null)
        }
        assertTrue("$nodes", nodes is SearchStop.Nodes && nodes.budget == 1000uL && nodes.expanded >= 1000uL)

        val memory = stopOf {
            solveTyped(hard, goal4, Algorithm.BFS, Heuristic.ZERO, Limits(maxBytes = 1uL shl 20), null, null, null)
        }
        assertTrue("$memory", memory is SearchStop.Memory)
        memory as SearchStop.Memory
        assertEquals(1uL shl 20, memory.budgetBytes)
        assertTrue("$memory", memory.heldBytes <= memory.budgetBytes && memory.neededBytes > memory.budgetBytes)

        val game = Game.withTiles(goal4, hard)
        val time = stopOf {
            game.solveTyped(Algorithm.IDA_STAR, Heuristic.MANHATTAN, Limits(timeoutMs = 30uL), null, null, null)
        }
        assertTrue("$time", time is SearchStop.Time && time.budgetMs == 30uL && time.elapsedMs >= 30uL)

        val token = CancelToken()
        token.cancel()
        val cancelled = stopOf { game.hintTyped(Limits(), null, token) }
        assertTrue("$cancelled", cancelled is SearchStop.Cancelled)
        // The old call still throws its flat error, with the same sentence.
        val typed = failure<PuzzleFailure.SearchStopped> {
            bestCountTyped(hard, goal4, Limits(), null, token)
        }
        try {
            bestCount(hard, goal4, Limits(), null, token)
            fail("the old call should throw too")
        } catch (e: PuzzleException.Cancelled) {
            assertEquals(e.message, typed.detail)
        }
    }

    @Test
    fun aDistanceShuffleAndATableBuildStopWhenCancelled() {
        val token = CancelToken()
        token.cancel()
        val build = stopOf { PatternDatabase.buildTyped(goalTiles(3u, 8u), token) }
        assertTrue("$build", build is SearchStop.Cancelled)
        val game = Game(4u, 15u)
        val tables = failure<PuzzleFailure.TablesRefused> {
            game.shuffleTyped(ShuffleKind.Distance(20u), 5uL, null, Limits(), null)
        }
        assertEquals(TableProblem.NoneGiven, tables.problem)
        val small = Game(3u, 8u)
        small.shuffleTyped(ShuffleKind.Distance(20u), 5uL, null, Limits(), null)
        val twin = Game(3u, 8u)
        twin.shuffle(ShuffleKind.Distance(20u), 5uL, null)
        assertEquals(twin.tiles(), small.tiles())
        assertTrue(!small.isSolved())
    }

    private fun problemOf(block: () -> Unit): PictureProblem = failure<PuzzleFailure.PictureRefused>(block).problem

    @Test
    fun eachRefusedPhotoSaysWhy() {
        assertEquals(PictureProblem.Empty, problemOf { loadPictureTyped(ByteArray(0), 32u) })
        assertEquals(PictureProblem.NotAPicture, problemOf { pictureSizeTyped("not a photo".toByteArray()) })
        // A phone camera's HEIC: the app hands it to the platform decoder.
        val heic = byteArrayOf(0, 0, 0, 0x18) + "ftypheic".toByteArray() + ByteArray(4) + "mif1heic".toByteArray()
        assertEquals(PictureProblem.FormatNotRead("HEIF"), problemOf { loadPreviewTyped(heic, 256u) })
        val png = picturePng(builtinPicture("aurora", 64u))
        assertEquals(PictureProblem.Truncated, problemOf { loadPictureTyped(png.copyOf(png.size / 2), 32u) })
        val badCrc = png.copyOf().also { it[29] = (it[29].toInt() xor 0xFF).toByte() }
        assertEquals(PictureProblem.Damaged("PNG"), problemOf { loadPictureTyped(badCrc, 32u) })
        assertEquals(
            PictureProblem.TooManyPixels(64u, 64u, 1000uL),
            problemOf { loadPictureWithLimitsTyped(png, 32u, 1000uL, 1uL shl 30) },
        )
        assertEquals(
            PictureProblem.CropOutside,
            problemOf { loadPictureCroppedTyped(png, 32u, Crop(0.8, 0.0, 0.5)) },
        )
        assertEquals(
            PictureProblem.PixelsDoNotFit,
            problemOf { pictureFromPixelsTyped(8u, 8u, ByteArray(10), 32u, null, 16u) },
        )
        assertEquals(32u, loadPictureCroppedTyped(png, 32u, Crop(0.25, 0.25, 0.5)).edge)
    }

    @Test
    fun tableFilesMissingStaleOrDamagedAreToldApart() {
        val dir = File(System.getProperty("java.io.tmpdir"), "slidepuzzle-typed-${ProcessHandle.current().pid()}")
        dir.mkdirs()
        val file = File(dir, "tables.bin")
        fun problem(): TableProblem? = try {
            PatternDatabase.fromFileTyped(file.path)
            null
        } catch (e: PuzzleFailure.TablesRefused) {
            e.problem
        }
        try {
            assertEquals(TableProblem.FileMissing, problem())
            val bytes = PatternDatabase.build(goalTiles(3u, 8u), null).toBytes()
            file.writeBytes(bytes)
            assertEquals(null, problem())
            file.writeBytes(bytes.copyOf().also { it[4] = 9; it[5] = 0 })
            val stale = problem()
            assertTrue("$stale", stale is TableProblem.StaleVersion && stale.found == 9.toUShort())
            file.writeBytes(bytes.copyOf(bytes.size - 3))
            assertEquals(TableProblem.Damaged, problem())
            // Tables of an earlier group set, as an earlier core wrote them.
            file.writeBytes(bytes)
            val root = File(System.getProperty("slidepuzzle.data")).parentFile
            val tool = ProcessBuilder("python3", File(root, "tools/pdb_v1.py").path, "--reorder", file.path)
                .redirectErrorStream(true).start()
            assertEquals(0, tool.waitFor())
            assertEquals(TableProblem.StaleGroups, problem())
            assertTrue(!PatternDatabase.fromFile(file.path).isCurrent())
        } finally {
            dir.deleteRecursively()
        }
    }
}
