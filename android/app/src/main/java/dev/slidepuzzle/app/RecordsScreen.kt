package dev.slidepuzzle.app

import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.widget.FrameLayout
import android.widget.LinearLayout
import android.widget.ScrollView

/**
 * The player's records as a table: for each size and picture with a win, the fewest moves
 * (beside the fewest possible of that game, when known), the fastest time, games won and how
 * many without a peek, and games solved with help, kept apart. Where a word would not fit its
 * column (large fonts, long German words) each record is a card of "label: value" lines instead.
 * TalkBack reads each record as one sentence.
 */
class RecordsScreen(private val activity: MainActivity, private val controller: GameController, private val words: PlayerText) : ScreenView {
    private val a = activity
    private val list = a.column(spacing = a.dp(12))
    private val content = a.column(
        LinearLayout(a).apply {
            orientation = LinearLayout.HORIZONTAL
            gravity = Gravity.CENTER_VERTICAL
            addView(a.button(words.string(R.string.common_back), R.drawable.ic_back, ButtonStyle.TEXT) { controller.back() }.apply { id = R.id.back })
            addView(a.label(words.string(R.string.records_title), R.dimen.text_title, bold = true).apply {
                accessibilityHeading()
                setPadding(a.dp(8), 0, 0, 0)
            }, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 1f))
        },
        list,
        spacing = a.dp(12),
    )
    private val scroll = ScrollView(a).apply {
        clipToPadding = true
        addView(content, FrameLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT))
    }
    override val view: View = scroll
    private var shown: List<RecordRow>? = null
    private var last: UiState? = null
    private var insets = Insets4(0, 0, 0, 0)

    override fun render(s: UiState) {
        last = s
        if (s.records == shown) return
        shown = s.records
        list.removeAllViews()
        val rows = s.records.filter { it.won > 0 || it.helpedWon > 0 }
        if (rows.isEmpty()) {
            list.addView(a.label(words.string(R.string.records_empty), colorRes = R.color.on_surface_variant))
            return
        }
        val header = listOf(R.string.records_board, R.string.records_fewest, R.string.records_fastest, R.string.records_won, R.string.records_helped)
            .map { words.string(it) }
        val table = rows.map { cells(it) }
        if (fits(header, table)) {
            list.addView(tableRow(header, header = true).apply { importantForAccessibility = View.IMPORTANT_FOR_ACCESSIBILITY_NO })
            for ((r, cells) in rows.zip(table)) list.addView(tableRow(cells, header = false).spokenAs(r))
        } else {
            // Too narrow for the words (large fonts, long German words): each record a card of
            // "label: value" lines, no word broken.
            for ((r, cells) in rows.zip(table)) list.addView(card(header, cells).spokenAs(r))
        }
    }

    private fun View.spokenAs(r: RecordRow): View = apply {
        isFocusable = true
        importantForAccessibility = View.IMPORTANT_FOR_ACCESSIBILITY_YES
        contentDescription = spoken(r)
    }

    /** The table's column widths on this screen: the first a little wider. */
    private fun columns(n: Int): List<Float> {
        val width = a.resources.displayMetrics.widthPixels - insets.left - insets.right - 2 * a.px(R.dimen.margin) - a.dp(12 + 12) - a.dp(4) * (n - 1)
        val unit = width / (n - 1 + FIRST_WEIGHT)
        return List(n) { if (it == 0) unit * FIRST_WEIGHT else unit }
    }

    /** Whether every word of the table fits its column on a line of its own. */
    private fun fits(header: List<String>, table: List<List<String>>): Boolean {
        val widths = columns(header.size)
        fun paint(size: Int, bold: Boolean) = android.text.TextPaint().apply {
            textSize = a.resources.getDimension(size)
            typeface = if (bold) android.graphics.Typeface.DEFAULT_BOLD else android.graphics.Typeface.DEFAULT
        }
        val small = paint(R.dimen.text_small, true)
        val body = paint(R.dimen.text_body, false)
        val bold = paint(R.dimen.text_body, true)
        fun ok(text: String, paint: android.text.TextPaint, width: Float) = text.split(Regex("\\s+")).all { paint.measureText(it) <= width }
        return header.withIndex().all { (i, h) -> ok(h, small, widths[i]) } &&
            table.all { row -> row.withIndex().all { (i, c) -> ok(c, if (i == 0) bold else body, widths[i]) } }
    }

    /** A record as a card: its board and picture, then one "label: value" line per column. */
    private fun card(header: List<String>, cells: List<String>): View = a.column(
        a.label(cells[0].replace("\n", " · "), R.dimen.text_body, R.color.on_background, bold = true),
        *header.drop(1).zip(cells.drop(1)).map { (label, value) ->
            a.label(words.string(R.string.records_card_line, label, value.replace("\n", " · ")), R.dimen.text_body, R.color.on_background)
        }.toTypedArray(),
        spacing = a.dp(2),
    ).apply {
        background = a.card(R.color.surface)
        setPadding(a.dp(12), a.dp(10), a.dp(12), a.dp(10))
    }

    /** One size and picture as the cells of a row of the table. */
    private fun cells(r: RecordRow): List<String> {
        val dash = words.string(R.string.stats_unknown)
        val fewest = r.fewestMoves?.let { m ->
            r.fewestPossible?.let { words.string(R.string.records_moves_of, words.number(m.toLong()), words.number(it.moves.toLong())) }
                ?: words.number(m.toLong())
        } ?: dash
        val won = if (r.won == 0) dash
        else words.number(r.won.toLong()) + "\n" + a.resources.getQuantityString(R.plurals.records_spoken_no_peek, r.wonWithoutPeeking, words.number(r.wonWithoutPeeking.toLong()))
        return listOf(
            "${words.boardName(r.size)}\n${words.builtinName(r.picture)}",
            fewest,
            r.fastestMs?.let { words.clock(it) } ?: dash,
            won,
            if (r.helpedWon == 0) dash else words.number(r.helpedWon.toLong()),
        )
    }

    private fun spoken(r: RecordRow): String {
        val lines = mutableListOf("${words.boardName(r.size)} · ${words.builtinName(r.picture)}")
        if (r.won > 0) {
            r.fewestMoves?.let { fewest ->
                lines += r.fewestPossible?.let { words.string(R.string.records_spoken_fewest_of, words.number(fewest.toLong()), words.number(it.moves.toLong())) }
                    ?: words.string(R.string.records_spoken_fewest, words.number(fewest.toLong()))
            }
            r.fastestMs?.let { lines += words.string(R.string.records_spoken_fastest, words.clock(it)) }
            lines += a.resources.getQuantityString(R.plurals.records_spoken_won, r.won, words.number(r.won.toLong())) + " · " +
                a.resources.getQuantityString(R.plurals.records_spoken_no_peek, r.wonWithoutPeeking, words.number(r.wonWithoutPeeking.toLong()))
        }
        if (r.helpedWon > 0) lines += a.resources.getQuantityString(R.plurals.records_spoken_helped, r.helpedWon, words.number(r.helpedWon.toLong()))
        return lines.joinToString(". ")
    }

    /** Equal columns but the first (a little wider), text wrapping inside its cell. */
    private fun tableRow(cells: List<String>, header: Boolean): LinearLayout = LinearLayout(a).apply {
        orientation = LinearLayout.HORIZONTAL
        setPadding(a.dp(12), a.dp(10), a.dp(12), a.dp(10))
        if (!header) background = a.card(R.color.surface)
        for ((i, text) in cells.withIndex()) {
            val cell = a.label(
                text, if (header) R.dimen.text_small else R.dimen.text_body,
                if (header) R.color.on_surface_variant else R.color.on_background, bold = header || i == 0,
            ).apply { gravity = if (i == 0) Gravity.START else Gravity.CENTER_HORIZONTAL }
            addView(cell, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, if (i == 0) FIRST_WEIGHT else 1f).apply {
                if (i > 0) marginStart = a.dp(4)
            })
        }
    }

    override fun applyInsets(insets: Insets4) {
        if (insets != this.insets) {
            this.insets = insets
            shown = null
            last?.let { render(it) }
        }
        val m = a.px(R.dimen.margin)
        scroll.setPadding(insets.left, insets.top, insets.right, insets.bottom)
        content.setPadding(m, m, m, m)
    }

    companion object {
        /** The first column's width against the others'. */
        const val FIRST_WEIGHT = 1.4f
    }
}
