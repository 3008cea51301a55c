#!/usr/bin/env bash
# Runs every check this machine can run, one phase at a time, and ends with one line per phase
# saying what it ran or why it skipped it. A phase that can run and fails fails the whole run;
# a skip is always said, never silent.
#
# Phases:
#   rust    fmt, clippy -D warnings, every cargo test, doc links, the CLI checks, the bindings
#           drift check
#           (always; where the crates registry does not answer, cargo falls back on the vendored
#           crates at ../shared/vendor, the only thing outside the repository a run may use
#           besides the optional iPhone tools of ../shared/tools)
#   alone   a clone of the committed HEAD in an empty folder runs the tests that read
#           tests/data and the CLI checks; a scan fails on any path out of the repository
#           (scripts/standalone.sh; always)
#   words   Android's strings against iOS's String Catalog, key by key, English and German
#           (scripts/words.py; what differs on purpose is in scripts/words-exceptions.txt)
#   swift   the iOS package's tests against the real core, a parse of the app's views,
#           swift-format lint where the toolchain has it, and the iPhone type-check of the whole
#           iOS side where an iOS SDK is on the machine (where `swift` is on PATH)
#   jvm     the Kotlin bindings tests and the Android app's build and Robolectric tests (where
#           Maven can resolve their artifacts; the app's res/ needs aapt2, from Debian's aapt
#           package, installed here where it is missing and apt-get can)
#   fuzz    a short cargo-fuzz run per target, beside the JVM phase (where cargo-fuzz is
#           present or can be installed)
#
# Switches for local speed: SKIP_SWIFT=1, SKIP_JVM=1, SKIP_FUZZ=1; FUZZ_SECONDS (default 15)
# sets the fuzz time per target.
set -euo pipefail
cd "$(dirname "$0")"

summary=()
record() { summary+=("$(printf '%-6s %s' "$1" "$2")"); }
print_summary() {
  echo "== phases"
  printf '%s\n' "${summary[@]}"
}
trap 'rc=$?; if [ "$rc" -ne 0 ]; then print_summary; echo "test.sh: FAILED (exit $rc)" >&2; fi' EXIT

# Toolchains installed where their installers put them, for shells whose PATH lacks them.
command -v cargo >/dev/null || [ ! -x "$HOME/.cargo/bin/cargo" ] || PATH="$HOME/.cargo/bin:$PATH"
if ! command -v swift >/dev/null; then
  for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    if [ -x "$dir/swift" ]; then
      PATH="$PATH:$dir"
      break
    fi
  done
fi
export PATH

if ! command -v cargo >/dev/null; then
  echo "test.sh: cargo is required (https://rustup.rs)" >&2
  exit 1
fi
if command -v rustup >/dev/null; then
  for component in rustfmt clippy; do
    rustup component list --installed 2>/dev/null | grep -q "^$component" \
      || rustup component add "$component"
  done
fi

# --- rust -----------------------------------------------------------------------------------
echo "== cargo source"
source_line="$(scripts/cargo-source.sh)"
echo "$source_line"
echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --release -- -D warnings
echo "== cargo test"
cargo test --workspace --release
echo "== cargo doc (every link resolves)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --document-private-items -q
echo "== cli checks"
cargo build --release -p slidepuzzle-cli
bash tests/cli.sh target/release/slidepuzzle
echo "== generated bindings match the library"
scripts/bindgen.sh --check
echo "== generated Swift only gains (the iOS app compiles unchanged)"
python3 scripts/swift-gains.py
record rust "ran: fmt, clippy, cargo test, doc links, CLI checks, bindings drift, Swift only gains (${source_line#cargo: })"

# --- alone ----------------------------------------------------------------------------------
echo "== the repository on its own (scripts/standalone.sh)"
scripts/standalone.sh | tee target/standalone.log
record alone "ran: $(grep -E '^(scan|clone): ' target/standalone.log | sed 's/^[a-z]*: //' | paste -sd';' | sed 's/;/; /')"

# --- words: both apps' strings, key by key -------------------------------------------------------
echo "== words (Android's strings.xml against iOS's Localizable.xcstrings)"
python3 scripts/words.py | tee target/words.log
words_line="$(tail -1 target/words.log)"
record words "ran: ${words_line#words: }"

# --- fuzz (started now, runs beside the JVM phase) -----------------------------------------------
fuzz_pid=""
if [ "${SKIP_FUZZ:-0}" = 1 ]; then
  record fuzz "skipped: SKIP_FUZZ=1"
elif ! cargo fuzz --version >/dev/null 2>&1 && [ -f .cargo/config.toml ]; then
  # .cargo/config.toml exists only when cargo-source.sh found the registry unreachable; the
  # fuzz workspace's crates (libfuzzer-sys) and cargo-fuzz itself are not in the vendored set.
  record fuzz "skipped: cargo-fuzz is not installed and cannot be (the crates registry does not answer)"
else
  # scripts/fuzz.sh installs cargo-fuzz where it is missing; a failed install fails the run.
  FUZZ_SECONDS="${FUZZ_SECONDS:-15}" scripts/fuzz.sh >target/fuzz.log 2>&1 &
  fuzz_pid=$!
fi

# --- swift ----------------------------------------------------------------------------------
if [ "${SKIP_SWIFT:-0}" = 1 ]; then
  record swift "skipped: SKIP_SWIFT=1"
elif ! command -v swift >/dev/null; then
  record swift "skipped: no swift toolchain on PATH"
else
  echo "== Swift package against the real core (swift test)"
  cargo build --release -q -p slidepuzzle-ffi --lib
  swift test --package-path ios/SlidePuzzleKit 2>&1 | tee target/swift-test.log
  swift_status="${PIPESTATUS[0]}"
  [ "$swift_status" -eq 0 ] || exit "$swift_status"
  swift_tests="$(grep -Eo 'Test run with [0-9]+ tests?' target/swift-test.log | tail -1 | grep -Eo '[0-9]+' || true)"
  xctests="$(grep -Eo 'Executed [0-9]+ tests?' target/swift-test.log | tail -1 | grep -Eo '[0-9]+' || true)"
  echo "== SwiftUI app sources: syntax only (SwiftUI/UIKit exist only on Apple systems)"
  views=(ios/SlidePuzzleApp/*.swift)
  swiftc -parse "${views[@]}"
  echo "swiftc -parse: ${#views[@]} files"
  lint="no swift-format in this toolchain"
  if swift format --version >/dev/null 2>&1; then
    # ios/.swift-format holds the settings; the generated bindings are left as generated.
    swift format lint --strict --recursive ios/SlidePuzzleKit/Package.swift \
      ios/SlidePuzzleKit/Sources/SlidePuzzleKit ios/SlidePuzzleKit/Tests ios/SlidePuzzleApp
    lint="swift format lint"
  fi
  # The whole iOS side (bindings, SlidePuzzleKit, the SwiftUI app) type-checked for iPhone
  # against an iOS SDK's interfaces, where one is on this machine (never in the repository).
  ios_sdk=${IOS_SDK:-$HOME/.cache/ios-sdk/iPhoneOS18.6.sdk}
  typecheck=../shared/tools/ios-typecheck/typecheck.sh
  if [ ! -x "$typecheck" ] && [ ! -f "$typecheck" ]; then
    ios_check="skipped: no iOS type-check tool at $typecheck"
  elif [ ! -d "$ios_sdk/usr/lib/swift" ]; then
    ios_check="skipped: no iOS SDK (set IOS_SDK or see ../shared/tools/ios-typecheck/README.md)"
  else
    echo "== iOS type-check for iPhone against $(basename "$ios_sdk")"
    bash "$typecheck" "$ios_sdk"
    ios_check="iOS type-check of bindings, SlidePuzzleKit and app: clean"
  fi
  record swift "ran: swift test against the real core (${swift_tests:-0} Swift Testing tests, ${xctests:-0} XCTest), swiftc -parse of ${#views[@]} SwiftUI files, $lint; $ios_check"
fi

# --- jvm ------------------------------------------------------------------------------------
# Maven resolves from its local repository and, where it answers, the remote one. A project
# whose artifacts cannot be had (offline and never downloaded) is skipped; any other failure
# (compile, test) fails the run.
run_maven() { # label, pom
  local label=$1 pom=$2 log
  log="target/mvn-$label.log"
  mkdir -p target
  if mvn -B -q -f "$pom" test >"$log" 2>&1; then
    return 0
  fi
  # Skipped only when an artifact could not be resolved *because no repository answered*; a
  # wrong coordinate on a machine that reaches the repository still fails.
  if grep -Eq "could not be resolved|Could not resolve dependencies|Failed to read artifact descriptor" "$log" \
    && grep -Eq "Unknown host|Network is unreachable|Connection refused|Connect timed out|in offline mode" "$log" \
    && ! grep -Eq "COMPILATION ERROR|Tests run:.*Failures: [1-9]|Tests run:.*Errors: [1-9]" "$log"; then
    return 3
  fi
  cat "$log" >&2
  return 1
}
if [ "${SKIP_JVM:-0}" = 1 ]; then
  record jvm "skipped: SKIP_JVM=1"
elif ! command -v mvn >/dev/null || ! command -v java >/dev/null; then
  record jvm "skipped: no JDK 17 and Maven on PATH"
else
  jvm_ran=()
  jvm_skipped=()
  jvm_why=()
  # The Android build compiles res/ with aapt2 (android/scripts/resources.sh).
  if ! command -v aapt2 >/dev/null && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "== installing aapt2 (Debian package aapt)"
    { apt-get install -y -qq aapt || { apt-get update -qq && apt-get install -y -qq aapt; }; } >target/apt-aapt.log 2>&1 || true
  fi
  for pair in "kotlin:tests/kotlin/pom.xml" "android:android/pom.xml"; do
    label=${pair%%:*}
    if [ "$label" = android ] && ! command -v aapt2 >/dev/null; then
      echo "android: skipped, no aapt2 to compile the app's resources (apt-get install aapt)"
      jvm_skipped+=("$label")
      jvm_why+=("android: no aapt2 (apt-get install aapt), which compiles the app's res/")
      continue
    fi
    echo "== JVM: $label (mvn test)"
    status=0
    run_maven "$label" "${pair#*:}" || status=$?
    case $status in
      0) echo "$label: tests passed"; jvm_ran+=("$label")
         if [ "$label" = android ]; then
           # Every .so the APK would hold (JNA's prebuilt one, and ours where build-rust.sh ran)
           # loads on 16 KB-page devices.
           echo "== android: 16 KB page alignment of the APK's native libraries"
           python3 android/scripts/page-align.py --abis arm64-v8a,armeabi-v7a,x86_64 \
             android/target/native/jna-*.aar $(find android/app/build/rustJniLibs -name '*.so' 2>/dev/null) \
             || { echo "test.sh: a native library is not 16 KB aligned" >&2; exit 1; }
         fi ;;
      3) echo "$label: skipped, Maven cannot resolve its artifacts here"
         grep -m1 -E "could not be resolved|Could not resolve|Could not transfer" "target/mvn-$label.log" | cut -c1-200 || true
         jvm_skipped+=("$label")
         jvm_why+=("$label: Maven cannot resolve its artifacts (no repository answers, none cached)") ;;
      *) echo "test.sh: $label tests failed" >&2; exit 1 ;;
    esac
  done
  android_line=""
  if [ -f android/target/screenshots/index.html ] && [[ " ${jvm_ran[*]} " == *" android "* ]]; then
    shots=$(find android/target/screenshots -mindepth 2 -name '*.png' | wc -l)
    android_line=" (resources by $(aapt2 version 2>&1 | head -1 | sed 's/Android Asset Packaging Tool (aapt) //;s/^/aapt2 /'); $shots screenshots in android/target/screenshots)"
  fi
  if [ ${#jvm_skipped[@]} -eq 0 ]; then
    record jvm "ran: ${jvm_ran[*]}$android_line"
  elif [ ${#jvm_ran[@]} -eq 0 ]; then
    record jvm "skipped: $(IFS=';'; echo "${jvm_why[*]}")"
  else
    record jvm "ran: ${jvm_ran[*]}$android_line; skipped: $(IFS=';'; echo "${jvm_why[*]}")"
  fi
fi

if [ -n "$fuzz_pid" ]; then
  echo "== fuzz"
  if ! wait "$fuzz_pid"; then
    cat target/fuzz.log
    echo "test.sh: fuzzing failed" >&2
    exit 1
  fi
  cat target/fuzz.log
  record fuzz "ran: $(grep -c 'no crashes' target/fuzz.log) targets for ${FUZZ_SECONDS:-15} s each"
fi

print_summary
echo "== all phases that could run passed"
