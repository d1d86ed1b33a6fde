#!/usr/bin/env python3
"""The fact registry against what uses it: every fact in it says what it means; every
fact the resolvers produce for the examples and the policy tests is in the registry (`gpuspec facts --schema`), so a policy
can read it and the type checker knows its type; and every fact a table of docs/facts.md
describes is in the registry, so the docs name no fact that does not exist.

usage: check_fact_currency.py GPUSPEC ROOT   (prints one PROBLEM line per mismatch, then a summary)"""
import glob, json, os, re, subprocess, sys

gpuspec, root = sys.argv[1], sys.argv[2]
schema_out = subprocess.run([gpuspec, "facts", "--schema", "--format", "json"], capture_output=True, text=True, check=True)
facts = json.loads(schema_out.stdout)["facts"]
registry = [fact["name"] for fact in facts]
known = set(registry)
problems = []
if len(known) != len(registry):
    problems.append("the registry lists a fact twice")
for fact in facts:
    if not fact["doc"]:
        problems.append(f"no doc in the fact table (compiler/facts/facts.def): {fact['name']}")

files = sorted(glob.glob(os.path.join(root, "examples", "**", "*.gpuspec"), recursive=True) +
               glob.glob(os.path.join(root, "test", "policies", "**", "*.gpuspec"), recursive=True))
resolved, checked = {}, 0
for path in files:
    run = subprocess.run([gpuspec, "facts", path], capture_output=True, text=True)
    if run.returncode != 0:
        continue  # a file with errors (examples/bad) may echo misspelled properties as facts
    checked += 1
    for declaration in json.loads(run.stdout)["declarations"]:
        for name in declaration["facts"]:
            resolved.setdefault(name, os.path.relpath(path, root))
for name in sorted(set(resolved) - known):
    problems.append(f"resolved but not in the registry: {name} (first in {resolved[name]})")

# Rows of the fact tables: "| `gpu.count` | ...". Tables of symbols (raid levels) are not facts:
# a fact row's second column is a type.
doc = open(os.path.join(root, "docs", "facts.md"), encoding="utf-8").read()
documented = set()
for line in doc.splitlines():
    match = re.match(r"^\| `([a-z_][a-z0-9_.]*)` \|", line)
    if match and ("." in match.group(1) or match.group(1) in known):
        documented.add(match.group(1))
for name in sorted(documented - known):
    problems.append(f"docs/facts.md describes a fact the registry does not have: {name}")

for problem in problems:
    print("PROBLEM:", problem)
print(f"{len(registry)} facts in the registry, {len(resolved)} resolved from {checked} files, "
      f"{len(documented)} in docs/facts.md's tables, {len(problems)} problems")
