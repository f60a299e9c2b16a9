#!/usr/bin/env python3
"""Checks that every Catch2 test case runs under exactly one CTest entry.

    tests/ctest_guard/every_case_runs.py BUILD_DIR BINARY [BINARY ...]

Reads the CTest entries of BUILD_DIR (`ctest --show-only=json-v1`). Every entry whose command
runs one of the Catch2 BINARYs is asked which test cases it selects (its own arguments with
`--list-test-names-only` added). It fails, naming each, when:
- an entry selects no test case (it would run nothing and pass);
- an entry runs without `--warn NoTests` (so a filter that matches nothing would still pass);
- a test case a binary lists is selected by no entry, or by more than one.
Exit status 0 when all is well, 1 with the findings on standard output.
"""
import json
import os
import subprocess
import sys


def ctest_entries(build_dir):
    """The CTest entries of BUILD_DIR: name, command (a list) and working directory."""
    out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build_dir, check=True,
                         capture_output=True, text=True).stdout
    entries = []
    for test in json.loads(out).get("tests", []):
        props = {p["name"]: p["value"] for p in test.get("properties", [])}
        entries.append((test["name"], test.get("command", []),
                        props.get("WORKING_DIRECTORY", build_dir)))
    return entries


def listed(command, cwd):
    """The test case names a Catch2 command selects: its arguments and --list-test-names-only."""
    run = subprocess.run(command + ["--list-test-names-only"], cwd=cwd,
                         capture_output=True, text=True)
    # Catch2 exits with the number listed; a crash or a refused argument is below 0 or says so.
    if run.returncode < 0 or run.stderr.strip():
        raise RuntimeError(f"{command[0]} could not list: status {run.returncode}: {run.stderr.strip()}")
    return [line for line in run.stdout.split("\n") if line != ""]


def warns_no_tests(args):
    for i, arg in enumerate(args):
        if arg in ("-w", "--warn") and i + 1 < len(args) and args[i + 1] == "NoTests":
            return True
    return False


def check(build_dir, binaries):
    binaries = {os.path.realpath(b) for b in binaries}
    findings = []
    runs = {b: {name: [] for name in listed([b], build_dir)} for b in binaries}
    for entry, command, cwd in ctest_entries(build_dir):
        if not command or os.path.realpath(command[0]) not in binaries:
            continue
        binary = os.path.realpath(command[0])
        if not warns_no_tests(command[1:]):
            findings.append(f"entry '{entry}' runs without --warn NoTests: a filter matching nothing passes")
        names = listed(command, cwd)
        if not names:
            findings.append(f"entry '{entry}' runs no test case")
        for name in names:
            runs[binary].setdefault(name, []).append(entry)
    for binary, cases in sorted(runs.items()):
        for name, entries in sorted(cases.items()):
            if not entries:
                findings.append(f"{os.path.basename(binary)}: '{name}' is run by no entry")
            elif len(entries) > 1:
                named = ", ".join(f"'{e}'" for e in entries)
                findings.append(f"{os.path.basename(binary)}: '{name}' is run by {len(entries)} entries: {named}")
    return findings


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    findings = check(argv[1], argv[2:])
    for finding in findings:
        print(finding)
    if findings:
        print(f"{len(findings)} finding(s): not every test case runs under exactly one CTest entry")
        return 1
    print("every test case of " + ", ".join(os.path.basename(b) for b in argv[2:])
          + " runs under exactly one CTest entry")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
