"""`arbiter play` at a pseudo-terminal, what the table shows and when: output through a pipe,
hot-seat hand-overs, :reload, refusals, completion. Run by CTest as `table_test.py ARBITER
CASE`, one test per case. Each waits for the text it expects, with a deadline, never a sleep."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import Terminal, plain, run  # noqa: E402


def too_wide(text, columns=60):
    return [line for line in plain(text).replace("\r", "").split("\n") if len(line) > columns]


def piped_output_shows_table_and_prompt(arbiter):
    """`arbiter play stacks | cat` at a 60-column terminal: the table and the prompt are there before
    anything is typed (flushed before the read), laid out for 60 columns (the input terminal's)."""
    t = Terminal(["sh", "-c", f"'{arbiter}' play stacks --seed 3 | cat"], cols=60)
    t.expect("Your options:")
    t.expect("Andy> ")
    assert not too_wide(t.out), too_wide(t.out)
    t.line("play 4 bid 4", cooked=True)  # through a pipe there is no line editor: the terminal reads lines
    t.expect(r"\(Enter passes\)> ")
    t.send("\x04", cooked=True)
    assert t.wait() == 0


def hot_seat_clears_scrollback(arbiter):
    """Handing over clears the screen and the scrollback, before and after "Pass to"."""
    t = Terminal([arbiter, "play", "stacks", "--players", "Ann,Ben", "--seed", "3"])
    t.expect(re.escape("\x1b[2J\x1b[3J\x1b[H") + "Pass to Ann, and press Enter")
    t.line("")
    t.expect(re.escape("\x1b[2J\x1b[3J\x1b[H"))
    t.expect("Ann> ")
    t.send("\x04")
    assert t.wait() == 0


def _stacks_after(arbiter, keys_before, reload):
    """Plain output of a game of Stacks with seed 3 after `keys_before`, with or without :reload typed
    at the last prompt, then Enter (pass) and Ctrl-D at the next human prompt."""
    t = Terminal([arbiter, "play", "stacks", "--seed", "3"])
    for prompt, key in keys_before:
        t.expect(prompt)
        t.line(key)
    t.expect(r"\(Enter passes\)> ")
    if reload:
        t.line(":reload")
        m = t.expect(r"all\s+\d+\s+steps\s+replay\s+alike\.([\s\S]*?)\(Enter passes\)> ")
        assert "dealt again" not in m.group(1), plain(m.group(0))
    mark = t.seen
    t.line("")
    t.expect("Andy> ")
    after = plain(t.out[mark:t.seen])
    t.send("\x04")
    t.wait()
    return after


def reload_changes_nothing(arbiter):
    """:reload with no edit, at the out-of-turn prompt: the person is asked again, the bots choose as
    without it (their random streams go on; their passes stay passes), nothing is dealt again."""
    keys = [("Andy> ", "play 4 bid 4")]
    plain_game = _stacks_after(arbiter, keys, False)
    reloaded = _stacks_after(arbiter, keys, True)
    assert plain_game == reloaded, (plain_game, reloaded)


def refusal_prints_only_the_refusal(arbiter):
    """A refused line, a bare `help` and :help print their answer and the prompt, not the table again;
    the refusal's legal: list is wrapped to the terminal (60 columns)."""
    t = Terminal([arbiter, "play", "stacks", "--seed", "3"], cols=60)
    t.expect("Your options:")
    t.expect("Andy> ")
    for line, answer in [("play 9 bid 9", r"legal: "), ("help", r"commands start with a colon"), (":help", r":quit")]:
        mark = t.seen
        t.line(line)
        t.expect(answer)
        t.expect("Andy> ")
        shown = plain(t.out[mark:t.seen])
        assert "Your options:" not in shown and "Stacks · round" not in shown, shown
    assert not too_wide(t.out), too_wide(t.out)
    t.line("play 4 bid 4")  # the game moves: the next prompt of Andy's shows the table again
    t.expect(r"\(Enter passes\)> ")
    t.send("\x04")
    assert t.wait() == 0


def a_cut_short_word_stands_for_the_one_action(arbiter):
    """In Stack Nabbit `sto` is `stop`, the only action that starts so; `dr` is `draw`."""
    t = Terminal([arbiter, "play", "stack-nabbit", "--players", "Ann,Ben", "--bot", "Ben=random", "--seed", "1"])
    t.expect("Ann> ")
    t.line("dr")
    t.expect("Ann> ")
    assert "not legal" not in t.out, plain(t.out)
    t.line("sto")
    t.expect(r"Ann (keeps|stops)")
    assert "not legal" not in t.out, plain(t.out)
    t.send("\x04")
    t.wait()


def a_long_zone_wraps_between_items(arbiter):
    """Goofspiel to its end at 60 columns: a seat's zone too long for a line of its own (13 bids
    made) breaks between cards, the rest indented under its label; no line is wider than 60."""
    t = Terminal([arbiter, "play", "goofspiel", "--players", "Ann,Bob", "--bot", "Bob=random", "--seed", "3"], cols=60)
    for _ in range(13):
        t.expect(r"Ann> ")
        first = re.findall(r"options:\S*\s*\r\n  ([^·\r]+)", plain(t.out))[-1].strip()
        t.line(first)
    t.expect("Game over.")
    assert not too_wide(t.out), too_wide(t.out)
    lines = plain(t.out).replace("\r", "").split("\n")
    tails = [lines[i + 1] for i, line in enumerate(lines[:-1]) if "| Bids made:" in line and lines[i + 1].startswith("        ")]
    assert tails and all(re.fullmatch(r"\s+([SHD]\d+ ?)+", tail) for tail in tails), tails
    t.line(":quit")
    assert t.wait() == 0


def a_chance_question_fits_the_terminal(arbiter):
    """Stack Attack asks the table whether a piece held: at 60 columns the question and each
    outcome's help fit, the help wrapped under its own column."""
    t = Terminal([arbiter, "play", "stack-attack", "--seed", "1"], cols=60)
    t.expect("Andy> ")
    t.line("bid 3 5000 1000 500")
    t.expect("Andy> ")
    t.line("pass")
    t.expect("table> ")
    assert not too_wide(t.out), too_wide(t.out)
    assert re.search(r"\r\n  knocked    pieces of the stack fell, [^\r]*\r\n {13}\S", plain(t.out)), plain(t.out)[-800:]
    t.send("\x04")
    t.wait()


run({f.__name__: f for f in [piped_output_shows_table_and_prompt, hot_seat_clears_scrollback, reload_changes_nothing, refusal_prints_only_the_refusal,
                             a_cut_short_word_stands_for_the_one_action, a_long_zone_wraps_between_items,
                             a_chance_question_fits_the_terminal]})
