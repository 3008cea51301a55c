package dev.slidepuzzle.app

import android.app.Activity
import android.content.ActivityNotFoundException
import android.content.Intent
import android.content.res.Configuration
import android.graphics.Bitmap
import android.os.Build
import android.os.Bundle
import android.provider.MediaStore
import android.view.HapticFeedbackConstants
import android.view.KeyEvent
import android.view.View
import android.view.WindowInsets
import android.widget.FrameLayout
import java.io.File

/**
 * The app's one activity, a thin shell: it builds the screen for [UiState.screen], hands the
 * window's insets to it, forwards Back, the photo pickers' results and the lifecycle to the
 * [GameController], and announces what the state says for TalkBack. The game lives in the core;
 * the state holder lives in [GameController]; each screen is a file of its own.
 */
class MainActivity : Activity() {
    companion object {
        /** Test hook: a fixed seed for shuffles (consecutive seeds from it). */
        const val EXTRA_SEED = "dev.slidepuzzle.seed"
        /** Test hook: false skips building pattern databases ahead of time. */
        const val EXTRA_PREFETCH = "dev.slidepuzzle.prefetch"
        const val REQUEST_PICK = 1
        const val REQUEST_CAMERA = 2
        private const val PREFS = "game"

        /** Tests replace the platform decoder (the JVM has no HEIF decoder). */
        @JvmStatic var decoderOverride: PlatformDecoder? = null
        /** Tests replace the core to inject failures (a thin wrapper around [RustCore]). */
        @JvmStatic var coreOverride: ((File) -> PuzzleCore)? = null
    }

    lateinit var controller: GameController
        private set
    lateinit var core: PuzzleCore
        private set
    lateinit var text: PlayerText
        private set
    private lateinit var root: FrameLayout
    private val screens = HashMap<Screen, ScreenView>()
    private var shown: ScreenView? = null
    private lateinit var dialogs: DialogHost
    private var insets = Insets4(0, 0, 0, 0)
    private var announced = 0
    private var spokenNote: Note? = null
    private var celebrated = -1
    /** What TalkBack was handed, newest last (the tests read it; a few lines at most). */
    internal val spoken = ArrayDeque<String>()

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        drawEdgeToEdge()
        val cache = File(noBackupFilesDir, "pattern-databases")
        // One core per process: a recreated activity (theme, font, language) keeps its tables.
        core = coreOverride?.invoke(cache) ?: ProcessCore.get(cache)
        text = PlayerText(this)
        val seed = intent?.getLongExtra(EXTRA_SEED, -1L) ?: -1L
        var next = seed
        val metrics = resources.displayMetrics
        controller = GameController(
            core, AndroidThreads(), systemTime, androidStorage(this), decoderOverride ?: AndroidDecoder(),
            seeds = if (seed >= 0) ({ next++ }) else ({ System.nanoTime() }),
            prefetch = intent?.getBooleanExtra(EXTRA_PREFETCH, true) ?: true,
            pictureEdge = minOf(metrics.widthPixels, metrics.heightPixels),
        )
        root = FrameLayout(this).apply { setBackgroundColor(color(R.color.background)) }
        dialogs = DialogHost(this, controller, text)
        root.addView(dialogs.view)
        root.setOnApplyWindowInsetsListener { _, windowInsets ->
            insets = Insets4.of(windowInsets)
            shown?.applyInsets(insets)
            dialogs.applyInsets(insets)
            windowInsets
        }
        setContentView(root)
        val saved = savedInstanceState?.let { b ->
            b.keySet().filter { it.startsWith("sp.") }.associate { it.removePrefix("sp.") to (b.getString(it) ?: "") }
        } ?: getSharedPreferences(PREFS, MODE_PRIVATE).all.mapValues { it.value.toString() }
        if (saved.isNotEmpty()) controller.restore(saved)
        controller.observe { render(it) }
    }

    /** Draws under the system bars on every API level, as Android 15 does for targetSdk 35;
     *  each screen pads itself by the insets. */
    @Suppress("DEPRECATION")
    private fun drawEdgeToEdge() {
        if (Build.VERSION.SDK_INT >= 30) {
            window.setDecorFitsSystemWindows(false)
        } else {
            // Added to what the theme set (the light bars' flags), never assigned over it.
            val light = resources.configuration.uiMode and Configuration.UI_MODE_NIGHT_MASK != Configuration.UI_MODE_NIGHT_YES
            var flags = View.SYSTEM_UI_FLAG_LAYOUT_STABLE or View.SYSTEM_UI_FLAG_LAYOUT_FULLSCREEN or View.SYSTEM_UI_FLAG_LAYOUT_HIDE_NAVIGATION
            if (light) flags = flags or View.SYSTEM_UI_FLAG_LIGHT_STATUS_BAR
            if (light && Build.VERSION.SDK_INT >= 27) flags = flags or View.SYSTEM_UI_FLAG_LIGHT_NAVIGATION_BAR
            window.decorView.systemUiVisibility = window.decorView.systemUiVisibility or flags
        }
        if (Build.VERSION.SDK_INT >= 28) {
            window.attributes = window.attributes.apply {
                layoutInDisplayCutoutMode = android.view.WindowManager.LayoutParams.LAYOUT_IN_DISPLAY_CUTOUT_MODE_SHORT_EDGES
            }
        }
    }

    /** The start screen's thumbnails are drawn (for screenshots that show them). */
    val thumbnailsShown: Boolean get() = (screens[Screen.START] as? StartScreen)?.thumbnailsShown == true

    private fun screen(which: Screen): ScreenView = screens.getOrPut(which) {
        when (which) {
            Screen.START -> StartScreen(this, controller, text, core)
            Screen.CROP -> CropScreen(this, controller, text)
            Screen.GAME -> GameScreen(this, controller, text, core)
            Screen.RECORDS -> RecordsScreen(this, controller, text)
        }
    }

    private fun render(s: UiState) {
        val next = screen(s.screen)
        if (next !== shown) {
            shown?.let { root.removeView(it.view) }
            root.addView(next.view, 0)
            next.applyInsets(insets)
            shown = next
        }
        next.render(s)
        dialogs.render(s)
        syncBack(s)
        // A dialog is modal for TalkBack too: the screen below is hidden until it closes.
        next.view.importantForAccessibility =
            if (s.dialog != null) View.IMPORTANT_FOR_ACCESSIBILITY_NO_HIDE_DESCENDANTS else View.IMPORTANT_FOR_ACCESSIBILITY_AUTO
        speak(s)
        keepScreenOn(s)
        if (s.phase == Phase.WON && s.wins != celebrated && s.screen == Screen.GAME) {
            // CONFIRM is API 30; before it a long-press buzz is the closest.
            val haptic = if (Build.VERSION.SDK_INT >= 30) HapticFeedbackConstants.CONFIRM else HapticFeedbackConstants.LONG_PRESS
            if (celebrated >= 0 || s.wins > 0) root.performHapticFeedback(haptic)
            celebrated = s.wins
        }
    }

    /** One voice: what the state announces, else a new line, each said once; never the search's
     *  count or each move of Auto's playback (its start, path, pause, stop and win are said). */
    private fun speak(s: UiState) {
        val fresh = s.announcement?.takeIf { it.id != announced }
        val note = s.note?.takeIf { it != spokenNote && it !is Note.Searching }
        spokenNote = s.note
        val line = when {
            fresh != null -> text.spoken(fresh.note).also { announced = fresh.id }
            note != null && s.screen == Screen.GAME -> text.note(note)
            else -> return
        }
        spoken.addLast(line)
        while (spoken.size > 20) spoken.removeFirst()
        @Suppress("DEPRECATION")
        root.announceForAccessibility(line)
    }

    /** The screen stays on while Auto searches or plays and while a shuffle runs: nothing the
     *  player touches meanwhile would keep it awake. */
    private fun keepScreenOn(s: UiState) {
        val busy = s.screen == Screen.GAME &&
            (s.phase == Phase.SOLVING || s.phase == Phase.SHUFFLING || (s.phase == Phase.ANIMATING && s.playback?.paused != true))
        val flag = android.view.WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON
        if (busy) window.addFlags(flag) else window.clearFlags(flag)
    }

    override fun onSaveInstanceState(outState: Bundle) {
        super.onSaveInstanceState(outState)
        for ((k, v) in controller.snapshot()) outState.putString("sp.$k", v)
    }

    override fun onResume() {
        super.onResume()
        controller.resume()
    }

    override fun onPause() {
        super.onPause()
        controller.pause()
        // Process death: the next cold start restores from here.
        val editor = getSharedPreferences(PREFS, MODE_PRIVATE).edit().clear()
        for ((k, v) in controller.snapshot()) editor.putString(k, v)
        editor.apply()
    }

    override fun onDestroy() {
        // Whatever this activity started stops with it; a recreated one starts its own.
        controller.close()
        super.onDestroy()
    }

    override fun onConfigurationChanged(newConfig: Configuration) {
        super.onConfigurationChanged(newConfig)
        // The screens lay themselves out again for the new size; nothing in flight is lost.
        root.requestLayout()
    }

    /** Back from Android 13: registered only while the app has something to close, so that on
     *  the start screen the system's own Back (and its predictive animation) leaves the app. */
    private var backCallback: Any? = null

    private fun syncBack(s: UiState) {
        if (Build.VERSION.SDK_INT < 33) return
        val wanted = s.dialog != null || s.screen != Screen.START
        val dispatcher = onBackInvokedDispatcher
        val registered = backCallback as? android.window.OnBackInvokedCallback
        if (wanted && registered == null) {
            val callback = android.window.OnBackInvokedCallback { controller.back() }
            dispatcher.registerOnBackInvokedCallback(android.window.OnBackInvokedDispatcher.PRIORITY_DEFAULT, callback)
            backCallback = callback
        } else if (!wanted && registered != null) {
            dispatcher.unregisterOnBackInvokedCallback(registered)
            backCallback = null
        }
    }

    @Deprecated("Back on API 26–32; from 33 the OnBackInvokedCallback above")
    override fun onBackPressed() {
        if (!controller.back()) {
            @Suppress("DEPRECATION")
            super.onBackPressed()
        }
    }

    override fun onKeyDown(keyCode: Int, event: KeyEvent): Boolean {
        // Arrows slide tiles only on the game itself, never behind a dialog.
        if (controller.state.screen == Screen.GAME && controller.state.phase == Phase.PLAYING && controller.state.dialog == null) {
            val d = when (keyCode) {
                KeyEvent.KEYCODE_DPAD_UP -> TileDirection.UP
                KeyEvent.KEYCODE_DPAD_DOWN -> TileDirection.DOWN
                KeyEvent.KEYCODE_DPAD_LEFT -> TileDirection.LEFT
                KeyEvent.KEYCODE_DPAD_RIGHT -> TileDirection.RIGHT
                else -> null
            }
            if (d != null) {
                controller.slide(d)
                return true
            }
        }
        return super.onKeyDown(keyCode, event)
    }

    /** The camera app writes into [PhotoProvider]'s one file (no CAMERA permission needed). */
    fun takePhoto() {
        // A camera app that returns OK without writing must not hand back the previous shot.
        PhotoProvider.file(cacheDir).delete()
        val intent = Intent(MediaStore.ACTION_IMAGE_CAPTURE)
            .putExtra(MediaStore.EXTRA_OUTPUT, PhotoProvider.uri(packageName))
            .addFlags(Intent.FLAG_GRANT_WRITE_URI_PERMISSION or Intent.FLAG_GRANT_READ_URI_PERMISSION)
        try {
            startActivityForResult(intent, REQUEST_CAMERA)
        } catch (e: ActivityNotFoundException) {
            controller.say(Note.NoCamera)
        }
    }

    /** The Photo Picker on API 33+, the gallery's GET_CONTENT before (or where it is absent). */
    fun pickPhoto() {
        val picker = if (Build.VERSION.SDK_INT >= 33) {
            Intent(MediaStore.ACTION_PICK_IMAGES).setType("image/*")
        } else {
            fallbackPicker()
        }
        try {
            startActivityForResult(picker, REQUEST_PICK)
        } catch (e: ActivityNotFoundException) {
            try {
                startActivityForResult(fallbackPicker(), REQUEST_PICK)
            } catch (e: ActivityNotFoundException) {
                controller.say(Note.NoPicker)
            }
        }
    }

    private fun fallbackPicker() = Intent(Intent.ACTION_GET_CONTENT).setType("image/*").addCategory(Intent.CATEGORY_OPENABLE)

    @Deprecated("Framework-only app: no AndroidX activity-result API")
    override fun onActivityResult(requestCode: Int, resultCode: Int, data: Intent?) {
        @Suppress("DEPRECATION")
        super.onActivityResult(requestCode, resultCode, data)
        if (resultCode != RESULT_OK) return
        val resolver = contentResolver
        val cache = cacheDir
        when (requestCode) {
            REQUEST_CAMERA -> controller.photoPicked {
                PhotoProvider.file(cache).takeIf { it.isFile && it.length() > 0 }?.let { f -> f.inputStream().use { readBounded(it, f.length()) } }
            }
            REQUEST_PICK -> {
                val uri = data?.data ?: return
                controller.photoPicked {
                    // The file's size from its descriptor, checked before a byte is read.
                    resolver.openAssetFileDescriptor(uri, "r")?.use { fd -> fd.createInputStream().use { readBounded(it, fd.length) } }
                }
            }
        }
    }

    /** A bitmap of the picture's colour ints. */
    fun bitmapOf(art: PictureData): Bitmap = Bitmap.createBitmap(art.argb, art.edge, art.edge, Bitmap.Config.ARGB_8888)
}

/** The window's insets a screen keeps clear: system bars and the display cutout. */
data class Insets4(val left: Int, val top: Int, val right: Int, val bottom: Int) {
    companion object {
        @Suppress("DEPRECATION")
        fun of(w: WindowInsets): Insets4 {
            if (Build.VERSION.SDK_INT >= 30) {
                val i = w.getInsets(WindowInsets.Type.systemBars() or WindowInsets.Type.displayCutout())
                return Insets4(i.left, i.top, i.right, i.bottom)
            }
            val cut = if (Build.VERSION.SDK_INT >= 28) w.displayCutout else null
            return Insets4(
                maxOf(w.systemWindowInsetLeft, cut?.safeInsetLeft ?: 0), maxOf(w.systemWindowInsetTop, cut?.safeInsetTop ?: 0),
                maxOf(w.systemWindowInsetRight, cut?.safeInsetRight ?: 0), maxOf(w.systemWindowInsetBottom, cut?.safeInsetBottom ?: 0),
            )
        }
    }
}

/** A screen: its view, drawn from the state, padded by the window's insets. */
interface ScreenView {
    val view: View
    fun render(s: UiState)
    fun applyInsets(insets: Insets4)
}
