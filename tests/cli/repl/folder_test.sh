#!/bin/sh
# A ruleset named by its folder stays that folder: `:reload` reads the folder again (not
# the installed ruleset of the same id), a save records the folder and `--load` resumes it
# from anywhere; a folder that is gone, or a save of another ruleset, is an error naming
# the save file and line; a save of an id stays an id, and a save from before saves
# recorded folders still loads.
#   folder_test.sh ARBITER SOURCE_DIR WORKDIR
set -u
A=$1 src=$2
work=$3/play-folder
rm -rf "$work" && mkdir -p "$work/copy" "$work/elsewhere" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
has() { grep -qF -- "$2" "$1" || { fail "$1: missing: $2"; tail -n 5 "$1"; }; }
hasnt() { ! grep -qF -- "$2" "$1" || fail "$1: has: $2"; }

# A copy of Stacks whose bluff is narrated otherwise, and with a parameter more.
cp -r "$src/rulesets/stacks" "$work/copy/stacks"
sed -i 's/A bluff!/Bluff, caught!/' "$work/copy/stacks/rules.lua"
sed -i 's/^params:$/params:\n  extra: {default: 1, min: 0, max: 9, doc: a parameter the installed Stacks lacks}/' "$work/copy/stacks/game.yaml"
grep -q '^  extra:' "$work/copy/stacks/game.yaml" || fail "the copy has no extra parameter"

# :reload of ./stacks reads the copy again: its narration replays (seed 1: Charlie calls at step 2).
cd "$work/copy" || exit 1
printf 'play 2 bid 5\n:reload\n:log\n:save folder.yaml\n' | "$A" play ./stacks --seed 1 > reload.txt 2>&1
has reload.txt "Reloaded stacks from stacks: all 2 steps replay alike."
has reload.txt "Bluff, caught!"
hasnt reload.txt "A bluff!"
has folder.yaml "folder: $work/copy/stacks"

# --load from another folder resumes the copy, by its recorded folder.
cd "$work/elsewhere" || exit 1
printf ':log\n' | "$A" play --load ../copy/folder.yaml > load.txt 2>&1 || fail "--load of a folder save: $(cat load.txt)"
has load.txt "Bluff, caught!"

# :load of that save into a game of the installed Stacks is refused at the folder's line.
printf ':load ../copy/folder.yaml\n' | "$A" play stacks --seed 1 --keep-going > other.txt 2>&1
has other.txt "../copy/folder.yaml:5: a saved game of the ruleset in $work/copy/stacks, not of this game's"

# A save of an id records no folder, and loads by id.
printf 'play 2 bid 5\n:save id.yaml\n' | "$A" play stacks --seed 1 > /dev/null 2>&1
hasnt id.yaml "folder"
"$A" play --load id.yaml < /dev/null > /dev/null 2>&1 || fail "--load of an id save"

# The folder gone: an error at the folder's line; naming the folder where it is now resumes it.
mv "$work/copy/stacks" "$work/copy/moved"
"$A" play --load ../copy/folder.yaml < /dev/null > gone.txt 2>&1 && fail "--load of a save whose folder is gone succeeded"
has gone.txt "../copy/folder.yaml:5: the game was saved from the ruleset in $work/copy/stacks, which holds no game.yaml now"
printf ':log\n' | "$A" play ../copy/moved --load ../copy/folder.yaml > moved.txt 2>&1 && fail "a folder named otherwise than the id loaded"
has moved.txt "../copy/folder.yaml:4: a saved game of stacks, not moved"
mkdir "$work/copy/new" && mv "$work/copy/moved" "$work/copy/new/stacks"
printf ':log\n' | "$A" play ../copy/new/stacks --load ../copy/folder.yaml > renamed.txt 2>&1 || fail "--load naming the moved folder: $(cat renamed.txt)"
has renamed.txt "Bluff, caught!"

# A save from before saves recorded folders (no folder, no fingerprint of it): it names an
# id, which finds the installed Stacks, without the copy's parameter.
sed -e '/^folder: /d' -e 's/ folder: [0-9a-f]*,//' ../copy/folder.yaml > old.yaml
"$A" play --load old.yaml < /dev/null > old.txt 2>&1 && fail "an old save of the copy loaded the installed Stacks"
has old.txt "old.yaml:4: the saved game does not fit stacks as read from"
has old.txt "if it was played from a ruleset's folder, name that folder: arbiter play FOLDER --load old.yaml"
printf ':log\n' | "$A" play ../copy/new/stacks --load old.yaml > old-named.txt 2>&1 || fail "an old save, its folder named: $(cat old-named.txt)"
has old-named.txt "Bluff, caught!"
exit $failed
