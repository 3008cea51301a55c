package dev.slidepuzzle.app

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotSame
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment

/**
 * Auto in real life, the controls per phase and the words a player reads, on the state holder
 * with the real core and hand-run threads: the app leaving the screen mid-Auto, a cancelled
 * Auto that moved nothing, the line before and after playback, hints and mis-taps without
 * numbers, and a restored game that was helped.
 */
@RunWith(RobolectricTestRunner::class)
class AutoTest {
    private val threads = HandThreads()
    private val storage = TempStorage()
    private val core = WrappedCore()
    private val c = newController(threads, TestTime(), storage, core)
    private val words = PlayerText(RuntimeEnvironment.getApplication())

    private fun playing(size: Int = 3) {
        c.startBuiltin(threads, size)
        c.shuffleNow(threads)
        assertEquals(Phase.PLAYING, c.state.phase)
    }

    /** Auto's path found, before its first move. */
    private fun autoFound() {
        c.auto()
        threads.runBackground()
        threads.runMain()
        assertEquals(Phase.ANIMATING, c.state.phase)
        assertEquals(0, c.state.playback!!.played)
    }

    @Test
    fun theAppLeavingTheScreenHoldsPlaybackAndKeepsThePath() {
        playing()
        autoFound()
        threads.runMain() // one move
        val path = c.state.solve!!
        c.pause()
        assertEquals("playback holds, not stops", Phase.ANIMATING, c.state.phase)
        assertTrue(c.state.playback!!.paused)
        threads.drain()
        assertEquals("no move while away", 1, c.state.moves)
        c.resume()
        assertTrue("back: held until the player resumes", c.state.playback!!.paused)
        assertEquals(listOf(ControlItem(Control.RESUME), ControlItem(Control.STOP)), c.state.controls)
        assertEquals("the same path", path, c.state.solve)
        c.perform(Control.RESUME)
        threads.drain()
        assertEquals(Phase.WON, c.state.phase)
        assertEquals(path.moves.size, c.state.moves)
        assertTrue(c.state.win!!.byAuto)
    }

    @Test
    fun autoTakingOverMidGameSaysItsOwnPathNotTheShufflesFewest() {
        playing()
        assertTrue(c.state.fewest != null)
        // From the shuffle: Auto's path is the fewest possible, and both lines agree.
        autoFound()
        threads.drain()
        val fromStart = words.statusLines(c.state)
        assertTrue(fromStart.toString(), "The fewest possible: ${c.state.moves}" in fromStart)
        // Mid-game: one move, then Auto. Its count is from where it took over; the shuffle's
        // fewest beside it would read as a contradiction, and is left out.
        c.playAgain()
        threads.drain()
        c.slide(c.state.movableDirection())
        autoFound()
        threads.drain()
        val midGame = words.statusLines(c.state)
        assertEquals(c.state.moves - 1, c.state.solve!!.moves.size)
        assertTrue(midGame.toString(), midGame.first().contains("${c.state.solve!!.moves.size} moves"))
        assertTrue(midGame.toString(), midGame.none { it.contains("fewest possible") })
        assertEquals("no search after Auto's win", false, c.isFindingFewest)
    }

    @Test
    fun noFewestSearchFollowsAutosWinAndItsCountSurvivesCancelAndRestore() {
        c.startBuiltin(threads, 3)
        c.requestShuffle()
        threads.runBackground() // the shuffle
        threads.runMain() // the new board; its fewest-move search queued
        threads.background.removeFirst() // never run: the fewest stays unknown
        c.slide(c.state.movableDirection())
        c.auto()
        threads.drain()
        assertEquals(Phase.WON, c.state.phase)
        assertNull(c.state.fewest)
        val autoMoves = c.state.win!!.autoMoves!!
        assertEquals(c.state.moves - 1, autoMoves)
        assertEquals("no search after Auto's win", 0, core.fewestCalls)
        c.pause()
        c.resume()
        threads.drain()
        assertEquals("nor after a pause", 0, core.fewestCalls)
        val head = "Auto solved it in $autoMoves moves"
        // Shuffle, then Cancel: the same win, with Auto's own count. Saved while it shuffles, it
        // comes back as the same win.
        c.playAgain()
        val whileShuffling = c.snapshot()
        c.cancelShuffle()
        threads.drain()
        assertEquals(head, words.statusLines(c.state).first())
        // Restored after process death: still Auto's win, with Auto's own count.
        val t = HandThreads()
        val later = newController(t, TestTime(), storage, core)
        later.restore(whileShuffling)
        later.resume()
        t.drain()
        assertTrue(later.state.win!!.byAuto)
        assertEquals(head, words.statusLines(later.state).first())
        assertTrue(words.statusLines(later.state).none { it.contains("fewest possible") })
        assertEquals(0, core.fewestCalls)
    }

    @Test
    fun theAppLeavingTheScreenStopsTheSearchAndComingBackRunsItAgain() {
        playing()
        core.hold()
        c.auto()
        val first = core.lastCancel!!
        c.pause()
        assertTrue("the search is cancelled while away", first.cancelled)
        assertEquals(Phase.SOLVING, c.state.phase)
        core.release()
        threads.drain()
        assertEquals("the cancelled search's end is not a failure", Phase.SOLVING, c.state.phase)
        c.resume()
        assertNotSame("a new search", first, core.lastCancel)
        threads.drain()
        assertEquals(Phase.WON, c.state.phase)
        assertTrue(c.state.win!!.byAuto)
    }

    @Test
    fun theDetailsHoldPlayback() {
        playing()
        autoFound()
        c.openDetails()
        assertEquals(DialogState.Details, c.state.dialog)
        assertTrue(c.state.playback!!.paused)
        threads.drain()
        assertEquals(0, c.state.moves)
    }

    @Test
    fun aGameIsHelpedOnlyOnceAutoMovedATile() {
        playing()
        autoFound()
        c.perform(Control.STOP)
        assertFalse("Auto stopped before a move: the game is still the player's own", c.state.helped)
        autoFound()
        threads.runMain()
        assertEquals(1, c.state.moves)
        c.perform(Control.STOP)
        assertTrue(c.state.helped)
        for (d in c.solution()) c.slide(d)
        assertTrue("finished by hand after Auto's move: helped", c.state.win!!.helped)
        assertFalse(c.state.win!!.byAuto)
    }

    @Test
    fun autosLineSaysWhatItFoundBeforePlaybackAndGoesOnStopAndOnTheNextMove() {
        playing()
        autoFound()
        val n = c.state.solve!!.moves.size
        val before = words.statusLines(c.state)
        assertTrue(before.toString(), "Found the fewest: $n moves from here" in before)
        assertTrue(before.toString(), before.none { it.startsWith("Solved") })
        c.perform(Control.STOP)
        assertNull("Stop clears Auto's line", c.state.solve)
        autoFound()
        c.perform(Control.PAUSE)
        assertTrue(words.statusLines(c.state).toString(), "Move 0 of $n · paused" in words.statusLines(c.state))
        c.perform(Control.STOP)
        c.slide(c.state.movableDirection())
        assertTrue(words.statusLines(c.state).none { it.startsWith("Found") })
        // Played to the win: Auto's own count, from where it took over (no "fewest possible"
        // beside it: autoTakingOverMidGameSaysItsOwnPathNotTheShufflesFewest).
        c.auto()
        threads.drain()
        val after = words.statusLines(c.state)
        assertEquals(after.toString(), "Auto solved it in ${c.state.solve!!.moves.size} moves", after.first())
    }

    @Test
    fun theControlsPerPhaseAreTheSameSetsAsOnIosWithShuffleNeverPrimary() {
        c.selectSize(3)
        c.chooseBuiltin("sunset")
        threads.drain()
        assertEquals(emptyList<ControlItem>(), c.state.controls)
        c.tap(8)
        assertEquals(listOf(Control.SHUFFLE), c.state.controls.map { it.control })
        c.requestShuffle()
        assertEquals(listOf(Control.CANCEL), c.state.controls.map { it.control })
        threads.drain()
        assertEquals(
            listOf(Control.SHUFFLE, Control.HINT, Control.UNDO, Control.REDO, Control.AUTO, Control.PEEK),
            c.state.controls.map { it.control },
        )
        assertEquals(listOf(true, true, false, false, true, true), c.state.controls.map { it.enabled })
        core.hold()
        c.perform(Control.AUTO)
        assertEquals(listOf(Control.CANCEL), c.state.controls.map { it.control })
        c.perform(Control.CANCEL)
        assertEquals(Phase.PLAYING, c.state.phase)
        core.release()
        threads.drain()
        autoFound()
        assertEquals(listOf(Control.PAUSE, Control.STOP), c.state.controls.map { it.control })
        threads.drain()
        assertEquals(listOf(Control.PLAY_AGAIN), c.state.controls.map { it.control })
        assertFalse("Shuffle drops the board: never primary", Control.SHUFFLE.isPrimary)
        assertTrue(Control.AUTO.isPrimary && Control.STOP.isPrimary && Control.PLAY_AGAIN.isPrimary)
        c.perform(Control.PLAY_AGAIN)
        threads.drain()
        assertEquals(Phase.PLAYING, c.state.phase)
    }

    @Test
    fun withoutNumbersHintsAndMisTapsSayTheWayNotANumber() {
        playing()
        assertFalse(c.state.numbered)
        c.hint()
        threads.drain()
        val hint = c.state.hint!!
        val line = words.note(c.state.note!!)
        assertEquals("Slide the marked piece ${words.direction(hint.direction)}.", line)
        // A tap off the empty space's row and column: no number, and the tile shakes.
        val off = c.state.tiles.indices.first { it !in c.state.movable && c.state.tiles[it] != 0 }
        c.tap(off)
        assertEquals(Note.NotInLine(null), c.state.note)
        assertEquals(off, c.state.shake!!.cell)
        assertFalse(words.note(c.state.note!!).any { it.isDigit() })
        c.updateSettings(c.state.settings.copy(showNumbers = true))
        c.tap(off)
        assertEquals(Note.NotInLine(c.state.tiles[off]), c.state.note)
        assertEquals("each mis-tap shakes anew", 2, c.state.shake!!.id)
    }

    @Test
    fun withoutNumbersTalkBackNamesPiecesAndMovesByPlaceNotNumber() {
        playing()
        assertFalse(c.state.numbered)
        val tileCells = c.state.tiles.indices.filter { c.state.tiles[it] != 0 }
        for (cell in tileCells) {
            val label = words.cellLabel(c.state, cell)
            val row = cell / c.state.size + 1
            val column = cell % c.state.size + 1
            assertEquals("cell $cell names its place only: $label", "$row$column", label.filter { it.isDigit() })
        }
        val movable = c.state.movable.first()
        assertTrue(words.cellLabel(c.state, movable).endsWith("can move"))
        c.tap(movable)
        val moved = c.state.announcement!!.note as Note.Moved
        assertEquals("TalkBack: no number", "Piece moved ${words.direction(moved.direction)}", words.spoken(moved))
        c.updateSettings(c.state.settings.copy(showNumbers = true))
        val now = c.state.movable.first { c.state.tiles[it] != 0 }
        assertEquals("with numbers, the tile's number", "Tile ${c.state.tiles[now]}, row ${now / 3 + 1}, column ${now % 3 + 1}; can move", words.cellLabel(c.state, now))
    }

    @Test
    fun listsSayAndWinsSayOneSentenceAndUnknownMethodsNoId() {
        assertEquals("Tiles 3, 5 and 7 moved up", words.note(Note.Moved(listOf(3, 5, 7), TileDirection.UP)))
        assertEquals("Tiles 3 and 5 moved up", words.note(Note.Moved(listOf(3, 5), TileDirection.UP)))
        val win = WinSummary(40, 60_000, Fewest(40, true), byAuto = false, helped = false, peeks = 0, movesChange = null, timeChange = null)
        assertEquals("The fewest possible: 40 — you matched it!", words.winLines(win, 3, "sunset")[1])
        assertEquals("The fewest possible: 40", words.winLines(win.copy(moves = 41), 3, "sunset")[1])
        // Still searched after the win, or never known (by hand; Auto's win says its own path).
        val open = win.copy(fewest = null)
        assertEquals("Finding the fewest possible…", words.winLines(open, 3, "sunset", findingFewest = true)[1])
        assertEquals("The fewest possible is not known for this board.", words.winLines(open, 6, "sunset")[1])
        assertFalse(words.winLines(open.copy(byAuto = true, helped = true), 6, "sunset").any { it.contains("fewest possible") })
        // A best beaten names the board, the picture, the new and the old.
        val better = win.copy(movesChange = Improvement.Better(44), timeChange = Improvement.Better(90_000))
        val lines = words.winLines(better, 3, "bauhaus")
        assertTrue(lines.toString(), "Fewest moves on 3×3 Bauhaus: 40, was 44" in lines)
        assertTrue(lines.toString(), lines.any { it.startsWith("Fastest on 3×3 Bauhaus: ${words.clock(60_000)}, was ${words.clock(90_000)}") })
        val unknown = words.methodName("warp+telepathy")
        assertEquals("another method with an estimate", unknown)
        assertEquals("Auto chose IDA* with Manhattan distance and linear conflicts", words.methodName("auto:idastar+lc"))
    }

    @Test
    fun failuresSayWhatToDoForAutoAndForTheHint() {
        val time = CoreError(CoreError.Kind.LIMIT_TIME, "")
        val auto = words.note(Note.SolveFailed(time, AlgorithmChoice.AUTO, 5))
        assertFalse("Auto out of time is not told to try Auto: $auto", auto.contains("Auto always") || auto.contains("Try Auto"))
        val astar = words.note(Note.SolveFailed(time, AlgorithmChoice.A_STAR, 5))
        assertTrue(astar, astar.contains("Auto always finds a path in time"))
        assertEquals("No hint within a second on this board. Try Auto.", words.note(Note.HintFailed(time)))
        playing()
        core.solveFailure = time
        c.auto()
        threads.drain()
        assertEquals(Note.SolveFailed(time, AlgorithmChoice.AUTO, 3), c.state.note)
        assertFalse("a failed Auto moved nothing", c.state.helped)
    }

    @Test
    fun autoCountsItsOwnMovesAndDropsTheFoundLineOnceItPlays() {
        playing(4)
        c.slide(c.state.movableDirection())
        assertEquals(1, c.state.moves)
        autoFound()
        val path = c.state.solve!!.moves.size
        val found = words.foundLine(c.state.solve!!)
        assertTrue("before playback: ${words.statusLines(c.state)}", found in words.statusLines(c.state))
        threads.runMain() // Auto's first move
        assertEquals(1, c.state.playback!!.played)
        assertFalse("once Auto moves, its moves count on instead: ${words.statusLines(c.state)}", found in words.statusLines(c.state))
        threads.drain()
        assertEquals(Phase.WON, c.state.phase)
        assertEquals(1 + path, c.state.moves)
        val head = words.statusLines(c.state).first()
        assertEquals("the win counts Auto's moves", words.string(R.string.win_by_auto, words.movesIn(path)), head)
    }

    @Test
    fun aRestoredGameThatWasHelpedWinsAsHelped() {
        playing()
        c.hint()
        threads.drain()
        assertTrue(c.state.helped)
        val saved = c.snapshot()
        val again = newController(threads, TestTime(), storage, core)
        again.restore(saved)
        threads.drain()
        assertEquals(Phase.PLAYING, again.state.phase)
        assertTrue(again.state.helped)
        for (d in again.solution()) again.slide(d)
        assertEquals(Phase.WON, again.state.phase)
        assertTrue("the restored game remembers its hint", again.state.win!!.helped)
        threads.drain()
        val row = again.state.records.single { it.picture == "sunset" }
        assertEquals(0, row.won)
        assertEquals(1, row.helpedWon)
    }
}

/** The first picture offered tells every tile of a 4×4 apart; Sunset, the first before, does not. */
@RunWith(RobolectricTestRunner::class)
class FirstPictureTest {
    /** The least difference between two tiles of [id] cut 4×4: mean absolute channel difference. */
    private fun leastTileDifference(id: String): Double {
        val art = TestCore.core.builtinPicture(id, 256)
        val side = art.edge / 4
        fun pixel(tile: Int, x: Int, y: Int) = art.argb[(tile / 4 * side + y) * art.edge + tile % 4 * side + x]
        var least = Double.MAX_VALUE
        for (a in 0 until 16) for (b in a + 1 until 16) {
            var sum = 0L
            for (y in 0 until side step 2) for (x in 0 until side step 2) {
                val p = pixel(a, x, y)
                val q = pixel(b, x, y)
                for (shift in listOf(0, 8, 16)) sum += kotlin.math.abs((p shr shift and 0xFF) - (q shr shift and 0xFF))
            }
            least = minOf(least, sum / ((side / 2) * (side / 2) * 3.0))
        }
        return least
    }

    @Test
    fun theFirstPictureHasDetailInEveryTile() {
        val first = StartScreen.ordered(TestCore.core.builtinIds()).first()
        val least = leastTileDifference(first)
        assertTrue("$first: two 4×4 tiles differ by only $least", least > 20.0)
        assertTrue("the check tells near-identical tiles: sunset's least is ${leastTileDifference("sunset")}", leastTileDifference("sunset") < 20.0)
    }
}
