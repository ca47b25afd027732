#!/usr/bin/env bash
# deploy/slurm/ for real: a single-node Slurm cluster on localhost (munge, slurmctld, slurmd from
# Debian), a tiny 3x3 run submitted as a job array of a trainer and two self-play workers, waited
# for. The trainer must have trained on games of both workers and exported a bot; the workers
# must have ended by themselves. Needs root (the daemons); .ci/run has it.
# Usage: slurm_test.sh <bredon binary> <repository root>
set -euo pipefail
bredon=$(realpath "$1")
repo=$(realpath "$2")
work=$(mktemp -d)
trap 'bash "$repo/deploy/slurm/local_cluster.sh" stop "$work/cluster"; rm -rf "$work"' EXIT
eval "$(bash "$repo/deploy/slurm/local_cluster.sh" start "$work/cluster")"
sed -e 's/steps: 1200/steps: 600/' -e 's/min_positions: 50/min_positions: 200/' "$repo/tests/data/tiny_roles_3x3.yaml" > "$work/tiny.yaml"
cd "$work"
BREDON=$bredon timeout 300 sbatch --wait --array=0-2 --time=10 "$repo/deploy/slurm/bredon_train.sbatch" "$work/tiny.yaml" "$work/run" ||
  { echo "FAIL: the job array failed"; tail -n 20 "$work"/bredon-train-*.log; exit 1; }
trainer_log=$(ls "$work"/bredon-train-*_0.log)
grep -q "budget spent: .* 600 training steps" "$trainer_log" || { echo "FAIL: the trainer did not finish"; tail "$trainer_log"; exit 1; }
test -f "$work/run/bot.ckpt" || { echo "FAIL: no bot exported"; exit 1; }
for w in 1 2; do
  grep -q "the trainer is done" "$work"/bredon-train-*_$w.log || { echo "FAIL: worker $w did not end by itself"; tail "$work"/bredon-train-*_$w.log; exit 1; }
  # Shards of this worker written before the bot: the trainer trained on its games.
  before=$(find "$work/run/selfplay" -name "w${w}_*.h5" ! -newer "$work/run/bot.ckpt" | wc -l)
  (( before > 0 )) || { echo "FAIL: no shard of worker $w before the bot"; exit 1; }
  echo "worker $w: $before shards before the bot was exported"
done
echo "PASS: a Slurm job array (trainer + 2 self-play workers) trained a 3x3 bot"
