"""Hot-seat play at a pseudo-terminal: what one player leaves behind for the next (the line
history, the hand-over screen, :undo). Run by CTest as `hotseat_test.py ARBITER CASE`, one test
per case. Each waits for the text it expects, with a deadline, never a sleep."""
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import Terminal, plain, run  # noqa: E402

UP = "\x1b[A"


def history_is_per_seat(arbiter):
    """Goofspiel, Ann bids 7, Ben presses Up: his line stays empty (Enter there plays nothing and asks
    again). Ann's Up, next round, brings back her own bid. Nothing goes to ~/.arbiter_history."""
    home = tempfile.mkdtemp()
    t = Terminal([arbiter, "play", "goofspiel", "--players", "Ann,Ben", "--seed", "1"], env={"HOME": home})
    t.expect("Pass to Ann")
    t.line("")
    t.expect("Ann> ")
    t.line("bid 7")
    t.expect("Pass to Ben")
    t.line("")
    t.expect("Ben> ")
    mark = t.seen
    t.send(UP)
    t.line("")
    t.expect("Ben> ")
    assert "bid 7" not in plain(t.out[mark:t.seen]), plain(t.out[mark:t.seen])
    t.line("bid 3")
    t.expect("Pass to Ann")
    t.line("")
    t.expect("Ann> ")
    mark = t.seen
    t.send(UP)
    t.expect("bid 7")  # her own line: the history is there, only not shared
    t.send("\x15\x04")  # the line dropped (Ctrl-U), then Ctrl-D
    t.wait()
    path = os.path.join(home, ".arbiter_history")
    kept = open(path).read() if os.path.exists(path) else ""
    assert "bid" not in kept, kept


def handover_ctrl_d_leaves(arbiter):
    """Ctrl-D at "Pass to Ann, and press Enter." leaves at once: Ann's table (her hand) is not shown,
    nor any news after it."""
    t = Terminal([arbiter, "play", "stacks", "--players", "Ann,Ben", "--seed", "5"])
    t.expect("Pass to Ann, and press Enter.")
    t.send("\x04")
    assert t.wait() == 0
    after = plain(t.out[t.seen:])
    assert "Hand:" not in after and "Ann>" not in after, after


def handover_quit_leaves(arbiter):
    """:quit at the hand-over leaves as at a prompt (the save question, Enter: not saved), without
    showing the next player's hand."""
    t = Terminal([arbiter, "play", "stacks", "--players", "Ann,Ben", "--seed", "5"])
    t.expect("Pass to Ann")
    t.line("")
    t.expect("Ann> ")
    t.line("play 2 bid 4")
    t.expect("Pass to Ben, and press Enter.")
    mark = t.seen
    t.line(":quit")
    t.expect(r"save as> ")
    t.line("")
    assert t.wait() == 0
    after = plain(t.out[mark:])
    assert "Hand:" not in after and "Ben>" not in after, after


def leaving_prints_nothing_after(arbiter):
    """Ctrl-D or :quit at a hot-seat prompt: nothing is printed after but the leaving lines (not the
    news the public view has not read, "Round 1: Ann, Ben play in that order.")."""
    for key in ["\x04", ":quit\r"]:
        t = Terminal([arbiter, "play", "stacks", "--players", "Ann,Ben", "--seed", "5"])
        t.expect("Pass to Ann")
        t.line("")
        t.expect("Ann> ")
        mark = t.seen
        t.send(key)  # nothing is played yet: :quit asks no save question
        assert t.wait() == 0
        after = plain(t.out[mark:])
        assert "Round" not in after and "dealt" not in after, (key, after)


run({f.__name__: f for f in [history_is_per_seat, handover_ctrl_d_leaves, handover_quit_leaves, leaving_prints_nothing_after]})
