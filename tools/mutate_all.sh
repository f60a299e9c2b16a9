#!/bin/sh
# `make mutate`: `arbiter mutate` on every ruleset under rulesets/ that has scenarios, one row
# each, and each full report in OUT/<id>.txt (survivors listed there). Exit status 1 when any
# ruleset fails: its suite fails without a mutant, its score is below its min_score, or an
# entry of its mutate.yaml matches no mutant.
# Usage: tools/mutate_all.sh ARBITER RULESETS MAX SEED THREADS OUT   (MAX 0: every mutant)
set -u
arbiter=$1 rulesets=$2 max=$3 seed=$4 threads=$5 out=$6
mkdir -p "$out"
sample="--seed $seed"
[ "$max" != 0 ] && sample="--max $max --seed $seed"
status=0
printf '%-14s %9s %7s %8s %8s %7s %8s  %s\n' ruleset mutants killed survived accepted score seconds status
for dir in "$rulesets"/*/; do
  [ -d "$dir/scenarios" ] || continue
  id=$(basename "$dir")
  # shellcheck disable=SC2086
  NO_COLOR=1 nice "$arbiter" mutate "$dir" $sample --threads "$threads" > "$out/$id.txt" 2> "$out/$id.err"
  code=$?
  [ "$code" = 0 ] || status=1
  awk -v id="$id" -v code="$code" '
    /^[^ ].*: [0-9]+ of [0-9]+ mutants/ { split($0, w, " "); mutants = w[2] }
    /^  killed / { killed = $2 } /^  survived / { survived = $2 } /^  accepted / { accepted = $2 }
    /^  score / { score = $2 } /^  time / { seconds = $2 }
    END {
      why = code == 0 ? "ok" : code == 1 ? "below min_score or a stale entry (see " id ".err)" : "failed (see " id ".err)"
      printf "%-14s %9s %7s %8s %8s %7s %8s  %s\n", id, mutants, killed, survived, accepted, score, seconds, why
    }' "$out/$id.txt"
done
echo "reports: $out/<id>.txt"
exit $status
