#!/usr/bin/env python3
"""Three machines on a local network play Love Letter from the links of `arbiter serve`.

  lan_test.py ARBITER SOURCE_DIR BUILD_DIR

Four Linux network namespaces stand for four machines: the server's holds a bridge at
10.77.0.1 and runs `arbiter serve love-letter --players Ann,Bob,Cid --host 0.0.0.0`; Ann,
Bob and Cid each have a namespace of their own with one address on that bridge (10.77.0.11
to .13) and no other way to the server (127.0.0.1 there is their own loopback). Ann and Bob
play with `arbiter join` (input piped, a seeded choice among the options shown), Cid in
headless Chromium (tests/netns/page_seat.js; with `arbiter join` too when chromium, node or
puppeteer-core is missing). Checked: the server's connections come from the three
addresses; every table a seat was shown at a decision (every state frame, for the page)
is the true view of that seat, replayed from the game's save through the JSON door; all
agree on the winners. A second game is opened through the host's API, the server is
killed (-9) in its second round and started again on the same database: every client
connects again by itself and the game goes on to its end, checked the same way.

Exit status 77 (skipped) when not root, without `ip` (Debian: iproute2), or where network
namespaces may not be made. Namespaces and processes are removed on every way out.
"""
import json, os, random, re, shutil, signal, subprocess, sys, threading, time

from seats import JoinSeat, PageSeat, browser_ready  # tests/netns/seats.py
from truth import true_views, check_join, check_page  # tests/netns/truth.py

ARBITER, SOURCE, BUILD = sys.argv[1], sys.argv[2], sys.argv[3]
WORK = os.path.join(BUILD, "netns-test", str(os.getpid()))
TAG = f"arbl{os.getpid()}"  # namespace names unique to this run
SEATS = ["Ann", "Bob", "Cid"]
NS = {"srv": TAG + "s", "Ann": TAG + "a", "Bob": TAG + "b", "Cid": TAG + "c"}
ADDR = {"srv": "10.77.0.1", "Ann": "10.77.0.11", "Bob": "10.77.0.12", "Cid": "10.77.0.13"}
SERVER = f"http://{ADDR['srv']}:8080"  # a namespace of its own: port 8080 is free there
ENV = dict(os.environ, LC_ALL="C.UTF-8")
started = []  # every process this test started, for the cleanup
made = []     # every namespace it made
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg, flush=True)


def skip(msg):
    print("skipped:", msg)
    sys.exit(77)


def ip(*args):
    return subprocess.run(["ip", *args], capture_output=True, text=True)


def in_ns(where, *cmd):
    return ["ip", "netns", "exec", NS[where], *cmd]


def cleanup():
    for p in started:
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        p.wait()
    for ns in made:  # whatever else runs in a namespace of ours (Chromium's helpers) ends with it
        for pid in ip("netns", "pids", ns).stdout.split():
            try:
                os.kill(int(pid), signal.SIGKILL)
            except (ProcessLookupError, ValueError):
                pass
        ip("netns", "del", ns)


def on_signal(signum, frame):
    raise SystemExit(f"signal {signum}")


def spawn(cmd, **kw):
    p = subprocess.Popen(cmd, env=ENV, start_new_session=True, **kw)
    started.append(p)
    return p


def preflight():
    if os.geteuid() != 0: skip("network namespaces need root")
    if not shutil.which("ip"): skip("no `ip` command (Debian: apt install iproute2)")
    probe = TAG + "p"
    r = ip("netns", "add", probe)
    if r.returncode != 0: skip(f"`ip netns add` is not permitted here: {r.stderr.strip()}")
    ip("netns", "del", probe)
    # A run killed outright (SIGKILL) cannot clean up: its namespaces go when its process is gone.
    for ns in ip("netns", "list").stdout.split():
        m = re.fullmatch(r"arbl(\d+)[sabcp]", ns)
        if m and not os.path.exists(f"/proc/{m.group(1)}"): made.append(ns)
    cleanup()
    made.clear()


def make_network():
    """The server's namespace holds the bridge; each seat's namespace is plugged into it."""
    def must(*args):
        r = ip(*args)
        if r.returncode != 0: raise SystemExit(f"ip {' '.join(args)}: {r.stderr.strip()}")
    for ns in NS.values():
        must("netns", "add", ns)
        made.append(ns)
        must("-n", ns, "link", "set", "lo", "up")
    srv = NS["srv"]
    must("-n", srv, "link", "add", "br0", "type", "bridge")
    must("-n", srv, "addr", "add", ADDR["srv"] + "/24", "dev", "br0")
    must("-n", srv, "link", "set", "br0", "up")
    for seat in SEATS:
        port = "p-" + seat.lower()
        must("-n", srv, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", NS[seat])
        must("-n", srv, "link", "set", port, "master", "br0", "up")
        must("-n", NS[seat], "addr", "add", ADDR[seat] + "/24", "dev", "eth0")
        must("-n", NS[seat], "link", "set", "eth0", "up")


def serve(*args):
    """`arbiter serve --host 0.0.0.0` in the server's namespace; its links by seat, and the host's."""
    db = os.path.join(WORK, "tables.db")
    p = spawn(in_ns("srv", ARBITER, "serve", *args, "--host", "0.0.0.0", "--db", db),
              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    links, out, deadline = {}, [], time.time() + 20
    while time.time() < deadline:
        line = p.stdout.readline()
        if not line: break
        out.append(line)
        m = re.match(r"^\s+(\S+)\s+(http://\S+)$", line)
        if m: links[m.group(1)] = m.group(2)
        m = re.match(r"^Open tables: (http://\S+)$", line)
        if m:
            links["host"] = m.group(1)
            threading.Thread(target=p.stdout.read, daemon=True).start()  # the rest, unread, never blocks it
            return p, links, "".join(out)
    raise SystemExit("no links from arbiter serve:\n" + "".join(out))


def on_lan(link):
    """The links name this machine (its name resolves to 127.0.0.1 in a namespace): the
    address the others reach it at is put in its place, as docs/server.md says to."""
    return re.sub(r"^http://[^/]+", SERVER, link)


def check_lan(serve_out, links):
    if "0.0.0.0" in serve_out or "127.0.0.1" in "".join(links.values()):
        fail(f"the links do not name this machine:\n{serve_out}")
    if "Plain HTTP beyond this machine" not in serve_out: fail("no word that the links cross the network in clear text")
    # No loopback shortcut: 127.0.0.1 in a player's namespace is not the server.
    r = subprocess.run(in_ns("Ann", ARBITER, "join", re.sub(r"^http://[^/]+", "http://127.0.0.1:8080", links["Ann"])),
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, env=ENV, timeout=30)
    if r.returncode != 1 or "cannot reach 127.0.0.1:8080" not in r.stderr:
        fail(f"Ann reached something at 127.0.0.1:8080: status {r.returncode}: {r.stderr}")


def peers():
    """The addresses the server's established connections on port 8080 come from."""
    r = subprocess.run(in_ns("srv", "ss", "-tnH", "state", "established", "( sport = :8080 )"),
                       capture_output=True, text=True)
    return {re.sub(r":\d+$", "", line.split()[-1]).strip("[]") for line in r.stdout.splitlines() if line.split()}


def start_seats(links, use_page, seed):
    rng = random.Random(seed)
    seats = {n: JoinSeat(n, in_ns(n, ARBITER, "join", on_lan(links[n])), rng, spawn) for n in ("Ann", "Bob")}
    if use_page:
        seats["Cid"] = PageSeat(in_ns("Cid", "node", os.path.join(SOURCE, "tests/netns/page_seat.js"), on_lan(links["Cid"])),
                                WORK, spawn)
    else:
        seats["Cid"] = JoinSeat("Cid", in_ns("Cid", ARBITER, "join", on_lan(links["Cid"])), rng, spawn)
    return seats


def watch(seats, until, seen):
    """Until every client has ended (False) or `until()` holds (True); the peers seen go into `seen`."""
    deadline = time.time() + 150
    while time.time() < deadline:
        seen |= peers()
        if until and until(): return True
        if all(s.done() for s in seats.values()): return False
        time.sleep(0.2)
    raise SystemExit("the game did not end within 150 s")


def finish(seats, host, table, label):
    """The clients' ends, and everything each was shown checked against the save's truth."""
    results = {n: s.finish() for n, s in seats.items()}
    views, winners, seed = true_views(ARBITER, fetch_save(host, table))
    for name, seat in seats.items():
        problems = check_join(name, seat, views[name]) if isinstance(seat, JoinSeat) else check_page(name, seat, views[name])
        for p in problems: fail(f"{label}: {p}")
        if results[name] != winners: fail(f"{label}: {name} was told the winners are {results[name]}, the save says {winners}")
    clients = ", ".join(f"{n} ({'Chromium' if isinstance(s, PageSeat) else 'join'})" for n, s in seats.items())
    print(f"{'ok' if not failures else 'FAIL'}: {label} (seed {seed}): {clients}; {' and '.join(winners)} won;"
          f" {sum(len(v) for v in views.values())} decisions checked against the true views", flush=True)
    return results


def fetch_save(host, table):
    """The game's save, as the host would fetch it from Ann's machine."""
    token = host.split("#", 1)[1]
    code = ("import sys, urllib.request\n"
            "r = urllib.request.Request(sys.argv[1], headers={'Authorization': 'Bearer ' + sys.argv[2]})\n"
            "sys.stdout.write(urllib.request.urlopen(r, timeout=10).read().decode())\n")
    r = subprocess.run(in_ns("Ann", sys.executable, "-c", code, f"{SERVER}/api/tables/{table}/save", token),
                       capture_output=True, text=True, timeout=30)
    if r.returncode != 0: raise SystemExit(f"the save of table {table}: {r.stderr}")
    return r.stdout


def open_table(host, tokens):
    """A second table, opened over the host's API from Ann's machine."""
    token = host.split("#", 1)[1]
    body = json.dumps({"ruleset": "love-letter", "players": SEATS, "set": {"tokens": str(tokens)}})
    code = ("import sys, urllib.request\n"
            "r = urllib.request.Request(sys.argv[1], data=sys.argv[3].encode(), method='POST', headers="
            "{'Authorization': 'Bearer ' + sys.argv[2], 'Content-Type': 'application/json'})\n"
            "sys.stdout.write(urllib.request.urlopen(r, timeout=10).read().decode())\n")
    r = subprocess.run(in_ns("Ann", sys.executable, "-c", code, f"{SERVER}/api/tables", token, body),
                       capture_output=True, text=True, timeout=30)
    if r.returncode != 0: raise SystemExit(f"opening a table over the API: {r.stderr}")
    answer = json.loads(r.stdout)
    return answer["table"], {s["name"]: SERVER + s["link"] for s in answer["seats"]}


def table_of(link):
    return re.search(r"/t/(\w+)#", link).group(1)


def game_one(use_page):
    server, links, out = serve("love-letter", "--players", ",".join(SEATS), "--set", "tokens=2")
    check_lan(out, links)
    seats = start_seats(links, use_page, 1)
    seen = set()
    watch(seats, None, seen)
    if not {ADDR[n] for n in SEATS} <= seen or any(a.startswith("127.") for a in seen):
        fail(f"the server's connections came from {sorted(seen)}, not the three machines' own addresses")
    print(f"the server's connections came from {', '.join(sorted(seen))}", flush=True)
    finish(seats, links["host"], table_of(links["Ann"]), "a game on the network")
    return server, links["host"]


def in_round_two(seats):
    """A join has been asked to decide in the game's second round."""
    for seat in seats.values():
        lines = list(seat.lines) if isinstance(seat, JoinSeat) else []
        start = next((i for i, l in enumerate(lines) if l.startswith("Round 2:")), None)
        if start is not None and "Your options:" in lines[start:]: return True
    return False


def game_two(server, host, use_page):
    """Killed (-9) in the second round and started again: the game goes on."""
    table, links = open_table(host, 2)
    seats = start_seats(links, use_page, 2)
    if not watch(seats, lambda: in_round_two(seats), set()): raise SystemExit("the second game ended before its second round")
    server.kill()
    server.wait()
    server, links, _ = serve()  # the tables in the database, resumed (the host's link is new)
    watch(seats, None, set())
    finish(seats, links["host"], table, "a game whose server was killed (-9) and started again")
    for name, seat in seats.items():
        if not seat.reconnected(): fail(f"{name} did not connect again after the server's restart")
    server.terminate()


def main():
    preflight()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGALRM):
        signal.signal(sig, on_signal)
    signal.alarm(200)  # below the test's timeout: a stuck run still cleans up
    os.makedirs(WORK, exist_ok=True)
    try:
        make_network()
        use_page, why = browser_ready(SOURCE, BUILD, ENV)
        if not use_page: print(f"Cid's browser is skipped ({why}): Cid plays with arbiter join", flush=True)
        server, host = game_one(use_page)
        game_two(server, host, use_page)
    finally:
        cleanup()
    if failures: sys.exit(1)
    shutil.rmtree(WORK, ignore_errors=True)
    print("ok")


if __name__ == "__main__":
    main()
