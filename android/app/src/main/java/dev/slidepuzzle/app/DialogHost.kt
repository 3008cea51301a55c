package dev.slidepuzzle.app

import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.widget.FrameLayout
import android.widget.LinearLayout
import android.widget.ScrollView

/**
 * The dialogs, drawn over the screen inside the window (so they follow its insets, its night
 * colours and font size, and show in screenshots): settings, how Auto solved it, the bigger
 * board sizes, and the confirmation before a game with moves is dropped. Which one shows is
 * [UiState.dialog]; Back and a tap outside close it.
 */
class DialogHost(private val activity: MainActivity, private val controller: GameController, private val words: PlayerText) {
    private val a = activity
    val view = FrameLayout(a).apply {
        setBackgroundColor(a.color(R.color.scrim))
        visibility = View.GONE
        isClickable = true
        setOnClickListener { controller.dismissDialog() }
    }
    private val title = a.label(sizeRes = R.dimen.text_title, bold = true).apply { accessibilityHeading() }
    private val body = LinearLayout(a).apply { orientation = LinearLayout.VERTICAL }
    private val scroll = ScrollView(a).apply { addView(body) }
    private val buttons = LinearLayout(a).apply {
        orientation = LinearLayout.HORIZONTAL
        gravity = Gravity.END or Gravity.CENTER_VERTICAL
    }
    private val card = LinearLayout(a).apply {
        id = R.id.dialog
        orientation = LinearLayout.VERTICAL
        background = a.card(R.color.surface)
        setPadding(a.dp(24), a.dp(20), a.dp(24), a.dp(16))
        isClickable = true
        addView(title)
        addView(scroll, LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 0, 1f).apply { topMargin = a.dp(12) })
        addView(buttons, LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT).apply { topMargin = a.dp(12) })
    }
    private val settings = SettingsDialog(a, controller, words)
    private var shown: DialogState? = null
    /** The Status dialog's lines, while it shows. */
    private var statusBody: android.widget.TextView? = null
    private var insets = Insets4(0, 0, 0, 0)

    init {
        view.addView(card, FrameLayout.LayoutParams(ViewGroup.LayoutParams.WRAP_CONTENT, ViewGroup.LayoutParams.WRAP_CONTENT, Gravity.CENTER))
    }

    fun applyInsets(i: Insets4) {
        insets = i
        val m = a.px(R.dimen.margin)
        view.setPadding(i.left + m, i.top + m, i.right + m, i.bottom + m)
        layoutCard()
    }

    private fun layoutCard() {
        val metrics = a.resources.displayMetrics
        val width = minOf(a.px(R.dimen.dialog_max_width), metrics.widthPixels - insets.left - insets.right - 2 * a.px(R.dimen.margin))
        card.layoutParams = FrameLayout.LayoutParams(width, ViewGroup.LayoutParams.WRAP_CONTENT, Gravity.CENTER)
    }

    fun render(s: UiState) {
        val d = s.dialog
        view.visibility = if (d == null) View.GONE else View.VISIBLE
        if (d is DialogState.Settings) settings.render(s.settings)
        // The status follows the game while it shows (a search's count, a note, the win).
        if (d == DialogState.Status && shown == d) statusBody?.text = words.statusLines(s).joinToString("\n")
        if (d == shown) return
        shown = d
        if (d == null) return
        layoutCard()
        statusBody = null
        body.removeAllViews()
        buttons.removeAllViews()
        when (d) {
            DialogState.Settings -> {
                title.text = words.string(R.string.settings_title)
                (settings.view.parent as? ViewGroup)?.removeView(settings.view)
                body.addView(settings.view)
                buttons.addView(a.button(words.string(R.string.common_done), style = ButtonStyle.FILLED) { controller.dismissDialog() }.apply { id = R.id.dialog_dismiss })
            }
            DialogState.Details -> {
                title.text = words.string(R.string.details_title)
                val report = s.solve
                if (report != null) body.addView(a.label(words.solveDetails(report).joinToString("\n")))
                buttons.addView(a.button(words.string(R.string.common_close), style = ButtonStyle.FILLED) { controller.dismissDialog() }.apply { id = R.id.dialog_dismiss })
            }
            DialogState.MoreSizes -> {
                title.text = words.string(R.string.size_bigger_title)
                body.addView(FlowLayout(a, a.dp(8)).apply {
                    for (n in 6..8) {
                        addView(a.chip(words.boardName(n), s.size == n) { controller.selectSize(n) }.apply {
                            contentDescription = words.string(R.string.size_description, n)
                        })
                    }
                })
                buttons.addView(a.button(words.string(R.string.control_cancel), style = ButtonStyle.TEXT) { controller.dismissDialog() }.apply { id = R.id.dialog_dismiss })
            }
            DialogState.Status -> {
                val won = s.phase == Phase.WON && s.win != null
                title.text = when {
                    !won -> words.string(R.string.status_title)
                    s.win?.byAuto == true -> words.string(R.string.win_by_auto_title)
                    else -> words.string(R.string.win_title)
                }
                body.addView(a.label(words.statusLines(s).joinToString("\n")).apply { id = R.id.status_body }.also { statusBody = it })
                buttons.addView(a.button(words.string(R.string.common_close), style = ButtonStyle.FILLED) { controller.dismissDialog() }.apply { id = R.id.dialog_dismiss })
                if (s.solve != null) {
                    buttons.addView(
                        a.button(words.string(R.string.solve_details), style = ButtonStyle.TEXT) { controller.openDetails() }.apply { id = R.id.details },
                        0,
                    )
                }
            }
            is DialogState.Confirm -> {
                title.text = words.string(if (d.pending == Pending.LEAVE) R.string.confirm_leave_title else R.string.confirm_shuffle_title)
                body.addView(a.label(a.resources.getQuantityString(R.plurals.confirm_lost, d.moves, words.number(d.moves.toLong()))))
                buttons.addView(a.button(words.string(R.string.confirm_keep), style = ButtonStyle.TEXT) { controller.dismissDialog() }.apply { id = R.id.dialog_dismiss })
                buttons.addView(
                    a.button(words.string(if (d.pending == Pending.LEAVE) R.string.confirm_leave else R.string.confirm_shuffle), style = ButtonStyle.FILLED) {
                        controller.confirm()
                    }.apply { id = R.id.dialog_confirm },
                    LinearLayout.LayoutParams(ViewGroup.LayoutParams.WRAP_CONTENT, ViewGroup.LayoutParams.WRAP_CONTENT).apply { marginStart = a.dp(8) },
                )
            }
        }
        // TalkBack: the card is a pane named by its title, and its focus starts on the title.
        if (android.os.Build.VERSION.SDK_INT >= 28) card.accessibilityPaneTitle = title.text
        card.sendAccessibilityEvent(android.view.accessibility.AccessibilityEvent.TYPE_WINDOW_STATE_CHANGED)
        title.post { title.performAccessibilityAction(android.view.accessibility.AccessibilityNodeInfo.ACTION_ACCESSIBILITY_FOCUS, null) }
    }
}
