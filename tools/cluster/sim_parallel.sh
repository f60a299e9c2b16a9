#!/bin/sh
# A sharded `arbiter sim` run with GNU parallel (Debian: apt install parallel), on every core
# of this machine or, with NODES=nodes.txt (one user@host a line, each with the same arbiter
# and rulesets), over ssh; then the shards merged into the report one run would give.
#
#   tools/cluster/sim_parallel.sh ARBITER SHARDS OUT.json SIM-ARGS...   (words without spaces)
#   tools/cluster/sim_parallel.sh build/arbiter 8 stacks-8.json stacks --games 80000
#
# Each shard is `arbiter sim SIM-ARGS --shard K/SHARDS --threads 1 --json`: one process a core
# (JOBS, default every core here; with NODES, one job per core of each machine). The shard
# reports stay in OUT.json.shards/ so that a failed one can be run again alone; the merge
# refuses a set with a shard missing and names its seeds. Exit status: parallel's, else the merge's.
set -eu
[ $# -ge 4 ] || { sed -n '2,14p' "$0"; exit 2; }
arbiter=$1 shards=$2 out=$3
shift 3
command -v parallel >/dev/null || { echo "GNU parallel is not installed (Debian: apt install parallel)" >&2; exit 2; }
dir="$out.shards"
rm -rf "$dir" && mkdir -p "$dir"
jobs=${JOBS:-100%}
if [ -n "${NODES:-}" ]; then
  # On each node the shard is written in the folder of the same name under its home
  # (--workdir .) and copied back (--return). It is not removed there (no --cleanup): on a
  # node whose folder is this one (a shared home, or this machine over ssh) that would
  # remove the report just copied back.
  seq 1 "$shards" | parallel --sshloginfile "$NODES" --jobs "$jobs" --halt now,fail=1 \
    --return "shard-{}.json" --workdir . \
    "$arbiter sim $* --shard {}/$shards --threads 1 --json > shard-{}.json"
  mv shard-*.json "$dir"/
else
  seq 1 "$shards" | parallel --jobs "$jobs" --halt now,fail=1 \
    "$arbiter sim $* --shard {}/$shards --threads 1 --json > $dir/shard-{}.json"
fi
"$arbiter" sim --merge "$dir"/shard-*.json --json > "$out"
