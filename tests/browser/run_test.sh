#!/bin/sh
# The table page in a real browser (play_test.js): two pages of headless Chromium play Stacks
# against `arbiter serve`. Skipped (exit 77) without chromium or node. puppeteer-core, at the
# version package-lock.json pins, is installed with `npm ci` into the build folder (never the
# source tree) when it is missing or the lock file changed.
# Run as `run_test.sh ARBITER SOURCE_DIR BUILD_DIR [TEST]`: TEST is a script of this folder
# (default play_test.js).
set -eu
arbiter=$1
source=$2/tests/browser
build=$3
test=${4:-play_test.js}
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$chromium" ] || { echo "chromium is not installed: skipped (Debian: apt install chromium)"; exit 77; }
command -v node >/dev/null && command -v npm >/dev/null || { echo "node or npm is not installed: skipped"; exit 77; }
modules=$build/browser-node
mkdir -p "$modules"
if ! cmp -s "$source/package-lock.json" "$modules/package-lock.json" || [ ! -d "$modules/node_modules/puppeteer-core" ]; then
  cp "$source/package.json" "$source/package-lock.json" "$modules/"
  # --ignore-scripts: nothing downloads a browser of its own; the Debian one is used.
  if ! (cd "$modules" && npm ci --ignore-scripts --no-audit --no-fund >npm.log 2>&1); then
    cat "$modules/npm.log"
    rm -f "$modules/package-lock.json"
    echo "npm ci could not install puppeteer-core (offline?): skipped"
    exit 77
  fi
fi
CHROMIUM=$chromium NODE_PATH=$modules/node_modules exec node "$source/$test" "$arbiter" "$build/browser-test"
