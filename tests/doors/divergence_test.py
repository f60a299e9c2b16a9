#!/usr/bin/env python3
"""Every door plays a game the same way where the doors once parted (the turn driver,
play/driver.hpp): sim's playout, playthrough, the piped REPL, the JSON door and a server table
(watched with `arbiter join`).

  divergence_test.py ARBITER SOURCE_DIR WORK_DIR CASE

unlisted_bid: tests/fixtures/bid-any — Andy's bot `high` bids 12, which the rules accept though
  they list only 1 to 3: every door takes it, and Andy wins.
score_raises: tests/fixtures/score-raises — the game ends (Andy wins) but its score hook raises:
  every door reports the end with Andy as the winner and says the hook's error, naming
  rules.lua; the doors with an exit status exit 1.
bot_fails: tests/fixtures/bid-any — Andy's bot `broken` raises an error on its turn: every door
  stops the game there, naming the bot and bots.lua, and none plays on (no pass, no first legal
  action); the doors with an exit status exit 1.
"""
import json, os, re, signal, subprocess, sys, time

ARBITER, SOURCE, WORK, CASE = sys.argv[1:5]
ENV = {k: v for k, v in os.environ.items() if k not in ("ARBITER_PATH", "ARBITER_HOME")}
ENV["LC_ALL"] = "C.UTF-8"
CASES = {
    "unlisted_bid": ("tests/fixtures/bid-any", ["1=high", "2=low"]),
    "score_raises": ("tests/fixtures/score-raises", ["1=random", "2=random"]),
    "bot_fails": ("tests/fixtures/bid-any", ["1=broken", "2=low"]),
}
problems = []


def run(*args, stdin=""):
    return subprocess.run([ARBITER, *args], cwd=SOURCE, input=stdin, capture_output=True, text=True, env=ENV,
                          timeout=120)


def expect(door, cond, what, out):
    if not cond:
        problems.append(f"{door}: {what}\n--- output ---\n{out[-1500:]}")


def bot_args(bots):
    return ["--players", "Andy,Bill"] + [w for b in bots for w in ("--bot", b)]


def sim(fixture, bots):
    r = run("sim", fixture, *bot_args(bots), "--games", "1", "--seed", "1", "--threads", "1", "--json")
    out = r.stdout + r.stderr
    if CASE == "unlisted_bid":
        expect("sim", r.returncode == 0, "exits 0", out)
        if r.returncode == 0:
            seats = {s["name"]: s["win"]["wins"] for s in json.loads(r.stdout)["seats"]}
            expect("sim", seats.get("Andy") == 1, "Andy (bid 12) wins", out)
    elif CASE == "score_raises":
        expect("sim", r.returncode == 1 and "rules.lua" in out and "no score today" in out,
               "exits 1 naming the score hook's error", out)
    else:
        expect("sim", r.returncode == 1 and "bots.lua" in out and "broken on purpose" in out,
               "exits 1 naming the bot's error", out)


def playthrough(fixture, bots):
    r = run("playthrough", fixture, *bot_args(bots), "--seed", "1")
    out = r.stdout + r.stderr
    common(r.returncode, out, "playthrough", "Andy")


def common(code, out, door, winner):
    """The checks the text doors share: the piped REPL and playthrough (seats Andy and Bill)."""
    if CASE == "unlisted_bid":
        expect(door, code == 0, "exits 0", out)
        expect(door, "bid 12" in out or "best 12" in out, "shows Andy's bid 12 taken", out)
        expect(door, re.search(rf"Game over\. {winner} wins", out), f"{winner} wins", out)
    elif CASE == "score_raises":
        expect(door, code == 1, "exits 1", out)
        expect(door, re.search(rf"Game over\. {winner} wins", out), f"{winner} wins", out)
        expect(door, "rules.lua" in out and "no score today" in out, "says the score hook's error", out)
    else:
        expect(door, code == 1, "exits 1", out)
        expect(door, "Andy's bot" in out and "broken on purpose" in out, "names Andy's bot and its error", out)
        expect(door, "Game over" not in out and not re.search(r"(action: |> )Andy: ", out),
               "plays nothing for the broken bot", out)


def repl(fixture, bots):
    r = run("play", fixture, *bot_args(bots), "--seed", "1")
    common(r.returncode, r.stdout + r.stderr, "play (piped)", "Andy")


def json_door(fixture, bots):
    r = run("play", fixture, *bot_args(bots), "--seed", "1", "--json")
    out = r.stdout + r.stderr
    msgs = [json.loads(l) for l in r.stdout.splitlines() if l.startswith("{")]
    over = [m for m in msgs if m.get("type") == "over"]
    errors = [m["message"] for m in msgs if m.get("type") == "error"]
    if CASE == "unlisted_bid":
        expect("play --json", r.returncode == 0 and over and over[0]["winners"] == ["Andy"], "Andy wins, exit 0", out)
    elif CASE == "score_raises":
        expect("play --json", r.returncode == 1, "exits 1", out)
        expect("play --json", over and over[0]["winners"] == ["Andy"], "an over message: Andy wins", out)
        expect("play --json", over and "no score today" in over[0].get("error", "") and
               all(v is None for v in over[0]["scores"].values()), "over says the error, scores null", out)
    else:
        expect("play --json", r.returncode == 1 and not over, "exits 1 with no over message", out)
        expect("play --json", any("Andy's bot" in e and "broken on purpose" in e for e in errors),
               "an error message naming Andy's bot and its error", out)


def server(fixture, bots):
    db = os.path.join(WORK, f"doors-{CASE}.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix): os.remove(db + suffix)
    p = subprocess.Popen([ARBITER, "serve", fixture, *bot_args(bots), "--seed", "1", "--port", "0", "--db", db],
                         cwd=SOURCE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=ENV)
    try:
        watch, deadline, said = None, time.time() + 30, []
        while time.time() < deadline and not watch:
            line = p.stdout.readline()
            if not line: break
            said.append(line)
            m = re.match(r"^\s+watch\s+(http://\S+)$", line)
            if m: watch = m.group(1)
        if not watch:
            return expect("serve", False, "prints a watch link", "".join(said))
        time.sleep(1)  # the bots play the table out
        j = subprocess.run([ARBITER, "join", watch], input="", capture_output=True, text=True, env=ENV, timeout=60)
        out = j.stdout + j.stderr
        if CASE == "unlisted_bid":
            expect("serve", ("bid 12" in out or "best 12" in out) and re.search(r"Game over\. Andy wins", out), "Andy bids 12 and wins", out)
        elif CASE == "score_raises":
            expect("serve", re.search(r"Game over\. Andy wins", out), "Andy wins", out)
            expect("serve", "no score today" in out, "join says the score hook's error", out)
        else:
            expect("serve", "Game over" not in out and "broken on purpose" in out, "the table stops, naming the error", out)
    finally:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()


fixture, bots = CASES[CASE]
os.makedirs(WORK, exist_ok=True)
for door in (sim, playthrough, repl, json_door, server):
    door(fixture, bots)
for p in problems:
    print("FAIL:", p)
sys.exit(1 if problems else 0)
