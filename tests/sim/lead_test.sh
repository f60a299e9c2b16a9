#!/bin/sh
# sim --lead: a ruleset whose score is a hook (Stack Nabbit) has it read at every turn only
# with --lead (or --html), and says so when it was not; a score variable (Stacks) is read
# always. Shards merge when all or none measured the lead, and a mix is refused by name.
#   lead_test.sh ARBITER WORKDIR
set -u
A=$1
mkdir -p "$2/sim-lead" && cd "$2/sim-lead" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
strip_run() { sed '/^  "run": {/,/^  }/d' "$1"; }
measured() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["metrics"]["lead"]["measured"])' "$1"; }

"$A" sim stack-nabbit --games 8 --json > plain.json || fail "the plain run failed"
[ "$(measured plain.json)" = False ] || fail "a plain run of a hook-scored ruleset measured the lead"
"$A" sim stack-nabbit --games 8 --lead --json > lead.json || fail "the --lead run failed"
[ "$(measured lead.json)" = True ] || fail "--lead did not measure the lead"
python3 -c 'import json; l = json.load(open("lead.json"))["metrics"]["lead"]; assert l["games"] > 0, l' ||
  fail "--lead measured no game"
"$A" sim stacks --games 8 --json > stacks.json || fail "the stacks run failed"
[ "$(measured stacks.json)" = True ] || fail "a score variable was not read without --lead"

out=$("$A" sim stack-nabbit --games 8) || fail "the plain table failed"
printf '%s' "$out" | grep -q "not measured: add --lead" || fail "the table does not say the lead was not measured"
printf '%s' "$out" | grep -q "stalls not measured" || fail "Endings does not say the stalls were not measured"
out=$("$A" sim stack-nabbit --games 8 --lead) || fail "the --lead table failed"
printf '%s' "$out" | grep -q "^Lead  *over [0-9]* games" || fail "the --lead table has no lead section"
"$A" sim stack-nabbit --games 8 --html page.html --json > page.json || fail "the --html run failed"
[ "$(measured page.json)" = True ] || fail "--html did not measure the lead"

out=$("$A" sim stack-nabbit --games 4 --sweep copies=12,15) || fail "the sweep failed"
printf '%s' "$out" | grep -q "not measured; add --lead" || fail "the sweep does not say the lead was not measured"

# Shards: all with --lead merge into the --lead run; a mix is refused, naming both files.
"$A" sim stack-nabbit --games 8 --lead --shard 1/2 --json > s1.json || fail "shard 1 failed"
"$A" sim stack-nabbit --games 8 --lead --shard 2/2 --json > s2.json || fail "shard 2 failed"
"$A" sim stack-nabbit --games 8 --shard 2/2 --json > s2-plain.json || fail "plain shard 2 failed"
"$A" sim --merge s2.json s1.json --json > merged.json || fail "the merge failed"
strip_run lead.json > lead.s; strip_run merged.json > merged.s
cmp -s lead.s merged.s || { fail "the merged --lead shards differ from the --lead run"; diff lead.s merged.s | head; }
out=$("$A" sim --merge s1.json s2-plain.json 2>&1) && fail "shards with and without --lead merged"
printf '%s' "$out" | grep -q "s1.json and s2-plain.json cannot be merged: the first measured the lead" ||
  fail "the mixed merge does not say why: $out"
out=$("$A" sim --merge s1.json --lead 2>&1); [ $? = 2 ] || fail "--merge took --lead: $out"
[ "$failed" = 0 ] && echo "lead: passed"
exit "$failed"
