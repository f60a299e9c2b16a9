#!/usr/bin/env python3
"""Each golden playthrough is the game `arbiter sim` plays from the same seed, as the
command's help says: for every rulesets/<id>/golden/*.txt, sim plays one game with the file's
options, and its report agrees with the file on the line of play (the seats' actions, as far as
sim's tally keeps it); for a game that ended in the file, on the number of actions and who won
too; for one the file cut short (--max-steps), sim plays it to the end and its line begins with
the file's.   same_game_as_sim.py ARBITER SOURCE_DIR"""
import glob
import json
import os
import re
import subprocess
import sys

PREFIX = "$ arbiter playthrough "


def sim_words(words, ended):
    """The playthrough's words as sim's: --max-steps N is --max-actions N for a game that ended
    within it; a game cut short is played to its end, for its line of play to begin with the file's."""
    out = []
    for word in words:
        if word == "--max-steps":
            out.append("--max-actions")
        elif out and out[-1] == "--max-actions" and not ended:
            out.pop()
        else:
            out.append(word)
    return out


def file_facts(lines):
    """What the golden file says: the actions in order, whether the game ended, the winners."""
    actions = [m.group(1) + " " + m.group(2) for m in (re.match(r"^action: (.*?): (.*)$", l) for l in lines) if m]
    ended = any(re.match(r"^== game over after \d+ steps? ==$", l) for l in lines)
    winners = []
    for line in lines:
        m = re.match(r"^Game over\. (.*?) (wins|share the win)\b", line)
        if m:
            winners = m.group(1).split(" and ")
    return actions, ended, sorted(winners)


def sim_facts(report):
    """The same facts from the report of one game that ended."""
    line = next(iter(report["tally"]["counts"]))
    winners = sorted(s["name"] for s in report["seats"] if s["win"]["wins"] > 0)
    return line, int(report["length"]["actions"]["sum"]), winners


def same_start(line, played, ended):
    """Whether sim's line of play is the file's: the whole of it, as far as sim keeps a line (256
    bytes, cut at a word and ended in "…"), or for a game the file cut short, its start."""
    kept = line[:-1].rstrip() if line.endswith("…") else line
    if ended:
        return line == played or (kept != line and played.startswith(kept))
    return kept.startswith(played) or played.startswith(kept)


def check(arbiter, source, path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if not lines[0].startswith(PREFIX):
        return f"{path}: line 1 is not a playthrough command"
    actions, ended, file_winners = file_facts(lines[1:])
    words = lines[0][len(PREFIX):].split()
    command = [arbiter, "sim"] + sim_words(words, ended) + ["--games", "1", "--threads", "1", "--tally", "actions", "--json"]
    # This tree's rulesets and scripts, as diff_test.sh reads them.
    env = {k: v for k, v in os.environ.items() if k not in ("ARBITER_PATH", "ARBITER_HOME")}
    run = subprocess.run(command, cwd=source, capture_output=True, text=True, env=dict(env, LC_ALL="C.UTF-8"))
    if run.returncode != 0:
        return f"{path}: {' '.join(command[1:])} failed: {run.stderr.strip()}"
    report = json.loads(run.stdout)
    if report["finished"] != 1:
        return f"{path}: sim's game did not end ({' '.join(command[1:])})"
    line, count, winners = sim_facts(report)
    played = ", ".join(actions) if actions else "(no action)"
    problems = []
    if not same_start(line, played, ended):
        problems.append(f"the line of play differs:\n  sim:  {line}\n  file: {played[:300]}")
    if ended and count != len(actions):
        problems.append(f"sim took {count} actions, the file {len(actions)}")
    if not ended and count < len(actions):
        problems.append(f"sim's whole game took {count} actions, fewer than the file's {len(actions)}")
    if ended and winners != file_winners:
        problems.append(f"sim's winners are {winners}, the file's {file_winners}")
    return f"{path}: " + "; ".join(problems) if problems else None


def main():
    arbiter, source = sys.argv[1], sys.argv[2]
    files = sorted(glob.glob(os.path.join(source, "rulesets", "*", "golden", "*.txt")))
    if not files:
        print("FAIL: no golden files under rulesets/*/golden/")
        return 1
    failures = [problem for problem in (check(arbiter, source, f) for f in files) if problem]
    for problem in failures:
        print("FAIL:", problem)
    print(f"{len(files) - len(failures)} of {len(files)} golden playthroughs are sim's games")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
