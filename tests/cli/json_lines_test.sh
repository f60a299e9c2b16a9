#!/bin/sh
# `arbiter play --json` speaks JSON lines: a scripted tic-tac-toe that Ann (X) wins on the
# bottom rank ends with an over message naming her.
#   json_lines_test.sh ARBITER
set -u
. "$(dirname "$0")/../expect.sh"
out=$(printf '%s\n' '{"action":"a1"}' '{"action":"a2"}' '{"action":"b1"}' '{"action":"b2"}' '{"action":"c1"}' |
  "$1" play tictactoe --json --players Ann,Ben; echo .)
out=${out%.}
last=$(printf '%s' "$out" | tail -n 1)
expect_grep "the last line of the JSON door" "$last" -F '{"type":"over","winners":["Ann"]' || came "$out"
finish
