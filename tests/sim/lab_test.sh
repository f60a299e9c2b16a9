#!/bin/sh
# The designer's lab: --shard K/N reports (every metric and the skill ladder among them)
# merge into the whole run's report byte for byte (but for "run"); --sweep runs each value
# on the same seeds; malformed --shard, --sweep and --ladder are refused, naming why.
#   lab_test.sh ARBITER WORKDIR
set -u
A=$1
mkdir -p "$2/sim-lab" && cd "$2/sim-lab" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
strip_run() { sed '/^  "run": {/,/^  }/d' "$1"; }

args="stacks --players 2 --games 23 --seed 5 --bot 1=mcts:2 --rotate --ladder random,mcts:2,mcts:3"
# shellcheck disable=SC2086
"$A" sim $args --json > whole.json || fail "the whole run failed"
for k in 1 2 3; do
  # shellcheck disable=SC2086
  "$A" sim $args --shard "$k/3" --json > "shard-$k.json" || fail "shard $k failed"
done
"$A" sim --merge shard-3.json shard-1.json shard-2.json --json > merged.json || fail "the merge failed"
strip_run whole.json > whole.s; strip_run merged.json > merged.s
cmp -s whole.s merged.s || { fail "the merged shards differ from the whole run"; diff whole.s merged.s | head -20; }
grep -q '"ladder": \[' whole.json || fail "no ladder in the report"
grep -q '"action_kinds"' whole.json || fail "no action kinds in the report"

"$A" sim stacks --games 12 --sweep target=20..40:10 --json > sweep.json || fail "the sweep failed"
python3 -c '
import json, sys
s = json.load(open("sweep.json"))
assert s["format"] == "arbiter-sim-sweep" and s["values"] == ["20", "30", "40"], s["values"]
assert [r["params"]["target"] for r in s["reports"]] == ["20", "30", "40"]
assert all(r["seed"] == 1 and r["games"] == 12 for r in s["reports"])
assert len(s["paired"]) == 2 and s["paired"][0]["turns"]["n"] == 12
' || fail "the sweep report is not one run per value on the same seeds"

# The sweep as text: a row per metric, a column per value, in blocks within 60 columns.
"$A" sim stacks --games 12 --sweep target=20..60:5 > sweep.txt || fail "the text sweep failed"
[ "$(LC_ALL=C.UTF-8 wc -L < sweep.txt)" -le 60 ] || fail "the sweep's text is wider than 60 columns"
[ "$(grep -c '^target  *[0-9]' sweep.txt)" -ge 3 ] || fail "nine values do not come in blocks: $(grep '^target' sweep.txt)"
grep -q '^turns median  ' sweep.txt || fail "the sweep's text has no row of the turns' median"

# A sweep cut in shards merges into the whole sweep: every value's report and the pairings.
"$A" sim stacks --games 12 --sweep target=20..40:10 --shard 1/2 --json > sweep-1.json || fail "sweep shard 1 failed"
"$A" sim stacks --games 12 --sweep target=20..40:10 --shard 2/2 --json > sweep-2.json || fail "sweep shard 2 failed"
"$A" sim --merge sweep-2.json sweep-1.json --json > sweep-merged.json || fail "the sweep merge failed"
sed '/^      "run": {/,/^      }/d' sweep.json > sweep.s; sed '/^      "run": {/,/^      }/d' sweep-merged.json > sweep-merged.s
cmp -s sweep.s sweep-merged.s || { fail "the merged sweep differs from the whole sweep"; diff sweep.s sweep-merged.s | head -20; }
out=$("$A" sim --merge sweep-1.json whole.json 2>&1) && fail "a sweep merged with a plain report"
printf '%s' "$out" | grep -q "sweeps merge only with sweeps" || fail "a sweep and a report: $out"

refused() {
  want=$1; shift
  out=$("$A" sim "$@" 2>&1); status=$?
  [ "$status" = 1 ] || fail "sim $*: status $status, expected 1"
  printf '%s' "$out" | grep -qF -- "$want" || fail "sim $*: does not say '$want': $out"
}
refused "K must be from 1 to 3" stacks --games 10 --shard 4/3
refused "write K/N" stacks --games 10 --shard 2
refused "more shards than games" stacks --games 2 --shard 1/3
refused "a range is LO..HI" stacks --sweep target=5..1
refused "give two values or more" stacks --sweep target=30
refused "is named twice" stacks --ladder random,random
refused "'mcts:x'" stacks --ladder random,mcts:x
[ "$failed" = 0 ] && echo "lab: passed"
exit "$failed"
