package dev.slidepuzzle.app

import android.content.Intent
import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Color
import android.graphics.Insets
import android.graphics.Paint
import android.graphics.Rect
import android.graphics.RectF
import android.os.Looper
import android.view.DisplayCutout
import android.view.WindowInsets
import java.io.File
import java.time.Duration
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import org.robolectric.annotation.GraphicsMode

/**
 * The whole window of every screen in every configuration, drawn as a player sees it (system
 * bars painted where the injected insets put them, dialogs on top), written to
 * target/screenshots/<configuration>/<screen>.png with an index.html contact sheet, and checked
 * by [LayoutChecks]. A finding fails the test unless [EXPECTED] lists it with the defect it
 * stands for.
 */
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class ScreenshotGalleryTest {
    /** A device: its qualifiers, font scale, and the insets its bars and cutout take (dp). */
    data class Configuration(
        val name: String,
        val qualifiers: String,
        val fontScale: Float = 1f,
        val night: Boolean = false,
        val bars: Insets4,
        /** The cutout's edge (top in portrait, left in landscape). */
        val cutoutLeft: Boolean = false,
    )

    companion object {
        val CONFIGURATIONS = listOf(
            Configuration("phone", "en-w411dp-h891dp-port-xxhdpi", bars = Insets4(0, 32, 0, 48)),
            Configuration("phone-landscape", "en-w891dp-h411dp-land-xxhdpi", bars = Insets4(32, 24, 48, 0), cutoutLeft = true),
            Configuration("small-phone", "en-w320dp-h640dp-port-hdpi", bars = Insets4(0, 24, 0, 48)),
            Configuration("tablet", "en-w840dp-h1180dp-port-xhdpi", bars = Insets4(0, 24, 0, 48)),
            Configuration("night", "en-w411dp-h891dp-port-night-xxhdpi", night = true, bars = Insets4(0, 32, 0, 48)),
            Configuration("font-2x", "en-w411dp-h891dp-port-xxhdpi", fontScale = 2f, bars = Insets4(0, 32, 0, 48)),
            Configuration("de", "de-w411dp-h891dp-port-xxhdpi", bars = Insets4(0, 32, 0, 48)),
        )

        /** Findings known to be defects still to fix, each with the defect it stands for. Never
         *  delete an entry to make the test pass: fix the screen. Empty when every screen is
         *  right. */
        val EXPECTED: Map<String, String> = mapOf()
    }

    private val out = File(System.getProperty("screenshot.dir") ?: "target/screenshots")
    /** Each configuration's own core, as a fresh process has: its records store opens on the
     *  emptied files folder (a store is kept per folder for the process, with what it knew). */
    private var core = WrappedCore()
    private val findings = mutableListOf<String>()
    private val sheet = StringBuilder()

    @Test
    fun everyScreenInEveryConfiguration() {
        out.deleteRecursively() // no screen of an earlier run left to look current
        out.mkdirs()
        try {
            for (config in CONFIGURATIONS) shoot(config)
        } finally {
            MainActivity.coreOverride = null
        }
        File(out, "index.html").writeText(
            "<!doctype html><meta charset=utf-8><title>Slide Puzzle screens</title>" +
                "<style>body{font:14px sans-serif;background:#ddd}figure{display:inline-block;margin:8px;vertical-align:top}" +
                "img{max-height:420px;border:1px solid #888;background:#fff}figcaption{text-align:center}</style>$sheet",
        )
        val unexpected = findings.filter { f -> EXPECTED.keys.none { f.contains(it) } }
        val fixed = EXPECTED.keys.filter { k -> findings.none { it.contains(k) } }
        assertTrue("layout findings:\n" + unexpected.joinToString("\n"), unexpected.isEmpty())
        assertTrue("expected failures no longer found (remove them):\n" + fixed.joinToString("\n"), fixed.isEmpty())
    }

    private fun shoot(config: Configuration) {
        core = WrappedCore(RustCore(TestCore.dir))
        MainActivity.coreOverride = { core }
        RuntimeEnvironment.setQualifiers(config.qualifiers)
        RuntimeEnvironment.setFontScale(config.fontScale)
        val app = RuntimeEnvironment.getApplication()
        app.getSharedPreferences("game", 0).edit().clear().commit()
        app.filesDir.listFiles()?.forEach { it.deleteRecursively() }
        val intent = Intent(app, MainActivity::class.java).putExtra(MainActivity.EXTRA_SEED, 11L).putExtra(MainActivity.EXTRA_PREFETCH, false)
        val controller = Robolectric.buildActivity(MainActivity::class.java, intent).setup()
        val activity = controller.get()
        val density = activity.resources.displayMetrics.density
        val bars = Insets4((config.bars.left * density).toInt(), (config.bars.top * density).toInt(), (config.bars.right * density).toInt(), (config.bars.bottom * density).toInt())
        val decor = activity.window.decorView
        decor.dispatchApplyWindowInsets(windowInsets(bars, config))
        val c = activity.controller
        val dir = File(out, config.name).apply { mkdirs() }
        sheet.append("<h2>${config.name}</h2>")
        // The board's place on the game screen, per shot: it must not move between phases.
        val boardAt = linkedMapOf<String, Rect>()
        fun snap(screen: String, settle: Boolean = true) {
            shadowOf(Looper.getMainLooper()).idle()
            // Tiles in flight land (120 ms), unless the screen is caught mid-search on purpose.
            if (settle) shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(200))
            decor.requestLayout()
            shadowOf(Looper.getMainLooper()).idle()
            val bmp = Bitmap.createBitmap(decor.width, decor.height, Bitmap.Config.ARGB_8888)
            val canvas = Canvas(bmp)
            decor.draw(canvas)
            paintBars(canvas, bars, config, density)
            File(dir, "$screen.png").outputStream().use { bmp.compress(Bitmap.CompressFormat.PNG, 100, it) }
            sheet.append("<figure><img src='${config.name}/$screen.png'><figcaption>$screen</figcaption></figure>")
            for (f in LayoutChecks.check(decor, bars, config.night, density)) findings += "${config.name}/$screen: $f"
            if (c.state.screen == Screen.GAME && c.state.dialog == null) {
                activity.findViewById<android.view.View>(R.id.board)?.let { b ->
                    boardAt["$screen (${c.state.size}×${c.state.size})"] = Rect().also { b.getGlobalVisibleRect(it) }
                }
            }
        }

        waitFor(what = "the records and the thumbnails") { c.records != null && activity.thumbnailsShown }
        snap("start")
        c.showMoreSizes()
        snap("start-more-sizes")
        c.dismissDialog()
        c.say(Note.PictureFailed(CoreError(CoreError.Kind.PICTURE_DAMAGED, "")))
        snap("start-error")
        c.showRecords()
        snap("records-empty")
        c.back()

        c.photoPicked { photoJpeg(1200, 800) }
        waitFor(what = "the crop screen") { c.state.screen == Screen.CROP }
        c.cropZoom(1.5, 100.0, 100.0, 400.0)
        snap("crop")
        c.cropCancel()

        // The first picture offered, in play.
        c.selectSize(4)
        c.chooseBuiltin(StartScreen.ordered(core.builtinIds()).first())
        waitFor(what = "the game") { c.state.screen == Screen.GAME }
        snap("choose-blank")
        c.tap(15)
        snap("ready")
        c.requestShuffle()
        waitFor(what = "the shuffle") { c.state.phase == Phase.PLAYING && !c.isFindingFewest }
        c.slide(c.state.movableDirection())
        snap("playing")
        c.hint()
        waitFor(what = "the hint") { c.state.hint != null }
        snap("hint")
        c.peek(true)
        snap("peek")
        c.peek(false)
        c.openSettings()
        snap("settings")
        c.dismissDialog()
        c.requestBackToStart()
        snap("confirm-leave")
        c.dismissDialog()
        core.hold()
        c.auto()
        snap("auto-searching", settle = false)
        core.release()
        waitFor(what = "Auto's path") { c.state.phase == Phase.ANIMATING }
        snap("auto-playing")
        c.openStatus()
        snap("auto-status")
        c.dismissDialog()
        c.perform(Control.RESUME)
        c.openDetails()
        snap("auto-details")
        c.dismissDialog()
        snap("auto-paused")
        c.perform(Control.RESUME)
        waitFor(what = "Auto's win") { c.state.phase == Phase.WON }
        snap("won-by-auto")
        c.playAgain()
        waitFor(what = "a new shuffle") { c.state.phase == Phase.PLAYING }
        val moves = c.solution()
        c.slide(moves.first())
        // A minute and a quarter of play, on the looper's clock.
        shadowOf(Looper.getMainLooper()).idleFor(Duration.ofSeconds(75))
        for (d in moves.drop(1)) c.slide(d)
        waitFor { c.state.phase == Phase.WON && !c.isFindingFewest }
        snap("won")
        c.openStatus()
        snap("won-status")
        c.dismissDialog()
        val sides = boardAt.values.map { it.width() to it.height() }.toSet()
        val places = boardAt.values.toSet()
        if (places.size != 1) findings += "${config.name}: the board moves or changes size between phases: $boardAt"
        if (sides.size != 1) findings += "${config.name}: board sides differ: $sides"
        // The start screen with a best of the size: "Fewest 48 moves · Fastest 1:12".
        c.backToStart()
        snap("start-best")
        // The big boards drawn: 6×6 and 8×8, shuffled.
        for (n in listOf(6, 8)) {
            c.backToStart()
            c.selectSize(n)
            c.chooseBuiltin("sunset")
            waitFor(what = "the $n×$n game") { c.state.screen == Screen.GAME }
            c.tap(n * n - 1)
            c.requestShuffle()
            waitFor(what = "the $n×$n shuffle") { c.state.phase == Phase.PLAYING }
            snap("playing-${n}x$n")
            c.stopAll()
        }
        c.backToStart()
        c.showRecords()
        snap("records")
        controller.pause().stop().destroy()
    }

    private fun windowInsets(bars: Insets4, config: Configuration): WindowInsets {
        val cutoutSize = if (config.cutoutLeft) bars.left else bars.top
        val cutout = if (config.cutoutLeft) {
            DisplayCutout(Insets.of(cutoutSize, 0, 0, 0), Rect(0, 300, cutoutSize, 380), null, null, null)
        } else {
            DisplayCutout(Insets.of(0, cutoutSize, 0, 0), null, Rect(500, 0, 580, cutoutSize), null, null)
        }
        val status = if (config.cutoutLeft) bars.top else bars.top
        val nav = Insets.of(0, 0, bars.right, bars.bottom)
        return WindowInsets.Builder()
            .setInsets(WindowInsets.Type.statusBars(), Insets.of(0, status, 0, 0))
            .setInsets(WindowInsets.Type.navigationBars(), nav)
            .setInsets(WindowInsets.Type.displayCutout(), Insets.of(if (config.cutoutLeft) cutoutSize else 0, if (config.cutoutLeft) 0 else cutoutSize, 0, 0))
            .setDisplayCutout(cutout)
            .build()
    }

    /** The status bar (time and icons), the navigation bar (three buttons) and the camera's
     *  cutout, painted over the window where the insets say they are. */
    private fun paintBars(canvas: Canvas, bars: Insets4, config: Configuration, density: Float) {
        val w = canvas.width.toFloat()
        val h = canvas.height.toFloat()
        val ink = if (config.night) Color.WHITE else Color.rgb(30, 30, 30)
        val fill = Paint().apply { color = if (config.night) 0x55000000 else 0x33FFFFFF }
        val icon = Paint(Paint.ANTI_ALIAS_FLAG).apply { color = ink; textSize = 12 * density }
        if (bars.top > 0) {
            canvas.drawRect(0f, 0f, w, bars.top.toFloat(), fill)
            canvas.drawText("12:00", (if (config.cutoutLeft) bars.left else 0) + 16 * density, bars.top * 0.7f, icon)
            for (i in 0 until 3) canvas.drawCircle(w - (24 + i * 16) * density - bars.right, bars.top / 2f, 4 * density, icon)
        }
        if (bars.bottom > 0) {
            canvas.drawRect(0f, h - bars.bottom, w, h, fill)
            val y = h - bars.bottom / 2f
            canvas.drawCircle(w / 2, y, 8 * density, icon.apply { style = Paint.Style.STROKE; strokeWidth = 2 * density })
            canvas.drawRect(w / 2 + 80 * density, y - 7 * density, w / 2 + 94 * density, y + 7 * density, icon)
            canvas.drawLine(w / 2 - 80 * density, y, w / 2 - 92 * density, y, icon)
            icon.style = Paint.Style.FILL
        }
        if (bars.right > 0) canvas.drawRect(w - bars.right, 0f, w, h, fill)
        val camera = Paint(Paint.ANTI_ALIAS_FLAG).apply { color = Color.BLACK }
        if (config.cutoutLeft) {
            canvas.drawRoundRect(RectF(0f, h / 2 - 14 * density, bars.left * 0.8f, h / 2 + 14 * density), 10 * density, 10 * density, camera)
        } else {
            canvas.drawCircle(w / 2, bars.top / 2f, 9 * density, camera)
        }
    }
}

/** A direction some tile can slide now. */
fun UiState.movableDirection(): TileDirection {
    val blank = blankCell
    return when {
        blank % size > 0 -> TileDirection.RIGHT
        blank % size < size - 1 -> TileDirection.LEFT
        blank / size > 0 -> TileDirection.DOWN
        else -> TileDirection.UP
    }
}
