#!/bin/sh
# `:reload` in the REPL: a copy of Stacks is edited while a piped game waits for its next
# line, then reloaded. A narration-only edit replays every step alike (and :log shows the
# new text); an edit that changes what an action does, or refuses it, stops the replay at
# that step, named; a ruleset that no longer loads leaves the game as it was; a changed
# deck sets the game up differently, so it starts again.
#   reload_test.sh ARBITER SOURCE_DIR WORKDIR
set -u
A=$1 src=$2
cd "$3" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }

# run CASE EDIT: Andy plays (with seed 1 Charlie calls him at step 2), EDIT is run on the
# copy once the REPL waits for Andy's next line, then :reload and :log.
run() {
  c=$1 edit=$2
  rm -rf "reload-$c" && mkdir "reload-$c" && cp -r "$src/rulesets/stacks" "reload-$c/stacks"
  out="reload-$c/out.txt"
  : > "$out"
  {
    printf 'play 2 bid 5\n'
    i=0
    until grep -q '^You draw a 6' "$out"; do
      i=$((i + 1)); [ $i -gt 300 ] && break
      sleep 0.1
    done
    (cd "reload-$c/stacks" && sh -c "$edit")
    printf ':reload\n:log\n'
  } | "$A" play "./reload-$c/stacks" --seed 1 --keep-going > "$out" 2> "reload-$c/err.txt"
  echo $? > "reload-$c/status"
}
says() { grep -qF -- "$2" "reload-$1/out.txt" || { fail "$1: missing: $2"; cat "reload-$1/out.txt" "reload-$1/err.txt" | tail -n 8; }; }
says_err() { grep -qF -- "$2" "reload-$1/err.txt" || { fail "$1: missing on stderr: $2"; cat "reload-$1/err.txt"; }; }

run narration "sed -i 's/A bluff!/Bluff, caught!/' rules.lua"
says narration "Reloaded stacks from reload-narration/stacks: all 2 steps replay alike."
says narration "Bluff, caught! Charlie takes the stack."

run effect "sed -i 's/game:move_all(stack(game, accused), stack(game, caller))/game:move_all(stack(game, accused), stack(game, accused))/' rules.lua"
says effect "step 2 (Charlie: call) of 2 is accepted, but leaves another state than before. The game goes on after step 1 under the edited rules; the steps from 2 on are dropped."

run refused "sed -i 's/if may_call(game, seat) then return CALL_ONLY end/if false then return CALL_ONLY end/' rules.lua"
says refused "step 2 (Charlie: call) of 2 is refused by the edited rules (not your turn"

run broken "echo 'this is not lua' >> rules.lua"
says_err broken ":reload: the game and the rules stay as they were:"
says_err broken "rules.lua:"
[ "$(cat reload-broken/status)" = 1 ] || fail "broken: a failed :reload is not reported in the exit status"

run deck "sed -i 's/- {name: \"6\", value: 6, count: 1}/- {name: \"6\", value: 6, count: 2}/' game.yaml"
says deck "the game is set up differently (another deal, table or first seat), so none of the 2 steps is kept: the game starts again."
exit $failed
