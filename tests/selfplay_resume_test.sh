#!/usr/bin/env bash
# `bredon selfplay` killed with SIGKILL three times leaves only whole shards, and run again it
# plays exactly the games still missing: at the end the folder holds every game asked for, once.
# Usage: selfplay_resume_test.sh <bredon binary>
set -euo pipefail
bredon=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'game:\n  size: 3\nmodel:\n  blocks: 1\n  channels: 8\nselfplay:\n  parallel_games: 4\n  full_simulations: 32\n  cheap_simulations: 8\n' > "$work/c.yaml"
args=(selfplay --model random --games 200 --shard-games 3 --config "$work/c.yaml" --out "$work/games")
# Each kill comes once the run has written a few more shards of its own (so it is mid-run,
# whatever the machine's speed), at a moment that differs from kill to kill.
for attempt in 1 2 3; do
  "$bredon" "${args[@]}" > "$work/log" 2>&1 &
  pid=$!
  target=$((attempt * 8))
  for _ in $(seq 600); do
    (( $(ls "$work/games" 2>/dev/null | grep -c '\.h5$') >= target )) && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  sleep "0.0$((RANDOM % 10))"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
done
"$bredon" "${args[@]}" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
# The kills came mid-run: the last run found games there and had some left to play.
grep -q "holds [0-9]* games already: playing the [1-9][0-9]* left" "$work/log" || { cat "$work/log"; echo "FAIL: no resume"; exit 1; }
/usr/bin/python3 - "$work/games" <<'PY'
import glob, sys, h5py
files = sorted(glob.glob(sys.argv[1] + "/*.h5"))
ids, games = set(), 0
for path in files:
    with h5py.File(path, "r") as f:  # every shard opens: none is half written
        n = len(f["games/id"])
        games += n
        ids.update(int(i) for i in f["games/id"][:])
assert games == 200, f"{games} games in {len(files)} shards, expected 200"
assert len(ids) == 200, f"game numbers repeat: {len(ids)} distinct of 200"
print(f"PASS: 200 games in {len(files)} whole shards after 3 kills")
PY
