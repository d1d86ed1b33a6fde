#!/usr/bin/env python3
"""Checks a price book, or the provenance of every catalog entry, through the binary's
own listings.

usage: price_book_check.py PRICES.json UNPRICED.json CATALOG.json [KNOWN.txt]
       price_book_check.py --provenance CATALOG.json
  PRICES.json   = `gpuspec catalog --prices --format json`
  UNPRICED.json = `gpuspec catalog --prices --unpriced --format json`
  CATALOG.json  = `gpuspec catalog --format json`
  KNOWN.txt     = parts no public source prices yet, one `name  # why` a line; a gap
                  listed there is not a problem, a listed part that has a price (or is
                  not in the catalog) is, so the list shrinks as prices are found.
                  Instance regions cannot be listed: every region an instance lists
                  must be priced.
"Today" is $GPUSPEC_TODAY (YYYY-MM-DD), as for the binary, else the system date.

Prints one `problem: ...` line per violation, then a count. The provenance of any
entry (a price or any other catalog kind) is violated by: no source; no as_of; an
as_of that is neither a YYYY-MM-DD date nor "undated"; an as_of after today; the as_of
2026-11-30 (see WRITTEN_NOT_SOURCED); an "undated" as_of without verified = false;
verified = false with notes that do not say why. A price is further violated by: no source_url; an unpriced item or instance region (a part a system
price names in `includes` is priced through that system); an estimate
without a method; an instance price for a region the instance does not list; a cloud rate
on a part or a part price on a cloud item (instances, volumes and the services a Terraform
module creates are cloud items); a volume price without `per`, or a `per` on anything but
a volume or a service (a service billed by traffic is priced per GB)."""
import datetime
import json
import os
import re
import sys

TODAY = os.environ.get("GPUSPEC_TODAY") or datetime.date.today().isoformat()
# The day round 1 wrote the stdlib files. No datasheet, provider page or rule states it,
# so an entry dated 2026-11-30 was dated by whoever typed it in, not by its source
# (issue 11): the date must be the one the source gives, or the nearest one it
# establishes, with notes saying so.
WRITTEN_NOT_SOURCED = "2026-11-30"
# A price whose source states no date says so, and is then unverified.
UNDATED = "undated"
# Any other as_of is the date itself; "early 2024" would compare as later than today.
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def provenance_problems(name, source, as_of, verified, notes):
    """What is wrong with where one entry says its values come from."""
    problems = []
    if not (source or "").strip():
        problems.append(f"{name} has no source")
    if not (as_of or "").strip():
        problems.append(f"{name} has no as_of")
    elif as_of == UNDATED:
        if verified:
            problems.append(f"{name} is undated but not verified = false")
    elif not ISO_DATE.fullmatch(as_of):
        problems.append(f"{name} is dated '{as_of}', neither a YYYY-MM-DD date nor \"{UNDATED}\"")
    elif as_of > TODAY:
        problems.append(f"{name} is dated {as_of}, after today")
    elif as_of == WRITTEN_NOT_SOURCED:
        problems.append(f"{name} is dated {as_of}, the day the stdlib was written, not a date its source states")
    if not verified and not (notes or "").strip():
        problems.append(f"{name} is unverified but its notes do not say why")
    return problems


if sys.argv[1] == "--provenance":
    entries = json.load(open(sys.argv[2]))["entries"]
    for e in entries:
        for line in provenance_problems(e["name"], e.get("source"), e.get("as_of"),
                                        e["verified"], e.get("notes")):
            print(f"problem: {line}")
    print(f"checked {len(entries)} entries")
    sys.exit(0)

CLOUD_KINDS = {"on_demand", "reserved_1y", "reserved_3y", "spot", "capacity_block"}
PART_KINDS = {"list", "street", "used", "distributor_report", "configurator", "estimate", "quote"}

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

# A part sold only inside a system (an HGX board is never bought without its GPUs) has no
# price of its own: it is priced through the system price that names it in `includes`.
priced_through = {}
for p in prices_doc["prices"]:
    for part in p.get("includes", []):
        priced_through.setdefault(part["ref"] if isinstance(part, dict) else part, p["name"])

unpriced_items = set()  # items without a price of their own
for u in unpriced_doc["unpriced"]:
    if "region" in u:
        problems.append(f"{u['item']} ({u['kind']}) has no price in region {u['region']}")
        continue
    unpriced_items.add(u["item"])
    if u["item"] not in known and u["item"] not in priced_through:
        problems.append(f"{u['item']} ({u['kind']}) has no price")

for name, number in known.items():
    if name not in catalog:
        problems.append(f"{sys.argv[4]}:{number}: '{name}' is not in the catalog: remove the line")
    elif name not in unpriced_items:
        problems.append(f"{sys.argv[4]}:{number}: '{name}' has a price now: remove the line")
    elif name in priced_through:
        problems.append(f"{sys.argv[4]}:{number}: '{name}' is priced through {priced_through[name]}: remove the line")

for p in prices_doc["prices"]:
    name = p["name"]
    problems += provenance_problems(name, p.get("source"), p.get("as_of"), p["verified"],
                                    p.get("notes"))
    if not (p.get("source_url") or "").strip():
        problems.append(f"{name} has no source_url")
    item = catalog.get(p["item"], {})
    item_kind = p["item_kind"]
    cloud_item = item_kind in ("instance", "volume", "service")
    if cloud_item and p["kind"] not in CLOUD_KINDS:
        problems.append(f"{name} prices a {item_kind} as '{p['kind']}'")
    if not cloud_item and p["kind"] not in PART_KINDS:
        problems.append(f"{name} prices a {item_kind} as '{p['kind']}'")
    if p["kind"] == "estimate" and not (p.get("method") or "").strip():
        problems.append(f"{name} is an estimate without a method")
    if item_kind == "volume" and "per" not in p:
        problems.append(f"{name}: a volume price needs `per`")
    if item_kind not in ("volume", "service") and "per" in p:
        problems.append(f"{name}: `per` belongs on volume and service prices, and only there")
    regions = (item.get("properties") or {}).get("regions")
    if item_kind == "instance" and regions and p["region"] not in regions:
        problems.append(f"{name} is for region '{p['region']}', which {p['item']} does not list")

for line in problems:
    print(f"problem: {line}")
through = len(unpriced_items & priced_through.keys())
print(f"checked {len(prices_doc['prices'])} prices, {len(known)} known gaps, "
      f"{through} part{'' if through == 1 else 's'} priced through a system")
