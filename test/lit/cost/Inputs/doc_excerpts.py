#!/usr/bin/env python3
"""Checks that the quote, BOM and suggest excerpts the docs show are what the binary prints today.

Usage: doc_excerpts.py GPUSPEC ROOT. Reads README.md, docs/cost.md and docs/suggest.md under
ROOT, runs the commands their excerpts name (from ROOT, as a reader would), and prints one
line per excerpt: "ok: ..." when every line of the excerpt appears in the output in the same
order, "stale: ..." with the first line that does not otherwise. An excerpt line "..." stands
for lines left out; a line that ends in "..." stands for an output line that starts with the
text before it (an excerpt shortens long lines so). The excerpts drifted before (a README
total two price-book changes old, suggest examples a price book and a rule old), so this keeps
them honest.
"""
import os
import re
import shlex
import subprocess
import sys

gpuspec, root = sys.argv[1], sys.argv[2]
SPEC = "examples/budget/high-8xa100.gpuspec"
BOOK = "test/lit/cost/Inputs/prices.gpuspec"


def run(*args):
    return subprocess.run([gpuspec, *args], cwd=root, capture_output=True, text=True).stdout


def matches(excerpt_line, output_line):
    want = excerpt_line.rstrip()
    if want.endswith("...") and want.strip() != "...":
        return output_line.startswith(want[: -len("...")].rstrip(" "))
    return output_line.rstrip() == want


def in_order(excerpt_lines, output):
    out = output.splitlines()
    at = 0
    for line in excerpt_lines:
        if line.strip() in ("", "..."):
            continue
        while at < len(out) and not matches(line, out[at]):
            at += 1
        if at == len(out):
            return line
        at += 1
    return None


def code_block_after(text, marker):
    start = text.index(marker)
    a = text.index("```\n", start) + 4
    b = text.index("```", a)
    return text[a:b].splitlines()


def report(name, excerpt, output):
    missing = in_order(excerpt, output)
    print(f"ok: {name}" if missing is None else f"stale: {name}: {missing.strip()}")


quote = run("quote", SPEC, "--prices", BOOK)
bom = run("bom", SPEC, "--prices", BOOK, "--format", "md").replace("## Bill of materials", "### Bill of materials")

readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
start = readme.index("$ build/bin/gpuspec quote " + SPEC)
block = readme[readme.index("\n", start) + 1 : readme.index("```", start)].splitlines()
report("README quote", block, quote)

cost = open(os.path.join(root, "docs/cost.md"), encoding="utf-8").read()
report("docs/cost.md quote", code_block_after(cost, f"`gpuspec quote {SPEC} --prices {BOOK}` (excerpt)"), quote)
a = cost.index("### Bill of materials: high_a100")
b = cost.index("- **memory balance (per node)**", a)
b = cost.index("\n", b)
report("docs/cost.md bom", cost[a:b].splitlines(), bom)

# docs/suggest.md's worked examples: each code block there is the output of the last
# `gpuspec suggest ...` command the text names before it. A block with no command before it
# is reported, not skipped.
suggest = open(os.path.join(root, "docs/suggest.md"), encoding="utf-8").read()
section = suggest[suggest.index("## Worked examples") : suggest.index("## What it does not do yet")]
command, blocks = None, 0
for m in re.finditer(r"`gpuspec suggest ([^`]+)`|^```\n(.*?)^```$", section, re.S | re.M):
    if m.group(1) is not None:
        command = shlex.split(m.group(1).replace("\n", " "))
        continue
    blocks += 1
    if command is None:
        print(f"stale: docs/suggest.md excerpt {blocks} names no command before it")
        continue
    name = "docs/suggest.md suggest " + " ".join(command)
    report(name, m.group(2).splitlines(), run("suggest", *command))
print(f"docs/suggest.md: {blocks} suggest excerpts")
