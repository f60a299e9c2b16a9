#!/bin/sh
# One golden playthrough against the game played again: FILE's first line is the command that
# made it ("$ arbiter playthrough RULESET OPTION ..."; words split at spaces, no quoting), the
# rest is what that command printed. The command is run with ARBITER and its output compared
# line by line; a difference names the first line and step that differ and shows the diff.
# A file without that first line, naming another ruleset than its folder's, or whose command
# fails, fails too.   diff_test.sh ARBITER FILE   (run from the source tree: ids are found there)
set -u
A=$1 file=$2
# What the file holds depends on nothing but the command: the locale decides the symbols.
export LC_ALL=C.UTF-8
unset ARBITER_PATH ARBITER_HOME NO_COLOR  # the rulesets and scripts of this tree
actual=$(mktemp) expected=$(mktemp) err=$(mktemp)
trap 'rm -f "$actual" "$expected" "$err"' EXIT
fail() { echo "FAIL: $file: $*"; exit 1; }

[ -s "$file" ] || fail "empty or missing"
first=$(head -n 1 "$file")
case $first in
  '$ arbiter playthrough '*) ;;
  *) fail "line 1 is not the command that made the file (\$ arbiter playthrough RULESET ...): $first" ;;
esac
set -f  # the words of the command are words, not patterns
# shellcheck disable=SC2086
set -- ${first#'$ arbiter playthrough '}
set +f
[ $# -ge 1 ] || fail "line 1 names no ruleset"
folder=$(basename "$(dirname "$(dirname "$file")")")
[ "$1" = "$folder" ] || fail "line 1 plays '$1', but the file is in $folder's golden/"

tail -n +2 "$file" > "$expected"
"$A" playthrough "$@" > "$actual" 2> "$err"
status=$?
[ $status = 0 ] || { cat "$err"; fail "the command ended with status $status"; }
[ -s "$expected" ] || fail "holds a command line and nothing else (tools/golden/regenerate.sh writes the rest)"
cmp -s "$expected" "$actual" && exit 0

# The first line that differs, and the step it belongs to (the last '== step N ==' before it).
said=$(cmp "$expected" "$actual" 2>&1)
line=$(echo "$said" | sed -n 's/.* line \([0-9]*\).*/\1/p')
case $said in *EOF*) line=$((${line:-0} + 1)) ;; esac  # one is the other's start: the next line differs
step=$(head -n "$line" "$expected" | grep '^== .* ==$' | tail -n 1 | sed 's/^== \(.*\) ==$/\1/')
echo "FAIL: $file: the playthrough differs at line $((line + 1)) of the file, in ${step:-its header}"
echo "(the expected lines are the file's; tools/golden/regenerate.sh writes it again if the change is meant)"
diff -u --label "$file (expected)" --label "arbiter playthrough $* (actual)" "$expected" "$actual" | head -n 80
exit 1
