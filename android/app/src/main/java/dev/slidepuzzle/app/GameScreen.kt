package dev.slidepuzzle.app

import android.graphics.Bitmap
import android.graphics.Rect
import android.os.Handler
import android.os.Looper
import android.view.Gravity
import android.view.MotionEvent
import android.view.View
import android.view.ViewGroup
import android.widget.Button
import android.widget.LinearLayout
import android.widget.ProgressBar
import android.widget.ScrollView
import android.widget.TextView

/**
 * The game screen: a bar (back to the pictures, the board's size, settings), moves, time and the
 * fewest possible, the board, and below it (beside it when wide) what happened, the win banner,
 * Auto's line and the controls. The clock's text ticks on its own each second from the state's
 * clock; the state is not published again for it.
 */
class GameScreen(
    private val activity: MainActivity,
    private val controller: GameController,
    private val words: PlayerText,
    private val core: PuzzleCore,
) : ScreenView {
    private val a = activity
    val board = BoardView(a, controller, words).apply { id = R.id.board }
    private val title = a.label(sizeRes = R.dimen.text_title, bold = true).apply {
        gravity = Gravity.CENTER
        accessibilityHeading()
    }
    private val back = a.button(words.string(R.string.back_to_pictures), R.drawable.ic_back, ButtonStyle.TEXT) { controller.requestBackToStart() }
        .apply { id = R.id.back }
    private val settings = a.iconButton(R.drawable.ic_settings, words.string(R.string.settings)) { controller.openSettings() }
        .apply { id = R.id.settings }
    private val moves = stat(R.string.stat_moves)
    private val clock = stat(R.string.stat_time)
    private val fewest = stat(R.string.stat_fewest)
    private val note = a.label(colorRes = R.color.on_background).apply {
        id = R.id.note
        accessibilityLiveRegion = View.ACCESSIBILITY_LIVE_REGION_POLITE
    }
    private val spinner = ProgressBar(a).apply { isIndeterminate = true; id = R.id.spinner }
    private val solveLine = a.label(colorRes = R.color.on_surface_variant).apply { id = R.id.solve_line }
    private val details = a.button(words.string(R.string.details), style = ButtonStyle.TEXT) { controller.openDetails() }.apply { id = R.id.details }
    // The title, then Play again, then the figures: at a large font the figures scroll, the
    // button stays in view.
    private val winTitle = a.label(sizeRes = R.dimen.text_title, colorRes = R.color.on_win_banner, bold = true)
    private val winLines = a.label(colorRes = R.color.on_win_banner)
    private val playAgain = a.button(words.string(R.string.play_again), R.drawable.ic_shuffle, ButtonStyle.FILLED) { controller.playAgain() }
        .apply { id = R.id.play_again }
    private val winBanner = LinearLayout(a).apply {
        id = R.id.win_banner
        orientation = LinearLayout.HORIZONTAL
        background = a.card(R.color.win_banner)
        setPadding(a.dp(12), a.dp(12), a.dp(12), a.dp(12))
        addView(a.column(winTitle, playAgain, winLines, spacing = a.dp(8)), LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 1f))
    }
    private val shuffle = a.button(words.string(R.string.shuffle), R.drawable.ic_shuffle, ButtonStyle.FILLED) { controller.requestShuffle() }
        .apply { id = R.id.shuffle }
    private val auto = a.button(words.string(R.string.auto), R.drawable.ic_auto, ButtonStyle.TONAL) { onAuto() }.apply { id = R.id.auto }
    private val hint = a.button(words.string(R.string.hint), R.drawable.ic_hint, ButtonStyle.TONAL) { controller.hint() }.apply { id = R.id.hint }
    private val undo = a.button(words.string(R.string.undo), R.drawable.ic_undo, ButtonStyle.TONAL) { controller.undo() }.apply { id = R.id.undo }
    private val redo = a.button(words.string(R.string.redo), R.drawable.ic_redo, ButtonStyle.TONAL) { controller.redo() }.apply { id = R.id.redo }
    private val peek = a.button(words.string(R.string.peek), R.drawable.ic_peek, ButtonStyle.TONAL) { }.apply {
        id = R.id.peek
        contentDescription = words.string(R.string.peek_description)
    }
    private val pause = a.button(words.string(R.string.pause), R.drawable.ic_pause, ButtonStyle.TONAL) { controller.togglePlayback() }
        .apply { id = R.id.pause }
    private val controls = FlowLayout(a, a.dp(8)).apply {
        for (b in listOf(shuffle, auto, hint, undo, redo, peek, pause)) addView(b)
    }
    private val header = a.column(
        LinearLayout(a).apply {
            orientation = LinearLayout.HORIZONTAL
            gravity = Gravity.CENTER_VERTICAL
            addView(back, LinearLayout.LayoutParams(ViewGroup.LayoutParams.WRAP_CONTENT, ViewGroup.LayoutParams.WRAP_CONTENT))
            addView(title, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 1f))
            addView(settings, LinearLayout.LayoutParams(ViewGroup.LayoutParams.WRAP_CONTENT, ViewGroup.LayoutParams.WRAP_CONTENT))
        },
        a.row(moves.first, clock.first, fewest.first).apply { id = R.id.stats },
        spacing = a.dp(4),
    )
    private val panel = ScrollView(a).apply {
        addView(a.column(note, winBanner, a.row(solveLine, details).apply { (getChildAt(1).layoutParams as LinearLayout.LayoutParams).weight = 0f; (getChildAt(1).layoutParams as LinearLayout.LayoutParams).width = ViewGroup.LayoutParams.WRAP_CONTENT }, spinner, controls, spacing = a.dp(10)))
    }
    private val frame = BoardAndPanel(a, board, panel, header)
    override val view: View = frame

    private var state = UiState()
    /** The click that follows a finger's press on Peek, which already peeked. */
    private var peekByTouch = false
    private var art: PictureData? = null
    private var bitmap: Bitmap? = null
    private var rectsFor: Pair<Int, Int>? = null
    private var rects: List<Rect> = emptyList()
    private val ticker = Handler(Looper.getMainLooper())
    private val tick = object : Runnable {
        override fun run() {
            showClock()
            if (state.clock.running) ticker.postDelayed(this, 1000 - controller.time.nowMs() % 1000)
        }
    }

    init {
        // Peek: shown while the button is held by a finger.
        peek.setOnTouchListener { v, e ->
            when (e.actionMasked) {
                MotionEvent.ACTION_DOWN -> controller.peek(true)
                MotionEvent.ACTION_UP, MotionEvent.ACTION_CANCEL -> {
                    controller.peek(false)
                    if (e.actionMasked == MotionEvent.ACTION_UP) {
                        peekByTouch = true
                        v.performClick()
                    }
                }
            }
            true
        }
        peek.setOnClickListener {
            // A click without a finger held (TalkBack, switch access, a keyboard): a short peek.
            val touched = peekByTouch
            peekByTouch = false
            if (!touched && !controller.state.peeking) {
                controller.peek(true)
                ticker.postDelayed({ controller.peek(false) }, PEEK_MS)
            }
        }
        board.addOnLayoutChangeListener { _, l, _, r, _, _, _, _, _ -> if (r - l > 0) controller.boardResized(r - l) }
    }

    private fun stat(label: Int): Pair<LinearLayout, TextView> {
        val value = a.label(sizeRes = R.dimen.text_stat, bold = true).apply { gravity = Gravity.CENTER }
        val column = LinearLayout(a).apply {
            orientation = LinearLayout.VERTICAL
            gravity = Gravity.CENTER
            addView(a.label(words.string(label), R.dimen.text_small, R.color.on_surface_variant).apply { gravity = Gravity.CENTER })
            addView(value)
        }
        return column to value
    }

    private fun onAuto() {
        when {
            state.autoRunning -> controller.cancelAuto()
            state.phase == Phase.SHUFFLING -> controller.cancelShuffle()
            else -> controller.auto()
        }
    }

    override fun render(s: UiState) {
        val previous = state
        state = s
        if (s.art !== art || rectsFor != s.size to (s.art?.edge ?: 0)) {
            if (s.art !== art) {
                art = s.art
                bitmap = s.art?.let { activity.bitmapOf(it) }
            }
            val edge = s.art?.edge ?: 0
            if (rectsFor != s.size to edge) {
                rectsFor = s.size to edge
                rects = if (edge > 0) (0 until s.size * s.size).map { cell ->
                    val r = core.tileRect(s.size, edge, cell)
                    Rect(r[0], r[1], r[0] + r[2], r[1] + r[3])
                } else emptyList()
            }
            board.setPicture(bitmap, rects)
        }
        board.render(s)
        title.text = words.boardName(s.size)
        moves.second.text = words.number(s.moves.toLong())
        fewest.second.text = s.fewest?.let { words.number(it.moves.toLong()) }
            ?: words.string(if (s.findingFewest) R.string.stat_searching else R.string.stat_unknown)
        showClock()
        ticker.removeCallbacks(tick)
        if (s.clock.running) ticker.postDelayed(tick, 1000 - controller.time.nowMs() % 1000)

        val playback = s.playback?.takeIf { s.phase == Phase.ANIMATING }
        note.text = s.note?.let { words.note(it) }
            ?: playback?.let { words.string(R.string.playback, words.number(it.played.toLong()), words.number(it.total.toLong())) }
            ?: ""
        note.visibility = if (note.text.isEmpty()) View.GONE else View.VISIBLE
        val won = s.phase == Phase.WON && s.win != null
        winBanner.visibility = if (won) View.VISIBLE else View.GONE
        if (won) {
            val w = s.win!!
            winTitle.text = words.string(if (w.byAuto) R.string.win_auto_title else R.string.win_title)
            winLines.text = words.winLines(w, s.size).joinToString("\n")
        }
        val report = s.solve
        solveLine.text = report?.let { words.solveLine(it) } ?: ""
        (solveLine.parent as View).visibility = if (report == null || s.phase == Phase.SHUFFLING) View.GONE else View.VISIBLE
        spinner.visibility = if (s.phase == Phase.SOLVING || s.phase == Phase.SHUFFLING) View.VISIBLE else View.GONE

        val playing = s.phase == Phase.PLAYING
        shuffle.visibility = if (s.phase == Phase.CHOOSE_BLANK || s.phase == Phase.SHUFFLING || won) View.GONE else View.VISIBLE
        auto.text = words.string(
            when {
                s.phase == Phase.SOLVING || s.phase == Phase.SHUFFLING -> R.string.cancel
                s.phase == Phase.ANIMATING -> R.string.stop
                else -> R.string.auto
            },
        )
        auto.setCompoundDrawablesRelative(icon(if (s.autoRunning || s.phase == Phase.SHUFFLING) R.drawable.ic_stop else R.drawable.ic_auto, auto), null, null, null)
        auto.visibility = if (s.canAuto || s.autoRunning || s.phase == Phase.SHUFFLING) View.VISIBLE else View.GONE
        hint.visibility = if (playing) View.VISIBLE else View.GONE
        undo.visibility = hint.visibility
        redo.visibility = hint.visibility
        undo.enable(s.canUndo)
        redo.enable(s.canRedo)
        peek.visibility = if (playing && s.art != null) View.VISIBLE else View.GONE
        pause.visibility = if (s.phase == Phase.ANIMATING) View.VISIBLE else View.GONE
        val paused = s.playback?.paused == true
        pause.text = words.string(if (paused) R.string.resume else R.string.pause)
        pause.setCompoundDrawablesRelative(icon(if (paused) R.drawable.ic_auto else R.drawable.ic_pause, pause), null, null, null)
        if (previous.phase != s.phase && s.phase == Phase.WON) panel.post { panel.smoothScrollTo(0, 0) }
    }

    private fun icon(id: Int, on: Button) = a.resources.getDrawable(id, a.theme).mutate().apply {
        setTint(on.currentTextColor)
        setBounds(0, 0, a.dp(18), a.dp(18))
    }

    private fun showClock() {
        clock.second.text = words.clock(state.clock.elapsedMs(controller.time.nowMs()))
        (moves.first.parent as View).contentDescription = null
    }

    override fun applyInsets(insets: Insets4) = frame.applyInsets(insets)

    companion object {
        /** A peek by a click (no finger held): how long the whole picture shows. */
        const val PEEK_MS = 1500L
    }
}
