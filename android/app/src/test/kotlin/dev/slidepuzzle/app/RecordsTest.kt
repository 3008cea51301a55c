package dev.slidepuzzle.app

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner

/**
 * The records through the core's store, on the real core and the real disk: today's records
 * file merged in once and never lost, files that cannot be read never written over, a record
 * the disk refuses said in the win, every win counted once.
 */
@RunWith(RobolectricTestRunner::class)
class RecordsTest {
    private val threads = HandThreads()
    private val storage = TempStorage()
    private val core = WrappedCore()
    private val c = newController(threads, storage = storage, core = core)

    /** A shuffled 3×3 game on the built-in sunset. */
    private fun playing() {
        c.startBuiltin(threads, 3)
        c.shuffleNow(threads)
    }

    /** The records file as the app before the store wrote it: the core's JSON of its
     *  personal bests, in files/records.json, written whole by rename. */
    private fun todaysRecordsFile(dir: java.io.File, wins: Int): String {
        val bests = dev.slidepuzzle.core.PersonalBests()
        repeat(wins) { i ->
            bests.record(dev.slidepuzzle.core.WonGame(3u, "sunset", (30 + i).toUInt(), (60_000 + i).toULong(), null, false, 0u))
        }
        val json = bests.toJson()
        FolderStorage.writeAtomically(java.io.File(dir, "records.json"), json.toByteArray())
        return json
    }

    @Test
    fun todaysRecordsAreMergedIntoTheStoreOnceAndTheirFileIsKept() {
        val store = TempStorage()
        val json = todaysRecordsFile(store.dir, wins = 3)
        val first = newController(HandThreads(), TestTime(), store, core)
        val row = first.state.records.single { it.picture == "sunset" }
        assertEquals(3, row.won)
        assertEquals(30, row.fewestMoves)
        assertFalse("merged: not read again", java.io.File(store.dir, "records.json").exists())
        val kept = store.dir.listFiles()!!.single { it.name.startsWith("records-merged-") }
        assertEquals("the file is kept as it was", json, kept.readText())
        // The next launch counts them once, and a win adds to them.
        val t = HandThreads()
        val later = newController(t, TestTime(), store, core)
        assertEquals(3, later.state.records.single { it.picture == "sunset" }.won)
        later.startBuiltin(t, 3)
        later.shuffleNow(t)
        for (d in later.solution()) later.slide(d)
        t.drain()
        assertEquals(4, later.state.records.single { it.picture == "sunset" }.won)
    }

    @Test
    fun aRecordsFileThatCannotBeMovedAsideIsMergedAgainWithoutCountingTwice() {
        val dir = java.nio.file.Files.createTempDirectory("files").toFile()
        todaysRecordsFile(dir, wins = 2)
        /** The real storage, except that the disk refuses to move the old file. */
        class StuckStorage : Storage by FolderStorage(dir) {
            override fun retireLegacyRecords(kind: String): String = throw java.io.IOException("read-only")
        }
        repeat(2) {
            val launch = newController(HandThreads(), TestTime(), StuckStorage(), WrappedCore(RustCore(null)))
            assertEquals("launch ${it + 1}", 2, launch.state.records.single { r -> r.picture == "sunset" }.won)
            assertTrue("the file is where it was", java.io.File(dir, "records.json").isFile)
        }
    }

    @Test
    fun aDamagedRecordsFileIsKeptAsideAndAnUnreadableOneIsLeftAlone() {
        val store = TempStorage()
        java.io.File(store.dir, "records.json").writeText("{ not json")
        val fresh = newController(HandThreads(), TestTime(), store, core)
        assertEquals(Note.RecordsKeptAside, fresh.state.note)
        assertTrue(fresh.state.records.isEmpty())
        val aside = store.dir.listFiles()!!.single { it.name.startsWith("records-unreadable-") }
        assertEquals("the file is kept as it was", "{ not json", aside.readText())
        // A read error (here: the name is a folder) is not "no records": the file stays for the
        // next launch and the store goes on.
        val other = TempStorage()
        val blocked = java.io.File(other.dir, "records.json").apply { mkdirs() }
        java.io.File(blocked, "inside").writeText("kept")
        val t = HandThreads()
        val c2 = newController(t, TestTime(), other, core)
        assertNull(c2.state.note)
        assertEquals("kept", java.io.File(blocked, "inside").readText())
        c2.startBuiltin(t, 3)
        c2.shuffleNow(t)
        for (d in c2.solution()) c2.slide(d)
        t.drain()
        assertEquals(1, c2.state.records.single().won)
        assertTrue(blocked.isDirectory)
    }

    @Test
    fun storeRecordsThatCannotBeReadAreNeverWrittenOverAndTheWinSaysItWasNotRecorded() {
        val store = TempStorage()
        // The store's own file cannot be read (a folder where it should be).
        val file = java.io.File(store.recordsFolder, "records.json").apply { mkdirs() }
        val t = HandThreads()
        val c2 = newController(t, TestTime(), store, WrappedCore(RustCore(null)))
        assertEquals(Note.RecordsUnreadable, c2.state.note)
        c2.startBuiltin(t, 3)
        c2.shuffleNow(t)
        for (d in c2.solution()) c2.slide(d)
        t.drain()
        assertTrue("said in the win", c2.state.win!!.notRecorded)
        assertEquals(Note.RecordNotSaved, c2.state.note)
        assertTrue("nothing written over it", file.isDirectory)
    }

    @Test
    fun aRecordTheDiskRefusesIsSaidInTheWin() {
        playing()
        core.recordFailure = CoreError(CoreError.Kind.RECORDS_UNWRITABLE, "disk full")
        for (d in c.solution()) c.slide(d)
        threads.drain()
        assertTrue(c.state.win!!.notRecorded)
        assertNull("no improvement claimed", c.state.win!!.movesChange)
        assertEquals(Note.RecordNotSaved, c.state.note)
        assertTrue(c.state.records.none { it.picture == "sunset" })
    }

    @Test
    fun twoQuickWinsAreBothCountedAndOneGameCountsOnce() {
        playing()
        for (d in c.solution()) c.slide(d)
        // Play again at once: the first record may still be on its way.
        c.playAgain()
        threads.drain()
        for (d in c.solution()) c.slide(d)
        threads.drain()
        assertEquals(2, c.state.records.single { it.picture == "sunset" }.won)
        // The same game restored after its win (a kill before the session was saved) and won
        // again in a new process (a new core, the store opened again) counts nothing more.
        val saved = c.snapshot()
        val t = HandThreads()
        val later = newController(t, TestTime(), storage, WrappedCore(RustCore(null)))
        later.restore(saved)
        t.drain()
        later.win(byAuto = false, emptyList())
        t.drain()
        assertEquals(2, later.state.records.single { it.picture == "sunset" }.won)
    }

    /** A shuffled 3×3 game whose fewest-move search is queued, not run, won first: two moves
     *  more than the fewest (one slide and back, then the real core's optimal solve). The
     *  search, taken off the queue (it runs when the test says), its token, and the optimum. */
    private fun wonBeforeTheFewestIsKnown(): Held {
        c.startBuiltin(threads, 3)
        c.requestShuffle()
        threads.runBackground() // the shuffle
        threads.runMain() // the new board; its fewest-move search is queued
        assertTrue(c.isFindingFewest)
        val token = core.lastCancel!!
        val search = threads.background.removeFirst()
        val optimum = c.solution().size
        val there = c.state.movableDirection()
        c.slide(there)
        c.slide(back(there))
        for (d in c.solution()) c.slide(d)
        assertEquals(Phase.WON, c.state.phase)
        assertEquals(optimum + 2, c.state.win!!.moves)
        assertNull(c.state.win!!.fewest)
        return Held(search, token, optimum)
    }

    private class Held(val search: () -> Unit, val token: RecordingToken, val optimum: Int)

    /** The slide that takes a tile back where a slide [d] took it. */
    private fun back(d: TileDirection) = when (d) {
        TileDirection.UP -> TileDirection.DOWN
        TileDirection.DOWN -> TileDirection.UP
        TileDirection.LEFT -> TileDirection.RIGHT
        TileDirection.RIGHT -> TileDirection.LEFT
    }

    private fun proven(moves: Int) = Fewest(moves, true)

    private fun sunset() = c.state.records.single { it.picture == "sunset" }

    private val words = PlayerText(org.robolectric.RuntimeEnvironment.getApplication())

    @Test
    fun aFewestFoundAfterTheWinCompletesTheRecordOnDisk() {
        val held = wonBeforeTheFewestIsKnown()
        val (search, optimum) = held.search to held.optimum
        assertTrue("the win says it is still found", "Finding the fewest possible…" in words.statusLines(c.state))
        search()
        threads.drain()
        assertEquals("the banner", proven(optimum), c.state.win!!.fewest)
        assertTrue(words.statusLines(c.state).toString(), "The fewest possible: $optimum" in words.statusLines(c.state))
        assertEquals("the record", proven(optimum), sunset().fewestPossible)
        assertEquals(optimum + 2, sunset().fewestMoves)
        assertEquals(1, sunset().won)
        // The next launch reads it from the store's file.
        val later = newController(HandThreads(), TestTime(), storage, WrappedCore(RustCore(null)))
        assertEquals(proven(optimum), later.state.records.single { it.picture == "sunset" }.fewestPossible)
    }

    @Test
    fun aWonGamesFewestSearchGoesOnForItsRecordAndTheNextGamesWaitsForIt() {
        val held = wonBeforeTheFewestIsKnown()
        val (search, optimum, token) = Triple(held.search, held.optimum, held.token)
        c.playAgain()
        threads.drain() // the new board; the won game's search is still held
        assertEquals(Phase.PLAYING, c.state.phase)
        assertFalse("play again does not cancel it", token.cancelled)
        assertEquals("the new game's search waits: one at a time", 0, core.fewestCalls)
        assertTrue(c.state.findingFewest)
        search()
        threads.drain()
        assertEquals("the won game's record learns it", proven(optimum), sunset().fewestPossible)
        assertEquals(1, sunset().won)
        assertEquals("then the new game's own", 2, core.fewestCalls)
        assertTrue(c.state.fewest != null)
        // Another win left the same way, then the app leaves the screen: that search stops
        // (the battery), and the record stays without it.
        c.backToStart()
        val second = wonBeforeTheFewestIsKnown()
        val (next, nextToken) = second.search to second.token
        c.backToStart()
        assertFalse("another picture does not cancel it", nextToken.cancelled)
        c.pause()
        assertTrue("the app leaving the screen stops it", nextToken.cancelled)
        next()
        threads.drain()
        assertEquals(2, sunset().won)
    }

    @Test
    fun aShuffleEndingOffScreenStartsItsSearchOnlyWhenTheAppComesBack() {
        c.startBuiltin(threads, 3)
        c.requestShuffle()
        c.pause()
        threads.drain()
        assertEquals(Phase.PLAYING, c.state.phase)
        assertEquals("nothing searched off-screen", 0, core.fewestCalls)
        c.resume()
        threads.drain()
        assertEquals(1, core.fewestCalls)
        assertTrue(c.state.fewest != null)
    }

    @Test
    fun aQueuedSearchStartsWhenTheAppComesBack() {
        val held = wonBeforeTheFewestIsKnown()
        c.playAgain()
        threads.drain() // the new board; its search queued behind the won game's
        assertTrue(c.state.findingFewest)
        c.pause()
        assertTrue("the left-behind search stops", held.token.cancelled)
        assertFalse(c.state.findingFewest)
        c.resume()
        held.search() // ends at once, cancelled: dropped
        threads.drain()
        assertEquals("the new game's own search ran", 2, core.fewestCalls)
        assertTrue(c.state.fewest != null)
        assertFalse(c.state.findingFewest)
        assertNull("the won game's fewest stays unknown", sunset().fewestPossible)
    }

    @Test
    fun shuffleCancelledAfterAWinKeepsItsSearchAndStartsNoSecond() {
        val held = wonBeforeTheFewestIsKnown()
        val (search, optimum, token) = Triple(held.search, held.optimum, held.token)
        c.playAgain()
        assertEquals(Phase.SHUFFLING, c.state.phase)
        c.cancelShuffle()
        assertEquals(Phase.WON, c.state.phase)
        assertFalse(token.cancelled)
        threads.drain() // the dropped shuffle; no second search
        assertEquals(0, core.fewestCalls)
        search()
        threads.drain()
        assertEquals(1, core.fewestCalls)
        assertEquals("the banner learns it", proven(optimum), c.state.win!!.fewest)
        assertEquals(proven(optimum), sunset().fewestPossible)
    }

    @Test
    fun aWonGameRestoredAfterTheProcessDiedIsRecordedOnceAndLearnsItsFewest() {
        val optimum = wonBeforeTheFewestIsKnown().optimum
        // The process dies before the storage thread wrote the win: only the session is left.
        val saved = c.snapshot()
        val t = HandThreads()
        val later = newController(t, TestTime(), storage, WrappedCore(RustCore(null)))
        later.restore(saved)
        later.resume()
        t.drain()
        val row = later.state.records.single { it.picture == "sunset" }
        assertEquals("the win is recorded", 1, row.won)
        assertEquals("and its fewest, searched again", proven(optimum), row.fewestPossible)
        val win = later.state.win!!
        assertEquals("the win is shown again", optimum + 2, win.moves)
        assertEquals("with what it improved", Improvement.First, win.movesChange)
        assertEquals(proven(optimum), win.fewest)
        // Had the first process written it after all, the game still counts once.
        threads.drain()
        assertEquals(1, c.state.records.single { it.picture == "sunset" }.won)
    }

    @Test
    fun aWonGameSavedBeforeGameIdsIsNotRecordedAgain() {
        playing()
        for (d in c.solution()) c.slide(d)
        threads.drain()
        assertEquals(1, sunset().won)
        // A save of the app before game ids (recorded then by the app itself) comes back won.
        val saved = c.snapshot() - "gameId"
        val t = HandThreads()
        val later = newController(t, TestTime(), storage, WrappedCore(RustCore(null)))
        later.restore(saved)
        t.drain()
        assertEquals(Phase.WON, later.state.phase)
        assertEquals("its win shown again", c.state.win!!.moves, later.state.win!!.moves)
        assertEquals("counted once", 1, later.state.records.single { it.picture == "sunset" }.won)
    }
}
