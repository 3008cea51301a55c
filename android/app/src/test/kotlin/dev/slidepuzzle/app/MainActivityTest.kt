package dev.slidepuzzle.app

import android.app.Activity
import android.content.ComponentName
import android.content.Intent
import android.content.pm.ActivityInfo
import android.content.pm.ResolveInfo
import android.net.Uri
import android.os.SystemClock
import android.provider.MediaStore
import android.view.MotionEvent
import android.view.View
import android.view.accessibility.AccessibilityNodeInfo
import java.io.File
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import org.robolectric.android.controller.ActivityController
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/** A view the screen must have. */
fun <T : View> Activity.view(id: Int): T = findViewById<T>(id)!!

/** The real activity, with the app's own manifest, theme and resources, on the real core. */
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
@Config(qualifiers = "w411dp-h891dp-port-xxhdpi")
class MainActivityTest {
    private var controller: ActivityController<MainActivity>? = null

    private fun launch(): MainActivity = launchActivity().also { controller = it }.get()

    @After
    fun tearDown() {
        controller?.pause()?.stop()?.destroy()
    }

    /** Starts a shuffled 3×3 game on a built-in picture. */
    private fun MainActivity.playing(): GameController {
        val c = controller
        c.selectSize(3)
        c.chooseBuiltin("sunset")
        waitFor(what = "the game screen") { c.state.screen == Screen.GAME }
        c.tap(8)
        c.requestShuffle()
        waitFor(what = "the shuffle") { c.state.phase == Phase.PLAYING && !c.isFindingFewest }
        return c
    }

    @Test
    fun theActivityRunsWithTheAppsManifestThemeAndResources() {
        val a = launch()
        assertEquals("dev.slidepuzzle.app", a.packageName)
        assertEquals("targetSdkVersion from the merged manifest", 35, a.applicationInfo.targetSdkVersion)
        assertEquals(26, a.applicationInfo.minSdkVersion)
        val info = a.packageManager.getActivityInfo(a.componentName, 0)
        assertEquals(R.style.Theme_SlidePuzzle, info.themeResource.takeIf { it != 0 } ?: a.applicationInfo.theme)
        assertTrue("the activity handles rotation itself", info.configChanges and ActivityInfo.CONFIG_ORIENTATION != 0)
        assertEquals(a.getString(R.string.app_name), a.applicationInfo.loadLabel(a.packageManager).toString())
        val background = (a.window.decorView.background as? android.graphics.drawable.ColorDrawable)?.color
        assertEquals("the theme's window background", a.getColor(R.color.background), background)
        assertEquals(R.mipmap.ic_launcher, a.applicationInfo.icon)
    }

    @Test
    fun aColdStartRestoresTheGameSavedInPreferences() {
        val a = launch()
        val c = a.playing()
        c.slide(c.state.movableDirection())
        val tiles = c.state.tiles
        controller!!.pause().stop().destroy()
        controller = null
        val prefs = RuntimeEnvironment.getApplication().getSharedPreferences("game", 0)
        assertEquals("PLAYING", prefs.getString("phase", null))
        val b = launch()
        waitFor(what = "the restored picture") { b.controller.state.art != null }
        assertEquals(Screen.GAME, b.controller.state.screen)
        assertEquals(tiles, b.controller.state.tiles)
        assertEquals(1, b.controller.state.moves)
    }

    @Test
    fun aPickedPhotoAndACameraShotOpenTheCropScreen() {
        val a = launch()
        val file = File(a.cacheDir, "picked.jpg").apply { writeBytes(photoJpeg(900, 600)) }
        a.pickPhoto()
        val pick = shadowOf(a).nextStartedActivityForResult
        assertEquals("the Photo Picker on API 33+", MediaStore.ACTION_PICK_IMAGES, pick.intent.action)
        shadowOf(a).receiveResult(pick.intent, Activity.RESULT_OK, Intent().setData(Uri.fromFile(file)))
        waitFor(what = "the crop screen") { a.controller.state.screen == Screen.CROP }
        assertEquals(900 to 600, a.controller.state.cropState!!.width to a.controller.state.cropState!!.height)
        assertTrue(a.view<View>(R.id.crop_use).isShown)
        a.controller.cropCancel()
        // The camera app writes into PhotoProvider's file.
        a.takePhoto()
        val shot = shadowOf(a).nextStartedActivityForResult
        assertEquals(MediaStore.ACTION_IMAGE_CAPTURE, shot.intent.action)
        PhotoProvider.file(a.cacheDir).writeBytes(photoJpeg(600, 900))
        shadowOf(a).receiveResult(shot.intent, Activity.RESULT_OK, null)
        waitFor(what = "the crop screen") { a.controller.state.screen == Screen.CROP }
        assertEquals(600 to 900, a.controller.state.cropState!!.width to a.controller.state.cropState!!.height)
        a.view<View>(R.id.crop_use).performClick()
        waitFor(what = "the game") { a.controller.state.screen == Screen.GAME }
        // A cancelled pick changes nothing.
        a.controller.backToStart()
        a.pickPhoto()
        shadowOf(a).receiveResult(shadowOf(a).nextStartedActivityForResult.intent, Activity.RESULT_CANCELED, null)
        idle()
        assertEquals(Screen.START, a.controller.state.screen)
        assertFalse(a.controller.state.loadingPhoto)
    }

    @Test
    fun aCameraThatReturnsWithoutWritingNeverHandsBackThePreviousShot() {
        val a = launch()
        a.takePhoto()
        PhotoProvider.file(a.cacheDir).writeBytes(photoJpeg(600, 900))
        shadowOf(a).receiveResult(shadowOf(a).nextStartedActivityForResult.intent, Activity.RESULT_OK, null)
        waitFor(what = "the crop screen") { a.controller.state.screen == Screen.CROP }
        a.controller.cropCancel()
        // The next capture: the camera says OK but wrote nothing.
        a.takePhoto()
        assertFalse("deleted before each capture", PhotoProvider.file(a.cacheDir).exists())
        shadowOf(a).receiveResult(shadowOf(a).nextStartedActivityForResult.intent, Activity.RESULT_OK, null)
        waitFor(what = "the answer") { !a.controller.state.loadingPhoto }
        assertEquals(Screen.START, a.controller.state.screen)
        assertEquals(Note.PhotoGone, a.controller.state.note)
    }

    @Test
    fun whileAPhotoLoadsThePickersAreOffAndCancelBringsThemBack() {
        val a = launch()
        val gate = java.util.concurrent.CountDownLatch(1)
        a.controller.photoPicked { gate.await(); photoJpeg(300, 200) }
        waitFor { true }
        assertFalse(a.view<View>(R.id.camera).isEnabled)
        assertFalse(a.view<View>(R.id.photos).isEnabled)
        assertTrue(a.view<View>(R.id.photo_cancel).isShown)
        a.view<View>(R.id.photo_cancel).performClick()
        gate.countDown()
        waitFor { true }
        assertTrue(a.view<View>(R.id.camera).isEnabled)
        assertTrue(a.view<View>(R.id.photos).isEnabled)
        assertFalse(a.view<View>(R.id.photo_cancel).isShown)
        Thread.sleep(300)
        waitFor { true }
        assertEquals("the cancelled photo never opens", Screen.START, a.controller.state.screen)
    }

    @Test
    fun theCropScreenShowsTheWholePhotoWithWhatIsCutAwayDimmed() {
        val a = launch()
        a.controller.photoPicked { blocksPng() }
        waitFor(what = "the crop screen") { a.controller.state.cropState?.preview != null }
        val crop = a.view<CropView>(R.id.crop_view)
        val bmp = android.graphics.Bitmap.createBitmap(crop.width, crop.height, android.graphics.Bitmap.Config.ARGB_8888)
        crop.draw(android.graphics.Canvas(bmp))
        // A 2:1 photo: the square is half the view, centred; the photo spans the view's width.
        val side = crop.frameSide()
        assertEquals(crop.width / 2.0, side, 1.0)
        val o = crop.frameOrigin()
        // Away from the grid's lines: photo pixel (175, 125), block (1, 1).
        val y = (o + side * 0.625).toInt()
        val inside = bmp.getPixel((o + side * 0.375).toInt(), y)
        val outside = bmp.getPixel((crop.width * 0.1).toInt(), y)
        assertEquals("inside the square: the photo itself", blockColour(1, 1), inside)
        val shown = blockColour(0, 1)
        assertNotEquals("outside: the photo is drawn", a.getColor(R.color.board_frame), outside)
        val dimmed = brightness(outside)
        val full = brightness(shown)
        assertTrue("outside: dimmed ($dimmed of $full)", dimmed in 1 until full / 2)
        val title = ArrayList<View>().also { a.window.decorView.findViewsWithText(it, a.getString(R.string.crop_title), View.FIND_VIEWS_WITH_TEXT) }
        val titleView = title.single()
        val at = IntArray(2).also { titleView.getLocationInWindow(it) }[1]
        val cropAt = IntArray(2).also { crop.getLocationInWindow(it) }[1]
        assertTrue("the title above the photo", at + titleView.height <= cropAt)
    }

    private fun brightness(c: Int) = (c shr 16 and 0xFF) + (c shr 8 and 0xFF) + (c and 0xFF)

    @Test
    fun aRecreatedActivityKeepsTheProcesssOneCoreAndStopsTheOldOnesWork() {
        val a = launch()
        val c = a.playing()
        val core = a.core
        c.slide(c.state.movableDirection())
        val tiles = c.state.tiles
        controller!!.recreate()
        val b = controller!!.get()
        assertTrue("the same core, its tables with it", core === b.core)
        assertTrue(c !== b.controller)
        assertTrue("the old controller is closed", c.closed)
        waitFor(what = "the restored game") { b.controller.state.phase == Phase.PLAYING }
        assertEquals(tiles, b.controller.state.tiles)
    }

    @Test
    fun aRecreationDuringTheCropComesBackToTheSameSquare() {
        val a = launch()
        a.controller.photoPicked { blocksPng() }
        waitFor(what = "the crop screen") { a.controller.state.cropState?.photoName != null }
        a.controller.cropZoom(2.0, 200.0, 200.0, 400.0)
        a.controller.cropPan(-400.0, 0.0, 400.0)
        val square = a.controller.state.cropState!!.frame.crop
        // A theme or language change: a new activity and controller from the saved Bundle.
        controller!!.recreate()
        val b = controller!!.get()
        waitFor(what = "the crop again") { b.controller.state.cropState?.preview != null }
        assertEquals(Screen.CROP, b.controller.state.screen)
        assertEquals(square, b.controller.state.cropState!!.frame.crop)
        b.view<View>(R.id.crop_use).performClick()
        waitFor(what = "the game") { b.controller.state.screen == Screen.GAME }
        assertEquals(square, b.controller.state.crop)
    }

    @Test
    fun backFromAndroid13GoesThroughTheCallbackWhileThereIsSomethingToClose() {
        // The manifest's android:enableOnBackInvokedCallback, which the JVM build's aapt2 (API 29)
        // cannot link, set on the app as the platform would read it.
        RuntimeEnvironment.getApplication().applicationInfo.setEnableOnBackInvokedCallback(true)
        val a = launch()
        // The window's own dispatcher, behind the activity's proxy.
        val dispatcher = a.window.decorView.viewRootImpl.onBackInvokedDispatcher
        val atStart = dispatcher.topCallback
        val c = a.playing()
        c.slide(c.state.movableDirection())
        val inGame = dispatcher.topCallback
        assertTrue("the app's callback is on top in a game", inGame != null && inGame !== atStart)
        inGame!!.onBackInvoked()
        waitFor { true }
        assertTrue("the confirmation shows", a.view<View>(R.id.dialog_confirm).isShown)
        a.view<View>(R.id.dialog_confirm).performClick()
        waitFor { true }
        assertTrue("back on the start screen the system's Back is on top again", dispatcher.topCallback === atStart)
    }

    @Test
    @Config(sdk = [26, 29, 35])
    fun withoutThePhotoPickerThePickerFallsBackToTheGallery() {
        val a = launch()
        val app = shadowOf(RuntimeEnvironment.getApplication())
        app.checkActivities(true)
        // Only a gallery that answers GET_CONTENT is installed.
        val gallery = ResolveInfo().apply {
            activityInfo = ActivityInfo().apply { packageName = "gallery"; name = "Gallery" }
        }
        shadowOf(a.packageManager).addResolveInfoForIntent(Intent(Intent.ACTION_GET_CONTENT).setType("image/*").addCategory(Intent.CATEGORY_OPENABLE), gallery)
        shadowOf(a.packageManager).addActivityIfNotPresent(ComponentName("gallery", "Gallery"))
        shadowOf(a.packageManager).addIntentFilterForActivity(
            ComponentName("gallery", "Gallery"),
            android.content.IntentFilter(Intent.ACTION_GET_CONTENT).apply {
                addCategory(Intent.CATEGORY_OPENABLE)
                addCategory(Intent.CATEGORY_DEFAULT)
                addDataType("image/*")
            },
        )
        a.pickPhoto()
        val started = shadowOf(a).nextStartedActivityForResult
        assertEquals(Intent.ACTION_GET_CONTENT, started.intent.action)
        // No camera app at all: said in words, nothing started.
        a.takePhoto()
        assertEquals(Note.NoCamera, a.controller.state.note)
        assertEquals(a.getString(R.string.note_no_camera), (a.view<android.widget.TextView>(R.id.note)).text.toString())
    }

    @Test
    fun backAsksBeforeLeavingAGameWithMovesAndClosesOnlyFromTheStart() {
        val a = launch()
        val c = a.playing()
        c.slide(c.state.movableDirection())
        @Suppress("DEPRECATION")
        a.onBackPressed()
        idle()
        assertTrue("the confirmation shows", a.view<View>(R.id.dialog_confirm).isShown)
        assertFalse(a.isFinishing)
        a.view<View>(R.id.dialog_confirm).performClick()
        assertEquals(Screen.START, c.state.screen)
        @Suppress("DEPRECATION")
        a.onBackPressed()
        assertTrue("Back on the start screen closes the app", a.isFinishing)
    }

    @Test
    fun aDragFromATileSlidesItsLineAndAShortOneSettlesBack() {
        val a = launch()
        val c = a.playing()
        val board = a.view<BoardView>(R.id.board)
        waitFor { board.width > 0 }
        val n = c.state.size
        val step = board.width / n.toFloat()
        // A tile left of the empty space in its row, if any, else right of it.
        val blank = c.state.blankCell
        val (cell, dx) = if (blank % n > 0) blank - 1 to step else blank + 1 to -step
        val tile = c.state.tiles[cell]
        // A finger from the centre of `from` moved by (dx, dy) over `ms`, in five steps.
        fun drag(from: Int, dx: Float, dy: Float, ms: Long) {
            val x = (from % n + 0.5f) * step
            val y = (from / n + 0.5f) * step
            val t = SystemClock.uptimeMillis()
            board.dispatchTouchEvent(MotionEvent.obtain(t, t, MotionEvent.ACTION_DOWN, x, y, 0))
            for (i in 1..5) {
                board.dispatchTouchEvent(MotionEvent.obtain(t, t + ms * i / 5, MotionEvent.ACTION_MOVE, x + dx * i / 5, y + dy * i / 5, 0))
            }
            board.dispatchTouchEvent(MotionEvent.obtain(t, t + ms, MotionEvent.ACTION_UP, x + dx, y + dy, 0))
            idle()
        }
        drag(cell, dx * 0.3f, 0f, 600)
        assertEquals("a slow drag short of 0.35 of a step settles back", tile, c.state.tiles[cell])
        drag(cell, dx * 0.4f, 0f, 600)
        assertEquals("past 0.35 of a step (as on iOS) the tile slides into the empty space", tile, c.state.tiles[blank])
        assertEquals(1, c.state.moves)
        drag(blank, -dx * 0.3f, 0f, 30)
        assertEquals("a flick back toward the empty space counts: short but fast", tile, c.state.tiles[cell])
        val before = c.state.tiles
        drag(cell, 0f, step * 0.8f, 600)
        assertEquals("a drag across the line moves nothing", before, c.state.tiles)
    }

    @Test
    fun talkBackHearsEveryTileAndSlidesThemWithAnAction() {
        val a = launch()
        val c = a.playing()
        val board = a.view<BoardView>(R.id.board)
        waitFor { board.width > 0 }
        val n = c.state.size
        for (cell in 0 until n * n) {
            val v = board.getChildAt(cell)
            val tile = c.state.tiles[cell]
            val label = v.contentDescription.toString()
            if (tile == 0) assertTrue(label, label.startsWith("Empty space, row ${cell / n + 1}, column ${cell % n + 1}"))
            // Numbers hidden (the default): TalkBack names no number the player cannot see.
            else assertTrue(label, label.startsWith("Piece of the picture, row ${cell / n + 1}, column ${cell % n + 1}"))
            assertEquals("movable tiles say so", cell in c.state.movable && tile != 0, label.endsWith("can move"))
        }
        val blank = c.state.blankCell
        val cell = c.state.movable.first { c.state.tiles[it] != 0 && (it == blank - n || it == blank + n || (it / n == blank / n && kotlin.math.abs(it - blank) == 1)) }
        val v = board.getChildAt(cell)
        val info = AccessibilityNodeInfo.obtain()
        v.onInitializeAccessibilityNodeInfo(info)
        val action = info.actionList.single { it.id == R.id.action_tile }
        assertTrue(action.label.toString(), action.label.startsWith("Slide "))
        val tile = c.state.tiles[cell]
        assertTrue(v.performAccessibilityAction(R.id.action_tile, null))
        assertEquals(0, c.state.tiles[cell])
        assertEquals("the move is announced", Note.Moved(listOf(tile), TileDirection.of(cell, c.state.tiles.indexOf(tile), n), numbered = false), c.state.announcement!!.note)
    }

    @Test
    fun peekShowsTheWholePictureWhileTheButtonIsHeldOrBrieflyOnAClick() {
        val a = launch()
        val c = a.playing()
        val peek = a.view<View>(R.id.peek)
        assertTrue(peek.isShown)
        val t = SystemClock.uptimeMillis()
        peek.dispatchTouchEvent(MotionEvent.obtain(t, t, MotionEvent.ACTION_DOWN, 5f, 5f, 0))
        assertTrue(c.state.peeking)
        peek.dispatchTouchEvent(MotionEvent.obtain(t, t + 500, MotionEvent.ACTION_UP, 5f, 5f, 0))
        assertFalse(c.state.peeking)
        // TalkBack and switch access click: a short peek.
        c.peek(false)
        peek.performClick()
        assertTrue(c.state.peeking)
        shadowOf(android.os.Looper.getMainLooper()).idleFor(java.time.Duration.ofMillis(GameScreen.PEEK_MS + 100))
        assertFalse(c.state.peeking)
        assertEquals(2, c.state.peeks)
        // Held on the board: the long press peeks too.
        val board = a.view<BoardView>(R.id.board)
        val t2 = SystemClock.uptimeMillis()
        board.dispatchTouchEvent(MotionEvent.obtain(t2, t2, MotionEvent.ACTION_DOWN, 10f, 10f, 0))
        shadowOf(android.os.Looper.getMainLooper()).idleFor(java.time.Duration.ofMillis(800))
        assertTrue(c.state.peeking)
        board.dispatchTouchEvent(MotionEvent.obtain(t2, t2 + 900, MotionEvent.ACTION_UP, 10f, 10f, 0))
        assertFalse(c.state.peeking)
        assertEquals(3, c.state.peeks)
        assertNotEquals("the long press did not also tap", Note.TapShuffle, c.state.note)
    }
}
