// The Kotlin version is the one android/pom.xml compiles with (ProjectTest checks they agree).
plugins {
    id("com.android.application") version "8.7.3" apply false
    id("org.jetbrains.kotlin.android") version "2.4.21" apply false
}
