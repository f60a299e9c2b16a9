#!/bin/sh
# A sharded `arbiter sim` on a Slurm cluster: a job array of SHARDS tasks
# (tools/cluster/sim_array.sbatch), then a job that merges their reports once every task
# has ended (tools/cluster/sim_merge.sbatch, afterany: it fails, naming the shards, when a
# task left no report). OUT_DIR must be on a file system every node sees.
#
#   tools/cluster/sim_slurm.sh ARBITER SHARDS OUT_DIR SIM-ARGS...
#   tools/cluster/sim_slurm.sh /opt/arbiter/arbiter 100 /shared/stacks stacks --games 1000000
#
# Prints the merge job's id; the merged report is OUT_DIR/merged.json, the merge's log
# OUT_DIR/merge.log. Every argument reaches the jobs as the word it was here (as an argument
# of the job script: never read as shell code, never split by --export). Extra sbatch options (a
# partition, an account, more cores a task) go in SBATCH_ARGS, split at spaces.
set -euf  # -f: SBATCH_ARGS is split at spaces, never globbed
[ $# -ge 4 ] || { sed -n '2,13p' "$0"; exit 2; }
arbiter=$1 shards=$2 out=$3
shift 3
case $shards in
  '' | *[!0-9]* | 0*) echo "sim_slurm.sh: SHARDS must be a whole number from 1, not '$shards'" >&2; exit 2 ;;
esac
unset CDPATH
# absolute DIR: sets abs to DIR from /, whatever its name ends with (a $(...) alone would
# drop a final newline). Paths are made absolute here, before any cd.
absolute() { d=$(cd -- "$1" && pwd && echo .) || exit 2; abs=${d%?.}; }
case $0 in */*) absolute "${0%/*}" ;; *) absolute . ;; esac
here=$abs
case $arbiter in
  /*) ;;
  */*) absolute "${arbiter%/*}"; arbiter="$abs/${arbiter##*/}" ;;
  *) ;;  # a bare name is looked up on PATH where the job runs
esac
mkdir -p -- "$out"
absolute "$out"
out=$abs
# Reports of an earlier run there would be merged as this one's.
k=1
while [ "$k" -le "$shards" ]; do rm -f -- "$out/shard-$k.json" "$out/shard-$k.json.part"; k=$((k + 1)); done
rm -f -- "$out/merged.json" "$out/merged.json.part"
cd -- "$out"  # the jobs' logs (--output, relative) go here, whatever characters its name holds
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_ARGS:-} --array="1-$shards" \
  "$here/sim_array.sbatch" "$arbiter" "$shards" "$out" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
sbatch --parsable ${SBATCH_ARGS:-} --dependency="afterany:$array" \
  "$here/sim_merge.sbatch" "$arbiter" "$shards" "$out" "$array"
