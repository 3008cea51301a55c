package dev.slidepuzzle.app

import android.app.Activity
import android.content.Intent
import android.graphics.Bitmap
import android.graphics.Color
import android.graphics.Rect
import android.os.Build
import android.os.Bundle
import android.os.Handler
import android.os.Looper
import android.provider.MediaStore
import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.widget.AdapterView
import android.widget.ArrayAdapter
import android.widget.Button
import android.widget.CheckBox
import android.widget.FrameLayout
import android.widget.LinearLayout
import android.widget.RadioButton
import android.widget.RadioGroup
import android.widget.ScrollView
import android.widget.SeekBar
import android.widget.Spinner
import android.widget.TextView
import java.io.File
import java.util.concurrent.Executors

/**
 * The one screen of the app, built in code on the Android framework alone. It renders the
 * controller's [UiState] and forwards the player's actions; the game lives in the core.
 */
class MainActivity : Activity() {
    companion object {
        /** Picture edge in pixels: sharp on a phone, one 4 MB buffer. */
        const val EDGE = 1080
        /** Test hook: a fixed seed for shuffles. */
        const val EXTRA_SEED = "dev.slidepuzzle.seed"
        /** Test hook: false skips building pattern databases ahead of time. */
        const val EXTRA_PREFETCH = "dev.slidepuzzle.prefetch"
        private const val REQUEST_PICK = 1
        private const val REQUEST_CAMERA = 2
        private const val PREFS = "game"
        private val executor = Executors.newCachedThreadPool { r -> Thread(r, "slidepuzzle-core").apply { isDaemon = true } }
    }

    lateinit var controller: GameController
        private set
    lateinit var core: PuzzleCore
        private set
    private val handler = Handler(Looper.getMainLooper())
    private var destroyed = false

    private lateinit var startScreen: LinearLayout
    private lateinit var gameScreen: LinearLayout
    lateinit var board: BoardView
        private set
    private lateinit var status: TextView
    private lateinit var info: TextView
    private lateinit var shuffleButton: Button
    private lateinit var undoButton: Button
    private lateinit var redoButton: Button
    private lateinit var hintButton: Button
    private lateinit var autoButton: Button
    private lateinit var numbers: CheckBox
    private lateinit var algorithm: Spinner
    private lateinit var difficulty: Spinner
    private lateinit var speed: SeekBar
    private lateinit var sizes: RadioGroup
    private lateinit var startMessage: TextView

    private var shownPicture: Pair<PictureSource, Int>? = null

    private val threads = object : Threads {
        override fun background(task: () -> Unit) {
            executor.execute(task)
        }

        override fun main(delayMs: Long, task: () -> Unit): CancelHandle {
            val r = Runnable { if (!destroyed) task() }
            handler.postDelayed(r, delayMs)
            return CancelHandle { handler.removeCallbacks(r) }
        }
    }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        core = RustCore(File(filesDir, "pattern-databases"))
        val seed = intent?.getLongExtra(EXTRA_SEED, -1L) ?: -1L
        var next = seed
        controller = GameController(
            core, threads, if (seed >= 0) ({ next++ }) else ({ System.nanoTime() }),
            prefetch = intent?.getBooleanExtra(EXTRA_PREFETCH, true) ?: true,
        )
        setContentView(buildUi())
        val saved = savedInstanceState?.let { b -> b.keySet().filter { it.startsWith("sp.") }.associate { it.removePrefix("sp.") to (b.getString(it) ?: "") } }
            ?: getSharedPreferences(PREFS, MODE_PRIVATE).all.mapValues { it.value.toString() }
        if (saved.isNotEmpty()) controller.restore(saved)
        controller.observe { render(it) }
    }

    override fun onSaveInstanceState(outState: Bundle) {
        super.onSaveInstanceState(outState)
        for ((k, v) in controller.saved()) outState.putString("sp.$k", v)
    }

    override fun onPause() {
        super.onPause()
        // Process death: the next cold start restores from here.
        val editor = getSharedPreferences(PREFS, MODE_PRIVATE).edit().clear()
        for ((k, v) in controller.saved()) editor.putString(k, v)
        editor.apply()
    }

    override fun onDestroy() {
        destroyed = true
        controller.cancelAuto()
        super.onDestroy()
    }

    private fun dp(v: Int) = (v * resources.displayMetrics.density).toInt()

    private fun button(text: String, onClick: () -> Unit) = Button(this).apply {
        this.text = text
        isAllCaps = false
        setOnClickListener { onClick() }
    }

    private fun row(vararg views: View) = LinearLayout(this).apply {
        orientation = LinearLayout.HORIZONTAL
        gravity = Gravity.CENTER
        for (v in views) addView(v, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 1f))
    }

    private fun <T> spinner(values: List<T>, label: (T) -> String, onPick: (T) -> Unit) = Spinner(this).apply {
        adapter = ArrayAdapter(this@MainActivity, android.R.layout.simple_spinner_dropdown_item, values.map(label))
        onItemSelectedListener = object : AdapterView.OnItemSelectedListener {
            override fun onItemSelected(parent: AdapterView<*>?, view: View?, position: Int, id: Long) = onPick(values[position])
            override fun onNothingSelected(parent: AdapterView<*>?) {}
        }
    }

    private fun buildUi(): View {
        val pad = dp(12)
        startScreen = LinearLayout(this).apply {
            orientation = LinearLayout.VERTICAL
            setPadding(pad, pad, pad, pad)
            addView(TextView(this@MainActivity).apply {
                text = "Slide Puzzle"
                textSize = 28f
                gravity = Gravity.CENTER
            })
            addView(TextView(this@MainActivity).apply { text = "Size" })
            sizes = RadioGroup(this@MainActivity).apply {
                orientation = RadioGroup.HORIZONTAL
                for (n in 3..8) {
                    addView(RadioButton(this@MainActivity).apply {
                        id = 1000 + n
                        text = "$n×$n"
                        contentDescription = "$n by $n"
                    })
                }
                check(1003)
            }
            addView(sizes)
            addView(button("Take a photo") { takePhoto() })
            addView(button("Choose from gallery") { pickPhoto() })
            addView(TextView(this@MainActivity).apply { text = "Or play a built-in picture" })
            for ((id, title) in core.builtinPictures()) {
                addView(button(title) { controller.start(PictureSource.Builtin(id), chosenSize()) }.apply {
                    tag = "builtin:$id"
                })
            }
            startMessage = TextView(this@MainActivity).apply { setTextColor(Color.RED) }
            addView(startMessage)
        }
        status = TextView(this).apply { textSize = 18f; gravity = Gravity.CENTER }
        info = TextView(this).apply { gravity = Gravity.CENTER }
        board = BoardView(this).apply {
            onTapCell = { controller.tap(it) }
            onSwipe = { controller.swipe(it) }
        }
        shuffleButton = button("Shuffle") { controller.shuffle() }
        undoButton = button("Undo") { controller.undo() }
        redoButton = button("Redo") { controller.redo() }
        hintButton = button("Hint") { controller.hint() }
        autoButton = button("Auto") {
            val p = controller.state.phase
            if (p == Phase.SOLVING || p == Phase.ANIMATING) controller.cancelAuto() else controller.auto()
        }
        numbers = CheckBox(this).apply {
            text = "Numbers"
            setOnCheckedChangeListener { _, on -> if (on != controller.state.showNumbers) controller.setNumbers(on) }
        }
        algorithm = spinner(AlgorithmChoice.values().toList(), { it.label }) { controller.setAlgorithm(it) }
        difficulty = spinner(Difficulty.values().toList(), { it.label }) { controller.setDifficulty(it) }
        speed = SeekBar(this).apply {
            max = 19
            contentDescription = "Auto speed"
            setOnSeekBarChangeListener(object : SeekBar.OnSeekBarChangeListener {
                override fun onProgressChanged(bar: SeekBar?, value: Int, fromUser: Boolean) {
                    if (fromUser) controller.setSpeed(1_000L - value * 50L)
                }
                override fun onStartTrackingTouch(bar: SeekBar?) {}
                override fun onStopTrackingTouch(bar: SeekBar?) {}
            })
        }
        gameScreen = LinearLayout(this).apply {
            orientation = LinearLayout.VERTICAL
            setPadding(pad, pad, pad, pad)
            addView(status)
            addView(board, LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT).apply {
                gravity = Gravity.CENTER_HORIZONTAL
            })
            addView(info)
            addView(row(shuffleButton, undoButton, redoButton, hintButton))
            addView(row(autoButton, numbers, button("New picture") { controller.backToStart() }))
            addView(TextView(this@MainActivity).apply { text = "Auto algorithm" })
            addView(algorithm)
            addView(TextView(this@MainActivity).apply { text = "Shuffle difficulty" })
            addView(difficulty)
            addView(TextView(this@MainActivity).apply { text = "Auto speed" })
            addView(speed)
        }
        return ScrollView(this).apply {
            addView(FrameLayout(this@MainActivity).apply {
                addView(startScreen)
                addView(gameScreen)
            })
        }
    }

    private fun chosenSize() = (sizes.checkedRadioButtonId - 1000).coerceIn(3, 8)

    private fun render(s: UiState) {
        val onStart = s.phase == Phase.START
        startScreen.visibility = if (onStart) View.VISIBLE else View.GONE
        gameScreen.visibility = if (onStart) View.GONE else View.VISIBLE
        if (onStart) {
            startMessage.text = s.message ?: ""
            return
        }
        val picture = s.picture
        if (picture != null && shownPicture != picture to s.size) {
            shownPicture = picture to s.size
            loadPicture(picture, s.size)
        }
        board.render(s)
        val secs = s.elapsedMs / 1000
        status.text = buildString {
            append("Moves ${s.moves} · ${secs / 60}:${"%02d".format(secs % 60)}")
            s.best?.let { append(" · best: $it") }
        }
        info.text = listOfNotNull(
            s.message,
            s.solveInfo,
            if (s.phase == Phase.SOLVING && s.progressNodes > 0) "${"%,d".format(s.progressNodes)} nodes…" else null,
        ).joinToString("\n")
        val playing = s.phase == Phase.PLAYING || s.phase == Phase.READY
        shuffleButton.isEnabled = s.phase != Phase.CHOOSE_BLANK
        undoButton.isEnabled = playing && s.canUndo
        redoButton.isEnabled = playing && s.canRedo
        hintButton.isEnabled = s.phase == Phase.PLAYING
        autoButton.isEnabled = playing || s.phase == Phase.SOLVING || s.phase == Phase.ANIMATING
        autoButton.text = if (s.phase == Phase.SOLVING || s.phase == Phase.ANIMATING) "Cancel" else "Auto"
        if (numbers.isChecked != s.showNumbers) numbers.isChecked = s.showNumbers
        if (algorithm.selectedItemPosition != s.algorithm.ordinal) algorithm.setSelection(s.algorithm.ordinal)
        if (difficulty.selectedItemPosition != s.difficulty.ordinal) difficulty.setSelection(s.difficulty.ordinal)
        speed.progress = ((1_000L - s.speedMs) / 50L).toInt().coerceIn(0, 19)
    }

    /** Draws or decodes the picture off the UI thread, then hands the board one bitmap. */
    private fun loadPicture(source: PictureSource, size: Int) {
        threads.background {
            val result = runCatching {
                val pic = when (source) {
                    is PictureSource.Builtin -> core.builtinPicture(source.id, EDGE)
                    is PictureSource.Photo -> core.loadPicture(File(source.path).readBytes(), EDGE)
                }
                // Colour ints, so the bitmap does not depend on the platform's byte order.
                val rgba = pic.rgba
                val argb = IntArray(pic.edge * pic.edge) { i ->
                    val o = i * 4
                    (rgba[o + 3].toInt() and 0xFF shl 24) or (rgba[o].toInt() and 0xFF shl 16) or
                        (rgba[o + 1].toInt() and 0xFF shl 8) or (rgba[o + 2].toInt() and 0xFF)
                }
                pic.edge to argb
            }
            threads.main {
                result.fold(
                    onSuccess = { (edge, argb) ->
                        if (shownPicture != source to size) return@fold
                        val bmp = Bitmap.createBitmap(argb, edge, edge, Bitmap.Config.ARGB_8888)
                        val rects = (0 until size * size).map { cell ->
                            val r = core.tileRect(size, edge, cell)
                            Rect(r[0], r[1], r[0] + r[2], r[1] + r[3])
                        }
                        board.setPicture(bmp, edge, rects)
                        board.render(controller.state, animate = false)
                    },
                    onFailure = { e ->
                        shownPicture = null
                        controller.backToStart()
                        startMessage.text = "This picture cannot be used: ${e.message}"
                    },
                )
            }
        }
    }

    private fun takePhoto() {
        val intent = Intent(MediaStore.ACTION_IMAGE_CAPTURE)
            .putExtra(MediaStore.EXTRA_OUTPUT, PhotoProvider.uri(packageName))
            .addFlags(Intent.FLAG_GRANT_WRITE_URI_PERMISSION or Intent.FLAG_GRANT_READ_URI_PERMISSION)
        try {
            startActivityForResult(intent, REQUEST_CAMERA)
        } catch (e: android.content.ActivityNotFoundException) {
            startMessage.text = "No camera app is available"
        }
    }

    private fun pickPhoto() {
        val picker = if (Build.VERSION.SDK_INT >= 33) {
            Intent(MediaStore.ACTION_PICK_IMAGES).setType("image/*")
        } else {
            Intent(Intent.ACTION_GET_CONTENT).setType("image/*").addCategory(Intent.CATEGORY_OPENABLE)
        }
        try {
            startActivityForResult(picker, REQUEST_PICK)
        } catch (e: android.content.ActivityNotFoundException) {
            startActivityForResult(Intent(Intent.ACTION_GET_CONTENT).setType("image/*"), REQUEST_PICK)
        }
    }

    @Deprecated("Framework-only app: no AndroidX activity-result API")
    override fun onActivityResult(requestCode: Int, resultCode: Int, data: Intent?) {
        super.onActivityResult(requestCode, resultCode, data)
        if (resultCode != RESULT_OK) return
        val bytes = try {
            when (requestCode) {
                REQUEST_CAMERA -> PhotoProvider.file(cacheDir).readBytes()
                REQUEST_PICK -> data?.data?.let { uri -> contentResolver.openInputStream(uri)?.use { it.readBytes() } }
                else -> null
            }
        } catch (e: Exception) {
            startMessage.text = "Cannot read the photo: ${e.message}"
            null
        } ?: return
        usePhoto(bytes)
    }

    /** Keeps a copy of the photo (for restore) and starts a game with it. */
    fun usePhoto(bytes: ByteArray) {
        val file = File(filesDir, "photo.img")
        file.writeBytes(bytes)
        shownPicture = null
        controller.start(PictureSource.Photo(file.path), chosenSize())
    }
}
