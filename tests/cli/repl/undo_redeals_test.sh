#!/bin/sh
# :undo re-deals what the human cannot see, and :save says so and records it (the re-deal,
# whose seat it was for and a hash); the save loads back. Writes undo-save.yaml here.
#   undo_redeals_test.sh ARBITER
set -u
. "$(dirname "$0")/../../expect.sh"
A=$1
rm -f undo-save.yaml
out=$(printf 'play 2 bid 5\n:undo\nplay 2 bid 5\n:save undo-save.yaml\n' | "$A" play stacks --seed 1)
expect_grep ":save after :undo says what a save holds" "$out" '^Note: a save holds'
expect_grep "the save records the re-deal" "$(cat undo-save.yaml)" '{redeal: [0-9]*, seats: \[Andy\], hash:'
"$A" play stacks --load undo-save.yaml < /dev/null > /dev/null || fail "play --load undo-save.yaml failed (status $?)"
finish
