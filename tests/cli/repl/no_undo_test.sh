#!/bin/sh
# With --no-undo, :undo is refused on stderr, naming its line and the option.
#   no_undo_test.sh ARBITER
set -u
. "$(dirname "$0")/../../expect.sh"
err=$(printf 'play 2 bid 5\n:undo\n' | "$1" play stacks --seed 1 --no-undo 2>&1 > /dev/null)
expect_grep ":undo under --no-undo (stderr)" "$err" 'line 2: undo is off in this game (--no-undo)'
finish
