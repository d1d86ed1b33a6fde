#!/usr/bin/env python3
"""Checks that the quote and BOM excerpts the docs show are what the binary prints today.

Usage: doc_excerpts.py GPUSPEC ROOT. Reads README.md and docs/cost.md under ROOT, runs the
commands their excerpts name (from ROOT, as a reader would), and prints one line per
excerpt: "ok: ..." when every line of the excerpt appears in the output in the same order,
"stale: ..." with the first line that does not otherwise. The excerpts drifted before
(a README total two price-book changes old), so this keeps them honest.
"""
import os
import subprocess
import sys

gpuspec, root = sys.argv[1], sys.argv[2]
SPEC = "examples/budget/high-8xa100.gpuspec"
BOOK = "test/lit/cost/Inputs/prices.gpuspec"


def run(*args):
    return subprocess.run([gpuspec, *args], cwd=root, capture_output=True, text=True).stdout


def in_order(excerpt_lines, output):
    out = output.splitlines()
    at = 0
    for line in excerpt_lines:
        if line.strip() in ("", "..."):
            continue
        while at < len(out) and out[at].rstrip() != line.rstrip():
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
