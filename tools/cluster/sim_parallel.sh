#!/bin/sh
# A sharded `arbiter sim` run with GNU parallel (Debian: apt install parallel), on every core
# of this machine or, with NODES=nodes.txt (one user@host a line, each with the same arbiter
# and rulesets), over ssh; then the shards merged into the report one run would give.
#
#   tools/cluster/sim_parallel.sh ARBITER SHARDS OUT.json SIM-ARGS...
#   tools/cluster/sim_parallel.sh build/arbiter 8 stacks-8.json stacks --games 80000
#
# Each shard is `arbiter sim SIM-ARGS --shard K/SHARDS --threads 1 --json`: one process a core
# (JOBS, default every core here; with NODES, one job per core of each machine). Every
# argument reaches arbiter as the word it was here, whatever it holds (never read as shell code).
# The shard reports stay in OUT.json.shards/ so that a failed one can be run again alone.
# Exit status: 0 with OUT.json written; 1 when a shard or the merge failed (named on stderr);
# 2 for a wrong call.
set -eu
[ $# -ge 4 ] || { sed -n '2,14p' "$0"; exit 2; }
arbiter=$1 shards=$2 out=$3
shift 3
case $shards in
  '' | *[!0-9]* | 0*) echo "sim_parallel.sh: SHARDS must be a whole number from 1, not '$shards'" >&2; exit 2 ;;
esac
command -v parallel >/dev/null || { echo "GNU parallel is not installed (Debian: apt install parallel)" >&2; exit 2; }

# quote WORD: WORD in single quotes for sh, so that `eval "set -- $(quote a) $(quote b)"`
# gives back exactly the words a and b (a quote inside becomes '\'' ; a newline stays).
quote() {
  q=$(printf '%s.' "$1" | sed "s/'/'\\\\''/g")
  printf "'%s' " "${q%.}"
}
# The sim's arguments go to each job in ARBITER_SIM_ARGS, quoted as above, and nothing the
# caller typed is in the command that parallel hands its shell (a {} in a folder's name
# would be parallel's replacement string there; $(...) would run).
ARBITER_SIM_ARGS=""
for a in "$@"; do ARBITER_SIM_ARGS="$ARBITER_SIM_ARGS$(quote "$a")"; done
ARBITER_SIM_BIN=$arbiter ARBITER_SIM_SHARDS=$shards
export ARBITER_SIM_ARGS ARBITER_SIM_BIN ARBITER_SIM_SHARDS ARBITER_SIM_DIR
# $0 is the shard's number; the report is written whole or not at all (.part, then renamed).
# shellcheck disable=SC2016
job='sh -c '\''eval "set -- $ARBITER_SIM_ARGS"; f="$ARBITER_SIM_DIR/shard-$0.json";'\
' "$ARBITER_SIM_BIN" sim "$@" --shard "$0/$ARBITER_SIM_SHARDS" --threads 1 --json > "$f.part"'\
' && mv "$f.part" "$f"'\'' {}'

dir="$out.shards"
rm -rf -- "$dir" && mkdir -p -- "$dir"
jobs=${JOBS:-100%}
log="$dir/joblog"
status=0
if [ -n "${NODES:-}" ]; then
  # On each node the shard is written in the folder of the same name under its home
  # (--workdir .) and copied back (--return). It is not removed there (no --cleanup): on a
  # node whose folder is this one (a shared home, or this machine over ssh) that would
  # remove the report just copied back.
  ARBITER_SIM_DIR=.
  seq 1 "$shards" | parallel --sshloginfile "$NODES" --jobs "$jobs" \
    --joblog "$log" --env ARBITER_SIM_ARGS --env ARBITER_SIM_BIN --env ARBITER_SIM_SHARDS \
    --env ARBITER_SIM_DIR --return "shard-{}.json" --workdir . "$job" || status=$?
  for k in $(seq 1 "$shards"); do
    [ ! -f "shard-$k.json" ] || mv "shard-$k.json" "$dir"/
  done
else
  ARBITER_SIM_DIR=$dir
  seq 1 "$shards" | parallel --jobs "$jobs" --joblog "$log" "$job" || status=$?
fi

# Every shard's report, by name: a missing one is named with the command that runs it again.
missing="" k=1
set --
while [ "$k" -le "$shards" ]; do
  if [ -s "$dir/shard-$k.json" ]; then set -- "$@" "$dir/shard-$k.json"; else missing="$missing $k"; fi
  k=$((k + 1))
done
if [ -n "$missing" ]; then
  echo "sim_parallel.sh: no report from shard(s)$missing of $shards (GNU parallel's exit status $status; its log: $log)." >&2
  echo "Run a shard again alone with: arbiter sim SIM-ARGS --shard K/$shards --threads 1 --json > $dir/shard-K.json" >&2
  echo "then merge: arbiter sim --merge $dir/shard-*.json --json > $out" >&2
  exit 1
fi
"$arbiter" sim --merge "$@" --json > "$out.part" || {
  rm -f -- "$out.part"
  echo "sim_parallel.sh: the merge of the $shards shards in $dir failed (above)" >&2; exit 1; }
mv -- "$out.part" "$out"
