#!/bin/sh
# The embedding example of docs/embedding.md (examples/embed.cpp), run on tic-tac-toe from
# the source folder: it plays the game it prints on the page, over after 7 moves, won by Ann.
#   example_test.sh EMBED_EXAMPLE SOURCE_DIR
set -u
. "$(dirname "$0")/../expect.sh"
E=$1
cd "$2" || exit 1
out=$("$E" rulesets/tictactoe scripts)
expect_grep "the embedding example's game" "$out" '^over after 7 moves; winners: Ann$'
finish
