#!/bin/sh
# A save records who plays each seat; --load restores them without naming the ruleset, and
# refuses an option that contradicts the file (--seed). Stacks 5x5 at the table has no turn
# limit (max_turns: 0 in its save). Writes seats-save.yaml, seats-err.txt and s5.yaml here.
#   load_restores_seats_test.sh ARBITER
set -u
. "$(dirname "$0")/../../expect.sh"
A=$1
rm -f seats-save.yaml s5.yaml
printf ':save seats-save.yaml\n' | "$A" play stacks --bot 2=mcts:50 --bot 3=honest > /dev/null ||
  fail "play stacks with bots, then :save, failed"
save=$(cat seats-save.yaml)
expect_grep "the save names Bill's bot" "$save" '{name: Bill, plays: mcts:50}'
expect_grep "the save names Charlie's bot" "$save" '{name: Charlie, plays: honest}'
"$A" play --load seats-save.yaml < /dev/null > /dev/null || fail "play --load seats-save.yaml failed"
if "$A" play --load seats-save.yaml --seed 2 < /dev/null 2> seats-err.txt; then
  fail "play --load with --seed: expected a failure, came status 0"
fi
expect_grep "play --load with --seed says why" "$(cat seats-err.txt)" 'seed cannot be given'
printf ':save s5.yaml\n' | "$A" play stacks-5x5 --players A,B > /dev/null || fail "play stacks-5x5, then :save, failed"
expect_grep "the save of Stacks 5x5 at the table" "$(cat s5.yaml)" 'max_turns: 0'
finish
