"""`arbiter play` at a pseudo-terminal: the interactive behaviour the README's REPL section
describes. Run by CTest as `play_test.py ARBITER CASE`, one test per case."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import Terminal, plain, run  # noqa: E402


def hot_seat_hands_over(arbiter):
    """Three humans at Stacks: Cid's out-of-turn prompt comes after a hand-over, with Cid's view only."""
    t = Terminal([arbiter, "play", "stacks", "--players", "Ann,Ben,Cid", "--seed", "3"])
    t.expect("Pass to Ann, and press Enter")
    t.line("")
    t.expect("Ann> ")
    assert "Hand: 2 4" in plain(t.screen()), plain(t.screen())
    t.line("play 4 bid 4")
    t.expect("Pass to Cid, and press Enter")
    t.line("")
    t.expect(r"Cid, before play goes on, you may act: call")
    screen = plain(t.screen())
    assert "Hand: 2 4" not in screen and "Hand: 2\n" not in screen, screen
    assert "Ann  score 0, bid 4  | Hand: 1 card" in screen, screen
    assert "Cid  score 0  | Hand: 1  |" in screen, screen  # Cid's own card
    t.expect(r"\(Enter passes\)> ")
    t.line("")
    t.expect("Pass to Ben, and press Enter")
    t.line("")
    t.expect("Ben> ")
    assert "Hand: 1  |" not in plain(t.screen()), plain(t.screen())
    t.line(":quit")
    t.wait()


def nothing_hidden_no_hand_over(arbiter):
    """Two humans at Stacks 5x5: nothing is hidden, so nobody is asked to pass the keyboard."""
    t = Terminal([arbiter, "play", "stacks-5x5", "--players", "Ann,Ben", "--seed", "1"])
    t.expect("Ann> ")
    assert "Pass to" not in t.out, plain(t.out)
    t.line(":quit")
    t.wait()


run({f.__name__: f for f in [hot_seat_hands_over, nothing_hidden_no_hand_over]})
