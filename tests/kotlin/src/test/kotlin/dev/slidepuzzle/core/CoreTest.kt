package dev.slidepuzzle.core

import java.awt.image.BufferedImage
import java.io.ByteArrayOutputStream
import java.io.File
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicReference
import javax.imageio.ImageIO
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

/** The real Rust core, loaded through JNA, tested through the generated Kotlin bindings. */
class CoreTest {
    private fun tiles(vararg t: Int): List<UInt> = t.map { it.toUInt() }

    private fun replay(start: List<UInt>, goal: List<UInt>, moves: List<Direction>): List<UInt> {
        val game = Game.withTiles(goal, start)
        for (m in moves) game.apply(m)
        return game.tiles()
    }

    private inline fun <reified E : Throwable> assertThrows(block: () -> Unit): E {
        try {
            block()
        } catch (e: Throwable) {
            if (e is E) return e
            throw AssertionError("expected ${E::class.simpleName}, got $e", e)
        }
        fail("expected ${E::class.simpleName}, nothing was thrown")
        throw IllegalStateException()
    }

    @Test
    fun playAGameByTapsToTheWin() {
        val game = Game(3u, 8u)
        assertTrue(game.isSolved())
        // Blank at cell 8. Tap cell 2 (same column): tiles 6 then 3 slide down.
        val slides = game.tapCell(2u)
        assertEquals(listOf(6u, 3u), slides.map { it.tile })
        assertEquals(listOf(5u, 2u), slides.map { it.fromCell })
        assertEquals(listOf(8u, 5u), slides.map { it.toCell })
        assertEquals(2u, game.blankCell())
        assertFalse(game.isSolved())
        assertEquals(2u, game.moveCount())
        // Tap tile 6 (now at cell 8): both slide back up, and the game is won.
        game.tapTile(6u)
        assertEquals(8u, game.blankCell())
        assertTrue(game.isSolved())
        assertEquals(4u, game.moveCount())
        game.undo()
        assertFalse(game.isSolved())
        game.redo()
        assertTrue(game.isSolved())
        // Tiles that can move from a solved 3×3 with the blank at 8: its row and column.
        assertEquals(listOf(2u, 5u, 6u, 7u), game.movableCells())
        // A picture puzzle's piece for a tile: its home cell in the goal.
        val g = Game(3u, 0u)
        assertEquals(1u, g.homeCell(1u))
        assertEquals(0u, g.homeCell(0u))
        assertNull(g.homeCell(9u))
    }

    @Test
    fun seededShufflesMatchTheRustVectors() {
        val file = File(System.getProperty("slidepuzzle.data"), "shuffles.txt")
        var checked = 0
        for (line in file.readLines()) {
            if (line.isBlank() || line.startsWith("#")) continue
            val (head, board) = line.split("|")
            val (size, blank, seed) = head.trim().split(" ").map { it.toULong() }
            val game = Game(size.toUInt(), blank.toUInt())
            game.shuffle(ShuffleKind.Walk, seed, null)
            assertEquals(line, parseTiles(board), game.tiles())
            assertEquals(0u, game.moveCount())
            checked++
        }
        assertTrue(checked >= 6)
    }

    @Test
    fun everyAlgorithmSolvesAndItsMovesReplayToTheGoal() {
        val goal = goalTiles(3u, 8u)
        val start = tiles(8, 6, 7, 2, 5, 4, 3, 0, 1) // 31 moves: the deepest 3×3 board
        val pdb = PatternDatabase.build(goal, null)
        val runs = listOf(
            Triple(Algorithm.BFS, Heuristic.ZERO, null),
            Triple(Algorithm.BIDIRECTIONAL_BFS, Heuristic.ZERO, null),
            Triple(Algorithm.A_STAR, Heuristic.MANHATTAN, null),
            Triple(Algorithm.A_STAR, Heuristic.LINEAR_CONFLICT, null),
            Triple(Algorithm.IDA_STAR, Heuristic.LINEAR_CONFLICT, null),
            Triple(Algorithm.PATTERN_DB, Heuristic.PATTERN_DB, pdb),
            Triple(Algorithm.AUTO, Heuristic.LINEAR_CONFLICT, null),
        )
        for ((algorithm, heuristic, db) in runs) for (threads in listOf(1u, 2u)) {
            val s = solve(start, goal, algorithm, heuristic, Limits(threads = threads), db, null, null)
            assertEquals("$algorithm length", 31, s.moves.size)
            assertTrue("$algorithm optimal", s.optimal)
            assertEquals(31u, s.lowerBound)
            assertEquals(s.moves.size, s.tiles.size)
            assertTrue("$algorithm expanded", s.stats.expanded > 0u)
            assertEquals("$algorithm replay", goal, replay(start, goal, s.moves))
        }
        // The same through a game, which is left untouched by solving.
        val game = Game.withTiles(goal, start)
        val s = game.solve(Algorithm.AUTO, Heuristic.LINEAR_CONFLICT, Limits(), null, null, null)
        assertEquals(start, game.tiles())
        for (m in s.moves) game.apply(m)
        assertTrue(game.isSolved())
    }

    @Test
    fun hintsFollowedReachTheGoalInTheBestCount() {
        val game = Game(3u, 4u)
        game.shuffle(ShuffleKind.Distance(18u), 5uL, null)
        val best = game.bestCount(Limits(), null, null)
        assertEquals(18, best.moves.size)
        assertTrue(best.optimal)
        var steps = 0
        while (!game.isSolved()) {
            val hint = game.hint(Limits(), null, null)
            assertNotNull(hint)
            game.apply(hint!!)
            steps++
        }
        assertEquals(18, steps)
        assertNull(game.hint(Limits(), null, null))
    }

    @Test
    fun cancellingALongBfsFromAnotherThreadReturnsWithin50ms() {
        val goal = goalTiles(4u, 15u)
        val start = tiles(0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1) // 80 moves
        val token = CancelToken()
        val started = CountDownLatch(1)
        val progress = object : ProgressListener {
            override fun onProgress(progress: Progress) {
                started.countDown()
            }
        }
        val outcome = AtomicReference<Throwable?>()
        val endedAt = AtomicReference<Long>()
        val worker = Thread {
            try {
                solve(start, goal, Algorithm.BFS, Heuristic.ZERO,
                    Limits(maxBytes = 4uL shl 30, progressIntervalMs = 10uL), null, progress, token)
            } catch (e: Throwable) {
                outcome.set(e)
            }
            endedAt.set(System.nanoTime())
        }
        worker.start()
        assertTrue("the search started", started.await(10, TimeUnit.SECONDS))
        Thread.sleep(100)
        val cancelledAt = System.nanoTime()
        token.cancel()
        worker.join(5000)
        assertFalse("the search stopped", worker.isAlive)
        assertTrue(token.isCancelled())
        assertTrue(outcome.get().toString(), outcome.get() is PuzzleException.Cancelled)
        val ms = (endedAt.get() - cancelledAt) / 1_000_000.0
        assertTrue("returned $ms ms after cancel", ms < 50.0)
    }

    @Test
    fun theProgressCallbackIsCalled() {
        val calls = AtomicInteger()
        val last = AtomicReference<Progress>()
        val listener = object : ProgressListener {
            override fun onProgress(progress: Progress) {
                calls.incrementAndGet()
                last.set(progress)
            }
        }
        val goal = goalTiles(4u, 15u)
        val start = tiles(0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1)
        val e = assertThrows<PuzzleException.LimitReached> {
            solve(start, goal, Algorithm.IDA_STAR, Heuristic.MANHATTAN,
                Limits(timeoutMs = 300uL, progressIntervalMs = 20uL), null, listener, null)
        }
        assertTrue(e.message!!, e.message!!.contains("time limit"))
        assertTrue("called ${calls.get()} times", calls.get() >= 3)
        assertTrue(last.get().expanded > 0u)
        assertTrue(last.get().bound >= 50u)
    }

    @Test
    fun badInputMapsToTheRightException() {
        assertThrows<PuzzleException.InvalidBoard> { Game(9u, 0u) }
        assertThrows<PuzzleException.InvalidBoard> { Game(3u, 9u) }
        val dup = assertThrows<PuzzleException.InvalidBoard> { parseTiles("1 2 3 3") }
        assertEquals("tile 3 appears twice", dup.message)
        assertThrows<PuzzleException.InvalidBoard> { parseTiles("1 2 x 0") }
        assertThrows<PuzzleException.InvalidBoard> { parseTiles("1 2 3 4 0") }
        assertThrows<PuzzleException.Unsolvable> { Game.withTiles(tiles(1, 2, 3, 0), tiles(2, 1, 3, 0)) }
        val game = Game(3u, 8u)
        assertThrows<PuzzleException.IllegalMove> { game.tapCell(0u) }
        assertThrows<PuzzleException.IllegalMove> { game.tapCell(8u) }
        assertThrows<PuzzleException.IllegalMove> { game.apply(Direction.DOWN) }
        assertThrows<PuzzleException.IllegalMove> { game.undo() }
        val big = Game(6u, 35u)
        big.shuffle(ShuffleKind.Walk, 1uL, null)
        assertThrows<PuzzleException.Unsupported> {
            big.solve(Algorithm.BFS, Heuristic.ZERO, Limits(), null, null, null)
        }
        val goal = goalTiles(4u, 15u)
        val limit = assertThrows<PuzzleException.LimitReached> {
            solve(tiles(0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1), goal,
                Algorithm.BFS, Heuristic.ZERO, Limits(maxBytes = 16uL shl 20), null, null, null)
        }
        assertTrue(limit.message!!, limit.message!!.contains("memory limit"))
        assertThrows<PuzzleException.PatternDatabase> {
            solve(goal, goal, Algorithm.PATTERN_DB, Heuristic.PATTERN_DB, Limits(), null, null, null)
        }
        assertThrows<PuzzleException.PatternDatabase> { PatternDatabase.fromBytes(byteArrayOf(1, 2, 3)) }
        assertThrows<PuzzleException.InvalidArgument> { builtinPicture("nope", 100u) }
        assertThrows<PuzzleException.InvalidArgument> { Game(5u, 0u).shuffle(ShuffleKind.Distance(10u), 1uL, null) }
    }

    @Test
    fun patternDatabasesRoundTripThroughBytes() {
        val goal = goalTiles(3u, 0u)
        val db = PatternDatabase.build(goal, null)
        val bytes = db.toBytes()
        val loaded = PatternDatabase.fromBytes(bytes)
        assertEquals(goal, loaded.goal())
        assertTrue(loaded.serves(goal))
        // built by this core: its partition, not one an earlier version cached
        assertTrue(loaded.isCurrent())
        assertEquals(canonicalGoal(goalTiles(3u, 2u)), canonicalGoal(goal))
        val flipped = bytes.copyOf()
        flipped[flipped.size / 2] = (flipped[flipped.size / 2].toInt() xor 0x10).toByte()
        assertThrows<PuzzleException.PatternDatabase> { PatternDatabase.fromBytes(flipped) }
    }

    /** A w×h JPEG, red with a green block in the top-left quarter. */
    private fun jpeg(w: Int, h: Int): ByteArray {
        val img = BufferedImage(w, h, BufferedImage.TYPE_INT_RGB)
        for (y in 0 until h) for (x in 0 until w) {
            img.setRGB(x, y, if (x < w / 4 && y < h / 4) 0x00FF00 else 0xFF0000)
        }
        val out = ByteArrayOutputStream()
        assertTrue(ImageIO.write(img, "jpg", out))
        return out.toByteArray()
    }

    /** [jpeg] with an EXIF APP1 segment carrying an orientation tag, right after SOI. */
    private fun withOrientation(jpeg: ByteArray, orientation: Int): ByteArray {
        val tiff = byteArrayOf(
            'I'.code.toByte(), 'I'.code.toByte(), 42, 0, 8, 0, 0, 0, // little-endian, IFD at 8
            1, 0, // one entry
            0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation.toByte(), 0, 0, 0, // Orientation SHORT
            0, 0, 0, 0, // no next IFD
        )
        val app1 = "Exif".toByteArray() + byteArrayOf(0, 0) + tiff
        val len = app1.size + 2
        val segment = byteArrayOf(0xFF.toByte(), 0xE1.toByte(), (len shr 8).toByte(), len.toByte())
        return jpeg.copyOfRange(0, 2) + segment + app1 + jpeg.copyOfRange(2, jpeg.size)
    }

    private fun pixel(p: Picture, x: Int, y: Int): IntArray {
        val i = (y * p.edge.toInt() + x) * 4
        return IntArray(4) { p.rgba[i + it].toInt() and 0xFF }
    }

    private fun isGreen(px: IntArray) = px[1] > 180 && px[0] < 90
    private fun isRed(px: IntArray) = px[0] > 180 && px[1] < 90

    @Test
    fun aJpegWithExifOrientation6ComesOutRotated() {
        // Stored 400×400 with the green block top-left; orientation 6 means "rotate 90°
        // clockwise to view", so the block shows top-right.
        val plain = loadPicture(jpeg(400, 400), 100u)
        assertEquals(100u, plain.edge)
        assertEquals(100 * 100 * 4, plain.rgba.size)
        assertTrue(isGreen(pixel(plain, 10, 10)))
        assertTrue(isRed(pixel(plain, 90, 10)))
        val rotated = loadPicture(withOrientation(jpeg(400, 400), 6), 100u)
        assertTrue(isRed(pixel(rotated, 10, 10)))
        assertTrue(isGreen(pixel(rotated, 90, 10)))
        assertTrue(isRed(pixel(rotated, 90, 90)))
    }

    @Test
    fun truncatedEmptyAndOversizedImagesAreErrors() {
        val bytes = jpeg(200, 200)
        val cut = assertThrows<PuzzleException.BadPicture> {
            loadPicture(bytes.copyOfRange(0, bytes.size / 2), 100u)
        }
        assertEquals("the image file is truncated", cut.message)
        assertThrows<PuzzleException.BadPicture> { loadPicture(ByteArray(0), 100u) }
        assertThrows<PuzzleException.BadPicture> { loadPicture("not an image".toByteArray(), 100u) }
        val huge = assertThrows<PuzzleException.BadPicture> {
            loadPictureWithLimits(bytes, 100u, 10_000uL, 1uL shl 20)
        }
        assertTrue(huge.message!!, huge.message!!.contains("200×200"))
        assertThrows<PuzzleException.InvalidArgument> { loadPicture(bytes, 0u) }
    }

    @Test
    fun builtinPicturesAndTileRects() {
        val all = builtinPictures()
        assertTrue(all.size >= 3)
        for (b in all) {
            val p = builtinPicture(b.id, 120u)
            assertEquals(120 * 120 * 4, p.rgba.size)
        }
        var area = 0u
        for (cell in 0u until 16u) {
            val r = tileRect(4u, 1081u, cell)
            area += r.width * r.height
        }
        assertEquals(1081u * 1081u, area)
        assertThrows<PuzzleException.InvalidBoard> { tileRect(4u, 100u, 16u) }
    }

    @Test
    fun saveRestoreRoundTripsAndCorruptSavesAreRejected() {
        val game = Game(4u, 15u)
        game.shuffle(ShuffleKind.Walk, 11uL, null)
        val movable = game.movableCells().first()
        game.tapCell(movable)
        game.apply(Direction.UP.takeIf { game.blankCell() >= 4u } ?: Direction.DOWN)
        game.undo()
        game.addElapsedMs(12_345uL)
        val save = game.save()
        val back = Game.restore(save)
        assertEquals(game.tiles(), back.tiles())
        assertEquals(game.goal(), back.goal())
        assertEquals(game.moveCount(), back.moveCount())
        assertEquals(12_345uL, back.elapsedMs())
        assertTrue(back.canRedo())
        back.redo()
        assertNotEquals(game.tiles(), back.tiles())
        val damaged = save.replaceFirst("moves=", "moves=u")
        assertThrows<PuzzleException.BadSave> { Game.restore(damaged) }
        assertThrows<PuzzleException.BadSave> { Game.restore(save.dropLast(3)) }
        assertThrows<PuzzleException.BadSave> { Game.restore("") }
        assertEquals(back.save(), Game.restore(back.save()).save())
    }

    @Test
    fun recordsStoreCountsAGameOnceAcrossAReopenAndReportsABadEntry() {
        val folder = File.createTempFile("slidepuzzle-records", "").apply { delete(); mkdirs() }
        try {
            val win = WonGame(3u, "aurora", 30u, 25_000uL, FewestKnown(22u, true), false, 0u)
            val id = newGameId()
            assertEquals(32, id.length)
            assertNotEquals(id, newGameId())
            val first = RecordsStore.open(folder.path).recordOnce(id, win)
            assertEquals(Improvement.First, first.moves)
            // The app was killed before it noted the win saved: it records the game again.
            val store = RecordsStore.open(folder.path)
            assertEquals(first, store.recordOnce(id, win))
            assertEquals(1u, store.entry(3u, "aurora")!!.byHand.won)
            assertEquals(2u, store.recordOnce(newGameId(), win.copy(moves = 26u)).won)
            assertThrows<RecordsStoreException.InvalidWin> { store.recordOnce("", win) }
            // One bad entry: dropped alone and said, the other kept.
            val file = File(folder, "records.json")
            file.writeText(file.readText().replaceFirst("\"records\":[", "\"records\":[{\"size\":99,\"picture\":\"x\"},"))
            val reopened = RecordsStore.open(folder.path)
            val cause = reopened.keptAsideFiles().single().cause
            assertTrue("$cause", cause is AsideCause.EntriesDropped)
            assertEquals(0u, (cause as AsideCause.EntriesDropped).dropped.single().position)
            assertEquals(KeptAsideReason.Damaged, reopened.keptAside().single().reason)
            assertEquals(2u, reopened.entry(3u, "aurora")!!.byHand.won)
        } finally {
            folder.deleteRecursively()
        }
    }
}
