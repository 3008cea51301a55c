#!/usr/bin/env bash
# Builds the Rust core (crate slidepuzzle-ffi) for the app's ABIs with cargo-ndk into
# OUT_DIR/<abi>/libslidepuzzle_ffi.so (default app/build/rustJniLibs). Needs the Android NDK
# (ANDROID_NDK_HOME, which Android Studio's SDK manager installs); installs cargo-ndk and the
# Rust targets when missing. Gradle runs it before every build.
set -euo pipefail
cd "$(dirname "$0")"
out="${1:-app/build/rustJniLibs}"
if [ -z "${ANDROID_NDK_HOME:-}" ] && [ -n "${ANDROID_HOME:-}" ] && [ -d "$ANDROID_HOME/ndk" ]; then
  ANDROID_NDK_HOME="$ANDROID_HOME/ndk/$(ls "$ANDROID_HOME/ndk" | sort -V | tail -1)"
  export ANDROID_NDK_HOME
fi
: "${ANDROID_NDK_HOME:?set ANDROID_NDK_HOME to the Android NDK (SDK Manager > SDK Tools > NDK)}"
command -v cargo-ndk >/dev/null || cargo install cargo-ndk --locked
rustup target add aarch64-linux-android armv7-linux-androideabi x86_64-linux-android >/dev/null
# 16 KB pages: Google Play requires new apps' native libraries to load on devices whose pages
# are 16 KB (Android 15+), so every ELF segment is aligned to 16 KB.
for triple in AARCH64_LINUX_ANDROID ARMV7_LINUX_ANDROIDEABI X86_64_LINUX_ANDROID; do
  export "CARGO_TARGET_${triple}_RUSTFLAGS=-C link-arg=-Wl,-z,max-page-size=16384"
done
cargo ndk --manifest-path ../Cargo.toml -t arm64-v8a -t armeabi-v7a -t x86_64 -P 26 -o "$out" \
  build --release -p slidepuzzle-ffi --lib
