#!/usr/bin/env python3
"""Writes FOLDER/specs/ with a spec whose file name and whose region string each try to
start a line of their own in a report, with the workflow command GitHub Actions reads
from a CI log: `::warning file=README.md,line=1::spoofed annotation`.

usage: hostile_names.py FOLDER
Prints the spec's path (as `check FOLDER/specs` names it) as JSON, for check_escaping.py.
"""
import json
import os
import sys

folder = sys.argv[1]
specs = os.path.join(folder, "specs")
os.makedirs(specs, exist_ok=True)
INJECTED = "::warning file=README.md,line=1::spoofed annotation"
# A name with a tab, a line feed, a carriage return, % : , < & and a quote.
name = "a\tb\n" + INJECTED + "\r%25 x:y,z <&\".gpuspec"
spec = (
    "cloud c {\n"
    "  provider = aws\n"
    "  instance = aws.p4d_24xlarge\n"
    '  region   = "us-east-1\\n' + INJECTED + '\\r\\t\\u{7}<&>"\n'
    "}\n"
)
with open(os.path.join(specs, name), "w", encoding="utf-8") as out:
    out.write(spec)
print(json.dumps(os.path.join(specs, name)))
