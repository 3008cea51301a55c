package dev.slidepuzzle.app

// The records: the core's store opened once (with the app's records file of before merged in),
// and each win recorded in it by its game's id. The store's files are touched on the storage
// thread only; the player learns the outcome through the state.

/** The core's records store, opened on first use (on the storage thread; a store that could not
 *  be opened is tried again by the next call). Throws [CoreError] when it cannot be opened. */
private fun GameController.book(): RecordsBook =
    records ?: core.openRecords(storage.recordsFolder).also { records = it }

/**
 * Opens the core's records store (on the storage thread) and merges into it, once, the
 * records file the app wrote itself before the store. That file is never deleted: once
 * merged it is moved aside as "merged"; one that cannot be read as records is moved aside as
 * "unreadable" and said; one that cannot be read at all, or whose merge could not be
 * written, stays where it is for the next launch. The rows, and a note for the player.
 */
internal fun GameController.openRecords(): Pair<List<RecordRow>?, Note?> {
    val book = try {
        book()
    } catch (e: CoreError) {
        return null to Note.RecordsUnreadable
    }
    var note: Note? = if (book.keptAside().isNotEmpty()) Note.RecordsKeptAside else null
    val legacy = try {
        storage.legacyRecords()
    } catch (e: java.io.IOException) {
        null
    }
    if (legacy != null) {
        val retire = try {
            book.merge(legacy)
            "merged"
        } catch (e: CoreError) {
            if (e.kind == CoreError.Kind.RECORDS_DAMAGED || e.kind == CoreError.Kind.RECORDS_NEWER) {
                note = Note.RecordsKeptAside
                "unreadable"
            } else {
                null
            }
        }
        // Moved aside or not, a second merge of the same file adds nothing.
        if (retire != null) runCatching { storage.retireLegacyRecords(retire) }
    }
    return book.rows() to note
}

/** The won game [g] as the records take it, with what the state knows of it. */
internal fun GameController.wonGame(g: CoreGame, helped: Boolean) = WonGame(
    state.size, state.picture?.recordName ?: "photo", g.moveCount(), g.elapsedMs(), state.fewest, helped, state.peeks,
)

/** Completes the record of the won game [id] with the [fewest] found after its win (on the
 *  storage thread, after the win's own record), and shows the records as they are now. A
 *  completion that could not be written leaves the win recorded without it. */
internal fun GameController.recordFewest(id: String, fewest: Fewest) {
    threads.storage {
        val rows = runCatching {
            val book = book()
            book.recordFewest(id, fewest)
            book.rows()
        }.getOrNull()
        threads.main { if (rows != null) publish(state.copy(records = rows)) }
    }
}

/** Records [win] of game [id] on the storage thread (opening the store if it could not be
 *  opened before), then completes the win's banner: what improved, or that it could not be
 *  recorded. Recorded once per id, however often it is asked. */
internal fun GameController.record(id: String, win: WonGame) {
    threads.storage {
        val outcome = runCatching {
            val book = book()
            book.record(id, win) to book.rows()
        }
        threads.main {
            if (closed) return@main
            val recorded = outcome.getOrNull()
            val rows = recorded?.second ?: state.records
            val shown = state.win?.takeIf { state.phase == Phase.WON && gameId == id }
            if (shown == null) {
                publish(state.copy(records = rows))
            } else if (recorded != null) {
                publish(state.copy(records = rows, win = shown.copy(movesChange = recorded.first.moves, timeChange = recorded.first.time)))
            } else {
                publish(announce(state.copy(win = shown.copy(notRecorded = true), note = Note.RecordNotSaved), Note.RecordNotSaved))
            }
        }
    }
}
