#!/bin/sh
# `arbiter new` makes a ruleset that checks (50 games) and passes its scenarios (10), as the
# tutorial says; it refuses a folder that exists and a name that is not an id. Writes
# new-game/ and new-game-test.txt here.
#   new_game_test.sh ARBITER
set -u
. "$(dirname "$0")/../expect.sh"
A=$1
rm -rf new-game
"$A" new new-game || fail "arbiter new new-game failed"
"$A" check ./new-game --games 50 || fail "arbiter check of the new ruleset failed"
"$A" test ./new-game > new-game-test.txt
expect_eq "the last line of arbiter test on the new ruleset" '10 passed, 0 failed' "$(tail -n 1 new-game-test.txt)" ||
  came "$(cat new-game-test.txt)"
"$A" new new-game 2> /dev/null && fail "arbiter new on a folder that exists: expected a failure, came status 0"
"$A" new Bad.Name 2> /dev/null && fail "arbiter new Bad.Name: expected a failure, came status 0"
finish
