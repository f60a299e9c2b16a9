# Sourced by the cluster scripts' hostile tests (parallel_hostile_test.sh, slurm_hostile_test.sh),
# with A (the arbiter), src (the source tree) and w (the work folder) set: the failure count,
# and copies under names a shell would run.
failed=0
fail() { echo "FAIL: $*"; failed=1; }
strip_run() { sed '/^  "run": {/,/^  }/d' "$1"; }
nl='
'
# hostile_copies RS BIN: the stacks ruleset copied to the folder RS, arbiter linked from the
# folder BIN, and one run of RS in $w/one.s (its run details left out), for the merged report.
hostile_copies() {
  cp -r "$src/rulesets/stacks" "$1" || exit 1
  mkdir -p "$2" && ln -s "$A" "$2/arbiter" || exit 1
  "$A" sim "$1" --games 9 --json > "$w/one.json" || fail "one run of the copied ruleset failed"
  strip_run "$w/one.json" > "$w/one.s"
}
