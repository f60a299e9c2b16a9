#!/bin/sh
# tests/golden/diff_test.sh passes a golden file that its command prints again, and fails every
# other: no command line, a command line alone, another ruleset's command, a line changed (the
# message names the step), a file cut short or run on. The files are made here, in a folder
# named as a ruleset's would be.   script_test.sh ARBITER SOURCE_DIR BUILD_DIR
set -u
A=$1 src=$2 build=$3
export LC_ALL=C.UTF-8
dir=$build/golden-script-test/tictactoe/golden
rm -rf "$build/golden-script-test" && mkdir -p "$dir"
out=$build/golden-script-test/out.txt
failed=0
fail() { echo "FAIL: $*"; cat "$out"; failed=1; }
check() {  # check NAME WANTED-STATUS PATTERN: diff_test.sh on $dir/NAME.txt
  (cd "$src" && tests/golden/diff_test.sh "$A" "$dir/$1.txt") > "$out" 2>&1
  status=$?
  [ $status = "$2" ] || fail "$1: status $status, not $2"
  [ -z "$3" ] || grep -q "$3" "$out" || fail "$1: the output does not say '$3'"
}

command='arbiter playthrough tictactoe --seed 2'
{ echo "\$ $command"; (cd "$src" && "$A" ${command#arbiter }); } > "$dir/good.txt"
grep -q '^== step 3 ==$' "$dir/good.txt" || fail "the playthrough has no step 3"
check good 0 ''

tail -n +2 "$dir/good.txt" > "$dir/no_command.txt"
check no_command 1 'line 1 is not the command that made the file'
echo "\$ $command" > "$dir/command_only.txt"
check command_only 1 'holds a command line and nothing else'
: > "$dir/empty.txt"
check empty 1 'empty or missing'
sed '1s/tictactoe/stacks/' "$dir/good.txt" > "$dir/other_ruleset.txt"
check other_ruleset 1 "plays 'stacks', but the file is in tictactoe's golden/"
sed '1s/$/ --no-such-option/' "$dir/good.txt" > "$dir/bad_option.txt"
check bad_option 1 'the command ended with status 2'

# A line in step 3's block changed: the message names step 3.
awk '/^== step 3 ==$/ { at = 1 } at && /^action: / { sub(/action: /, "action: changed "); at = 0 } { print }' \
  "$dir/good.txt" > "$dir/changed.txt"
cmp -s "$dir/good.txt" "$dir/changed.txt" && fail "the awk script changed nothing"
check changed 1 'in step 3$'
head -n 20 "$dir/good.txt" > "$dir/cut_short.txt"
check cut_short 1 'the playthrough differs at line 21 of the file'
{ cat "$dir/good.txt"; echo "one line more"; } > "$dir/run_on.txt"
check run_on 1 'the playthrough differs at line'

rm -rf "$build/golden-script-test"
exit $failed
