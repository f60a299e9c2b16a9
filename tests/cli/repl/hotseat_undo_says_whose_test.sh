#!/bin/sh
# Hot-seat :undo typed by Ben takes back Ann's action and says so (whose, never what).
#   hotseat_undo_says_whose_test.sh ARBITER
set -u
. "$(dirname "$0")/../../expect.sh"
out=$(printf 'play 2 bid 4\n:undo\n' | "$1" play stacks --players Ann,Ben --seed 5)
expect_grep "what :undo says at a hot seat" "$out" \
  '^Undone: Ann.s last action (and what followed) is taken back; Ann is to act again.$'
finish
