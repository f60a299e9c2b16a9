#!/bin/sh
# Without a UTF-8 locale (LC_ALL=C), what Arbiter prints is ASCII: a sim report, info, and
# the --json door (which escapes); with one, the same report has its symbols (·).
# Writes ascii.txt here.
#   ascii_locale_test.sh ARBITER
set -u
. "$(dirname "$0")/../expect.sh"
A=$1
LC_ALL=C "$A" sim stacks --games 30 --threads 1 > ascii.txt || fail "sim under LC_ALL=C failed"
LC_ALL=C "$A" info six-stacks >> ascii.txt || fail "info under LC_ALL=C failed"
printf '' | LC_ALL=C "$A" play love-letter --json --bot all=random --seed 2 >> ascii.txt ||
  fail "play --json under LC_ALL=C failed"
if bad=$(LC_ALL=C grep -n '[^ -~]' ascii.txt); then
  fail "expected only printable ASCII under LC_ALL=C; these lines (numbered) hold more"
  came "$bad"
fi
out=$(LC_ALL=C.UTF-8 "$A" sim stacks --games 30 --threads 1)
expect_grep "sim under LC_ALL=C.UTF-8 has its symbols" "$out" '·'
finish
