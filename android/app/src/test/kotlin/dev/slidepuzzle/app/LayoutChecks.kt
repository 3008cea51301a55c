package dev.slidepuzzle.app

import android.graphics.Color
import android.graphics.Rect
import android.graphics.drawable.ColorDrawable
import android.graphics.drawable.Drawable
import android.graphics.drawable.GradientDrawable
import android.graphics.drawable.LayerDrawable
import android.view.View
import android.view.ViewGroup
import android.widget.ScrollView
import android.widget.TextView
import kotlin.math.max
import kotlin.math.min

/**
 * What a screenshot's eye would catch, measured on the view tree of a whole window: clickable
 * views under the system bars or the cutout, smaller than 48 dp, overlapping each other; a board
 * that is not wholly visible; text that is cut (ellipsized, clipped, scrolled off a screen that
 * cannot scroll, or broken inside a word); night screens with a light background; text below 4.5:1 contrast; and words
 * that are the program's, not the player's. Each finding is one line naming the view.
 */
object LayoutChecks {
    /** Words that only a programmer would write. */
    private val internal = listOf(
        Regex("auto:"), Regex("idastar"), Regex("\\bnodes\\b"), Regex("\\b[A-Z]{2,}_[A-Z_]{2,}\\b"),
        Regex("Exception"), Regex("\\bnull\\b"), Regex("PuzzleError"), Regex("Kind\\."), Regex("\\blc\\b"),
    )

    fun check(root: View, insets: Insets4, night: Boolean, density: Float): List<String> {
        val problems = mutableListOf<String>()
        val window = Rect(0, 0, root.width, root.height)
        val safe = Rect(insets.left, insets.top, root.width - insets.right, root.height - insets.bottom)
        val views = mutableListOf<View>()
        collect(root, views)
        val shown = views.filter { visible(it) }
        // With a dialog up, what lies under its scrim cannot be touched: only the dialog counts.
        val dialog = shown.firstOrNull { it.id == R.id.dialog }
        val reachable = if (dialog == null) shown else shown.filter { it === dialog || ancestor(dialog, it) }
        val clickables = reachable.filter { it.isClickable && it.isEnabled && it !is ScrollView && it.id != R.id.dialog && !isScrim(it) }
        val min = (48 * density).toInt() - 1
        for (v in clickables) {
            val r = Rect()
            if (!v.getGlobalVisibleRect(r)) continue
            if (!safe.contains(r)) problems += "${name(v)} lies under a system bar or the cutout: $r outside $safe"
            // Tiles are cells of one grid the board handles as a whole (drags, taps anywhere in a
            // cell): on 8×8 a phone's cells are under 48 dp by the board's nature.
            if ((v.width < min || v.height < min) && v !is BoardView.TileView) problems += "${name(v)} is ${dp(v.width, density)}×${dp(v.height, density)} dp, under 48×48"
            if (!inScroll(v) && (r.width() < v.width || r.height() < v.height)) problems += "${name(v)} is cut: ${r.width()}×${r.height()} of ${v.width}×${v.height} shown"
        }
        for (i in clickables.indices) for (j in i + 1 until clickables.size) {
            val a = clickables[i]
            val b = clickables[j]
            if (related(a, b)) continue
            val ra = Rect()
            val rb = Rect()
            if (a.getGlobalVisibleRect(ra) && b.getGlobalVisibleRect(rb) && Rect.intersects(ra, rb)) {
                val overlap = Rect(ra).apply { intersect(rb) }
                if (overlap.width() > 1 && overlap.height() > 1) problems += "${name(a)} overlaps ${name(b)}"
            }
        }
        shown.firstOrNull { it.id == R.id.board }?.let { board ->
            val r = Rect()
            board.getGlobalVisibleRect(r)
            if (r.width() < board.width || r.height() < board.height) problems += "the board is not wholly visible: ${r.width()}×${r.height()} of ${board.width}×${board.height}"
            if (!safe.contains(r)) problems += "the board lies under a system bar or the cutout"
        }
        for (t in shown.filterIsInstance<TextView>()) {
            val layout = t.layout ?: continue
            val words = t.text?.toString().orEmpty()
            if (words.isBlank()) continue
            // The game's status slot may end in "…": a tap opens it in full.
            val opensInFull = t.id == R.id.note && t.hasOnClickListeners() && t.isClickable
            for (line in 0 until layout.lineCount) {
                if (layout.getEllipsisCount(line) > 0 && !opensInFull) problems += "${name(t)} is ellipsized: \"${words.take(40)}\""
            }
            // A line may end between words, never inside one ("Fewe|st", a hyphen the layout added).
            for (line in 0 until layout.lineCount - 1) {
                val end = layout.getLineEnd(line)
                if (end in 1 until words.length && words[end - 1].isLetterOrDigit() && words[end].isLetterOrDigit()) {
                    problems += "${name(t)} breaks a word: \"${words.substring(maxOf(0, end - 12), end)}|${words.substring(end, minOf(words.length, end + 12))}\""
                }
            }
            val room = t.height - t.compoundPaddingTop - t.compoundPaddingBottom
            if (layout.height > room + 2) problems += "${name(t)} is clipped: its text is ${layout.height}px in ${room}px: \"${words.take(40)}\""
            val r = Rect()
            if (!inScroll(t) && t.getGlobalVisibleRect(r) && (r.height() < t.height - 1 || r.width() < t.width - 1)) {
                problems += "${name(t)} is cut off by the window: \"${words.take(40)}\""
            }
            // In a scroll view too: scrolling shows what lies below, never what is cut at the side.
            if (inScroll(t) && t.getGlobalVisibleRect(r) && r.width() < t.width - 1) {
                problems += "${name(t)} is cut at the side inside a scroll view: \"${words.take(40)}\""
            }
            if (t.isEnabled && t.alpha > 0.5f) {
                val fg = t.currentTextColor
                val bg = background(t)
                val ratio = contrast(fg, bg)
                if (ratio < 4.5) problems += "${name(t)} has contrast ${"%.2f".format(ratio)}:1 (text ${hex(fg)} on ${hex(bg)}): \"${words.take(40)}\""
            }
        }
        if (night) {
            val bg = background(root)
            if (luminance(bg) > 0.2) problems += "night mode has a light background ${hex(bg)}"
        }
        val said = shown.flatMap { v -> listOfNotNull((v as? TextView)?.text?.toString(), v.contentDescription?.toString()) }
        for (s in said) for (r in internal) if (r.containsMatchIn(s)) problems += "internal words on screen: \"${s.take(60)}\" (${r.pattern})"
        return problems
    }

    private fun collect(v: View, out: MutableList<View>) {
        out += v
        if (v is ViewGroup) for (i in 0 until v.childCount) collect(v.getChildAt(i), out)
    }

    private fun visible(v: View): Boolean {
        var p: View? = v
        while (p != null) {
            if (p.visibility != View.VISIBLE || p.alpha == 0f) return false
            p = p.parent as? View
        }
        return v.width > 0 && v.height > 0 && v.getGlobalVisibleRect(Rect())
    }

    private fun isScrim(v: View) = v.parent?.javaClass?.simpleName == "DecorView" || (v is ViewGroup && v.childCount == 1 && v.getChildAt(0).id == R.id.dialog)

    private fun inScroll(v: View): Boolean {
        var p = v.parent
        while (p is View) {
            if (p is ScrollView) return true
            p = p.parent
        }
        return false
    }

    private fun related(a: View, b: View): Boolean = ancestor(a, b) || ancestor(b, a)

    private fun ancestor(a: View, b: View): Boolean {
        var p = b.parent
        while (p is View) {
            if (p === a) return true
            p = p.parent
        }
        return false
    }

    private fun name(v: View): String {
        val id = if (v.id != View.NO_ID) runCatching { v.resources.getResourceEntryName(v.id) }.getOrNull() else null
        val words = (v as? TextView)?.text?.toString()?.take(24) ?: v.contentDescription?.toString()?.take(24)
        return "${v.javaClass.simpleName}${id?.let { "#$it" } ?: ""}${words?.let { " \"$it\"" } ?: ""}"
    }

    private fun dp(px: Int, density: Float) = (px / density).toInt()

    /** The colour behind [v]: the nearest solid background of it or an ancestor. */
    fun background(v: View): Int {
        var p: View? = v
        while (p != null) {
            val c = solid(p.background)
            if (c != null && Color.alpha(c) > 200) return c
            p = p.parent as? View
        }
        return Color.WHITE
    }

    private fun solid(d: Drawable?): Int? = when (d) {
        null -> null
        is ColorDrawable -> d.color
        is GradientDrawable -> d.color?.defaultColor
        is LayerDrawable -> (0 until d.numberOfLayers).firstNotNullOfOrNull { solid(d.getDrawable(it)) }
        else -> null
    }

    fun luminance(c: Int): Double {
        fun ch(v: Int): Double {
            val s = v / 255.0
            return if (s <= 0.03928) s / 12.92 else Math.pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * ch(Color.red(c)) + 0.7152 * ch(Color.green(c)) + 0.0722 * ch(Color.blue(c))
    }

    fun contrast(a: Int, b: Int): Double {
        val la = luminance(a)
        val lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    private fun hex(c: Int) = "#%08X".format(c)
}
