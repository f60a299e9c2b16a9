#!/bin/sh
# Every write of the `arbiter` command to stdout or stderr passes cli/output (the sink that
# shows outside text harmlessly and notices failed writes). This fails when code in cli/,
# interpreter/ or binding/ writes some other way. Run as `one_sink.sh SOURCE_DIR`.
# Allowed: the sink itself; the Lua `print` and the watchdog's last words, which cannot reach
# cli/ and pass interpreter/visible_text themselves.
cd "$1" || exit 1
found=$(grep -nE 'fmt::print|std::(cout|cerr|clog)|[^n]printf\(|fprintf|fputs|[^f]puts\(|fwrite|fputc|putchar|write\((1|2|STDOUT_FILENO|STDERR_FILENO)\b' \
  cli/*.cpp cli/*.hpp interpreter/*.cpp interpreter/*.hpp binding/*.cpp binding/*.hpp |
  grep -v -e '^cli/output\.cpp:' -e '^binding/sandbox\.cpp:.*_unlocked' -e '^binding/watchdog\.cpp:.*write(2, message')
if [ -n "$found" ]; then
  echo "output that bypasses cli/output.hpp:"
  printf '%s\n' "$found"
  exit 1
fi
echo "one_sink: passed"
