#!/bin/sh
# A planted leak (tests/fixtures/leaks/<case>) and what `arbiter check --leaks` says of it:
# the exit status STATUS and, when it is 1, a line matching PATTERN (the seat, the step and
# the field); when it is 0, the line saying no leak was found.
#
#   tests/leaks/fixture_test.sh ARBITER FOLDER STATUS PATTERN [OPTION...]
. "$(dirname "$0")/../expect.sh"
arbiter=$1 folder=$2 want=$3 pattern=$4
shift 4
out=$("$arbiter" check "$folder" --leaks "$@" 2>&1)
status=$?
expect_status "check $folder --leaks $*" "$want" "$status"
if [ "$want" = 0 ]; then
  expect_grep "check $folder --leaks $*" "$out" "no leak found"
else
  expect_grep "check $folder --leaks $*" "$out" -E "$pattern"
fi
finish
