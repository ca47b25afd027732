#!/usr/bin/env bash
# Outside engines that crash, hang, ignore quit or fail their handshake: every game they spoil is
# forfeited, the match ends with its result line, and no engine process (or child) is left behind.
# Usage: match_engine_failures_test.sh <bredon binary> <tests dir>
set -euo pipefail
bredon=$1
tests=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tag=$((900000 + RANDOM))  # a sleep length no other process uses

"$bredon" match --a random --b "tei:bash $tests/crashing_tei_engine.sh" --games 4 --size 3 > "$work/crash.log" 2>&1 ||
  { cat "$work/crash.log"; echo "FAIL: the match with a crashing engine did not finish"; exit 1; }
grep -q "wins 4 draws 0 losses 0" "$work/crash.log" || { cat "$work/crash.log"; echo "FAIL: crashes not forfeited"; exit 1; }
grep -q "(on time 0, illegal or unreadable moves 0, no answer or a crash 4)" "$work/crash.log" ||
  { cat "$work/crash.log"; echo "FAIL: crashes not counted by cause"; exit 1; }

"$bredon" match --a random --b "tei:bash $tests/hanging_tei_engine.sh $tag" --games 2 --size 3 --movetime 20 \
  > "$work/hang.log" 2>&1 || { cat "$work/hang.log"; echo "FAIL: the match with a hanging engine did not finish"; exit 1; }
grep -q "wins 2 draws 0 losses 0" "$work/hang.log" || { cat "$work/hang.log"; echo "FAIL: hangs not forfeited"; exit 1; }
grep -q "(on time 0, illegal or unreadable moves 0, no answer or a crash 2)" "$work/hang.log" ||
  { cat "$work/hang.log"; echo "FAIL: hangs not counted by cause"; exit 1; }

if "$bredon" match --a random --b "tei:sleep $tag" --games 2 --size 3 > "$work/start.log" 2>&1; then
  echo "FAIL: an engine that never shakes hands was accepted"; exit 1
fi
grep -q "tei:sleep $tag" "$work/start.log" || { cat "$work/start.log"; echo "FAIL: the error does not name the engine"; exit 1; }

sleep 0.5
if pgrep -f "sleep $tag" > /dev/null; then
  pgrep -af "sleep $tag"; pkill -f "sleep $tag"; echo "FAIL: engine processes were left running"; exit 1
fi
echo "PASS"
