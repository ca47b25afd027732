#!/usr/bin/env bash
# Careless and hostile input to the commands (issue: hardened against bad input): each gets one
# clear error on stderr naming the input, a non-zero exit, and loses nothing already written.
# Usage: bad_input_test.sh <bredon binary>
set -uo pipefail
bredon=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect_error <stderr pattern> <command...>: exit status 2, the pattern on stderr, nothing on stdout.
expect_error() {
  local pattern=$1; shift
  "$@" > "$work/out" 2> "$work/err" < /dev/null
  local status=$?
  [[ $status -eq 2 ]] || fail "'$*' exited $status, not 2"
  grep -q -- "$pattern" "$work/err" || { fail "'$*': stderr lacks '$pattern'"; cat "$work/err"; }
  [[ ! -s "$work/out" ]] || { fail "'$*' wrote to stdout"; cat "$work/out"; }
}

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
  full_simulations: 4
  cheap_simulations: 2
train:
  batch_size: 32
  min_positions: 50
  games_per_iteration: 8
eval:
  every_iterations: 0
budget:
  hours: 0
  games: 24
YAML

# Configs: NaN, a folder, a duplicate key. Nothing is written for a config that is refused.
sed 's/batch_size: 32/batch_size: 32\n  learning_rate: nan/' "$work/tiny.yaml" > "$work/nan.yaml"
expect_error "train.learning_rate: expected a finite number, got 'nan'" "$bredon" train --config "$work/nan.yaml" --run-dir "$work/nan_run"
[[ ! -e "$work/nan_run/config.yaml" ]] || fail "a refused config was saved in the run directory"
expect_error "is a folder, not a file" "$bredon" train --config "$work" --run-dir "$work/dir_run"
printf 'game:\n  size: 3\n  size: 4\n' > "$work/twice.yaml"
expect_error "game.size: given twice" "$bredon" train --config "$work/twice.yaml" --run-dir "$work/twice_run"

# The command line: stray arguments, ranges, komi, levels, unwritable outputs.
expect_error "extra" "$bredon" perft --size 3 --depth 1 extra
expect_error "extra" "$bredon" tei extra
expect_error "depth" "$bredon" perft --size 3 --depth 0
expect_error "komi '9999': more than 64 points" "$bredon" perft --size 3 --depth 1 --komi 9999
expect_error "level" "$bredon" play --level expert
expect_error "cannot write --out /nonexistent/g.ptn" "$bredon" play --size 3 --out /nonexistent/g.ptn
expect_error "checkpoint $work/missing.ckpt" "$bredon" tei --model "$work/missing.ckpt"
expect_error "player 'heuristic:x'" "$bredon" match --a heuristic:x --b random --games 2
expect_error "wins-draws-losses such as 75-70-55, not '75-70'" "$bredon" elo 75-70
expect_error "not '7-0-1x'" "$bredon" elo 7-0-1x
expect_error "the result '0-0-0' has no games" "$bredon" elo 0-0-0

# A match's PTN file is never overwritten: a second run with the same --out is refused unless
# it resumes, and a resume from another match's file is refused by name; the file is unchanged.
"$bredon" match --a random --b heuristic:4 --size 3 --games 2 --out "$work/m.ptn" > /dev/null 2>&1 || fail "match failed"
sum=$(md5sum < "$work/m.ptn")
expect_error "--out $work/m.ptn already holds games: --resume goes on with that match" \
  "$bredon" match --a random --b heuristic:4 --size 3 --games 2 --out "$work/m.ptn"
expect_error "--resume goes on with the match in --out F.ptn: give --out" "$bredon" match --a random --b random --resume
expect_error "--out $work/m.ptn, game 1: the opening is" \
  "$bredon" match --a random --b heuristic:4 --size 3 --games 4 --seed 9 --out "$work/m.ptn" --resume
expect_error "game 1: white is 'random' where this match has 'heuristic:4'" \
  "$bredon" match --a heuristic:4 --b random --size 3 --games 4 --out "$work/m.ptn" --resume
[[ $(md5sum < "$work/m.ptn") == "$sum" ]] || fail "a refused match changed its --out file"

# A run directory with a shard of another board size, a stray file where the next shard goes,
# and a shard with a malformed position: each is skipped with a warning naming it, the run trains.
mkdir -p "$work/run/selfplay"
"$bredon" selfplay --model random --games 4 --out "$work/four" --config <(sed 's/size: 3/size: 4/' "$work/tiny.yaml") > /dev/null 2>&1 ||
  fail "selfplay for the 4x4 shard failed"
cp "$work/four/"*.h5 "$work/run/selfplay/a_4x4.h5"
"$bredon" selfplay --model random --games 4 --out "$work/three" --config "$work/tiny.yaml" > /dev/null 2>&1 || fail "selfplay failed"
cp "$work/three/"*.h5 "$work/run/selfplay/b_bad_position.h5"
# Edited with h5py, then given a fresh checksum trailer (data/shard.h) as if bredon wrote it:
# what is checked here is the position, not the checksum.
/usr/bin/python3 - "$work/run/selfplay/b_bad_position.h5" <<'PY' || fail "could not edit the shard"
import struct, sys, h5py
path = sys.argv[1]
data = open(path, "rb").read()
assert data[-16:-8] == b"BRDNSUM1"
open(path, "wb").write(data[:-16])
with h5py.File(path, "r+") as f:
    tps = f["positions/tps"]
    tps[0] = b"x3/x3/x9 1 1"
h = 1469598103934665603
for byte in open(path, "rb").read():
    h = ((h ^ byte) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
open(path, "ab").write(b"BRDNSUM1" + struct.pack("<Q", h))
PY
cp "$work/three/"*.h5 "$work/run/selfplay/c_flipped_byte.h5"
/usr/bin/python3 -c "import sys; p = sys.argv[1]; d = bytearray(open(p, 'rb').read()); d[len(d) // 2] ^= 1; open(p, 'wb').write(d)" \
  "$work/run/selfplay/c_flipped_byte.h5"
echo "not a shard" > "$work/run/selfplay/iter_000001.h5"
"$bredon" train --config "$work/tiny.yaml" --run-dir "$work/run" > "$work/train.log" 2>&1 || { fail "train failed"; cat "$work/train.log"; }
grep -q "skipping shard $work/run/selfplay/a_4x4.h5: its games are 4x4" "$work/train.log" || fail "the 4x4 shard was not named"
grep -q "skipping shard $work/run/selfplay/b_bad_position.h5: position 0" "$work/train.log" || fail "the bad position was not named"
grep -q "c_flipped_byte.h5: its bytes do not match its checksum" "$work/train.log" || fail "the damaged shard was not named"
grep -q "iter_000001.h5 exists already: writing .*iter_000001_2.h5" "$work/train.log" || fail "the stray file was not kept"
[[ "$(cat "$work/run/selfplay/iter_000001.h5")" == "not a shard" ]] || fail "the stray file was overwritten"
grep -q "budget spent" "$work/train.log" || { fail "the run did not finish"; cat "$work/train.log"; }

# Pretraining: the option without its step count, and a folder of another size's games (its
# shards are named and skipped, and too few positions are left), are refused before any game.
expect_error "--pretrain-from and --pretrain-steps go together" "$bredon" train --config "$work/tiny.yaml" --run-dir "$work/pre_run" --pretrain-from "$work/run"
expect_error "--pretrain-from: 0 usable positions, fewer than train.min_positions" "$bredon" train --config "$work/tiny.yaml" --run-dir "$work/pre_run" --pretrain-from "$work/four" --pretrain-steps 5
ls "$work/pre_run/selfplay" 2>/dev/null | grep -q . && fail "a refused pretraining played games"

# Exports: to a folder is refused and leaves no temporary file behind.
expect_error "is a folder, not a file" "$bredon" export --run-dir "$work/run" --out "$work/four"
ls "$work" | grep -q '\.tmp' && fail "export left a .tmp file"

# A run interrupted before its first iteration says there is no bot yet.
"$bredon" train --config "$work/tiny.yaml" --run-dir "$work/empty_run" > "$work/empty.log" 2>&1 &
pid=$!; sleep 0.5; kill -INT $pid; wait $pid
grep -q "bot.ckpt" "$work/empty.log" && ! [[ -e "$work/empty_run/bot.ckpt" ]] && fail "a bot file that does not exist was reported"

(( failures == 0 )) && echo "PASS" || { echo "$failures failures"; exit 1; }
