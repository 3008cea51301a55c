package dev.slidepuzzle.app

import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.widget.FrameLayout
import android.widget.LinearLayout
import android.widget.ScrollView

/**
 * The player's records: for each size and picture with a win, the fewest moves (beside the
 * fewest possible of that game, when known), the fastest time, games won and how many without a
 * peek, and games solved with help, kept apart.
 */
class RecordsScreen(private val activity: MainActivity, private val controller: GameController, private val words: PlayerText) : ScreenView {
    private val a = activity
    private val list = a.column(spacing = a.dp(12))
    private val content = a.column(
        LinearLayout(a).apply {
            orientation = LinearLayout.HORIZONTAL
            gravity = Gravity.CENTER_VERTICAL
            addView(a.button(words.string(R.string.back), R.drawable.ic_back, ButtonStyle.TEXT) { controller.back() }.apply { id = R.id.back })
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
        for (row in rows) list.addView(card(row))
    }

    private fun card(r: RecordRow): View {
        val lines = mutableListOf<String>()
        if (r.won > 0) {
            val fewest = r.fewestMoves
            if (fewest != null) {
                lines += r.fewestPossible?.let { words.string(R.string.records_fewest_of, words.number(fewest.toLong()), words.number(it.moves.toLong())) }
                    ?: words.string(R.string.records_fewest, words.number(fewest.toLong()))
            }
            r.fastestMs?.let { lines += words.string(R.string.records_fastest, words.clock(it)) }
            var won = a.resources.getQuantityString(R.plurals.records_won, r.won, words.number(r.won.toLong()))
            won += " · " + a.resources.getQuantityString(R.plurals.records_no_peek, r.wonWithoutPeeking, words.number(r.wonWithoutPeeking.toLong()))
            lines += won
        }
        if (r.helpedWon > 0) lines += a.resources.getQuantityString(R.plurals.records_helped, r.helpedWon, words.number(r.helpedWon.toLong()))
        return a.column(
            a.label("${words.boardName(r.size)} · ${words.builtinName(r.picture)}", R.dimen.text_body, bold = true),
            a.label(lines.joinToString("\n"), colorRes = R.color.on_surface_variant),
            spacing = a.dp(4),
        ).apply {
            background = a.card(R.color.surface)
            setPadding(a.dp(16), a.dp(12), a.dp(16), a.dp(12))
            isFocusable = true
            importantForAccessibility = View.IMPORTANT_FOR_ACCESSIBILITY_YES
        }
    }

    override fun applyInsets(insets: Insets4) {
        val m = a.px(R.dimen.margin)
        scroll.setPadding(insets.left, insets.top, insets.right, insets.bottom)
        content.setPadding(m, m, m, m)
    }
}
