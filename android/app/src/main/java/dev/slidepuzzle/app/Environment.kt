package dev.slidepuzzle.app

import android.content.Context
import android.graphics.ColorSpace
import android.graphics.ImageDecoder
import android.os.Build
import android.os.Handler
import android.os.Looper
import android.os.SystemClock
import java.io.File
import java.nio.ByteBuffer
import java.util.concurrent.Executors

/** Runs work off and on the UI thread; the app uses a Handler and two executors, tests run the
 *  queues by hand. */
interface Threads {
    /** The core's blocking calls (decodes, shuffles, searches). */
    fun background(task: () -> Unit)

    /** File work (the records, photos), one task at a time, in the order given. */
    fun storage(task: () -> Unit) = background(task)

    /** Runs [task] on the UI thread after [delayMs]; the returned handle cancels it. */
    fun main(delayMs: Long = 0, task: () -> Unit): CancelHandle
}

/** A monotonic clock in milliseconds (the player's clock reads it; tests set it). */
fun interface TimeSource {
    fun nowMs(): Long
}

/** Decodes what the core cannot (HEIC/HEIF, AVIF): the platform's decoder, no larger than needed. */
interface PlatformDecoder {
    /** The picture's upright size from its header, or null when the platform cannot read it. */
    fun size(bytes: ByteArray): Pair<Int, Int>?

    /** The picture upright in sRGB, its longer edge at most [maxEdge], or null when unreadable. */
    fun decode(bytes: ByteArray, maxEdge: Int): DecodedPixels?
}

/** Where the app keeps what it writes: the player's photos and the records' folder. */
interface Storage {
    /** Copies a photo into the app's photos folder; its file name. Off the UI thread. */
    fun storePhoto(bytes: ByteArray): String

    /** A stored photo's bytes, or null when it is gone (or larger than a photo may be). */
    fun loadPhoto(name: String): ByteArray?

    /** Deletes stored photos other than [keep]. */
    fun prunePhotos(keep: Set<String>)

    /** The folder the core's records store owns (the app never writes in it). */
    val recordsFolder: File

    /** The records file the app wrote itself before the store, while it is there: its text;
     *  null when there is none. Throws [java.io.IOException] when it is there but unreadable. */
    fun legacyRecords(): String?

    /** Moves that file aside as [kind] ("merged", "unreadable") once the store holds what it
     *  could take from it; never deleted. Its new name; throws when it cannot be moved. */
    fun retireLegacyRecords(kind: String): String
}

/** The app's own threads: one bounded pool for the core's blocking calls, one thread for files,
 *  the main looper. Shared by every activity of the process. */
class AndroidThreads : Threads {
    private val handler = Handler(Looper.getMainLooper())

    override fun background(task: () -> Unit) {
        core.execute(task)
    }

    override fun storage(task: () -> Unit) {
        files.execute(task)
    }

    override fun main(delayMs: Long, task: () -> Unit): CancelHandle {
        val r = Runnable(task)
        handler.postDelayed(r, delayMs)
        return CancelHandle { handler.removeCallbacks(r) }
    }

    companion object {
        /** Auto, the fewest-move search, a hint and a table build can overlap: at least three,
         *  so a hint never waits behind a table build and the fewest search; more than four
         *  would only share the same cores. */
        private val core = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors().coerceIn(3, 4), daemon("slidepuzzle-core"))
        private val files = Executors.newSingleThreadExecutor(daemon("slidepuzzle-files"))

        private fun daemon(name: String) = java.util.concurrent.ThreadFactory { r -> Thread(r, name).apply { isDaemon = true } }
    }
}

/** ImageDecoder (API 28+): HEIF and whatever else the device reads, upright, scaled on decode,
 *  converted to sRGB (a Display-P3 photo would otherwise hand the core P3 values as sRGB). */
class AndroidDecoder : PlatformDecoder {
    /** Thrown from the header callback to stop a decode once the size is known. */
    private class HeaderRead : RuntimeException()

    override fun size(bytes: ByteArray): Pair<Int, Int>? {
        if (Build.VERSION.SDK_INT < 28) return null
        var size: Pair<Int, Int>? = null
        try {
            ImageDecoder.decodeBitmap(ImageDecoder.createSource(ByteBuffer.wrap(bytes))) { _, info, _ ->
                size = info.size.width to info.size.height
                throw HeaderRead()
            }
        } catch (e: Exception) {
            // Our own stop once the header was read (no pixel decoded; a decoder may wrap it),
            // or a file unreadable past its header: the size, when the header said it.
        }
        return size
    }

    override fun decode(bytes: ByteArray, maxEdge: Int): DecodedPixels? {
        if (Build.VERSION.SDK_INT < 28) return null
        return try {
            val bitmap = ImageDecoder.decodeBitmap(ImageDecoder.createSource(ByteBuffer.wrap(bytes))) { decoder, info, _ ->
                val (w, h) = info.size.width to info.size.height
                val scale = minOf(1.0, maxEdge.toDouble() / maxOf(w, h))
                decoder.setTargetSize(maxOf(1, (w * scale).toInt()), maxOf(1, (h * scale).toInt()))
                decoder.setTargetColorSpace(ColorSpace.get(ColorSpace.Named.SRGB))
                decoder.allocator = ImageDecoder.ALLOCATOR_SOFTWARE
                // Straight alpha, as the core takes it: no rounding through premultiplied values.
                decoder.isUnpremultipliedRequired = true
            }
            rgbaOf(bitmap).also { bitmap.recycle() }
        } catch (e: Exception) {
            null
        }
    }
}

/** [bitmap]'s pixels as straight (not premultiplied) sRGB RGBA bytes, whatever the bitmap's
 *  own layout in memory (RGBA on phones, BGRA in the desktop graphics Robolectric runs) and
 *  config (a wide-gamut or HDR decode may give half floats): read through [Bitmap.getPixels],
 *  one row at a time, so the copy holds one row beside the result. */
internal fun rgbaOf(bitmap: android.graphics.Bitmap): DecodedPixels {
    val (w, h) = bitmap.width to bitmap.height
    val rgba = ByteArray(w * h * 4)
    val row = IntArray(w)
    for (y in 0 until h) {
        bitmap.getPixels(row, 0, w, 0, y, w, 1)
        var o = y * w * 4
        for (c in row) {
            rgba[o] = (c shr 16).toByte()
            rgba[o + 1] = (c shr 8).toByte()
            rgba[o + 2] = c.toByte()
            rgba[o + 3] = (c ushr 24).toByte()
            o += 4
        }
    }
    return DecodedPixels(w, h, rgba, w * 4)
}

/** Files in the app's private folder [root]: photos written whole by rename, the records
 *  store's folder, and the records file of the app before the store (merged once). */
class FolderStorage(val root: File) : Storage {
    private val photos = File(root, "photos")
    private val legacy = File(root, "records.json")
    override val recordsFolder = File(root, "records")

    override fun storePhoto(bytes: ByteArray): String {
        photos.mkdirs()
        val name = "photo-${System.currentTimeMillis()}-${java.util.UUID.randomUUID().toString().take(8)}.img"
        writeAtomically(File(photos, name), bytes)
        return name
    }

    override fun loadPhoto(name: String): ByteArray? {
        // The first app saved the photo's whole path inside the files folder.
        val file = if (name.startsWith("/")) File(name) else File(photos, name)
        val inside = file.canonicalPath.startsWith(root.canonicalPath + File.separator)
        if (!inside || !file.isFile || file.length() > MAX_PHOTO_BYTES) return null
        return runCatching { file.readBytes() }.getOrNull()
    }

    override fun prunePhotos(keep: Set<String>) {
        photos.listFiles()?.filter { it.name !in keep }?.forEach { it.delete() }
    }

    override fun legacyRecords(): String? = if (legacy.exists()) legacy.readText() else null

    override fun retireLegacyRecords(kind: String): String {
        val aside = File(root, "records-$kind-${System.currentTimeMillis()}.json")
        if (!legacy.renameTo(aside)) throw java.io.IOException("cannot move ${legacy.name} aside")
        return aside.name
    }

    companion object {
        /** Whole or not at all: a temporary file of its own beside the target (two writers never
         *  share one), flushed, renamed over it. */
        fun writeAtomically(target: File, bytes: ByteArray) {
            val tmp = File.createTempFile(".${target.name}.", ".tmp", target.parentFile)
            try {
                java.io.FileOutputStream(tmp).use { out ->
                    out.write(bytes)
                    out.fd.sync()
                }
                if (!tmp.renameTo(target)) throw java.io.IOException("cannot replace ${target.name}")
            } finally {
                tmp.delete()
            }
        }
    }
}

/** The most a photo may be: a 200-megapixel camera's JPEG or HEIC is well under it. */
const val MAX_PHOTO_BYTES = 64L shl 20

/**
 * Reads a photo's stream into exactly as many bytes as it has: [declared] (the file's size, from
 * its descriptor; negative when unknown) is checked against [max] before anything is read, and
 * the read stops at it, so a photo larger than a photo may be is refused without being held.
 */
fun readBounded(input: java.io.InputStream, declared: Long, max: Long = MAX_PHOTO_BYTES): ByteArray {
    if (declared > max) throw CoreError(CoreError.Kind.PICTURE_TOO_LARGE, "the file is $declared bytes, more than $max")
    if (declared >= 0) {
        val out = ByteArray(declared.toInt())
        var at = 0
        while (at < out.size) {
            val n = input.read(out, at, out.size - at)
            if (n < 0) return out.copyOf(at)
            at += n
        }
        // A file that grew while it was read: not the file that was measured.
        if (input.read() >= 0) throw CoreError(CoreError.Kind.PICTURE_TOO_LARGE, "the file grew while it was read")
        return out
    }
    val out = java.io.ByteArrayOutputStream()
    val buffer = ByteArray(1 shl 16)
    while (true) {
        val n = input.read(buffer)
        if (n < 0) break
        out.write(buffer, 0, n)
        if (out.size() > max) throw CoreError(CoreError.Kind.PICTURE_TOO_LARGE, "over $max bytes")
    }
    return out.toByteArray()
}

/** The app's storage: its private files folder (backed up but for the photos; the pattern
 *  databases live in noBackupFilesDir). */
fun androidStorage(context: Context): Storage = FolderStorage(context.filesDir)

/** The system's monotonic clock. */
val systemTime = TimeSource { SystemClock.elapsedRealtime() }
