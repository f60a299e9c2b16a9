#!/bin/sh
# tools/cluster/sim_parallel.sh with hostile names: a ruleset folder, an OUT.json folder and
# the arbiter's folder whose names hold $(...), backquotes, single and double quotes, spaces,
# commas, {} and a newline run nothing and reach arbiter as one word each, on this machine
# and through the NODES branch (nodes.txt holding `:`); a shard that fails makes the script
# fail, naming the shard, with no OUT.json written. Skipped (77) without GNU parallel.
#   parallel_hostile_test.sh ARBITER WORKDIR
set -u
command -v parallel >/dev/null || { echo "SKIP: GNU parallel is not installed"; exit 77; }
A=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
w="$2/sim-parallel-hostile"
rm -rf "$w" && mkdir -p "$w/cwd" && cd "$w/cwd" || exit 1
. "$src/tests/sim/hostile_names.sh"
# shellcheck disable=SC2016 # the $(...) is meant to stay text
bad='$(touch${IFS}PWNED)`touch PWNED`'"'q'\"d\" a b,c{}{#} $nl z"
# The ruleset is named relative to the jobs' folder, as `arbiter sim FOLDER` takes it.
rs="t$bad"
bin="$w/b$bad"
hostile_copies "$rs" "$bin"
outdir="$w/o$bad"
mkdir -p "$outdir" || exit 1

# run CASE ENV...: sim_parallel.sh on the hostile names; its merged report equals one run's.
run() {
  c=$1; shift
  env "$@" "$tools/sim_parallel.sh" "$bin/arbiter" 3 "$outdir/$c.json" "$rs" --games 9 \
    > "$w/$c.out" 2> "$w/$c.err" || fail "$c: sim_parallel.sh failed: $(cat "$w/$c.err")"
  strip_run "$outdir/$c.json" > "$w/$c.s" 2>/dev/null
  cmp -s "$w/one.s" "$w/$c.s" || fail "$c: the merged report differs from one run's"
}
tools="$src/tools/cluster"
run here JOBS=2
echo : > "$w/nodes.txt"
run nodes JOBS=2 NODES="$w/nodes.txt"

# A shard that fails: the arbiter given fails shard 2 of 3 and plays the others.
cat > "$bin/failing" <<EOF
#!/bin/sh
for a; do [ "\$a" != 2/3 ] || { echo "this arbiter refuses that part on purpose" >&2; exit 3; }; done
exec '$A' "\$@"
EOF
chmod +x "$bin/failing"
if JOBS=2 "$tools/sim_parallel.sh" "$bin/failing" 3 "$outdir/fails.json" "$rs" --games 9 > "$w/fails.out" 2> "$w/fails.err"; then
  fail "a failed shard: sim_parallel.sh exited 0"
fi
grep -q "no report from shard(s) 2 of 3" "$w/fails.err" || fail "a failed shard is not named: $(cat "$w/fails.err")"
[ ! -e "$outdir/fails.json" ] || fail "a failed shard: OUT.json was written all the same"

found=$(find "$w" -name PWNED)
[ -z "$found" ] || fail "a name was run as a command: $found"
[ "$failed" = 0 ] && echo "sim_parallel.sh with hostile names and a failed shard: passed"
exit "$failed"
