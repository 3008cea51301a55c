package dev.slidepuzzle.app

import android.content.res.Configuration
import android.graphics.Rect
import android.os.Looper
import android.os.SystemClock
import android.view.KeyEvent
import android.view.MotionEvent
import android.view.View
import android.view.WindowManager
import java.time.Duration
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.Shadows.shadowOf
import org.robolectric.android.controller.ActivityController
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * The game screen as a player meets it, in the real activity on the real core: the board that
 * holds still, the screen kept on for Auto, dialogs that are modal for TalkBack and the keys,
 * one voice, the four arrow keys, and the board's touch.
 */
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
@Config(qualifiers = "w411dp-h891dp-port-xxhdpi")
class GameScreenTest {
    private var activity: ActivityController<MainActivity>? = null
    private val core = WrappedCore()

    private fun launch(): MainActivity {
        MainActivity.coreOverride = { core }
        return launchActivity().also { activity = it }.get()
    }

    @After
    fun tearDown() {
        activity?.pause()?.stop()?.destroy()
        MainActivity.coreOverride = null
    }

    private fun MainActivity.game(size: Int = 3): GameController {
        val c = controller
        c.selectSize(size)
        c.chooseBuiltin("sunset")
        waitFor(what = "the game screen") { c.state.screen == Screen.GAME }
        return c
    }

    private fun MainActivity.playing(size: Int = 3): GameController {
        val c = game(size)
        c.tap(size * size - 1)
        c.requestShuffle()
        waitFor(what = "the shuffle") { c.state.phase == Phase.PLAYING && !c.isFindingFewest }
        return c
    }

    private fun idle(ms: Long) = shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(ms))

    /** Where each tile view stands now, as the player sees it. */
    private fun BoardView.drawn() = (0 until childCount).map { getChildAt(it).x to getChildAt(it).y }

    @Test
    fun aPublishThatMovesNoTileSlidesNone() {
        val a = launch()
        val c = a.playing()
        val board = a.view<BoardView>(R.id.board)
        waitFor { board.width > 0 }
        c.slide(c.state.movableDirection())
        idle(300) // the slide lands
        val settled = board.drawn()
        // A line, a hint, a dialog: nothing moved, so nothing slides again.
        c.say(Note.NoCamera)
        assertEquals("a note-only publish moves no tile", settled, board.drawn())
        c.openSettings()
        assertEquals(settled, board.drawn())
        c.dismissDialog()
        c.peek(true)
        c.peek(false)
        assertEquals(settled, board.drawn())
    }

    @Test
    fun theBoardKeepsItsSideInEveryPhase() {
        val a = launch()
        val c = a.game(4)
        val board = a.view<BoardView>(R.id.board)
        val sides = mutableMapOf<String, Rect>()
        fun note(phase: String) {
            idle()
            val r = Rect()
            board.getGlobalVisibleRect(r)
            sides[phase] = r
        }
        note("choose")
        c.tap(15)
        note("ready")
        c.requestShuffle()
        waitFor(what = "the shuffle") { c.state.phase == Phase.PLAYING }
        note("playing")
        c.hint()
        waitFor(what = "the hint") { c.state.hint != null }
        note("hint")
        core.hold()
        c.auto()
        note("searching")
        core.release()
        waitFor(what = "Auto's path") { c.state.phase == Phase.ANIMATING }
        note("playing back")
        waitFor(what = "the win") { c.state.phase == Phase.WON }
        note("won")
        assertEquals("the board never moves or changes size: $sides", 1, sides.values.toSet().size)
        assertTrue(sides.values.first().width() > 0)
    }

    @Test
    fun theScreenStaysOnWhileAutoSearchesOrPlays() {
        val a = launch()
        val c = a.playing()
        fun on() = a.window.attributes.flags and WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON != 0
        assertFalse("not while the player thinks", on())
        core.hold()
        c.auto()
        assertTrue("searching", on())
        core.release()
        waitFor(what = "Auto's path") { c.state.phase == Phase.ANIMATING }
        assertTrue("playing back", on())
        c.perform(Control.PAUSE)
        assertFalse("paused: the screen may sleep", on())
        c.perform(Control.STOP)
        assertFalse(on())
    }

    @Test
    fun aDialogIsModalForTalkBackAndTheKeys() {
        val a = launch()
        val c = a.playing()
        c.slide(c.state.movableDirection())
        // The game screen's own view, below the dialog host in the window.
        fun gameView(): View = a.view<View>(R.id.board).parent as View
        c.requestBackToStart()
        idle()
        assertTrue(a.view<View>(R.id.dialog_confirm).isShown)
        assertEquals("the screen below is hidden from TalkBack", View.IMPORTANT_FOR_ACCESSIBILITY_NO_HIDE_DESCENDANTS, gameView().importantForAccessibility)
        assertFalse(a.view<View>(R.id.shuffle).isImportantForAccessibility)
        assertEquals("the card is a pane named by its title", a.getString(R.string.confirm_leave_title), a.view<View>(R.id.dialog).accessibilityPaneTitle)
        val tiles = c.state.tiles
        for (key in listOf(KeyEvent.KEYCODE_DPAD_UP, KeyEvent.KEYCODE_DPAD_DOWN, KeyEvent.KEYCODE_DPAD_LEFT, KeyEvent.KEYCODE_DPAD_RIGHT)) {
            a.onKeyDown(key, KeyEvent(KeyEvent.ACTION_DOWN, key))
        }
        assertEquals("arrows move nothing behind a dialog", tiles, c.state.tiles)
        c.dismissDialog()
        idle()
        assertEquals(View.IMPORTANT_FOR_ACCESSIBILITY_AUTO, gameView().importantForAccessibility)
    }

    @Test
    fun talkBacksFocusStartsOnADialogsTitle() {
        val a = launch()
        val c = a.playing()
        c.slide(c.state.movableDirection())
        // TalkBack on: accessibility focus can be given.
        val manager = a.getSystemService(android.view.accessibility.AccessibilityManager::class.java)
        shadowOf(manager).setEnabled(true)
        shadowOf(manager).setTouchExplorationEnabled(true)
        for (open in listOf({ c.requestBackToStart() }, { c.openSettings() })) {
            open()
            idle()
            val title = a.view<android.view.ViewGroup>(R.id.dialog).getChildAt(0) as android.widget.TextView
            assertTrue("focus on \"${title.text}\"", title.isAccessibilityFocused)
            c.dismissDialog()
            idle()
        }
    }

    @Test
    fun allFourArrowKeysSlideTheTileTheyPoint() {
        val a = launch()
        val c = a.playing()
        val n = c.state.size
        // The tile on the arrow's far side of the empty space moves the arrow's way: the empty
        // space goes the other way. At an edge, the opposite key first makes room.
        val keys = mapOf(
            KeyEvent.KEYCODE_DPAD_UP to n, KeyEvent.KEYCODE_DPAD_DOWN to -n,
            KeyEvent.KEYCODE_DPAD_LEFT to 1, KeyEvent.KEYCODE_DPAD_RIGHT to -1,
        )
        fun press(key: Int) = a.onKeyDown(key, KeyEvent(KeyEvent.ACTION_DOWN, key))
        fun fits(blank: Int, delta: Int) = when (delta) {
            1 -> blank % n < n - 1
            -1 -> blank % n > 0
            else -> blank + delta in 0 until n * n
        }
        for ((key, delta) in keys) {
            if (!fits(c.state.blankCell, delta)) press(keys.entries.single { it.value == -delta }.key)
            val blank = c.state.blankCell
            val tile = c.state.tiles[blank + delta]
            assertTrue(press(key))
            assertEquals("key $key: the empty space moved by $delta", blank + delta, c.state.blankCell)
            assertEquals("key $key: that tile now stands where the empty space was", tile, c.state.tiles[blank])
        }
    }

    @Test
    fun eachLineIsSpokenOnceAndNeverTheCountOrEachStep() {
        val a = launch()
        val c = a.playing()
        a.spoken.clear()
        c.hint()
        waitFor(what = "the hint") { c.state.hint != null }
        c.openSettings()
        c.dismissDialog()
        assertEquals("the hint, once", 1, a.spoken.count { it.startsWith("Hint:") })
        a.spoken.clear()
        c.auto()
        waitFor(what = "the win") { c.state.phase == Phase.WON }
        val path = c.state.solve!!.moves.size
        val said = a.spoken.toList()
        assertEquals(
            "start, path and win, once each, never the count or a step",
            listOf(a.text.note(Note.AutoStarted), a.text.note(Note.AutoFound(path)), a.getString(R.string.win_by_auto, a.text.movesIn(path))),
            said,
        )
        // Pause and Stop, once each.
        c.perform(Control.PLAY_AGAIN)
        waitFor(what = "the shuffle") { c.state.phase == Phase.PLAYING && !c.isFindingFewest }
        c.auto()
        waitFor(what = "Auto's path") { c.state.phase == Phase.ANIMATING }
        a.spoken.clear()
        c.perform(Control.PAUSE)
        idle()
        c.perform(Control.RESUME)
        idle()
        c.perform(Control.STOP)
        idle()
        assertEquals(listOf(a.text.note(Note.AutoPaused), a.text.note(Note.AutoStopped)), a.spoken.toList())
    }

    @Test
    fun settingsChangeInPlaceSoFocusStaysOnTheChoice() {
        val a = launch()
        val c = a.playing()
        c.openSettings()
        idle()
        fun radios() = mutableListOf<android.widget.RadioButton>().also { out ->
            fun walk(v: View) {
                if (v is android.widget.RadioButton) out += v
                if (v is android.view.ViewGroup) for (i in 0 until v.childCount) walk(v.getChildAt(i))
            }
            walk(a.view(R.id.dialog))
        }
        val before = radios()
        val aStar = before.single { it.text.startsWith(a.getString(R.string.algorithm_a_star)) }
        aStar.performClick()
        idle()
        assertEquals(AlgorithmChoice.A_STAR, c.state.settings.algorithm)
        val after = radios()
        assertTrue("the same views, updated", before.zip(after).all { (x, y) -> x === y })
        assertTrue(aStar.isAttachedToWindow && aStar.isChecked)
    }

    @Test
    fun aSlowTapBeforeTheShuffleIsATapNotAPeek() {
        val a = launch()
        val c = a.game()
        val board = a.view<BoardView>(R.id.board)
        waitFor { board.width > 0 }
        val step = board.width / 3f
        val t = SystemClock.uptimeMillis()
        board.dispatchTouchEvent(MotionEvent.obtain(t, t, MotionEvent.ACTION_DOWN, step * 1.5f, step * 1.5f, 0))
        idle(BoardTouch.PEEK_DELAY_MS + 200)
        board.dispatchTouchEvent(MotionEvent.obtain(t, t + 900, MotionEvent.ACTION_UP, step * 1.5f, step * 1.5f, 0))
        assertEquals("the slow tap chose the empty space", Phase.READY, c.state.phase)
        assertEquals(4, c.state.blankCell)
        assertEquals(0, c.state.peeks)
    }

    @Test
    fun theBoardKeepsDragsFromTheBackGesture() {
        val a = launch()
        a.playing()
        val board = a.view<BoardView>(R.id.board)
        waitFor { board.width > 0 }
        assertEquals(listOf(Rect(0, 0, board.width, board.height)), board.systemGestureExclusionRects)
    }

    /** The status slot's text as drawn: whether its last line is cut with "…". */
    private fun android.widget.TextView.cut(): Boolean = layout.let { it.getEllipsisCount(it.lineCount - 1) > 0 }

    @Test
    @Config(qualifiers = "w320dp-h640dp-port-hdpi")
    fun aLongStatusOpensInFullOnATapAndFollowsTheGame() {
        val a = launch()
        val c = a.playing()
        val long = Note.SolveFailed(CoreError(CoreError.Kind.LIMIT_MEMORY, ""), AlgorithmChoice.BFS, 3)
        c.say(long)
        val status = a.view<android.widget.TextView>(R.id.note)
        idle()
        assertTrue("the note is longer than a small phone's slot: ${status.text}", status.cut())
        assertTrue("a chevron shows the status opens", status.compoundDrawablesRelative[2] != null)
        status.performClick()
        assertEquals(DialogState.Status, c.state.dialog)
        idle()
        val body = a.view<android.widget.TextView>(R.id.status_body)
        assertEquals("the whole line in the dialog", a.text.statusLines(c.state).joinToString("\n"), body.text.toString())
        assertEquals(a.text.note(long), body.text.toString())
        // While it shows, the game goes on: the dialog follows it.
        c.say(Note.NoPicker)
        idle()
        assertEquals(a.getString(R.string.note_no_picker), body.text.toString())
    }

    @Test
    fun theWinShowsInFullWhereThePhoneHasRoom() {
        val a = launch()
        val c = a.playing(3)
        for (d in c.solution()) c.slide(d)
        assertEquals(Phase.WON, c.state.phase)
        idle(300)
        val status = a.view<android.widget.TextView>(R.id.note)
        val lines = a.text.statusLines(c.state)
        assertTrue("a win of several lines: $lines", lines.size >= 4)
        assertFalse("every line of the win: ${status.layout.text}", status.cut())
        assertTrue(status.layout.lineCount >= lines.size)
    }

    @Test
    fun theStatusAndSettingsHoldAutosPlayback() {
        val a = launch()
        val c = a.playing(4)
        c.auto()
        waitFor(what = "Auto's path") { c.state.phase == Phase.ANIMATING }
        a.view<View>(R.id.note).performClick()
        assertEquals(DialogState.Status, c.state.dialog)
        assertTrue("playback holds behind the status", c.state.playback!!.paused)
        val played = c.state.playback!!.played
        idle(2000)
        assertEquals("no move behind the dialog", played, c.state.playback!!.played)
        c.dismissDialog()
        c.perform(Control.RESUME)
        waitFor(what = "a move") { c.state.playback!!.played > played }
        c.openSettings()
        assertTrue("playback holds behind the settings", c.state.playback!!.paused)
    }

    /** The controls shown now: each with its caption on one line, side by side in one row. */
    private fun MainActivity.assertControlsCaptionedInOneRow(phase: String) {
        idle()
        val row = view<android.view.ViewGroup>(R.id.controls)
        val buttons = (0 until row.childCount).map { row.getChildAt(it) as android.widget.Button }
        assertTrue("$phase: some controls", buttons.isNotEmpty())
        for (b in buttons) {
            assertTrue("$phase: ${b.contentDescription} keeps its caption", b.text.isNotEmpty())
            val layout = b.layout
            assertTrue("$phase: ${b.text} whole on one line", layout != null && layout.lineCount == 1 && layout.getEllipsisCount(0) == 0 &&
                layout.getLineWidth(0) <= b.width - b.totalPaddingLeft - b.totalPaddingRight + 1)
        }
        val tops = buttons.map { IntArray(2).also { p -> it.getLocationInWindow(p) }[1] }
        assertEquals("$phase: one row $tops", 1, tops.toSet().size)
        for ((x, y) in buttons.zipWithNext()) assertTrue("$phase: ${x.text} beside ${y.text}", x.right <= y.left)
        assertTrue("$phase: inside the screen", buttons.all { it.right <= row.width && it.bottom <= row.height })
    }

    @Test
    // A 320×640 phone's window less its bars (the test window has none): where captions would
    // cost the board part of its width.
    @Config(qualifiers = "w320dp-h568dp-port-hdpi")
    fun theControlsKeepTheirCaptionsInOneRowOnASmallPhone() {
        val a = launch()
        val c = a.game(4)
        c.tap(15)
        a.assertControlsCaptionedInOneRow("ready")
        c.requestShuffle()
        waitFor(what = "the shuffle") { c.state.phase == Phase.PLAYING && !c.isFindingFewest }
        a.assertControlsCaptionedInOneRow("playing")
        c.auto()
        waitFor(what = "Auto's path") { c.state.phase == Phase.ANIMATING }
        a.assertControlsCaptionedInOneRow("playing back")
        waitFor(what = "the win") { c.state.phase == Phase.WON }
        a.assertControlsCaptionedInOneRow("won")
        assertEquals(Control.PLAY_AGAIN, c.state.controls.single().control)
    }

    @Test
    @Config(qualifiers = "w840dp-h1180dp-port-xhdpi")
    fun aTabletKeepsTheCaptionsAndABoardOfSensibleSize() {
        val a = launch()
        val c = a.playing(4)
        a.assertControlsCaptionedInOneRow("playing")
        c.auto()
        waitFor(what = "Auto's path") { c.state.phase == Phase.ANIMATING }
        a.assertControlsCaptionedInOneRow("playing back")
        val board = a.view<BoardView>(R.id.board)
        assertEquals("the board at its largest side", a.resources.getDimensionPixelSize(R.dimen.board_max), board.width)
    }
}
