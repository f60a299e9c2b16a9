#!/bin/sh
# `arbiter list`: piped, one line per ruleset folder, Stacks' summary whole on its line; at a
# terminal of 60 columns (script(1)), each summary wrapped under its column, no line wider
# than 60. Writes list.txt and list-tty.txt here.
#   list_test.sh ARBITER SOURCE_DIR
set -u
. "$(dirname "$0")/../expect.sh"
A=$1 src=$2
"$A" list > list.txt || fail "arbiter list failed"
expect_grep "arbiter list, piped" "$(cat list.txt)" \
  '^stacks  *2-6 players  a 15-card bluffing game of bids, calls and the -10$'
expect_eq "lines of arbiter list against folders in rulesets/" "$(ls "$src/rulesets" | wc -l)" "$(wc -l < list.txt)"

script -qec "stty cols 60; \"$A\" list" /dev/null | tr -d '\r' > list-tty.txt
expect_grep "arbiter list at 60 columns" "$(cat list-tty.txt)" '^stacks  *2-6 players  a 15-card bluffing game of$'
expect_le "the widest line of arbiter list at 60 columns" 60 "$(LC_ALL=C.UTF-8 wc -L < list-tty.txt)" ||
  came "$(LC_ALL=C.UTF-8 grep '.\{61\}' list-tty.txt)"
finish
