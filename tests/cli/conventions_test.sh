#!/bin/sh
# The command's conventions: --version; an unknown subcommand named, with a did-you-mean
# (exit 2); play --help lists the bot kinds; in the REPL, bare help and quit hint at :help
# and :quit, a mistyped action gets a did-you-mean, and 'Zed: call' says there is no seat
# Zed (--keep-going reads on past each). Writes version-err.txt here.
#   conventions_test.sh ARBITER
set -u
. "$(dirname "$0")/../expect.sh"
A=$1
expect_grep "arbiter --version" "$("$A" --version)" '^arbiter [0-9]'

"$A" pley 2> version-err.txt
expect_status "arbiter pley" 2 $?
expect_grep "arbiter pley (stderr)" "$(cat version-err.txt)" "unknown subcommand 'pley' (did you mean 'play'?)"

expect_grep "arbiter play --help" "$("$A" play --help)" 'Kinds: human, random, mcts'

# Its status is not checked: what it says on stderr is.
printf 'help\nquit\nplya 2 bid 5\nZed: call\n' | "$A" play stacks --seed 1 --keep-going 2> version-err.txt > /dev/null
err=$(cat version-err.txt)
expect_grep "bare help (stderr)" "$err" 'line 1: commands start with a colon: :help'
expect_grep "bare quit (stderr)" "$err" 'line 2: to leave, type :quit'
expect_grep "a mistyped action (stderr)" "$err" "did you mean 'play 2 bid 5'"
expect_grep "a seat that does not exist (stderr)" "$err" "line 4: there is no seat 'Zed'"
finish
