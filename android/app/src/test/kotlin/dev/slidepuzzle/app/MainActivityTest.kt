package dev.slidepuzzle.app

import android.content.Intent
import android.graphics.Bitmap
import android.graphics.Canvas
import android.os.Looper
import android.view.View
import android.view.ViewGroup
import android.widget.Button
import android.widget.RadioButton
import java.io.File
import java.io.FileOutputStream
import java.time.Duration
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.Shadows.shadowOf
import org.robolectric.android.controller.ActivityController
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/** The real Activity with the real Rust core (through JNA and the generated bindings). */
@RunWith(RobolectricTestRunner::class)
@Config(sdk = [35], qualifiers = "w411dp-h891dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class MainActivityTest {
    private fun launch(): ActivityController<MainActivity> = Robolectric.buildActivity(
        MainActivity::class.java,
        Intent().putExtra(MainActivity.EXTRA_SEED, 7L).putExtra(MainActivity.EXTRA_PREFETCH, false),
    ).setup()

    /** Runs the UI thread (and lets background solves finish) until [done] holds. */
    private fun waitFor(what: String, timeoutMs: Long = 30_000, done: () -> Boolean) {
        val end = System.currentTimeMillis() + timeoutMs
        while (!done()) {
            if (System.currentTimeMillis() > end) throw AssertionError("timed out waiting for $what")
            shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(50))
            Thread.sleep(2)
        }
    }

    private fun views(root: View): List<View> =
        listOf(root) + ((root as? ViewGroup)?.let { g -> (0 until g.childCount).flatMap { views(g.getChildAt(it)) } } ?: emptyList())

    private fun MainActivity.button(text: String) =
        views(window.decorView).filterIsInstance<Button>().first { it.text.toString() == text && it.isShown }

    private fun MainActivity.tiles() = (0 until board.childCount).map { board.getChildAt(it) }

    private fun MainActivity.startPuzzle(size: Int = 3, blank: Int = 8) {
        views(window.decorView).filterIsInstance<RadioButton>().first { it.text == "$size×$size" }.performClick()
        views(window.decorView).first { it.tag == "builtin:sunset" }.performClick()
        waitFor("the picture") { controller.state.phase == Phase.CHOOSE_BLANK && board.childCount == size * size }
        assertTrue(tiles().all { it.contentDescription.contains("tap to make it the empty space") })
        tiles()[blank].performClick()
        assertEquals(Phase.READY, controller.state.phase)
        assertEquals(blank, controller.state.blankCell)
    }

    @Test
    fun pickABuiltInPictureShuffleTapAndWatchAutoWin() {
        val activityController = launch()
        val activity = activityController.get()
        activity.startPuzzle()
        activity.button("Shuffle").performClick()
        assertEquals(Phase.PLAYING, activity.controller.state.phase)
        val shuffled = activity.controller.state.tiles
        assertTrue(shuffled != (1..8).toList() + 0)

        // Every tile says what it is, where, and whether it can move.
        val descriptions = activity.tiles().map { it.contentDescription.toString() }
        assertEquals(1, descriptions.count { it.startsWith("Empty space") })
        val movable = descriptions.filter { it.endsWith("can move") }
        assertEquals(activity.controller.state.movable.size, movable.size)
        assertTrue(descriptions.all { Regex("(tile \\d+|Empty space), row \\d, column \\d.*").matches(it) })

        // Tap a tile that can move: it slides, and the count goes up.
        activity.tiles().first { it.contentDescription.endsWith("can move") }.performClick()
        assertEquals(1, activity.controller.state.moves)
        waitFor("the slide animation") { true }

        // Auto: the real core solves on a background thread, then the moves play out.
        activity.button("Auto").performClick()
        waitFor("Auto to win") { activity.controller.state.phase == Phase.WON }
        val state = activity.controller.state
        assertEquals((1..8).toList() + 0, state.tiles)
        assertNotNull(state.solveInfo)
        assertTrue(state.solveInfo!!, state.solveInfo!!.contains("optimal"))
        assertTrue(activity.tiles().any { it.contentDescription.startsWith("Picture complete") })

        // Rotation: the activity is recreated and the game comes back as it was.
        activityController.recreate()
        val again = activityController.get()
        waitFor("the restored board") { again.board.childCount == 9 }
        assertEquals(Phase.WON, again.controller.state.phase)
        assertEquals(state.tiles, again.controller.state.tiles)
        assertEquals(state.moves, again.controller.state.moves)
    }

    @Test
    fun rotationMidGameRestoresTheBoardMovesAndSettings() {
        val activityController = launch()
        val activity = activityController.get()
        activity.startPuzzle(size = 4, blank = 0)
        activity.button("Shuffle").performClick()
        activity.tiles().first { it.contentDescription.endsWith("can move") }.performClick()
        activity.controller.setNumbers(true)
        val before = activity.controller.state
        activityController.recreate()
        val again = activityController.get()
        waitFor("the restored board") { again.board.childCount == 16 }
        val after = again.controller.state
        assertEquals(Phase.PLAYING, after.phase)
        assertEquals(before.tiles, after.tiles)
        assertEquals(before.moves, after.moves)
        assertTrue(after.showNumbers)
        assertEquals(0, after.homes[0] + 0 * after.size) // blank's home is the tapped cell 0
        // Undo still works on the restored game.
        again.button("Undo").performClick()
        assertEquals(before.moves - 1, again.controller.state.moves)
    }

    @Test
    fun bfsOnABigBoardSaysItRanOutOfBudget() {
        val activity = launch().get()
        activity.startPuzzle(size = 5, blank = 24)
        activity.button("Shuffle").performClick()
        activity.controller.setAlgorithm(AlgorithmChoice.BFS)
        activity.button("Auto").performClick()
        waitFor("BFS to give up", 60_000) { activity.controller.state.phase == Phase.PLAYING }
        val message = activity.controller.state.message!!
        assertTrue(message, message.contains("ran out of budget"))
        assertEquals("Auto", activity.button("Auto").text.toString())
    }

    @Test
    fun cancelStopsAutoAndAHintPointsAtAMovableTile() {
        val activity = launch().get()
        activity.startPuzzle(size = 4, blank = 15)
        activity.button("Shuffle").performClick()
        activity.button("Hint").performClick()
        waitFor("the hint") { activity.controller.state.hintCell != null }
        val hint = activity.controller.state.hintCell
        assertNotNull(hint)
        assertTrue(hint!! in activity.controller.state.movable)
        activity.controller.setAlgorithm(AlgorithmChoice.BFS)
        activity.button("Auto").performClick()
        assertEquals("Cancel", activity.button("Cancel").text.toString())
        activity.button("Cancel").performClick()
        assertEquals(Phase.PLAYING, activity.controller.state.phase)
        assertEquals("Auto cancelled", activity.controller.state.message)
    }

    @Test
    fun galleryAndCameraHandOverAPhotoAndABadOneIsExplained() {
        val activity = launch().get()
        activity.button("Choose from gallery").performClick()
        val pick = shadowOf(activity).nextStartedActivity
        assertEquals(android.provider.MediaStore.ACTION_PICK_IMAGES, pick.action)
        activity.button("Take a photo").performClick()
        val capture = shadowOf(activity).nextStartedActivity
        assertEquals(android.provider.MediaStore.ACTION_IMAGE_CAPTURE, capture.action)
        val target = capture.getParcelableExtra(android.provider.MediaStore.EXTRA_OUTPUT, android.net.Uri::class.java)
        assertEquals("content://${activity.packageName}.photos/camera.jpg", target.toString())

        // A photo (here a PNG the core drew) becomes the puzzle, cropped square.
        val png = java.io.ByteArrayOutputStream().also { out ->
            Bitmap.createBitmap(300, 200, Bitmap.Config.ARGB_8888).apply { eraseColor(0xFF3366CC.toInt()) }
                .compress(Bitmap.CompressFormat.PNG, 100, out)
        }.toByteArray()
        activity.usePhoto(png)
        waitFor("the photo") { activity.controller.state.phase == Phase.CHOOSE_BLANK && activity.board.hasPicture }
        assertTrue(activity.controller.state.picture is PictureSource.Photo)

        // A damaged file goes back to the start screen with the core's reason.
        activity.usePhoto(png.copyOfRange(0, png.size / 2))
        waitFor("the error") { activity.controller.state.phase == Phase.START }
        val message = views(activity.window.decorView).filterIsInstance<android.widget.TextView>()
            .map { it.text.toString() }.first { it.startsWith("This picture cannot be used") }
        assertTrue(message, message.contains("truncated"))
    }

    @Test
    fun aSwipeSlidesTheTileNextToTheBlank() {
        val activity = launch().get()
        activity.startPuzzle(size = 3, blank = 8)
        activity.button("Shuffle").performClick()
        waitFor("layout") { activity.board.width > 0 }
        val before = activity.controller.state
        val board = activity.board
        // Swipe toward the blank along its row: the tile beside it slides in.
        val fromLeft = before.blankCell % 3 > 0
        val (x0, x1) = if (fromLeft) 0.2f to 0.8f else 0.8f to 0.2f
        fun touch(action: Int, x: Float) =
            android.view.MotionEvent.obtain(0, 0, action, x * board.width, board.height / 2f, 0)
                .also { board.dispatchTouchEvent(it) }
        touch(android.view.MotionEvent.ACTION_DOWN, x0)
        touch(android.view.MotionEvent.ACTION_MOVE, (x0 + x1) / 2)
        touch(android.view.MotionEvent.ACTION_UP, x1)
        val after = activity.controller.state
        assertEquals(before.moves + 1, after.moves)
        assertEquals(before.blankCell + if (fromLeft) -1 else 1, after.blankCell)
    }

    @Test
    fun screenshotOfTheBoard() {
        val activity = launch().get()
        activity.startPuzzle(size = 4, blank = 15)
        activity.button("Shuffle").performClick()
        activity.controller.setNumbers(true)
        waitFor("layout and picture") { activity.board.width > 0 && activity.board.hasPicture }
        shadowOf(Looper.getMainLooper()).idleFor(Duration.ofSeconds(1))
        val board = activity.board
        val bitmap = Bitmap.createBitmap(board.width, board.height, Bitmap.Config.ARGB_8888)
        board.draw(Canvas(bitmap))
        val dir = File(System.getProperty("screenshot.dir") ?: "target/screenshots").apply { mkdirs() }
        FileOutputStream(File(dir, "board-4x4.png")).use { bitmap.compress(Bitmap.CompressFormat.PNG, 100, it) }
        // The picture really is drawn: the board is not a few flat colours.
        val colours = (0 until 64).map { bitmap.getPixel(it * board.width / 64, it * board.height / 64) }.toSet()
        assertTrue("distinct colours: ${colours.size}", colours.size > 16)
    }
}
