#!/usr/bin/env python3
"""Reads `gpuspec catalog --format json` on stdin; prints one line per property:
`NAME.PROPERTY = VALUE [UNIT]` with the base-unit value as JSON wrote it, so
FileCheck can check datasheet values independent of property order."""
import json
import sys

for e in json.load(sys.stdin)["entries"]:
    for key, value in e["properties"].items():
        if isinstance(value, dict) and "value" in value:
            print(f"{e['name']}.{key} = {value['value']!r} {value['unit']}")
        else:
            print(f"{e['name']}.{key} = {json.dumps(value)}")
