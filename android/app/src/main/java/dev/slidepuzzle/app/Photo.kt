package dev.slidepuzzle.app

// A photo picked, cropped and cut: the camera's or the picker's bytes read off the UI thread
// and kept in the photos folder, the crop screen's square, and the puzzle's picture cut by the
// core, or by the platform's decoder for what the core does not read (HEIF).

/** A photo from the camera or the picker: [read] fetches its bytes (off the UI thread),
 *  then the crop screen opens on it. */
fun GameController.photoPicked(read: () -> ByteArray?) {
    // One photo at a time: the pickers are disabled while one loads (Cancel drops it).
    if (state.screen != Screen.START || state.loadingPhoto) return
    val request = ++pictureRequest
    publish(state.copy(loadingPhoto = true, note = null))
    val edge = pictureEdge
    threads.background {
        val read: Result<Pair<ByteArray, CropState>> = runCatching {
            val bytes = read() ?: throw GameController.PhotoGone()
            bytes to cropStateFor(bytes, edge)
        }
        // Kept in the photos folder at once, so that a recreation or process death during
        // the crop comes back to it.
        threads.storage {
            val outcome = read.mapCatching { (bytes, crop) -> bytes to crop.copy(photoName = storage.storePhoto(bytes)) }
            threads.main {
                if (request != pictureRequest || state.screen != Screen.START || !state.loadingPhoto || closed) return@main
                outcome.fold(
                    onSuccess = { (bytes, crop) ->
                        photoBytes = bytes
                        publish(state.copy(screen = Screen.CROP, cropState = crop, loadingPhoto = false, note = null))
                    },
                    onFailure = { e -> publish(state.copy(loadingPhoto = false, note = pictureNote(e))) },
                )
            }
        }
    }
}

/** Cancel while a photo loads: the start screen as it was, the pickers enabled again. */
fun GameController.cancelPhoto() {
    if (!state.loadingPhoto) return
    pictureRequest += 1
    publish(state.copy(loadingPhoto = false))
}

/** The crop screen's starting point: the photo's size and preview, by the core, or by the
 *  platform for what the core cannot read (HEIF). */
internal fun GameController.cropStateFor(bytes: ByteArray, edge: Int): CropState = try {
    val (w, h) = core.photoSize(bytes)
    CropState(w, h, CropFrame.of(w, h, edge), core.photoPreview(bytes, GameController.PREVIEW_EDGE))
} catch (e: CoreError) {
    platformPixels(e, bytes, { _, _ -> GameController.PREVIEW_EDGE }) { w, h, p ->
        CropState(w, h, CropFrame.of(w, h, edge), Preview(p.width, p.height, rgbaToArgb(p.rgba, p.width, p.height, p.stride)))
    }
}

/** What the platform's decoder makes of [bytes] when the core refused their format ([e]),
 *  decoded at the longest edge [maxEdge] gives for the photo's size; [e] again when the
 *  refusal was for another reason or the platform cannot read them either. */
private fun <T> GameController.platformPixels(
    e: CoreError,
    bytes: ByteArray,
    maxEdge: (Int, Int) -> Int,
    use: (Int, Int, DecodedPixels) -> T,
): T {
    if (e.kind != CoreError.Kind.PICTURE_UNKNOWN_FORMAT) throw e
    val platform = decoder ?: throw e
    val (w, h) = platform.size(bytes) ?: throw e
    val pixels = platform.decode(bytes, maxEdge(w, h)) ?: throw e
    return use(w, h, pixels)
}

fun GameController.cropZoom(factor: Double, fx: Double, fy: Double, frameSide: Double) =
    updateCrop { it.zoomed(factor, fx, fy, frameSide) }

fun GameController.cropPan(dx: Double, dy: Double, frameSide: Double) = updateCrop { it.panned(dx, dy, frameSide) }

fun GameController.cropReset() = updateCrop { it.reset() }

fun GameController.cropNudge(direction: TileDirection) = updateCrop { it.nudged(direction) }

private fun GameController.updateCrop(change: (CropFrame) -> CropFrame) {
    val crop = state.cropState ?: return
    if (state.screen != Screen.CROP || crop.preparing) return
    publish(state.copy(cropState = crop.copy(frame = change(crop.frame))))
}

/** Use the square: the photo is stored and cut (off the UI thread), then the game begins. */
fun GameController.cropUse() {
    val crop = state.cropState ?: return
    val bytes = photoBytes ?: return
    if (state.screen != Screen.CROP || crop.preparing) return
    val square = crop.frame.crop.takeUnless { crop.frame.isCentreSquare }
    val edge = pictureEdge
    val size = state.size
    publish(state.copy(cropState = crop.copy(preparing = true)))
    threads.background {
        val art = runCatching { cut(bytes, square, edge) }
        threads.storage {
            val outcome = art.mapCatching { picture ->
                val name = crop.photoName ?: storage.storePhoto(bytes)
                storage.prunePhotos(keep = setOf(name))
                name to picture
            }
            threads.main {
                if (state.screen != Screen.CROP || closed) return@main
                outcome.fold(
                    onSuccess = { (name, picture) -> begin(PictureSource.Photo(name), picture, square, size) },
                    onFailure = { e ->
                        publish(state.copy(screen = Screen.START, cropState = null, note = pictureNote(e)))
                    },
                )
            }
        }
    }
}

/** The photo of a crop screen brought back by a restore. */
internal fun GameController.restoredPhoto(bytes: ByteArray) {
    photoBytes = bytes
}

fun GameController.cropCancel() {
    if (state.screen != Screen.CROP) return
    photoBytes = null
    publish(state.copy(screen = Screen.START, cropState = null))
}

/** The puzzle's picture from a photo: cut by the core, or decoded by the platform no larger
 *  than the square needs and cut from its pixels. */
internal fun GameController.cut(bytes: ByteArray, crop: PhotoCrop?, edge: Int): PictureData = try {
    core.photoPicture(bytes, crop, edge)
} catch (e: CoreError) {
    platformPixels(e, bytes, { w, h -> platformDecodeEdge(w, h, crop, edge) }) { _, _, pixels ->
        core.pixelsPicture(pixels, crop, edge)
    }
}
