package dev.slidepuzzle.app

import android.view.View
import android.widget.LinearLayout
import android.widget.RadioButton
import android.widget.RadioGroup
import android.widget.Switch

/**
 * The settings: Auto's method (each with a line on what it does), Auto's speed, numbers on the
 * tiles, and the shuffle's difficulty, saying plainly what boards past 4×4 do with Easy, Medium
 * and Hard. Every change applies at once.
 */
class SettingsDialog(private val activity: MainActivity, private val controller: GameController, private val words: PlayerText) {
    val view: LinearLayout = activity.column(spacing = activity.dp(12))
    private var shown: Settings? = null
    /** Each choice's view, made once: a change updates them in place, so TalkBack's focus stays
     *  on the choice just made. */
    private val methods = HashMap<AlgorithmChoice, RadioButton>()
    private val speeds = HashMap<PlaybackSpeed, android.widget.Button>()
    private val levels = HashMap<Difficulty, RadioButton>()
    private lateinit var numbers: Switch

    fun render(s: Settings) {
        if (s == shown) return
        if (shown == null) build(s)
        shown = s
        for ((v, b) in methods) b.isChecked = v == s.algorithm
        for ((v, b) in levels) b.isChecked = v == s.difficulty
        for ((v, b) in speeds) {
            b.isSelected = v == s.speed
            b.restyle(if (v == s.speed) ButtonStyle.FILLED else ButtonStyle.TONAL)
        }
        if (numbers.isChecked != s.showNumbers) numbers.isChecked = s.showNumbers
    }

    private fun build(s: Settings) {
        val a = activity
        fun add(v: View) = view.addView(v, LinearLayout.LayoutParams(LinearLayout.LayoutParams.MATCH_PARENT, LinearLayout.LayoutParams.WRAP_CONTENT).apply {
            if (view.childCount > 0) topMargin = a.dp(8)
        })
        add(a.label(words.string(R.string.settings_solver), R.dimen.text_body, bold = true).apply { accessibilityHeading() })
        add(radios(AlgorithmChoice.values().toList(), methods, { words.string(it.title) }, { words.string(it.about) }) {
            controller.updateSettings(controller.state.settings.copy(algorithm = it))
        })
        add(a.label(words.string(R.string.settings_speed), R.dimen.text_body, bold = true).apply { accessibilityHeading() })
        add(FlowLayout(a, a.dp(8)).apply {
            for (speed in PlaybackSpeed.values()) {
                addView(a.chip(words.string(speed.title), speed == s.speed) {
                    controller.updateSettings(controller.state.settings.copy(speed = speed))
                }.also { speeds[speed] = it })
            }
        })
        numbers = Switch(a).apply {
            this.text = this@SettingsDialog.words.string(R.string.settings_numbers)
            isChecked = s.showNumbers
            minHeight = a.px(R.dimen.touch_target)
            setTextColor(a.color(R.color.on_background))
            textSize = 16f
            setOnCheckedChangeListener { _, on ->
                if (on != controller.state.settings.showNumbers) controller.updateSettings(controller.state.settings.copy(showNumbers = on))
            }
        }
        add(numbers)
        add(a.label(words.string(R.string.settings_shuffle), R.dimen.text_body, bold = true).apply { accessibilityHeading() })
        add(radios(Difficulty.values().toList(), levels, { words.string(it.title) }, { null }) {
            controller.updateSettings(controller.state.settings.copy(difficulty = it))
        })
        add(a.label(words.string(R.string.settings_shuffle_footer), R.dimen.text_small, R.color.on_surface_variant))
    }

    private fun <T> radios(values: List<T>, made: MutableMap<T, RadioButton>, title: (T) -> String, about: (T) -> String?, pick: (T) -> Unit): RadioGroup {
        val a = activity
        return RadioGroup(a).apply {
            orientation = RadioGroup.VERTICAL
            for (v in values) {
                val b = RadioButton(a).apply {
                    id = View.generateViewId()
                    val line = about(v)
                    // The name, then what it does in a smaller, quieter line.
                    text = if (line == null) title(v) else android.text.SpannableStringBuilder(title(v)).apply {
                        append("\n")
                        val start = length
                        append(line)
                        setSpan(android.text.style.RelativeSizeSpan(0.875f), start, length, 0)
                        setSpan(android.text.style.ForegroundColorSpan(a.color(R.color.on_surface_variant)), start, length, 0)
                    }
                    setTextColor(a.color(R.color.on_background))
                    textSize = 16f
                    minHeight = a.px(R.dimen.touch_target)
                    setPadding(a.dp(8), a.dp(6), 0, a.dp(6))
                    buttonTintList = android.content.res.ColorStateList.valueOf(a.color(R.color.primary))
                    setOnClickListener { pick(v) }
                }
                made[v] = b
                addView(b)
            }
        }
    }
}
