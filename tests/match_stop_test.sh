#!/usr/bin/env bash
# `bredon match` stopped by a signal keeps only whole games in --out, records no forfeit the stop
# caused, shuts its engines, exits 130, and --resume goes on from the next game; a second signal
# ends it at once. Run as a background job, as a shell starts one: SIGINT arrives ignored there.
# Usage: match_stop_test.sh <bredon binary>
set -euo pipefail
bredon=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; cat "$work/log" 2>/dev/null || true; exit 1; }
games_in() { if [[ -f "$1" ]]; then grep -c '^\[Size' "$1" || true; else echo 0; fi; }

# 1. SIGINT in the middle of a game against a TEI engine, once some games are written.
engine="tei:$bredon tei --level easy"
args=(match --a heuristic:8 --b "$engine" --size 4 --movetime 200 --out "$work/m.ptn")
"$bredon" "${args[@]}" --games 1000 > "$work/log" 2>&1 &
pid=$!
for _ in $(seq 600); do
  (( $(games_in "$work/m.ptn") >= 2 )) && break
  sleep 0.1
done
sleep 0.5  # into the next game
children=$(pgrep -P "$pid" || true)
[[ -n "$children" ]] || fail "no engine process under the match"
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
(( rc == 130 )) || fail "exit status $rc after SIGINT, expected 130"
n=$(games_in "$work/m.ptn")
(( n >= 2 )) || fail "only $n games written before the stop"
kept=$n
grep -q "stopped by a signal after $n of 1000 games, the game in progress dropped: the same command with --resume goes on from game $((n + 1))" "$work/log" ||
  fail "no stop line naming the $n games in the file"
(( $(grep -c '^\[Result' "$work/m.ptn") == n )) || fail "a game without its result in the file"
! grep -qi forfeit "$work/m.ptn" || fail "a forfeit recorded"
for child in $children; do
  ! kill -0 "$child" 2>/dev/null || fail "engine $child still running after the match ended"
done
"$bredon" "${args[@]}" --games $((n + 2)) --resume > "$work/log" 2>&1 || fail "the resumed match failed"
grep -q "resuming with $n of $((n + 2)) games" "$work/log" || fail "the resume did not read the $n games"
(( $(games_in "$work/m.ptn") == n + 2 )) || fail "the resumed match did not add exactly 2 games"

# 2. An engine that never answers: one SIGINT waits for the move's timeout, then drops the game it
# would have forfeited; a second SIGINT ends the match at once. The engine runs in its own process
# group, so a stopped match must still shut it (and its child, tagged by a unique sleep time).
hang() {  # $1: how many SIGINTs; the match's output goes to $work/log, its exit status to $rc
  tag="1$$$1"
  "$bredon" match --a random --b "tei:bash $(dirname "$0")/hanging_tei_engine.sh $tag" --size 3 --movetime 100 \
    --games 2 --out "$work/hang$1.ptn" > "$work/log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do
    pgrep -f "sleep $tag" > /dev/null && break
    sleep 0.1
  done
  sleep 0.5  # the match is waiting for a move now
  start=$(date +%s%N)
  for _ in $(seq "$1"); do kill -INT "$pid"; sleep 0.2; done
  rc=0
  wait "$pid" || rc=$?
  elapsed_ms=$((($(date +%s%N) - start) / 1000000))
  if (( $1 > 1 )); then pkill -9 -f "hanging_tei_engine.sh $tag" || true; pkill -9 -f "sleep $tag" || true; fi
  ! pgrep -f "sleep $tag" > /dev/null || fail "the engine's child is still running"
}
hang 1
(( rc == 130 )) || fail "exit status $rc after SIGINT, expected 130"
grep -q "stopped by a signal after 0 of 2 games" "$work/log" || fail "the forfeit the stop caused was counted"
(( $(games_in "$work/hang1.ptn") == 0 )) || fail "the forfeit the stop caused was written"
hang 2
(( rc == 130 )) || fail "exit status $rc after two SIGINTs, expected 130"
(( elapsed_ms < 3000 )) || fail "the second SIGINT took $elapsed_ms ms to end the match"
! grep -q "stopped by a signal" "$work/log" || fail "the second signal waited for the move"

# 3. SIGTERM to a match of in-process search players, all games in flight at once.
"$bredon" match --a heuristic:64 --b heuristic:32 --size 5 --games 200 --out "$work/f.ptn" > "$work/log" 2>&1 &
pid=$!
sleep 2
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
(( rc == 130 )) || fail "exit status $rc after SIGTERM, expected 130"
n=$(games_in "$work/f.ptn")
grep -q "stopped by a signal after $n of 200 games" "$work/log" || fail "no stop line naming the $n games in the file"
echo "PASS: stopped at a game boundary ($kept games kept), resumed; a forfeit the stop caused is dropped;" \
  "a second signal ends it at once; in-flight games stopped with $n of 200 kept"
