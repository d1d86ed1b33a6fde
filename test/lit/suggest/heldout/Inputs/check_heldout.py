#!/usr/bin/env python3
"""The held-out check of `gpuspec suggest` (issue 23): for one workload, the #1 option
must be fully priced, legal where the site is, and buildable.

usage: check_heldout.py GPUSPEC WORKDIR WORKLOAD.gpuspec REGION [SUGGEST-FLAGS...]

- fully priced: #1 has no unpriced part (`fully_priced`, and nothing but traffic in its
  `total.unpriced`), so no "not fully priced" option can rank above it;
- region-legal: no catalog part it names lists `markets` without the site's region (the
  China-market cards outside cn), and for a cn site no GPU an export rule restricts there
  (`gpuspec catalog export_restriction`), the instance's GPU included for a rented option;
- buildable: `suggest --format gpuspec` writes #1's declaration into WORKDIR, and
  `gpuspec check` on that file reports no error.
Prints one OK line with #1's summary, or FAIL and exits 1."""
import json
import os
import re
import subprocess
import sys


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def main():
    gpuspec, workdir, workload, region, *flags = sys.argv[1:]
    name = os.path.splitext(os.path.basename(workload))[0]
    report_path = os.path.join(workdir, name + ".json")
    emitted = os.path.join(workdir, name + ".suggested.gpuspec")
    for stale in (report_path, emitted):  # suggest refuses to overwrite a file it did not write
        if os.path.exists(stale):
            os.remove(stale)
    out = run([gpuspec, "suggest", workload, "--region", region, *flags, "--format", "json", "-o", report_path])
    if out.returncode != 0:
        fail(f"{name}: suggest exited {out.returncode}: {out.stdout}{out.stderr}")
    report = json.load(open(report_path, encoding="utf-8"))
    if not report["options"]:
        fail(f"{name}: no option")
    first = report["options"][0]
    if first["rank"] != 1:
        fail(f"{name}: the first option is ranked #{first['rank']}")

    # Fully priced: only traffic (a usage term with no amount) may be missing.
    parts_unpriced = [u for u in first["total"]["unpriced"] if not u.endswith(" (traffic)")]
    if not first["fully_priced"] or parts_unpriced:
        fail(f"{name}: #1 is not fully priced: {parts_unpriced}")

    # Region-legal, from the catalog's own lists.
    catalog = {e["name"]: e for e in json.loads(run([gpuspec, "catalog", "--format", "json"]).stdout)["entries"]}
    restricted = set()
    if region == "cn":
        rules = json.loads(run([gpuspec, "catalog", "export_restriction", "--format", "json"]).stdout)["entries"]
        for rule in rules:
            props = rule.get("properties") or {}
            if region in (props.get("regions") or []):
                restricted.update(props.get("gpus") or [])
    named = [n for n in re.findall(r"\b([a-z0-9_]+\.[a-z0-9_]+)\b", first["declaration"]) if n in catalog]
    for part in list(named):
        # A rented option's GPU is the instance's.
        gpu = (catalog[part].get("properties") or {}).get("gpu")
        if isinstance(gpu, str):
            m = re.search(r"([a-z0-9_]+\.[a-z0-9_]+)", gpu)
            if m:
                named.append(m.group(1))
        elif isinstance(gpu, dict) and isinstance(gpu.get("ref"), str):
            named.append(gpu["ref"])
    for part in named:
        entry = catalog.get(part)
        if not entry:
            continue
        markets = (entry.get("properties") or {}).get("markets")
        if markets and (region if region in ("cn", "us", "eu", "jp", "sg") else "other") not in markets:
            fail(f"{name}: #1 uses {part}, not sold in {region} (markets {markets})")
        if part in restricted:
            fail(f"{name}: #1 uses {part}, export-restricted for {region}")

    # Buildable: the emitted declaration checks without errors.
    out = run([gpuspec, "suggest", workload, "--region", region, *flags, "--format", "gpuspec", "-o", emitted])
    if out.returncode != 0:
        fail(f"{name}: suggest --format gpuspec exited {out.returncode}: {out.stderr}")
    decl_name = re.match(r"\s*(server|cloud)\s+(\S+)", first["declaration"]).group(2)
    text = open(emitted, encoding="utf-8").read()
    if not re.search(rf"^(server|cloud) {re.escape(decl_name)} {{", text, re.M):
        fail(f"{name}: #1 ({decl_name}) is not in the emitted file")
    check = run([gpuspec, "check", "--format", "json", emitted])
    summary = json.loads(check.stdout)["summary"]
    if summary["errors"] != 0:
        fail(f"{name}: gpuspec check reports {summary['errors']} error(s) on the emitted file: {check.stdout[:2000]}")
    print(f"OK {name} ({region}): #1 {first['kind']} fully priced, legal in {region}, "
          f"{summary['errors']} errors and {summary['warnings']} warnings from check: {first['summary']}")


main()
