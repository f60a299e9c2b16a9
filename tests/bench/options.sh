#!/bin/sh
# arbiter_bench's options for the pure-Lua reference and perft, without timing anything:
# --help lists them, and a reference that cannot run is said plainly (at once for a file
# that cannot be read, in its row for a missing lua5.4 or a program that is not the
# reference), never a crash. Run as `options.sh ARBITER_BENCH WORK_DIR`.
bench=$1
work=$2/bench-options
rm -rf "$work" && mkdir -p "$work/empty-path" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

"$bench" --help > "$work/help" 2>&1 || fail "--help exited with status $?"
grep -q -- '--reference-nabbit FILE' "$work/help" || fail "--help does not list --reference-nabbit"
grep -q 'perft' "$work/help" || fail "--help does not list the perft benchmark"

# Before any benchmark runs: status 2, the file and why on stderr, nothing on stdout.
expect_refused() {  # expected message, then arguments
  message=$1; shift
  "$bench" "$@" > "$work/out" 2> "$work/err"
  status=$?
  [ "$status" = 2 ] || fail "$*: status $status, expected 2"
  [ ! -s "$work/out" ] || fail "$*: printed a table: $(head -3 "$work/out")"
  grep -qF -- "$message" "$work/err" || fail "$*: expected '$message', got: $(cat "$work/err")"
}
expect_refused "arbiter_bench: --reference-nabbit: cannot read '$work/absent.lua': No such file or directory" \
  --reference-nabbit "$work/absent.lua"
expect_refused "cannot read '$work': a folder, not a file" --reference-nabbit "$work"
expect_refused "runs with the playouts, which --only leaves out" --only copy --reference-nabbit "$0"
expect_refused "unknown benchmark 'perfect'" --only perfect

# Runs, but the reference cannot: its row says why and the status is 1 (a benchmark could not run).
expect_row_error() {  # expected message, then the command before arbiter_bench's arguments
  message=$1; shift
  "$@" "$bench" --only playouts --ruleset stack-nabbit --seconds 0.05 --reference-nabbit "$work/reference.lua" \
    > "$work/out" 2> "$work/err"
  status=$?
  [ "$status" = 1 ] || fail "$*: status $status, expected 1; stderr: $(cat "$work/err")"
  grep -q '^pure Lua zones (reference) .*error' "$work/out" || fail "$*: no error row for the reference: $(cat "$work/out")"
  grep -qF -- "$message" "$work/err" || fail "$*: expected '$message', got: $(cat "$work/err")"
}
echo 'print("hello")' > "$work/reference.lua"
expect_row_error "cannot run lua5.4: No such file or directory (not in PATH; apt-get install lua5.4)" \
  env PATH="$work/empty-path"
if command -v lua5.4 > /dev/null; then
  expect_row_error "is it the Stack Nabbit reference program (nabbit.lua)?" env
  echo 'error("broken")' > "$work/reference.lua"
  expect_row_error "exited with status 1: lua5.4: $work/reference.lua:1: broken" env
else
  echo "lua5.4 is not installed: the checks of a program that is not the reference are skipped"
fi
echo "bench options: passed"
