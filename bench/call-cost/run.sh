#!/bin/sh
# What a call costs in a hook, timed as whole processes: `arbiter sim` of the probe with
# each loop body, one thread, the best of three runs' user CPU time each. The cost of a
# call is (time with the call - time with `add`) / the calls made.
#   bench/call-cost/run.sh ARBITER [GAMES] [CALLS]
set -eu
arbiter=$1
games=${2:-50}
calls=${3:-20000}
dir=$(dirname "$0")
total=$((games * 40 * calls))
echo "$games games of 40 actions, $calls iterations an action: $total iterations a run"
printf '%-11s %9s %12s\n' body "user s" "ns/iteration"
for body in empty add lua lua_method game_get game_count game_prop; do
  best=
  for _ in 1 2 3; do
    t=$( { /usr/bin/time -f %U "$arbiter" sim "$dir" --games "$games" --threads 1 \
             --set body=$body --set calls="$calls" >/dev/null; } 2>&1 )
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  printf '%-11s %9s %12.1f\n' "$body" "$best" "$(echo "$best * 1000000000 / $total" | bc -l)"
done
