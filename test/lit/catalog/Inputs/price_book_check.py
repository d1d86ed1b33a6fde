#!/usr/bin/env python3
"""Checks a price book through the binary's own listings.

usage: price_book_check.py PRICES.json UNPRICED.json CATALOG.json [KNOWN.txt]
  PRICES.json   = `gpuspec catalog --prices --format json`
  UNPRICED.json = `gpuspec catalog --prices --unpriced --format json`
  CATALOG.json  = `gpuspec catalog --format json`
  KNOWN.txt     = parts no public source prices yet, one `name  # why` a line; a gap
                  listed there is not a problem, a listed part that has a price (or is
                  not in the catalog) is, so the list shrinks as prices are found.
                  Instance regions cannot be listed: every region an instance lists
                  must be priced.

Prints one `problem: ...` line per violation, then `checked N prices`. A violation is:
an unpriced item or instance region; a price without source, source_url or as_of; an
unverified price whose notes do not say why; a date after today; an instance price for
a region the instance does not list; a cloud rate on a part or a part price on a cloud
item; a volume price without `per`, or a `per` on anything else."""
import json
import sys

CLOUD_KINDS = {"on_demand", "reserved_1y", "reserved_3y", "spot"}
PART_KINDS = {"list", "street", "used", "quote"}

prices_doc = json.load(open(sys.argv[1]))
unpriced_doc = json.load(open(sys.argv[2]))
catalog = {e["name"]: e for e in json.load(open(sys.argv[3]))["entries"]}
problems = []

known = {}
if len(sys.argv) > 4:
    for number, line in enumerate(open(sys.argv[4]), 1):
        name, _, why = line.partition("#")
        name = name.strip()
        if not name:
            continue
        if not why.strip():
            problems.append(f"{sys.argv[4]}:{number}: '{name}' needs a '# why' saying why it is unpriced")
        known[name] = number

unpriced_items = set()
for u in unpriced_doc["unpriced"]:
    if "region" in u:
        problems.append(f"{u['item']} ({u['kind']}) has no price in region {u['region']}")
        continue
    unpriced_items.add(u["item"])
    if u["item"] not in known:
        problems.append(f"{u['item']} ({u['kind']}) has no price")

for name, number in known.items():
    if name not in catalog:
        problems.append(f"{sys.argv[4]}:{number}: '{name}' is not in the catalog: remove the line")
    elif name not in unpriced_items:
        problems.append(f"{sys.argv[4]}:{number}: '{name}' has a price now: remove the line")

for p in prices_doc["prices"]:
    name = p["name"]
    for key in ("source", "source_url", "as_of"):
        if not (p.get(key) or "").strip():
            problems.append(f"{name} has no {key}")
    if not p["verified"] and not (p.get("notes") or "").strip():
        problems.append(f"{name} is unverified but its notes do not say why")
    if p.get("age_days") is None or p["age_days"] < 0:
        problems.append(f"{name} is dated {p.get('as_of')}, after today")
    item = catalog.get(p["item"], {})
    item_kind = p["item_kind"]
    cloud_item = item_kind in ("instance", "volume")
    if cloud_item and p["kind"] not in CLOUD_KINDS:
        problems.append(f"{name} prices a {item_kind} as '{p['kind']}'")
    if not cloud_item and p["kind"] not in PART_KINDS:
        problems.append(f"{name} prices a {item_kind} as '{p['kind']}'")
    if (item_kind == "volume") != ("per" in p):
        problems.append(f"{name}: `per` belongs on volume prices, and only there")
    regions = (item.get("properties") or {}).get("regions")
    if item_kind == "instance" and regions and p["region"] not in regions:
        problems.append(f"{name} is for region '{p['region']}', which {p['item']} does not list")

for line in problems:
    print(f"problem: {line}")
print(f"checked {len(prices_doc['prices'])} prices, {len(known)} known gaps")
