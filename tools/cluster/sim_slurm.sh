#!/bin/sh
# A sharded `arbiter sim` on a Slurm cluster: a job array of SHARDS tasks
# (tools/cluster/sim_array.sbatch), then a job that merges their reports once every task
# has succeeded (afterok). OUT_DIR must be on a file system every node sees.
#
#   tools/cluster/sim_slurm.sh ARBITER SHARDS OUT_DIR SIM-ARGS...
#   tools/cluster/sim_slurm.sh /opt/arbiter/arbiter 100 /shared/stacks stacks --games 1000000
#
# Prints the merge job's id; the merged report is OUT_DIR/merged.json. Extra sbatch options
# (a partition, an account, more cores a task) go in SBATCH_ARGS.
set -eu
[ $# -ge 4 ] || { sed -n '2,10p' "$0"; exit 2; }
arbiter=$1 shards=$2 out=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
# shellcheck disable=SC2086
array=$(cd "$out" && sbatch --parsable ${SBATCH_ARGS:-} --array="1-$shards" \
  --export="ALL,ARBITER=$arbiter,SHARDS=$shards,OUT_DIR=$out" "$here/sim_array.sbatch" "$@")
# shellcheck disable=SC2086
(cd "$out" && sbatch --parsable ${SBATCH_ARGS:-} --dependency="afterok:${array%%;*}" --job-name=arbiter-merge \
  --output=merge.log --wrap "'$arbiter' sim --merge '$out'/shard-*.json --json > '$out/merged.json'")
