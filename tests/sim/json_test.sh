#!/bin/sh
# `arbiter sim --json` prints a JSON report that says its format. Writes sim-default.json here.
#   json_test.sh ARBITER
set -u
. "$(dirname "$0")/../expect.sh"
"$1" sim stacks --games 20 --json > sim-default.json || fail "sim --json failed"
expect_grep "sim --json: the format" "$(cat sim-default.json)" '"format": "arbiter-sim"'
finish
