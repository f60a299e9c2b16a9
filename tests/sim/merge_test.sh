#!/bin/sh
# `arbiter sim --merge`: shards of a run (seed ranges apart) merged give the run's own
# report, byte for byte in JSON (all but "run", which says how long each shard took) and
# in the text report (all but the line giving the time); reports that cannot be merged
# are refused with exit status 1 and a message naming what is wrong.
#   merge_test.sh ARBITER WORKDIR
set -u
A=$1
cd "$2" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
# The report without its "run" object (the time taken); the comma before it stays alike.
strip_run() { sed '/^  "run": {/,/^  }/d' "$1"; }

# whole CASE ARGS...: one run of ARGS, kept as CASE-whole.json and CASE-whole.txt.
whole() {
  c=$1; shift
  "$A" sim "$@" --json > "$c-whole.json" || fail "$c: the whole run failed"
  "$A" sim "$@" > "$c-whole.txt" || fail "$c: the whole run (text) failed"
}
# shard CASE N SEED GAMES ARGS...: one shard's JSON report, CASE-N.json.
shard() {
  c=$1 n=$2 seed=$3 games=$4; shift 4
  "$A" sim "$@" --seed "$seed" --games "$games" --json > "$c-$n.json" || fail "$c: shard $n failed"
}
# same CASE FILES...: the merge of FILES equals the whole run.
same() {
  c=$1; shift
  "$A" sim --merge "$@" --json > "$c-merged.json" || fail "$c: merge failed"
  "$A" sim --merge "$@" > "$c-merged.txt" || fail "$c: merge (text) failed"
  strip_run "$c-whole.json" > "$c-whole.stripped"
  strip_run "$c-merged.json" > "$c-merged.stripped"
  cmp -s "$c-whole.stripped" "$c-merged.stripped" || { fail "$c: merged JSON differs from the whole run's"; diff "$c-whole.stripped" "$c-merged.stripped" | head -20; }
  grep -q '"merged": ' "$c-merged.json" || fail "$c: the merged report does not say it was merged"
  # The text: all but the line of the run (the time taken, the threads, the reports merged).
  grep -v '^Run: ' "$c-whole.txt" > "$c-whole.t"; grep -v '^Run: ' "$c-merged.txt" > "$c-merged.t"
  cmp -s "$c-whole.t" "$c-merged.t" || { fail "$c: merged text differs"; diff "$c-whole.t" "$c-merged.t" | head -20; }
  grep -q '^Run: merged from ' "$c-merged.txt" || fail "$c: the merged text does not say it was merged"
}
# refused CASE TEXT FILES...: the merge exits with status 1 and prints TEXT on stderr.
refused() {
  c=$1 text=$2; shift 2
  "$A" sim --merge "$@" > /dev/null 2> "$c.err"; status=$?
  [ "$status" = 1 ] || fail "$c: exit status $status, expected 1"
  grep -qF -- "$text" "$c.err" || { fail "$c: missing message: $text"; cat "$c.err"; }
}

# Stacks: two halves, given in either order.
whole stacks stacks --games 200 --seed 5
shard stacks 1 5 100 stacks
shard stacks 2 105 100 stacks
same stacks stacks-2.json stacks-1.json

# Stack Attack: shared wins (fractions of a win), rotating bots, a tally, three shards of
# sizes that are not multiples of the seat count, so the rotation must follow the seed.
set -- stack-attack --bot 1=mcts:2 --rotate --tally last_adder --threads 2
whole attack "$@" --games 90 --seed 11
shard attack 1 11 31 "$@"
shard attack 2 42 17 "$@"
shard attack 3 59 42 "$@"
same attack attack-1.json attack-3.json attack-2.json
grep -q '"ties": [1-9]' attack-whole.json || fail "attack: no shared win (the case no longer tests fractions of a win)"

# Refusals: overlapping seeds, a gap, other parameters, another ruleset, a non-report.
shard over 1 5 60 stacks
refused overlap "overlap: their common games would be counted twice" stacks-1.json over-1.json
shard gap 1 305 100 stacks
refused gap "no report holds seeds 105 to 304" stacks-1.json gap-1.json
shard params 1 105 100 stacks --set target=25
refused params "parameter target: 40 → 25" stacks-1.json params-1.json
refused ruleset "they are of different rulesets (stacks and stack-attack)" stacks-1.json attack-2.json
echo '{"format": "arbiter-sim"}' > junk.json
refused junk "junk.json: a report of version null" stacks-1.json junk.json
exit $failed
