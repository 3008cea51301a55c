package dev.slidepuzzle.app

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner

/**
 * The state holder on the real core (the Rust library through JNA) with hand-run threads: what
 * a player relies on, from the first tap to the records. Robolectric only supplies the
 * framework classes the app's resources are typed with; no activity runs here.
 */
@RunWith(RobolectricTestRunner::class)
class GameControllerTest {
    private val threads = HandThreads()
    private val time = TestTime()
    private val storage = TempStorage()
    private val core = WrappedCore()
    private val c = newController(threads, time, storage, core)

    private fun playing(size: Int = 3) {
        c.startBuiltin(threads, size)
        c.shuffleNow(threads)
        assertEquals(Phase.PLAYING, c.state.phase)
    }

    @Test
    fun theFirstTapChoosesTheEmptySpaceAndNothingMovesBeforeTheShuffle() {
        c.selectSize(3)
        c.chooseBuiltin("sunset")
        threads.drain()
        assertEquals(Screen.GAME, c.state.screen)
        assertEquals(Phase.CHOOSE_BLANK, c.state.phase)
        assertTrue("the picture is drawn", c.state.art != null)
        c.tap(4)
        assertEquals(Phase.READY, c.state.phase)
        assertEquals("the tapped cell is the empty space", 4, c.state.blankCell)
        val before = c.state.tiles
        c.tap(1)
        c.slide(TileDirection.DOWN)
        c.undo()
        assertEquals("taps, slides and undo do nothing before the shuffle", before, c.state.tiles)
        assertEquals(Note.TapShuffle, c.state.note)
        assertFalse("Auto is not offered on the solved board", c.state.canAuto)
        c.auto()
        threads.drain()
        assertEquals(Phase.READY, c.state.phase)
        assertNull(c.state.win)
    }

    @Test
    fun autoIsRefusedOnASolvedBoardEvenAfterTheShuffle() {
        playing()
        // Solve by hand to the last move, then undo it: the board is one move from solved.
        val moves = c.solution()
        for (d in moves) c.slide(d)
        assertEquals(Phase.WON, c.state.phase)
        c.auto()
        threads.drain()
        assertEquals("no Auto on a won board", Phase.WON, c.state.phase)
        assertFalse(c.state.canAuto)
        assertTrue(c.state.win!!.byAuto.not())
    }

    @Test
    fun aShuffleWorksOnANewBoardAndCancelPutsTheOldOneBack() {
        playing()
        c.slide(c.state.movableDirection())
        val before = c.state.tiles
        val moves = c.state.moves
        c.requestShuffle()
        assertEquals("a board with moves asks first", DialogState.Confirm(Pending.SHUFFLE, moves), c.state.dialog)
        c.confirm()
        assertEquals(Phase.SHUFFLING, c.state.phase)
        c.tap(c.state.movable.first())
        c.slide(TileDirection.LEFT)
        assertEquals("the old board cannot be played while shuffling", before, c.state.tiles)
        c.cancelShuffle()
        threads.drain()
        assertEquals(Phase.PLAYING, c.state.phase)
        assertEquals("cancel puts the board back as it was", before, c.state.tiles)
        assertEquals(moves, c.state.moves)
        assertEquals(Note.ShuffleCancelled, c.state.note)
        // Not cancelled: the new board is swapped in, with no moves and the clock not started.
        c.requestShuffle()
        c.confirm()
        threads.drain()
        assertEquals(Phase.PLAYING, c.state.phase)
        assertNotEquals(before, c.state.tiles)
        assertEquals(0, c.state.moves)
        assertFalse(c.state.clockStarted)
    }

    @Test
    fun theFewestPossibleIsFoundAndItsSearchIsCancelledWhenThePlayerMovesOn() {
        playing()
        assertTrue("found after the shuffle", c.state.fewest?.proven == true)
        val optimal = c.solution().size
        assertEquals(optimal, c.state.fewest!!.moves)
        // A new shuffle cancels the running search: its late answer is not shown.
        c.requestShuffle()
        threads.runBackground() // the shuffle
        threads.runMain() // the new board; the search for it is queued
        assertTrue(c.isFindingFewest)
        val search = core.lastCancel!!
        c.requestShuffle() // again, before that search ran
        assertTrue("the first search was cancelled", search.cancelled)
        threads.drain()
        assertFalse(c.isFindingFewest)
        // Auto, a new game and the app going to the background cancel it too.
        for (moveOn in listOf<() -> Unit>({ c.auto() }, { c.pause() }, { c.backToStart() })) {
            if (c.state.screen != Screen.GAME) playing()
            c.requestShuffle()
            threads.runBackground()
            threads.runMain()
            assertTrue(c.isFindingFewest)
            val token = core.lastCancel!!
            moveOn()
            assertTrue(token.cancelled)
            assertFalse(c.isFindingFewest)
            c.resume()
            threads.drain()
        }
    }

    @Test
    fun theClockStartsAtTheFirstMoveAndPausesInTheBackgroundAndDuringAuto() {
        playing()
        time.now += 5_000
        assertEquals("not started before the first move", 0L, c.state.clock.elapsedMs(time.now))
        c.slide(c.state.movableDirection())
        time.now += 3_000
        assertEquals(3_000L, c.state.clock.elapsedMs(time.now))
        c.pause()
        time.now += 60_000
        assertEquals("paused in the background", 3_000L, c.state.clock.elapsedMs(time.now))
        c.resume()
        time.now += 2_000
        assertEquals(5_000L, c.state.clock.elapsedMs(time.now))
        core.hold()
        c.auto()
        time.now += 10_000
        assertEquals("paused while Auto searches", 5_000L, c.state.clock.elapsedMs(time.now))
        core.release()
        c.stopAuto()
        time.now += 1_000
        assertEquals(6_000L, c.state.clock.elapsedMs(time.now))
        threads.drain()
    }

    @Test
    fun aGameWonByHandIsCelebratedAndRecordedAndTheNextBetterOneSaysWhatItBeat() {
        playing()
        val moves = c.solution()
        c.slide(moves.first())
        time.now += 40_000
        for (d in moves.drop(1)) c.slide(d)
        assertEquals(Phase.WON, c.state.phase)
        threads.drain() // the record, written on the storage thread
        val win = c.state.win!!
        assertEquals(moves.size, win.moves)
        assertEquals(40_000L, win.elapsedMs)
        assertFalse(win.helped)
        assertEquals(Improvement.First, win.movesChange)
        assertEquals(c.state.fewest, win.fewest)
        assertEquals(1, c.state.wins)
        threads.drain()
        assertEquals("the win is in the records", 1, c.state.records.single { it.size == 3 && it.picture == "sunset" }.won)
        // A second game with the same moves but faster: the time is a new best.
        c.playAgain()
        threads.drain()
        val again = c.solution()
        c.slide(again.first())
        time.now += 10_000
        for (d in again.drop(1)) c.slide(d)
        threads.drain()
        val second = c.state.win!!
        assertEquals(Improvement.Better(40_000), second.timeChange)
        threads.drain() // the records' write
        // The records come back in a new run of the app.
        val later = newController(HandThreads(), TestTime(), storage, core)
        val row = later.state.records.single { it.size == 3 && it.picture == "sunset" }
        assertEquals(2, row.won)
        assertEquals(10_000L, row.fastestMs)
    }

    @Test
    fun aHintShowsTheTileAndItsWayAndMarksTheGameHelped() {
        playing()
        val before = c.solution().size
        c.hint()
        threads.drain()
        val hint = c.state.hint!!
        assertEquals(c.state.tiles[hint.cell], hint.tile)
        assertEquals("built-in pictures show no numbers: the hint says its way", Note.HintNote(hint, numbered = false), c.state.note)
        assertTrue(c.state.helped)
        c.slide(hint.direction)
        assertEquals("the hinted slide is one step closer", before - 1, c.solution().size)
        for (d in c.solution()) c.slide(d)
        assertTrue("a win after a hint is recorded apart", c.state.win!!.helped)
        threads.drain()
        val row = c.state.records.single { it.picture == "sunset" }
        assertEquals(0, row.won)
        assertEquals(1, row.helpedWon)
    }

    @Test
    fun autoSearchesThenPlaysItsMovesToTheWinAndCancelStopsEitherPart() {
        playing()
        c.auto()
        assertEquals(Phase.SOLVING, c.state.phase)
        assertEquals(Note.Searching(0), c.state.note)
        threads.runBackground()
        threads.runMain()
        assertEquals(Phase.ANIMATING, c.state.phase)
        val report = c.state.solve!!
        assertTrue(report.optimal)
        assertEquals(c.state.fewest!!.moves, report.moves.size)
        threads.runMain() // one step
        assertEquals(1, c.state.moves)
        c.stopAuto()
        assertEquals(Phase.PLAYING, c.state.phase)
        assertEquals(Note.AutoStopped, c.state.note)
        threads.drain()
        assertEquals("Stop means no more moves", 1, c.state.moves)
        // Cancelled while searching: the search's result is dropped.
        core.hold()
        c.auto()
        c.stopAuto()
        core.release()
        threads.drain()
        assertEquals(Phase.PLAYING, c.state.phase)
        assertEquals(1, c.state.moves)
        // Run to the end: the win is Auto's.
        c.auto()
        threads.drain()
        assertEquals(Phase.WON, c.state.phase)
        assertTrue(c.state.win!!.byAuto)
        assertTrue(c.state.win!!.helped)
    }

    @Test
    fun pauseHoldsAutosPlaybackAndResumeGoesOn() {
        playing()
        c.auto()
        threads.runBackground()
        threads.runMain()
        threads.runMain()
        val played = c.state.moves
        c.perform(Control.PAUSE)
        assertTrue(c.state.playback!!.paused)
        threads.drain()
        assertEquals("paused: no moves", played, c.state.moves)
        c.perform(Control.RESUME)
        threads.drain()
        assertEquals(Phase.WON, c.state.phase)
    }

    @Test
    fun undoRedoAndDragsMoveTheTilesAsTapsDo() {
        playing()
        val start = c.state.tiles
        val cell = c.state.movable.first { c.state.tiles[it] != 0 }
        val drag = c.drag(cell)!!
        c.endDrag(drag, commits = false)
        assertEquals("a drag let go short settles back", start, c.state.tiles)
        c.endDrag(drag, commits = true)
        assertEquals(0, c.state.tiles[cell])
        assertEquals(1, c.state.moves)
        c.undo()
        assertEquals(start, c.state.tiles)
        c.redo()
        assertEquals(0, c.state.tiles[cell])
        assertNull("the empty space cannot be dragged", c.drag(c.state.blankCell))
    }

    @Test
    fun aPeekShowsTheWholePictureWhileHeldCountsAndTheClockRunsOn() {
        playing()
        c.slide(c.state.movableDirection())
        c.peek(true)
        assertTrue(c.state.peeking)
        time.now += 2_000
        assertEquals("the clock runs while peeking", 2_000L, c.state.clock.elapsedMs(time.now))
        c.peek(false)
        c.peek(true)
        c.peek(false)
        assertEquals(2, c.state.peeks)
        for (d in c.solution()) c.slide(d)
        assertEquals(2, c.state.win!!.peeks)
        threads.drain()
        assertEquals(0, c.state.records.single { it.picture == "sunset" }.wonWithoutPeeking)
    }

    @Test
    fun leavingAGameWithMovesAsksAndBackGoesToTheStartBeforeTheAppCloses() {
        playing()
        c.slide(c.state.movableDirection())
        assertTrue(c.back())
        assertEquals(DialogState.Confirm(Pending.LEAVE, 1), c.state.dialog)
        assertTrue("Back closes the dialog", c.back())
        assertEquals(Screen.GAME, c.state.screen)
        c.requestBackToStart()
        c.confirm()
        assertEquals(Screen.START, c.state.screen)
        assertFalse("Back on the start screen lets the app close", c.back())
        // No moves: no question.
        playing()
        assertTrue(c.back())
        assertEquals(Screen.START, c.state.screen)
    }

    @Test
    fun aSizeTheExactShuffleDoesNotCoverIsSaidAndMixedAtRandom() {
        c.updateSettings(c.state.settings.copy(difficulty = Difficulty.EASY))
        c.startBuiltin(threads, 5)
        c.shuffleNow(threads)
        assertEquals(Phase.PLAYING, c.state.phase)
        assertEquals(Note.LevelNotOffered(Difficulty.EASY, 5), c.state.note)
        // 3×3 Easy: exactly 10 moves, known at once.
        c.backToStart()
        c.startBuiltin(threads, 3)
        c.shuffleNow(threads)
        assertEquals(Fewest(10, true), c.state.fewest)
        assertEquals(10, c.solution().size)
    }

    @Test
    fun patternDatabasesOnABigBoardFallBackToAutoWithANotice() {
        c.updateSettings(c.state.settings.copy(algorithm = AlgorithmChoice.PATTERN_DB))
        c.startBuiltin(threads, 6)
        c.shuffleNow(threads)
        c.auto()
        assertEquals(Note.PatternDatabasesTooSmall(6), c.state.note)
        threads.runBackground()
        threads.runMain()
        assertEquals(Phase.ANIMATING, c.state.phase)
        assertTrue(c.state.solve!!.method.startsWith("auto"))
        c.stopAuto()
    }

    @Test
    fun patternDatabasesNotYetBuiltAreSaidWhileTheyAreBuilt() {
        val fresh = WrappedCore(RustCore(java.nio.file.Files.createTempDirectory("pdb").toFile()))
        val t = HandThreads()
        val c = newController(t, core = fresh)
        c.updateSettings(c.state.settings.copy(algorithm = AlgorithmChoice.PATTERN_DB))
        c.startBuiltin(t, 3)
        c.requestShuffle()
        t.runBackground() // the shuffle; the fewest-move search (which builds 3×3 tables) waits
        t.runMain()
        c.auto()
        assertEquals(Note.PreparingDatabases, c.state.note)
        t.drain()
        assertEquals(Phase.WON, c.state.phase)
        assertTrue(c.state.solve!!.optimal)
        // Built once: the next Auto searches at once.
        c.playAgain()
        t.drain()
        c.auto()
        assertEquals(Note.Searching(0), c.state.note)
        c.stopAuto()
    }

    @Test
    fun aSolveThatRunsOutIsSaidByItsKindAndTheBoardIsThePlayersAgain() {
        playing()
        core.solveFailure = CoreError(CoreError.Kind.LIMIT_TIME, "time limit reached after 5 expanded nodes")
        c.updateSettings(c.state.settings.copy(algorithm = AlgorithmChoice.IDA_STAR))
        c.auto()
        threads.drain()
        assertEquals(Phase.PLAYING, c.state.phase)
        val note = c.state.note as Note.SolveFailed
        assertEquals(CoreError.Kind.LIMIT_TIME, note.error.kind)
        assertEquals(AlgorithmChoice.IDA_STAR, note.choice)
    }

    @Test
    fun aSessionComesBackAfterProcessDeathAndAnOldSaveStillLoads() {
        playing(4)
        c.slide(c.state.movableDirection())
        time.now += 7_000
        c.updateSettings(Settings(AlgorithmChoice.IDA_STAR, PlaybackSpeed.FAST, true, Difficulty.MEDIUM))
        val saved = c.snapshot()
        val later = newController(HandThreads(), time, storage, core)
        later.restore(saved)
        (later.threads as HandThreads).drain()
        assertEquals(Screen.GAME, later.state.screen)
        assertEquals(Phase.PLAYING, later.state.phase)
        assertEquals(c.state.tiles, later.state.tiles)
        assertEquals(1, later.state.moves)
        assertEquals(c.state.fewest, later.state.fewest)
        assertEquals(7_000L, later.state.clock.elapsedMs(time.now))
        assertEquals(Settings(AlgorithmChoice.IDA_STAR, PlaybackSpeed.FAST, true, Difficulty.MEDIUM), later.state.settings)
        assertTrue("the picture is drawn again", later.state.art != null)
        // The first app's save: no version, "best", the speed in milliseconds.
        val old = mapOf(
            "phase" to "PLAYING", "size" to "4", "picture" to "builtin:aurora", "numbers" to "true",
            "algorithm" to "BFS", "difficulty" to "HARD", "speed" to "100", "best" to "40",
            "game" to c.game!!.save(),
        )
        later.restore(old)
        (later.threads as HandThreads).drain()
        assertEquals(Phase.PLAYING, later.state.phase)
        assertEquals(PictureSource.Builtin("aurora"), later.state.picture)
        assertEquals(Fewest(40, true), later.state.fewest)
        assertEquals(PlaybackSpeed.FAST, later.state.settings.speed)
        assertEquals(AlgorithmChoice.BFS, later.state.settings.algorithm)
        assertEquals(c.state.tiles, later.state.tiles)
        // A damaged save starts over at the start screen, saying so.
        later.restore(saved + ("game" to "slidepuzzle-save 1 garbage"))
        assertEquals(Screen.START, later.state.screen)
        assertEquals(Note.RestoreFailed, later.state.note)
        assertEquals("the size is kept", 4, later.state.size)
    }

    @Test
    fun aRestoreWhosePhotoIsGoneShowsNumberedTilesWithANotice() {
        val photo = photoJpeg(400, 300)
        c.photoPicked { photo }
        threads.drain()
        c.cropUse()
        threads.drain()
        c.tap(8)
        c.shuffleNow(threads)
        val saved = c.snapshot()
        storage.prunePhotos(keep = emptySet())
        val later = newController(HandThreads(), time, storage, core)
        later.restore(saved)
        (later.threads as HandThreads).drain()
        assertEquals(Phase.PLAYING, later.state.phase)
        assertNull("no picture: numbered tiles", later.state.art)
        assertEquals(Note.PhotoMissing, later.state.note)
        assertEquals(c.state.tiles, later.state.tiles)
    }

    @Test
    fun oneHintAtATimeASecondTapOrAMoveCancelsItAndItsLateAnswerIsDropped() {
        playing()
        c.hint()
        assertTrue(c.state.findingHint)
        assertEquals("the search is said", Note.FindingHint, c.state.note)
        val first = core.lastCancel!!
        assertEquals("one search queued", 1, threads.background.size)
        c.hint()
        assertTrue("a second tap cancels it", first.cancelled)
        assertFalse(c.state.findingHint)
        assertNull(c.state.note)
        threads.drain()
        assertNull("its answer is dropped", c.state.hint)
        // A move while it searches: cancelled, nothing shown for the old board.
        c.hint()
        val second = core.lastCancel!!
        c.slide(c.state.movableDirection())
        assertTrue(second.cancelled)
        assertFalse(c.state.findingHint)
        threads.drain()
        assertNull(c.state.hint)
        assertFalse("no hint was given: not helped", c.state.helped)
        // Left alone, it answers.
        c.hint()
        threads.drain()
        assertFalse(c.state.findingHint)
        assertTrue(c.state.hint != null)
        assertTrue(c.state.helped)
    }

    @Test
    fun aFewestSearchThatCannotProveItIsNotRunAgainAndNeverStartsFrom6x6() {
        c.startBuiltin(threads, 5)
        c.shuffleNow(threads)
        assertEquals("5×5 is tried once", 1, core.fewestCalls)
        assertNull("not proven in its 2 s", c.state.fewest)
        for (i in 0 until 3) {
            c.pause()
            c.resume()
            c.auto()
            c.stopAuto()
        }
        threads.drain()
        assertEquals("resume and cancel do not run it again", 1, core.fewestCalls)
        assertFalse(c.isFindingFewest)
        // Kept with the session: a restored game does not run it either.
        val t = HandThreads()
        val later = newController(t, time, storage, core)
        later.restore(c.snapshot())
        t.drain()
        assertEquals(1, core.fewestCalls)
        c.backToStart()
        c.startBuiltin(threads, 6)
        c.shuffleNow(threads)
        c.pause()
        c.resume()
        threads.drain()
        assertEquals("never on 6×6", 1, core.fewestCalls)
    }

    @Test
    fun aWinBeforeTheFewestIsKnownIsRecordedAtOnceAndTheBannerLearnsTheFewest() {
        c.startBuiltin(threads, 3)
        c.requestShuffle()
        threads.runBackground() // the shuffle
        threads.runMain() // the new board; the fewest-move search is queued, not run
        assertTrue(c.isFindingFewest)
        val token = core.lastCancel!!
        for (d in c.solution()) c.slide(d)
        assertEquals(Phase.WON, c.state.phase)
        assertNull(c.state.win!!.fewest)
        assertFalse("the win does not cancel it", token.cancelled)
        threads.drain()
        val optimal = c.state.win!!.moves
        assertEquals("the banner learns it", Fewest(optimal, true), c.state.win!!.fewest)
        assertEquals("the win was recorded", 1, c.state.records.single { it.picture == "sunset" }.won)
    }

    @Test
    fun aBuiltinPictureDrawnAfterThePlayerMovedOnDoesNotLand() {
        c.selectSize(3)
        c.chooseBuiltin("sunset")
        c.showRecords()
        threads.drain()
        assertEquals("still on the records", Screen.RECORDS, c.state.screen)
        c.back()
        c.chooseBuiltin("sunset")
        c.chooseBuiltin("aurora")
        threads.drain()
        assertEquals("the last one asked for", PictureSource.Builtin("aurora"), c.state.picture)
    }

    @Test
    fun aClosedControllerStopsItsWorkAndPublishesNothingMore() {
        playing()
        core.hold()
        c.auto()
        val search = core.lastCancel!!
        var published = 0
        c.observe { published++ }
        published = 0
        c.close()
        core.release()
        threads.drain()
        assertTrue("its search is cancelled", search.cancelled)
        assertEquals(0, published)
    }
}
