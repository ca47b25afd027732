#!/usr/bin/env bash
# Training as separate roles over one run directory (and, at the end, two data-parallel trainer
# ranks with one worker): a trainer and two self-play workers, each
# killed with SIGKILL three times at random moments and restarted. The run must finish its
# budget and export a bot; the workers stop by themselves; every shard reads; the trainer
# trained on games of both workers; no game is lost or counted twice (a trainer started again
# on the finished run counts exactly the games in the shards on disk); steps never go back and
# training never took more than its samples-per-position cap.
# Usage: train_roles_test.sh <bredon binary>
set -euo pipefail
bredon=$1
work=$(mktemp -d)
pids=()
trap 'kill -9 "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
cp "$(dirname "$0")/data/tiny_roles_3x3.yaml" "$work/tiny.yaml"
run="$work/run"
trainer=""
declare -A worker
declare -a rank_pid
start_trainer() { "$bredon" train --role trainer --config "$work/tiny.yaml" --run-dir "$run" >> "$work/trainer.log" 2>&1 & trainer=$!; pids+=("$trainer"); trainer_starts=$((trainer_starts + 1)); }
start_worker() { "$bredon" train --role selfplay --worker "w$1" --config "$work/tiny.yaml" --run-dir "$run" >> "$work/w$1.log" 2>&1 & worker[$1]=$!; pids+=("${worker[$1]}"); }
kill9() { kill -9 "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }
# Under a loaded CI run LibTorch can take seconds to start: a trainer killed before it has read
# its run directory (and published the workers' first network) has nothing to resume, and the test
# would then kill a process that never got going. Each kill waits for the trainer to have started
# (its log says "new run" or "resuming" once per start) and latest.ckpt to be on disk.
trainer_starts=0
wait_trainer_started() {
  local logged
  for _ in $(seq 480); do
    logged=$(grep -cE "new run in|resuming" "$work/trainer.log" 2>/dev/null || true)
    (( ${logged:-0} >= trainer_starts )) && [[ -f $run/latest.ckpt ]] && return
    sleep 0.25
  done
  echo "FAIL: the trainer did not start within 120 s"; tail -20 "$work/trainer.log"; exit 1
}

start_trainer
start_worker 1
start_worker 2
RANDOM=7
trainer_kills=0
for round in 1 2 3 4 5 6; do  # each worker three times, the trainer three times
  sleep "0.$((RANDOM % 9 + 1))"
  kill9 "${worker[$((round % 2 + 1))]}"; start_worker $((round % 2 + 1))
  sleep "0.$((RANDOM % 9 + 1))"
  if (( round % 2 == 0 )) && kill -0 "$trainer" 2>/dev/null; then
    wait_trainer_started; kill9 "$trainer"; start_trainer; trainer_kills=$((trainer_kills + 1))
  fi
  echo "round $round: killed worker $((round % 2 + 1)) and restarted it; trainer killed $trainer_kills times"
done
(( trainer_kills == 3 )) || { echo "FAIL: the trainer finished before it was killed three times"; exit 1; }
for _ in $(seq 600); do kill -0 "$trainer" 2>/dev/null || break; sleep 0.5; done
wait "$trainer" || { echo "FAIL: the trainer failed"; tail -20 "$work/trainer.log"; exit 1; }
test -f "$run/done" || { echo "FAIL: the trainer wrote no done marker"; tail -20 "$work/trainer.log"; exit 1; }
test -f "$run/bot.ckpt" || { echo "FAIL: no exported bot"; exit 1; }
for w in 1 2; do
  for _ in $(seq 120); do kill -0 "${worker[$w]}" 2>/dev/null || break; sleep 0.5; done
  wait "${worker[$w]}" || { echo "FAIL: worker $w did not stop cleanly"; tail -5 "$work/w$w.log"; exit 1; }
  grep -q "the trainer is done" "$work/w$w.log" || { echo "FAIL: worker $w did not see the end"; exit 1; }
done
(( $(grep -c "resuming" "$work/trainer.log") >= 3 )) || { echo "FAIL: the trainer did not resume after each of its three kills"; exit 1; }
grep -q "budget spent: .* 1200 training steps" "$work/trainer.log" || { echo "FAIL: budget not reached"; tail "$work/trainer.log"; exit 1; }

# A trainer started again on the finished run reads every shard and counts its games.
"$bredon" train --role trainer --run-dir "$run" > "$work/recount.log" 2>&1 || { cat "$work/recount.log"; exit 1; }
counted=$(sed -n 's/.*budget spent: .* training steps, \([0-9]*\) games.*/\1/p' "$work/recount.log")
/usr/bin/python3 - "$run" "$counted" <<'PY'
import glob, json, os, sys
import h5py
run, counted = sys.argv[1], int(sys.argv[2])
games, models = {"w1": 0, "w2": 0}, set()
for path in sorted(glob.glob(os.path.join(run, "selfplay", "*.h5"))):
    assert open(path, "rb").read()[-16:-8] == b"BRDNSUM1", path
    with h5py.File(path, "r") as f:
        n = len(f["games/ptn"])
        assert n > 0, path
        games[os.path.basename(path).split("_")[0]] += n
        models.add(f.attrs["model_id"].decode() if isinstance(f.attrs["model_id"], bytes) else str(f.attrs["model_id"]))
total = sum(games.values())
assert games["w1"] > 0 and games["w2"] > 0, f"both workers' games are on disk: {games}"
assert counted == total, f"the trainer counts {counted} games, the shards hold {total}"
metrics = [json.loads(l) for l in open(os.path.join(run, "metrics.jsonl"))]
steps = [m["step"] for m in metrics]
assert steps == sorted(steps), f"steps went back: {steps}"
last = metrics[-1]
assert last["step"] * 64 <= last["positions_total"] * 4 + 64, f"trained past the cap: {last}"
assert len(models) > 1, f"workers picked up newer networks: {models}"
print(f"roles: {total} games on disk ({games}), the trainer counts {counted}; {len(metrics)} training rounds, "
      f"step {steps[-1]}; shards from {len(models)} networks")
PY

# Two data-parallel trainer ranks (c10d over Gloo on localhost) and a worker finish a run together.
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
sed 's/steps: 1200/steps: 200/' "$work/tiny.yaml" > "$work/ranks.yaml"
for rank in 0 1; do
  "$bredon" train --role trainer --world-size 2 --rank $rank --master "127.0.0.1:$port" --rank-timeout 120 --config "$work/ranks.yaml" \
    --run-dir "$work/ranks" > "$work/rank$rank.log" 2>&1 & rank_pid[$rank]=$!; pids+=("${rank_pid[$rank]}")
done
"$bredon" train --role selfplay --worker w1 --config "$work/ranks.yaml" --run-dir "$work/ranks" > "$work/ranks_w1.log" 2>&1 &
pids+=($!)
# Alone this takes about 10 s. Once, under a loaded CI run, the pair hung for 600 s unexplained
# (then the ranks' own timeout): now a rank that waits 120 s for the other fails with an error,
# and a watchdog ends a pair stuck anywhere else well inside ctest's timeout, so that the logs
# below say where it stuck.
( sleep 240; kill -9 "${rank_pid[0]}" "${rank_pid[1]}" ) > /dev/null 2>&1 &
watchdog=$!
pids+=("$watchdog")
for rank in 0 1; do
  wait "${rank_pid[$rank]}" || {
    echo "FAIL: trainer rank $rank failed or stuck for 240 s"
    for log in rank0 rank1 ranks_w1; do echo "--- $log"; tail -n 15 "$work/$log.log"; done
    exit 1
  }
done
kill "$watchdog" 2>/dev/null || true
grep -q "budget spent: .* 200 training steps" "$work/rank0.log" || { echo "FAIL: the ranks did not finish"; tail "$work/rank0.log"; exit 1; }
grep -q "trainer rank 1: 200 steps" "$work/rank1.log" || { echo "FAIL: rank 1 did not train in step"; tail "$work/rank1.log"; exit 1; }
test -f "$work/ranks/bot.ckpt" || { echo "FAIL: the ranks exported no bot"; exit 1; }
echo "PASS: two data-parallel trainer ranks and a worker trained 200 steps in step"
