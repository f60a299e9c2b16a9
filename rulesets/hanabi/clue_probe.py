#!/usr/bin/env python3
"""Does the mcts bot act on a clue? Two players through the JSON door (docs/protocol.md):
Andy is played by this script, Bill by `mcts`. For each seed whose deal gives Bill exactly
one 1 (at place K) and a card of another rank R, Andy opens with a clue and the script
reads what Bill does with his first turn:

  clued:   Andy says `clue Bill 1`. Bill knows that place K is a 1, and every firework is
           empty, so playing it cannot fail: `mcts` must play place K on every seed.
  control: the same deal and seed, Andy says `clue Bill R` instead. Bill knows nothing of
           place K but that it is not an R: playing it is a gamble, which `mcts` must
           take on at most MAX_BLIND of the seeds.

  clue_probe.py ARBITER [--seeds N] [--bot mcts] [--max-blind M] [--ruleset rulesets/hanabi]

Prints one line per seed and a summary; exit status 0 when both hold, 1 otherwise.
"""
import argparse
import json
import re
import subprocess
import sys

PLAYED = re.compile(r"^Bill plays the (\w+ \d) from place (\d)")


def start(arbiter, ruleset, seed, bot):
    cmd = [arbiter, "play", ruleset, "--json", "--players", "Andy,Bill", "--bot", "Bill=" + bot,
           "--seed", str(seed)]
    return subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def next_decision(proc):
    """The next message that asks Andy to act, or the game's end."""
    for line in proc.stdout:
        msg = json.loads(line)
        if msg["type"] in ("decision", "over", "error"):
            return msg
    return {"type": "eof"}


def bills_hand(decision):
    """Andy's view of Bill's hand, place 1 first: names such as "red 1"."""
    for zone in decision["view"]["zones"]:
        if zone["name"] == "Bill.hand":
            return zone["items"]
    raise SystemExit("no Bill.hand in Andy's view")


def first_move(arbiter, ruleset, seed, bot, clue):
    """Bill's first action after Andy's `clue`, as (what, place) or (line, None)."""
    proc = start(arbiter, ruleset, seed, bot)
    try:
        first = next_decision(proc)
        proc.stdin.write(json.dumps({"action": clue}) + "\n")
        proc.stdin.flush()
        after = next_decision(proc)
        lines = [entry["text"] for entry in after.get("log", []) if entry["kind"] == "say"]
        for text in lines:
            m = PLAYED.match(text)
            if m:
                return m.group(1), int(m.group(2))
        bills = [t for t in lines if t.startswith("Bill ")]
        return (bills[0] if bills else "(no move read: %s)" % after["type"]), None
    finally:
        proc.stdin.close()
        proc.kill()
        proc.wait()


def position(arbiter, ruleset, seed):
    """(K, R) for a deal where Bill holds exactly one 1, at place K, and a card of rank R > 1."""
    proc = start(arbiter, ruleset, seed, "random")
    try:
        hand = bills_hand(next_decision(proc))
    finally:
        proc.stdin.close()
        proc.kill()
        proc.wait()
    ranks = [int(name.split()[1]) for name in hand]
    if ranks.count(1) != 1:
        return None
    return ranks.index(1) + 1, max(ranks), hand


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("arbiter")
    ap.add_argument("--ruleset", default="rulesets/hanabi")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--bot", default="mcts")
    ap.add_argument("--max-blind", type=int, default=3)
    args = ap.parse_args()
    clued_ok = blind = found = 0
    seed = 0
    while found < args.seeds:
        seed += 1
        pos = position(args.arbiter, args.ruleset, seed)
        if pos is None:
            continue
        found += 1
        k, r, hand = pos
        what, place = first_move(args.arbiter, args.ruleset, seed, args.bot, "clue Bill 1")
        ok = place == k
        clued_ok += ok
        cwhat, cplace = first_move(args.arbiter, args.ruleset, seed, args.bot, "clue Bill %d" % r)
        blind += cplace == k
        print("seed %d: Bill holds %s; the 1 at place %d. Clued 1: %s%s. Clued %d instead: %s%s." % (
            seed, ", ".join(hand), k, "plays place %d" % place if place else what, "" if ok else " (WRONG)",
            r, "plays place %d" % cplace if cplace else cwhat, " (the 1, blind)" if cplace == k else ""))
    print("clued: the known 1 played on %d of %d seeds (all required)" % (clued_ok, found))
    print("control: the unknown 1 played on %d of %d seeds (at most %d allowed)" % (blind, found, args.max_blind))
    good = clued_ok == found and blind <= args.max_blind
    print("%d passed, %d failed" % (int(clued_ok == found) + int(blind <= args.max_blind),
                                    int(clued_ok != found) + int(blind > args.max_blind)))
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
