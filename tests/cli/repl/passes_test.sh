#!/bin/sh
# The bots' passes are part of the game: after :undo, :load or `play --load` the decision is
# asked again as it stood. In Stacks with seed 3, at Andy's round-3 turn the bots have passed
# their chance to call; asked again they would call Charlie, and round 3 would end without
# Andy's turn. So each way back must land at Andy's round-3 turn, not in round 4 or 5.
#   passes_test.sh ARBITER WORKDIR
set -u
A=$1
cd "$2" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
# at_round3 NAME OUTPUT: the table after the marker shows round 3, and nobody called in between.
at_round3() {
  after=$(printf '%s\n' "$2" | sed -n "/$3/,\$p")
  printf '%s\n' "$after" | grep -q 'Stacks · round 3' || fail "$1: not back at round 3: $after"
  printf '%s\n' "$after" | grep -q 'calls' && fail "$1: a bot acted again: $after"
  true
}

out=$(printf 'play 2 bid 4\ncall\n\nplay 5 5 bid 10\n:undo\n:table\n' | $A play stacks --seed 3 2>&1)
at_round3 undo "$out" '^Undone'

rm -f passes.save
out=$(printf 'play 2 bid 4\ncall\n\n:save passes.save\n:load passes.save\n:table\n' | $A play stacks --seed 3 2>&1)
at_round3 load "$out" '^Loaded'
grep -qx 'passed: \[Bill\]' passes.save || fail "the save holds no passes: $(cat passes.save)"
out=$(printf ':table\n' | $A play --load passes.save 2>&1)
at_round3 play-load "$out" 'Stacks'
# A save without passes (as written before they were kept) still loads.
grep -v '^passed:' passes.save > passes-old.save
printf ':table\n' | $A play --load passes-old.save > /dev/null 2>&1 || fail "a save without passed: does not load"

# The JSON door: after {"meta":"undo"} Andy is asked his round-3 turn again.
out=$(printf '%s\n' '{"action":"play 2 bid 4"}' '{"action":"call"}' '{"pass":true}' '{"action":"play 5 5 bid 10"}' \
  '{"meta":"undo"}' | $A play stacks --seed 3 --json 2>&1 | sed -n '/"undone"/,$p' | sed -n 2p)
printf '%s\n' "$out" | grep -q '"on_turn":true' || fail "json undo: Andy is not asked his turn: $out"
printf '%s\n' "$out" | grep -q '"round":3' || fail "json undo: not round 3: $out"
exit $failed
