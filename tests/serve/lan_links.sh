#!/bin/sh
# `arbiter serve --host 0.0.0.0`: the links name this machine (a browser elsewhere cannot open
# 0.0.0.0) and a line says they cross the network in clear text; on the loopback, no such line.
set -u
arbiter=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
timeout 3 "$arbiter" serve stacks --players Ann,Bob --port 0 --host 0.0.0.0 --db "$dir/lan.db" >"$dir/lan.out" 2>&1
grep -q "^Serving on http://$(hostname):[0-9]" "$dir/lan.out" || { echo "FAIL: the links do not name $(hostname):"; cat "$dir/lan.out"; exit 1; }
grep -q "0\.0\.0\.0" "$dir/lan.out" && { echo "FAIL: a link names 0.0.0.0:"; cat "$dir/lan.out"; exit 1; }
grep -q "^Plain HTTP beyond this machine" "$dir/lan.out" || { echo "FAIL: no word about plain HTTP:"; cat "$dir/lan.out"; exit 1; }
timeout 3 "$arbiter" serve stacks --players Ann,Bob --port 0 --db "$dir/local.db" >"$dir/local.out" 2>&1
grep -q "^Serving on http://127\.0\.0\.1:[0-9]" "$dir/local.out" || { echo "FAIL: loopback links:"; cat "$dir/local.out"; exit 1; }
grep -q "Plain HTTP" "$dir/local.out" && { echo "FAIL: the warning on the loopback:"; cat "$dir/local.out"; exit 1; }
echo "ok: links name $(hostname) for every address, with the warning; 127.0.0.1 on the loopback, without"
