package dev.slidepuzzle.app

import android.content.Context
import android.content.res.ColorStateList
import android.graphics.Typeface
import android.graphics.drawable.Drawable
import android.graphics.drawable.GradientDrawable
import android.graphics.drawable.RippleDrawable
import android.util.TypedValue
import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.widget.Button
import android.widget.ImageButton
import android.widget.LinearLayout
import android.widget.TextView

// The app's small widget kit, built on the framework alone: buttons, chips and text styled from
// resources (colors.xml and its night twin, dimens.xml), every touch target at least 48 dp.

fun Context.dp(v: Int): Int = (v * resources.displayMetrics.density + 0.5f).toInt()

fun Context.dpF(v: Float): Float = v * resources.displayMetrics.density

fun Context.color(id: Int): Int = resources.getColor(id, theme)

fun Context.px(id: Int): Int = resources.getDimensionPixelSize(id)

/** How a button looks: filled (the main action), tonal (the others), plain text. */
enum class ButtonStyle { FILLED, TONAL, TEXT }

internal fun Context.rounded(fill: Int, stroke: Int? = null, radius: Float = dpF(24f)): GradientDrawable =
    GradientDrawable().apply {
        cornerRadius = radius
        setColor(fill)
        if (stroke != null) setStroke(dp(1), stroke)
    }

internal fun Context.ripple(content: Drawable?, mask: Drawable? = null): Drawable =
    RippleDrawable(ColorStateList.valueOf(color(R.color.outline) and 0x40FFFFFF), content, mask ?: rounded(0xFFFFFFFF.toInt()))

/** A button with a label from resources and an optional icon, at least 48 dp tall. Its label
 *  wraps rather than being cut (font scale 2.0). */
fun Context.button(text: CharSequence, icon: Int? = null, style: ButtonStyle = ButtonStyle.TONAL, onClick: () -> Unit): Button =
    Button(this).apply {
        this.text = text
        isAllCaps = false
        minHeight = px(R.dimen.touch_target)
        minimumHeight = px(R.dimen.touch_target)
        minWidth = px(R.dimen.touch_target)
        minimumWidth = px(R.dimen.touch_target)
        setPadding(dp(16), dp(8), dp(16), dp(8))
        setTextSize(TypedValue.COMPLEX_UNIT_PX, resources.getDimension(R.dimen.text_body))
        typeface = Typeface.create("sans-serif-medium", Typeface.NORMAL)
        gravity = Gravity.CENTER
        stateListAnimator = null
        elevation = 0f
        restyle(style)
        if (icon != null) {
            val d = resources.getDrawable(icon, theme).mutate()
            d.setTint(currentTextColor)
            val s = dp(18)
            d.setBounds(0, 0, s, s)
            setCompoundDrawablesRelative(d, null, null, null)
            compoundDrawablePadding = dp(8)
        }
        setOnClickListener { onClick() }
    }

/** Gives [Button] the colours of [style] (a chip chosen or not, in place). */
fun Button.restyle(style: ButtonStyle) {
    val c = context
    val (fill, fg) = when (style) {
        ButtonStyle.FILLED -> c.color(R.color.primary) to c.color(R.color.on_primary)
        ButtonStyle.TONAL -> c.color(R.color.primary_container) to c.color(R.color.on_primary_container)
        ButtonStyle.TEXT -> (c.color(R.color.background) and 0x00FFFFFF) to c.color(R.color.primary)
    }
    background = c.ripple(c.rounded(fill))
    setTextColor(fg)
}

/** Enables or disables a control, dimming it when off (Material's 38 %). */
fun View.enable(on: Boolean) {
    isEnabled = on
    alpha = if (on) 1f else 0.38f
}

/** Equal columns, as many as fit at [minColumn] pixels each (at least [least]). */
class GridColumns(context: Context, private val minColumn: Int, private val spacing: Int, private val least: Int = 2) : ViewGroup(context) {
    private fun columns(width: Int) = maxOf(least, (width + spacing) / (minColumn + spacing))

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val width = MeasureSpec.getSize(widthMeasureSpec) - paddingLeft - paddingRight
        val n = columns(width)
        val cell = (width - spacing * (n - 1)) / n
        var height = 0
        var rowHeight = 0
        var visible = 0
        for (i in 0 until childCount) {
            val c = getChildAt(i)
            if (c.visibility == GONE) continue
            c.measure(MeasureSpec.makeMeasureSpec(cell, MeasureSpec.EXACTLY), MeasureSpec.makeMeasureSpec(0, MeasureSpec.UNSPECIFIED))
            rowHeight = maxOf(rowHeight, c.measuredHeight)
            visible++
            if (visible % n == 0) {
                height += rowHeight + spacing
                rowHeight = 0
            }
        }
        height += rowHeight
        if (visible % n == 0 && visible > 0) height -= spacing
        setMeasuredDimension(MeasureSpec.getSize(widthMeasureSpec), height + paddingTop + paddingBottom)
    }

    override fun onLayout(changed: Boolean, l: Int, t: Int, r: Int, b: Int) {
        val width = r - l - paddingLeft - paddingRight
        val n = columns(width)
        val cell = (width - spacing * (n - 1)) / n
        var y = paddingTop
        var rowHeight = 0
        var column = 0
        val rtl = layoutDirection == LAYOUT_DIRECTION_RTL
        for (i in 0 until childCount) {
            val c = getChildAt(i)
            if (c.visibility == GONE) continue
            val x = column * (cell + spacing)
            val left = paddingLeft + if (rtl) width - x - cell else x
            c.layout(left, y, left + cell, y + c.measuredHeight)
            rowHeight = maxOf(rowHeight, c.measuredHeight)
            if (++column == n) {
                column = 0
                y += rowHeight + spacing
                rowHeight = 0
            }
        }
    }
}

/** A 48 dp icon button; [description] is what TalkBack says. */
fun Context.iconButton(icon: Int, description: CharSequence, onClick: () -> Unit): ImageButton = ImageButton(this).apply {
    setImageDrawable(resources.getDrawable(icon, theme).mutate().apply { setTint(color(R.color.on_background)) })
    contentDescription = description
    background = ripple(null, rounded(0xFFFFFFFF.toInt()))
    minimumWidth = px(R.dimen.touch_target)
    minimumHeight = px(R.dimen.touch_target)
    val pad = dp(12)
    setPadding(pad, pad, pad, pad)
    setOnClickListener { onClick() }
}

/** A choice chip (board sizes, speeds): selected is filled. */
fun Context.chip(text: CharSequence, selected: Boolean, onClick: () -> Unit): Button =
    button(text, style = if (selected) ButtonStyle.FILLED else ButtonStyle.TONAL, onClick = onClick).apply {
        isSelected = selected
        setPadding(dp(14), dp(6), dp(14), dp(6))
    }

/** Text in one of the app's sizes and colours; it wraps, never ellipsizes. */
fun Context.label(text: CharSequence = "", sizeRes: Int = R.dimen.text_body, colorRes: Int = R.color.on_background, bold: Boolean = false): TextView =
    TextView(this).apply {
        this.text = text
        setTextSize(TypedValue.COMPLEX_UNIT_PX, resources.getDimension(sizeRes))
        setTextColor(color(colorRes))
        if (bold) typeface = Typeface.create("sans-serif-medium", Typeface.NORMAL)
        ellipsize = null
        setSingleLine(false)
        maxLines = Int.MAX_VALUE
        breakStrategyCompat()
    }

private fun TextView.breakStrategyCompat() {
    breakStrategy = android.text.Layout.BREAK_STRATEGY_SIMPLE
    hyphenationFrequency = android.text.Layout.HYPHENATION_FREQUENCY_NORMAL
}

/** A rounded surface behind a group (cards, dialogs, the win banner). */
fun Context.card(fillRes: Int = R.color.surface): Drawable = rounded(color(fillRes), radius = dpF(16f))

fun Context.column(vararg views: View, spacing: Int = dp(8)): LinearLayout = LinearLayout(this).apply {
    orientation = LinearLayout.VERTICAL
    for (v in views) addView(v, LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT).apply {
        if (childCount > 0) topMargin = spacing
    })
}

/** Children side by side, sharing the width equally. */
fun Context.row(vararg views: View, spacing: Int = dp(8)): LinearLayout = LinearLayout(this).apply {
    orientation = LinearLayout.HORIZONTAL
    gravity = Gravity.CENTER_VERTICAL
    for (v in views) addView(v, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 1f).apply {
        if (childCount > 0) marginStart = spacing
    })
}

/** Children that flow onto the next line when a row is full (chips, controls at large fonts). */
class FlowLayout(context: Context, private val spacing: Int) : ViewGroup(context) {
    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val width = MeasureSpec.getSize(widthMeasureSpec) - paddingLeft - paddingRight
        var x = 0
        var y = 0
        var line = 0
        for (i in 0 until childCount) {
            val c = getChildAt(i)
            if (c.visibility == GONE) continue
            c.measure(MeasureSpec.makeMeasureSpec(width, MeasureSpec.AT_MOST), MeasureSpec.makeMeasureSpec(0, MeasureSpec.UNSPECIFIED))
            if (x > 0 && x + c.measuredWidth > width) {
                x = 0
                y += line + spacing
                line = 0
            }
            x += c.measuredWidth + spacing
            line = maxOf(line, c.measuredHeight)
        }
        setMeasuredDimension(MeasureSpec.getSize(widthMeasureSpec), y + line + paddingTop + paddingBottom)
    }

    override fun onLayout(changed: Boolean, l: Int, t: Int, r: Int, b: Int) {
        val width = r - l - paddingLeft - paddingRight
        var x = 0
        var y = 0
        var line = 0
        val rtl = layoutDirection == LAYOUT_DIRECTION_RTL
        for (i in 0 until childCount) {
            val c = getChildAt(i)
            if (c.visibility == GONE) continue
            if (x > 0 && x + c.measuredWidth > width) {
                x = 0
                y += line + spacing
                line = 0
            }
            val left = if (rtl) width - x - c.measuredWidth else x
            c.layout(paddingLeft + left, paddingTop + y, paddingLeft + left + c.measuredWidth, paddingTop + y + c.measuredHeight)
            x += c.measuredWidth + spacing
            line = maxOf(line, c.measuredHeight)
        }
    }
}
