#!/usr/bin/env bash
# Builds the Rust core for iOS devices, iOS simulators and macOS, and packs each as a static
# library with the generated C header and module map into
# ios/SlidePuzzleKit/Frameworks/SlidePuzzleCoreFFI.xcframework, the binaryTarget that
# SlidePuzzleKit's Package.swift uses on Apple platforms. Needs a Mac with Xcode and rustup.
set -euo pipefail
cd "$(dirname "$0")/.."
device=aarch64-apple-ios
simulators=(aarch64-apple-ios-sim x86_64-apple-ios)
macs=(aarch64-apple-darwin x86_64-apple-darwin)
rustup target add "$device" "${simulators[@]}" "${macs[@]}"
for target in "$device" "${simulators[@]}" "${macs[@]}"; do
  cargo build --release --lib -p slidepuzzle-ffi --target "$target"
done

lib=libslidepuzzle_ffi.a
ffi=ios/SlidePuzzleKit/Sources/SlidePuzzleCoreFFI
work=target/xcframework
out=ios/SlidePuzzleKit/Frameworks/SlidePuzzleCoreFFI.xcframework
rm -rf "$work" "$out"
mkdir -p "$work/headers" "$work/simulator" "$work/macos" "$(dirname "$out")"
cp "$ffi/SlidePuzzleCoreFFI.h" "$ffi/module.modulemap" "$work/headers/"
# One library per platform: the simulator and Mac slices are each merged into a fat library.
# (macOS ships bash 3.2: no mapfile.)
simulator_libs=()
for t in "${simulators[@]}"; do simulator_libs+=("target/$t/release/$lib"); done
mac_libs=()
for t in "${macs[@]}"; do mac_libs+=("target/$t/release/$lib"); done
lipo -create "${simulator_libs[@]}" -output "$work/simulator/$lib"
lipo -create "${mac_libs[@]}" -output "$work/macos/$lib"
xcodebuild -create-xcframework \
  -library "target/$device/release/$lib" -headers "$work/headers" \
  -library "$work/simulator/$lib" -headers "$work/headers" \
  -library "$work/macos/$lib" -headers "$work/headers" \
  -output "$out"
echo "built $out"
