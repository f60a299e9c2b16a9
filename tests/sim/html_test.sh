#!/bin/sh
# `sim --html` in a real browser: headless chromium renders the page of a report (with a
# skill ladder) and of a sweep; the rendered DOM must hold every chart, no script, and
# every number drawn or written (data-json: its JSON pointer) must equal the JSON report's.
# Exit 77 (skipped) where chromium is not installed (Debian: apt install chromium).
# Run as `html_test.sh ARBITER WORK_DIR`.
set -eu
arbiter=$1
work=$2/sim-html
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "chromium is not installed: skipped"; exit 77; }
rm -rf "$work" && mkdir -p "$work"
cd "$work"
"$arbiter" sim stacks --players 2 --games 40 --ladder random,mcts:2,mcts:4 --html report.html --json > report.json
"$arbiter" sim stacks --games 60 --sweep target=25..45:20 --html sweep.html --json > sweep.json
render() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/profile" \
    --dump-dom "file://$work/$1" > "$2" 2> "$work/browser.log" || { cat "$work/browser.log"; exit 1; }
}
render report.html report.dom
render sweep.html sweep.dom
python3 - "$work" <<'PY'
import json, math, sys
from html.parser import HTMLParser

class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.charts, self.numbers, self.scripts = [], [], 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script": self.scripts += 1
        if tag == "svg" and "data-chart" in a: self.charts.append(a["data-chart"])
        if "data-json" in a: self.numbers.append((a["data-json"], a["data-value"]))

def resolve(doc, pointer):
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        doc = doc[int(token)] if isinstance(doc, list) else doc[token]
    return doc

def check(name, charts):
    work = sys.argv[1]
    page = Page()
    page.feed(open(f"{work}/{name}.dom", encoding="utf-8").read())
    report = json.load(open(f"{work}/{name}.json"))
    assert page.scripts == 0, f"{name}: a script in the page"
    for c in charts: assert c in page.charts, f"{name}: no chart {c} (charts: {page.charts})"
    assert len(page.numbers) >= 10, f"{name}: only {len(page.numbers)} numbers carry their pointer"
    for pointer, value in page.numbers:
        want = resolve(report, pointer)
        assert math.isclose(float(value), want, rel_tol=1e-12, abs_tol=1e-12), f"{name}: {pointer} is {value} in the page, {want} in the report"
    print(f"{name}: {len(page.charts)} charts, {len(page.numbers)} numbers, each the report's")

check("report", ["win-rates", "length-histogram", "branching", "action-kinds", "decided", "skill-ladder"])
check("sweep", ["sweep-win-rates", "sweep-turns", "win-rates", "length-histogram"])
PY
echo "html: passed"
