plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "dev.slidepuzzle.app"
    compileSdk = 35

    defaultConfig {
        applicationId = "dev.slidepuzzle.app"
        minSdk = 26
        targetSdk = 35
        versionCode = 1
        versionName = "0.1.0"
        ndk { abiFilters += listOf("arm64-v8a", "armeabi-v7a", "x86_64") }
    }

    sourceSets["main"].jniLibs.srcDir(layout.buildDirectory.dir("rustJniLibs"))
    // src/test/shims stand in for androidx.test in the Maven build only: Gradle has the real one.
    sourceSets["test"].java.srcDir("src/test/kotlin")

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    testOptions {
        // Robolectric runs the app with its own res/ and merged manifest, as android/pom.xml
        // does with aapt2 (scripts/resources.sh).
        unitTests.isIncludeAndroidResources = true
        unitTests.all {
            // Robolectric tests load the host build of the Rust library (cargo build --release).
            it.systemProperty("jna.library.path", rootDir.resolve("../target/release").path)
        }
    }
}

// kotlinOptions is an error in current Kotlin Gradle plugins: the compiler options block.
kotlin {
    compilerOptions {
        jvmTarget.set(org.jetbrains.kotlin.gradle.dsl.JvmTarget.JVM_17)
    }
}

dependencies {
    // UniFFI's Kotlin calls the Rust library through JNA; the AAR carries libjnidispatch.so.
    implementation("net.java.dev.jna:jna:5.19.1@aar")
    testImplementation("net.java.dev.jna:jna:5.19.1")
    testImplementation("junit:junit:4.13.2")
    testImplementation("org.robolectric:robolectric:4.16.1")
}

// The Rust core for every ABI, built with cargo-ndk before each build.
val buildRust by tasks.registering(Exec::class) {
    workingDir = rootDir
    commandLine("./build-rust.sh", layout.buildDirectory.dir("rustJniLibs").get().asFile.path)
}
tasks.named("preBuild") { dependsOn(buildRust) }
