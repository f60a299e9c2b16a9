#!/usr/bin/env bash
# The guard (every_case_runs.py) refuses what would let a test case pass without running, and
# the registration (cmake/catch_add_tests.cmake) gives every fixture name an entry that runs it.
#   guard_test.sh FIXTURE_BINARY CATCH2_ADD_TESTS_SCRIPT SOURCE_DIR WORK_DIR
set -uo pipefail
fixture=$1 stock=$2 src=$3 work=$4/ctest_guard_test
guard=$src/tests/ctest_guard/every_case_runs.py
ours=$src/cmake/catch_add_tests.cmake
failed=0
fail() { echo "FAIL: $*"; failed=1; }

# register DIR SCRIPT: a CTest folder whose entries SCRIPT writes for the fixture.
register() {
  rm -rf "$1" && mkdir -p "$1"
  cmake -D "TEST_EXECUTABLE=$fixture" -D "TEST_WORKING_DIR=$1" -D "CTEST_FILE=$1/entries.cmake" \
        -D TEST_PREFIX=fixture. -D TEST_PROPERTIES= -D TEST_SPEC= -D TEST_EXTRA_ARGS= \
        -D TEST_TARGET=fixture -D TEST_LIST=fixture_TESTS -P "$2" >/dev/null 2>&1 || return 1
  echo 'include(entries.cmake)' >"$1/CTestTestfile.cmake"
}

# 1. Catch2's own registration: the ';' name and the '\' name are run by no entry.
register "$work/stock" "$stock" || fail "Catch2's registration script did not run"
out=$(python3 "$guard" "$work/stock" "$fixture"); status=$?
[ $status = 1 ] || fail "the guard passed Catch2's own registration (status $status)"
grep -qF "entry 'fixture.a name with a semicolon' runs no test case" <<<"$out" \
  || fail "the guard did not name the first half of the ';' test case: $out"
grep -qF "entry 'fixture. the rest of the name' runs no test case" <<<"$out" \
  || fail "the guard did not name the second half of the ';' test case: $out"
grep -qF "entry 'fixture.a backslash: \\e and \\x1b' runs no test case" <<<"$out" \
  || fail "the guard did not name the '\\' test case: $out"
grep -qF "runs without --warn NoTests" <<<"$out" || fail "the guard did not name an entry without --warn NoTests"

# 2. Ours: the guard passes, and running the entries runs each test case once.
register "$work/ours" "$ours" || fail "our registration script did not run"
python3 "$guard" "$work/ours" "$fixture" >/dev/null || fail "the guard refused our registration"
log=$work/ran.log; rm -f "$log"
(cd "$work/ours" && RAN_LOG=$log ctest -Q) || fail "an entry of our registration failed"
expected=$("$fixture" --list-test-names-only | grep -v '^$' | sort)
[ "$(sort "$log")" = "$expected" ] || fail "the entries did not run each test case once: $(cat "$log")"

# 3. An entry that matches nothing is refused by the guard, and fails when run.
cp -r "$work/ours" "$work/empty"
echo "add_test(matches_nothing $fixture [==[no such test case]==] --warn NoTests)" >>"$work/empty/CTestTestfile.cmake"
out=$(python3 "$guard" "$work/empty" "$fixture"); status=$?
[ $status = 1 ] && grep -qF "entry 'matches_nothing' runs no test case" <<<"$out" \
  || fail "the guard passed an entry that runs nothing: $out"
(cd "$work/empty" && ctest -Q -R '^matches_nothing$' >/dev/null) && fail "an entry that runs nothing passed when run"

# 4. A name Catch2 cannot select alone stops the registration with its name.
printf '#!/bin/sh\necho "exclude: me"\nexit 1\n' >"$work/fake" && chmod +x "$work/fake"
out=$(cmake -D "TEST_EXECUTABLE=$work/fake" -D "TEST_WORKING_DIR=$work" -D "CTEST_FILE=$work/x.cmake" \
      -D TEST_PREFIX= -D TEST_PROPERTIES= -P "$ours" 2>&1 | tr -s ' \n' '  ') && fail "a name Catch2 reads as a pattern was registered"
grep -qF "'exclude: me' cannot be run alone" <<<"$out" || fail "the refusal did not name the test case: $out"

[ $failed = 0 ] && echo "the guard refuses what runs nothing; our registration runs every name once"
exit $failed
