#!/bin/sh
# A mutate.yaml entry that matches no mutant fails `arbiter mutate` (status 1), named by its
# line, even when the --max sample runs none of the mutants near it: a copy of the Nim
# fixture with one such entry added, in mutate-stale/ here.
#   stale_entry_test.sh ARBITER SOURCE_DIR
set -u
. "$(dirname "$0")/../expect.sh"
A=$1

rm -rf mutate-stale
cp -R "$2/tests/fixtures/mutate/nim" mutate-stale &&
  printf '  - {file: rules.lua, function: rules.apply, near: n < 3, change: x, reason: r}\n' >> mutate-stale/mutate.yaml ||
  { fail "could not make the copy mutate-stale/"; finish; }
"$A" mutate ./mutate-stale --max 1 --seed 1 --threads 1 > /dev/null 2> mutate-stale-err.txt
expect_status "mutate with a stale entry" 1 $?
expect_grep "mutate names the stale entry by its line" "$(cat mutate-stale-err.txt)" \
  'mutate-stale/mutate.yaml:5: stale: no mutant of rules.lua in rules.apply() near .n < 3.: x'
finish
