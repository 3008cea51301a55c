#!/usr/bin/env bash
# Runs each cargo-fuzz target for a short time (FUZZ_SECONDS, default 20) from the seeds in
# fuzz/seeds and prints the executions each ran. Installs cargo-fuzz if it is missing. libFuzzer
# needs nightly rustc flags: a nightly toolchain is used when rustup has one, otherwise the
# stable compiler with RUSTC_BOOTSTRAP=1.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-20}"
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz"
  cargo install cargo-fuzz --locked -q
fi
toolchain=()
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  toolchain=(+nightly)
else
  export RUSTC_BOOTSTRAP=1
fi
work="target/fuzz-corpus"
for target in parse_tiles restore decode; do
  mkdir -p "$work/$target"
  cp -n fuzz/seeds/"$target"/* "$work/$target/" 2>/dev/null || true
  log="target/fuzz-$target.log"
  # No sanitizer: the project's code is safe Rust, so AddressSanitizer would only watch the
  # dependencies' unsafe code, at a third of the executions. Panics and bad results are what
  # these targets look for.
  if ! cargo "${toolchain[@]}" fuzz run --sanitizer none --fuzz-dir fuzz "$target" "$work/$target" -- \
      -max_total_time="$seconds" -rss_limit_mb=1024 -timeout=10 -print_final_stats=1 >"$log" 2>&1; then
    tail -40 "$log" >&2
    echo "fuzz: $target FAILED (see $log)" >&2
    exit 1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  echo "fuzz: $target ran ${runs:-?} executions in ${seconds} s, no crashes"
done
