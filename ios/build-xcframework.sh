#!/usr/bin/env bash
# Builds the Rust core as static libraries for Apple platforms and packs them, with the
# generated C header and module map, into
# ios/SlidePuzzleKit/Frameworks/SlidePuzzleCoreFFI.xcframework, the binaryTarget that
# SlidePuzzleKit's Package.swift uses on Apple platforms. Needs a Mac with Xcode and rustup.
#
#   ios/build-xcframework.sh          every slice: device, simulator (arm64 + x86_64), macOS
#                                     (run once after cloning, before opening the project:
#                                     Xcode resolves the package before any build step runs)
#   from Xcode's pre-build step       only the slices of the build Xcode is making
#                                     (PLATFORM_NAME and ARCHS), next to those built before
#
# The XCFramework is replaced only when a library, the header or the module map changed, so
# a build with no Rust change neither rebuilds nor re-links anything.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

device=aarch64-apple-ios
simulators=(aarch64-apple-ios-sim x86_64-apple-ios)
macs=(aarch64-apple-darwin x86_64-apple-darwin)

# The targets to build now: Xcode says which platform and architectures it builds.
wanted=()
case "${PLATFORM_NAME:-}" in
  "") wanted=("$device" "${simulators[@]}" "${macs[@]}") ;;
  iphoneos) wanted=("$device") ;;
  iphonesimulator)
    for arch in ${ARCHS:-arm64}; do
      case $arch in
        arm64) wanted+=(aarch64-apple-ios-sim) ;;
        x86_64) wanted+=(x86_64-apple-ios) ;;
      esac
    done ;;
  macosx)
    for arch in ${ARCHS:-arm64}; do
      case $arch in
        arm64) wanted+=(aarch64-apple-darwin) ;;
        x86_64) wanted+=(x86_64-apple-darwin) ;;
      esac
    done ;;
  *) echo "build-xcframework.sh: no core slice for platform $PLATFORM_NAME" >&2; exit 1 ;;
esac

installed="$(rustup target list --installed)"
for target in "${wanted[@]}"; do
  grep -qx "$target" <<<"$installed" || rustup target add "$target"
done

# Xcode's environment describes the app being built (SDKROOT is the iPhone SDK, and deployment
# targets are set): build scripts that cargo compiles for this Mac must not see it. Only the
# static library is made; the crate's other kinds (a dynamic library) are not needed here.
for target in "${wanted[@]}"; do
  env -u SDKROOT -u IPHONEOS_DEPLOYMENT_TARGET -u MACOSX_DEPLOYMENT_TARGET -u ARCHS \
    -u PLATFORM_NAME -u LLVM_TARGET_TRIPLE_SUFFIX \
    cargo rustc --release --lib -p slidepuzzle-ffi --target "$target" --crate-type staticlib
done

lib=libslidepuzzle_ffi.a
ffi=ios/SlidePuzzleKit/Sources/SlidePuzzleCoreFFI
work=target/xcframework
out=ios/SlidePuzzleKit/Frameworks/SlidePuzzleCoreFFI.xcframework
built() { [ -f "target/$1/release/$lib" ]; }

# One library per platform, from every slice built so far (now or by an earlier build).
slices=()
if built "$device"; then slices+=("target/$device/release/$lib"); fi
simulator_libs=()
for t in "${simulators[@]}"; do built "$t" && simulator_libs+=("target/$t/release/$lib"); done
mac_libs=()
for t in "${macs[@]}"; do built "$t" && mac_libs+=("target/$t/release/$lib"); done

# (bash 3.2, which macOS ships, calls an empty array unbound under set -u: hence ${a[@]+…}.)
stamp="$(cat ${slices[@]+"${slices[@]}"} ${simulator_libs[@]+"${simulator_libs[@]}"} \
  ${mac_libs[@]+"${mac_libs[@]}"} "$ffi/SlidePuzzleCoreFFI.h" \
  "$ffi/module.modulemap" | shasum -a 256 | cut -d' ' -f1)"
if [ -d "$out" ] && [ "$(cat "$work/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "$out is up to date"
  exit 0
fi

next="$work/next"
rm -rf "$next"
mkdir -p "$next/headers" "$next/simulator" "$next/macos" "$(dirname "$out")"
cp "$ffi/SlidePuzzleCoreFFI.h" "$ffi/module.modulemap" "$next/headers/"
args=()
for s in ${slices[@]+"${slices[@]}"}; do args+=(-library "$s" -headers "$next/headers"); done
if [ ${#simulator_libs[@]} -gt 0 ]; then
  lipo -create "${simulator_libs[@]}" -output "$next/simulator/$lib"
  args+=(-library "$next/simulator/$lib" -headers "$next/headers")
fi
if [ ${#mac_libs[@]} -gt 0 ]; then
  lipo -create "${mac_libs[@]}" -output "$next/macos/$lib"
  args+=(-library "$next/macos/$lib" -headers "$next/headers")
fi
xcodebuild -create-xcframework ${args[@]+"${args[@]}"} -output "$next/SlidePuzzleCoreFFI.xcframework"
# Replaced in one step, and only now that the new one is whole.
rm -rf "$out.old"
[ -d "$out" ] && mv "$out" "$out.old"
mv "$next/SlidePuzzleCoreFFI.xcframework" "$out"
rm -rf "$out.old"
echo "$stamp" >"$work/stamp"
echo "built $out"
