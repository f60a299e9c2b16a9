#!/bin/sh
# `arbiter mutate` on a ruleset made by `arbiter new` (every mutant, the count in its
# summary), and on the Nim fixture: --list gives its 25 mutants, --min-score 95 fails
# (status 1) and says the score 91.7% is below it, --json gives the score, and --max 5
# --seed 3 says the sample it ran. Writes mutate-new/ and mutate-cli-err.txt here.
#   cli_test.sh ARBITER SOURCE_DIR
set -u
. "$(dirname "$0")/../expect.sh"
A=$1 N=$2/tests/fixtures/mutate/nim

rm -rf mutate-new
"$A" new mutate-new > /dev/null || fail "arbiter new mutate-new failed"
out=$("$A" mutate ./mutate-new --threads 1)
expect_grep "mutate of a new ruleset" "$out" '^mutate-new: [0-9]* of [0-9]* mutants (all)'

expect_eq "the number of lines of mutate --list on nim" 25 "$("$A" mutate "$N" --list | wc -l)"

"$A" mutate "$N" --threads 1 --min-score 95 > /dev/null 2> mutate-cli-err.txt
expect_status "mutate --min-score 95 on nim (score 91.7%)" 1 $?
expect_grep "mutate --min-score 95 says why" "$(cat mutate-cli-err.txt)" 'the score 91.7% is below 95%'

out=$("$A" mutate "$N" --threads 2 --json)
expect_grep "mutate --json gives the score" "$out" '"score": 91.66666'

out=$("$A" mutate "$N" --max 5 --seed 3 --threads 1)
expect_grep "mutate --max 5 --seed 3 names its sample" "$out" '^nim: 5 of 25 mutants (--max 5 --seed 3)'
finish
