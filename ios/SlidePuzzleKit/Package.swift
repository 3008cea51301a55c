// swift-tools-version:6.0
// SlidePuzzleKit: the iOS app's model over the Rust core, and the generated bindings it calls.
//
// Targets:
//   SlidePuzzleCoreFFI  the C side of the UniFFI bindings (header + module map, generated)
//   SlidePuzzleCore     the Swift side of the UniFFI bindings (generated; scripts/bindgen.sh)
//   SlidePuzzleKit      the app's model: game state, intents, solves, caches, texts, geometry
//
// Where the Rust library comes from:
//   Apple platforms  Frameworks/SlidePuzzleCoreFFI.xcframework, made by ../build-xcframework.sh
//   Linux            the host build, ../../target/release/libslidepuzzle_ffi.a, made by
//                    `cargo build --release -p slidepuzzle-ffi` at the repository root; this is
//                    how `swift test` runs the real core on a Linux machine.
import Foundation
import PackageDescription

let packageDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

#if os(Linux)
    let rustLibrary = packageDir.appendingPathComponent("../../target/release/libslidepuzzle_ffi.a")
        .standardizedFileURL.path
    let ffiTarget: Target = .systemLibrary(name: "SlidePuzzleCoreFFI", path: "Sources/SlidePuzzleCoreFFI")
    // The static library by path (so the linker cannot pick the shared one beside it), plus the
    // system libraries Rust's standard library needs.
    let coreLinkerSettings: [LinkerSetting] = [
        .unsafeFlags([rustLibrary]),
        .linkedLibrary("m"), .linkedLibrary("dl"), .linkedLibrary("pthread"), .linkedLibrary("gcc_s"),
    ]
#else
    let ffiTarget: Target = .binaryTarget(
        name: "SlidePuzzleCoreFFI", path: "Frameworks/SlidePuzzleCoreFFI.xcframework")
    let coreLinkerSettings: [LinkerSetting] = []
#endif

let package = Package(
    name: "SlidePuzzleKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "SlidePuzzleKit", targets: ["SlidePuzzleKit"]),
        // The app draws the core's `Picture` record, so it imports the bindings as a product
        // of its own rather than through SlidePuzzleKit's implicit module.
        .library(name: "SlidePuzzleCore", targets: ["SlidePuzzleCore"]),
    ],
    targets: [
        ffiTarget,
        .target(
            name: "SlidePuzzleCore",
            dependencies: ["SlidePuzzleCoreFFI"],
            linkerSettings: coreLinkerSettings
        ),
        .target(
            name: "SlidePuzzleKit",
            dependencies: ["SlidePuzzleCore"]
        ),
        .testTarget(
            name: "SlidePuzzleKitTests",
            dependencies: ["SlidePuzzleKit", "SlidePuzzleCore"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
