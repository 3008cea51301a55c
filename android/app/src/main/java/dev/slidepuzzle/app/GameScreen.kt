package dev.slidepuzzle.app

import android.graphics.Bitmap
import android.graphics.Rect
import android.os.Handler
import android.os.Looper
import android.text.TextUtils
import android.view.Gravity
import android.view.MotionEvent
import android.view.View
import android.view.ViewGroup
import android.widget.Button
import android.widget.LinearLayout
import android.widget.ProgressBar
import android.widget.TextView

/**
 * The game screen, which holds still: a bar (back to the pictures, the board's size, settings),
 * moves, time and the fewest possible, the board, a status slot of two lines (more where the
 * configuration has room to spare), and one fixed row of controls at the bottom (beside the board
 * when wide). Every part has the same size in every phase, so the board never moves; the controls
 * are [UiState.controls], drawn as they come. The status opens in full on a tap (a chevron says so). The clock's text ticks on its own
 * each second from the state's clock; the state is not published again for it.
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
    private val back = a.button(words.string(R.string.game_pictures), R.drawable.ic_back, ButtonStyle.TEXT) { controller.requestBackToStart() }
        .apply { id = R.id.back }
    private val settings = a.iconButton(R.drawable.ic_settings, words.string(R.string.game_settings)) { controller.openSettings() }
        .apply { id = R.id.settings }
    private val moves = stat(R.string.stats_moves)
    private val clock = stat(R.string.stats_time)
    private val fewest = stat(R.string.stats_fewest)
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
    /** Two lines, always reserved; a longer status ends in "…" and opens whole on a tap. */
    private val status = a.label(colorRes = R.color.on_background).apply {
        id = R.id.note
        setPadding(0, a.dp(6), 0, a.dp(6))
        maxLines = STATUS_LINES
        ellipsize = TextUtils.TruncateAt.END
        gravity = Gravity.CENTER_VERTICAL or Gravity.START
        setOnClickListener { controller.openStatus() }
    }
    private val spinner = ProgressBar(a).apply { isIndeterminate = true; id = R.id.spinner }
    private val statusRow = LinearLayout(a).apply {
        orientation = LinearLayout.HORIZONTAL
        gravity = Gravity.CENTER_VERTICAL
        val s = a.dp(24)
        addView(spinner, LinearLayout.LayoutParams(s, s).apply { marginEnd = a.dp(8) })
        // Two lines and room to spare, whatever they hold (a bold line, a glyph from a fallback
        // font with taller lines): one fixed height in every phase, so nothing below the board
        // can move it, and a 48 dp target for the tap that opens the status whole.
        // Where the configuration has room to spare, the layout makes it taller (see [GameLayout]).
        minimumHeight = maxOf(a.px(R.dimen.touch_target), status.lineHeight * STATUS_LINES + a.dp(6 + 6 + 16))
        addView(status, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.MATCH_PARENT, 1f))
    }
    /** The status slot's lines for a height the layout gives it: two at least, more where the
     *  configuration has room (the same in every phase, so the board never moves). */
    private fun statusFits(height: Int) {
        val lines = maxOf(STATUS_LINES, (height - a.dp(6 + 6 + 16)) / status.lineHeight).coerceAtMost(STATUS_LINES_MOST)
        if (status.maxLines != lines) status.maxLines = lines
    }
    private val controls = ControlRow(a).apply { id = R.id.controls }
    private val buttons = HashMap<Control, Button>()
    private val frame = GameLayout(a, header, board, statusRow, controls, ::statusFits)
    override val view: View = frame

    private var state = UiState()
    private val opens = a.resources.getDrawable(R.drawable.ic_expand, a.theme).mutate().apply {
        setTint(status.currentTextColor)
        setBounds(0, 0, a.dp(20), a.dp(20))
    }
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
        board.addOnLayoutChangeListener { _, l, _, r, _, _, _, _, _ -> if (r - l > 0) controller.boardResized(r - l) }
    }

    private fun stat(label: Int): Pair<LinearLayout, TextView> {
        val value = a.label(sizeRes = R.dimen.text_stat, bold = true).apply {
            gravity = Gravity.CENTER
            setSingleLine(true)
        }
        val column = LinearLayout(a).apply {
            orientation = LinearLayout.VERTICAL
            gravity = Gravity.CENTER
            addView(a.label(words.string(label), R.dimen.text_small, R.color.on_surface_variant).apply { gravity = Gravity.CENTER })
            addView(value)
        }
        return column to value
    }

    /** The button of [control], made once and kept (TalkBack's focus stays on it). */
    private fun button(control: Control): Button = buttons.getOrPut(control) {
        val (caption, icon, id) = when (control) {
            Control.SHUFFLE -> Triple(R.string.control_shuffle, R.drawable.ic_shuffle, R.id.shuffle)
            Control.HINT -> Triple(R.string.control_hint, R.drawable.ic_hint, R.id.hint)
            Control.UNDO -> Triple(R.string.control_undo, R.drawable.ic_undo, R.id.undo)
            Control.REDO -> Triple(R.string.control_redo, R.drawable.ic_redo, R.id.redo)
            Control.AUTO -> Triple(R.string.control_auto, R.drawable.ic_auto, R.id.auto)
            Control.PEEK -> Triple(R.string.control_peek, R.drawable.ic_peek, R.id.peek)
            Control.CANCEL -> Triple(R.string.control_cancel, R.drawable.ic_close, R.id.cancel)
            Control.PAUSE -> Triple(R.string.control_pause, R.drawable.ic_pause, R.id.pause)
            Control.RESUME -> Triple(R.string.control_resume, R.drawable.ic_play, R.id.resume)
            Control.STOP -> Triple(R.string.control_stop, R.drawable.ic_stop, R.id.stop)
            Control.PLAY_AGAIN -> Triple(R.string.control_play_again, R.drawable.ic_replay, R.id.play_again)
        }
        val style = if (control.isPrimary) ButtonStyle.FILLED else ButtonStyle.TONAL
        a.button(words.string(caption), style = style) { controller.perform(control) }.apply {
            this.id = id
            val d = a.resources.getDrawable(icon, a.theme).mutate()
            d.setTint(currentTextColor)
            d.setBounds(0, 0, a.dp(24), a.dp(24))
            setCompoundDrawablesRelative(null, d, null, null)
            compoundDrawablePadding = a.dp(2)
            setPadding(a.dp(2), a.dp(6), a.dp(2), a.dp(6))
            setSingleLine(true)
            ellipsize = null
            contentDescription = words.string(caption)
            if (control == Control.PEEK) holdToPeek(this)
        }
    }

    /** Peek shows the whole picture while a finger holds it; a click without a finger (TalkBack,
     *  switch access, a keyboard) shows it for a moment. */
    private fun holdToPeek(peek: Button) {
        peek.contentDescription = words.string(R.string.control_peek_hint)
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
            val touched = peekByTouch
            peekByTouch = false
            if (!touched && !controller.state.peeking) {
                controller.peek(true)
                ticker.postDelayed({ controller.peek(false) }, PEEK_MS)
            }
        }
    }

    override fun render(s: UiState) {
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
            ?: words.string(if (s.findingFewest) R.string.stats_searching else R.string.stats_unknown)
        showClock()
        ticker.removeCallbacks(tick)
        if (s.clock.running) ticker.postDelayed(tick, 1000 - controller.time.nowMs() % 1000)

        val lines = words.statusLines(s)
        // The win's first line stands out: what the game took.
        status.text = if (s.phase == Phase.WON && lines.isNotEmpty()) {
            android.text.SpannableString(lines.joinToString("\n")).apply {
                setSpan(android.text.style.StyleSpan(android.graphics.Typeface.BOLD), 0, lines[0].length, 0)
            }
        } else {
            lines.joinToString("\n")
        }
        status.isClickable = lines.isNotEmpty()
        // What shows it opens: a chevron at the line's end.
        status.setCompoundDrawablesRelative(null, null, if (lines.isNotEmpty()) opens else null, null)
        status.visibility = if (lines.isEmpty()) View.INVISIBLE else View.VISIBLE
        // The spinner takes room only while it turns: otherwise the status lines up with the board.
        spinner.visibility = if (s.phase == Phase.SOLVING || s.phase == Phase.SHUFFLING) View.VISIBLE else View.GONE

        val items = s.controls
        controls.show(items.map { item -> button(item.control).also { it.enable(item.enabled) } })
    }

    private fun showClock() {
        clock.second.text = words.clock(state.clock.elapsedMs(controller.time.nowMs()))
    }

    override fun applyInsets(insets: Insets4) = frame.applyInsets(insets)

    companion object {
        /** A peek by a click (no finger held): how long the whole picture shows. */
        const val PEEK_MS = 1500L
        /** The status slot's lines, reserved in every phase. */
        const val STATUS_LINES = 2
        /** The most lines the slot takes where a configuration has room (a win has six). */
        const val STATUS_LINES_MOST = 7
    }
}

/**
 * One row of controls, icon over caption, each the same width (at most [maxCell]), centred. The
 * row's height is the same whatever it holds. Captions take the largest size from 14 sp down to
 * 10 sp at which every caption of the row fits its cell on one line; when none does, or
 * [captions] is off, the captions give way and the icons stay (each keeps its description).
 */
class ControlRow(context: android.content.Context) : ViewGroup(context) {
    private val gap = context.dp(4)
    private val maxCell = context.dp(112)
    private val minCell = context.px(R.dimen.touch_target)
    private val largest = context.resources.getDimension(R.dimen.text_small)
    private val smallest = largest * 10f / 14f
    /** The air a caption keeps on each side, inside its pill. */
    private val air = context.dp(3) * 2
    private var shown: List<Button> = emptyList()
    /** Set by the screen's layout: false when captions would cost the board its size. */
    var captions = true

    /** Shows [items] in this order; views no longer shown leave the row. */
    fun show(items: List<Button>) {
        if (items == shown) return
        removeAllViews()
        for (b in items) {
            (b.parent as? ViewGroup)?.removeView(b)
            addView(b)
        }
        shown = items
        requestLayout()
    }

    /** The row's height with or without captions, whatever it holds. */
    fun rowHeight(withCaptions: Boolean): Int {
        // As a button lays itself out: padding, the icon, its gap, one line with the font's padding.
        val paint = android.text.TextPaint().apply { textSize = largest }
        val line = paint.fontMetricsInt.let { it.bottom - it.top }
        val icon = context.dp(6 + 24 + 6)
        return maxOf(context.px(R.dimen.touch_target), icon + if (withCaptions) line + context.dp(2 + 2) else 0)
    }

    /** The gap between cells: 4 dp, less where six 48 dp targets need the room (320 dp). */
    private fun spacing(width: Int, n: Int) = if (n < 2) 0 else ((width - n * minCell) / (n - 1)).coerceIn(0, gap)

    private fun cell(width: Int, n: Int) = if (n == 0) 0 else minOf(maxCell, (width - spacing(width, n) * (n - 1)) / n)

    /** The largest caption size at which every caption fits [cell] with a little air on each
     *  side, measured in the buttons' own typeface; null when none does. */
    private fun captionSize(cell: Int): Float? {
        if (childCount == 0) return null
        val paint = android.text.TextPaint((getChildAt(0) as Button).paint)
        var size = largest
        while (size >= smallest) {
            paint.textSize = size
            if ((0 until childCount).all { i ->
                    val b = getChildAt(i) as Button
                    paint.measureText(words(b)) + b.paddingLeft + b.paddingRight + air <= cell
                }
            ) return size
            size -= largest / 28f // half a scaled point
        }
        return null
    }

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val width = MeasureSpec.getSize(widthMeasureSpec)
        val n = childCount
        val cell = cell(width, n)
        val size = if (captions) captionSize(cell) else null
        val height = rowHeight(captions)
        for (i in 0 until n) {
            val b = getChildAt(i) as Button
            val caption = words(b)
            b.text = if (size != null) caption else ""
            if (size != null) b.setTextSize(android.util.TypedValue.COMPLEX_UNIT_PX, size)
            b.measure(MeasureSpec.makeMeasureSpec(cell, MeasureSpec.EXACTLY), MeasureSpec.makeMeasureSpec(height, MeasureSpec.EXACTLY))
        }
        setMeasuredDimension(width, height)
    }

    /** A button's caption (kept in its tag once the text is cleared). */
    private fun words(b: Button): String {
        if (b.tag == null) b.tag = b.text.toString()
        return b.tag as String
    }

    override fun onLayout(changed: Boolean, l: Int, t: Int, r: Int, b: Int) {
        val n = childCount
        if (n == 0) return
        val cell = cell(r - l, n)
        val spacing = spacing(r - l, n)
        val total = cell * n + spacing * (n - 1)
        var x = (r - l - total) / 2
        val rtl = layoutDirection == LAYOUT_DIRECTION_RTL
        for (i in 0 until n) {
            val c = getChildAt(if (rtl) n - 1 - i else i)
            val top = (b - t - c.measuredHeight) / 2
            c.layout(x, top, x + cell, top + c.measuredHeight)
            x += cell + spacing
        }
    }
}

/**
 * Where the game screen's parts go. Narrow: the header on top, the controls at the bottom, the
 * status above them, and the board, as large as fits, between. Wide: the board at full height
 * on the left; the header, the status and the controls beside it. The header, status and
 * controls keep one height in every phase, so the board keeps its side. The board is at most
 * [R.dimen.board_max] (a tablet's board needs no more, and its controls keep their captions);
 * the captions give way only where keeping them would leave a board under
 * [R.dimen.board_min_with_captions].
 */
class GameLayout(
    context: android.content.Context,
    private val header: View,
    private val board: View,
    private val status: View,
    private val controls: ControlRow,
    /** Told the status's height before it is measured at it (it sets its lines). */
    private val statusFits: (Int) -> Unit,
) : ViewGroup(context) {
    private var insets = Insets4(0, 0, 0, 0)
    private val margin = context.px(R.dimen.margin)
    private val minPanel = context.px(R.dimen.controls_min_width)
    private val maxBoard = context.px(R.dimen.board_max)
    private val minBoardWithCaptions = context.px(R.dimen.board_min_with_captions)

    init {
        addView(header)
        addView(board)
        addView(status)
        addView(controls)
    }

    fun applyInsets(i: Insets4) {
        insets = i
        requestLayout()
    }

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val w = MeasureSpec.getSize(widthMeasureSpec)
        val h = MeasureSpec.getSize(heightMeasureSpec)
        val innerW = w - insets.left - insets.right - 2 * margin
        val innerH = h - insets.top - insets.bottom - 2 * margin
        val unspecified = MeasureSpec.makeMeasureSpec(0, MeasureSpec.UNSPECIFIED)
        val panelW = if (panelBeside(w, h)) panelWidth(innerW, innerH, minPanel, margin) else innerW
        header.measure(MeasureSpec.makeMeasureSpec(panelW, MeasureSpec.EXACTLY), unspecified)
        // Two lines whatever it holds, so no text can move the board.
        status.measure(MeasureSpec.makeMeasureSpec(panelW, MeasureSpec.EXACTLY), MeasureSpec.makeMeasureSpec(status.minimumHeight, MeasureSpec.EXACTLY))
        val fixed = header.measuredHeight + status.measuredHeight + 3 * margin
        val side: Int
        if (panelBeside(w, h)) {
            controls.captions = innerH - fixed >= controls.rowHeight(true)
            side = maxOf(0, minOf(innerH, innerW - panelW - margin, maxBoard))
        } else {
            // Captions stay unless the board would be smaller than a playable board with them.
            val room = innerH - fixed
            controls.captions = minOf(innerW, room - controls.rowHeight(true)) >= minOf(innerW, minBoardWithCaptions)
            side = maxOf(0, minOf(innerW, room - controls.rowHeight(controls.captions), maxBoard))
        }
        // The controls take half of each side margin as well: six 48 dp targets fit 320 dp.
        controls.measure(MeasureSpec.makeMeasureSpec(panelW + margin, MeasureSpec.EXACTLY), unspecified)
        // The room the board leaves goes to the status: the win's lines in full where they fit.
        val statusH = if (panelBeside(w, h)) innerH - header.measuredHeight - controls.measuredHeight - 2 * margin
        else innerH - fixed + status.measuredHeight - controls.measuredHeight - side
        if (statusH > status.measuredHeight) {
            statusFits(statusH)
            status.measure(MeasureSpec.makeMeasureSpec(panelW, MeasureSpec.EXACTLY), MeasureSpec.makeMeasureSpec(statusH, MeasureSpec.EXACTLY))
        } else {
            statusFits(status.measuredHeight)
        }
        board.measure(MeasureSpec.makeMeasureSpec(side, MeasureSpec.EXACTLY), MeasureSpec.makeMeasureSpec(side, MeasureSpec.EXACTLY))
        setMeasuredDimension(w, h)
    }

    override fun onLayout(changed: Boolean, l: Int, t: Int, r: Int, b: Int) {
        val w = r - l
        val h = b - t
        val left = insets.left + margin
        val top = insets.top + margin
        val bottom = h - insets.bottom - margin
        val innerW = w - insets.left - insets.right - 2 * margin
        val side = board.measuredWidth
        fun place(v: View, x: Int, y: Int) = v.layout(x, y, x + v.measuredWidth, y + v.measuredHeight)
        if (panelBeside(w, h)) {
            val innerH = bottom - top
            val panelLeft = left + innerW - header.measuredWidth
            place(board, left + maxOf(0, (panelLeft - margin - left - side) / 2), top + (innerH - side) / 2)
            place(header, panelLeft, top)
            place(controls, panelLeft - margin / 2, bottom - controls.measuredHeight)
            place(status, panelLeft, bottom - controls.measuredHeight - margin - status.measuredHeight)
        } else {
            place(header, left, top)
            place(controls, left - margin / 2, bottom - controls.measuredHeight)
            val statusTop = bottom - controls.measuredHeight - margin - status.measuredHeight
            place(status, left, statusTop)
            // The board centred in the room between the header and the status.
            val roomTop = top + header.measuredHeight + margin
            val roomBottom = statusTop - margin
            place(board, left + (innerW - side) / 2, roomTop + maxOf(0, (roomBottom - roomTop - side) / 2))
        }
    }
}
