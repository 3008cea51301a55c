#!/usr/bin/env bash
# Black-box checks of the `slidepuzzle` binary: outputs, exit codes and messages a user sees.
# Usage: tests/cli.sh path/to/slidepuzzle
set -uo pipefail
bin=${1:?usage: tests/cli.sh path/to/slidepuzzle}
data="$(dirname "$0")/../../shared/data"
export SLIDEPUZZLE_CACHE
SLIDEPUZZLE_CACHE=$(mktemp -d)
trap 'rm -rf "$SLIDEPUZZLE_CACHE"' EXIT
passed=0
failed=0

check() { # name, expected exit code, expected output pattern, command...
  local name=$1 code=$2 pattern=$3
  shift 3
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -eq "$code" ] && grep -Eq -- "$pattern" <<<"$out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name (exit $rc, wanted $code; output did not match /$pattern/)"
    echo "$out" | head -5
  fi
}

check "bfs solves the hardest 3x3 optimally" 0 '"length":31.*"optimal":true|"optimal":true.*"length":31' \
  "$bin" solve --tiles "8 6 7 2 5 4 3 0 1" --algorithm bfs --json
check "json has every field" 0 '"directions":"[UDLR]{31}"' \
  "$bin" solve --tiles "8 6 7 2 5 4 3 0 1" --algorithm idastar --json
check "a custom goal" 0 'moves \(1\)' \
  "$bin" solve --tiles "1 2 3 4 0 5 6 7 8" --goal "1 2 3 4 5 0 6 7 8" --algorithm bibfs
check "duplicate tile" 2 'tile 3 appears twice' "$bin" solve --tiles "1 2 3 3 5 6 7 8 0"
check "wrong count" 2 '8 tiles given' "$bin" solve --tiles "1 2 3 4 5 6 7 0"
check "out of range" 2 'tile 9 is out of range' "$bin" solve --tiles "1 2 3 4 5 6 7 9 0"
check "not a number" 2 "'x' is not a tile number" "$bin" solve --tiles "1 2 3 4 5 6 7 x 0"
check "unsolvable" 2 'cannot be solved' "$bin" solve --tiles "2 1 3 4 5 6 7 8 0"
check "unknown algorithm" 2 'unknown algorithm' "$bin" solve --tiles "1 2 3 4 5 6 7 0 8" --algorithm dfs
check "bfs on 4x4 hits the memory limit" 3 'memory limit reached' \
  "$bin" solve --tiles "2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0" --goal "$(seq -s' ' 0 15)" --algorithm bfs --max-mb 64
check "node limit" 3 'node limit reached' \
  "$bin" solve --tiles "2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0" --goal "$(seq -s' ' 0 15)" --algorithm idastar --max-nodes 1000
check "no threads is refused" 2 "invalid value '0' for '--threads" \
  "$bin" solve --tiles "8 6 7 2 5 4 3 0 1" --threads 0
check "two threads find a path of the optimal length" 0 'moves \(31\)' \
  "$bin" solve --tiles "8 6 7 2 5 4 3 0 1" --algorithm idastar --threads 2
check "size out of range" 2 'a 9×9 board is out of range: boards are 2×2 to 8×8' "$bin" shuffle --size 9
check "seeded shuffle is reproducible" 0 "^$("$bin" shuffle --size 4 --seed 42)\$" "$bin" shuffle --size 4 --seed 42
check "exact-distance shuffle" 0 '^([0-9]+ ){8}[0-9]+$' "$bin" shuffle --size 3 --distance 20 --seed 1
d20=$("$bin" shuffle --size 3 --distance 20 --seed 1)
check "exact-distance shuffle is 20 away" 0 'moves \(20\)' "$bin" solve --tiles "$d20" --algorithm bfs
check "too deep a distance" 2 'distance 32 is out of range: 1 to 31' "$bin" shuffle --size 3 --distance 32
check "bench over puzzle8" 0 'total: 102 instances, 102 solved, 0 wrong' \
  "$bin" bench --data "$data/puzzle8.txt" --algorithm idastar
check "bench reads the Korf goal from the header" 0 'total: 3 instances, 3 solved, 0 wrong' \
  "$bin" bench --data "$data/korf100_subset.txt" --algorithm idastar --limit 3 --timeout-ms 60000
check "corrupt pattern database" 2 'checksum mismatch|truncated|not a slidepuzzle' \
  bash -c "head -c 5000 /dev/urandom > '$SLIDEPUZZLE_CACHE/bad.pdb'; printf 'SPDB\001\000' | cat - '$SLIDEPUZZLE_CACHE/bad.pdb' > '$SLIDEPUZZLE_CACHE/bad2.pdb'; '$bin' solve --tiles '1 2 3 4 5 6 7 0 8' --algorithm pdb --pdb '$SLIDEPUZZLE_CACHE/bad2.pdb'"
check "pdb build and load" 0 'optimal' \
  bash -c "'$bin' pdb build --size 3 --out '$SLIDEPUZZLE_CACHE/p3.pdb' && '$bin' solve --tiles '8 6 7 2 5 4 3 0 1' --algorithm pdb --pdb '$SLIDEPUZZLE_CACHE/p3.pdb'"
check "a built-in picture as PNG" 0 'PNG image data, 240 x 240' \
  bash -c "'$bin' picture --builtin sunset --edge 240 --out '$SLIDEPUZZLE_CACHE/s.png' && file '$SLIDEPUZZLE_CACHE/s.png'"
check "a photo is cropped square" 0 'PNG image data, 100 x 100' \
  bash -c "'$bin' picture --builtin bauhaus --edge 300 --out '$SLIDEPUZZLE_CACHE/b.png' && '$bin' picture --image '$SLIDEPUZZLE_CACHE/b.png' --edge 100 --out '$SLIDEPUZZLE_CACHE/c.png' && file '$SLIDEPUZZLE_CACHE/c.png'"
check "an unknown built-in picture" 2 "no built-in picture 'nope'" "$bin" picture --builtin nope --out /dev/null
check "a file that is not an image" 2 'not a supported image' \
  bash -c "echo hello > '$SLIDEPUZZLE_CACHE/x.jpg'; '$bin' play --image '$SLIDEPUZZLE_CACHE/x.jpg'"
check "a missing photo" 1 'cannot read' "$bin" play --image /nonexistent/photo.jpg
check "auto finds a path on 8x8 in time" 0 'auto:reduction: [0-9]+ moves, not proven optimal' \
  bash -c "'$bin' solve --tiles \"\$('$bin' shuffle --size 8 --seed 2)\" --timeout-ms 300"
check "reduction is a listed algorithm and its path is checked" 0 '"algorithm":"reduction"' \
  bash -c "'$bin' solve --tiles \"\$('$bin' shuffle --size 7 --seed 5 --goal \"\$(seq -s' ' 1 24) 0 \$(seq -s' ' 25 48)\")\" --goal \"\$(seq -s' ' 1 24) 0 \$(seq -s' ' 25 48)\" --algorithm reduction --timeout-ms 200 --json"
check "bench-large reports first paths and ratios" 0 '8×8 +[0-9.]+ +[0-9.]+ +[0-9.]+' \
  "$bin" bench-large --sizes 8 --count 2 --budgets 100 --no-baseline
check "a goal error says it is the goal" 2 "^slidepuzzle: --goal: 'x' is not a tile number" \
  "$bin" solve --tiles "1 2 3 4 5 6 7 0 8" --goal "1 2 3 x 5 6 7 8 0"
check "a goal of another size says both sizes" 2 'the goal is a 2×2 board but the board is 3×3' \
  "$bin" solve --tiles "1 2 3 4 5 6 7 0 8" --goal "1 2 3 0"
check "81 tiles: 9×9 is beyond 8×8" 2 'a 9×9 board is out of range: boards are 2×2 to 8×8' \
  "$bin" solve --tiles "$(seq -s' ' 0 80)"
check "a long word is cut with an ellipsis" 2 "'y{19}…' is not a tile number" \
  "$bin" solve --tiles "1 2 $(printf 'y%.0s' {1..40}) 0"
check "databases of another size say the sizes" 2 'these pattern databases are for 2×2 boards, not 3×3' \
  bash -c "'$bin' pdb build --size 2 --out '$SLIDEPUZZLE_CACHE/p2.pdb' 2>/dev/null && '$bin' solve --tiles '8 6 7 2 5 4 3 0 1' --algorithm pdb --pdb '$SLIDEPUZZLE_CACHE/p2.pdb'"
check "pdb build names the sizes databases exist for" 2 'pattern databases are built for 2×2 to 5×5' \
  "$bin" pdb build --size 1 --out "$SLIDEPUZZLE_CACHE/p1.pdb"
check "pdb build checks the output folder before building" 1 'the folder /missing/dir does not exist' \
  "$bin" pdb build --size 4 --out /missing/dir/x.pdb
check "an impossible distance is refused before any database is built" 2 '^slidepuzzle: distance 1000 is out of range: 1 to 60 on a 4×4 board$' \
  "$bin" shuffle --size 4 --distance 1000 --pdb-dir "$SLIDEPUZZLE_CACHE/never"
for seed in 1 2 3 4 5 6 7 8; do
  check "the two deepest 3x3 boards for seed $seed" 0 '^(8 6 7 2 5 4 3 0 1|6 4 7 8 5 0 3 2 1)$' \
    "$bin" shuffle --size 3 --distance 31 --seed "$seed"
done
check "a centre goal has no board 31 away" 2 'no board is 31 moves from this goal' \
  "$bin" shuffle --size 3 --distance 31 --seed 1 --goal "1 2 3 4 0 5 6 7 8"
check "--max-nodes 0 is honoured" 3 'node limit reached' \
  "$bin" solve --tiles "8 6 7 2 5 4 3 0 1" --algorithm idastar --max-nodes 0
check "--max-nodes 0 is honoured by auto on 4x4" 3 'node limit reached' \
  "$bin" solve --tiles "2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0" --goal "$(seq -s' ' 0 15)" --no-pdb --max-nodes 0
check "bench --limit 0 is refused" 2 'limit 0 leaves no instance' \
  "$bin" bench --data "$data/puzzle8.txt" --limit 0
check "bench names a line of another size" 2 'line 4: the board is 2×2 but the goal is 3×3' \
  bash -c "head -3 '$data/puzzle8.txt' > '$SLIDEPUZZLE_CACHE/mix.txt'; echo '2 | 1 2 3 0' >> '$SLIDEPUZZLE_CACHE/mix.txt'; '$bin' bench --data '$SLIDEPUZZLE_CACHE/mix.txt'"
check "bench names an unsolvable line" 2 'line 2: this board cannot reach the goal' \
  bash -c "printf '# x\n3 | 1 2 3 4 5 6 8 7 0\n' > '$SLIDEPUZZLE_CACHE/uns.txt'; '$bin' bench --data '$SLIDEPUZZLE_CACHE/uns.txt'"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
