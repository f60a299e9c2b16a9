#!/usr/bin/env python3
"""An independent count of Love Letter's tree of play, for checking `arbiter perft`.

Written from the rulebook, not from rules.lua: it walks every line of play of one round
from a given deal and counts, at each depth, the positions reached and the rounds ended by
winner. With `--set tokens=1` a round is the whole game, and perft's tree (whose shuffles
the seed decides) is exactly this one. The deals below are seed 1's, read with a scenario
whose `zones` expectation fails and prints each zone (top first). tests.cmake pins the
counts this script and `arbiter perft` agree on.

    python3 rulesets/love-letter/tree_count.py 2 10   # players, depth
"""
import sys

VALUE = {"Guard": 1, "Priest": 2, "Baron": 3, "Handmaid": 4,
         "Prince": 5, "King": 6, "Countess": 7, "Princess": 8}

# Seed 1's deal per player count: the deck top first, the card set aside, each hand.
DEALS = {
    2: (["Guard", "Priest", "Princess", "Prince", "Guard", "Countess", "Guard", "Handmaid", "Handmaid"],
        "Prince", [["Guard", "King"], ["Guard"]]),
    3: (["Guard", "Guard", "Guard", "Priest", "Princess", "Prince", "Guard", "Countess", "Guard",
         "Handmaid", "Handmaid"],
        "Prince", [["King", "Baron"], ["Baron"], ["Priest"]]),
    4: (["Guard", "Guard", "Priest", "Princess", "Prince", "Guard", "Countess", "Guard", "Handmaid",
         "Handmaid"],
        "Prince", [["Guard", "Baron"], ["Baron"], ["Priest"], ["King"]]),
}


class Round:
    def __init__(self, deck, aside, hands):
        n = len(hands)
        self.deck, self.aside = list(deck), aside
        self.hands = [list(h) for h in hands]
        self.played = [[] for _ in range(n)]
        self.protected = [False] * n
        self.alive = [True] * n
        self.me = 0

    def copy(self):
        r = Round(self.deck, self.aside, self.hands)
        r.played = [list(p) for p in self.played]
        r.protected, r.alive, r.me = list(self.protected), list(self.alive), self.me
        return r


def plays(r, names):
    """The legal plays of the seat on turn, as (card, target, guess)."""
    hand = r.hands[r.me]
    if "Countess" in hand and ("King" in hand or "Prince" in hand):
        return [("Countess", None, None)]
    others = [s for s in range(len(names)) if s != r.me and r.alive[s] and not r.protected[s]]
    out = []
    for card in sorted(set(hand), key=VALUE.get):
        if card in ("Handmaid", "Countess", "Princess"):
            out.append((card, None, None))
        elif card == "Prince":
            out += [(card, t, None) for t in [r.me] + others]
        elif not others:
            out.append((card, None, None))
        elif card == "Guard":
            out += [(card, t, g) for t in others for g in VALUE if g != "Guard"]
        else:
            out += [(card, t, None) for t in others]
    return out


def knock_out(r, s):
    r.played[s] += r.hands[s]
    r.hands[s] = []
    r.alive[s] = False


def play(r, card, t, guess):
    """Plays a card; returns the round's winners when it ends, else None."""
    me = r.me
    r.hands[me].remove(card)
    r.played[me].append(card)
    if card == "Guard" and t is not None and r.hands[t][0] == guess:
        knock_out(r, t)
    elif card == "Baron" and t is not None:
        mine, theirs = VALUE[r.hands[me][0]], VALUE[r.hands[t][0]]
        if mine != theirs:
            knock_out(r, t if mine > theirs else me)
    elif card == "Handmaid":
        r.protected[me] = True
    elif card == "Prince":
        discarded = r.hands[t].pop()
        r.played[t].append(discarded)
        if discarded == "Princess":
            knock_out(r, t)
        elif r.deck:
            r.hands[t].append(r.deck.pop(0))
        else:
            r.hands[t].append(r.aside)
            r.aside = None
    elif card == "King" and t is not None:
        r.hands[me], r.hands[t] = r.hands[t], r.hands[me]
    elif card == "Princess":
        knock_out(r, me)
    n = len(r.hands)
    if sum(r.alive) <= 1 or not r.deck:
        alive = [s for s in range(n) if r.alive[s]]
        best = max(VALUE[r.hands[s][0]] for s in alive)
        tied = [s for s in alive if VALUE[r.hands[s][0]] == best]
        total = {s: sum(VALUE[c] for c in r.played[s]) for s in tied}
        return [s for s in tied if total[s] == max(total.values())]
    nxt = (me + 1) % n
    while not r.alive[nxt]:
        nxt = (nxt + 1) % n
    r.me = nxt
    r.protected[nxt] = False
    r.hands[nxt].append(r.deck.pop(0))
    return None


def main():
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    names = ["Player%d" % (i + 1) for i in range(players)]
    level = [Round(*DEALS[players])]
    print("depth  positions  ended  results of the ended rounds")
    for d in range(1, depth + 1):
        following, ended = [], {}
        for r in level:
            for card, t, guess in plays(r, names):
                after = r.copy()
                winners = play(after, card, t, guess)
                if winners is None:
                    following.append(after)
                else:
                    key = ",".join(names[s] for s in winners)
                    ended[key] = ended.get(key, 0) + 1
        results = ", ".join("%s %d" % kv for kv in sorted(ended.items()))
        print("%5d %10d %6d  %s" % (d, len(following) + sum(ended.values()), sum(ended.values()), results))
        level = following


if __name__ == "__main__":
    main()
