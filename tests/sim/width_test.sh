#!/bin/sh
# `arbiter sim`'s reports fit a terminal of 60 columns: six seats (the histogram), a ruleset
# with many parameters (the title), chess's FEN, a game that hits the action limit, a merge
# and a comparison.   width_test.sh ARBITER WORKDIR
set -u
A=$1
cd "$2" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
# The lines of the file wider than 60 characters (UTF-8 counted as characters), with their width.
wide() { python3 -c 'import sys
for n, line in enumerate(open(sys.argv[1], encoding="utf-8").read().split("\n"), 1):
    if len(line) > 60: print(f"{sys.argv[1]}:{n}: {len(line)} columns: {line}")' "$1"; }
report() {
  name=$1; shift
  "$A" sim "$@" > "width-$name.txt" 2>&1 || { fail "$name: sim $* failed"; cat "width-$name.txt"; }
  [ -n "$(wide "width-$name.txt")" ] && { fail "$name: lines wider than 60 columns"; wide "width-$name.txt"; }
}
report six stacks --players 6 --games 30 --threads 1
report params stack-attack --players 6 --games 30 --threads 1
report chess chess --games 10 --threads 1 --max-actions 40
report rotate stacks --bot 1=honest --rotate --games 30 --threads 1
"$A" sim stacks --games 20 --seed 1 --json > width-a.json && "$A" sim stacks --games 20 --seed 21 --json > width-b.json &&
  "$A" sim stacks --games 20 --variant short --json > width-c.json || fail "sim --json failed"
report merge --merge width-a.json width-b.json
report compare --compare width-a.json width-c.json
grep -q 'metrics differ beyond noise' width-compare.txt || fail "compare: no verdict line"
exit $failed
