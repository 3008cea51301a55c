package dev.slidepuzzle.app

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** The state holder against a fake core and hand-run threads. */
class GameControllerTest {
    private val core = FakeCore()
    private val threads = FakeThreads()
    private val controller = GameController(core, threads, { 0L })
    private val seen = mutableListOf<UiState>()

    init {
        controller.observe { seen += it }
    }

    private fun shuffled(): UiState {
        controller.start(PictureSource.Builtin("sunset"), 3)
        controller.tap(8)
        controller.shuffle()
        return controller.state
    }

    @Test
    fun theFirstTapPicksTheBlanksHome() {
        controller.start(PictureSource.Builtin("sunset"), 3)
        assertEquals(Phase.CHOOSE_BLANK, controller.state.phase)
        assertTrue(controller.state.tiles.isEmpty())
        controller.tap(4)
        val s = controller.state
        assertEquals(Phase.READY, s.phase)
        assertEquals(4, s.blankCell)
        assertEquals(listOf(1, 3, 5, 7), s.movable.sorted())
        // Tile 5 shows the piece of cell 5 (labels skip the blank's cell).
        assertEquals(5, s.homes[5])
    }

    @Test
    fun tapsSlideTilesAndAnOffLineTapSaysWhy() {
        val s = shuffled()
        assertEquals(Phase.PLAYING, s.phase)
        val cell = s.movable.first()
        controller.tap(cell)
        assertEquals(1, controller.state.moves)
        assertEquals(cell, controller.state.blankCell)
        assertEquals(1, controller.state.lastSlides.size)
        val stuck = (0 until 9).first { it != controller.state.blankCell && it !in controller.state.movable }
        controller.tap(stuck)
        assertEquals(1, controller.state.moves)
        assertNotNull(controller.state.message)
    }

    @Test
    fun solvingByHandIsAWin() {
        shuffled()
        controller.auto()
        threads.runBackground()
        assertEquals(Phase.ANIMATING, controller.state.phase)
        threads.advance(60_000)
        assertEquals(Phase.WON, controller.state.phase)
        assertTrue(controller.state.won)
        // Playing the moves by hand (the reverse of the shuffle) also wins.
        val s = shuffled()
        val report = core.newGame(3, 8) // unused: the controller's own game is what counts
        assertNotNull(report)
        repeat(50) {
            if (controller.state.phase == Phase.WON) return@repeat
            controller.hint()
            threads.runBackground()
            val hint = controller.state.hintCell ?: return@repeat
            controller.tap(hint)
        }
        assertEquals(Phase.WON, controller.state.phase)
        assertTrue(controller.state.message!!.startsWith("Solved in"))
        assertNotEquals(s.tiles, controller.state.tiles)
    }

    @Test
    fun anExactDistanceShuffleRunsInTheBackgroundAndSetsTheBest() {
        controller.start(PictureSource.Builtin("sunset"), 3)
        controller.tap(8)
        controller.setDifficulty(Difficulty.EASY)
        controller.shuffle()
        assertEquals(Phase.SOLVING, controller.state.phase)
        threads.runBackground()
        assertEquals(Phase.PLAYING, controller.state.phase)
        assertEquals(10, controller.state.best)
        assertEquals(0, controller.state.moves)
    }

    @Test
    fun aHintIsDroppedWhenTheBoardChangedMeanwhile() {
        val s = shuffled()
        controller.hint()
        controller.tap(s.movable.first())
        threads.runBackground()
        assertNull(controller.state.hintCell)
        controller.hint()
        threads.runBackground()
        assertNotNull(controller.state.hintCell)
        assertTrue(controller.state.hintCell!! in controller.state.movable)
    }

    @Test
    fun undoAndRedo() {
        val s = shuffled()
        controller.tap(s.movable.first())
        val after = controller.state.tiles
        controller.undo()
        assertEquals(s.tiles, controller.state.tiles)
        assertTrue(controller.state.canRedo)
        controller.redo()
        assertEquals(after, controller.state.tiles)
        assertFalse(controller.state.canRedo)
    }

    @Test
    fun cancelStopsTheSearchAndThePlayback() {
        shuffled()
        controller.auto()
        assertEquals(Phase.SOLVING, controller.state.phase)
        controller.cancelAuto()
        assertTrue("the search was told to stop", core.cancels.last())
        assertEquals(Phase.PLAYING, controller.state.phase)
        // The cancelled search's result arrives late and is dropped.
        threads.runBackground()
        assertEquals(Phase.PLAYING, controller.state.phase)
        // Cancel during playback stops the moves where they are.
        controller.auto()
        threads.runBackground()
        threads.advance(controller.state.speedMs * 2)
        val moved = controller.state.moves
        assertTrue(moved > 0)
        controller.cancelAuto()
        threads.advance(60_000)
        assertEquals(moved, controller.state.moves)
        assertEquals(Phase.PLAYING, controller.state.phase)
    }

    @Test
    fun aFailedSearchSaysItRanOutOfBudget() {
        shuffled()
        core.solveFails = SolveFailed(SolveFailed.Kind.BUDGET, "memory limit reached after 9 expanded nodes")
        controller.setAlgorithm(AlgorithmChoice.BFS)
        controller.auto()
        threads.runBackground()
        assertEquals(Phase.PLAYING, controller.state.phase)
        assertTrue(controller.state.message!!, controller.state.message!!.contains("ran out of budget"))
    }

    @Test
    fun restoreBringsTheGameBack() {
        val s = shuffled()
        controller.tap(s.movable.first())
        controller.setNumbers(true)
        val saved = controller.saved()
        val other = GameController(core, FakeThreads(), { 0L })
        other.restore(saved)
        assertEquals(controller.state.tiles, other.state.tiles)
        assertEquals(Phase.PLAYING, other.state.phase)
        assertTrue(other.state.showNumbers)
        assertEquals(PictureSource.Builtin("sunset"), other.state.picture)
        // A damaged save starts over instead of crashing.
        val broken = GameController(core, FakeThreads(), { 0L })
        broken.restore(saved + ("game" to "junk"))
        assertEquals(Phase.START, broken.state.phase)
        assertNotNull(broken.state.message)
    }

    @Test
    fun theClockTicksWhilePlaying() {
        shuffled()
        threads.advance(3_000)
        assertEquals(3_000, controller.state.elapsedMs)
        controller.backToStart()
        threads.advance(3_000)
        assertNull(controller.state.message)
    }
}
