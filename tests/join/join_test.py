#!/usr/bin/env python3
"""`arbiter join` against a real `arbiter serve --port 0`, stdin piped (one line a decision).

  join_test.py ARBITER WORK_DIR CASE

tictactoe: two seats play a scripted game to its end; both and a watcher see the end line
  `arbiter play` prints for the same moves; joining the finished table again with no input,
  a seat and a watcher both show the last table and that line.
stacks: two seats play Stacks, each answering the options it is shown (a seeded choice);
  each must see its own hand and never the other's: the other's hand is only ever a count,
  the first hand printed is the one the seed deals (`arbiter play --json --seed`), and the
  hand a seat folds with (which the other seat is told) is the hand it was shown.
errors: a bad link, a refused token, a server that is not there, a host link.
last_line: the input ends right after an action is sent: join waits for its answer and says it;
  a refused last line ends with status 1 naming it, a taken one with its narration and status 0.
no_answer: a server (a stand-in) that never answers an action: at the end of input join waits
  10 s for the answer, then ends with status 1 saying the line may not have been taken.
refused_first: a stand-in server refuses before join read any line: the refusal names no line.
close_unanswered: a stand-in server that never answers join's close: join ends at once anyway.
reconnect: the server is killed (-9) mid-game and started again on the same database and
  port; both joins connect again by themselves and the game goes on to its end.
"""
import json, os, random, re, subprocess, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from piped_lines import lines_of  # noqa: E402

ARBITER, WORK, CASE = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)
ENV = dict(os.environ, LC_ALL="C.UTF-8")


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def serve(*args, port="0", fresh=True):
    db = os.path.join(WORK, f"join-{CASE}.db")
    for suffix in ("", "-wal", "-shm"):
        if fresh and os.path.exists(db + suffix): os.remove(db + suffix)
    p = subprocess.Popen([ARBITER, "serve", *args, "--port", port, "--db", db], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, env=ENV)
    links, deadline = {}, time.time() + 20
    while time.time() < deadline:
        line = p.stdout.readline()
        if not line: break
        m = re.match(r"^\s+(\S+)\s+(http://\S+)$", line)
        if m: links[m.group(1)] = m.group(2)
        if "watch" in links or (not fresh and line.startswith("Open tables")): return p, links
    p.kill()
    fail("no links from arbiter serve")


class Player:
    """One `arbiter join` with a pipe each way; `choose(options, out_of_turn)` answers its decisions."""

    def __init__(self, name, link, choose):
        self.name, self.choose, self.lines, self.hands, self.folds = name, choose, [], [], []
        self.p = subprocess.Popen([ARBITER, "join", link], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, env=ENV, bufsize=1)
        self.thread = threading.Thread(target=self.run)
        self.thread.start()

    def answer(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def lines_read(self):
        """The lines join writes; None when it stops writing for 0.3 s (it waits for a line)."""
        return lines_of(self.p.stdout)

    def run(self):
        options = None
        for line in self.lines_read():
            if line is None:  # join waits: the options shown are all there are
                if options: self.decide(options, False)
                options = None
                continue
            self.lines.append(line)
            m = re.match(rf"^. {re.escape(self.name)} .*\| Hand: ([^|]*?)\s*(\||$)", line)
            if m: self.hands.append(m.group(1))
            if line == "Your options:":
                options = []
            elif options is not None and line.startswith("  "):
                options += [o.strip() for o in line.split(" · ")]
            elif line.startswith("Before play goes on, you may act: "):
                self.decide(line.split(": ", 1)[1].split(", "), True)

    def decide(self, options, out_of_turn):
        choice = self.choose(options, out_of_turn)
        if choice == "fold": self.folds.append(self.hands[-1] if self.hands else "")
        try:
            self.answer(choice)
        except BrokenPipeError:
            pass

    def finish(self, timeout=120):
        try:
            self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            fail(f"{self.name}: join did not end:\n" + "\n".join(self.lines[-30:]))
        self.thread.join()
        return self.p.returncode


def tictactoe():
    server, links = serve("tictactoe", "--players", "Ann,Bob", "--seed", "1")
    moves = {"Ann": iter(["a1", "b1", "c1"]), "Bob": iter(["a2", "b2"])}
    watcher = subprocess.Popen([ARBITER, "join", links["watch"]], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, env=ENV)
    players = [Player(n, links[n], lambda opts, oot, n=n: next(moves[n])) for n in ("Ann", "Bob")]
    codes = [p.finish() for p in players]
    watched = watcher.communicate(timeout=30)[0]
    # At the finished table, a seat with no input and a watcher both show the last table and the end.
    again = {n: run([links[n]]) for n in ("Ann", "watch")}
    server.terminate()
    for name, got in again.items():
        if got.returncode != 0 or not re.search(r"^\s+1\s+X\s+X\s+X\s*$", got.stdout, re.M) or "Game over. Ann wins" not in got.stdout:
            fail(f"{name} at the finished table: status {got.returncode}:\n{got.stdout}{got.stderr}")
    if watcher.returncode != 0 or "watching" not in watched or "Game over. Ann wins" not in watched:
        fail(f"the watcher: status {watcher.returncode}:\n{watched}")
    for p, code in zip(players, codes):
        out = "\n".join(p.lines)
        if code != 0: fail(f"{p.name}: exit status {code}:\n{out}")
        if "Game over. Ann wins" not in out: fail(f"{p.name}: no end line:\n{out}")
    # The end is worded as `arbiter play` words it: tic-tac-toe's results, not its scores (final_scores: false).
    played = subprocess.run([ARBITER, "play", "tictactoe", "--players", "Ann,Bob"], input="a1\na2\nb1\nb2\nc1\n",
                            capture_output=True, text=True, env=ENV).stdout.splitlines()
    end = [l for l in played if l.startswith("Game over.")]
    for name, lines in [("the watcher", watched.splitlines())] + [(p.name, p.lines) for p in players]:
        if not end or end[-1] not in lines: fail(f"{name}: the end line is not play's {end}:\n" + "\n".join(lines[-5:]))


def stacks():
    seed = "5"
    server, links = serve("stacks", "--players", "Ann,Bob", "--variant", "short", "--seed", seed)
    rng = random.Random(7)
    def choose(options, out_of_turn):
        if out_of_turn: return "call" if rng.random() < 0.3 else ""
        return "fold" if "fold" in options and rng.random() < 0.15 else rng.choice(options)
    players = {n: Player(n, links[n], choose) for n in ("Ann", "Bob")}
    codes = {n: p.finish(240) for n, p in players.items()}
    server.terminate()
    for name, p in players.items():
        other = "Bob" if name == "Ann" else "Ann"
        out = "\n".join(p.lines)
        if codes[name] != 0: fail(f"{name}: exit status {codes[name]}:\n{out[-3000:]}")
        if not any(l.startswith("Game over.") for l in p.lines): fail(f"{name}: no end line")
        if not p.hands: fail(f"{name}: never shown its hand")
        for line in p.lines:  # the other's line in every table shows a count, never cards, while it plays
            m = re.match(rf"^. {other} .*\| Hand: ([^|]*?)\s*(\||$)", line)
            folded = "(out this round)" in line  # a fold shows the hand face up, by Stacks' rules
            if m and not folded and not re.fullmatch(r"empty|\d+ cards?", m.group(1)): fail(f"{name} sees {other}'s hand: {line}")
        # What the other seat is told when this one folds is the hand this one was shown.
        told = [re.search(r"\[(.*?)\]", l).group(1) for o in players.values() if o is not p for l in o.lines
                if l.startswith(f"{name} folds, showing hand [")]
        shown = p.folds[:len(told)]
        if sorted(map(lambda h: sorted(h.split()), told)) != sorted(map(lambda h: sorted(h.split()), shown)):
            fail(f"{name}'s folds: told the other {told}, shown {shown}")
    # The first hand is the one the seed deals.
    door = subprocess.run([ARBITER, "play", "stacks", "--json", "--players", "Ann,Bob", "--variant", "short", "--seed", seed],
                          input="", capture_output=True, text=True, env=ENV).stdout.splitlines()
    first = json.loads(door[1])
    dealt = next(z["items"] for z in first["view"]["zones"] if z["name"] == first["seat"] + ".hand")
    if players[first["seat"]].hands[0].split() != dealt:
        fail(f"{first['seat']} was shown {players[first['seat']].hands[0]}, the seed deals {dealt}")
    print("ok:", *(l for l in players["Ann"].lines if l.startswith("Game over.")))


def run(args, stdin=""):
    return subprocess.run([ARBITER, "join", *args], input=stdin, capture_output=True, text=True, env=ENV, timeout=30)


def errors():
    server, links = serve("tictactoe", "--players", "Ann,Bob")
    good = links["Ann"]
    cases = [
        ([good.replace("http://", "ftp://")], "does not start with http://"),
        ([good.split("#")[0]], "has no token after '#'"),
        ([good.replace("/t/", "/x/")], "names no table"),
        ([good.replace("http://", "https://")], "speaks plain http only"),
        ([re.sub(r"#s\.\w+", "#s." + "0" * 32, good)], "the server refused the link"),
        ([re.sub(r"/t/\w+", "/t/nosuchtable", good)], "the server refused the link"),
        ([links["Open"] if "Open" in links else good.split("/t/")[0] + "/#h.abc"], "the host's link"),
        (["http://127.0.0.1:1/t/abc#s.0123"], "cannot reach 127.0.0.1:1"),
    ]
    for args, expect in cases:
        r = run(args)
        if r.returncode != 1 or expect not in r.stderr: fail(f"join {args}: status {r.returncode}, {r.stderr!r}; expected {expect!r}")
        token = re.search(r"#(.*)$", good).group(1)
        if token in r.stdout + r.stderr: fail("a message shows the token")
    server.terminate()


def last_line():
    server, links = serve("tictactoe", "--players", "Ann,Bob", "--seed", "1")
    cases = [("Ann", "bogus move\n", 1, "line 1: bogus move: not legal now"),
             ("Ann", "nonsense\nb1\n", 1, "line 1: nonsense: not legal now"),  # line 2 was read ahead
             ("Ann", "a1\n", 0, "Ann puts X on a1."),
             ("Bob", "a2\n", 0, "Bob puts O on a2."),
             ("Ann", "b1\n", 0, "Ann puts X on b1."),
             ("Bob", "b2\n", 0, "Bob puts O on b2."),
             ("Ann", "c1\n", 0, "Game over. Ann wins")]  # a winning last line: its answer is followed by the end
    for seat, stdin, status, expect in cases:
        r = run([links[seat]], stdin)
        if r.returncode != status or expect not in r.stdout + r.stderr:
            fail(f"{stdin!r} to {seat}: status {r.returncode}, expected {status} and {expect!r}:\n{r.stdout}{r.stderr}")
    server.terminate()


def stand_in(sock, then):
    """A stand-in for `arbiter serve` on `sock`: it welcomes Ann, offers a1, then `then(conn, send)`."""
    import base64, hashlib, struct
    conn, _ = sock.accept()
    request = b""
    while b"\r\n\r\n" not in request: request += conn.recv(4096)
    key = re.search(rb"Sec-WebSocket-Key: *(\S+)", request, re.I).group(1)
    accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
    conn.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
    def send(message):
        data = json.dumps(message).encode()
        size = bytes([len(data)]) if len(data) < 126 else bytes([126]) + struct.pack(">H", len(data))
        conn.sendall(bytes([0x81]) + size + data)
    conn.recv(65536)  # the hello
    send({"type": "welcome", "seat": "Ann", "table": "t1", "ruleset": "tictactoe",
          "seats": [{"name": "Ann", "plays": "human", "connected": True}]})
    send({"type": "state", "seq": 0, "legal": ["a1"], "on_turn": True, "table": "Tic-tac-toe", "log": [], "log_from": 0})
    then(conn, send)
    conn.close()


def silent_server(sock):
    """It answers nothing after the state: not an action, not a close."""
    def drain(conn, send):
        while conn.recv(65536): pass
    stand_in(sock, drain)


def listening():
    import socket
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(1)
    return sock, f"http://127.0.0.1:{sock.getsockname()[1]}/t/t1#s.0123"


def refused_first():
    """A refusal that comes before join read any line names none (it said 'line 0:')."""
    sock, link = listening()
    def refuse(conn, send):
        send({"type": "refused", "action": "b2", "reason": "not legal now", "message": "not legal now"})
        while conn.recv(65536): pass
    threading.Thread(target=stand_in, args=(sock, refuse), daemon=True).start()
    p = subprocess.Popen([ARBITER, "join", link], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=ENV)
    try:
        p.wait(timeout=30)  # stdin stays open until join ends: no line is ever read
    except subprocess.TimeoutExpired:
        p.kill()
        fail("join did not end after the refusal")
    p.stdin.close()
    out, err = p.stdout.read(), p.stderr.read()
    if p.returncode != 1 or "b2: not legal now" not in err or "line 0" in err:
        fail(f"status {p.returncode}, expected 1 and 'b2: not legal now' naming no line:\n{out}{err}")


def close_unanswered():
    """A server that never answers join's WebSocket close (nor closes) does not keep join: it
    closes the connection itself at once after sending its close."""
    sock, link = listening()
    seen = {}
    def never_close(conn, send):
        while True:
            data = conn.recv(65536)
            if not data: break
            if data[0] == 0x88: seen["close"] = True  # join's close frame: no answer
        seen["eof"] = True
    threading.Thread(target=stand_in, args=(sock, never_close), daemon=True).start()
    p = subprocess.Popen([ARBITER, "join", link], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=ENV)
    p.stdin.write(":quit\n")
    p.stdin.flush()
    start = time.time()
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        fail("join did not end")
    took = time.time() - start
    if p.returncode != 0 or not seen.get("close") or took > 5:
        fail(f"status {p.returncode} after {took:.1f} s (close sent: {bool(seen.get('close'))}), expected 0 at once:\n{out}{err}")


def no_answer():
    sock, link = listening()
    threading.Thread(target=silent_server, args=(sock,), daemon=True).start()
    start = time.time()
    r = run([link], "a1\n")
    took = time.time() - start
    expect = "line 1: a1: the input ended and the server did not answer within 10 s"
    if r.returncode != 1 or expect not in r.stderr or not 9 < took < 25:
        fail(f"status {r.returncode} after {took:.1f} s, expected 1 after 10 s and {expect!r}:\n{r.stdout}{r.stderr}")


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return str(s.getsockname()[1])


def reconnect():
    port = free_port()
    server, links = serve("tictactoe", "--players", "Ann,Bob", "--seed", "1", port=port)
    moved = threading.Event()
    def ann(options, out_of_turn):
        if options[0] == "a1": return "a1"
        moved.wait(60)  # Ann's second move only once the server was killed and started again
        return {"b1": "b1", "c1": "c1"}[next(o for o in ("b1", "c1") if o in options)]
    bob_moves = iter(["a2", "b2"])
    players = [Player("Ann", links["Ann"], ann), Player("Bob", links["Bob"], lambda o, oot: next(bob_moves))]
    deadline = time.time() + 30
    while not any("Ann puts X on a1." in l for l in players[1].lines):
        if time.time() > deadline: fail("Bob never saw Ann's first move")
        time.sleep(0.05)
    server.kill()
    server.wait()
    server, _ = serve(port=port, fresh=False)
    moved.set()
    codes = [p.finish() for p in players]
    server.terminate()
    for p, code in zip(players, codes):
        out = "\n".join(p.lines)
        if code != 0 or "Game over. Ann wins" not in out: fail(f"{p.name}: status {code}:\n{out}")
        if "Connected again." not in out: fail(f"{p.name} did not say it connected again:\n{out}")


{"tictactoe": tictactoe, "stacks": stacks, "errors": errors, "last_line": last_line, "no_answer": no_answer, "reconnect": reconnect,
 "refused_first": refused_first, "close_unanswered": close_unanswered}[CASE]()
