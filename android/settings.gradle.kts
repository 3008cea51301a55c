// Open this folder in Android Studio. The app uses the Android framework alone (no AndroidX),
// plus JNA, which UniFFI's generated Kotlin needs.
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}
dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}
rootProject.name = "SlidePuzzle"
include(":app")
