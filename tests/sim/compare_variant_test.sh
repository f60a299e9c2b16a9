#!/bin/sh
# `arbiter sim --compare` reads two JSON reports, Stacks by default and its variant short,
# and finds that their metrics differ beyond noise. Writes sim-a.json and sim-b.json here.
#   compare_variant_test.sh ARBITER
set -u
. "$(dirname "$0")/../expect.sh"
A=$1
"$A" sim stacks --games 20 --json > sim-a.json || fail "sim --json of stacks failed"
"$A" sim stacks --games 20 --variant short --json > sim-b.json || fail "sim --json of stacks --variant short failed"
out=$("$A" sim --compare sim-a.json sim-b.json)
expect_grep "sim --compare of the default and the variant short" "$out" 'metrics differ beyond noise'
finish
