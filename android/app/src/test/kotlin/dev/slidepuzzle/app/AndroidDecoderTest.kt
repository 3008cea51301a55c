package dev.slidepuzzle.app

import android.graphics.BitmapFactory
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.GraphicsMode
import java.io.ByteArrayOutputStream
import java.io.File
import java.nio.ByteBuffer
import java.nio.ByteOrder
import java.util.zip.CRC32

/**
 * The app's own decoder, [AndroidDecoder], on the platform's ImageDecoder (Robolectric's
 * native graphics): the size read from the header alone, wide-gamut photos handed over in
 * sRGB, and a photo in a format the core does not read cut where the player chose, on the
 * real core.
 */
@RunWith(RobolectricTestRunner::class)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class AndroidDecoderTest {
    private val decoder = AndroidDecoder()
    private val colour = File(System.getProperty("user.dir"), "../tests/data/colour")

    @Test
    fun theSizeComesFromTheHeaderAloneEvenWhenThePixelsCannotBeRead() {
        // A PNG that says 30000×20000 (2.4 GB of pixels) and stops after its header.
        val huge = pngHeader(30_000, 20_000) + chunk("IDAT", ByteArray(16))
        assertEquals(30_000 to 20_000, decoder.size(huge))
        assertNull("its pixels are refused, not allocated", decoder.decode(huge, 512))
        // A real photo cut short a few bytes into its pixels: the size still, from the header.
        val png = blocksPng()
        val pixelsAt = String(png, Charsets.ISO_8859_1).indexOf("IDAT")
        val cut = png.copyOf(pixelsAt + 20)
        assertNull(decoder.decode(cut, 512))
        assertEquals(400 to 200, decoder.size(cut))
        assertNull(decoder.size("not a picture".toByteArray()))
    }

    @Test
    fun wideGamutPhotosComeOutInSrgbAsLittleCmsConvertsThem() {
        for (name in listOf("p3.jpg", "p3.png", "adobe.png", "adobe.jpg", "prophoto.png", "p3-alpha.png")) {
            val bytes = File(colour, name).readBytes()
            // Read as stored: straight alpha, no rounding through premultiplied values.
            val straight = BitmapFactory.Options().apply { inPremultiplied = false }
            val expected = BitmapFactory.decodeFile(File(colour, "$name.expected.png").path, straight)
            val pixels = decoder.decode(bytes, 4096)!!
            assertEquals(name, expected.width to expected.height, pixels.width to pixels.height)
            // The same pixels without the conversion, to see that the fixture tells them apart.
            val untagged = decodeIgnoringProfile(bytes)
            var worst = 0
            var worstUnconverted = 0
            for (y in 0 until pixels.height) for (x in 0 until pixels.width) {
                val want = expected.getPixel(x, y)
                val o = y * pixels.stride + x * 4
                assertEquals("$name: alpha at $x,$y", want ushr 24, pixels.rgba[o + 3].toInt() and 255)
                for ((i, shift) in listOf(16, 8, 0).withIndex()) {
                    val w = (want shr shift) and 255
                    worst = maxOf(worst, kotlin.math.abs((pixels.rgba[o + i].toInt() and 255) - w))
                    worstUnconverted = maxOf(worstUnconverted, kotlin.math.abs(((untagged[y * pixels.width + x] shr shift) and 255) - w))
                }
            }
            assertTrue("$name: $worst levels from littleCMS at worst", worst <= 4)
            assertTrue("$name: the profile matters ($worstUnconverted levels)", worstUnconverted >= 20)
        }
        // Scaled on decode to the longest edge asked.
        val small = decoder.decode(File(colour, "p3.png").readBytes(), 48)!!
        assertEquals(48 to 32, small.width to small.height)
    }

    @Test
    fun aPhotoInAFormatTheCoreDoesNotReadIsCutWhereThePlayerChose() {
        val threads = HandThreads()
        val c = newController(threads, storage = TempStorage(), core = WrappedCore(), decoder = decoder)
        c.photoPicked { blocksBmp() }
        threads.drain()
        assertEquals(Screen.CROP, c.state.screen)
        assertEquals(400 to 200, c.state.cropState!!.width to c.state.cropState!!.height)
        // The square 100 pixels wide at x 250–350, y 50–150 (as in PhotoTest).
        c.cropZoom(2.0, 200.0, 200.0, 400.0)
        c.cropPan(-400.0, 0.0, 400.0)
        c.cropUse()
        threads.drain()
        assertEquals(Screen.GAME, c.state.screen)
        val art = c.state.art!!
        val at = { fx: Double, fy: Double -> art.argb[(fy * art.edge).toInt() * art.edge + (fx * art.edge).toInt()] }
        assertEquals("top-left quarter", blockColour(2, 0), at(0.25, 0.25))
        assertEquals("top-right quarter", blockColour(3, 0), at(0.75, 0.25))
        assertEquals("bottom-left quarter", blockColour(2, 1), at(0.25, 0.75))
        assertEquals("bottom-right quarter", blockColour(3, 1), at(0.75, 0.75))
    }

    /** [bytes] decoded as if they had no profile: their stored values, as opaque ARGB. */
    private fun decodeIgnoringProfile(bytes: ByteArray): IntArray {
        val raw = BitmapFactory.decodeByteArray(bytes, 0, bytes.size)
        // The bitmap keeps the stored values and its own colour space; its memory holds them.
        val buffer = ByteBuffer.allocate(raw.rowBytes * raw.height)
        raw.copyPixelsToBuffer(buffer)
        val bgra = nativeIsBgra()
        return IntArray(raw.width * raw.height) { i ->
            val o = (i / raw.width) * raw.rowBytes + (i % raw.width) * 4
            val first = buffer.get(o).toInt() and 255
            val third = buffer.get(o + 2).toInt() and 255
            val (r, b) = if (bgra) third to first else first to third
            (0xFF shl 24) or (r shl 16) or ((buffer.get(o + 1).toInt() and 255) shl 8) or b
        }
    }

    /** Whether this platform's ARGB_8888 bitmaps hold blue first in memory. */
    private fun nativeIsBgra(): Boolean {
        val one = android.graphics.Bitmap.createBitmap(1, 1, android.graphics.Bitmap.Config.ARGB_8888)
        one.setPixel(0, 0, 0xFFFF0000.toInt())
        val buffer = ByteBuffer.allocate(4)
        one.copyPixelsToBuffer(buffer)
        return buffer.get(0).toInt() == 0
    }
}

/** A PNG chunk: length, type, data, CRC. */
private fun chunk(type: String, data: ByteArray): ByteArray {
    val crc = CRC32().apply { update(type.toByteArray()); update(data) }
    return ByteBuffer.allocate(12 + data.size).putInt(data.size).put(type.toByteArray()).put(data)
        .putInt(crc.value.toInt()).array()
}

/** A PNG's signature and header of a [width]×[height] 8-bit RGB picture. */
private fun pngHeader(width: Int, height: Int): ByteArray {
    val ihdr = ByteBuffer.allocate(13).putInt(width).putInt(height).put(8).put(2).put(0).put(0).put(0).array()
    return byteArrayOf(-119, 80, 78, 71, 13, 10, 26, 10) + chunk("IHDR", ihdr)
}

/** The 400×200 blocks of [blocksPng] as a 24-bit BMP (a format the core does not read),
 *  written by hand: bottom row first, each pixel blue, green, red. */
private fun blocksBmp(): ByteArray {
    val (w, h) = 400 to 200
    val rowBytes = (w * 3 + 3) / 4 * 4
    val out = ByteBuffer.allocate(54 + rowBytes * h).order(ByteOrder.LITTLE_ENDIAN)
    out.put('B'.code.toByte()).put('M'.code.toByte()).putInt(54 + rowBytes * h).putInt(0).putInt(54)
    out.putInt(40).putInt(w).putInt(h).putShort(1).putShort(24).putInt(0).putInt(rowBytes * h)
        .putInt(2835).putInt(2835).putInt(0).putInt(0)
    for (y in h - 1 downTo 0) {
        for (x in 0 until w) {
            val c = blockColour(x / 100, y / 100)
            out.put(c.toByte()).put((c shr 8).toByte()).put((c shr 16).toByte())
        }
        repeat(rowBytes - w * 3) { out.put(0) }
    }
    return out.array()
}
