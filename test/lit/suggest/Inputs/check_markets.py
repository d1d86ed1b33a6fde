#!/usr/bin/env python3
"""No option of a `gpuspec suggest --format json` report for a site in REGION uses a GPU
that an export rule restricts there (the rules as `gpuspec catalog export_restriction
--format json` lists them).

usage: check_markets.py SUGGEST.json EXPORT.json REGION"""
import json
import re
import sys

report = json.load(open(sys.argv[1]))
rules = json.load(open(sys.argv[2]))["entries"]
region = sys.argv[3]
restricted = set()
for rule in rules:
    props = rule.get("properties") or {}
    if region in (props.get("regions") or []):
        restricted.update(props.get("gpus") or [])
if not restricted:
    print(f"FAIL: no export rule lists a GPU for {region}")
    sys.exit(1)
for option in report["options"]:
    gpu = re.search(r"gpu\s*=\s*\d+ x (\S+)", option["declaration"])
    if option["kind"] == "onprem" and gpu and gpu.group(1) in restricted:
        print(f"FAIL: option #{option['rank']} uses {gpu.group(1)}, restricted for {region}")
        sys.exit(1)
print(f"OK {len(report['options'])} options for a {region} site, none with a GPU an export rule restricts for {region}")
