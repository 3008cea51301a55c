package dev.slidepuzzle.app

import android.content.Context
import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Color
import android.graphics.Paint
import android.graphics.Rect
import android.graphics.RectF
import android.view.MotionEvent
import android.view.View
import android.view.ViewConfiguration
import android.view.ViewGroup
import kotlin.math.abs

/**
 * The board: one child [TileView] per cell, each drawing its piece of the picture bitmap, so
 * every tile is a real view with a content description for TalkBack. Tiles slide with a short
 * animation; a swipe anywhere on the board moves the tile next to the blank.
 */
class BoardView(context: Context) : ViewGroup(context) {
    var onTapCell: ((Int) -> Unit)? = null
    var onSwipe: ((Dir) -> Unit)? = null

    private var bitmap: Bitmap? = null
    private var pictureEdge = 1
    private var rects: List<Rect> = emptyList()
    private var state: UiState = UiState()
    /** Views by tile label, so a tile keeps its view as it moves. */
    private val tileViews = HashMap<Int, TileView>()
    private var wholePicture: TileView? = null

    /** Whether the picture has arrived (it is decoded off the UI thread). */
    val hasPicture: Boolean get() = bitmap != null

    /** Sets the picture and the tile rectangles for its size. */
    fun setPicture(bitmap: Bitmap?, edge: Int, rects: List<Rect>) {
        this.bitmap = bitmap
        this.pictureEdge = edge
        this.rects = rects
        tileViews.clear()
        removeAllViews()
        wholePicture = null
        render(state, animate = false)
    }

    /** Shows [next]; slides that just happened are animated. */
    fun render(next: UiState, animate: Boolean = true) {
        state = next
        val n = next.size
        if (next.tiles.isEmpty()) {
            // Before the blank is chosen: the whole picture, one tappable cell each.
            tileViews.values.forEach { removeView(it) }
            tileViews.clear()
            if (childCount != n * n || wholePicture == null) {
                removeAllViews()
                for (cell in 0 until n * n) {
                    addView(TileView(context, cell).also { it.setOnClickListener { _ -> onTapCell?.invoke(cell) } })
                }
                wholePicture = getChildAt(0) as TileView
            }
            for (cell in 0 until n * n) {
                val v = getChildAt(cell) as TileView
                v.bind(home = cell, label = 0, blank = false, numbers = false, hint = false)
                v.contentDescription = "Picture piece, row ${cell / n + 1}, column ${cell % n + 1}; " +
                    "tap to make it the empty space"
            }
            requestLayout()
            invalidate()
            return
        }
        if (wholePicture != null) {
            removeAllViews()
            wholePicture = null
        }
        for ((cell, tile) in next.tiles.withIndex()) {
            val view = tileViews.getOrPut(tile) {
                TileView(context, tile).also {
                    addView(it)
                    it.setOnClickListener { v -> onTapCell?.invoke((v as TileView).cell) }
                }
            }
            val blank = tile == 0 && !next.won
            view.bind(
                home = next.homes.getOrElse(tile) { cell }, label = tile, blank = blank,
                numbers = next.showNumbers, hint = next.hintCell == cell,
            )
            val row = cell / n + 1
            val col = cell % n + 1
            view.contentDescription = when {
                tile == 0 && next.won -> "Picture complete, row $row, column $col"
                tile == 0 -> "Empty space, row $row, column $col"
                cell in next.movable && (next.phase == Phase.PLAYING || next.phase == Phase.READY) ->
                    "tile $tile, row $row, column $col; can move"
                else -> "tile $tile, row $row, column $col"
            }
            val moved = view.cell != cell
            view.cell = cell
            if (width > 0) place(view, cell, animate && moved)
        }
        invalidate()
    }

    private fun cellSize() = width / state.size.coerceAtLeast(1)

    private fun place(view: TileView, cell: Int, animate: Boolean) {
        val s = cellSize()
        val x = ((cell % state.size) * s).toFloat()
        val y = ((cell / state.size) * s).toFloat()
        if (animate) {
            view.animate().x(x).y(y).setDuration(120).start()
        } else {
            view.animate().cancel()
            view.x = x
            view.y = y
        }
    }

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val w = MeasureSpec.getSize(widthMeasureSpec)
        val h = MeasureSpec.getSize(heightMeasureSpec)
        val side = if (h > 0) minOf(w, h) else w
        val s = side / state.size.coerceAtLeast(1)
        val spec = MeasureSpec.makeMeasureSpec(s, MeasureSpec.EXACTLY)
        for (i in 0 until childCount) getChildAt(i).measure(spec, spec)
        setMeasuredDimension(s * state.size, s * state.size)
    }

    override fun onLayout(changed: Boolean, l: Int, t: Int, r: Int, b: Int) {
        val s = cellSize()
        for (i in 0 until childCount) {
            val v = getChildAt(i) as TileView
            v.layout(0, 0, s, s)
            val cell = if (state.tiles.isEmpty()) i else v.cell
            v.x = ((cell % state.size) * s).toFloat()
            v.y = ((cell / state.size) * s).toFloat()
        }
    }

    private var downX = 0f
    private var downY = 0f
    private val slop = ViewConfiguration.get(context).scaledTouchSlop * 3

    override fun onInterceptTouchEvent(ev: MotionEvent): Boolean {
        when (ev.actionMasked) {
            MotionEvent.ACTION_DOWN -> {
                downX = ev.x
                downY = ev.y
            }
            MotionEvent.ACTION_MOVE -> return abs(ev.x - downX) > slop || abs(ev.y - downY) > slop
        }
        return false
    }

    override fun onTouchEvent(ev: MotionEvent): Boolean {
        if (ev.actionMasked == MotionEvent.ACTION_UP) {
            val dx = ev.x - downX
            val dy = ev.y - downY
            if (maxOf(abs(dx), abs(dy)) > slop) {
                onSwipe?.invoke(
                    if (abs(dx) > abs(dy)) (if (dx > 0) Dir.RIGHT else Dir.LEFT)
                    else (if (dy > 0) Dir.DOWN else Dir.UP),
                )
            }
        }
        return true
    }

    /** One tile: its picture piece, an optional number, a highlight for the hint. */
    inner class TileView(context: Context, val label: Int) : View(context) {
        var cell: Int = -1
        private var home = 0
        private var blank = false
        private var numbers = false
        private var hint = false
        private val paint = Paint(Paint.FILTER_BITMAP_FLAG)
        private val text = Paint(Paint.ANTI_ALIAS_FLAG).apply {
            color = Color.WHITE
            setShadowLayer(4f, 0f, 0f, Color.BLACK)
        }
        private val frame = Paint().apply {
            style = Paint.Style.STROKE
            color = Color.argb(120, 0, 0, 0)
        }
        private val highlight = Paint().apply {
            style = Paint.Style.STROKE
            color = Color.YELLOW
        }

        init {
            isClickable = true
            isFocusable = true
        }

        fun bind(home: Int, label: Int, blank: Boolean, numbers: Boolean, hint: Boolean) {
            this.home = home
            this.blank = blank
            this.numbers = numbers && label != 0
            this.hint = hint
            invalidate()
        }

        override fun onDraw(canvas: Canvas) {
            val w = width.toFloat()
            if (blank) {
                canvas.drawColor(Color.rgb(24, 24, 28))
                return
            }
            val bmp = bitmap
            val src = rects.getOrNull(home)
            if (bmp != null && src != null) {
                canvas.drawBitmap(bmp, src, RectF(0f, 0f, w, height.toFloat()), paint)
            } else {
                canvas.drawColor(Color.DKGRAY)
            }
            if (!state.won) canvas.drawRect(0f, 0f, w, height.toFloat(), frame.apply { strokeWidth = 1f })
            if (numbers) {
                text.textSize = w / 4
                canvas.drawText(label.toString(), w / 10, w / 10 + text.textSize, text)
            }
            if (hint) canvas.drawRect(2f, 2f, w - 2, height - 2f, highlight.apply { strokeWidth = w / 20 })
        }
    }
}
