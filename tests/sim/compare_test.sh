#!/bin/sh
# `arbiter sim --compare` of a ruleset and an edited copy of it (another folder, so another
# id): every difference in parameters, components and rules files is listed, and each
# report holds the fingerprints and the version of arbiter that made it.
#   compare_test.sh ARBITER SOURCE_DIR WORKDIR
set -u
A=$1 src=$2
cd "$3" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
rm -rf cmp && mkdir cmp && cp -r "$src/rulesets/stacks" cmp/stacks-copy
# The copy: one card more of 6, the target 30 by default, rules.lua edited, a new module.
sed -i 's/^\(\s*\)- {name: "6", value: 6, count: 1}/\1- {name: "6", value: 6, count: 2}/' cmp/stacks-copy/game.yaml
grep -q 'name: "6", value: 6, count: 2' cmp/stacks-copy/game.yaml || fail "the test could not edit the 6's count"
sed -i '/^  target:/,/default:/ s/default: 40/default: 30/' cmp/stacks-copy/game.yaml
grep -q 'default: 30' cmp/stacks-copy/game.yaml || fail "the test could not edit target's default"
echo '-- an edit' >> cmp/stacks-copy/rules.lua
echo 'return {}' > cmp/stacks-copy/extra.lua
"$A" sim stacks --games 20 --json > cmp/a.json || fail "sim of stacks failed"
"$A" sim ./cmp/stacks-copy --games 20 --json > cmp/b.json || fail "sim of the copy failed"
"$A" sim --compare cmp/a.json cmp/b.json > cmp/out.txt 2>&1 || { fail "compare failed"; cat cmp/out.txt; }
for line in "ruleset: stacks → stacks-copy" "parameter target: 40 → 30" "component 6: count 1 → 2" \
            "file game.yaml: changed (" "file rules.lua: changed (" "file extra.lua: only in B"; do
  grep -qF -- "  $line" cmp/out.txt || fail "compare does not list: $line"
done
grep -qF "file bots.lua" cmp/out.txt && fail "compare lists bots.lua, which did not change"
# The reports: the version `arbiter --version` gives, and a fingerprint of each part.
version=$("$A" --version | sed 's/^arbiter //')
grep -qF "\"arbiter\": \"$version\"" cmp/a.json || fail "the report does not give the version $version"
for key in '"params": "' '"components": "' '"rules.lua": "' '"game.yaml": "' '"scripts/cards.lua": "'; do
  grep -qF -- "$key" cmp/a.json || fail "the report has no fingerprint $key"
done
# A report compared with itself: nothing differs.
"$A" sim --compare cmp/a.json cmp/a.json | grep -q "Parameters, components and rules files: the same in both" ||
  fail "a report compared with itself shows differences"
# Options for a run make no sense with --compare or --merge: a usage error.
"$A" sim --compare cmp/a.json cmp/a.json --games 5 2> cmp/err.txt; [ $? = 2 ] || fail "--games with --compare is not a usage error"
grep -qF -- "--games is for running games" cmp/err.txt || fail "--games with --compare: no message"
"$A" sim --merge cmp/a.json --seed 5 2> cmp/err.txt; [ $? = 2 ] || fail "--seed with --merge is not a usage error"
exit $failed
