#!/usr/bin/env python3
"""Reads `gpuspec catalog --format json` on stdin; prints one line per entry:
`NAME KIND source=yes|no as_of=DATE verified=true|false`, so FileCheck can match
an entry's fields on one line."""
import json
import sys

for e in json.load(sys.stdin)["entries"]:
    source = "yes" if e.get("source", "").strip() else "no"
    verified = "true" if e.get("verified") else "false"
    print(f"{e['name']} {e['kind']} source={source} as_of={e.get('as_of', '') or '-'} verified={verified}")
