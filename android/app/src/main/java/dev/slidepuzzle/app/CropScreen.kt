package dev.slidepuzzle.app

import android.annotation.SuppressLint
import android.content.Context
import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.RectF
import android.os.Bundle
import android.view.GestureDetector
import android.view.MotionEvent
import android.view.ScaleGestureDetector
import android.view.View
import android.view.ViewGroup
import android.view.accessibility.AccessibilityNodeInfo
import android.widget.LinearLayout
import android.widget.ProgressBar

/**
 * The crop screen: its title above the whole photo, the chosen square bright and what it cuts
 * away dimmed around it; pinch zooms around the fingers, a drag pans, double-tap goes back to
 * the centre square; the square never leaves the photo and zooms no closer than the board's
 * pixels. TalkBack nudges and zooms it with actions. Use / Cancel.
 */
class CropScreen(private val activity: MainActivity, private val controller: GameController, private val words: PlayerText) : ScreenView {
    private val cropView = CropView(activity, controller, words).apply { id = R.id.crop_view }
    private val spinner = ProgressBar(activity).apply { isIndeterminate = true; id = R.id.spinner }
    private val status = activity.label(colorRes = R.color.on_surface_variant)
    private val use = activity.button(words.string(R.string.crop_use), style = ButtonStyle.FILLED) { controller.cropUse() }.apply { id = R.id.crop_use }
    private val cancel = activity.button(words.string(R.string.common_cancel), style = ButtonStyle.TONAL) { controller.cropCancel() }.apply { id = R.id.crop_cancel }
    private val title = activity.label(words.string(R.string.crop_title), R.dimen.text_title, bold = true).apply { accessibilityHeading() }
    private val panel = activity.column(
        activity.label(words.string(R.string.crop_help), colorRes = R.color.on_surface_variant),
        status,
        spinner,
        activity.row(cancel, use),
        spacing = activity.dp(12),
    )
    private val frame = BoardAndPanel(activity, cropView, panel, title)
    override val view: View = frame

    override fun render(s: UiState) {
        val crop = s.cropState
        cropView.render(crop)
        val busy = crop == null || crop.preview == null || crop.preparing
        spinner.visibility = if (busy) View.VISIBLE else View.GONE
        status.text = when {
            crop == null || crop.preview == null -> words.string(R.string.start_getting_photo)
            crop.preparing -> words.string(R.string.crop_preparing)
            else -> ""
        }
        status.visibility = if (status.text.isEmpty()) View.GONE else View.VISIBLE
        use.enable(!busy)
    }

    override fun applyInsets(insets: Insets4) = frame.applyInsets(insets)
}

/** The photo under the square frame, and the gestures that move it. */
@SuppressLint("ViewConstructor")
class CropView(context: Context, private val controller: GameController, private val words: PlayerText) : View(context) {
    private var crop: CropState? = null
    private var bitmap: Bitmap? = null
    private var preview: Preview? = null
    private val paint = Paint(Paint.FILTER_BITMAP_FLAG)
    private val grid = Paint(Paint.ANTI_ALIAS_FLAG).apply {
        color = 0x99FFFFFF.toInt()
        strokeWidth = context.dpF(1f)
    }
    private val border = Paint(Paint.ANTI_ALIAS_FLAG).apply {
        style = Paint.Style.STROKE
        color = 0xFFFFFFFF.toInt()
        strokeWidth = context.dpF(2f)
    }
    /** Over what the square cuts away: still seen, clearly not the puzzle. */
    private val dim = Paint().apply { color = 0xA6000000.toInt() }

    /** The square's side in the view: the whole photo fits the view at zoom 1 (a photo wider
     *  than 2:1 is cut at its ends, so the square stays at least half the view). */
    fun frameSide(): Double {
        val c = crop ?: return width.toDouble()
        val ratio = minOf(c.width, c.height).toDouble() / maxOf(c.width, c.height).coerceAtLeast(1)
        return width * ratio.coerceIn(0.5, 1.0)
    }

    /** The square's top-left corner in the view (it is centred). */
    fun frameOrigin(): Double = (width - frameSide()) / 2

    init {
        contentDescription = words.string(R.string.crop_square)
        isFocusable = true
        setBackgroundColor(context.color(R.color.board_frame))
    }

    fun render(next: CropState?) {
        crop = next
        if (next?.preview !== preview) {
            preview = next?.preview
            bitmap = preview?.let { Bitmap.createBitmap(it.argb, it.width, it.height, Bitmap.Config.ARGB_8888) }
        }
        invalidate()
    }

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val w = MeasureSpec.getSize(widthMeasureSpec)
        val h = MeasureSpec.getSize(heightMeasureSpec)
        val side = if (MeasureSpec.getMode(heightMeasureSpec) == MeasureSpec.UNSPECIFIED) w else minOf(w, h)
        setMeasuredDimension(side, side)
    }

    override fun onDraw(canvas: Canvas) {
        val c = crop ?: return
        val bmp = bitmap ?: return
        val side = frameSide()
        val o = frameOrigin().toFloat()
        val f = side.toFloat()
        val r = c.frame.photoRect(side)
        canvas.drawBitmap(bmp, null, RectF(o + r[0].toFloat(), o + r[1].toFloat(), o + (r[0] + r[2]).toFloat(), o + (r[1] + r[3]).toFloat()), paint)
        val w = width.toFloat()
        val h = height.toFloat()
        canvas.drawRect(0f, 0f, w, o, dim)
        canvas.drawRect(0f, o + f, w, h, dim)
        canvas.drawRect(0f, o, o, o + f, dim)
        canvas.drawRect(o + f, o, w, o + f, dim)
        val n = controller.state.size
        for (i in 1 until n) {
            val at = o + (side * i / n).toFloat()
            canvas.drawLine(at, o, at, o + f, grid)
            canvas.drawLine(o, at, o + f, at, grid)
        }
        val b = border.strokeWidth / 2
        canvas.drawRect(o + b, o + b, o + f - b, o + f - b, border)
    }

    private val scale = ScaleGestureDetector(context, object : ScaleGestureDetector.SimpleOnScaleGestureListener() {
        override fun onScale(d: ScaleGestureDetector): Boolean {
            val o = frameOrigin()
            controller.cropZoom(d.scaleFactor.toDouble(), d.focusX - o, d.focusY - o, frameSide())
            return true
        }
    })

    private val gestures = GestureDetector(context, object : GestureDetector.SimpleOnGestureListener() {
        override fun onDown(e: MotionEvent) = true

        override fun onScroll(e1: MotionEvent?, e2: MotionEvent, dx: Float, dy: Float): Boolean {
            if (scale.isInProgress) return false
            // dx, dy are how far the content should scroll: the finger moved the other way.
            controller.cropPan(-dx.toDouble(), -dy.toDouble(), frameSide())
            return true
        }

        override fun onDoubleTap(e: MotionEvent): Boolean {
            controller.cropReset()
            return true
        }
    })

    @SuppressLint("ClickableViewAccessibility")
    override fun onTouchEvent(event: MotionEvent): Boolean {
        parent?.requestDisallowInterceptTouchEvent(true)
        scale.onTouchEvent(event)
        gestures.onTouchEvent(event)
        return true
    }

    private val actions = listOf(
        R.string.crop_zoom_in to { controller.cropZoom(1.25, frameSide() / 2, frameSide() / 2, frameSide()) },
        R.string.crop_zoom_out to { controller.cropZoom(0.8, frameSide() / 2, frameSide() / 2, frameSide()) },
        R.string.crop_move_up to { controller.cropNudge(TileDirection.UP) },
        R.string.crop_move_down to { controller.cropNudge(TileDirection.DOWN) },
        R.string.crop_move_left to { controller.cropNudge(TileDirection.LEFT) },
        R.string.crop_move_right to { controller.cropNudge(TileDirection.RIGHT) },
        R.string.crop_reset to { controller.cropReset() },
    )

    override fun onInitializeAccessibilityNodeInfo(info: AccessibilityNodeInfo) {
        super.onInitializeAccessibilityNodeInfo(info)
        for ((label, _) in actions) info.addAction(AccessibilityNodeInfo.AccessibilityAction(label, words.string(label)))
    }

    override fun performAccessibilityAction(action: Int, arguments: Bundle?): Boolean {
        val act = actions.firstOrNull { it.first == action } ?: return super.performAccessibilityAction(action, arguments)
        act.second()
        return true
    }
}

/** Whether a window [w]×[h] puts the square and its panel side by side: wider than tall by a
 *  tenth (the game screen and the crop screen alike). */
internal fun panelBeside(w: Int, h: Int) = w > h * 1.1

/** The panel's width beside a square as tall as the room: what the square leaves, at least
 *  [minPanel] and at most half the width and four margins (both screens). */
internal fun panelWidth(innerW: Int, innerH: Int, minPanel: Int, margin: Int) =
    maxOf(minPanel, innerW - innerH - margin).coerceAtMost(innerW / 2 + margin * 4)

/**
 * A square view (the board, the crop frame) and a panel of controls: stacked in a tall window,
 * side by side in a wide one. The square takes what the panel leaves, so it is never scrolled
 * and the controls always fit (at a large font the square shrinks). [header] sits above both
 * in a tall window and above the panel in a wide one.
 */
class BoardAndPanel(context: Context, val square: View, private val panel: View, private val header: View?) : ViewGroup(context) {
    private var insets = Insets4(0, 0, 0, 0)
    private val margin = context.px(R.dimen.margin)
    private val minPanel = context.px(R.dimen.controls_min_width)

    init {
        header?.let { addView(it) }
        addView(square)
        addView(panel)
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
        if (panelBeside(w, h)) {
            val panelW = panelWidth(innerW, innerH, minPanel, margin)
            val sideMax = innerW - panelW - margin
            header?.measure(MeasureSpec.makeMeasureSpec(panelW, MeasureSpec.EXACTLY), unspecified)
            val headerH = header?.measuredHeight ?: 0
            panel.measure(MeasureSpec.makeMeasureSpec(panelW, MeasureSpec.EXACTLY), MeasureSpec.makeMeasureSpec(maxOf(0, innerH - headerH), MeasureSpec.AT_MOST))
            val side = maxOf(0, minOf(innerH, sideMax))
            square.measure(MeasureSpec.makeMeasureSpec(side, MeasureSpec.EXACTLY), MeasureSpec.makeMeasureSpec(side, MeasureSpec.EXACTLY))
        } else {
            header?.measure(MeasureSpec.makeMeasureSpec(innerW, MeasureSpec.EXACTLY), unspecified)
            val headerH = header?.measuredHeight ?: 0
            panel.measure(MeasureSpec.makeMeasureSpec(innerW, MeasureSpec.EXACTLY), unspecified)
            val gaps = if (header != null) 2 * margin else margin
            // The square keeps at least half the height; past that the panel scrolls.
            val floor = minOf(innerW, (innerH - headerH - gaps) / 2)
            val side = maxOf(0, floor, minOf(innerW, innerH - headerH - panel.measuredHeight - gaps))
            square.measure(MeasureSpec.makeMeasureSpec(side, MeasureSpec.EXACTLY), MeasureSpec.makeMeasureSpec(side, MeasureSpec.EXACTLY))
            val rest = innerH - headerH - side - gaps
            panel.measure(MeasureSpec.makeMeasureSpec(innerW, MeasureSpec.EXACTLY), MeasureSpec.makeMeasureSpec(maxOf(rest, 0), MeasureSpec.AT_MOST))
        }
        setMeasuredDimension(w, h)
    }

    override fun onLayout(changed: Boolean, l: Int, t: Int, r: Int, b: Int) {
        val w = r - l
        val h = b - t
        val left = insets.left + margin
        val top = insets.top + margin
        val innerW = w - insets.left - insets.right - 2 * margin
        val innerH = h - insets.top - insets.bottom - 2 * margin
        val side = square.measuredWidth
        if (panelBeside(w, h)) {
            val squareTop = top + (innerH - side) / 2
            square.layout(left, squareTop, left + side, squareTop + side)
            val panelLeft = left + innerW - panel.measuredWidth
            var y = top
            header?.let {
                it.layout(panelLeft, y, panelLeft + it.measuredWidth, y + it.measuredHeight)
                y += it.measuredHeight
            }
            panel.layout(panelLeft, y, panelLeft + panel.measuredWidth, y + panel.measuredHeight)
        } else {
            var y = top
            header?.let {
                it.layout(left, y, left + it.measuredWidth, y + it.measuredHeight)
                y += it.measuredHeight + margin
            }
            val squareLeft = left + (innerW - side) / 2
            square.layout(squareLeft, y, squareLeft + side, y + side)
            y += side + margin
            panel.layout(left, y, left + panel.measuredWidth, y + panel.measuredHeight)
        }
    }
}
