#!/usr/bin/python3
"""Follows the tutorial of docs/writing-a-ruleset.md word for word, in a fresh folder.

The tutorial part is the text of the sections named in TUTORIAL_SECTIONS, each up to the
next heading. Its fenced blocks are taken in page order, and each must be one of:

- a command block: its lines starting `$ ` are commands, and the lines under a command
  are what the page says it prints. Each command is run by sh in the folder, with the
  arbiter binary in place of `arbiter`, `build/arbiter` or `./build/arbiter`, stdin empty
  (so `arbiter play` ends at once); it must exit with status 0 within 60 s.
- a file block (one with a language, ```yaml or ```lua): the file is the last name ending
  in .yaml or .lua written in backticks in the paragraph just before the block, a path
  inside the folder the page's `arbiter new` made. The block is the whole file, except a
  block whose first line is `---` (one more YAML document), which is added to its end.

Any other block, a file block whose paragraph names no file, or a missing step of
EXPECTED_STEPS fails the test, so a tutorial step cannot silently drop out.

What is compared: each line the page shows under a command must appear in what the
command writes to stdout, in the same order; the command may print lines the page leaves
out (the page shows "among them" four of mutate's survivors). Blank lines are not
compared, nor lines that report time (`time  0.1 s on 2 threads`: the machine's), and of
`arbiter new`'s output only the first line (its last line names the next commands and is
free to change). Everything else on the page (check's counts, seeded and so the same on
every run; test's PASS lines and `N passed, N failed`; mutate's counts, score and
survivors) must be printed as shown.

Run with Debian's python3: writing_a_ruleset_test.py ARBITER DOC
(DOC: docs/writing-a-ruleset.md, or a changed copy of it to see the test fail).
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TUTORIAL_SECTIONS = [
    "Start from `arbiter new`",
    "A first ruleset: High Card",
    "Does the suite pin the rules? `arbiter mutate`",
]

# The steps a user takes, in order: each must be one of the page's steps (a command that
# starts so, or a file written or added to), and they must come in this order.
EXPECTED_STEPS = [
    ("run", "arbiter new"),
    ("write", "game.yaml"),
    ("write", "rules.lua"),
    ("run", "arbiter check"),
    ("run", "arbiter play"),
    ("run", "rm "),
    ("write", "scenarios/highest-card-scores.yaml"),
    ("run", "arbiter test"),
    ("append", "scenarios/highest-card-scores.yaml"),
    ("run", "arbiter test"),
    ("run", "arbiter mutate"),
]

COMMAND_TIMEOUT_S = 60
ARBITER_WORD = re.compile(r"(?<![\w/.-])(?:\./)?(?:build/)?arbiter(?![\w/.-])")
FILE_NAME = re.compile(r"`([\w./-]+\.(?:yaml|lua))`")


class PageError(Exception):
    """The page does not hold the tutorial as the test expects (names the page's line)."""


def tutorial_lines(doc_lines):
    """Each tutorial section's lines, with their 1-based line numbers on the page."""
    parts = []
    for title in TUTORIAL_SECTIONS:
        heading = "## " + title
        starts = [i for i, line in enumerate(doc_lines) if line.rstrip() == heading]
        if len(starts) != 1:
            raise PageError(f"the page has {len(starts)} headings '{heading}', expected 1")
        part = []
        for i in range(starts[0] + 1, len(doc_lines)):
            if doc_lines[i].startswith("#") and not part_in_fence(part):
                break
            part.append((i + 1, doc_lines[i]))
        parts.append(part)
    return parts


def part_in_fence(part):
    """Whether the lines so far leave a fenced block open (a `#` line there is code)."""
    return sum(1 for _, line in part if line.startswith("```")) % 2 == 1


def blocks_of(part):
    """The fenced blocks of one section: (line number, language, body lines, paragraph)."""
    blocks, prose, i = [], [], 0
    while i < len(part):
        number, line = part[i]
        if not line.startswith("```"):
            prose.append(line)
            i += 1
            continue
        language, body, i = line[3:].strip(), [], i + 1
        while i < len(part) and not part[i][1].startswith("```"):
            body.append(part[i][1])
            i += 1
        if i == len(part):
            raise PageError(f"line {number}: a fenced block that is never closed")
        blocks.append((number, language, body, last_paragraph(prose)))
        prose, i = [], i + 1
    return blocks


def last_paragraph(prose):
    """The paragraph just before a block: the lines after the last blank one."""
    text = "\n".join(prose).strip()
    return text.split("\n\n")[-1] if text else ""


def steps_of(block):
    """One block as steps: ("run", command, shown lines) or ("write"/"append", name, text)."""
    number, language, body, paragraph = block
    if language:
        names = FILE_NAME.findall(paragraph)
        if not names:
            raise PageError(f"line {number}: a ```{language} block, but the paragraph before "
                            "it names no file (`NAME.yaml` or `NAME.lua`)")
        kind = "append" if body and body[0].strip() == "---" else "write"
        return [(kind, names[-1], "\n".join(body) + "\n", number)]
    if not body or not body[0].startswith("$ "):
        raise PageError(f"line {number}: a block in the tutorial that is neither a file "
                        "(```yaml, ```lua) nor commands (`$ ` lines)")
    steps = []
    for offset, line in enumerate(body):
        if line.startswith("$ "):
            steps.append(("run", line[2:].strip(), [], number + 1 + offset))
        else:
            steps[-1][2].append(line)
    return steps


def check_expected(steps):
    """Fails unless EXPECTED_STEPS appear among the page's steps, in order."""
    at = 0
    for kind, what in EXPECTED_STEPS:
        while at < len(steps) and not matches(steps[at], kind, what):
            at += 1
        if at == len(steps):
            raise PageError(f"the tutorial has no step {kind} '{what}' where expected "
                            f"(after the steps before it in EXPECTED_STEPS)")
        at += 1


def matches(step, kind, what):
    if step[0] != kind:
        return False
    if kind == "run":
        return normalised(step[1]).startswith(what)
    return step[1] == what


def normalised(command):
    """The command as the page would write it with a plain `arbiter`."""
    return ARBITER_WORD.sub("arbiter", command)


def compared_lines(command, shown):
    """The lines of the page's output that must appear in what the command prints."""
    lines = [line.rstrip() for line in shown if line.strip()]
    lines = [line for line in lines if not re.match(r"\s*time\s", line)]
    if normalised(command).startswith("arbiter new"):
        lines = lines[:1]
    return lines


def missing_line(expected, actual):
    """The first expected line not found, in order, among the actual lines (None: all)."""
    actual = [line.rstrip() for line in actual]
    at = 0
    for line in expected:
        while at < len(actual) and actual[at] != line:
            at += 1
        if at == len(actual):
            return line
        at += 1
    return None


class Follower:
    """Carries out the steps in one folder, remembering the ruleset `arbiter new` made."""

    def __init__(self, arbiter, folder):
        self.arbiter, self.folder, self.ruleset = arbiter, folder, None
        self.env = {k: v for k, v in os.environ.items() if k != "ARBITER_PATH"}
        self.env["NO_COLOR"] = "1"

    def run(self, command, shown, number):
        if normalised(command).startswith("arbiter new "):
            self.ruleset = shlex.split(normalised(command))[2]
        line = ARBITER_WORD.sub(shlex.quote(self.arbiter), command)
        try:
            done = subprocess.run(["sh", "-c", line], cwd=self.folder, env=self.env,
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  timeout=COMMAND_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return f"line {number}: `{command}` ran past {COMMAND_TIMEOUT_S} s"
        said = f"stdout:\n{done.stdout}stderr:\n{done.stderr}"
        if done.returncode != 0:
            return f"line {number}: `{command}` exited with status {done.returncode}\n{said}"
        lost = missing_line(compared_lines(command, shown), done.stdout.splitlines())
        if lost is not None:
            return (f"line {number}: `{command}` did not print, where the page shows it:\n"
                    f"  {lost}\n{said}")
        return None

    def write(self, kind, name, text, number):
        if self.ruleset is None:
            return f"line {number}: {name} comes before the page's `arbiter new`"
        path = Path(self.folder, self.ruleset, name)
        if kind == "append" and not path.exists():
            return f"line {number}: a block to add to {name}, which is not there yet"
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a" if kind == "append" else "w", encoding="utf-8") as out:
            out.write(text)
        return None


def follow(arbiter, steps, folder):
    """Carries out every step; the number of steps done, and the first failure or None."""
    follower = Follower(arbiter, folder)
    for done, (kind, what, detail, number) in enumerate(steps):
        if kind == "run":
            failure = follower.run(what, detail, number)
        else:
            failure = follower.write(kind, what, detail, number)
        if failure:
            return done, failure
        print(f"ok   line {number}: {kind} {normalised(what) if kind == 'run' else what}")
    return len(steps), None


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: writing_a_ruleset_test.py ARBITER DOC")
    arbiter, doc = os.path.abspath(argv[1]), Path(argv[2])
    try:
        steps = []
        for part in tutorial_lines(doc.read_text(encoding="utf-8").splitlines()):
            for block in blocks_of(part):
                steps.extend(steps_of(block))
        check_expected(steps)
    except PageError as error:
        print(f"FAIL {doc}: {error}")
        return 1
    folder = tempfile.mkdtemp(prefix="tutorial-")
    done, failure = follow(arbiter, steps, folder)
    if failure:
        print(f"FAIL {doc}: {failure}\n(the folder is kept: {folder})")
        return 1
    shutil.rmtree(folder)
    print(f"tutorial: all {done} steps of {doc.name} done, each as the page says")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
