package dev.slidepuzzle.app

import android.content.Context
import java.text.NumberFormat

/**
 * Every sentence the app shows a player, from resources in the player's language, with numbers
 * and durations formatted for their locale. The state holds typed [Note]s; this turns them into
 * words. The core's own sentences never reach the player: each error kind has its string.
 */
class PlayerText(private val context: Context) {
    private val res = context.resources
    private val locale = res.configuration.locales[0]
    private val numbers = NumberFormat.getIntegerInstance(locale)

    fun string(id: Int, vararg args: Any): String = context.getString(id, *args)

    /** "149,734" (English), "149.734" (German). */
    fun number(n: Long): String = numbers.format(n)

    /** "42 moves" (German: "42 Züge"). */
    fun moves(n: Int): String = res.getQuantityString(R.plurals.moves, n, number(n.toLong()))

    /** "42 moves" after "in" or "with" (German: "42 Zügen"). */
    fun movesIn(n: Int): String = res.getQuantityString(R.plurals.moves_in, n, number(n.toLong()))

    /** Play time as "0:42" or "1:02:03". */
    fun clock(ms: Long): String {
        val s = ms.coerceAtLeast(0) / 1000
        val (h, m, sec) = Triple(s / 3600, s / 60 % 60, s % 60)
        return if (h > 0) String.format(locale, "%d:%02d:%02d", h, m, sec) else String.format(locale, "%d:%02d", m, sec)
    }

    /** "19 ms", "1.2 s" ("1,2 s" in German), "12 s". */
    fun duration(ms: Long): String = when {
        ms < 1000 -> "${number(ms)} ms"
        ms < 10_000 -> String.format(locale, "%.1f s", ms / 1000.0)
        else -> "${number((ms + 500) / 1000)} s"
    }

    fun boardName(size: Int) = string(R.string.board, size)

    fun direction(d: TileDirection): String = string(
        when (d) {
            TileDirection.UP -> R.string.direction_up
            TileDirection.DOWN -> R.string.direction_down
            TileDirection.LEFT -> R.string.direction_left
            TileDirection.RIGHT -> R.string.direction_right
        },
    )

    fun builtinName(id: String): String = when (id) {
        "sunset" -> string(R.string.picture_sunset)
        "aurora" -> string(R.string.picture_aurora)
        "mandala" -> string(R.string.picture_mandala)
        "bauhaus" -> string(R.string.picture_bauhaus)
        "photo" -> string(R.string.picture_photo)
        else -> id
    }

    /** The line for [note]. */
    fun note(note: Note): String = when (note) {
        Note.ChooseBlank -> string(R.string.note_choose_blank)
        Note.NowShuffle -> string(R.string.note_now_shuffle)
        Note.TapShuffle -> string(R.string.note_tap_shuffle)
        is Note.NotInLine -> note.tile?.let { string(R.string.note_not_in_line, it) } ?: string(R.string.note_not_in_line_piece)
        Note.Shuffling -> string(R.string.note_shuffling)
        Note.PreparingShuffle -> string(R.string.note_preparing_shuffle)
        Note.ShuffleCancelled -> string(R.string.note_shuffle_cancelled)
        is Note.LevelNotOffered -> string(R.string.note_level_not_offered, string(note.level.shortTitle), boardName(note.size))
        is Note.Searching -> if (note.positions == 0L) string(R.string.note_searching)
        else res.getQuantityString(R.plurals.note_searching_positions, quantity(note.positions), number(note.positions))
        Note.PreparingDatabases -> string(R.string.note_preparing_databases)
        Note.AutoStopped -> string(R.string.note_auto_stopped)
        Note.PlaybackBroke -> string(R.string.note_playback_broke)
        is Note.HintNote -> if (note.numbered) string(R.string.note_hint, note.hint.tile, direction(note.hint.direction))
        else string(R.string.note_hint_piece, direction(note.hint.direction))
        is Note.HintFailed -> string(if (note.error.kind == CoreError.Kind.LIMIT_TIME) R.string.note_hint_failed_time else R.string.note_hint_failed)
        Note.AutoPaused -> string(R.string.note_auto_paused)
        is Note.PatternDatabasesTooSmall -> string(R.string.note_pdb_too_small, boardName(note.size))
        is Note.SolveFailed -> solveFailure(note.error, note.choice, note.size)
        is Note.PictureFailed -> string(R.string.note_picture_failed, pictureProblem(note.error))
        Note.PhotoMissing -> string(R.string.note_photo_missing)
        Note.PhotoGone -> string(R.string.note_photo_gone)
        Note.RestoreFailed -> string(R.string.note_restore_failed)
        Note.RecordsKeptAside -> string(R.string.note_records_kept_aside)
        Note.RecordsUnreadable -> string(R.string.note_records_unreadable)
        Note.RecordNotSaved -> string(R.string.note_record_not_saved)
        Note.FindingHint -> string(R.string.note_finding_hint)
        Note.NoCamera -> string(R.string.note_no_camera)
        Note.NoPicker -> string(R.string.note_no_picker)
        is Note.Moved -> if (note.numbered) moved(note.tiles, note.direction) else string(R.string.note_moved_piece, direction(note.direction))
        is Note.Won -> if (note.byAuto) string(R.string.win_by_auto, movesIn(note.moves)) else string(R.string.note_won, movesIn(note.moves), clock(note.elapsedMs))
        Note.AutoStarted -> string(R.string.note_auto_started)
        is Note.AutoFound -> string(R.string.note_auto_found, movesIn(note.moves))
    }

    /** What TalkBack says for [note] (the hint says "Hint:" first). */
    fun spoken(note: Note): String = when (note) {
        is Note.HintNote -> string(R.string.note_hint_spoken, note(note.copy(numbered = true)))
        else -> note(note)
    }

    private fun moved(tiles: List<Int>, d: TileDirection): String =
        if (tiles.size == 1) string(R.string.note_moved, tiles[0], direction(d))
        else string(R.string.note_moved_many, list(tiles.map { it.toString() }), direction(d))

    /** "3, 5 and 7" ("3, 5 und 7"). */
    fun list(items: List<String>): String =
        if (items.size < 2) items.joinToString("") else string(R.string.list_and, items.dropLast(1).joinToString(", "), items.last())

    /** Why a picture was refused, by kind. */
    fun pictureProblem(e: CoreError): String = string(
        when (e.kind) {
            CoreError.Kind.PICTURE_UNKNOWN_FORMAT -> R.string.photo_unknown_format
            CoreError.Kind.PICTURE_TRUNCATED -> R.string.photo_truncated
            CoreError.Kind.PICTURE_DAMAGED -> R.string.photo_damaged
            CoreError.Kind.PICTURE_TOO_LARGE -> R.string.photo_too_large
            CoreError.Kind.PICTURE_EMPTY -> R.string.photo_empty
            else -> R.string.photo_other
        },
    )

    /** Why Auto stopped without a path, with what to try instead. */
    fun solveFailure(e: CoreError, choice: AlgorithmChoice, size: Int): String {
        val method = string(choice.title)
        val board = boardName(size)
        return when (e.kind) {
            CoreError.Kind.LIMIT_MEMORY -> string(R.string.fail_memory, method, string(R.string.megabytes, number(MEMORY_BUDGET_MB)), board)
            // Auto itself out of time: pointing at Auto would send the player round in a circle.
            CoreError.Kind.LIMIT_TIME -> if (choice == AlgorithmChoice.AUTO) string(R.string.fail_time_auto, duration(autoBudgetMs(size)), board)
            else string(R.string.fail_time, method, duration(autoBudgetMs(size)), board)
            CoreError.Kind.LIMIT_NODES -> string(R.string.fail_nodes, method, board)
            CoreError.Kind.CANCELLED -> string(R.string.note_auto_stopped)
            CoreError.Kind.UNSUPPORTED -> string(R.string.fail_unsupported, method, board)
            CoreError.Kind.DATABASES -> string(R.string.fail_databases, board)
            else -> string(R.string.fail_other)
        }
    }

    /** Auto's line while it plays, before the win: "Found the fewest: 45 moves from here", or
     *  the path it found and the bound. */
    fun foundLine(r: SolveReport): String =
        if (r.optimal) string(R.string.solve_found_fewest, moves(r.moves.size)) else boundLine(r)

    /** "Solved in 42 moves — the fewest possible"; "Found a 58-move solution in 1.0 s; the
     *  fewest is at least 52". */
    fun solveLine(r: SolveReport): String =
        if (r.optimal) string(R.string.solve_optimal, movesIn(r.moves.size)) else boundLine(r)

    /** A path not proven the fewest: its length, the search's time and the bound it proved. */
    private fun boundLine(r: SolveReport): String = string(
        R.string.solve_bound,
        res.getQuantityString(R.plurals.move_count_adjective, r.moves.size, number(r.moves.size.toLong())),
        duration(r.elapsedMs), number(r.lowerBound.toLong()),
    )

    /** The details one tap away from the solve line. */
    fun solveDetails(r: SolveReport): List<String> {
        val lines = mutableListOf(string(R.string.details_method, methodName(r.method)))
        if (r.choice == AlgorithmChoice.AUTO) lines += string(R.string.details_auto_chose)
        lines += if (r.optimal) string(R.string.details_proven) else string(R.string.details_bound, number(r.lowerBound.toLong()))
        lines += res.getQuantityString(R.plurals.details_positions, quantity(r.positions), number(r.positions))
        lines += string(R.string.details_time, duration(r.elapsedMs))
        return lines
    }

    /** A player's name for the core's method id ("auto:idastar+pdb" → "Auto chose IDA* with
     *  pattern databases"). */
    fun methodName(id: String): String {
        if (id.startsWith("auto:")) return string(R.string.method_auto_chose, methodName(id.removePrefix("auto:")))
        val parts = id.split('+', limit = 2)
        val search = when (parts[0]) {
            "bfs" -> string(R.string.method_bfs)
            "bibfs" -> string(R.string.method_bibfs)
            "astar" -> string(R.string.method_astar)
            "idastar" -> string(R.string.method_idastar)
            "pdb" -> string(R.string.method_pdb)
            "beam" -> string(R.string.method_beam)
            "reduction" -> string(R.string.method_reduction)
            else -> string(R.string.method_other)
        }
        if (parts.size < 2) return search
        val pieces = parts[1].split('×', limit = 2)
        val estimate = when (pieces[0]) {
            "lc" -> string(R.string.estimate_lc)
            "manhattan" -> string(R.string.estimate_manhattan)
            "pdb" -> string(R.string.estimate_pdb)
            "zero" -> string(R.string.estimate_zero)
            else -> string(R.string.estimate_other)
        }
        val with = string(R.string.method_with, search, estimate)
        if (pieces.size < 2) return with
        if (parts[0] == "beam") {
            val kept = pieces[1].toLongOrNull()?.let { number(it) } ?: pieces[1]
            return string(R.string.method_beam_width, with, kept)
        }
        return string(R.string.method_weighted, with, pieces[1])
    }

    /** The win banner's lines: what the game took, the fewest possible (or that it is still
     *  being found, [findingFewest]; none when not [withFewest]), what improved on
     *  [size]×[size] with [picture] (a built-in's id, or "photo"). */
    fun winLines(
        w: WinSummary,
        size: Int,
        picture: String,
        findingFewest: Boolean = false,
        withFewest: Boolean = true,
    ): List<String> {
        val lines = mutableListOf(string(R.string.win_line, moves(w.moves), clock(w.elapsedMs)))
        val fewest = w.fewest?.takeIf { it.proven }
        when {
            !withFewest -> {}
            fewest != null -> {
                val matched = w.moves <= fewest.moves && !w.byAuto
                lines += string(if (matched) R.string.win_fewest_matched else R.string.win_fewest, number(fewest.moves.toLong()))
            }
            findingFewest -> lines += string(R.string.win_fewest_finding)
            !w.byAuto -> lines += string(R.string.win_fewest_unknown)
        }
        if (w.helped) {
            lines += string(R.string.win_helped)
        } else {
            val board = boardName(size)
            val name = builtinName(picture)
            when (val m = w.movesChange) {
                is Improvement.Better -> lines += string(R.string.win_best_moves, board, name, number(w.moves.toLong()), number(m.was))
                Improvement.First -> lines += string(R.string.win_first, board)
                else -> {}
            }
            (w.timeChange as? Improvement.Better)?.let {
                lines += string(R.string.win_best_time, board, name, clock(w.elapsedMs), clock(it.was))
            }
        }
        if (w.notRecorded) lines += string(R.string.note_record_not_saved)
        if (!w.byAuto) {
            lines += if (w.peeks == 0) string(R.string.win_no_peek)
            else res.getQuantityString(R.plurals.win_peeks, w.peeks, number(w.peeks.toLong()))
        }
        return lines
    }

    /** The game screen's status: what happened, Auto's progress and line, or the win. The
     *  slot shows two lines; a tap shows them all. */
    fun statusLines(s: UiState): List<String> {
        val win = s.win
        if (s.phase == Phase.WON && win != null) {
            // Auto's win counts Auto's moves (the player's before it are in the header's count).
            val autoMoves = win.autoMoves ?: win.moves
            val head = if (win.byAuto) string(R.string.win_by_auto, movesIn(autoMoves))
            else string(R.string.note_won, movesIn(win.moves), clock(win.elapsedMs))
            // Auto taking over mid-game: its count is from where it took over (45), and any
            // "fewest possible" beside it, the shuffle's (46) or its path's from there, reads as a
            // contradiction of the header's; Details still says what Auto's path was.
            val fromShuffle = !win.byAuto || autoMoves == win.moves
            val lines = winLines(win, s.size, s.picture?.recordName ?: "photo", s.findingFewest, withFewest = fromShuffle)
            return listOf(head) + lines.drop(1) + listOfNotNull(s.solve?.takeIf { fromShuffle }?.let { solveLine(it) })
        }
        val lines = mutableListOf<String>()
        val playback = s.playback?.takeIf { s.phase == Phase.ANIMATING }
        s.note?.let { lines += note(it) }
        if (playback != null) {
            val at = string(R.string.status_move, number(playback.played.toLong()), number(playback.total.toLong()))
            lines += if (playback.paused) string(R.string.status_paused, at) else at
        }
        // "Found the fewest: 45 moves from here" is true until Auto's first move, then the
        // playback's own line counts on from it.
        if (playback == null || playback.played == 0) s.solve?.let { lines += foundLine(it) }
        return lines
    }

    /** TalkBack's label of [cell]. */
    fun cellLabel(s: UiState, cell: Int): String {
        val (row, column) = cell / s.size + 1 to cell % s.size + 1
        if (s.tiles.isEmpty()) return string(R.string.cell_choose, row, column)
        val tile = s.tiles.getOrElse(cell) { 0 }
        val movable = s.canPlay && cell in s.movable
        return when {
            tile == 0 -> string(R.string.cell_empty, row, column)
            // Numbers hidden: TalkBack names no number the player cannot see.
            !s.numbered -> string(if (movable) R.string.cell_piece_movable else R.string.cell_piece, row, column)
            s.canPlay && cell in s.movable -> string(R.string.cell_tile_movable, tile, row, column)
            else -> string(R.string.cell_tile, tile, row, column)
        }
    }

    /** A count for a plural rule: the platform's rules take an int. */
    private fun quantity(n: Long): Int = if (n > Int.MAX_VALUE) Int.MAX_VALUE else n.toInt()
}
