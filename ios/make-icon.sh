#!/usr/bin/env bash
# Draws the app icon from the built-in mandala picture, cut 3×3 like a puzzle, with the core's
# own pipeline: one opaque 1024×1024 PNG, the single size an asset catalog needs since Xcode 14.
# Run from anywhere; rerun when the built-in picture changes.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release -q -p slidepuzzle-cli -- picture --builtin mandala --edge 1024 --grid 3 \
  --out ios/SlidePuzzleApp/Assets.xcassets/AppIcon.appiconset/AppIcon.png
echo "wrote ios/SlidePuzzleApp/Assets.xcassets/AppIcon.appiconset/AppIcon.png"
