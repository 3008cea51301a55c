package dev.slidepuzzle.app

import kotlin.math.max
import kotlin.math.min
import kotlin.math.roundToInt

/**
 * The crop screen's maths: a photo of [width]×[height] upright pixels under a square frame.
 * Zoom 1 shows the photo's shorter edge across the frame (never less: the frame is always
 * covered); pinching zooms in until the square is [minimumSide] pixels (a tile would otherwise
 * get coarser than the board's pixels); dragging pans, and the frame never leaves the photo.
 * Immutable: every gesture returns a new frame. Its square is [crop].
 */
data class CropFrame(
    val width: Double,
    val height: Double,
    val minimumSide: Double,
    val zoom: Double = 1.0,
    /** The photo pixel under the frame's centre. */
    val centerX: Double = width / 2,
    val centerY: Double = height / 2,
) {
    /** The frame's side in photo pixels. */
    val sidePixels: Double get() = min(width, height) / zoom

    /** The largest zoom: the square is [minimumSide] pixels. */
    val maximumZoom: Double get() = min(width, height) / minimumSide

    /** The square under the frame, in the core's fractions. */
    val crop: PhotoCrop
        get() {
            val side = sidePixels
            return PhotoCrop((centerX - side / 2) / width, (centerY - side / 2) / height, side / min(width, height))
        }

    /** Whether this is the centre square at zoom 1 (what the core cuts without a crop). */
    val isCentreSquare: Boolean
        get() = zoom == 1.0 && kotlin.math.abs(centerX - width / 2) < 0.5 && kotlin.math.abs(centerY - height / 2) < 0.5

    /** Pinch by [factor] around a focus at ([fx], [fy]) of a frame [frameSide] wide: the photo
     *  pixel under the fingers stays under them. */
    fun zoomed(factor: Double, fx: Double = 0.0, fy: Double = 0.0, frameSide: Double = 0.0): CropFrame {
        if (!factor.isFinite() || factor <= 0) return this
        val next = min(max(zoom * factor, 1.0), maximumZoom)
        if (frameSide <= 0) return copy(zoom = next).clamped()
        // The photo pixel under the focus before and after must be the same one.
        val before = sidePixels / frameSide
        val px = centerX + (fx - frameSide / 2) * before
        val py = centerY + (fy - frameSide / 2) * before
        val after = min(width, height) / next / frameSide
        return copy(zoom = next, centerX = px - (fx - frameSide / 2) * after, centerY = py - (fy - frameSide / 2) * after).clamped()
    }

    /** A drag of ([dx], [dy]) pixels of a frame [frameSide] wide: the photo follows the finger,
     *  so the square moves the other way. */
    fun panned(dx: Double, dy: Double, frameSide: Double): CropFrame {
        if (frameSide <= 0 || !dx.isFinite() || !dy.isFinite()) return this
        val perPixel = sidePixels / frameSide
        return copy(centerX = centerX - dx * perPixel, centerY = centerY - dy * perPixel).clamped()
    }

    /** Double-tap: back to the centre square. */
    fun reset(): CropFrame = copy(zoom = 1.0, centerX = width / 2, centerY = height / 2)

    /** TalkBack's nudge: a tenth of the side the way that shows more of that side. */
    fun nudged(direction: TileDirection): CropFrame {
        val step = sidePixels / 10
        return when (direction) {
            TileDirection.UP -> copy(centerY = centerY - step)
            TileDirection.DOWN -> copy(centerY = centerY + step)
            TileDirection.LEFT -> copy(centerX = centerX - step)
            TileDirection.RIGHT -> copy(centerX = centerX + step)
        }.clamped()
    }

    /** Where the photo is drawn under a frame [frameSide] wide whose top-left is the origin:
     *  left, top, width, height. */
    fun photoRect(frameSide: Double): DoubleArray {
        val scale = frameSide / sidePixels
        return doubleArrayOf(-(centerX - sidePixels / 2) * scale, -(centerY - sidePixels / 2) * scale, width * scale, height * scale)
    }

    /** The player's view of the photo, to come back to: zoom and centre. */
    fun encode(): String = "$zoom,$centerX,$centerY"

    /** This photo's frame with the view [encode] wrote (kept inside the photo and the zoom's
     *  range); this frame when [text] is missing or damaged. */
    fun decoded(text: String?): CropFrame {
        val parts = text?.split(',')?.mapNotNull { it.toDoubleOrNull() }?.takeIf { it.size == 3 && it.all { v -> v.isFinite() } } ?: return this
        return copy(zoom = min(max(parts[0], 1.0), maximumZoom), centerX = parts[1], centerY = parts[2]).clamped()
    }

    private fun clamped(): CropFrame {
        val half = sidePixels / 2
        return copy(centerX = min(max(centerX, half), width - half), centerY = min(max(centerY, half), height - half))
    }

    companion object {
        /** The centre square of a [w]×[h] photo, zooming in no further than a square of
         *  [boardEdge] pixels (the picture's edge: closer, tiles would be blown up). */
        fun of(w: Int, h: Int, boardEdge: Int): CropFrame {
            val width = max(w, 1).toDouble()
            val height = max(h, 1).toDouble()
            return CropFrame(width, height, min(boardEdge.toDouble().coerceAtLeast(16.0), min(width, height)))
        }
    }
}

/**
 * How large the platform decodes a photo the core cannot read (HEIF): the longest edge such
 * that the chosen square still has [edge] pixels, never more than the photo has, never past
 * 4096 (a 48 MP photo is never decoded whole).
 */
fun platformDecodeEdge(width: Int, height: Int, crop: PhotoCrop?, edge: Int): Int {
    val longest = max(width, height).toDouble()
    val shortest = max(min(width, height), 1).toDouble()
    val side = max(crop?.side ?: 1.0, 0.01)
    val needed = kotlin.math.ceil(edge / side * longest / shortest)
    return min(min(needed, longest), 4096.0).roundToInt()
}
