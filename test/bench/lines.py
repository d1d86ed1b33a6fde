#!/usr/bin/env python3
"""Counts the lines of gpuspec's own C++ in compiler/ and backends/ (issue 28's size goal).

    test/bench/lines.py [--rev REV] [--base REV] [--exclude DIR ...]

Counts the .cpp and .h files git tracks under compiler/ and backends/ at REV (default:
the work tree), without tests (x_test.cpp, x_test_helpers.h, test_support.h and the
like, and anything under a test/ folder). For each folder two levels deep it prints the
files, all lines, blank lines, comment lines and the rest (code). A comment line is one
that starts with // or lies in a /* */ block that starts a line; a line with code and a
trailing comment is code. With --base it prints, beside each count, its change since
that revision. --exclude leaves a folder out (say, a feature added after a goal was set).

Python 3 and git, nothing else; prints Markdown.
"""

import argparse
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOP = ("compiler", "backends")
# Test sources and the headers only tests include: x_test.cpp, x_test_helpers.h,
# test_support.h, test_inputs.h (`gpuspec test`'s own cmd_run_tests.cpp is counted).
TEST_FILE = re.compile(r"(_test(_\w+)?|^test_\w+)\.(cpp|h)$")


def git(*args):
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True).stdout


def is_counted(path, excluded):
    if not path.endswith((".cpp", ".h")) or not path.startswith(tuple(t + "/" for t in TOP)):
        return False
    if TEST_FILE.search(path.rsplit("/", 1)[-1]) or "/test/" in "/" + path:
        return False
    return not any(path == d or path.startswith(d.rstrip("/") + "/") for d in excluded)


def files_at(rev, excluded):
    """(path, text) of every counted file at `rev` (None: the work tree as git tracks it)."""
    listing = git("ls-files", "-z", *TOP) if rev is None else git("ls-tree", "-r", "-z", "--name-only", rev, *TOP)
    for path in sorted(p for p in listing.decode().split("\0") if p):
        if not is_counted(path, excluded):
            continue
        if rev is None:
            file = ROOT / path
            if not file.is_file():
                continue  # deleted in the work tree, not yet in the index
            data = file.read_bytes()
        else:
            data = git("show", f"{rev}:{path}")
        yield path, data.decode("utf-8", errors="replace")


def classify(text):
    """(lines, blank, comment) of one file."""
    lines = blank = comment = 0
    in_block = False
    for line in text.splitlines():
        lines += 1
        s = line.strip()
        if in_block:
            comment += 1
            in_block = "*/" not in s
        elif not s:
            blank += 1
        elif s.startswith("//"):
            comment += 1
        elif s.startswith("/*"):
            comment += 1
            in_block = "*/" not in s[2:]
    return lines, blank, comment


def count(rev, excluded):
    """{folder: [files, lines, blank, comment, code]} with a 'total' row."""
    rows = defaultdict(lambda: [0, 0, 0, 0, 0])
    for path, text in files_at(rev, excluded):
        parts = path.split("/")
        folder = "/".join(parts[:2]) if len(parts) > 2 else parts[0] + " (top)"
        lines, blank, comment = classify(text)
        for key in (folder, "total"):
            row = rows[key]
            row[0] += 1
            row[1] += lines
            row[2] += blank
            row[3] += comment
            row[4] += lines - blank - comment
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", help="count this revision instead of the work tree")
    parser.add_argument("--base", help="also print each count's change since this revision")
    parser.add_argument("--exclude", action="append", default=[], metavar="DIR",
                        help="leave this folder out (repeatable), e.g. backends/probe")
    args = parser.parse_args()
    try:
        now = count(args.rev, args.exclude)
        before = count(args.base, args.exclude) if args.base else None
    except subprocess.CalledProcessError as e:
        sys.exit(f"lines.py: git {' '.join(e.cmd[3:])}: {e.stderr.decode().strip()}")

    heads = ["files", "lines", "blank", "comment", "code"]
    print(f"counted: {args.rev or 'work tree'}" + (f", change since {args.base}" if before else "")
          + (f", without {', '.join(args.exclude)}" if args.exclude else ""))
    print()
    print("| folder | " + " | ".join(heads) + " |")
    print("|---|" + "---:|" * len(heads))
    folders = sorted((set(now) | set(before or {})) - {"total"}) + ["total"]
    for folder in folders:
        cells = []
        for i in range(len(heads)):
            value = now[folder][i] if folder in now else 0
            cell = f"{value:,}"
            if before is not None:
                delta = value - (before[folder][i] if folder in before else 0)
                cell += f" ({delta:+,})"
            cells.append(cell)
        name = f"**{folder}**" if folder == "total" else folder
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
