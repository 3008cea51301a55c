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
swift_copy="ios/SlidePuzzle/Generated"
case "$mode" in
  --update)
    mkdir -p "$kotlin_copy" "$swift_copy"
    cp "$out/kotlin/dev/slidepuzzle/core/slidepuzzle.kt" "$kotlin_copy/"
    cp "$out"/swift/* "$swift_copy/"
    echo "bindings: updated $kotlin_copy and $swift_copy"
    ;;
  --check)
    diff -u "$kotlin_copy/slidepuzzle.kt" "$out/kotlin/dev/slidepuzzle/core/slidepuzzle.kt" >/dev/null \
      || { echo "bindings: $kotlin_copy drifted from the library; run scripts/bindgen.sh --update" >&2; exit 1; }
    for f in "$out"/swift/*; do
      diff -u "$swift_copy/$(basename "$f")" "$f" >/dev/null \
        || { echo "bindings: $swift_copy/$(basename "$f") drifted; run scripts/bindgen.sh --update" >&2; exit 1; }
    done
    echo "bindings: checked-in Kotlin and Swift match the library"
    ;;
  *) echo "usage: scripts/bindgen.sh [--check|--update]" >&2; exit 2 ;;
esac
