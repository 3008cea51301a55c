package dev.slidepuzzle.app

// What is saved when the app leaves the screen, and the restore at launch. The save is a flat
// map of strings (a Bundle on rotation, SharedPreferences across process death), versioned:
// version 2 is this app's; a save without a version is the first app's, and still loads.

/** The save's version. */
const val SESSION_VERSION = 2

/** Everything needed to come back after rotation, backgrounding or process death. A search or
 *  a shuffle in flight is not resumed: the board is saved as the player last had it. */
fun GameController.snapshot(): Map<String, String> {
    val running = state.clock.running
    pauseClock()
    if (running) syncClock()
    val out = HashMap<String, String>()
    out["v"] = SESSION_VERSION.toString()
    out["size"] = state.size.toString()
    out["algorithm"] = state.settings.algorithm.name
    out["speed"] = state.settings.speed.name
    out["numbers"] = state.settings.showNumbers.toString()
    out["difficulty"] = state.settings.difficulty.name
    val crop = state.cropState
    if (state.screen == Screen.CROP && crop?.photoName != null) {
        // The crop in progress: its photo is already in the photos folder.
        out["screen"] = Screen.CROP.name
        out["cropPhoto"] = crop.photoName
        out["cropFrame"] = crop.frame.encode()
        return out
    }
    if (state.screen != Screen.GAME) return out
    val phase = when (state.phase) {
        Phase.SOLVING, Phase.ANIMATING -> Phase.PLAYING
        Phase.SHUFFLING -> shuffleReturn ?: Phase.PLAYING
        else -> state.phase
    }
    out["screen"] = Screen.GAME.name
    out["phase"] = phase.name
    state.picture?.let { out["picture"] = it.encode() }
    state.crop?.let { out["crop"] = it.encode() }
    state.fewest?.let { out["fewest"] = "${it.moves},${it.proven}" }
    out["clockStarted"] = state.clockStarted.toString()
    out["helped"] = state.helped.toString()
    out["peeks"] = state.peeks.toString()
    fewestStart?.let { out["fewestStart"] = it.joinToString(" ") }
    if (fewestGivenUp) out["fewestGivenUp"] = "true"
    gameId?.let { out["gameId"] = it }
    state.win?.takeIf { phase == Phase.WON }?.let { w ->
        out["wonByAuto"] = w.byAuto.toString()
        w.autoMoves?.let { out["autoMoves"] = it.toString() }
    }
    game?.let { out["game"] = it.save() }
    return out
}

/** Restores [saved] (either version). The board comes back at once; its picture is drawn in
 *  the background, and a photo that is gone leaves numbered tiles with a one-line notice. A
 *  damaged save starts over at the start screen. */
fun GameController.restore(saved: Map<String, String>) {
    stopAll()
    val version = saved["v"]?.toIntOrNull() ?: 1
    val settings = Settings(
        algorithm = enumOr(saved["algorithm"], AlgorithmChoice.AUTO),
        speed = if (version >= 2) enumOr(saved["speed"], PlaybackSpeed.NORMAL) else speedOfDelay(saved["speed"]?.toLongOrNull()),
        showNumbers = saved["numbers"] == "true",
        difficulty = enumOr(saved["difficulty"], Difficulty.RANDOM),
    )
    val size = saved["size"]?.toIntOrNull()?.takeIf { it in GameController.MIN_SIZE..GameController.MAX_SIZE } ?: 4
    val base = UiState(size = size, settings = settings, records = state.records, note = state.note)
    // The first app saved "START", "CHOOSE_BLANK", … and no screen; version 2 says the screen.
    val phaseName = saved["phase"]
    val inGame = if (version >= 2) saved["screen"] == Screen.GAME.name else phaseName != null && phaseName != "START"
    val phase = enumOr(phaseName, Phase.CHOOSE_BLANK)
    if (saved["screen"] == Screen.CROP.name) {
        restoreCrop(base, saved["cropPhoto"], saved["cropFrame"])
        return
    }
    val picture = PictureSource.decode(saved["picture"])
    val text = saved["game"]
    if (!inGame || picture == null) {
        game = null
        publish(base)
        return
    }
    var restored: CoreGame? = null
    if (phase != Phase.CHOOSE_BLANK) {
        restored = try {
            text?.let { core.restore(it) }
        } catch (e: CoreError) {
            null
        }
        if (restored == null) {
            game = null
            publish(base.copy(note = Note.RestoreFailed))
            return
        }
    }
    game = restored
    val crop = PhotoCrop.decode(saved["crop"])
    val fewest = saved["fewest"]?.split(',')?.let { parts ->
        parts.getOrNull(0)?.toIntOrNull()?.let { Fewest(it, parts.getOrNull(1) != "false") }
    } ?: saved["best"]?.toIntOrNull()?.let { Fewest(it, true) }
    fewestStart = saved["fewestStart"]?.split(' ')?.mapNotNull { it.toIntOrNull() }?.takeIf { it.isNotEmpty() }
    fewestGivenUp = saved["fewestGivenUp"] == "true"
    // A save from before game ids: the restored game gets one now.
    gameId = saved["gameId"] ?: restored?.let { core.newGameId() }
    publish(
        base.copy(
            screen = Screen.GAME, phase = phase, picture = picture, crop = crop, fewest = fewest,
            clockStarted = saved["clockStarted"]?.toBoolean() ?: (phase == Phase.PLAYING && (restored?.moveCount() ?: 0) > 0),
            helped = saved["helped"] == "true", peeks = saved["peeks"]?.toIntOrNull() ?: 0,
            note = if (phase == Phase.CHOOSE_BLANK) Note.ChooseBlank else null,
        ),
    )
    if (restored != null) publish(fromGame(phase).copy(clock = ClockState(restored.elapsedMs())))
    // A won game shows its win again, and is recorded again by its id (counted once: the app
    // may have been stopped between the win and its record), which brings back what the win
    // improved. A save from before game ids was recorded by the app of then: not again.
    val id = saved["gameId"]
    if (phase == Phase.WON && restored != null) {
        val helped = state.helped
        val byAuto = saved["wonByAuto"] == "true"
        val summary = WinSummary(
            restored.moveCount(), restored.elapsedMs(), state.fewest, byAuto, helped, state.peeks, null, null,
            autoMoves = if (byAuto) saved["autoMoves"]?.toIntOrNull() else null,
        )
        publish(state.copy(win = summary))
        if (id != null) {
            wonGameId = id
            record(id, wonGame(restored, helped))
        }
    }
    drawRestoredPicture(picture, crop)
    syncClock()
    resumeFewest()
}

/** Back to the crop screen as it was: the kept photo read again (in the background), the square
 *  where the player left it. A photo that is gone goes back to the start screen, saying so. */
private fun GameController.restoreCrop(base: UiState, name: String?, frame: String?) {
    game = null
    if (name == null) {
        publish(base)
        return
    }
    publish(base.copy(screen = Screen.CROP, cropState = null))
    val edge = pictureEdge
    val gen = generation
    threads.storage {
        val bytes = storage.loadPhoto(name)
        threads.background {
            val crop = bytes?.let { b -> runCatching { cropStateFor(b, edge) }.getOrNull() }
            threads.main {
                if (gen != generation || state.screen != Screen.CROP || state.cropState != null || closed) return@main
                if (bytes == null || crop == null) {
                    publish(announce(state.copy(screen = Screen.START, note = Note.PhotoGone), Note.PhotoGone))
                } else {
                    restoredPhoto(bytes)
                    publish(state.copy(cropState = crop.copy(frame = crop.frame.decoded(frame), photoName = name)))
                }
            }
        }
    }
}

/** Draws the restored game's picture in the background; a photo that is gone leaves numbered
 *  tiles and says so. */
private fun GameController.drawRestoredPicture(picture: PictureSource, crop: PhotoCrop?) {
    val edge = pictureEdge
    val gen = generation
    threads.background {
        val art = draw(picture, crop, edge)
        threads.main {
            if (gen != generation || state.picture != picture) return@main
            if (art != null) {
                publish(state.copy(art = art))
            } else {
                publish(announce(state.copy(note = Note.PhotoMissing, settings = state.settings), Note.PhotoMissing))
            }
        }
    }
}

private inline fun <reified T : Enum<T>> enumOr(name: String?, default: T): T =
    name?.let { n -> enumValues<T>().firstOrNull { it.name == n } } ?: default

/** The first app saved Auto's speed as milliseconds between moves. */
private fun speedOfDelay(ms: Long?): PlaybackSpeed =
    ms?.let { delay -> PlaybackSpeed.values().minByOrNull { kotlin.math.abs(it.delayMs - delay) } } ?: PlaybackSpeed.NORMAL
