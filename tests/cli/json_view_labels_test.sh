#!/bin/sh
# The JSON door's view names a variable as the table does (game.yaml's label), by the
# variable's name: the second line of a Love Letter game played by bots.
#   json_view_labels_test.sh ARBITER
set -u
. "$(dirname "$0")/../expect.sh"
line=$(printf '' | "$1" play love-letter --json --bot all=random --seed 1 | sed -n 2p)
expect_grep "the labels in the JSON door's second line" "$line" \
  '"labels":{"score":"tokens","protected":"protected","leader":"last round won by"}'
finish
