# Checks for the shell tests, sourced by them (. "$(dirname "$0")/../expect.sh"). Each check
# that fails prints FAIL, what was expected and what came, and the script goes on; it ends
# with `finish`, whose status is 1 if any check failed.
#
#   fail MESSAGE...                     a failure in words
#   expect_grep WHAT TEXT [OPTS] PAT    some line of TEXT matches grep [OPTS] PAT
#   expect_no_grep WHAT TEXT [OPTS] PAT no line of TEXT does (the lines that do are shown)
#   expect_eq WHAT WANT GOT             GOT is the string WANT
#   expect_le WHAT MAX GOT              the number GOT is at most MAX
#   expect_status WHAT WANT GOT         an exit status GOT is WANT
#   finish                              exit 0, or 1 after a failure
failed=0

fail() { printf 'FAIL: %s\n' "$*"; failed=1; }

# came TEXT: what came, at most 40 lines of it, each marked.
came() {
  if [ -z "$1" ]; then
    printf '  came: nothing\n'
  else
    printf '  came:\n'
    printf '%s\n' "$1" | head -n 40 | sed 's/^/    | /'
    [ "$(printf '%s\n' "$1" | wc -l)" -le 40 ] || printf '    | ...\n'
  fi
}

# The last argument of a check is the pattern; what comes between TEXT and it are grep's
# options, said after the pattern as " (grep OPTIONS)".
pattern_of() {
  eval "pattern=\${$#}"
  options=
  while [ $# -gt 1 ]; do options="$options $1"; shift; done
  [ -z "$options" ] || options=" (grep$options)"
}

expect_grep() {
  what=$1 text=$2
  shift 2
  pattern_of "$@"
  printf '%s\n' "$text" | grep -q "$@" && return 0
  fail "$what: expected a line matching '$pattern'$options"
  came "$text"
  return 1
}

expect_no_grep() {
  what=$1 text=$2
  shift 2
  pattern_of "$@"
  matched=$(printf '%s\n' "$text" | grep "$@") || return 0
  fail "$what: expected no line matching '$pattern'$options"
  came "$matched"
  return 1
}

expect_eq() {
  [ "$3" = "$2" ] && return 0
  fail "$1: expected '$2', came '$3'"
  return 1
}

expect_le() {
  [ "$3" -le "$2" ] 2>/dev/null && return 0
  fail "$1: expected at most $2, came '$3'"
  return 1
}

expect_status() {
  [ "$3" = "$2" ] && return 0
  fail "$1: expected exit status $2, came $3"
  return 1
}

finish() { exit $failed; }
