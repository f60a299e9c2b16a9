"""`arbiter join` at a pseudo-terminal, against a real `arbiter serve --port 0` (tic-tac-toe,
Ann at the terminal, Bob's join piped). Run by CTest as `join_test.py ARBITER CASE`."""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import Terminal, plain, run  # noqa: E402


def table(arbiter):
    """A server of one tic-tac-toe table; its process and the seats' links."""
    db = os.path.join(tempfile.mkdtemp(), "tables.db")
    server = subprocess.Popen([arbiter, "serve", "tictactoe", "--players", "Ann,Bob", "--port", "0", "--db", db],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    links = {}
    for line in server.stdout:
        m = re.match(r"^\s+(\S+)\s+(http://\S+)$", line)
        if m: links[m.group(1)] = m.group(2)
        if "watch" in links: break
    return server, links


def completes_keeps_typing_and_ends(arbiter):
    """Tab completes the legal actions; while Ann waits, Bob's move redraws her prompt with what
    she had typed; the game's end leaves a prompt where :log works and :quit leaves."""
    server, links = table(arbiter)
    bob = subprocess.Popen([arbiter, "join", links["Bob"]], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        t = Terminal([arbiter, "join", links["Ann"]])
        t.expect("as Ann")
        t.expect("Your options:")
        t.expect("Ann> ")
        t.send("a\t\t")
        t.expect(r"a1\s+a2\s+a3")  # libedit lists what Tab could complete
        t.line("1")
        t.expect(r"\(waiting for Bob\)> ")
        t.send("b")                 # typed while waiting: kept when Bob's move redraws the prompt
        bob.stdin.write("a2\n")
        bob.stdin.flush()
        t.expect("Ann> b")
        t.send("\t\t")
        t.expect(r"b1\s+b2\s+b3")
        t.line("1")
        t.expect(r"\(waiting for Bob\)> ")
        t.line(":log")
        t.expect("> Ann: b1")
        bob.stdin.write("b2\n")
        bob.stdin.flush()
        t.expect("Ann> ")
        t.line("c1")
        t.expect("Game over. Ann wins")
        t.expect(r"\(game over\)> ")
        t.line(":quit")
        assert t.wait() == 0, plain(t.out)
    finally:
        bob.kill()
        server.terminate()


def keeps_edited_line_when_turn_comes(arbiter):
    """Bob types `:lo`, completes it with Tab and edits it with the arrow keys while he waits;
    Ann's move brings his turn and redraws the prompt as `Bob>` with the line as he left it."""
    server, links = table(arbiter)
    ann = subprocess.Popen([arbiter, "join", links["Ann"]], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        t = Terminal([arbiter, "join", links["Bob"]])
        t.expect(r"\(waiting for Ann\)> ")
        t.send(":lo\t")            # Tab completes `:log `
        t.expect("g ")
        t.send("\x1b[D\x1b[Dx")   # two steps left, an x: `:loxg `
        t.expect("x")
        ann.stdin.write("a1\n")
        ann.stdin.flush()
        t.expect("Your options:")
        t.expect("Bob> :loxg ")
        t.line("")
        t.expect(r"unknown command ':loxg'")
        t.line(":quit")
        assert t.wait() == 0, plain(t.out)
    finally:
        ann.kill()
        server.terminate()


def goofspiel_fits_60_columns(arbiter):
    """A whole game of Goofspiel against a bot, joined at a 60-column terminal: the table, the
    options and the narration fit (the table laid out for the terminal as `arbiter play` lays it
    out, a long zone broken between its cards)."""
    db = os.path.join(tempfile.mkdtemp(), "tables.db")
    server = subprocess.Popen([arbiter, "serve", "goofspiel", "--players", "Ann,Bob", "--bot", "Bob=random", "--seed", "3",
                               "--port", "0", "--db", db], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    link = next(m.group(1) for m in (re.match(r"^\s+Ann\s+(http://\S+)$", line) for line in server.stdout) if m)
    try:
        t = Terminal([arbiter, "join", link], cols=60)
        for _ in range(13):  # each round: its options once, then the prompt (news may draw it again)
            option = t.expect(r"options:\S*\s*\r\n  ([^·\r]+)").group(1).strip()
            t.expect("Ann> ")
            t.line(option)
            t.expect(r"Ann bids \d+, Bob bids \d+\.")
        t.expect(r"\(game over\)> ")
        lines = [line.split("\r")[-1] for line in plain(t.out).replace("\r\n", "\n").split("\n")]
        wide = [line for line in lines if len(line) > 60]
        assert not wide and any(line.startswith("      | Bids made:") for line in lines), wide
        t.line(":quit")
        assert t.wait() == 0, plain(t.out)
    finally:
        server.terminate()


run({"completes_keeps_typing_and_ends": completes_keeps_typing_and_ends,
     "keeps_edited_line_when_turn_comes": keeps_edited_line_when_turn_comes,
     "goofspiel_fits_60_columns": goofspiel_fits_60_columns})
