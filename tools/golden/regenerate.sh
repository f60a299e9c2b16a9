#!/bin/sh
# Writes the golden playthroughs of every ruleset folder in rulesets/: each file
# rulesets/<id>/golden/<name>.txt is "$ arbiter playthrough ..." on its first line and what that
# command prints after it. CTest runs each command again and compares (golden.<id>.<name>,
# cmake/golden_tests.cmake); when a change of behaviour is meant, this script writes the new
# files and the diff is the change to review.
#
#   tools/golden/regenerate.sh [--fresh] [ARBITER]     (from the source tree; `make golden`)
#
# A file that exists is written again from its own first line, so it keeps its game. A ruleset
# with no files (every ruleset, with --fresh) gets a new set, each picked among seeds 1 to
# $SEEDS and played to at most $MAX_STEPS steps:
#   random-seedS.txt       random bots at the default player count: the shortest game;
#   random-Np-seedS.txt    random bots at the most players the ruleset allows (else the fewest):
#                          the longest game whose file fits; with one player count only, the
#                          longest that fits of another seed (random-seedS.txt);
#   BOT-seedS.txt          where the ruleset has bots of its own (game.yaml bots:), the first of
#                          them in every seat: the shortest game.
# A game that does not end, or whose file would be longer than $MAX_LINES lines, is cut with a
# smaller --max-steps; where no game ends, the lowest seed is taken.
set -eu
fresh=0
if [ "${1:-}" = --fresh ]; then fresh=1; shift; fi
A=${1:-build/arbiter}
MAX_STEPS=${MAX_STEPS:-200}
MAX_LINES=${MAX_LINES:-1500}
SEEDS=${SEEDS:-10}
export LC_ALL=C.UTF-8  # the locale decides the symbols written (diff_test.sh runs in the same)
unset ARBITER_PATH ARBITER_HOME NO_COLOR  # the rulesets and scripts of this tree
[ -d rulesets ] && [ -f tools/golden/regenerate.sh ] || { echo "regenerate.sh: run it from the source tree" >&2; exit 2; }
[ -x "$A" ] || { echo "regenerate.sh: no arbiter binary at $A (build it, or name it)" >&2; exit 2; }

# write FILE WORDS...: the playthrough of `arbiter playthrough WORDS` into FILE, after its command.
write() {
  file=$1; shift
  { echo "\$ arbiter playthrough $*"; "$A" playthrough "$@"; } > "$file.new"
  mv "$file.new" "$file"
}

# facts WORDS...: "STEPS LINES" of the game's file when the game ends, else nothing.
facts() {
  "$A" playthrough "$@" | awk '/^== game over after [0-9]+ steps? ==$/ { steps = $5 } END { if (steps) print steps, NR + 1 }'
}

# pick shortest|longest SKIP WORDS...: the seed (1..SEEDS, not SKIP) whose game ends within
# MAX_STEPS in the fewest steps, or in the most with a file of at most MAX_LINES lines; when
# none does, the lowest seed but SKIP.
pick() {
  how=$1 skip=$2; shift 2
  best= best_steps= first=
  seed=1
  while [ "$seed" -le "$SEEDS" ]; do
    got=
    [ "$seed" = "$skip" ] || got=$(facts "$@" --seed "$seed" --max-steps "$MAX_STEPS")
    [ "$seed" = "$skip" ] || [ -n "$first" ] || first=$seed
    if [ -n "$got" ]; then
      n=${got% *} lines=${got#* } better=0
      if [ "$how" = shortest ]; then
        { [ -z "$best" ] || [ "$n" -lt "$best_steps" ]; } && better=1
      elif [ "$lines" -le "$MAX_LINES" ]; then
        { [ -z "$best" ] || [ "$n" -gt "$best_steps" ]; } && better=1
      fi
      [ "$better" = 0 ] || { best=$seed; best_steps=$n; }
    fi
    seed=$((seed + 1))
  done
  echo "${best:-$first}"
}

# keep FILE ID OPTIONS... --max-steps N: FILE written, and while it is longer than MAX_LINES
# lines, written again with the steps cut in proportion.
keep() {
  file=$1; shift
  write "$file" "$@"
  while [ "$(wc -l < "$file")" -gt "$MAX_LINES" ]; do
    taken=$(sed -n 's/^== .* after \([0-9]*\) steps\{0,1\} ==$/\1/p' "$file")
    cut=$((taken * MAX_LINES / $(wc -l < "$file")))
    [ "$cut" -ge 1 ] || break
    set -f
    # shellcheck disable=SC2046
    set -- $(echo "$*" | sed "s/--max-steps [0-9]*\$/--max-steps $cut/")
    set +f
    write "$file" "$@"
  done
}

# The first bot game.yaml lists under bots: ([a, b] or one "- a" a line), or nothing.
own_bot() {
  awk '/^bots:/ { line = $0; sub(/^bots:[ \t]*/, "", line); sub(/#.*/, "", line)
                   if (line ~ /^\[/) { gsub(/[][ \t]/, "", line); split(line, names, ","); print names[1]; exit }
                   listing = 1; next }
       listing && /^[ \t]*-/ { sub(/^[ \t]*-[ \t]*/, ""); sub(/[ \t#].*/, ""); print; exit }
       listing && /^[^ \t#]/ { exit }' "$1"
}

# "MIN MAX DEFAULT": the player counts of ruleset ID as the loader reads game.yaml, from
# `arbiter info`'s "Players: 2 to 6 (default 3, ..." (or "Players: 2 (default 2, ...").
player_counts() {
  "$A" info "$1" | sed -n 's/^Players: \([0-9]*\)\( to \([0-9]*\)\)\{0,1\} (default \([0-9]*\).*/\1 \3 \4/p' |
    awk '{ if (NF == 2) print $1, $1, $2; else print }'
}

fresh_set() {
  id=$1 dir=rulesets/$1
  seed=$(pick shortest 0 "$id")
  keep "$dir/golden/random-seed$seed.txt" "$id" --seed "$seed" --max-steps "$MAX_STEPS"
  set -- $(player_counts "$id")
  min=$1 max=$2 default=$3
  other=$max
  [ "$other" != "$default" ] || other=$min
  if [ -n "$other" ] && [ "$other" != "$default" ]; then
    s=$(pick longest 0 "$id" --players "$other")
    keep "$dir/golden/random-${other}p-seed$s.txt" "$id" --players "$other" --seed "$s" --max-steps "$MAX_STEPS"
  else
    s=$(pick longest "$seed" "$id")
    keep "$dir/golden/random-seed$s.txt" "$id" --seed "$s" --max-steps "$MAX_STEPS"
  fi
  bot=$(own_bot "$dir/game.yaml")
  if [ -n "$bot" ]; then
    s=$(pick shortest 0 "$id" --bot "all=$bot")
    keep "$dir/golden/$bot-seed$s.txt" "$id" --bot "all=$bot" --seed "$s" --max-steps "$MAX_STEPS"
  fi
}

for dir in rulesets/*/; do
  dir=${dir%/}
  id=${dir#rulesets/}
  [ -f "$dir/game.yaml" ] || continue
  [ "$fresh" = 0 ] || rm -rf "$dir/golden"
  mkdir -p "$dir/golden"
  again=0
  for file in "$dir"/golden/*.txt; do
    [ -f "$file" ] || continue
    first=$(head -n 1 "$file")
    case $first in
      '$ arbiter playthrough '*) ;;
      *) echo "regenerate.sh: $file: line 1 is not its command; left as it is" >&2; continue ;;
    esac
    set -f
    # shellcheck disable=SC2086
    write "$file" ${first#'$ arbiter playthrough '}
    set +f
    again=1
  done
  [ "$again" = 1 ] || fresh_set "$id"
  echo "$id: $(ls "$dir/golden" | tr '\n' ' ')"
done
