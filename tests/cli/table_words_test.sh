#!/bin/sh
# What the table says in words: how to play and each card's text (info love-letter), a
# variable by its label and never its name (:table in Stacks), who plays each seat after
# :load, and the last line's winner, reason and results (a fool's mate in chess).
# Writes ll.txt, lbl.txt and load-seats.yaml here.
#   table_words_test.sh ARBITER
set -u
. "$(dirname "$0")/../expect.sh"
A=$1
"$A" info love-letter > ll.txt || fail "arbiter info love-letter failed"
expect_grep "info love-letter: how to play" "$(cat ll.txt)" '^How to play:'
expect_grep "info love-letter: the Priest's text" "$(cat ll.txt)" '^  Priest: Choose another player and look at their hand in'

printf 'play 4 bid 4\n:table\n' | "$A" play stacks --seed 3 > lbl.txt || fail "play stacks with :table failed"
expect_grep ":table names last_bid by its label" "$(cat lbl.txt)" 'last bid [0-9]*, made by'
expect_no_grep ":table shows no variable's name" "$(cat lbl.txt)" 'last_bid'

out=$(printf ':save load-seats.yaml\n:load load-seats.yaml\n' | "$A" play stacks --seed 1)
expect_grep ":load says who plays each seat" "$out" \
  'Loaded load-seats.yaml. Seats: Andy (human), Bill (random), Charlie (random).'

out=$(printf 'f3\ne5\ng4\nQh4\n' | "$A" play chess --players Andy,Bill)
expect_grep "the last line of a fool's mate" "$out" -x 'Game over. Bill wins (checkmate). Results: Andy 0, Bill 1.'
finish
