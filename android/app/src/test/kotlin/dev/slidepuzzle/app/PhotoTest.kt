package dev.slidepuzzle.app

import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode

/**
 * A photo becomes the player's square: read off the UI thread, shown whole on the crop screen,
 * zoomed and panned within the photo, cut by the core (loadPictureCropped), or, in a format the
 * core does not read, decoded by the platform no larger than needed and cut from its pixels
 * (pictureFromPixels).
 */
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class PhotoTest {
    private val threads = HandThreads()
    private val storage = TempStorage()
    private val core = WrappedCore()

    @Test
    fun aPhotoIsReadInTheBackgroundThenCroppedWhereThePlayerChose() {
        val c = newController(threads, storage = storage, core = core)
        val photo = photoJpeg(1200, 800)
        var readOn: Thread? = null
        c.photoPicked {
            readOn = Thread.currentThread()
            photo
        }
        assertTrue("a spinner while the photo is read", c.state.loadingPhoto)
        assertNull("not read on the caller's thread", readOn)
        threads.drain()
        assertEquals(Screen.CROP, c.state.screen)
        val crop = c.state.cropState!!
        assertEquals(1200 to 800, crop.width to crop.height)
        assertEquals("the preview is the whole photo", 1200.0 / 800, crop.preview!!.width.toDouble() / crop.preview!!.height, 0.01)
        assertTrue(crop.frame.isCentreSquare)
        // Zoom in around the top-left and pan right: the square stays inside the photo.
        c.cropZoom(2.0, 0.0, 0.0, 400.0)
        c.cropPan(-10_000.0, 0.0, 400.0)
        val square = c.state.cropState!!.frame.crop
        assertEquals(0.5, square.side, 1e-9)
        assertEquals("panned to the right edge", 1.0, square.x + square.side * 800 / 1200, 1e-9)
        c.cropUse()
        threads.drain()
        assertEquals(Screen.GAME, c.state.screen)
        assertEquals(square, c.state.crop)
        // Which pixels that square holds: theSquareThePlayerMovedToIsTheOneCutPixelForPixel.
        assertEquals(c.pictureEdge, c.state.art!!.edge)
        assertTrue("the photo is kept for a restore", c.state.picture is PictureSource.Photo)
        val name = (c.state.picture as PictureSource.Photo).fileName
        assertArrayEquals(photo, storage.loadPhoto(name))
    }

    @Test
    fun doubleTapResetsAndTheSquareNeverGetsSmallerThanTheBoardsPixels() {
        val frame = CropFrame.of(4000, 3000, 1000)
        val zoomed = frame.zoomed(100.0)
        assertEquals("no closer than the board's 1000 pixels", 1000.0, zoomed.sidePixels, 1e-9)
        assertEquals(frame, zoomed.reset())
        assertEquals("never smaller than the photo's short edge", 3000.0, frame.zoomed(0.1).sidePixels, 1e-9)
        val nudged = zoomed.nudged(TileDirection.LEFT)
        assertTrue(nudged.centerX < zoomed.centerX)
        var far = zoomed
        repeat(100) { far = far.nudged(TileDirection.UP) }
        assertEquals("clamped at the top", 0.0, far.crop.y, 1e-9)
        // A pinch keeps the photo pixel under the fingers where it was.
        val pinched = frame.zoomed(2.0, 100.0, 300.0, 400.0)
        val under = { f: CropFrame, x: Double, y: Double ->
            val r = f.photoRect(400.0)
            ((x - r[0]) / r[2] * 4000) to ((y - r[1]) / r[3] * 3000)
        }
        val before = under(frame, 100.0, 300.0)
        val after = under(pinched, 100.0, 300.0)
        assertEquals(before.first, after.first, 1e-6)
        assertEquals(before.second, after.second, 1e-6)
    }

    @Test
    fun aFormatTheCoreCannotReadIsDecodedByThePlatformAtTheSizeNeeded() {
        // HEIF bytes (an ftyp box of brand heic): the core refuses them by kind, the platform
        // decoder (a stand-in here: the JVM has no HEIF decoder) hands over pixels.
        val heif = byteArrayOf(0, 0, 0, 24) + "ftypheic".toByteArray() + ByteArray(64)
        val decoder = StandInDecoder(3000, 2000)
        val c = newController(threads, storage = storage, core = core, decoder = decoder)
        c.photoPicked { heif }
        threads.drain()
        assertEquals(Screen.CROP, c.state.screen)
        assertEquals(3000 to 2000, c.state.cropState!!.width to c.state.cropState!!.height)
        c.cropZoom(2.0, 0.0, 0.0, 400.0)
        c.cropUse()
        threads.drain()
        assertEquals(Screen.GAME, c.state.screen)
        // Decoded no larger than the square needs: a square of half the short edge, edge 256.
        assertEquals(platformDecodeEdge(3000, 2000, c.state.crop, c.pictureEdge), decoder.lastMaxEdge)
        assertTrue(decoder.lastMaxEdge < 3000)
        // The picture is the core's cut of the decoded pixels: its top-left quarter is red.
        val art = c.state.art!!
        assertEquals(0xFFFF0000.toInt(), art.argb[art.edge * 5 + 5])
    }

    @Test
    fun aPhotoNothingCanReadIsRefusedInWordsAndTheStartScreenStays() {
        val c = newController(threads, storage = storage, core = core)
        c.photoPicked { "not a photo".toByteArray() }
        threads.drain()
        assertEquals(Screen.START, c.state.screen)
        assertFalse(c.state.loadingPhoto)
        assertEquals(CoreError.Kind.PICTURE_UNKNOWN_FORMAT, (c.state.note as Note.PictureFailed).error.kind)
        c.photoPicked { null }
        threads.drain()
        assertEquals(Note.PhotoGone, c.state.note)
        // Damaged when cut (injected): back to the start, said by kind.
        c.photoPicked { photoJpeg(300, 200) }
        threads.drain()
        core.photoFailure = CoreError(CoreError.Kind.PICTURE_TRUNCATED, "the image file is truncated")
        c.cropUse()
        threads.drain()
        assertEquals(Screen.START, c.state.screen)
        assertEquals(CoreError.Kind.PICTURE_TRUNCATED, (c.state.note as Note.PictureFailed).error.kind)
    }

    private fun pixel(art: PictureData, fx: Double, fy: Double): Int =
        art.argb[(fy * art.edge).toInt() * art.edge + (fx * art.edge).toInt()]

    /** The crop screen on [blocksPng], its square moved off the centre: zoom 2 around the
     *  frame's centre makes a 100-pixel square centred on (200, 100); a drag of 400 view pixels
     *  to the left moves the photo left, so the square goes 100 pixels right: x 250–350,
     *  y 50–150, across four blocks. */
    private fun croppingOffCentre(): GameController {
        val c = newController(threads, storage = storage, core = core)
        c.photoPicked { blocksPng() }
        threads.drain()
        c.cropZoom(2.0, 200.0, 200.0, 400.0)
        c.cropPan(-400.0, 0.0, 400.0)
        return c
    }

    @Test
    fun theSquareThePlayerMovedToIsTheOneCutPixelForPixel() {
        val c = croppingOffCentre()
        c.cropUse()
        threads.drain()
        val art = c.state.art!!
        assertEquals("top-left quarter", blockColour(2, 0), pixel(art, 0.25, 0.25))
        assertEquals("top-right quarter", blockColour(3, 0), pixel(art, 0.75, 0.25))
        assertEquals("bottom-left quarter", blockColour(2, 1), pixel(art, 0.25, 0.75))
        assertEquals("bottom-right quarter", blockColour(3, 1), pixel(art, 0.75, 0.75))
    }

    @Test
    fun aRecreationOrProcessDeathDuringTheCropComesBackToIt() {
        val c = croppingOffCentre()
        val frame = c.state.cropState!!.frame
        val saved = c.snapshot()
        // A new controller, as after process death (the map is what the Bundle and the
        // preferences hold).
        val t = HandThreads()
        val later = newController(t, storage = storage, core = core)
        later.restore(saved)
        assertEquals(Screen.CROP, later.state.screen)
        t.drain()
        val back = later.state.cropState!!
        assertEquals(400 to 200, back.width to back.height)
        assertEquals(frame.crop, back.frame.crop)
        assertTrue("the photo is shown again", back.preview != null)
        later.cropUse()
        t.drain()
        assertEquals(Screen.GAME, later.state.screen)
        assertEquals(blockColour(3, 1), pixel(later.state.art!!, 0.75, 0.75))
        // Its photo gone meanwhile: back to the start, said.
        storage.prunePhotos(keep = emptySet())
        val gone = newController(t, storage = storage, core = core)
        gone.restore(saved)
        t.drain()
        assertEquals(Screen.START, gone.state.screen)
        assertEquals(Note.PhotoGone, gone.state.note)
    }

    @Test
    fun onePhotoLoadsAtATimeAndCancelDropsIt() {
        val c = newController(threads, storage = storage, core = core)
        var reads = 0
        c.photoPicked { reads++; photoJpeg(300, 200) }
        c.photoPicked { reads++; photoJpeg(300, 200) }
        assertTrue(c.state.loadingPhoto)
        assertEquals("the second pick is refused while the first loads", 1, threads.background.size)
        c.cancelPhoto()
        assertFalse(c.state.loadingPhoto)
        threads.drain()
        assertEquals(1, reads)
        assertEquals("the cancelled photo does not open the crop", Screen.START, c.state.screen)
        c.photoPicked { photoJpeg(300, 200) }
        threads.drain()
        assertEquals(Screen.CROP, c.state.screen)
    }

    @Test
    fun aPhotosSizeIsCheckedBeforeItIsReadAndTheReadStopsThere() {
        val unread = object : java.io.InputStream() {
            override fun read(): Int = throw AssertionError("read although too large")
        }
        val refused = runCatching { readBounded(unread, MAX_PHOTO_BYTES + 1) }.exceptionOrNull() as CoreError
        assertEquals(CoreError.Kind.PICTURE_TOO_LARGE, refused.kind)
        val bytes = ByteArray(1000) { it.toByte() }
        assertArrayEquals(bytes, readBounded(bytes.inputStream(), 1000))
        assertEquals("a stream without a size is read up to the limit", 1000, readBounded(bytes.inputStream(), -1).size)
        val tooMuch = runCatching { readBounded(ByteArray(2000).inputStream(), -1, max = 1000) }.exceptionOrNull() as CoreError
        assertEquals(CoreError.Kind.PICTURE_TOO_LARGE, tooMuch.kind)
        val grew = runCatching { readBounded(ByteArray(2000).inputStream(), 1000) }.exceptionOrNull() as CoreError
        assertEquals(CoreError.Kind.PICTURE_TOO_LARGE, grew.kind)
    }

    /** Stands in for ImageDecoder: a picture of [width]×[height], red in its top-left quarter,
     *  scaled to the longest edge asked, as RGBA rows with padding at each row's end. */
    class StandInDecoder(private val width: Int, private val height: Int) : PlatformDecoder {
        var lastMaxEdge = 0

        override fun size(bytes: ByteArray) = width to height

        override fun decode(bytes: ByteArray, maxEdge: Int): DecodedPixels {
            lastMaxEdge = maxEdge
            val scale = minOf(1.0, maxEdge.toDouble() / maxOf(width, height))
            val w = (width * scale).toInt()
            val h = (height * scale).toInt()
            val stride = w * 4 + 12
            val rgba = ByteArray(stride * h)
            for (y in 0 until h) for (x in 0 until w) {
                val o = y * stride + x * 4
                val red = x < w / 2 && y < h / 2
                rgba[o] = if (red) 0xFF.toByte() else 0
                rgba[o + 2] = if (red) 0 else 0xFF.toByte()
                rgba[o + 3] = 0xFF.toByte()
            }
            return DecodedPixels(w, h, rgba, stride)
        }
    }
}
