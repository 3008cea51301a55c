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
 * many without a peek, and games solved with help, kept apart. TalkBack reads each row as one
 * sentence.
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

    override fun render(s: UiState) {
        if (s.records == shown) return
        shown = s.records
        list.removeAllViews()
        val rows = s.records.filter { it.won > 0 || it.helpedWon > 0 }
        if (rows.isEmpty()) {
            list.addView(a.label(words.string(R.string.records_empty), colorRes = R.color.on_surface_variant))
            return
        }
        list.addView(tableRow(
            listOf(R.string.records_board, R.string.records_fewest, R.string.records_fastest, R.string.records_won, R.string.records_helped)
                .map { words.string(it) },
            header = true,
        ).apply { importantForAccessibility = View.IMPORTANT_FOR_ACCESSIBILITY_NO })
        for (row in rows) list.addView(row(row))
    }

    /** One size and picture as a row of the table; TalkBack reads it as one sentence. */
    private fun row(r: RecordRow): View {
        val dash = words.string(R.string.stats_unknown)
        val fewest = r.fewestMoves?.let { m ->
            r.fewestPossible?.let { words.string(R.string.records_moves_of, words.number(m.toLong()), words.number(it.moves.toLong())) }
                ?: words.number(m.toLong())
        } ?: dash
        val won = if (r.won == 0) dash
        else words.number(r.won.toLong()) + "\n" + a.resources.getQuantityString(R.plurals.records_spoken_no_peek, r.wonWithoutPeeking, words.number(r.wonWithoutPeeking.toLong()))
        val cells = listOf(
            "${words.boardName(r.size)}\n${words.builtinName(r.picture)}",
            fewest,
            r.fastestMs?.let { words.clock(it) } ?: dash,
            won,
            if (r.helpedWon == 0) dash else words.number(r.helpedWon.toLong()),
        )
        return tableRow(cells, header = false).apply {
            isFocusable = true
            importantForAccessibility = View.IMPORTANT_FOR_ACCESSIBILITY_YES
            contentDescription = spoken(r)
        }
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
            addView(cell, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, if (i == 0) 1.4f else 1f).apply {
                if (i > 0) marginStart = a.dp(4)
            })
        }
    }

    override fun applyInsets(insets: Insets4) {
        val m = a.px(R.dimen.margin)
        scroll.setPadding(insets.left, insets.top, insets.right, insets.bottom)
        content.setPadding(m, m, m, m)
    }
}
