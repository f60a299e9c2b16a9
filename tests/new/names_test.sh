#!/bin/sh
# `arbiter new DIR --name NAME` with names that YAML, Lua or Markdown would read as
# something else unless the name is quoted: each made ruleset must pass `arbiter check`
# and show the name exactly as given. Names with control characters, that are not UTF-8 or
# that are far too long are refused with exit status 2, and no folder is made.
#   names_test.sh ARBITER WORKDIR
set -u
A=$1
cd "$2" || exit 1
rm -rf new-names && mkdir new-names && cd new-names || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }

n=0
made() {
  n=$((n + 1))
  if ! "$A" new "game$n" --name "$1" > out.txt 2>&1; then fail "new --name '$1': $(cat out.txt)"; return; fi
  "$A" check "./game$n" --games 5 > out.txt 2>&1 || { fail "check of --name '$1':"; cat out.txt; return; }
  "$A" info "./game$n" | head -n 1 > info.txt
  [ "$(cat info.txt)" = "$1 (game$n)" ] || fail "info of --name '$1' shows: $(cat info.txt)"
  "$A" test "./game$n" | tail -n 1 | grep -qx '10 passed, 0 failed' || fail "test of --name '$1'"
}
made 'Stacks: the sequel'
made 'Stacks # not a comment'
made '"Quoted" and '"'"'single'"'"''
made 'back\slash \n \" \\'
made '- a list?'
made '* an alias?'
made '& an anchor?'
made '! a tag? % a directive? @ ` | >'
made '[flow] {map}, comma'
made '--[[ a long Lua comment? ]]'
made 'Ünïcödé — ☃'
made '  spaces around  '
made 'null'
made '42'
made 'true'
made '~'

refused() {
  n=$((n + 1))
  "$A" new "game$n" --name "$1" > out.txt 2>&1
  status=$?
  [ "$status" = 2 ] || fail "new --name '$1' exited $status, not 2"
  grep -qF -- "$2" out.txt || { fail "new --name '$1': missing: $2"; cat out.txt; }
  [ ! -e "game$n" ] || fail "new --name '$1' made the folder"
}
refused "$(printf 'two\nlines')" "new: --name holds a control character (U+000A, character 4); a name is one line of printable text"
refused "$(printf 'a\tb')" "control character (U+0009, character 2)"
refused "$(printf 'esc \033]0;title\007')" "control character (U+001B, character 5)"
refused "$(printf 'nel \302\205')" "control character (U+0085, character 5)"
refused "$(printf 'bad \377')" "new: --name is not valid UTF-8 (at byte 5)"
refused "$(printf '%0101d' 0)" "new: --name is 101 characters long; a name may have at most 100"
exit $failed
