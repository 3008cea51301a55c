package dev.slidepuzzle.app

import kotlin.math.abs
import kotlin.math.max
import kotlin.math.min

/**
 * A finger on the board: the tiles it carries and how far. A drag starts on the tile under the
 * finger and carries that tile and every tile between it and the empty space, toward the empty
 * space only, at most one step (a tile's edge). Let go past [COMMIT_FRACTION] of a step, or
 * flicked toward the empty space, the tiles slide (the same move as a tap on the first one);
 * otherwise they settle back.
 */
class BoardTouch private constructor(
    /** The cell where the finger started. */
    val startCell: Int,
    /** The cells whose tiles move, from the touched one to the one next to the empty space. */
    val cells: List<Int>,
    /** The way they move. */
    val direction: TileDirection,
) {
    /** The carried tiles' offset for a finger moved by ([dx], [dy]) pixels: along the
     *  direction only, between no move and one [step]. */
    fun offset(dx: Float, dy: Float, step: Float): Pair<Float, Float> {
        val clamped = min(max(along(dx, dy), 0f), step)
        return when (direction) {
            TileDirection.RIGHT -> clamped to 0f
            TileDirection.LEFT -> -clamped to 0f
            TileDirection.DOWN -> 0f to clamped
            TileDirection.UP -> 0f to -clamped
        }
    }

    /** Whether letting go completes the slide: past [COMMIT_FRACTION] of a step, or a flick of
     *  at least [flick] pixels a second toward the empty space. */
    fun commits(dx: Float, dy: Float, step: Float, vx: Float = 0f, vy: Float = 0f, flick: Float = Float.MAX_VALUE): Boolean {
        val (x, y) = offset(dx, dy, step)
        return max(abs(x), abs(y)) >= step * COMMIT_FRACTION || along(vx, vy) >= flick
    }

    private fun along(x: Float, y: Float): Float = when (direction) {
        TileDirection.RIGHT -> x
        TileDirection.LEFT -> -x
        TileDirection.DOWN -> y
        TileDirection.UP -> -y
    }

    companion object {
        /** The share of a step past which a drag let go slides (the same on both apps). */
        const val COMMIT_FRACTION = 0.35f
        /** How long a finger held still on the board waits before it peeks (both apps). */
        const val PEEK_DELAY_MS = 700L
        /** A flick: faster than this (dp a second) toward the empty space slides (both apps). */
        const val FLICK_DP_PER_SECOND = 600f

        /** The drag that starts on [cell], or null when that tile cannot move (the empty space,
         *  or a tile outside its row and column). */
        fun start(cell: Int, tiles: List<Int>, size: Int): BoardTouch? {
            if (size <= 0 || tiles.size != size * size || cell !in tiles.indices) return null
            val blank = tiles.indexOf(0)
            if (blank < 0 || blank == cell) return null
            val (row, column) = cell / size to cell % size
            val (blankRow, blankColumn) = blank / size to blank % size
            val (direction, step) = when {
                row == blankRow -> if (blankColumn > column) TileDirection.RIGHT to 1 else TileDirection.LEFT to -1
                column == blankColumn -> if (blankRow > row) TileDirection.DOWN to size else TileDirection.UP to -size
                else -> return null
            }
            val cells = generateSequence(cell) { it + step }.takeWhile { it != blank }.toList()
            return BoardTouch(cell, cells, direction)
        }
    }
}
