#!/usr/bin/env python3
"""Fails on a `"x.y"_fact` literal in the C++ that names no registered fact.

A literal the registry (facts/fact_schema.cpp) lacks still compiles and runs: its key
keeps kNoFactId and the FactSet stores the fact aside by name (fact_key.h), where no
policy can read it, since the policy checker refuses a name the registry lacks. So a
typo in a resolver's literal would set a fact nobody sees. The registry is read from
the binary (`gpuspec facts --schema --format json`); every *.h and *.cpp under the
folders given is scanned, unit tests aside (fact_set_test.cpp tests that fallback on
purpose).

  check_fact_literals.py GPUSPEC_BINARY ROOT [FOLDER...]   (default: compiler backends)
"""
import json
import os
import re
import subprocess
import sys

# A name in quotes before _fact; `operator""_fact` itself has none.
LITERAL = re.compile(r'"([^"\\]+)"_fact\b')


def main():
    binary, root, *folders = sys.argv[1:]
    schema = subprocess.run([binary, "facts", "--schema", "--format", "json"], check=True, capture_output=True,
                            text=True).stdout
    registered = {fact["name"] for fact in json.loads(schema)["facts"]}
    seen = 0
    unregistered = []
    for folder in folders or ["compiler", "backends"]:
        for dirpath, _, names in sorted(os.walk(os.path.join(root, folder))):
            for name in sorted(names):
                if not name.endswith((".h", ".cpp")) or name.endswith("_test.cpp"):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        for m in LITERAL.finditer(line):
                            seen += 1
                            if m.group(1) not in registered:
                                unregistered.append(f"{os.path.relpath(path, root)}:{number}: \"{m.group(1)}\"_fact "
                                                    "is not a registered fact")
    for line in unregistered:
        print(line)
    if unregistered:
        return 1
    if seen == 0:
        print("no _fact literal found: is the pattern or the folder wrong?")
        return 1
    print(f"{seen} _fact literals, each a registered fact ({len(registered)} registered)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
