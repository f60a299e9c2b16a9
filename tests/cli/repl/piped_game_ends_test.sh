#!/bin/sh
# A scripted game piped into `arbiter play` plays to the end: the human folds whenever on
# turn (Stacks, seed 1), and the game is over before the 2000 lines run out.
#   piped_game_ends_test.sh ARBITER
set -u
. "$(dirname "$0")/../../expect.sh"
out=$(yes fold | head -n 2000 | "$1" play stacks --seed 1)
expect_grep "a piped game of folds" "$out" '^Game over'
finish
