"""The clients of tests/netns/lan_test.py: a seat played by `arbiter join` (input piped) or by
a page in headless Chromium (page_seat.js). Each keeps what its player was shown."""
import json, os, re, shutil, subprocess, sys, threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "join"))
from piped_lines import lines_of  # noqa: E402

# A seat's line of the table: `▶ Ann  tokens 0  | Hand: Priest  | Played: empty`, or, too wide
# for the columns, the name alone with each part on a line of its own under it.
SEAT = re.compile(r"^. (\w+)\b")
HAND = re.compile(r"\| Hand: ([^|]*?)\s*(\||$)")


def winners_in(line):
    """The winners an `arbiter join` end line names: `Game over. Ann wins.`, `… share the win`."""
    m = re.match(r"^Game over\. (.*?) (wins|share the win)\b", line)
    if m: return sorted(m.group(1).split(" and "))
    return [] if line.startswith("Game over. Nobody wins") else None


class Seat:
    """A seat's client process `p`: done when it ended; ended() waits a minute for it, then kills it."""

    def done(self):
        return self.p.poll() is not None

    def ended(self):
        try:
            self.p.wait(60)
        except subprocess.TimeoutExpired:
            self.p.kill()


class JoinSeat(Seat):
    """`arbiter join` with a pipe each way: it answers each decision with a seeded choice among
    the options shown, and keeps each table shown with a decision ({seat: hand as printed})."""

    def __init__(self, name, cmd, rng, spawn):
        self.name, self.rng, self.lines, self.decisions = name, rng, [], []
        self.p = spawn(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def lines_read(self):
        """The lines join writes; None when it stops writing for 0.3 s (it waits for a line)."""
        return lines_of(self.p.stdout)

    def run(self):
        options, table, seat = None, {}, None
        for line in self.lines_read():
            if line is None:  # join waits: the options shown are all there are
                if options: self.answer(self.rng.choice(options))
                options = None
                continue
            self.lines.append(line)
            m = SEAT.match(line)
            if m: seat = m.group(1)
            m = HAND.search(line)
            if m and seat: table[seat] = m.group(1)
            if line == "":
                table = {}
            elif line == "Your options:":
                options = []
                self.decisions.append(table)
            elif options is not None and line.startswith("  "):
                options += [o.strip() for o in line.split(" · ")]

    def answer(self, text):
        try:
            self.p.stdin.write((text + "\n").encode())
            self.p.stdin.flush()
        except BrokenPipeError:
            pass

    def finish(self):
        self.ended()
        self.thread.join(10)
        return next((w for w in map(winners_in, self.lines) if w is not None), None)

    def reconnected(self):
        return "Connected again." in self.lines


class PageSeat(Seat):
    """node page_seat.js: the page plays by itself; its frames and drawings are read at the end."""

    def __init__(self, cmd, work, spawn):
        self.out = os.path.join(work, "page.json")
        if os.path.exists(self.out): os.remove(self.out)
        profile = os.path.join(work, f"profile-{len(os.listdir(work))}")
        self.p = spawn(cmd + [self.out, profile], stdin=subprocess.DEVNULL)
        self.result = {}

    def finish(self):
        self.ended()
        try:
            with open(self.out) as f: self.result = json.load(f)
        except (OSError, ValueError) as e:
            self.result = {"errors": [f"no result from page_seat.js: {e}"]}
        over = self.result.get("over")
        return sorted(over.get("winners", [])) if over else None

    def reconnected(self):
        return self.result.get("welcomes", 0) >= 2


def browser_ready(source, build, env):
    """(True, "") when Chromium, node and puppeteer-core are there, installing the last with
    `npm ci` into the build folder as tests/browser/run_test.sh does (the same folder, so one
    install serves both); else (False, why)."""
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium: return False, "chromium is not installed (Debian: apt install chromium)"
    if not shutil.which("node") or not shutil.which("npm"): return False, "node or npm is not installed"
    modules, lock = os.path.join(build, "browser-node"), os.path.join(source, "tests/browser/package-lock.json")
    os.makedirs(modules, exist_ok=True)
    installed = os.path.join(modules, "package-lock.json")
    same = os.path.exists(installed) and open(installed, "rb").read() == open(lock, "rb").read()
    if not same or not os.path.isdir(os.path.join(modules, "node_modules/puppeteer-core")):
        for f in ("package.json", "package-lock.json"): shutil.copy(os.path.join(source, "tests/browser", f), modules)
        r = subprocess.run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=modules, capture_output=True)
        if r.returncode != 0:
            os.remove(installed)
            return False, "npm ci could not install puppeteer-core (offline?)"
    env["NODE_PATH"], env["CHROMIUM"] = os.path.join(modules, "node_modules"), chromium
    return True, ""
