#!/bin/sh
# Every write of the `arbiter` command to stdout or stderr passes present/output (the sink that
# shows outside text harmlessly and notices failed writes). This fails when code in any layer
# or door writes some other way. Run as `one_sink.sh SOURCE_DIR`.
# Allowed: the sink itself; the Lua `print` and the watchdog's last words, which cannot reach
# present/ and pass runtime/visible_text themselves.
cd "$1" || exit 1
for layer in runtime lua play bots analysis authoring present cli server; do
  [ -d "$layer" ] || { echo "one_sink: no folder $layer/"; exit 1; }
done
found=$(grep -nE 'fmt::print|std::(cout|cerr|clog)|[^n]printf\(|fprintf|fputs|[^f]puts\(|fwrite|fputc|putchar|write\((1|2|STDOUT_FILENO|STDERR_FILENO)\b' \
  -r --include='*.cpp' --include='*.hpp' runtime lua play bots analysis authoring present cli server |
  grep -v -e '^present/output\.cpp:' -e '^lua/sandbox\.cpp:.*_unlocked' -e '^lua/watchdog\.cpp:.*write(2, message')
if [ -n "$found" ]; then
  echo "output that bypasses present/output.hpp:"
  printf '%s\n' "$found"
  exit 1
fi
echo "one_sink: passed"
