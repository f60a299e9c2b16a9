"""`arbiter play` at a pseudo-terminal: the interactive behaviour docs/play.md's "At the prompt"
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
    t.expect("save as> ")
    t.line("")
    assert t.wait() == 0


def simultaneous_choice_hands_over(arbiter):
    """Two humans throwing at once (tests/fixtures/throw): nothing else is hidden, yet each
    throw is handed over privately, and Bob's screen says only that Ann has chosen."""
    throw = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "throw")
    t = Terminal([arbiter, "play", throw, "--players", "Ann,Bob", "--seed", "1"])
    t.expect("Pass to Ann, and press Enter")
    t.line("")
    t.expect("Ann> ")
    t.line("paper")
    t.expect("Pass to Bob, and press Enter")
    t.line("")
    t.expect("Bob> ")
    screen = plain(t.screen())
    assert "Ann has chosen." in screen, screen
    assert "Ann: paper" not in screen and "throws paper" not in screen, screen
    t.line("rock")
    t.expect("Pass to Ann, and press Enter")
    t.line("")
    t.expect("Ann throws paper, Bob throws rock.")
    t.expect("Ann> ")
    t.line(":quit")
    t.expect("save as> ")
    t.line("")
    assert t.wait() == 0


def nothing_hidden_no_hand_over(arbiter):
    """Two humans at Stacks 5x5: nothing is hidden, so nobody is asked to pass the keyboard."""
    t = Terminal([arbiter, "play", "stacks-5x5", "--players", "Ann,Ben", "--seed", "1"])
    t.expect("Ann> ")
    assert "Pass to" not in t.out, plain(t.out)
    t.line(":quit")
    t.wait()


def ctrl_c_cancels_then_leaves(arbiter):
    """Ctrl-C drops the line typed; a second one leaves, offering to save the game under way."""
    t = Terminal([arbiter, "play", "stacks", "--seed", "3"])
    t.expect("Andy> ")
    t.send("play 4")
    t.expect("play 4")
    t.interrupt()
    t.expect(r"\(Ctrl-C again or :quit leaves the game\)")
    t.expect("Andy> ")
    t.line("play 4 bid 4")
    t.expect(r"\(Enter passes\)> ")
    t.interrupt()
    t.expect("Ctrl-C again")
    t.expect(r"\(Enter passes\)> ")
    t.interrupt()
    t.expect("Save the game before leaving")
    t.expect("save as> ")
    t.line("quit-save.yaml")
    t.expect("Saved to quit-save.yaml")
    assert t.wait() == 0
    t = Terminal([arbiter, "play", "stacks", "--load", "quit-save.yaml"])
    t.expect(r"\(Enter passes\)> ")
    t.line(":quit")
    t.expect("save as> ")
    t.line("")
    assert t.wait() == 0


def ctrl_c_stops_a_thinking_bot(arbiter):
    """A bot searching for long says so; Ctrl-C makes it play its best move so far."""
    t = Terminal([arbiter, "play", "tictactoe", "--players", "Ann,Ben", "--bot", "2=mcts:100000000"])
    t.expect("Ann> ")
    t.line("b2")
    t.expect(r"Ben is thinking…")
    t.interrupt(at_prompt=False)
    t.expect(r"Ben puts O on")
    t.expect("Ann> ")
    t.send("\x04")
    assert t.wait() == 0


def out_of_turn_prompt_completes_and_quits(arbiter):
    """Tab at the out-of-turn prompt completes 'call' (not an on-turn action)."""
    t = Terminal([arbiter, "play", "stacks", "--seed", "3"])
    t.expect("Andy> ")
    t.line("play 4 bid 4")
    t.expect(r"\(Enter passes\)> ")
    t.send("ca")
    t.expect("ca")
    t.send("\t\r")
    t.expect("Andy calls Bill")
    t.expect(r"> ")
    t.line(":quit")
    t.expect("save as> ")
    t.line("")
    assert t.wait() == 0


def out_of_turn_prompt_quits(arbiter):
    """:quit and Ctrl-D leave from the out-of-turn prompt."""
    for leave in [":quit\r", "\x04"]:
        t = Terminal([arbiter, "play", "stacks", "--seed", "3"])
        t.expect("Andy> ")
        t.line("play 4 bid 4")
        t.expect(r"\(Enter passes\)> ")
        t.send(leave)
        if leave.startswith(":"):
            t.expect("save as> ")
            t.line("")
        assert t.wait() == 0


def seat_line_names_kinds(arbiter):
    """--bot 2=mcts changes seat 2 only; the seat line names each kind."""
    t = Terminal([arbiter, "play", "stacks", "--bot", "2=mcts", "--seed", "1"])
    # 64 characters: at 60 columns the line breaks between words, and goes on indented.
    t.expect(r"Seats: Andy \(human\), Bill \(mcts:300\), Charlie\r?\n  \(random\)\.")
    t.expect("Andy> ")
    t.line(":quit")
    assert t.wait() == 0


def which_one_keeps_the_line(arbiter):
    """The "Which one?" menu asks again after a wrong answer, and says so when nothing is played."""
    t = Terminal([arbiter, "play", "stacks", "--seed", "3"])
    t.expect("Andy> ")
    t.line("play 2")
    t.expect(r"Which one\?")
    t.expect("number> ")
    t.line("x")
    t.expect("'x' is not one of 1 to")
    t.expect("number> ")
    t.line("")
    t.expect("Nothing played; 'play 2' is still to be finished")
    t.expect("Andy> ")
    t.line("play 2")
    t.expect("number> ")
    t.line("1")
    t.expect("Andy plays one card and bids 2")
    t.send("\x04")
    t.wait()


def sim_progress_fits_60_columns(arbiter):
    """arbiter sim's progress bar, on a terminal of 60 columns, stays within them."""
    import re
    t = Terminal([arbiter, "sim", "stacks", "--games", "2000", "--threads", "1"], cols=60)
    assert t.wait(120) == 0
    bars = [plain(s) for s in re.split(r"[\r\n]", t.out) if "games" in s and "[" in s]
    assert bars and max(len(b) for b in bars) <= 60, bars


def sim_ladder_shows_progress(arbiter):
    """arbiter sim --ladder draws a progress bar over every pair's games, within 60 columns."""
    import re
    t = Terminal([arbiter, "sim", "stacks", "--games", "40", "--threads", "1", "--ladder", "random,mcts:2,mcts:3"], cols=60)
    t.expect(r"\] [0-9]+/120 ladder games", timeout=60)
    assert t.wait(120) == 0
    bars = [plain(s) for s in re.split(r"[\r\n]", t.out) if "ladder games" in s and "[" in s]
    assert bars and max(len(b) for b in bars) <= 60, bars


def sim_interrupt_reports_partial(arbiter):
    """Ctrl-C during `arbiter sim` (its progress line on the terminal) stops the workers once some
    games are finished: those are reported, marked partial, and the status is 130."""
    import json
    script = 'exec "$0" sim stacks --games 100000 --bot all=mcts:20 --threads 2 --json > sim-partial.json'
    t = Terminal(["sh", "-c", script, arbiter], cols=60)
    t.expect(r"\] [1-9][0-9]*/100000 games", timeout=60)
    t.interrupt(at_prompt=False)
    assert t.wait(60) == 130, plain(t.out)
    with open("sim-partial.json") as f:
        report = json.load(f)
    assert "partial" in report and 0 < report["games"] < 100000, report.get("partial")


def table_fits_60_columns(arbiter):
    """At 60 columns the table and the options fit: long seat lines go on below the name."""
    t = Terminal([arbiter, "play", "stack-attack", "--seed", "1", "--players", "6"], cols=60)
    t.expect("Player1> ")
    text = plain(t.out)
    table = text[text.index("Stack Attack! · round"):text.rindex("Player1> ")]
    too_wide = [line for line in table.splitlines() if len(line) > 60]
    assert not too_wide, too_wide
    t.send("\x04")
    t.wait()


def game_end_keeps_a_prompt(arbiter):
    """After the end, the table stays: :log works, :undo takes the game back, Ctrl-D leaves."""
    t = Terminal([arbiter, "play", "tictactoe", "--players", "Ann,Ben"])
    for who, move in [("Ann", "a1"), ("Ben", "a2"), ("Ann", "b1"), ("Ben", "b2"), ("Ann", "c1")]:
        t.expect(who + "> ")  # the prompt: libedit reads the terminal from then on
        t.line(move)
    t.expect("Game over. Ann wins")
    t.expect(r"\(game over\)> ")
    t.line(":log")
    t.expect("Three in a row")
    t.expect(r"\(game over\)> ")
    t.line(":undo")
    t.expect("Undone")
    t.expect("Ann> ")
    t.send("\x04")
    assert t.wait() == 0


def narration_wraps_at_60_columns(arbiter):
    """At 60 columns narration and messages break between words, never inside one."""
    t = Terminal([arbiter, "play", "stacks", "--seed", "1"], cols=60)
    t.expect("Andy> ")
    t.line("play 2 bid 5")
    t.expect(r"Charlie calls Andy: the stack \[2\] is worth 2, not 5\. A\r?\n  bluff! Charlie takes the stack\.")
    t.expect("Andy> ")
    t.line(":save wrap-save.yaml")  # its warning, printed once, is a long line too
    t.expect("whoever reads")
    t.expect("Andy> ")
    lines = plain(t.out).replace("\r", "").split("\n")
    too_wide = [line for line in lines if len(line) > 60]
    assert not too_wide, too_wide
    t.send("\x04")
    t.wait()


def repl_messages_fit_60_columns(arbiter):
    """At 60 columns every message of the REPL fits: refusals, did-you-mean, the meta commands'
    answers and errors, out-of-turn and the end of the game."""
    t = Terminal([arbiter, "play", "stacks", "--seed", "3", "--variant", "short"], cols=60)
    lines = ["plya 4 bid 4", "Zed: call", "play 4 bid 99999999999999999999999", ":nosuch", ":rules", ":legal",
             ":view Bill", ":view Nobody", ":load /nonexistent/save.yaml", ":save /nonexistent/dir/x.yaml",
             ":undo", "help", "quit", "play 4 bid 4"]
    for line in lines:
        t.expect("Andy> ")
        t.line(line)
    t.expect(r"\(Enter passes\)> ")
    t.line(":log")
    t.expect(r"\(Enter passes\)> ")
    t.line("call")
    t.expect(r"Andy calls Bill")
    t.expect(r"(Andy|\(Enter passes\))> ")
    t.send("\x04")
    t.wait()
    text = plain(t.out).replace("\r", "")
    too_wide = [line for line in text.split("\n") if len(line) > 60]
    assert not too_wide, too_wide


def help_fits_60_columns(arbiter):
    """arbiter play --help at 60 columns: every line fits, the descriptions broken between words."""
    t = Terminal([arbiter, "play", "--help"], cols=60)
    assert t.wait() == 0
    lines = plain(t.out).replace("\r", "").split("\n")
    too_wide = [line for line in lines if len(line) > 60]
    assert not too_wide, too_wide
    text = " ".join(line.strip() for line in lines)
    assert "Kinds: human, random, mcts (300 iterations), mcts:N, mcts:Nms," in text, text


def undo_at_out_of_turn_prompt(arbiter):
    """:undo at the out-of-turn prompt takes the game back to the human's turn, not to that prompt."""
    t = Terminal([arbiter, "play", "stacks", "--seed", "3"])
    t.expect("Andy> ")
    t.line("play 4 bid 4")
    t.expect(r"\(Enter passes\)> ")
    t.line(":undo")
    t.expect("Undone.")
    t.expect("Andy> ")
    assert "(Enter passes)" not in plain(t.out[t.out.rindex("Undone."):]), plain(t.out)
    t.send("\x04")
    assert t.wait() == 0


def long_line_is_refused(arbiter):
    """A line typed (or pasted) past 65536 bytes is refused with the limit, and the prompt comes back."""
    t = Terminal([arbiter, "play", "stacks", "--seed", "3"])
    t.expect("Andy> ")
    t.reading()
    for _ in range(70):  # in chunks, reading the echo between them: the pty's buffers are small
        os.write(t.fd, b"x" * 1000)
        while t._read(0.05):
            pass
    t.line("")
    t.expect(r"a line of \d+ bytes is longer than any input line\s+\(65536\); it is dropped")  # wrapped to the terminal
    t.expect("Andy> ")
    t.line("play 4 bid 4")
    t.expect(r"\(Enter passes\)> ")
    t.send("\x04")
    t.wait()



def hostile_ruleset_at_terminal(arbiter):
    """A ruleset's escape sequences reach the terminal escaped (table, options, narration,
    the chance question, Tab completion; a seat named with one is refused), while Arbiter's own colours still work."""
    ruleset = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "hostile", "term-attacks")
    t = Terminal([arbiter, "play", ruleset, "--players", "Ann,Ben", "--bot", "2=random",
                  "--set", "boom=false", "--seed", "3"])
    t.expect("Ann> ")
    t.send("fo\t")          # completes the action in its visible form (libedit writes the rest)
    t.expect(r"ld\\u202edlof")
    t.line("")              # not the action's text (that has U+202E): refused
    t.expect("Ann> ")
    t.line("say")
    t.expect(r"narration \\e\]52;c;ZWNobyBvd25lZA==\\x07")  # the rest wraps at 60 columns
    t.expect(r"\\e\[2J\\e\[H \\x9b2J \\u202edlof")
    t.expect("Ann> ")
    t.line("toss")
    t.expect(r"How did it land\? \\e\]0;title-from-question\\x07")
    t.expect(r"up \\e\[2J \\x9b2J")
    t.expect("table> ")
    t.line("heads")
    t.expect(r"landed heads \\e\]52")
    t.send("\x04")
    t.wait()
    for raw in ["\x1b]", "\x9b", "\u202e", "\x1b[2J\x1b[H"]:
        assert raw not in t.out, (raw, t.out[-3000:])
    assert "\x1b[1mYour options:" in t.out, t.out[-3000:]  # colour is on at a terminal
    assert "\x1b[1mTerm\\e]0;title-from-name\\x07 attacks" in t.out, t.out[-3000:]



def ascii_without_utf8_locale(arbiter):
    """Under LC_ALL=C the table, the options and the prompt are ASCII: `>` marks the seat on turn."""
    t = Terminal([arbiter, "play", "stacks", "--seed", "3"], env={"LC_ALL": "C"})
    t.expect("Andy> ")
    assert all(ord(c) < 128 for c in t.out), [c for c in t.out if ord(c) >= 128]
    assert "> Andy" in plain(t.out) and "Stacks - 3 players" in plain(t.out), plain(t.out)
    t.send("\x04")
    assert t.wait() == 0


def seed_told_at_the_end(arbiter):
    """Without --seed the seed is a secret until the game is over: not in the seat line, :rules or
    :log (it fixes every shuffle, so it would tell the bots' hands); then it is printed. A seed
    given on the command line is shown from the start."""
    ruleset = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "become-secret")
    t = Terminal([arbiter, "play", ruleset])
    t.expect(r"Seats: Andy \(human\), Bill \(random\)\.")
    t.expect("Andy> ")
    for command in [":rules", ":log", ":table"]:
        t.line(command)
        t.expect("Andy> ")
    before = plain(t.out)
    assert "Seed" not in before and "seed" not in before, before
    t.line("guess red")
    m = t.expect(r"The seed was (\d+)")
    seed = m.group(1)
    assert seed not in before, (seed, before)
    t.expect(r"\(game over\)> ")
    t.send("\x04")
    assert t.wait() == 0
    t = Terminal([arbiter, "play", ruleset, "--seed", "5"])
    t.expect(r"Seed 5\. Seats: Andy")
    t.expect("Andy> ")
    t.line("guess red")
    t.expect(r"\(game over\)> ")
    assert "The seed was" not in plain(t.out), plain(t.out)
    t.send("\x04")
    assert t.wait() == 0



def chess_tab_completes_san(arbiter):
    """Tab completes a move typed in SAN (the ruleset's completions hook), not only the listed
    coordinates: "Nf" becomes "Nf3", the only move it starts."""
    t = Terminal([arbiter, "play", "chess", "--players", "Ann,Ben", "--bot", "2=random", "--seed", "1"])
    t.expect("Ann> ")
    t.send("Nf\t")
    t.expect("3")
    t.send("\r")
    t.expect(r"Ann plays 1\. Nf3")
    t.expect("Ann> ")
    t.send("\x04")
    t.wait()


def saving_before_leaving(arbiter):
    """:save ~/FILE writes to the home folder, and :quit then leaves without asking again; at
    "save as>" a command is not taken for a file name (:quit leaves unsaved), and the line that
    says how to resume quotes a name a shell would split."""
    import tempfile
    home = tempfile.mkdtemp()
    said = lambda t: " ".join(plain(t.out).replace("\r", "").split())  # noqa: E731 (wrapped lines joined)
    t = Terminal([arbiter, "play", "tictactoe", "--seed", "1"], env={"HOME": home})
    t.expect("Andy> ")
    t.line("b2")
    t.expect("Andy> ")
    t.line(":save ~/g.save")
    t.expect("Saved to " + home + "/g.save.")
    t.line(":quit")
    assert t.wait() == 0 and "before leaving" not in plain(t.out), plain(t.out)[-600:]
    t = Terminal([arbiter, "play", "tictactoe", "--seed", "1"], env={"HOME": home}, cols=80)
    t.expect("Andy> ")
    t.line("b2")
    t.expect("Andy> ")
    t.line(":quit")
    t.expect("save as> ")
    t.line(":help")
    t.expect("That is a command, not a file name.")
    t.expect("save as> ")
    t.line("~/my game.save")
    assert t.wait() == 0 and os.path.exists(os.path.join(home, "my game.save"))
    assert f"arbiter play --load '{home}/my game.save' resumes it." in said(t), said(t)[-300:]
    t = Terminal([arbiter, "play", "tictactoe", "--seed", "1"], env={"HOME": home})
    t.expect("Andy> ")
    t.line("b2")
    t.expect("Andy> ")
    t.line(":quit")
    t.expect("save as> ")
    t.line(":quit")
    saves = sorted(name for name in os.listdir(home) if not name.startswith("."))
    assert t.wait() == 0 and not os.path.exists(":quit") and saves == ["g.save", "my game.save"], saves



def quit_before_a_move(arbiter):
    """:quit before any seat has acted (Goofspiel's first prize, drawn before the first bid,
    is no move) leaves at once, without offering to save."""
    t = Terminal([arbiter, "play", "goofspiel", "--seed", "3"])
    t.expect("Andy> ")
    t.line(":quit")
    assert t.wait() == 0 and "save as" not in plain(t.out), plain(t.out)[-400:]



def ctrl_c_at_save_prompt_ends_the_line(arbiter):
    """Ctrl-C at "save as>" leaves unsaved, the prompt's line ended (the shell's prompt then
    starts a line of its own)."""
    t = Terminal([arbiter, "play", "tictactoe", "--seed", "1"])
    t.expect("Andy> ")
    t.line("b2")
    t.expect("Andy> ")
    t.line(":quit")
    t.expect("save as> ")
    t.interrupt()
    assert t.wait() == 0, plain(t.out)[-300:]
    tail = plain(t.out).replace("\r", "")
    assert tail.endswith("^C\n"), repr(tail[-80:])

run({f.__name__: f for f in [ctrl_c_at_save_prompt_ends_the_line, quit_before_a_move, chess_tab_completes_san, saving_before_leaving, long_line_is_refused, hostile_ruleset_at_terminal, narration_wraps_at_60_columns, help_fits_60_columns, repl_messages_fit_60_columns, undo_at_out_of_turn_prompt, hot_seat_hands_over, simultaneous_choice_hands_over, nothing_hidden_no_hand_over, ctrl_c_cancels_then_leaves,
                               ctrl_c_stops_a_thinking_bot, out_of_turn_prompt_completes_and_quits, out_of_turn_prompt_quits, seat_line_names_kinds, which_one_keeps_the_line, sim_progress_fits_60_columns, sim_ladder_shows_progress, sim_interrupt_reports_partial, table_fits_60_columns, game_end_keeps_a_prompt,
                               seed_told_at_the_end, ascii_without_utf8_locale]})
