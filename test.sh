#!/usr/bin/env bash
# Runs every check the project has. Installs nothing beyond the Rust toolchain components it
# needs (rustfmt, clippy), which rustup adds when missing.
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
