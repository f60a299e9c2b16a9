#!/bin/sh
# `sim --tally actions`: its table has its heading, and lines of play too long for a column
# wrap after their counts, within 60 columns. Writes tally.txt here.
#   tally_width_test.sh ARBITER
set -u
. "$(dirname "$0")/../expect.sh"
"$1" sim stacks --games 20 --threads 1 --tally actions > tally.txt || fail "sim --tally actions failed"
expect_grep "sim --tally actions: the heading" "$(cat tally.txt)" '^games  share   actions'
expect_le "the widest line of sim --tally actions" 60 "$(LC_ALL=C.UTF-8 wc -L < tally.txt)" ||
  came "$(LC_ALL=C.UTF-8 grep '.\{61\}' tally.txt)"
finish
