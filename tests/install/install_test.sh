#!/bin/sh
# `cmake --install` (what `make install` runs) into a temporary PREFIX: the installed
# `arbiter`, run from another folder with no ARBITER_HOME, finds the installed rulesets,
# lists them and plays a game; the completions and the manual page are where their tools
# look.   install_test.sh BUILD_DIR
set -u
build=$1
prefix=$(mktemp -d) || exit 1
elsewhere=$(mktemp -d) || exit 1
trap 'rm -rf "$prefix" "$elsewhere"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }

cmake --install "$build" --prefix "$prefix" > "$elsewhere/install.log" 2>&1 || { cat "$elsewhere/install.log"; exit 1; }
for f in bin/arbiter share/arbiter/rulesets/stacks/game.yaml share/arbiter/scripts share/arbiter/templates/ruleset \
         share/bash-completion/completions/arbiter share/zsh/site-functions/_arbiter share/man/man1/arbiter.1; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
cd "$elsewhere" || exit 1
unset ARBITER_HOME ARBITER_PATH
"$prefix/bin/arbiter" list > list.txt 2>&1 || fail "arbiter list: status $?"
grep -q '^stacks ' list.txt || { fail "arbiter list does not list stacks"; cat list.txt; }
"$prefix/bin/arbiter" play stacks --bot all=random --seed 1 < /dev/null > play.txt 2>&1 || fail "arbiter play: status $?"
grep -q '^Game over' play.txt || { fail "the game did not end"; tail -n 5 play.txt; }
"$prefix/bin/arbiter" new high-card > /dev/null 2>&1 || fail "arbiter new: status $? (templates not found?)"
"$prefix/bin/arbiter" test ./high-card | tail -n 1 | grep -q ' 0 failed$' || fail "arbiter test ./high-card failed"
exit $failed
