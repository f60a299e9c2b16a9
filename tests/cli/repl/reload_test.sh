#!/bin/sh
# `:reload` in the REPL: a copy of Stacks is edited while a piped game waits for its next
# line, then reloaded. An edit that changes what a step does, refuses it, or makes it say
# something else (to any seat) stops the replay at that step, named, and the log keeps
# nothing the game did not say: an edit that tells the deck shows no card. A ruleset that
# no longer loads, one that shows a zone the game hid, or one that says the same setup
# otherwise leaves the game as it was; a changed deck sets the game up differently, so it
# starts again; --no-undo refuses :reload.
#   reload_test.sh ARBITER SOURCE_DIR WORKDIR
set -u
A=$1 src=$2
cd "$3" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }

# run CASE EDIT [MORE [BEFORE]]: Andy plays (with seed 1 Charlie calls him at step 2), EDIT is
# run on the copy once the REPL waits for Andy's next line, then :reload, :log and the lines
# MORE. BEFORE, if given, edits the copy before the game starts.
run() {
  c=$1 edit=$2 more=${3:-} before=${4:-true}
  rm -rf "reload-$c" && mkdir "reload-$c" && cp -r "$src/rulesets/stacks" "reload-$c/stacks"
  (cd "reload-$c/stacks" && sh -c "$before")
  out="reload-$c/out.txt"
  : > "$out"
  {
    printf 'play 2 bid 5\n'
    # Waits (a minute at most) for what Andy sees at his next turn, polling what was written.
    i=0
    until grep -q '^You draw a 6' "$out"; do
      i=$((i + 1))
      [ $i -gt 600 ] && { echo "timed out waiting for 'You draw a 6'" > "reload-$c/timeout"; break; }
      sleep 0.1
    done
    (cd "reload-$c/stacks" && sh -c "$edit")
    printf ':reload\n:log\n%s' "$more"
  } | "$A" play "./reload-$c/stacks" --seed 1 --keep-going > "$out" 2> "reload-$c/err.txt"
  echo $? > "reload-$c/status"
  [ -f "reload-$c/timeout" ] && { fail "$c: $(cat "reload-$c/timeout"); it wrote:"; cat "$out" "reload-$c/err.txt"; }
}
says() { grep -qF -- "$2" "reload-$1/out.txt" || { fail "$1: missing: $2"; cat "reload-$1/out.txt" "reload-$1/err.txt" | tail -n 8; }; }
says_err() { grep -qF -- "$2" "reload-$1/err.txt" || { fail "$1: missing on stderr: $2"; cat "reload-$1/err.txt"; }; }

run narration "sed -i 's/A bluff!/Bluff, caught!/' rules.lua"
says narration "Reloaded stacks from reload-narration/stacks: step 2 (Charlie: call) of 2 is accepted, but says otherwise than before to everyone. The game goes on after step 1 under the edited rules; the steps from 2 on are dropped. What no human seat can see is dealt again, as after :undo."

# Edited rules that tell every seat the deck at every action: the first step already says
# otherwise, so none is kept, and :log shows no card of the deck.
tell_deck="sed -i 's/^function rules.apply(game, seat, action)$/&\\n  game:say(\"Deck: %s.\", table.concat((function() local t = {} for _, c in ipairs(game:cards(\"deck\")) do t[#t + 1] = game:name(c) end return t end)(), \" \"))/' rules.lua"
run tell "$tell_deck"
says tell "step 1 (Andy: play 2 bid 5) of 2 is accepted, but says otherwise than before to everyone. The game goes on after step 0"
grep -q 'Deck: ' reload-tell/stacks/rules.lua || fail "tell: the edit did not take"
grep -q '^Deck: ' reload-tell/out.txt && fail "tell: the log shows the deck"

# The same edit, and Andy plays again after the reload: what the edited rules tell from then
# on is a deck dealt again, not the game's (the one a game on the edited rules from the start
# shows at that point).
run tell-after "$tell_deck" 'play 2 bid 5
'
after=$(grep -m 1 '^Deck: ' reload-tell-after/out.txt)
[ -n "$after" ] || fail "tell-after: the edited rules told nothing after the reload"
rm -rf reload-fresh && cp -r reload-tell-after/stacks reload-fresh
fresh=$(printf 'play 2 bid 5\n' | "$A" play ./reload-fresh --seed 1 | grep -m 1 '^Deck: ')
[ -n "$fresh" ] || fail "tell-after: a game on the edited rules told no deck"
[ "$after" = "$fresh" ] && fail "tell-after: after :reload the edited rules told the game's own deck: $after"

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

run setup "sed -i 's/Round %d: %s play in that order./Round %d: %s, in that order./' rules.lua"
says_err setup ":reload: the game and the rules stay as they were: the game is set up alike, but said otherwise than before to everyone, and a reload shows nothing the game has not; start a new game to play it"

run shown "sed -i 's/hand: {per_seat: true, visibility: owner/hand: {per_seat: true, visibility: public/' game.yaml"
says_err shown ":reload: the game and the rules stay as they were: the edited game.yaml shows what the game hid (zone 'hand' is public, not owner)"
run unhidden "sed -i 's/^  secret: {per_seat: true, initial: 0, hidden: true}$/  secret: {per_seat: true, initial: 0}/' game.yaml" "" \
  "sed -i 's/^vars:$/&\\n  secret: {per_seat: true, initial: 0, hidden: true}/' game.yaml"
grep -q '^  secret: {per_seat: true, initial: 0}$' reload-unhidden/stacks/game.yaml || fail "unhidden: the edit did not take"
says_err unhidden ":reload: the game and the rules stay as they were: the edited game.yaml shows what the game hid (variable 'secret' is no longer hidden)"

# A reload with no edit changes nothing: with seed 3, at Andy's second turn (7 steps in),
# the game goes on as the same game without :reload does, the bots' choices in turn and out
# of turn included (they keep their random streams, and pass again where they passed).
moves='play 2 bid 5
fold
fold
fold
fold
'
printf '%s' "$moves" | "$A" play stacks --seed 3 --keep-going > reload-same-plain.txt 2>&1
printf '%s' "$moves" | sed '2i :reload' | "$A" play stacks --seed 3 --keep-going > reload-same.txt 2>&1
grep -q 'all 7 steps replay alike\.$' reload-same.txt || fail "same: missing the reload's line: $(grep Reloaded reload-same.txt)"
grep -v '^Reloaded ' reload-same.txt | diff reload-same-plain.txt - > reload-same.diff ||
  { fail "same: a reload with no edit changed the game:"; cat reload-same.diff; }
exit $failed
