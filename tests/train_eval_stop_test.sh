#!/usr/bin/env bash
# Ctrl-C during a training run's checkpoint evaluation stops the run within moments rather than
# after the evaluation's games, and rates nothing on part of them: no results line, no ratings,
# the unrated checkpoint removed from the ladder; the run still exits 0 and says how to resume.
# The evaluation here is slow on purpose (an anchor at 3 s a move), so a stop that waited for it
# would take minutes. Usage: train_eval_stop_test.sh <bredon binary>
set -euo pipefail
bredon=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; cat "$work/log" 2>/dev/null || true; exit 1; }
# The 3x3 run of the role tests, with an evaluation every iteration against a slow anchor.
cat > "$work/slow_eval.yaml" <<YAML
base: $(cd "$(dirname "$0")" && pwd)/data/tiny_roles_3x3.yaml
selfplay:
  workers: 2
eval:
  every_iterations: 1
  games: 20
  simulations: 4
  baseline_rollouts: 4
  anchor: "heuristic@hard"
  anchor_movetime_ms: 3000
budget:
  steps: 100000
YAML
run="$work/run"
"$bredon" train --config "$work/slow_eval.yaml" --run-dir "$run" > "$work/log" 2>&1 &
pid=$!
for _ in $(seq 1200); do
  compgen -G "$run/checkpoints/iter_*.ckpt" > /dev/null && break  # written as its evaluation starts
  kill -0 "$pid" 2>/dev/null || fail "the run ended before its first evaluation"
  sleep 0.1
done
checkpoint=$(compgen -G "$run/checkpoints/iter_*.ckpt" | head -n 1) || fail "no evaluation began in 120 s"
name=$(basename "$checkpoint" .ckpt)
sleep 1  # into the anchor's games
start=$SECONDS
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
took=$((SECONDS - start))
(( rc == 0 )) || fail "exit status $rc after SIGINT, expected 0"
# One anchor move (3 s) per evaluation thread may finish first; the games left would take minutes.
(( took <= 20 )) || fail "the run took $took s to stop: it waited for the evaluation"
grep -q "evaluation of $name stopped by a signal" "$work/log" || fail "no word that the evaluation stopped"
grep -q "run the same command to resume" "$work/log" || fail "no word on resuming"
[[ ! -s "$run/eval_results.jsonl" ]] || fail "results of a stopped evaluation were written: $(cat "$run/eval_results.jsonl")"
[[ ! -e "$run/ratings.json" ]] || fail "a stopped evaluation wrote ratings"
[[ ! -e "$checkpoint" ]] || fail "the unrated checkpoint $checkpoint stayed in the ladder"
[[ -s "$run/latest.ckpt" ]] || fail "no latest.ckpt to resume from"
/usr/bin/python3 - "$run/metrics.jsonl" <<'PY' || fail "the metrics are wrong"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert lines and all(m['elo'] is None for m in lines), lines
PY
echo "PASS: SIGINT during the evaluation of $name: the run stopped in $took s, nothing rated"
