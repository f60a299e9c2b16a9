#!/bin/sh
# `arbiter perft --json` counts the coin fixture's tree (worked out by hand in
# tests/analysis/perft_test.cpp): to depth 6, 8 nodes, all 8 ended, Ann's result in each.
#   json_test.sh ARBITER SOURCE_DIR
set -u
. "$(dirname "$0")/../expect.sh"
A=$1
cd "$2" || exit 1
out=$("$A" perft tests/fixtures/coin --players Ann --depth 6 --json | tr -d ' \n')
expect_grep "perft --json of the coin fixture (spaces and newlines taken out)" "$out" \
  '"depth":6,"nodes":8,"ended":8,"results":{"Ann":8}'
finish
