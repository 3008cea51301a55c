package dev.slidepuzzle.app

import android.content.Context
import android.graphics.ImageDecoder
import android.os.Build
import android.os.Handler
import android.os.Looper
import android.os.SystemClock
import java.io.File
import java.nio.ByteBuffer
import java.util.concurrent.Executors

/** Runs work off and on the UI thread; the app uses a Handler and an executor, tests run both
 *  queues by hand. */
interface Threads {
    fun background(task: () -> Unit)

    /** Runs [task] on the UI thread after [delayMs]; the returned handle cancels it. */
    fun main(delayMs: Long = 0, task: () -> Unit): CancelHandle
}

/** A monotonic clock in milliseconds (the player's clock reads it; tests set it). */
fun interface TimeSource {
    fun nowMs(): Long
}

/** Decodes what the core cannot (HEIC/HEIF, AVIF): the platform's decoder, no larger than needed. */
interface PlatformDecoder {
    /** The picture's upright size, or null when the platform cannot read it either. */
    fun size(bytes: ByteArray): Pair<Int, Int>?

    /** The picture upright, its longer edge at most [maxEdge], or null when unreadable. */
    fun decode(bytes: ByteArray, maxEdge: Int): DecodedPixels?
}

/** Where the app keeps what it writes: the player's photos, the records, the caches. */
interface Storage {
    /** Copies a photo into the app's photos folder; its file name. Off the UI thread. */
    fun storePhoto(bytes: ByteArray): String

    /** A stored photo's bytes, or null when it is gone. */
    fun loadPhoto(name: String): ByteArray?

    /** Deletes stored photos other than [keep]. */
    fun prunePhotos(keep: String?)

    /** The records file's text, or null when there is none. */
    fun readRecords(): String?

    /** Writes the records file whole or not at all. */
    fun writeRecords(json: String)

    /** Moves an unreadable records file aside (never written over); its new name. */
    fun keepRecordsAside(): String?
}

/** The app's own threads: one pool for the core's blocking calls, the main looper. */
class AndroidThreads : Threads {
    private val handler = Handler(Looper.getMainLooper())

    override fun background(task: () -> Unit) {
        executor.execute(task)
    }

    override fun main(delayMs: Long, task: () -> Unit): CancelHandle {
        val r = Runnable(task)
        handler.postDelayed(r, delayMs)
        return CancelHandle { handler.removeCallbacks(r) }
    }

    companion object {
        private val executor = Executors.newCachedThreadPool { r ->
            Thread(r, "slidepuzzle-core").apply { isDaemon = true }
        }
    }
}

/** ImageDecoder (API 28+): HEIF and whatever else the device reads, upright, scaled on decode. */
class AndroidDecoder : PlatformDecoder {
    override fun size(bytes: ByteArray): Pair<Int, Int>? {
        if (Build.VERSION.SDK_INT < 28) return null
        var size: Pair<Int, Int>? = null
        return try {
            ImageDecoder.decodeBitmap(ImageDecoder.createSource(ByteBuffer.wrap(bytes))) { decoder, info, _ ->
                size = info.size.width to info.size.height
                // Decode nothing more than a pixel: only the header was wanted.
                decoder.setTargetSize(1, 1)
            }
            size
        } catch (e: Exception) {
            size
        }
    }

    override fun decode(bytes: ByteArray, maxEdge: Int): DecodedPixels? {
        if (Build.VERSION.SDK_INT < 28) return null
        return try {
            val bitmap = ImageDecoder.decodeBitmap(ImageDecoder.createSource(ByteBuffer.wrap(bytes))) { decoder, info, _ ->
                val (w, h) = info.size.width to info.size.height
                val scale = minOf(1.0, maxEdge.toDouble() / maxOf(w, h))
                decoder.setTargetSize(maxOf(1, (w * scale).toInt()), maxOf(1, (h * scale).toInt()))
                decoder.allocator = ImageDecoder.ALLOCATOR_SOFTWARE
            }
            val argb = if (bitmap.config == android.graphics.Bitmap.Config.ARGB_8888) bitmap
            else bitmap.copy(android.graphics.Bitmap.Config.ARGB_8888, false)
            val buffer = ByteBuffer.allocate(argb.rowBytes * argb.height)
            // ARGB_8888 bitmaps hold their pixels as R, G, B, A bytes in memory.
            argb.copyPixelsToBuffer(buffer)
            DecodedPixels(argb.width, argb.height, buffer.array(), argb.rowBytes)
        } catch (e: Exception) {
            null
        }
    }
}

/** Files in the app's private folder; every write goes to a temporary file renamed into place. */
class FolderStorage(private val files: File) : Storage {
    private val photos = File(files, "photos")
    private val records = File(files, "records.json")

    override fun storePhoto(bytes: ByteArray): String {
        photos.mkdirs()
        val name = "photo-${System.currentTimeMillis()}.img"
        writeAtomically(File(photos, name), bytes)
        return name
    }

    override fun loadPhoto(name: String): ByteArray? {
        // The first app saved the photo's whole path inside the files folder.
        val file = if (name.startsWith("/")) File(name) else File(photos, name)
        val inside = file.canonicalPath.startsWith(files.canonicalPath + File.separator)
        return file.takeIf { inside && it.isFile }?.let { runCatching { it.readBytes() }.getOrNull() }
    }

    override fun prunePhotos(keep: String?) {
        photos.listFiles()?.filter { it.name != keep }?.forEach { it.delete() }
    }

    override fun readRecords(): String? = records.takeIf { it.isFile }?.readText()

    override fun writeRecords(json: String) = writeAtomically(records, json.toByteArray())

    override fun keepRecordsAside(): String? {
        if (!records.isFile) return null
        val aside = File(files, "records-unreadable-${System.currentTimeMillis()}.json")
        return if (records.renameTo(aside)) aside.name else null
    }

    companion object {
        /** Whole or not at all: a temporary file beside the target, flushed, renamed over it. */
        fun writeAtomically(target: File, bytes: ByteArray) {
            val tmp = File(target.parentFile, ".${target.name}.tmp")
            java.io.FileOutputStream(tmp).use { out ->
                out.write(bytes)
                out.fd.sync()
            }
            if (!tmp.renameTo(target)) {
                tmp.delete()
                throw java.io.IOException("cannot replace ${target.name}")
            }
        }
    }
}

/** The app's storage: its private files folder (backed up; the caches are not). */
fun androidStorage(context: Context): Storage = FolderStorage(context.filesDir)

/** The system's monotonic clock. */
val systemTime = TimeSource { SystemClock.elapsedRealtime() }
