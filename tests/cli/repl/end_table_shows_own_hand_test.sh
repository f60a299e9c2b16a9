#!/bin/sh
# The game-over table shows the one human what their seat saw: Andy's own hand (a 4), not
# "1 card" (Stacks, seed 3, to a target of 3).
#   end_table_shows_own_hand_test.sh ARBITER
set -u
. "$(dirname "$0")/../../expect.sh"
out=$(printf 'play 2 bid 4\ncall\n' | "$1" play stacks --seed 3 --set target=3)
expect_grep "Andy's row of the game-over table" "$out" '^  Andy .*| Hand: 4  |'
finish
