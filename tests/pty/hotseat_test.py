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


run({f.__name__: f for f in [history_is_per_seat]})
