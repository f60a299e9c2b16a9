#!/bin/sh
# A bad value of a game flag is a usage error, exit status 2 (docs/commands.md), in every
# subcommand that reads the flag: an unknown or ill-typed --set, an unknown --variant, an
# unknown --bot kind or seat, a --players count out of range; each says why on stderr.
#   flag_status_test.sh ARBITER
set -u
A=$1
failed=0
for cmd in "play stacks" "sim stacks --games 2" "check stacks --games 1" "perft stacks --depth 1"; do
  for flag in "--set targt=3" "--set target=abc" "--variant shrt" "--players 7" "--bot 2=mtcs" "--bot 5=random"; do
    case "$cmd $flag" in check*--bot*|perft*--bot*) continue ;; esac  # they take no --bot
    # shellcheck disable=SC2086
    $A $cmd $flag < /dev/null > /dev/null 2> flag-status.err; status=$?
    [ "$status" = 2 ] || { echo "FAIL: $cmd $flag: status $status, expected 2: $(cat flag-status.err)"; failed=1; }
    [ -s flag-status.err ] || { echo "FAIL: $cmd $flag: nothing said on stderr"; failed=1; }
  done
done
exit $failed
