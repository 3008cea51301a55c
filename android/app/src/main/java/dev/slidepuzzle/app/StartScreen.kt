package dev.slidepuzzle.app

import android.graphics.Bitmap
import android.graphics.drawable.BitmapDrawable
import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.widget.Button
import android.widget.FrameLayout
import android.widget.LinearLayout
import android.widget.ProgressBar
import android.widget.ScrollView
import android.widget.TextView

/**
 * The start screen: the board size (3×3 to 5×5 as chips, 6×6 to 8×8 behind "More sizes"), the
 * best of that size, a photo from the camera or the library, the built-in pictures drawn by the
 * core, and the records. Wide windows put the choices beside the pictures.
 */
class StartScreen(
    private val activity: MainActivity,
    private val controller: GameController,
    private val words: PlayerText,
    private val core: PuzzleCore,
) : ScreenView {
    private val scroll = ScrollView(activity).apply { isFillViewport = true; clipToPadding = true }
    override val view: View = scroll
    private val content = SideBySide(activity)
    private val sizes = FlowLayout(activity, activity.dp(8))
    private val best = activity.label(sizeRes = R.dimen.text_body, colorRes = R.color.on_surface_variant).apply { id = R.id.start_best }
    private val note = activity.label(colorRes = R.color.error).apply { id = R.id.note }
    private val spinner = ProgressBar(activity).apply { id = R.id.spinner; isIndeterminate = true; visibility = View.GONE }
    private val pictures = mutableMapOf<String, Button>()
    /** Camera and Photos: disabled while a photo loads (a second one would be dropped). */
    private val pickers = mutableListOf<View>()
    private val cancelPhoto = activity.button(words.string(R.string.common_cancel), style = ButtonStyle.TEXT) { controller.cancelPhoto() }
        .apply { id = R.id.photo_cancel; visibility = View.GONE }
    private var shownSize = -1
    /** Whether the built-in pictures' thumbnails are drawn (the screenshot tests wait for it). */
    var thumbnailsShown = false
        private set

    init {
        val a = activity
        val intro = a.column(
            a.label(words.string(R.string.app_title), R.dimen.text_headline, bold = true).apply {
                isFocusable = true
                accessibilityHeading()
            },
            a.label(words.string(R.string.start_subtitle), colorRes = R.color.on_surface_variant),
            spacing = a.dp(4),
        )
        pickers += a.button(words.string(R.string.start_take_photo), R.drawable.ic_camera, ButtonStyle.FILLED) { activity.takePhoto() }.apply { id = R.id.camera }
        pickers += a.button(words.string(R.string.start_choose_photo), R.drawable.ic_photos, ButtonStyle.FILLED) { activity.pickPhoto() }.apply { id = R.id.photos }
        val photo = a.row(pickers[0], pickers[1])
        val records = a.button(words.string(R.string.start_records), R.drawable.ic_trophy, ButtonStyle.TEXT) { controller.showRecords() }
            .apply {
                id = R.id.records
                // The trophy beside its words, not at the far edge of the row.
                gravity = Gravity.START or Gravity.CENTER_VERTICAL
            }
        val choices = a.column(
            intro,
            heading(words.string(R.string.start_board_size)),
            sizes,
            best,
            heading(words.string(R.string.start_your_photo)),
            photo,
            a.row(spinner, cancelPhoto),
            note,
            records,
            spacing = a.dp(12),
        )
        val grid = GridColumns(a, a.px(R.dimen.thumbnail) + a.dp(16), a.dp(12))
        for (id in ordered(core.builtinIds())) {
            val name = words.builtinName(id)
            val b = a.button(name, style = ButtonStyle.TONAL) { controller.chooseBuiltin(id) }.apply {
                contentDescription = words.string(R.string.start_play_picture, name)
                gravity = Gravity.CENTER
                compoundDrawablePadding = a.dp(8)
                setPadding(a.dp(8), a.dp(8), a.dp(8), a.dp(12))
            }
            pictures[id] = b
            grid.addView(b)
        }
        val builtins = a.column(heading(words.string(R.string.start_builtins)), grid, spacing = a.dp(12))
        content.set(choices, builtins)
        // Shorter than the window (a tablet standing up): the whole block in the middle, not its
        // top third. Taller: it scrolls from the top as before.
        val centre = FrameLayout(a)
        centre.addView(content, FrameLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT, Gravity.CENTER_VERTICAL))
        scroll.addView(centre, FrameLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT))
        loadThumbnails()
    }

    companion object {
        /** The first picture offered: detail in every tile of a 4×4, so no two look alike. */
        const val FIRST_PICTURE = "bauhaus"

        /** The built-ins in the order offered: [FIRST_PICTURE] first, then the core's order. */
        fun ordered(ids: List<String>): List<String> = ids.sortedBy { if (it == FIRST_PICTURE) 0 else 1 }
    }

    private fun heading(s: String): TextView = activity.label(s, R.dimen.text_title, bold = true).apply { accessibilityHeading() }

    /** The built-in pictures, drawn once by the core off the UI thread. */
    private fun loadThumbnails() {
        val edge = activity.px(R.dimen.thumbnail)
        val ids = core.builtinIds()
        controller.threads.background {
            val drawn = ids.mapNotNull { id -> runCatching { id to core.builtinPicture(id, edge) }.getOrNull() }
            controller.threads.main {
                for ((id, art) in drawn) {
                    val bmp: Bitmap = activity.bitmapOf(art)
                    val d = BitmapDrawable(activity.resources, bmp).apply { setBounds(0, 0, edge, edge) }
                    pictures[id]?.setCompoundDrawablesRelative(null, d, null, null)
                }
                thumbnailsShown = true
            }
        }
    }

    override fun render(s: UiState) {
        if (s.size != shownSize || sizes.childCount == 0) {
            shownSize = s.size
            sizes.removeAllViews()
            for (n in 3..5) {
                sizes.addView(activity.chip(words.boardName(n), s.size == n) { controller.selectSize(n) }.apply {
                    contentDescription = words.string(R.string.size_description, n)
                })
            }
            val big = s.size >= 6
            sizes.addView(
                activity.chip(if (big) words.boardName(s.size) else words.string(R.string.start_bigger), big) { controller.showMoreSizes() }.apply {
                    setCompoundDrawablesRelative(null, null, activity.resources.getDrawable(R.drawable.ic_expand, activity.theme).mutate().apply {
                        setTint(currentTextColor)
                        setBounds(0, 0, activity.dp(18), activity.dp(18))
                    }, null)
                    if (big) contentDescription = words.string(R.string.size_description, s.size)
                },
            )
        }
        best.text = bestLine(s)
        note.text = s.note?.let { words.note(it) } ?: ""
        note.visibility = if (s.note == null) View.GONE else View.VISIBLE
        spinner.visibility = if (s.loadingPhoto) View.VISIBLE else View.GONE
        cancelPhoto.visibility = spinner.visibility
        for (b in pictures.values) b.enable(!s.loadingPhoto)
        for (b in pickers) b.enable(!s.loadingPhoto)
    }

    /** "Fewest 48 moves · Fastest 1:12" at the chosen size (each its own best, which may come
     *  from different games, so each is named), or that no game of the size was won yet. */
    private fun bestLine(s: UiState): String {
        val rows = s.records.filter { it.size == s.size && it.won > 0 }
        val fewest = rows.mapNotNull { it.fewestMoves }.minOrNull()
        val fastest = rows.mapNotNull { it.fastestMs }.minOrNull()
        val board = words.boardName(s.size)
        return if (fewest != null && fastest != null) words.string(R.string.start_best, words.moves(fewest), words.clock(fastest))
        else words.string(R.string.start_no_best, board)
    }

    override fun applyInsets(insets: Insets4) {
        val m = activity.px(R.dimen.margin)
        scroll.setPadding(insets.left, insets.top, insets.right, insets.bottom)
        content.setPadding(m, m, m, m)
    }
}

/** Two parts stacked, or side by side when the window is wide enough for both. */
class SideBySide(context: android.content.Context) : LinearLayout(context) {
    private var first: View? = null
    private var second: View? = null
    private var laidWide: Boolean? = null

    fun set(a: View, b: View) {
        first = a
        second = b
        addView(a)
        addView(b)
    }

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val width = MeasureSpec.getSize(widthMeasureSpec)
        val density = resources.displayMetrics.density
        val wide = width / density >= 600 || resources.configuration.orientation == android.content.res.Configuration.ORIENTATION_LANDSCAPE
        val gap = (24 * density).toInt()
        if (laidWide != wide) {
            laidWide = wide
            orientation = if (wide) HORIZONTAL else VERTICAL
            for ((i, v) in listOfNotNull(first, second).withIndex()) {
                v.layoutParams = if (wide) LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 1f).apply { if (i > 0) marginStart = gap }
                else LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT).apply { if (i > 0) topMargin = gap }
            }
        }
        super.onMeasure(widthMeasureSpec, heightMeasureSpec)
    }
}

/** Marks a title as a heading for TalkBack (API 28+). */
fun View.accessibilityHeading() {
    if (android.os.Build.VERSION.SDK_INT >= 28) isAccessibilityHeading = true
}
