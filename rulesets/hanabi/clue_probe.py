#!/usr/bin/env python3
"""Does the mcts bot act on a clue? Two players, Andy and Bill; the script plays Andy and
sets up the position, the `mcts` bot plays Bill (README.md, "Does mcts act on a clue?").
Seeds are taken in order from 1, keeping those whose deal gives Bill exactly one 1 (at
place K) and a card of another rank R. On each, Andy gives a clue and the script reads
what Bill does next:

  clued:   `clue Bill 1`. Bill knows that place K is a 1 and that every firework is empty,
           so playing it cannot fail: `mcts` must play place K on every seed.
  control: the same position, `clue Bill R` instead. Bill knows nothing of place K but
           that it is not an R, so playing it is a guess: `mcts` may play place K on at
           most MAX_BLIND of the seeds.

Two positions (--phase):

  start  Andy's clue is the game's first action; Bill then has the whole game ahead.
  end    The game is played down to the last card of the deck first, both seats driven by
         the script through the JSON door (docs/protocol.md): Andy clues Bill one colour
         that is not the 1's, then Bill clues Andy and Andy discards his oldest card, over
         and over, so that Bill's hand stays as dealt and every firework empty. When one card
         is left Andy is to act; the game is saved there and resumed with `--load` and
         `--bot Bill=mcts`, and Andy's clue is given. Bill's choice then decides the score
         within three turns.

  clue_probe.py ARBITER [--phase start|end] [--seeds N] [--max-blind M] [--bot mcts]
                [--ruleset rulesets/hanabi]

Prints a line per seed and a summary ending "N passed, N failed" (the two checks); exit
status 0 when both hold, 1 otherwise.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

COLOURS = ["red", "yellow", "green", "blue", "white"]
PLAYED = re.compile(r"Bill plays the (\w+ \d) from place (\d)")


class Door:
    """A game through the JSON door: `arbiter play RULESET --json ...`."""

    def __init__(self, arbiter, args):
        self.proc = subprocess.Popen([arbiter, "play"] + args + ["--json"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def next(self):
        """The next message that asks a driver seat to act, or the game's end."""
        for line in self.proc.stdout:
            msg = json.loads(line)
            if msg["type"] in ("decision", "over", "error", "saved"):
                return msg
        return {"type": "eof"}

    def send(self, **msg):
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        return self.next()

    def close(self):
        self.proc.stdin.close()
        self.proc.kill()
        self.proc.wait()


def zone(decision, name):
    for z in decision["view"]["zones"]:
        if z["name"] == name:
            return z
    raise SystemExit("no zone %s in %s's view" % (name, decision["seat"]))


def bill_move(log):
    """(what Bill did, the place he played or None), from the lines the driver read."""
    lines = [entry["text"] for entry in log if entry["kind"] == "say"]
    for text in lines:
        m = PLAYED.match(text)
        if m:
            return m.group(1), int(m.group(2))
    bills = [t for t in lines if t.startswith("Bill ")]
    return (bills[0] if bills else "(no move read)"), None


def target(hand):
    """(K, R, the 1's colour) when Bill's hand holds exactly one 1, else None."""
    ranks = [int(name.split()[1]) for name in hand]
    if ranks.count(1) != 1:
        return None
    k = ranks.index(1) + 1
    return k, max(ranks), hand[k - 1].split()[0]


def play_down(arbiter, ruleset, seed, save):
    """Plays seed's game down to one card in the deck, Andy to act, and saves it in `save`.
    Returns Bill's hand and (K, R), or None when the deal does not fit."""
    door = Door(arbiter, [ruleset, "--players", "Andy,Bill", "--seed", str(seed)])
    try:
        d = door.next()
        hand = zone(d, "Bill.hand")["items"]
        fit = target(hand)
        if fit is None:
            return None
        colours = [c for c in COLOURS if any(n.startswith(c + " ") for n in hand) and c != fit[2]]
        if not colours:
            return None
        d = door.send(action="clue Bill " + colours[0])
        while True:
            # Bill: a clue of the colour of Andy's newest card; Andy: discards his oldest.
            d = door.send(action="clue Andy " + zone(d, "Andy.hand")["items"][0].split()[0])
            if zone(d, "deck")["count"] == 1:
                break
            d = door.send(action="discard %d" % zone(d, "Andy.hand")["count"])
        assert d["seat"] == "Andy" and d["type"] == "decision", d
        assert door.send(meta="save", file=save)["type"] == "saved"
        return hand, fit[:2]
    finally:
        door.close()


def first_hand(arbiter, ruleset, seed):
    door = Door(arbiter, [ruleset, "--players", "Andy,Bill", "--seed", str(seed)])
    try:
        hand = zone(door.next(), "Bill.hand")["items"]
    finally:
        door.close()
    fit = target(hand)
    return None if fit is None else (hand, fit[:2])


def bill_answers(arbiter, ruleset, seed, bot, clue, save=None):
    """Bill's next move after Andy's `clue`, from the start or from the saved position."""
    where = ["--load", save] if save else [ruleset, "--players", "Andy,Bill", "--seed", str(seed)]
    door = Door(arbiter, where + ["--bot", "Bill=" + bot])
    try:
        door.next()
        return bill_move(door.send(action=clue).get("log", []))
    finally:
        door.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("arbiter")
    ap.add_argument("--ruleset", default="rulesets/hanabi")
    ap.add_argument("--phase", choices=["start", "end"], default="end")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--bot", default="mcts")
    ap.add_argument("--max-blind", type=int, default=5)
    args = ap.parse_args()
    found = clued_ok = blind = 0
    seed = 0
    with tempfile.TemporaryDirectory() as tmp:
        while found < args.seeds and seed < 1000:
            seed += 1
            save = os.path.join(tmp, "seed%d.yaml" % seed) if args.phase == "end" else None
            pos = play_down(args.arbiter, args.ruleset, seed, save) if save else first_hand(
                args.arbiter, args.ruleset, seed)
            if pos is None:
                continue
            found += 1
            hand, (k, r) = pos
            what, place = bill_answers(args.arbiter, args.ruleset, seed, args.bot, "clue Bill 1", save)
            clued_ok += place == k
            cwhat, cplace = bill_answers(args.arbiter, args.ruleset, seed, args.bot, "clue Bill %d" % r, save)
            blind += cplace == k
            print("seed %d: Bill holds %s, the 1 at place %d. Told 1: %s%s. Told %d: %s%s." % (
                seed, ", ".join(hand), k, "plays place %d" % place if place else what,
                "" if place == k else " (WRONG)", r, "plays place %d" % cplace if cplace else cwhat,
                " (the 1, a guess)" if cplace == k else ""))
    print("clued: the known 1 played on %d of %d seeds (all required)" % (clued_ok, found))
    print("control: the unknown 1 played on %d of %d seeds (at most %d allowed)" % (blind, found, args.max_blind))
    checks = [found == args.seeds and clued_ok == found, found == args.seeds and blind <= args.max_blind]
    print("%d passed, %d failed" % (checks.count(True), checks.count(False)))
    return 0 if all(checks) else 1


if __name__ == "__main__":
    sys.exit(main())
