"""The truth tests/netns/lan_test.py checks each client against: the game's save (from the
host's API) replayed through `arbiter play --json`, the driver playing every seat, gives
each seat's true view at each of its decisions; what a client was shown at its k-th
decision must be that seat's k-th true view."""
import json, re, subprocess
import yaml

CARDS = {"Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess"}


def true_views(arbiter, save_text):
    """({seat: [view at each of its decisions]}, sorted winners, seed) of the saved game."""
    save = yaml.safe_load(save_text)
    seats = [p["name"] for p in save["players"]]
    cmd = [arbiter, "play", save["ruleset"], "--json", "--players", ",".join(seats), "--seed", str(save["seed"])]
    for key, value in save.get("params", {}).items(): cmd += ["--set", f"{key}={value}"]
    steps = iter(save.get("actions") or [])
    door = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    views, winners = {s: [] for s in seats}, None
    for line in door.stdout:
        m = json.loads(line)
        if m["type"] == "decision":
            step = next(steps, None)
            if step is None or "seat" not in step or step["seat"] != m["seat"]:
                door.kill()
                raise SystemExit(f"the save does not replay: {m['seat']} decides, the save has {step}")
            views[m["seat"]].append(m["view"])
            door.stdin.write(json.dumps({"action": step["action"]}) + "\n")
        elif m["type"] == "over":
            winners = sorted(m["winners"])
            break
    door.stdin.close()
    door.wait()
    if winners is None or next(steps, None) is not None: raise SystemExit("the save's game does not end where its steps do")
    return views, winners, save["seed"]


def hands(view):
    """{seat: (cards it may see in that seat's hand, sorted; how many it may not)}."""
    out = {}
    for zone in view["zones"]:
        if zone.get("owner") and zone["name"] == zone["owner"] + ".hand":
            seen = sorted(x for x in zone["items"] if x != "?")
            out[zone["owner"]] = (seen, zone["count"] - len(seen))
    return out


def printed(text):
    """A hand as `arbiter join` prints it (`Priest Handmaid`, `1 card`, `empty`, or, where the
    seat holds marks of unseen cards, each of them: `Guard + ?(not Priest) ?`), read back."""
    text = re.sub(r"\?\([^)]*\)", "?", text)  # a marked card back is a card back
    seen = sorted(w for w in text.split() if w in CARDS)
    m = re.search(r"(\d+) cards?", text)
    return seen, int(m.group(1)) if m else text.split().count("?")


def check_join(name, seat, views):
    problems = []
    if seat.p.returncode != 0: problems.append(f"{name}: join ended with status {seat.p.returncode}: " + "\n".join(seat.lines[-20:]))
    if len(seat.decisions) != len(views):
        problems.append(f"{name}: shown {len(seat.decisions)} decisions, the game had {len(views)}")
    for k, (shown, view) in enumerate(zip(seat.decisions, views)):
        truth = hands(view)
        got = {s: printed(t) for s, t in shown.items()}
        if got != truth: problems.append(f"{name}, decision {k + 1}: shown hands {shown}, its true view {truth}")
    return problems


def check_page(name, seat, views):
    """Every state frame with a decision is the true view; every hand drawn is its frame's."""
    r = seat.result
    problems = [f"{name}'s page: {e}" for e in r.get("errors", [])]
    decided, frames = set(), []
    for m in r.get("frames", []):
        if m.get("type") == "state" and m.get("legal") and m.get("seq") not in decided:
            decided.add(m["seq"])
            frames.append(m["view"])
        for key in ("seed", "initial", "undo", "history"):
            if key in m: problems.append(f"{name}'s page: a {m.get('type')} frame has '{key}'")
    if len(frames) != len(views): problems.append(f"{name}'s page: {len(frames)} decisions, the game had {len(views)}")
    for k, (frame, view) in enumerate(zip(frames, views)):
        if frame != view: problems.append(f"{name}'s page, decision {k + 1}: sent {hands(frame)}, its true view {hands(view)}")
    for d in r.get("drawn", []):
        for seat_name, (seen, hidden) in hands(d["view"]).items():
            drawn = d["hands"].get(seat_name + ".hand", {"shown": [], "backs": 0})
            if (sorted(drawn["shown"]), drawn["backs"]) != (seen, hidden):
                problems.append(f"{name}'s page at seq {d['seq']} draws {seat_name}'s hand as {drawn}, its view says {seen}, {hidden} hidden")
                break
    return problems
