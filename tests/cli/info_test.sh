#!/bin/sh
# `arbiter info` and the REPL's :rules: player counts, parameters, variants and bot kinds
# (the solved: kind with what FILE is, Stacks' own honest), every line within 60 columns
# but the folder's path, which depends on where the tree is; :rules under a variant gives
# the value it sets beside the default. Writes info.txt here.
#   info_test.sh ARBITER
set -u
. "$(dirname "$0")/../expect.sh"
A=$1
"$A" info stacks > info.txt || fail "arbiter info stacks failed"
info=$(cat info.txt)
expect_grep "info stacks: players" "$info" '^Players: 2 to 6'
expect_grep "info stacks: the solved bot kind (lines joined)" "$(tr '\n' ' ' < info.txt)" \
  'solved:FILE (a strategy from arbiter solve --write-bot)'
expect_grep "info stacks: the target parameter" "$info" '^  target = default 40, 1..'
expect_grep "info stacks: Stacks' own bot" "$info" 'honest'
long=$(grep -v '^Found in:' info.txt | grep -v '^/' | awk 'length($0) > 60')
[ -z "$long" ] || { fail "info stacks: expected no line over 60 columns but the folder's"; came "$long"; }
out=$(printf ':rules\n' | "$A" play stacks --variant short --seed 1)
expect_grep ":rules under the variant short" "$out" '^  target = 25 (default 40'
finish
