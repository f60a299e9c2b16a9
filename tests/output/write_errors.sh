#!/bin/sh
# Output that cannot be written (present/output.hpp): run as `write_errors.sh ARBITER WORKDIR`.
# The cases that need more than one command, or a pipe, are here; the others are hostile
# cases (tests/fixtures/hostile/out-*).
set -u
arbiter=$1
cd "$2" || exit 1  # files made here are named write-errors-*: other tests run beside it
fail() { echo "write_errors: $*"; exit 1; }

# `new` makes its folder, then cannot say so: status 1, and the message names standard output.
rm -rf write-errors-new-game
"$arbiter" new write-errors-new-game >/dev/full 2>write-errors-err.txt
st=$?
[ $st = 1 ] || fail "new >/dev/full: status $st, expected 1"
grep -q '^arbiter new: cannot write to standard output (/dev/full): No space left on device' write-errors-err.txt ||
  fail "new >/dev/full: $(cat write-errors-err.txt)"
rm -rf write-errors-new-game

# Neither standard output nor standard error can be written: still a failure.
"$arbiter" list >/dev/full 2>/dev/full
st=$?
[ $st != 0 ] || fail "list >/dev/full 2>/dev/full: status 0"

# Standard output closed by the caller: said so, not written into a file opened later.
"$arbiter" info stacks >&- 2>write-errors-err.txt
st=$?
[ $st = 1 ] || fail "info >&-: status $st"
grep -q 'cannot write to standard output: it was closed when arbiter started' write-errors-err.txt || fail "info >&-: $(cat write-errors-err.txt)"

# A reader that leaves early ends Arbiter quietly by SIGPIPE (status 141 in the shell), even
# when the caller ignores SIGPIPE: far more than a pipe holds is written, so the write fails.
i=0
: >write-errors-legal.txt
while [ $i -lt 2000 ]; do echo ':legal' >>write-errors-legal.txt; i=$((i + 1)); done
first=$( (trap '' PIPE; "$arbiter" play stacks --seed 1 <write-errors-legal.txt 2>write-errors-err.txt; echo $? >write-errors-status.txt) | head -n 1)
[ "$first" = "Round 1: Andy, Bill, Charlie play in that order." ] || fail "| head -n 1 read '$first'"
[ "$(cat write-errors-status.txt)" = 141 ] || fail "| head -n 1: status $(cat write-errors-status.txt), expected 141 (SIGPIPE)"
[ ! -s write-errors-err.txt ] || fail "| head -n 1 printed: $(cat write-errors-err.txt)"
rm -f write-errors-legal.txt write-errors-err.txt write-errors-status.txt
echo "write_errors: passed"
