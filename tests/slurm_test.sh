#!/usr/bin/env bash
# deploy/slurm/ for real: a single-node Slurm cluster on localhost (munge, slurmctld, slurmd from
# Debian), a tiny 3x3 run submitted as a job array of a trainer and two self-play workers, waited
# for. The trainer must have trained on games of both workers and exported a bot; the workers
# must have ended by themselves. Then an array whose trainer fails must end at once (cancelled).
# Needs root (the daemons); .ci/run has it.
# Usage: slurm_test.sh <bredon binary> <repository root>
set -euo pipefail
bredon=$(realpath "$1")
repo=$(realpath "$2")
work=$(mktemp -d)
trap 'bash "$repo/deploy/slurm/local_cluster.sh" stop "$work/cluster"; rm -rf "$work"' EXIT
eval "$(bash "$repo/deploy/slurm/local_cluster.sh" start "$work/cluster")"
sed -e 's/steps: 1200/steps: 600/' -e 's/min_positions: 50/min_positions: 200/' "$repo/tests/data/tiny_roles_3x3.yaml" > "$work/tiny.yaml"
cd "$work"
BREDON=$bredon timeout 240 sbatch --wait --array=0-2 --time=10 "$repo/deploy/slurm/bredon_train.sbatch" "$work/tiny.yaml" "$work/run" ||
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

# A trainer that fails must not leave its workers playing until their time limit: the array is
# cancelled. BREDON is a wrapper whose trainer fails at once and whose workers are the real ones.
cat > "$work/failing_trainer.sh" <<WRAPPER
#!/usr/bin/env bash
[[ " \$* " == *" --role trainer "* ]] && { echo "test: this trainer fails at once" >&2; exit 3; }
exec "$bredon" "\$@"
WRAPPER
chmod +x "$work/failing_trainer.sh"
mkdir "$work/failed" && cd "$work/failed"
start=$SECONDS
status=0
BREDON=$work/failing_trainer.sh timeout 120 sbatch --wait --array=0-2 --time=10 "$repo/deploy/slurm/bredon_train.sbatch" "$work/tiny.yaml" "$work/failed_run" || status=$?
(( status != 124 )) || { echo "FAIL: the workers played on for 120 s after the trainer failed"; exit 1; }
(( status != 0 )) || { echo "FAIL: sbatch --wait reported success for a failed trainer"; exit 1; }
grep -q "the trainer failed (exit 3): cancelling job array" bredon-train-*_0.log ||
  { echo "FAIL: the trainer's task did not say it cancelled the array"; tail bredon-train-*_0.log; exit 1; }
echo "a failed trainer ended its array in $((SECONDS - start)) s (sbatch exit $status)"
echo "PASS: a Slurm job array (trainer + 2 self-play workers) trained a 3x3 bot"
