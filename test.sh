#!/usr/bin/env bash
# Runs every check the project has: Rust (fmt, clippy, tests), the CLI, the generated bindings'
# drift check, the Kotlin tests of the real core on the JVM, and a short fuzz run. Installs
# what it needs: rustfmt/clippy through rustup, cargo-fuzz from crates.io, Maven artifacts
# from Maven Central. FUZZ_SECONDS (default 15) sets the fuzz time per target; SKIP_FUZZ=1
# skips fuzzing.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v cargo >/dev/null; then
  echo "test.sh: cargo is required (https://rustup.rs)" >&2
  exit 1
fi
if command -v rustup >/dev/null; then
  rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
fi
for tool in java mvn; do
  command -v "$tool" >/dev/null || { echo "test.sh: $tool is required (JDK 17 and Maven)" >&2; exit 1; }
done
if [ ! -d ../shared/data ]; then
  echo "test.sh: the shared instance sets are expected at ../shared/data" >&2
  exit 1
fi

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --release -- -D warnings
echo "== cargo test"
cargo test --workspace --release
echo "== cli smoke tests"
cargo build --release -p slidepuzzle-cli
bash tests/cli.sh target/release/slidepuzzle
echo "== generated bindings match the library"
scripts/bindgen.sh --check
# The fuzz build is native and the JVM steps mostly single-threaded: run them side by side.
if [ "${SKIP_FUZZ:-0}" != 1 ]; then
  FUZZ_SECONDS="${FUZZ_SECONDS:-15}" scripts/fuzz.sh >target/fuzz.log 2>&1 &
  fuzz_pid=$!
  trap 'kill "$fuzz_pid" 2>/dev/null || true' EXIT
fi
echo "== Kotlin tests of the core through the bindings (JVM, JNA)"
mvn -B -q -f tests/kotlin/pom.xml test
echo "kotlin: bindings tests passed"
echo "== Android app: compile against android-all, unit tests, Robolectric tests (real core)"
mvn -B -q -f android/pom.xml test
echo "android: app tests passed"
if [ -n "${fuzz_pid:-}" ]; then
  echo "== fuzz (ran beside the JVM tests)"
  if ! wait "$fuzz_pid"; then
    cat target/fuzz.log
    echo "test.sh: fuzzing failed" >&2
    exit 1
  fi
  cat target/fuzz.log
fi
echo "== all checks passed"
