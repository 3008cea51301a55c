package dev.slidepuzzle.app

import android.content.ContentProvider
import android.content.ContentValues
import android.database.Cursor
import android.database.MatrixCursor
import android.net.Uri
import android.os.ParcelFileDescriptor
import android.provider.OpenableColumns
import java.io.File

/**
 * Hands the camera app one writable file for ACTION_IMAGE_CAPTURE, so the app needs no CAMERA
 * or storage permission. The only URI is [uri]; the file lives in the app's cache.
 */
class PhotoProvider : ContentProvider() {
    companion object {
        const val NAME = "camera.jpg"
        fun authority(packageName: String) = "$packageName.photos"
        fun uri(packageName: String): Uri = Uri.parse("content://${authority(packageName)}/$NAME")
        fun file(cacheDir: File) = File(cacheDir, NAME)
    }

    override fun onCreate() = true

    override fun openFile(uri: Uri, mode: String): ParcelFileDescriptor {
        if (uri.lastPathSegment != NAME) throw java.io.FileNotFoundException(uri.toString())
        val file = file(context!!.cacheDir)
        return ParcelFileDescriptor.open(file, ParcelFileDescriptor.parseMode(mode))
    }

    override fun getType(uri: Uri) = "image/jpeg"

    override fun query(
        uri: Uri, projection: Array<out String>?, selection: String?,
        selectionArgs: Array<out String>?, sortOrder: String?,
    ): Cursor {
        val file = file(context!!.cacheDir)
        return MatrixCursor(arrayOf(OpenableColumns.DISPLAY_NAME, OpenableColumns.SIZE)).apply {
            addRow(arrayOf<Any>(NAME, file.length()))
        }
    }

    override fun insert(uri: Uri, values: ContentValues?): Uri? = null
    override fun delete(uri: Uri, selection: String?, selectionArgs: Array<out String>?) = 0
    override fun update(uri: Uri, values: ContentValues?, selection: String?, selectionArgs: Array<out String>?) = 0
}
