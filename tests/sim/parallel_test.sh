#!/bin/sh
# tools/cluster/sim_parallel.sh: its shards, merged, equal the one run of `arbiter sim`
# with the same options, byte for byte but the "run" section (when and where it ran).
#   local: shards on this machine's cores with GNU parallel, a skill ladder, 60 games;
#   nodes: the NODES (ssh) form with ':' (this machine) as its one node, JOBS=2, 30 games:
#          all of it that can be run without ssh.
# Exit status 77 (skipped) without GNU parallel. Writes sim-par.* or sim-nodes.* here.
#   parallel_test.sh ARBITER SOURCE_DIR local|nodes
set -u
. "$(dirname "$0")/../expect.sh"
command -v parallel > /dev/null || exit 77
A=$1 script=$2/tools/cluster/sim_parallel.sh
case $3 in
  local)
    f=sim-par
    set -- stacks --games 60 --ladder random,mcts:2
    "$script" "$A" 3 $f.json "$@" || fail "sim_parallel.sh $* failed" ;;
  nodes)
    f=sim-nodes
    set -- stacks --games 30
    echo : > sim-nodes.txt
    NODES=sim-nodes.txt JOBS=2 "$script" "$A" 3 $f.json "$@" || fail "NODES=sim-nodes.txt sim_parallel.sh $* failed" ;;
  *) echo "parallel_test.sh: no case '$3' (local or nodes)"; exit 2 ;;
esac
"$A" sim "$@" --json > $f-one.json || fail "sim $* --json failed"
sed '/^  "run": {/,/^  }/d' $f.json > $f.a
sed '/^  "run": {/,/^  }/d' $f-one.json > $f.b
if ! cmp $f.a $f.b; then
  fail "expected the merged shards ($f.json) to equal the one run ($f-one.json) but their \"run\""
  came "$(diff $f.a $f.b)"
fi
finish
