#!/bin/sh
# tools/cluster/sim_slurm.sh with hostile names, against a stand-in sbatch
# (tests/sim/fake_sbatch.py: it records its argv and runs each job script at once, as Slurm
# would, splitting --export at its commas and leaving an afterok job whose dependency failed
# pending for ever), so no Slurm is needed: an OUT_DIR, a ruleset folder and the arbiter's
# folder whose names hold $(...), backquotes, quotes, spaces, commas, % and a newline run
# nothing and reach the jobs whole, and the merged report equals one run's; a shard that
# fails makes the merge job fail, naming the shard, rather than wait.
#   slurm_hostile_test.sh ARBITER WORKDIR
set -u
A=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
w="$2/sim-slurm-hostile"
rm -rf "$w" && mkdir -p "$w/cwd" "$w/path" && cd "$w/cwd" || exit 1
. "$src/tests/sim/hostile_names.sh"
ln -s "$src/tests/sim/fake_sbatch.py" "$w/path/sbatch" || exit 1
PATH="$w/path:$PATH"
export PATH
# shellcheck disable=SC2016 # the $(...) is meant to stay text
bad='$(touch${IFS}PWNED)`touch PWNED`'"'q'\"d\" a b,c=d,%A{} $nl z"
rs="$w/t$bad"
bin="$w/b$bad"
hostile_copies "$rs" "$bin"

# submit CASE ARBITER NAME: sim_slurm.sh into OUT_DIR "$w/CASE oNAME", with a state of its own.
submit() {
  c=$1 out="$w/$1 o$3"
  mkdir -p "$w/$c.sbatch"
  FAKE_SBATCH_DIR="$w/$c.sbatch" "$src/tools/cluster/sim_slurm.sh" "$2" 3 "$out" "$rs" --games 9 \
    > "$w/$c.out" 2> "$w/$c.err" || fail "$c: sim_slurm.sh failed: $(cat "$w/$c.err")"
  if grep -q -e '"--wrap' "$w/$c.sbatch/argv.jsonl"; then fail "$c: a job is a --wrap string for a shell"; fi
  if [ -s "$w/$c.sbatch/pending" ]; then fail "$c: a job is left pending for ever (afterok on a failed task)"; fi
}

# same CASE NAME: the merged report in "$w/CASE oNAME" equals one run's.
same() {
  strip_run "$w/$1 o$2/merged.json" > "$w/$1.s" 2>/dev/null
  cmp -s "$w/one.s" "$w/$1.s" || fail "$1: the merged report differs from one run's"
}
# Quotes and $(...) alone (no comma for --export to split), then every character at once.
# shellcheck disable=SC2016
quotes="'\$(touch\${IFS}PWNED)'\"\$(touch PWNED)\""
submit quotes "$A" "$quotes"
same quotes "$quotes"
submit whole "$bin/arbiter" "$bad"
same whole "$bad"

# A shard that fails: the arbiter given fails shard 2 of 3 and plays the others.
cat > "$bin/failing" <<EOF
#!/bin/sh
for a; do [ "\$a" != 2/3 ] || { echo "this arbiter refuses that part on purpose" >&2; exit 3; }; done
exec '$A' "\$@"
EOF
chmod +x "$bin/failing"
submit fails "$bin/failing" "$bad"
merge=$(tail -n 1 "$w/fails.out")
[ "$(cat "$w/fails.sbatch/$merge.status" 2>/dev/null)" = 1 ] ||
  fail "a failed shard: the merge job (${merge:-none}) did not end with status 1"
grep -q "no report from shard(s) 2 of 3" "$w/fails o$bad/merge.log" 2>/dev/null ||
  fail "a failed shard: the merge's log does not name shard 2"
[ ! -e "$w/fails o$bad/merged.json" ] || fail "a failed shard: merged.json was written all the same"

found=$(find "$w" -name PWNED)
[ -z "$found" ] || fail "a name was run as a command: $found"
[ "$failed" = 0 ] && echo "sim_slurm.sh with hostile names and a failed shard (a stand-in sbatch): passed"
exit "$failed"
