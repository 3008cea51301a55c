package dev.slidepuzzle.app

import java.io.File
import javax.xml.parsers.DocumentBuilderFactory
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.w3c.dom.Element

/**
 * What the project's files must agree on: every English text has its German twin (and no
 * German one is left over), plurals carry the same placeholders, and the Gradle build, the
 * Maven build and the manifest name the same versions and SDK levels. Also the drag's maths.
 */
class ProjectTest {
    private val android = File(System.getProperty("user.dir"))
    private val res = File(android, "app/src/main/res")

    private data class Text(val kind: String, val placeholders: Set<String>)

    private fun texts(file: File): Map<String, Text> {
        val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file)
        val out = LinkedHashMap<String, Text>()
        val all = doc.documentElement.childNodes
        for (i in 0 until all.length) {
            val e = all.item(i) as? Element ?: continue
            if (e.tagName != "string" && e.tagName != "plurals") continue
            val placeholders = Regex("%\\d\\$[sd]").findAll(e.textContent).map { it.value }.toSet()
            out[e.getAttribute("name")] = Text(e.tagName, placeholders)
        }
        return out
    }

    @Test
    fun everyTextIsInBothLanguagesWithTheSamePlaceholders() {
        val en = texts(File(res, "values/strings.xml"))
        val de = texts(File(res, "values-de/strings.xml"))
        assertEquals("untranslated: ${en.keys - de.keys}; left over: ${de.keys - en.keys}", en.keys, de.keys)
        for ((key, text) in en) {
            assertEquals("$key: string or plurals", text.kind, de[key]!!.kind)
            assertEquals("$key: the same placeholders", text.placeholders, de[key]!!.placeholders)
        }
        assertTrue("plurals count: ${en.count { it.value.kind == "plurals" }}", en.count { it.value.kind == "plurals" } >= 8)
    }

    @Test
    fun everyStringIsUsedByTheApp() {
        val code = File(android, "app/src/main/java/dev/slidepuzzle/app").listFiles()!!.joinToString("\n") { it.readText() } +
            File(android, "app/src/main/AndroidManifest.xml").readText()
        val unused = texts(File(res, "values/strings.xml")).keys.filter { key ->
            !code.contains("R.string.$key") && !code.contains("R.plurals.$key") && !code.contains("@string/$key")
        }
        assertTrue("strings no screen uses: $unused", unused.isEmpty())
    }

    @Test
    fun gradleMavenAndTheManifestAgreeOnVersionsAndSdkLevels() {
        val gradleApp = File(android, "app/build.gradle.kts").readText()
        val gradleRoot = File(android, "build.gradle.kts").readText()
        val pom = File(android, "pom.xml").readText()
        val resources = File(android, "scripts/resources.sh").readText()
        fun find(text: String, pattern: String) = Regex(pattern).find(text)?.groupValues?.get(1) ?: error("no $pattern")
        val kotlinPom = find(pom, "<kotlin.version>([^<]+)</kotlin.version>")
        assertEquals("the Kotlin version", kotlinPom, find(gradleRoot, "org.jetbrains.kotlin.android\"\\) version \"([^\"]+)\""))
        assertEquals("targetSdk", find(gradleApp, "targetSdk = (\\d+)"), find(resources, "target_sdk=(\\d+)"))
        assertEquals("compileSdk", find(gradleApp, "compileSdk = (\\d+)"), find(resources, "target_sdk=(\\d+)"))
        assertEquals("minSdk", find(gradleApp, "minSdk = (\\d+)"), find(resources, "min_sdk=(\\d+)"))
        assertEquals("Robolectric", find(pom, "<robolectric.version>([^<]+)</robolectric.version>"), find(gradleApp, "org.robolectric:robolectric:([^\"]+)\""))
        assertEquals("JNA", find(pom, "<artifactId>jna</artifactId>\\s*<version>([^<]+)</version>"), find(gradleApp, "net.java.dev.jna:jna:([^@\"]+)@aar"))
        assertTrue("the Gradle build uses the same res/", !gradleApp.contains("res.srcDirs") || gradleApp.contains("src/main/res"))
        assertTrue("unit tests see the app's resources, as here", gradleApp.contains("isIncludeAndroidResources = true"))
        assertFalse("the manifest leaves the package to the namespace", File(android, "app/src/main/AndroidManifest.xml").readText().contains("package="))
    }

    @Test
    fun theShippedBuildOpensInAndroidStudio() {
        val gradleApp = File(android, "app/build.gradle.kts").readText()
        val gradleRoot = File(android, "build.gradle.kts").readText()
        assertFalse("kotlinOptions is an error in current Kotlin plugins", gradleApp.contains(Regex("""kotlinOptions\s*\{""")))
        assertTrue(gradleApp.contains(Regex("""kotlin \{\s*compilerOptions \{\s*jvmTarget.set\(org.jetbrains.kotlin.gradle.dsl.JvmTarget.JVM_17\)""")))
        val wrapper = File(android, "gradle/wrapper/gradle-wrapper.properties").readText()
        val gradle = Regex("""gradle-(\d+)\.(\d+)(?:\.\d+)?-bin\.zip""").find(wrapper)!!.groupValues
        val agp = Regex("""com.android.application"\) version "(\d+)\.(\d+)""").find(gradleRoot)!!.groupValues
        // The Gradle each AGP minor needs at least (developer.android.com, "AGP and Gradle").
        val least = mapOf("8.5" to (8 to 7), "8.6" to (8 to 7), "8.7" to (8 to 9), "8.8" to (8 to 10), "8.9" to (8 to 11))
        val (major, minor) = least["${agp[1]}.${agp[2]}"] ?: error("no known Gradle for AGP ${agp[1]}.${agp[2]}")
        val have = gradle[1].toInt() to gradle[2].toInt()
        assertTrue("Gradle $have for AGP ${agp[1]}.${agp[2]}", have.first > major || have.first == major && have.second >= minor)
        assertTrue("the wrapper checks what it downloads", wrapper.contains(Regex("distributionSha256Sum=[0-9a-f]{64}")))
        val readme = File(android, "README.md").readText()
        assertTrue("the README names the Gradle it was set up for", readme.contains("Gradle ${gradle[1]}.${gradle[2]}"))
        assertTrue("the README names the AGP", readme.contains("AGP ${agp[1]}.${agp[2]}"))
    }

    @Test
    fun photosNeverGoToTheCloudAndBackIsTheNewCallbackFromAndroid13() {
        val manifest = File(android, "app/src/main/AndroidManifest.xml").readText()
        assertTrue(manifest.contains("android:enableOnBackInvokedCallback=\"true\""))
        for ((attribute, file, section) in listOf(
            Triple("fullBackupContent", "backup_rules", "full-backup-content"),
            Triple("dataExtractionRules", "data_extraction_rules", "cloud-backup"),
        )) {
            assertTrue(attribute, manifest.contains("android:$attribute=\"@xml/$file\""))
            val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(File(res, "xml/$file.xml"))
            val excluded = doc.getElementsByTagName(section).item(0) as Element
            val paths = (0 until excluded.getElementsByTagName("exclude").length).map {
                (excluded.getElementsByTagName("exclude").item(it) as Element).let { e -> e.getAttribute("domain") to e.getAttribute("path") }
            }
            assertTrue("$file keeps the photos folder out: $paths", ("file" to "photos/") in paths)
        }
        // The photos folder the rules name is the one the app writes.
        val storage = FolderStorage(java.nio.file.Files.createTempDirectory("files").toFile())
        val name = storage.storePhoto(byteArrayOf(1, 2, 3))
        assertTrue(File(storage.root, "photos/$name").isFile)
    }

    @Test
    fun aDragCarriesItsLineTowardTheEmptySpaceOnly() {
        // 3×3, empty space at cell 5 (row 1, column 2): cell 3 carries 3 and 4 to the right.
        val tiles = listOf(1, 2, 3, 4, 5, 0, 7, 8, 6)
        val d = BoardTouch.start(3, tiles, 3)!!
        assertEquals(listOf(3, 4), d.cells)
        assertEquals(TileDirection.RIGHT, d.direction)
        assertEquals(30f to 0f, d.offset(30f, 12f, 100f))
        assertEquals("never past one step", 100f to 0f, d.offset(250f, 0f, 100f))
        assertEquals("never away from the empty space", 0f to 0f, d.offset(-40f, 0f, 100f))
        assertTrue("past 0.35 of a step, as on iOS", d.commits(36f, 0f, 100f))
        assertFalse(d.commits(34f, 0f, 100f))
        assertTrue("a flick toward the empty space", d.commits(20f, 0f, 100f, vx = 900f, flick = 600f))
        assertFalse("a flick away from it", d.commits(20f, 0f, 100f, vx = -900f, flick = 600f))
        val up = BoardTouch.start(8, tiles, 3)!!
        assertEquals(TileDirection.UP, up.direction)
        assertEquals(0f to -50f, up.offset(0f, -50f, 100f))
        assertEquals(null, BoardTouch.start(0, tiles, 3)?.cells)
        assertEquals(null, BoardTouch.start(5, tiles, 3))
    }

    @Test
    fun theTouchThresholdsAreTheSameAsOnIos() {
        val swift = File(android, "../ios/SlidePuzzleKit/Sources/SlidePuzzleKit/BoardTouch.swift").readText()
        fun ios(name: String) = Regex("static let $name(?:: [A-Za-z]+)? = (?:\\.milliseconds\\()?([0-9.]+)").find(swift)?.groupValues?.get(1)?.toDouble()
            ?: throw AssertionError("BoardTouch.swift has no $name")
        assertEquals("commit fraction", ios("commitFraction"), BoardTouch.COMMIT_FRACTION.toDouble(), 1e-6)
        assertEquals("flick speed", ios("flickSpeed"), BoardTouch.FLICK_DP_PER_SECOND.toDouble(), 1e-6)
        assertEquals("hold to peek", ios("peekDelay"), BoardTouch.PEEK_DELAY_MS.toDouble(), 1e-6)
    }
}
