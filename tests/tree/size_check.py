#!/usr/bin/env python3
"""Lists every source file over 500 lines, every C++ function over 60 lines and every C++ line
over 110 columns that holds no string literal or comment in the tree a
newcomer reads (the layers, the doors, fuzz/ bench/ tests/ tools/ examples/, not the fixtures
or the fuzz corpus), as FILE:LINE: what, with the size. Exit status 1 when it lists anything.

    tests/tree/size_check.py [ROOT] [--max-file N] [--max-function N] [--max-columns N]

A function is a brace-enclosed body whose head (back to the last `;`, or the brace that
opened the scope around it) ends in `)`, a qualifier, a trailing return type or a
constructor's initialiser list, and that is not inside another function: lambdas and local
classes count toward the function around them; a lambda at namespace scope (a Validator's)
counts as a function of its own. Its length runs from the first line of its head to its
closing brace, both counted. Comments, strings and character literals (raw strings too) are
blanked first, so braces in them do not count.
"""
import os
import re
import sys

DIRS = ["runtime", "lua", "play", "bots", "analysis", "authoring", "present", "cli", "server",
        "fuzz", "bench", "tests", "tools", "examples"]
SKIP = {os.path.join("tests", "fixtures"), os.path.join("fuzz", "corpus")}
SOURCES = (".cpp", ".hpp", ".h", ".c", ".cc", ".sh", ".py", ".lua")
CPP = (".cpp", ".hpp", ".h", ".c", ".cc")

SCOPE = re.compile(r"^\s*(template\s*<[^{]*>\s*)?(namespace|class|struct|union|enum)\b")
QUALIFIERS = r"(\s*(const|override|final|noexcept(\s*\([^)]*\))?|mutable|&|&&|->\s*[\w:<>,\s*&]+))*\s*$"
FUNCTION_END = re.compile(r"\)" + QUALIFIERS)
INIT_LIST = re.compile(r"\)\s*(noexcept\s*)?:\s*[\w:]+\s*[({]")


def blank(text):
    """`text` with comments, strings and character literals turned to spaces, newlines kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            delim = text[i + 2:open_paren]
            j = text.find(")" + delim + '"', open_paren)
            j = n if j < 0 else j + len(delim) + 2
        elif c in "\"'":
            if c == "'" and i > 0 and (text[i - 1].isalnum()) and text[i - 1] not in "uUL":
                out.append(c)  # a digit separator: 1'000'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
        else:
            out.append(c)
            i += 1
            continue
        out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
        i = j
    return "".join(out)


def functions(text):
    """(first line, last line, name) of each function in C++ source `text`."""
    code = blank(text)
    line_at = [0] * (len(code) + 1)
    line = 1
    for k, ch in enumerate(code):
        line_at[k] = line
        if ch == "\n":
            line += 1
    stack = []     # (position of '{', kind, head start)
    closed = {}    # position of '}' -> (position of its '{', kind)
    found = []
    for k, ch in enumerate(code):
        if ch == "{":
            inside_function = any(kind == "function" for _, kind, _ in stack)
            kind, start = "inner", k
            if not inside_function:
                start = head_start(code, k, closed, stack)
                head = code[start:k]
                if SCOPE.match(head):
                    kind = "scope"
                elif FUNCTION_END.search(head) or (INIT_LIST.search(head) and head.rstrip()[-1:] in ")}"):
                    kind = "function"
                else:
                    kind = "other"
            stack.append((k, kind, start))
        elif ch == "}" and stack:
            opened, kind, start = stack.pop()
            closed[k] = (opened, kind)
            if kind == "function":
                head = " ".join(code[start:opened].split())
                name = re.sub(r"\s*\(.*", "", head.split("(")[0]).split()[-1:] or ["?"]
                if head.startswith(("TEST_CASE", "SECTION")):
                    name = [head.split("(")[0]]
                found.append((line_at[start], line_at[k], name[0]))
    return found


def head_start(code, k, closed, stack):
    """Where the head of the brace at `k` begins: after the last `;`, an opening brace or a
    closed scope or function, skipping over braced initialisers (`b_{y}` in an init list)."""
    j = k - 1
    while j >= 0:
        ch = code[j]
        if ch == "}" and j in closed and closed[j][1] == "other":
            j = closed[j][0] - 1
            continue
        if ch in ";{}":
            break
        j -= 1
    j += 1
    while j < k and code[j].isspace():
        j += 1
    return j


def wide_lines(text, max_columns):
    """(line number, width) of each line of C++ `text` longer than `max_columns` that holds no
    string literal or comment: a long message or comment may run on, an expression may not."""
    code = blank(text).split("\n")
    return [(k + 1, len(line)) for k, line in enumerate(text.split("\n"))
            if len(line) > max_columns and code[k] == line]


def main(argv):
    root, max_file, max_function, max_columns = ".", 500, 60, 110
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--max-file":
            max_file = int(args.pop(0))
        elif a == "--max-function":
            max_function = int(args.pop(0))
        elif a == "--max-columns":
            max_columns = int(args.pop(0))
        else:
            root = a
    listed = []
    for d in DIRS:
        for folder, subfolders, files in os.walk(os.path.join(root, d)):
            rel = os.path.relpath(folder, root)
            subfolders[:] = sorted(s for s in subfolders if os.path.join(rel, s) not in SKIP)
            for f in sorted(files):
                if not f.endswith(SOURCES):
                    continue
                path = os.path.join(rel, f)
                with open(os.path.join(root, path), encoding="utf-8", errors="replace") as src:
                    text = src.read()
                lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
                if lines > max_file:
                    listed.append(f"{path}:1: file of {lines} lines (over {max_file})")
                if f.endswith(CPP):
                    for first, last, name in functions(text):
                        if last - first + 1 > max_function:
                            listed.append(f"{path}:{first}: {name}: {last - first + 1} lines (over {max_function})")
                    for number, width in wide_lines(text, max_columns):
                        listed.append(f"{path}:{number}: {width} columns of code (over {max_columns})")
    for entry in listed:
        print(entry)
    print(f"size_check: {len(listed)} over the limits (files {max_file} lines, functions {max_function},"
          f" code {max_columns} columns)")
    return 1 if listed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
