#!/bin/sh
# Makes the pictures of docs/lab/ (linked from the README and docs/sim.md): a sweep of
# Stacks' target and a skill ladder of Stack Nabbit, each as an HTML page, its JSON report,
# its text report, and its main chart as an SVG file of its own.
#   tools/lab_pictures.sh ARBITER [OUT_DIR]     (about 5 minutes of CPU time)
set -eu
A=$1
out=${2:-docs/lab}
mkdir -p "$out"
"$A" sim stacks --games 1000 --sweep target=20..60:5 --html "$out/stacks-target-sweep.html" --json > "$out/stacks-target-sweep.json"
"$A" sim stacks --games 1000 --sweep target=20..60:5 > "$out/stacks-target-sweep.txt"
"$A" sim stack-nabbit --games 120 --ladder random,mcts:8,mcts:16,mcts:32,mcts:64 \
  --html "$out/stack-nabbit-ladder.html" --json > "$out/stack-nabbit-ladder.json"
"$A" sim --merge "$out/stack-nabbit-ladder.json" > "$out/stack-nabbit-ladder.txt"
# Each chart is a complete SVG element (with its xmlns): cut out as a file an <img> shows.
python3 - "$out" <<'PY'
import re, sys
out = sys.argv[1]
for page, chart, name in [("stacks-target-sweep", "sweep-win-rates", "stacks-target-win-rates"),
                          ("stacks-target-sweep", "sweep-turns", "stacks-target-turns"),
                          ("stack-nabbit-ladder", "skill-ladder", "stack-nabbit-ladder")]:
    html = open(f"{out}/{page}.html", encoding="utf-8").read()
    svg = re.search(r'<svg class="chart" data-chart="%s".*?</svg>' % chart, html, re.S).group(0)
    style = '<style>text{font-family:sans-serif;font-size:12px}</style><rect width="100%" height="100%" fill="white"/>'
    svg = svg.replace('xmlns="http://www.w3.org/2000/svg">', 'xmlns="http://www.w3.org/2000/svg">' + style, 1)
    open(f"{out}/{name}.svg", "w", encoding="utf-8").write(svg + "\n")
PY
