#!/usr/bin/env bash
# Proves that the repository stands on its own: a clone with nothing beside it passes the tests
# that read files of the repository, and no tracked file names a path out of it.
#
#   scripts/standalone.sh [scan|clone]     (both when no argument is given)
#
# scan   every tracked text file is searched for paths that leave the repository: `../shared`
#        (except its two allowed parts below), any other mention of `shared/data`, and absolute
#        paths into a developer's machine (/work, /home, /Users, /root). Allowed: the vendored
#        crates at `../shared/vendor`, cargo's offline fallback where crates.io does not answer
#        (scripts/cargo-source.sh), and the optional iPhone tools at `../shared/tools`, whose
#        phase says "skipped" where they are absent.
# clone  the committed HEAD is cloned into an empty temporary folder (nothing beside the clone,
#        so `../anything` does not exist there) and, in the clone, runs every test target whose
#        source names a file of `tests/data`, then the CLI checks (`tests/cli.sh`). Cargo builds
#        into this checkout's target folder, so the crates from the registry are not compiled
#        again, only the workspace's own. Uncommitted changes are not in the clone.
#
# Cargo names a workspace crate's build by its path within the workspace, not by the folder the
# workspace is in: built as it is, the clone's crates would replace this checkout's (their
# fingerprints fresh, their tests reading the clone's deleted folder). The clone builds them with
# one profile setting of their own (codegen units, which change no behaviour), so that they are
# other builds beside this checkout's; the registry's crates are shared.
#
# Ends with one line saying what it checked; exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
what=${1:-all}

scan() {
  local found
  # `git grep -o` prints every occurrence as file:line:match; the allowed ones are dropped.
  found="$(
    {
      git grep -n -I -o -E '(\.\./)+shared(/[A-Za-z0-9_.-]+)?' -- . ':!scripts/standalone.sh' || true
      git grep -n -I -o -E '(^|[^./A-Za-z0-9_-])shared/data' -- . ':!scripts/standalone.sh' || true
      git grep -n -I -o -E '(^|[^.A-Za-z0-9_$}~-])/(work|home|Users|root)/[A-Za-z0-9_.-]*' \
        -- . ':!scripts/standalone.sh' || true
    } | grep -v -E ':\.\./shared/(vendor|tools)(/|$)' || true
  )"
  if [ -n "$found" ]; then
    echo "standalone: these tracked files name paths out of the repository (only" \
      "../shared/vendor, the offline crates, and ../shared/tools, optional, may be named):" >&2
    echo "$found" >&2
    return 1
  fi
  echo "scan: no tracked file names a path out of the repository but ../shared/vendor and ../shared/tools"
}

# `-p PACKAGE --lib|--test NAME` for every test target whose source names a file of tests/data
# (benches are compiled by the rust phase and read the same folder; the scan covers them).
data_targets() {
  local file dir package name
  git grep -l -I -E '"[^"]*tests/data' -- '*.rs' | while read -r file; do
    dir=${file%%/*}
    [ -f "$dir/Cargo.toml" ] || continue
    package="$(sed -n 's/^name *= *"\(.*\)"/\1/p' "$dir/Cargo.toml" | head -1)"
    case $file in
      "$dir"/tests/*.rs)
        name=${file#"$dir"/tests/}
        echo "$package --test ${name%.rs}"
        ;;
      "$dir"/src/*) echo "$package --lib" ;;
    esac
  done | sort -u
}

# The clone's build replaces this checkout's binary target/release/slidepuzzle (a link to its
# build) with the clone's; cargo links this checkout's back (nothing is compiled: it is fresh).
relink() {
  (unset CARGO_TARGET_DIR && cargo build -q --release -p slidepuzzle-cli) || true
}

# The clone's workspace crates as builds of their own (see above).
apart=(--config 'profile.release.package.slidepuzzle-core.codegen-units=16'
  --config 'profile.release.package.slidepuzzle-ffi.codegen-units=16'
  --config 'profile.release.package.slidepuzzle-cli.codegen-units=16')

clone() {
  local tmp head clone_dir targets package args ran=()
  tmp="$(mktemp -d)"
  # shellcheck disable=SC2064 # the folder is known now
  trap "rm -rf '$tmp'; relink" EXIT
  head="$(git rev-parse HEAD)"
  clone_dir="$tmp/slidepuzzle"
  git clone -q "$root" "$clone_dir"
  if [ "$(git -C "$clone_dir" rev-parse HEAD)" != "$head" ]; then
    git -C "$clone_dir" checkout -q --detach "$head"
  fi
  if ! git diff --quiet HEAD; then
    echo "standalone: note: uncommitted changes are not in the clone (it has ${head:0:12})"
  fi
  # The offline fallback, where scripts/cargo-source.sh had to write it for this checkout (the
  # file is machine-local and git-ignored, so a clone never has it).
  if [ -f .cargo/config.toml ] && head -1 .cargo/config.toml | grep -qF 'scripts/cargo-source.sh'; then
    mkdir -p "$clone_dir/.cargo"
    cp .cargo/config.toml "$clone_dir/.cargo/config.toml"
  fi
  [ "$(ls -A "$tmp")" = slidepuzzle ] || {
    echo "standalone: the clone's folder is not empty" >&2
    return 1
  }
  targets="$(cd "$clone_dir" && data_targets)"
  [ -n "$targets" ] || {
    echo "standalone: no test target reads tests/data: the search for them is broken" >&2
    return 1
  }
  export CARGO_TARGET_DIR="$root/target"
  for package in $(cut -d' ' -f1 <<<"$targets" | sort -u); do
    mapfile -t args < <(grep "^$package " <<<"$targets" | cut -d' ' -f2- | tr ' ' '\n')
    echo "== in a lone clone: cargo test -p $package ${args[*]}"
    (cd "$clone_dir" && cargo test -q --release --locked "${apart[@]}" -p "$package" "${args[@]}")
    ran+=("$package (${args[*]})")
  done
  echo "== in a lone clone: the CLI checks"
  (cd "$clone_dir" && cargo build -q --release --locked "${apart[@]}" -p slidepuzzle-cli \
    && bash tests/cli.sh "$CARGO_TARGET_DIR/release/slidepuzzle")
  echo "clone: a clone of ${head:0:12} with nothing beside it passed ${ran[*]}, and the CLI checks"
}

case $what in
  scan) scan ;;
  clone) clone ;;
  all) scan && clone ;;
  *)
    echo "usage: scripts/standalone.sh [scan|clone]" >&2
    exit 2
    ;;
esac
