#!/bin/sh
# sim --every-seating plays each seed once in every seating, its shards merge into the
# whole run and not with other runs; --csv and --compare carry the designer's sections.
#   seating_test.sh ARBITER WORKDIR
set -u
A=$1
mkdir -p "$2/sim-seating" && cd "$2/sim-seating" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
strip_run() { sed '/^  "run": {/,/^  }/d' "$1"; }

args="stacks --players 3 --games 12 --bot 1=mcts:2 --every-seating"
# shellcheck disable=SC2086
"$A" sim $args --json > whole.json || fail "the every-seating run failed"
python3 -c '
import json
r = json.load(open("whole.json"))
assert r["seatings"] == 3 and r["games"] == 12 and r["bots_rotate"], (r.get("seatings"), r["games"])
sb = r["metrics"]["seat_bot"]
assert [s["games"] for s in sb["mcts:2"]] == [4, 4, 4], sb["mcts:2"]
assert [s["games"] for s in sb["random"]] == [8, 8, 8], sb["random"]
' || fail "every seating: not each bot in each seat on every seed"
# shellcheck disable=SC2086
"$A" sim $args | grep -q "12 games (seeds 1 to 4, each in all 3 seatings)" || fail "the table does not say the seeds"
# shellcheck disable=SC2086
"$A" sim $args --html seating.html > /dev/null || fail "the every-seating page failed"
grep -q "<p>12 games, seeds 1 to 4, each in all 3 seatings; 12 finished.</p>" seating.html || fail "the page does not say the seatings"
for k in 1 2 3; do
  # shellcheck disable=SC2086
  "$A" sim $args --shard "$k/3" --json > "shard-$k.json" || fail "shard $k failed"
done
python3 -c 'import json; assert json.load(open("shard-2.json"))["seed"] == 2' || fail "shard 2 does not start at seed 2"
"$A" sim --merge shard-2.json shard-3.json shard-1.json --json > merged.json || fail "the merge failed"
strip_run whole.json > whole.s; strip_run merged.json > merged.s
cmp -s whole.s merged.s || { fail "the merged shards differ from the whole run"; diff whole.s merged.s | head -20; }
"$A" sim stacks --players 3 --games 4 --bot 1=mcts:2 --rotate --seed 5 --json > rotated.json || fail "a rotated run failed"
out=$("$A" sim --merge whole.json rotated.json 2>&1) && fail "an every-seating report merged with a rotated one"
printf '%s' "$out" | grep -q "every seating" || fail "the refusal does not say why: $out"
out=$("$A" sim stacks --players 3 --games 10 --every-seating 2>&1) && fail "--games 10 with 3 seats was taken"
printf '%s' "$out" | grep -q "not a multiple of 3 (give 9 or 12)" || fail "the refusal does not say why: $out"
out=$("$A" sim stacks --players 3 --games 6 --every-seating --shard 3/3 2>&1) && fail "3 shards of 2 seeds were taken"
printf '%s' "$out" | grep -q "more shards than seeds (2)" || fail "the shard refusal does not say why: $out"

# --csv: the designer's columns, the lead's empty where it was not measured.
"$A" sim stacks --games 6 --csv > stacks.csv || fail "the csv run failed"
head -1 stacks.csv | grep -q ",decisions_mean,decisions_median,turns_median,chance_mean,lead_changes_mean,decided_by_half,stalled$" ||
  fail "the csv header lacks the designer's columns: $(head -1 stacks.csv)"
python3 -c '
import csv
rows = list(csv.DictReader(open("stacks.csv")))
assert len(rows) == 3 and all(float(r["decisions_mean"]) > 0 and r["stalled"] != "" for r in rows), rows
' || fail "the csv rows lack the designer's values"
"$A" sim stack-nabbit --games 4 --csv | python3 -c '
import csv, sys
rows = list(csv.DictReader(sys.stdin))
assert rows and all(r["lead_changes_mean"] == "" and r["stalled"] == "" for r in rows), rows
' || fail "the csv of a run without --lead has lead values"

# --compare: the designer's sections side by side.
"$A" sim stacks --games 30 --ladder random,mcts:2 --json > a.json || fail "report a failed"
"$A" sim stacks --games 30 --variant short --ladder random,mcts:2 --json > b.json || fail "report b failed"
out=$("$A" sim --compare a.json b.json) || fail "the compare failed"
for row in "decisions Player1" "lead changes" "decided by half-way" "stalled" "play a seat-game" "ladder mcts:2 v random"; do
  printf '%s' "$out" | grep -q "^$row " || fail "--compare has no row '$row'"
done
[ "$failed" = 0 ] && echo "seating: passed"
exit "$failed"
