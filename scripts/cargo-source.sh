#!/usr/bin/env bash
# Makes cargo able to build the workspace on this machine, and says how (one line).
#
# Where the crates registry answers, cargo resolves as usual and nothing is written. Where it
# does not, the crates that Cargo.lock names are taken from the shared vendored set
# (../shared/vendor/crates-linux.tar.gz, unpacked under target/vendor) through a git-ignored
# .cargo/config.toml that this script writes, so that every cargo call (test.sh, bindgen.sh,
# a person's `cargo run`) uses it. The file is never committed: on a machine that reaches the
# registry it is removed again, and the project resolves normally.
#
# Reachability is measured, not guessed: a throwaway project outside this one (so that no
# project config applies) that depends on one small crate is resolved and fetched with no
# retries, as every build does it (the sparse index, then the download). `cargo search` is not
# the measure: it asks crates.io's web API, which a machine may not reach while the index and
# the downloads answer.
set -euo pipefail
cd "$(dirname "$0")/.."
config=".cargo/config.toml"
marker="# Written by scripts/cargo-source.sh"
vendor_archive="../shared/vendor/crates-linux.tar.gz"

reachable() {
  local probe
  probe="$(mktemp -d)"
  mkdir -p "$probe/src"
  : >"$probe/src/lib.rs"
  printf '[package]\nname = "probe"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nitoa = "1"\n' >"$probe/Cargo.toml"
  (cd "$probe" && timeout 60 cargo fetch --config net.retry=0 >/dev/null 2>&1)
  local status=$?
  rm -rf "$probe"
  return $status
}

if reachable; then
  if [ -f "$config" ] && head -1 "$config" | grep -qF "$marker"; then
    rm -f "$config"
    rmdir .cargo 2>/dev/null || true
  fi
  echo "cargo: the crates registry answers; dependencies resolve from it"
  exit 0
fi

if [ ! -f "$vendor_archive" ]; then
  echo "cargo: the crates registry does not answer and $vendor_archive is missing" >&2
  exit 1
fi
if [ -f ../shared/vendor/Cargo.lock.sha256 ] \
  && ! (sha256sum Cargo.lock | cut -d' ' -f1 | cmp -s - <(cut -d' ' -f1 ../shared/vendor/Cargo.lock.sha256)); then
  echo "cargo: warning: Cargo.lock differs from the lock the vendored crates were made for;" \
    "crates it adds cannot be built offline" >&2
fi
stamp="target/vendor/.unpacked-from"
archive_id="$(stat -c '%s %Y' "$vendor_archive")"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$archive_id" ]; then
  rm -rf target/vendor
  mkdir -p target/vendor
  tar -C target/vendor -xzf "$vendor_archive"
  echo "$archive_id" >"$stamp"
fi
mkdir -p .cargo
if [ -f "$config" ] && ! head -1 "$config" | grep -qF "$marker"; then
  echo "cargo: $config exists and was not written by this script; leaving it alone" >&2
  exit 1
fi
cat >"$config" <<EOF
$marker: the crates registry did not answer, so cargo takes the
# vendored crates. Git ignores this file; the script removes it where the registry answers.
[source.crates-io]
replace-with = "vendored-sources"

[source.vendored-sources]
directory = "$PWD/target/vendor/crates"

[net]
offline = true
EOF
echo "cargo: the crates registry does not answer; using the vendored crates from $vendor_archive"
