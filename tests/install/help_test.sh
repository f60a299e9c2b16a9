#!/bin/sh
# `arbiter help [SUBCOMMAND]` prints what --help prints (an unknown one is a usage error,
# status 2); the manual page and the bash completion name every subcommand --help lists,
# and the completion offers options and ruleset ids.   help_test.sh ARBITER SOURCE_DIR
set -u
A=$1 src=$2
failed=0
err=$(mktemp)  # a file of its own: other tests write err.txt in the same folder at the same time
trap 'rm -f "$err"' EXIT
fail() { echo "FAIL: $*"; failed=1; }

[ "$("$A" help)" = "$("$A" --help)" ] || fail "arbiter help differs from arbiter --help"
[ "$("$A" help sim)" = "$("$A" sim --help)" ] || fail "arbiter help sim differs from arbiter sim --help"
"$A" help nosuch > /dev/null 2> "$err"; status=$?
[ $status = 2 ] || fail "arbiter help nosuch: status $status, not 2"
grep -q "unknown subcommand 'nosuch'" "$err" || { fail "arbiter help nosuch does not say so"; cat "$err"; }
"$A" help play sim > /dev/null 2>&1; [ $? = 2 ] || fail "arbiter help play sim: not a usage error"

subcommands=$("$A" --help | sed -n '/^Subcommands:/,$p' | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p')
[ -n "$subcommands" ] || fail "no subcommands read from arbiter --help"
for s in $subcommands; do
  grep -q "^\.BI* $s\b" "$src/docs/arbiter.1" || fail "the manual page does not name '$s'"
  grep -q "subcommands=.*\b$s\b" "$src/completions/arbiter.bash" || fail "the bash completion does not offer '$s'"
  grep -q "subcommands=(.*\b$s\b" "$src/completions/_arbiter" || fail "the zsh completion does not offer '$s'"
done

# The bash completion, as bash runs it: COMP_WORDS holds the words typed so far.
complete_words() {
  bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _arbiter; printf "%s\n" "${COMPREPLY[@]}"' \
    sh "$src/completions/arbiter.bash" "$@"
}
complete_words "$A" pl | grep -qx play || fail "bash: 'arbiter pl' does not complete to play"
complete_words "$A" play st | grep -qx stacks || fail "bash: 'arbiter play st' does not offer stacks"
complete_words "$A" sim --ga | grep -qx -- --games || fail "bash: 'arbiter sim --ga' does not offer --games"
complete_words "$A" help mu | grep -qx mutate || fail "bash: 'arbiter help mu' does not offer mutate"
# The zsh completion, where zsh is installed: run with compadd and _files standing in for
# zsh's own (they print what they are offered).
zsh_words() {
  zsh -c 'compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }; _files() { :; }
          words=("${@:2}"); CURRENT=$#words; source "$1"' sh "$src/completions/_arbiter" "$@"
}
if command -v zsh > /dev/null; then
  zsh -n "$src/completions/_arbiter" || fail "zsh: the completion does not parse"
  zsh_words "$A" pl | grep -qx play || fail "zsh: 'arbiter pl' does not offer play"
  zsh_words "$A" play st | grep -qx stacks || fail "zsh: 'arbiter play st' does not offer stacks"
  zsh_words "$A" sim --ga | grep -qx -- --games || fail "zsh: 'arbiter sim --ga' does not offer --games"
fi
exit $failed
