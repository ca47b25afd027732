#!/usr/bin/env bash
# A training run killed with SIGKILL three times, then stopped by SIGINT, and resumed each time
# loses nothing: every shard written stays readable, the checkpoint step never goes back, the
# metrics stay parseable, and the run finishes its budget. Then both notebooks run headless on the
# run directory.
# Usage: train_resume_test.sh <bredon binary> <notebooks dir>
set -euo pipefail
bredon=$1
notebooks=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/tiny.yaml" <<'YAML'
game:
  size: 3
model:
  blocks: 1
  channels: 8
  policy_channels: 4
  value_channels: 4
  value_hidden: 8
selfplay:
  parallel_games: 8
  full_simulations: 8
  cheap_simulations: 2
train:
  batch_size: 32
  min_positions: 50
  games_per_iteration: 8
  lr_warmup_steps: 5
  threads: 2
  data_parallel: true
  export_average: 3
eval:
  every_iterations: 3
  games: 2
  simulations: 4
  baseline_rollouts: 4
  previous_checkpoints: 1
  anchor: "heuristic@hard"
  anchor_movetime_ms: 5
budget:
  hours: 0
  steps: 2000
YAML
run="$work/run"
check() {
  /usr/bin/python3 - "$run" <<'PY'
import glob, json, os, sys
import h5py
run = sys.argv[1]
games = 0
for path in sorted(glob.glob(os.path.join(run, 'selfplay', '*.h5'))):
    assert open(path, 'rb').read()[-16:-8] == b'BRDNSUM1', path  # the checksum trailer (data/shard.h)
    with h5py.File(path, 'r') as f:
        assert f.attrs['schema_version'] == 2, path
        n = len(f['games/ptn'])
        assert n > 0 and len(f['positions/tps']) == len(f['positions/policy_start']) - 1, path
        games += n
steps = []
for line in open(os.path.join(run, 'metrics.jsonl')) if os.path.exists(os.path.join(run, 'metrics.jsonl')) else []:
    steps.append(json.loads(line)['step'])
assert steps == sorted(steps), 'steps went backwards: %s' % steps
if os.path.exists(os.path.join(run, 'metrics.jsonl')):
    rated = [m for m in map(json.loads, open(os.path.join(run, 'metrics.jsonl'))) if m['elo'] is not None]
    assert all(m['score_vs_anchor'] is not None for m in rated), 'an evaluation without the anchor'
    ratings = json.load(open(os.path.join(run, 'ratings.json'))) if rated else []
    assert not rated or any(r['player'] == 'anchor heuristic@hard' for r in ratings), 'the anchor is not rated'
print(games, steps[-1] if steps else 0)
PY
}
previous_games=0
previous_step=0
# The metrics' newest training step (0 before the first iteration is written).
step_now() {
  local step
  step=$(tail -n 1 "$run/metrics.jsonl" 2>/dev/null | grep -o '"step":[0-9]*' | cut -d: -f2 || true)
  echo "${step:-0}"
}
# Each stop comes once the run has trained past a step of its own, so it lands mid-run whatever
# the machine's speed (the whole budget takes about 17 s on 2 cores), at a moment that differs
# from stop to stop: three SIGKILLs, then a SIGINT (as Ctrl-C; sent here to a background job,
# which a shell starts with SIGINT ignored), which must stop the run cleanly and say how to resume.
for stop_at in 300:KILL 800:KILL 1200:KILL 1500:INT; do
  "$bredon" train --config "$work/tiny.yaml" --run-dir "$run" > "$work/log" 2>&1 &
  pid=$!
  for _ in $(seq 6000); do
    (( $(step_now) >= ${stop_at%:*} )) && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  sleep "0.0$((RANDOM % 10))"
  kill -0 "$pid" 2>/dev/null || { echo "FAIL: the run ended before step ${stop_at%:*}"; cat "$work/log"; exit 1; }
  kill "-${stop_at#*:}" "$pid"
  status=0
  wait "$pid" 2>/dev/null || status=$?
  if [[ ${stop_at#*:} == INT ]]; then
    (( status == 0 )) || { echo "FAIL: the run stopped by SIGINT exited with status $status"; cat "$work/log"; exit 1; }
    grep -q "interrupted: .*run the same command to resume" <(tr '\n' ' ' < "$work/log") ||
      { echo "FAIL: SIGINT did not stop the run cleanly"; cat "$work/log"; exit 1; }
  fi
  games=""
  read -r games step < <(check) || true
  [[ -n "${games:-}" ]] || { echo "FAIL: the run directory check failed"; exit 1; }
  echo "SIG${stop_at#*:} past step ${stop_at%:*}: $games games in shards, metrics at step $step"
  if (( games < previous_games )); then echo "FAIL: games were lost ($previous_games -> $games)"; exit 1; fi
  if (( step < previous_step )); then echo "FAIL: step went back ($previous_step -> $step)"; exit 1; fi
  if (( step >= 2000 )); then echo "FAIL: the run had finished before its stop"; exit 1; fi
  previous_games=$games
  previous_step=$step
done
"$bredon" train --config "$work/tiny.yaml" --run-dir "$run" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
grep -q "resuming" "$work/log" || { echo "FAIL: the last run did not resume"; cat "$work/log"; exit 1; }
grep -q "budget spent: .* 2000 training steps" "$work/log" || { echo "FAIL: budget not reached"; cat "$work/log"; exit 1; }
games=""
read -r games step < <(check) || true
[[ -n "$games" ]] || { echo "FAIL: the run directory check failed"; exit 1; }
echo "finished: $games games, step $step"
if (( games < previous_games )); then echo "FAIL: games were lost"; exit 1; fi
test -f "$run/bot.ckpt" || { echo "FAIL: no exported bot"; exit 1; }
# The exported bot is the mean of three networks: the latest and the two newest checkpoints of
# earlier steps; `bredon export --average 2` writes the mean of two.
grep -aq "^extra.averaged_over=$run/checkpoints/iter_[0-9]*.ckpt,$run/checkpoints/iter_[0-9]*.ckpt,$run/latest.ckpt$" "$run/bot.ckpt" ||
  { echo "FAIL: the bot is not the average of three networks"; grep -a "^extra" "$run/bot.ckpt"; exit 1; }
"$bredon" export --run-dir "$run" --average 2 --out "$work/avg2.ckpt" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
grep -aq "^extra.averaged_over=$run/checkpoints/iter_[0-9]*.ckpt,$run/latest.ckpt$" "$work/avg2.ckpt" ||
  { echo "FAIL: export --average 2"; cat "$work/log"; exit 1; }
# The exported bot and the latest checkpoint load and play.
"$bredon" selfplay --model "$run/bot.ckpt" --games 2 --out "$work/bot_games" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
# A second stage started from that bot counts the compute of both in its own bot's metadata.
sed 's/steps: 2000/steps: 40/' "$work/tiny.yaml" > "$work/stage2.yaml"
"$bredon" train --config "$work/stage2.yaml" --run-dir "$work/stage2" --init "$run/bot.ckpt" > "$work/log" 2>&1 ||
  { cat "$work/log"; exit 1; }
grep -q "new run in $work/stage2 from $run/bot.ckpt" "$work/log" || { echo "FAIL: --init not used"; cat "$work/log"; exit 1; }
grep -aq "^extra.total_steps=2040$" "$work/stage2/bot.ckpt" || { echo "FAIL: the second stage's bot does not count 2000 + 40 steps"; exit 1; }
grep -aq "^extra.init_from=$run/bot.ckpt$" "$work/stage2/bot.ckpt" || { echo "FAIL: the bot does not say where it started"; exit 1; }
# A bigger network (12 channels where the first run had 8) pretrained on the first run's
# positions for 30 steps before its first game, then 10 more steps of its own self-play; killed
# during pretraining, the same command goes on from the step the pretraining reached.
sed -e 's/steps: 2000/steps: 40/' -e 's/channels: 8/channels: 12/' "$work/tiny.yaml" > "$work/bigger.yaml"
pretrain=("$bredon" train --config "$work/bigger.yaml" --run-dir "$work/bigger" --pretrain-from "$run" --pretrain-steps 30)
"${pretrain[@]}" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
grep -q "pretraining 30 steps on [0-9]* positions of $games games" "$work/log" ||
  { echo "FAIL: pretraining on the first run's $games games not reported"; cat "$work/log"; exit 1; }
grep -q "pretrain step 30/30" "$work/log" || { echo "FAIL: pretraining did not reach step 30"; cat "$work/log"; exit 1; }
grep -q "budget spent: .* 40 training steps" "$work/log" || { echo "FAIL: self-play training after pretraining"; cat "$work/log"; exit 1; }
grep -aq "^extra.pretrained_from=$run$" "$work/bigger/bot.ckpt" && grep -aq "^extra.pretrain_steps=30$" "$work/bigger/bot.ckpt" ||
  { echo "FAIL: the bot does not say what it was pretrained on"; exit 1; }
grep -aq "^channels=12$" "$work/bigger/bot.ckpt" || { echo "FAIL: the bigger network was not kept"; exit 1; }
"${pretrain[@]}" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
grep -q "pretraining" "$work/log" && { echo "FAIL: a finished run pretrained again"; cat "$work/log"; exit 1; }
# The run against a fixed anchor, every 10th checkpoint and the latest: one row each, with every
# game counted.
/usr/bin/python3 "$notebooks/../scripts/anchor_curve" "$run" --anchor random --games 4 --every 10 --size 3 \
  --bredon "$bredon" > "$work/curve.log" 2>&1 || { cat "$work/curve.log"; exit 1; }
checkpoints=$(ls "$run"/checkpoints/iter_*.ckpt | wc -l)
awk -F'\t' -v want=$((checkpoints / 10 + 1)) 'NR == 1 { next } $4 + $5 + $6 != 4 { bad = 1 } END { exit bad || NR - 1 != want }' \
  "$run/anchor_curve.tsv" || { echo "FAIL: anchor_curve.tsv should have $((checkpoints / 10 + 1)) rows of 4 games"; cat "$run/anchor_curve.tsv"; exit 1; }
# Notebooks, headless, on this run; the comparison plot with its curve.
for nb in training games; do
  BREDON_COMPARE_RUNS="$run $work/stage2" BREDON_COMPARE_PNG="$work/compare.png" \
  BREDON_RUN_DIR="$run" /usr/bin/python3 -m nbconvert --to notebook --execute --output "$work/$nb.out.ipynb" \
    "$notebooks/$nb.ipynb" > "$work/nb.log" 2>&1 || { cat "$work/nb.log"; exit 1; }
done
test -s "$run/elo.png" && test -s "$run/losses.png" && test -s "$run/anchor_curve.png" && test -s "$work/compare.png" ||
  { echo "FAIL: notebook plots missing"; exit 1; }
echo "1 passed, 0 failed"
