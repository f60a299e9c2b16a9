#!/bin/sh
# One hostile case (tests/fixtures/hostile/<case>/): runs `arbiter` with the case's `args`
# in the case's folder, stdin from its `input` file (or nothing), and checks the exit
# status and that every `says:` text appears in what it printed. A crash, a sanitizer
# report or an uncaught exception fails the case whatever the status.
#
# The case's `expect` file, one key a line:
#   args: check . --games 3        (split on spaces; no quoting; printf %b escapes: \0033 is ESC)
#   status: 1
#   says: rules.lua:4: instruction budget exceeded      (repeatable; stdout and stderr)
#   never: Bill's hand                                  (repeatable; must not appear)
#   never-bytes: 1b                                     (repeatable; hex bytes, e.g. c2 9b, that must not appear)
#   stdin: head -c 1000 /dev/zero                       (a shell command whose output is the input)
#   stdout: /dev/full                                   (where standard output goes; then only
#                                                        standard error is checked)
set -u
arbiter=$1
case_dir=$2
expect="$case_dir/expect"
[ -f "$expect" ] || { echo "no expect file in $case_dir"; exit 1; }
args=$(printf '%b' "$(sed -n 's/^args: //p' "$expect")")
want_status=$(sed -n 's/^status: //p' "$expect")
[ -n "$args" ] && [ -n "$want_status" ] || { echo "$expect: needs args: and status:"; exit 1; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
input=/dev/null
[ -f "$case_dir/input" ] && input="$case_dir/input"
feed=$(sed -n 's/^stdin: //p' "$expect")
stdout=$(sed -n 's/^stdout: //p' "$expect")
[ -n "$stdout" ] || stdout="$out"
if [ -n "$feed" ]; then
  # shellcheck disable=SC2086
  (cd "$case_dir" && sh -c "$feed" | "$arbiter" $args 2>>"$out" >>"$stdout")
else
  # shellcheck disable=SC2086
  (cd "$case_dir" && exec "$arbiter" $args) <"$input" 2>>"$out" >>"$stdout"
fi
status=$?
failed=0
if [ "$status" != "$want_status" ]; then
  echo "exit status $status, expected $want_status"
  failed=1
fi
if grep -q -e 'terminate called' -e 'Sanitizer' -e 'runtime error:' -e 'Segmentation fault' "$out"; then
  echo "a crash or sanitizer report"
  failed=1
fi
while IFS= read -r text; do
  grep -qF -- "$text" "$out" || { printf 'missing: %s\n' "$text"; failed=1; }
done <<EOT
$(sed -n 's/^says: //p' "$expect")
EOT
while IFS= read -r text; do
  [ -z "$text" ] && continue
  grep -qF -- "$text" "$out" && { printf 'printed what it must not: %s\n' "$text"; failed=1; }
done <<EOT
$(sed -n 's/^never: //p' "$expect")
EOT
# A byte given in hex (`1b`, `c2 9b`) is made with printf's octal escapes, which every sh has.
while IFS= read -r hex; do
  [ -z "$hex" ] && continue
  bytes=$(for h in $hex; do printf "\\%03o" "0x$h"; done)
  LC_ALL=C grep -qF -- "$(printf "$bytes")" "$out" && { echo "printed the bytes it must not: $hex"; failed=1; }
done <<EOT
$(sed -n 's/^never-bytes: //p' "$expect")
EOT
if [ "$failed" != 0 ]; then
  echo "--- output (first 40 lines) ---"
  head -n 40 "$out"
fi
exit "$failed"
