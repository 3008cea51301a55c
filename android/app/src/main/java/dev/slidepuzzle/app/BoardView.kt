package dev.slidepuzzle.app

import android.annotation.SuppressLint
import android.content.Context
import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.Rect
import android.graphics.RectF
import android.os.Bundle
import android.view.MotionEvent
import android.view.VelocityTracker
import android.view.View
import android.view.ViewConfiguration
import android.view.ViewGroup
import android.view.accessibility.AccessibilityNodeInfo
import kotlin.math.abs

/**
 * The board: one child view per tile (each with its TalkBack label and actions), drawn from one
 * picture bitmap. A finger that starts on a tile in the empty space's row or column carries
 * that tile and those between it and the empty space; they follow the finger and settle on
 * release by distance or by a flick. A tap slides as before; press and hold peeks at the whole
 * picture. Arrow keys reach [MainActivity], which slides the tile next to the empty space.
 */
@SuppressLint("ViewConstructor")
class BoardView(context: Context, private val controller: GameController, private val words: PlayerText) : ViewGroup(context) {
    private var state = UiState()
    private var bitmap: Bitmap? = null
    private var rects: List<Rect> = emptyList()
    private val gap = context.px(R.dimen.board_gap)
    private val tiles = mutableListOf<TileView>()
    private val peekPaint = Paint(Paint.FILTER_BITMAP_FLAG)
    private val framePaint = Paint().apply { color = context.color(R.color.board_frame) }
    private val reduceMotion = android.provider.Settings.Global.getFloat(
        context.contentResolver, android.provider.Settings.Global.ANIMATOR_DURATION_SCALE, 1f,
    ) == 0f

    init {
        isFocusable = true
        isFocusableInTouchMode = false
        contentDescription = words.string(R.string.board_label)
        clipChildren = true
        setWillNotDraw(false)
    }

    /** The picture's bitmap and where each cell's piece lies in it. */
    fun setPicture(bitmap: Bitmap?, rects: List<Rect>) {
        this.bitmap = bitmap
        this.rects = rects
        tiles.forEach { it.invalidate() }
        invalidate()
    }

    private fun step(): Float = cellSize() + gap.toFloat()

    private fun cellSize(): Float = ((width - gap * (state.size - 1)).coerceAtLeast(0)) / state.size.coerceAtLeast(1).toFloat()

    private fun position(cell: Int): Pair<Float, Float> = (cell % state.size) * step() to (cell / state.size) * step()

    /** Draws [next]: tiles move to their cells, sliding those that just moved. */
    fun render(next: UiState) {
        val previous = state
        state = next
        val count = if (next.tiles.isEmpty()) next.size * next.size else next.tiles.size
        if (tiles.size != count || previous.size != next.size) {
            removeAllViews()
            tiles.clear()
            for (i in 0 until count) {
                val t = TileView(context)
                tiles += t
                addView(t)
            }
            requestLayout()
        }
        val shake = next.shake
        if (shake != null && shake != previous.shake && !reduceMotion) tiles.getOrNull(shake.cell)?.let { shakeTile(it) }
        // Only a new move slides: the same slides published again (a line, a count) stay put.
        val animated = if (next.slideId != previous.slideId) next.lastSlides.associateBy { it.tile } else emptyMap()
        val solvedPicture = next.phase == Phase.WON || next.tiles.isEmpty()
        // Where each cell's view is drawn now (a carried tile is off its cell): a tile that
        // slid starts from where its old cell's view was, so a drag let go flows on.
        val drawnAt = tiles.map { it.x to it.y }
        // Nothing moved (a line, a count, a dialog): tiles in flight or under a finger go on.
        val still = next.slideId == previous.slideId && next.tiles == previous.tiles && next.size == previous.size
        for ((cell, t) in tiles.withIndex()) {
            val label = if (next.tiles.isEmpty()) cell else next.tiles.getOrElse(cell) { 0 }
            val home = if (next.tiles.isEmpty()) cell else next.homes.getOrElse(label) { cell }
            t.bind(cell, label, home, blank = label == 0 && !solvedPicture)
            if (still) continue
            t.animate().cancel()
            t.dragging = false
            if (width == 0) continue
            val (x, y) = position(cell)
            val slide = animated[label]
            val from = slide?.let { drawnAt.getOrNull(it.fromCell) }
            if (from != null && previous.tiles.isNotEmpty() && !reduceMotion) {
                t.x = from.first
                t.y = from.second
                t.animate().x(x).y(y).setDuration(120).start()
            } else {
                t.x = x
                t.y = y
            }
        }
        invalidate()
    }

    /** A tap that moved nothing: the tile shakes once, sideways. */
    private fun shakeTile(t: TileView) {
        val d = context.dpF(6f)
        val x = position(t.cell).first
        t.animate().cancel()
        t.animate().x(x + d).setDuration(50).withEndAction {
            t.animate().x(x - d).setDuration(80).withEndAction { t.animate().x(x).setDuration(50).start() }.start()
        }.start()
    }

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val w = MeasureSpec.getSize(widthMeasureSpec)
        val h = MeasureSpec.getSize(heightMeasureSpec)
        val side = if (MeasureSpec.getMode(heightMeasureSpec) == MeasureSpec.UNSPECIFIED) w else minOf(w, h)
        val cell = ((side - gap * (state.size - 1)).coerceAtLeast(0) / state.size.coerceAtLeast(1))
        val spec = MeasureSpec.makeMeasureSpec(cell, MeasureSpec.EXACTLY)
        for (t in tiles) t.measure(spec, spec)
        setMeasuredDimension(side, side)
    }

    override fun onLayout(changed: Boolean, l: Int, t: Int, r: Int, b: Int) {
        // A drag along the screen's edge moves tiles, not the system's Back (API 29+; the system
        // honours up to 200 dp of each edge).
        if (changed && android.os.Build.VERSION.SDK_INT >= 29) systemGestureExclusionRects = listOf(Rect(0, 0, r - l, b - t))
        val s = cellSize().toInt()
        for ((i, tile) in tiles.withIndex()) {
            // A slide in flight aims at the old size's cell: the new layout places it at once.
            if (changed) tile.animate().cancel()
            tile.layout(0, 0, s, s)
            val (x, y) = position(i)
            tile.x = x
            tile.y = y
        }
    }

    override fun onDraw(canvas: Canvas) {
        canvas.drawRect(0f, 0f, width.toFloat(), height.toFloat(), framePaint)
    }

    override fun dispatchDraw(canvas: Canvas) {
        super.dispatchDraw(canvas)
        val bmp = bitmap
        // A peek, and the win: the picture whole, without the gaps between tiles.
        if ((state.peeking || state.phase == Phase.WON) && bmp != null) {
            canvas.drawBitmap(bmp, null, RectF(0f, 0f, width.toFloat(), height.toFloat()), peekPaint)
        }
    }

    // ---- Touch --------------------------------------------------------------------------------

    private val slop = ViewConfiguration.get(context).scaledTouchSlop
    /** A flick, in pixels a second ([BoardTouch.FLICK_DP_PER_SECOND]). */
    private val flick = context.dpF(BoardTouch.FLICK_DP_PER_SECOND)
    private var downX = 0f
    private var downY = 0f
    private var downCell = -1
    private var drag: BoardTouch? = null
    private var moved = false
    private var peeking = false
    private var velocity: VelocityTracker? = null
    private val peekStart = Runnable {
        // Only where a peek is possible: elsewhere a slow tap stays a tap.
        if (!moved && drag == null && state.phase == Phase.PLAYING && state.art != null) {
            peeking = true
            controller.peek(true)
        }
    }

    private fun cellAt(x: Float, y: Float): Int {
        if (x < 0 || y < 0 || x >= width || y >= height) return -1
        val column = minOf((x / step()).toInt(), state.size - 1)
        val row = minOf((y / step()).toInt(), state.size - 1)
        return row * state.size + column
    }

    override fun onInterceptTouchEvent(ev: MotionEvent): Boolean = true

    @SuppressLint("ClickableViewAccessibility")
    override fun onTouchEvent(ev: MotionEvent): Boolean {
        when (ev.actionMasked) {
            MotionEvent.ACTION_DOWN -> {
                downX = ev.x
                downY = ev.y
                downCell = cellAt(ev.x, ev.y)
                moved = false
                drag = null
                peeking = false
                velocity = VelocityTracker.obtain().also { it.addMovement(ev) }
                postDelayed(peekStart, BoardTouch.PEEK_DELAY_MS)
            }
            MotionEvent.ACTION_MOVE -> {
                velocity?.addMovement(ev)
                val dx = ev.x - downX
                val dy = ev.y - downY
                if (!moved && maxOf(abs(dx), abs(dy)) > slop) {
                    moved = true
                    removeCallbacks(peekStart)
                    if (!peeking) drag = controller.drag(downCell)
                }
                drag?.let { d -> carry(d, dx, dy) }
            }
            MotionEvent.ACTION_UP -> {
                removeCallbacks(peekStart)
                velocity?.addMovement(ev)
                velocity?.computeCurrentVelocity(1000)
                val vx = velocity?.xVelocity ?: 0f
                val vy = velocity?.yVelocity ?: 0f
                release()
                val d = drag
                when {
                    peeking -> controller.peek(false)
                    d != null -> {
                        val commits = d.commits(ev.x - downX, ev.y - downY, step(), vx, vy, flick)
                        if (!commits) settle(d)
                        controller.endDrag(d, commits)
                    }
                    !moved && downCell >= 0 -> controller.tap(downCell)
                }
                drag = null
                peeking = false
            }
            MotionEvent.ACTION_CANCEL -> {
                removeCallbacks(peekStart)
                release()
                drag?.let { settle(it) }
                if (peeking) controller.peek(false)
                drag = null
                peeking = false
            }
        }
        return true
    }

    private fun release() {
        velocity?.recycle()
        velocity = null
    }

    /** The carried tiles follow the finger along their line, at most one step. */
    private fun carry(d: BoardTouch, dx: Float, dy: Float) {
        val (ox, oy) = d.offset(dx, dy, step())
        for (cell in d.cells) {
            val t = tiles.getOrNull(cell) ?: continue
            val (x, y) = position(cell)
            t.animate().cancel()
            t.x = x + ox
            t.y = y + oy
            t.dragging = true
        }
    }

    /** A drag let go short of its commit: its tiles go back. */
    private fun settle(d: BoardTouch) {
        for (cell in d.cells) {
            val t = tiles.getOrNull(cell) ?: continue
            val (x, y) = position(cell)
            t.dragging = false
            t.animate().x(x).y(y).setDuration(if (reduceMotion) 0 else 100).start()
        }
    }

    // ---- A tile -------------------------------------------------------------------------------

    /** One cell's tile: its piece of the picture (or its number), the hint's arrow. */
    inner class TileView(context: Context) : View(context) {
        var cell = 0
        var dragging = false
        private var label = 0
        private var home = 0
        private var blank = false
        private val paint = Paint(Paint.FILTER_BITMAP_FLAG)
        private val numberPaint = Paint(Paint.ANTI_ALIAS_FLAG).apply {
            color = 0xFFFFFFFF.toInt()
            setShadowLayer(4f, 0f, 0f, 0xFF000000.toInt())
            textAlign = Paint.Align.CENTER
        }
        private val plain = Paint().apply { color = context.color(R.color.primary_container) }
        private val plainText = Paint(Paint.ANTI_ALIAS_FLAG).apply {
            color = context.color(R.color.on_primary_container)
            textAlign = Paint.Align.CENTER
        }
        private val blankPaint = Paint().apply { color = context.color(R.color.blank) }
        private val hintStroke = Paint(Paint.ANTI_ALIAS_FLAG).apply {
            style = Paint.Style.STROKE
            color = context.color(R.color.hint)
        }
        private val arrowBack = Paint(Paint.ANTI_ALIAS_FLAG).apply { color = 0xCC000000.toInt() }
        private val arrow = context.resources.getDrawable(R.drawable.ic_arrow_up, context.theme).mutate().apply {
            setTint(context.color(R.color.hint))
        }

        init {
            isClickable = true
            isFocusable = true
            importantForAccessibility = IMPORTANT_FOR_ACCESSIBILITY_YES
            setOnClickListener { controller.tap(cell) }
        }

        fun bind(cell: Int, label: Int, home: Int, blank: Boolean) {
            this.cell = cell
            this.label = label
            this.home = home
            this.blank = blank
            contentDescription = words.cellLabel(state, cell)
            invalidate()
        }

        override fun onInitializeAccessibilityNodeInfo(info: AccessibilityNodeInfo) {
            super.onInitializeAccessibilityNodeInfo(info)
            when {
                state.phase == Phase.CHOOSE_BLANK -> info.addAction(
                    AccessibilityNodeInfo.AccessibilityAction(R.id.action_tile, words.string(R.string.action_choose_blank)),
                )
                state.canPlay && cell in state.movable && label != 0 -> {
                    val d = BoardTouch.start(cell, state.tiles, state.size)?.direction
                    if (d != null) {
                        info.addAction(AccessibilityNodeInfo.AccessibilityAction(R.id.action_tile, words.string(R.string.action_slide_piece, words.direction(d))))
                    }
                }
            }
        }

        override fun performAccessibilityAction(action: Int, arguments: Bundle?): Boolean {
            if (action == R.id.action_tile) {
                controller.tap(cell)
                return true
            }
            return super.performAccessibilityAction(action, arguments)
        }

        override fun onDraw(canvas: Canvas) {
            val w = width.toFloat()
            val h = height.toFloat()
            if (blank) {
                canvas.drawRect(0f, 0f, w, h, blankPaint)
                return
            }
            val bmp = bitmap
            val src = rects.getOrNull(home)
            val numbers = state.settings.showNumbers || bmp == null
            if (bmp != null && src != null) {
                canvas.drawBitmap(bmp, src, RectF(0f, 0f, w, h), paint)
            } else {
                canvas.drawRect(0f, 0f, w, h, plain)
            }
            if (numbers && label != 0 && state.tiles.isNotEmpty()) {
                val p = if (bmp == null) plainText else numberPaint
                p.textSize = w / if (bmp == null) 2.4f else 3.6f
                val y = if (bmp == null) h / 2 - (p.descent() + p.ascent()) / 2 else p.textSize * 1.1f
                canvas.drawText(label.toString(), if (bmp == null) w / 2 else p.textSize * 0.7f, y, p)
            }
            val hint = state.hint
            if (hint != null && hint.cell == cell && state.phase == Phase.PLAYING) {
                hintStroke.strokeWidth = w / 18
                canvas.drawRect(hintStroke.strokeWidth / 2, hintStroke.strokeWidth / 2, w - hintStroke.strokeWidth / 2, h - hintStroke.strokeWidth / 2, hintStroke)
                val r = w / 4
                canvas.drawCircle(w / 2, h / 2, r, arrowBack)
                canvas.save()
                val angle = when (hint.direction) {
                    TileDirection.UP -> 0f
                    TileDirection.RIGHT -> 90f
                    TileDirection.DOWN -> 180f
                    TileDirection.LEFT -> 270f
                }
                canvas.rotate(angle, w / 2, h / 2)
                val a = (r * 1.4f).toInt()
                arrow.setBounds((w / 2 - a / 2).toInt(), (h / 2 - a / 2).toInt(), (w / 2 + a / 2).toInt(), (h / 2 + a / 2).toInt())
                arrow.draw(canvas)
                canvas.restore()
            }
        }
    }
}
