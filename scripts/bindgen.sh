#!/usr/bin/env bash
# Generates the Kotlin and Swift bindings from the built library into target/bindings, then
# either refreshes the copies the apps compile against (--update) or fails if they drifted
# (--check, what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:---check}"
cargo build --release -q -p slidepuzzle-ffi --lib
# The generator reads the library's metadata, so a debug build of it is enough (and quick).
cargo build -q -p slidepuzzle-ffi --features bindgen --bin uniffi-bindgen
lib="target/release/libslidepuzzle_ffi.so"
[ -f "$lib" ] || lib="target/release/libslidepuzzle_ffi.dylib"
out="target/bindings"
rm -rf "$out"
for lang in kotlin swift; do
  target/debug/uniffi-bindgen generate --library "$lib" --language "$lang" \
    --out-dir "$out/$lang" --no-format >/dev/null
done
kotlin_copy="android/app/src/main/java/dev/slidepuzzle/core"
# The Swift package's two generated targets: the Swift bindings, and the C header with its
# module map (SwiftPM wants the map named module.modulemap; it is otherwise the generated file).
swift_dir="ios/SlidePuzzleKit/Sources/SlidePuzzleCore"
ffi_dir="ios/SlidePuzzleKit/Sources/SlidePuzzleCoreFFI"
swift_files=(
  "SlidePuzzleCore.swift:$swift_dir/SlidePuzzleCore.swift"
  "SlidePuzzleCoreFFI.h:$ffi_dir/SlidePuzzleCoreFFI.h"
  "SlidePuzzleCoreFFI.modulemap:$ffi_dir/module.modulemap"
)
case "$mode" in
  --update)
    mkdir -p "$kotlin_copy" "$swift_dir" "$ffi_dir"
    cp "$out/kotlin/dev/slidepuzzle/core/slidepuzzle.kt" "$kotlin_copy/"
    for pair in "${swift_files[@]}"; do
      cp "$out/swift/${pair%%:*}" "${pair#*:}"
    done
    echo "bindings: updated $kotlin_copy, $swift_dir and $ffi_dir"
    ;;
  --check)
    diff -u "$kotlin_copy/slidepuzzle.kt" "$out/kotlin/dev/slidepuzzle/core/slidepuzzle.kt" >/dev/null \
      || { echo "bindings: $kotlin_copy drifted from the library; run scripts/bindgen.sh --update" >&2; exit 1; }
    [ "$(ls "$out/swift" | wc -l)" -eq "${#swift_files[@]}" ] \
      || { echo "bindings: the Swift generator wrote files this script does not place: $(ls "$out/swift")" >&2; exit 1; }
    for pair in "${swift_files[@]}"; do
      diff -u "${pair#*:}" "$out/swift/${pair%%:*}" >/dev/null \
        || { echo "bindings: ${pair#*:} drifted; run scripts/bindgen.sh --update" >&2; exit 1; }
    done
    echo "bindings: checked-in Kotlin and Swift match the library"
    ;;
  *) echo "usage: scripts/bindgen.sh [--check|--update]" >&2; exit 2 ;;
esac
