#!/usr/bin/env python3
"""Independent arithmetic checks of `gpuspec bom/quote` output (not the C++ code's logic).

usage: check_cost.py bom-csv FILE       sum of line totals = total row; qty x unit = line
       check_cost.py bom-json FILE      the same over the JSON
       check_cost.py quote-json FILE    cloud total = hourly x count x hours x utilization;
                                        TCO = capex + electricity; break-even = where the
                                        cumulative curves cross; cheaper over the horizon
Prints OK lines; exits 1 on the first mismatch.
"""
import csv
import json
import sys


def close(a, b, tol=0.011):
    return abs(a - b) <= tol * max(1.0, abs(b) * 1e-6) or abs(a - b) <= 0.011


def fail(msg):
    print("MISMATCH:", msg)
    sys.exit(1)


def bom_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    totals = {}
    for r in rows:
        if r["role"] == "total":
            s = totals.get(r["server"], 0.0)
            if not close(s, float(r["line total"])):
                fail(f"{r['server']}: sum of lines {s:.2f} != total {r['line total']}")
            print(f"OK {r['server']} sum of {len(rows) - 1} line totals = {float(r['line total']):.2f} {r['currency']}")
            continue
        if r["line total"] == "no price":
            continue
        q, u, t = float(r["qty"]), float(r["unit price"]), float(r["line total"])
        if not close(q * u, t):
            fail(f"{r['part']}: {q} x {u} != {t}")
        totals[r["server"]] = totals.get(r["server"], 0.0) + t


def bom_json(path):
    doc = json.load(open(path))
    for bom in doc["boms"]:
        s = sum(l["line_total"] for l in bom["lines"] if l["line_total"] is not None)
        if not close(s, bom["total"]):
            fail(f"{bom['server']}: {s} != {bom['total']}")
        for l in bom["lines"]:
            if l["price"] is None and l["unit_price"] is not None:
                fail(f"{l['part']} priced without a price entry")
        print(f"OK {bom['server']} json total {bom['total']:.2f}")


def quote_json(path):
    q = json.load(open(path))
    for c in q["cloud"]:
        if c["total"] is None:
            print(f"OK {c['name']} has no total (no price)")
            continue
        expect = c["hourly"] * c["count"] * c["hours"] * c["utilization"]
        if not close(expect, c["total"]):
            fail(f"{c['name']}: {expect} != {c['total']}")
        print(f"OK {c['name']} {c['hourly']:.4f}/h x {c['count']:g} x {c['hours']:g} h x {c['utilization']} = {c['total']:.2f}")
    servers = {s["bom"]["server"]: s for s in q["on_premises"]}
    clouds = {c["name"]: c for c in q["cloud"]}
    for s in q["on_premises"]:
        if s["tco"] is not None:
            expect = s["capex"] + s["electricity_over_horizon"]
            if not close(expect, s["tco"]):
                fail(f"tco {expect} != {s['tco']}")
            e = s["electricity_per_month"] * s["horizon_months"]
            if abs(e - s["electricity_over_horizon"]) > 0.005 * s["horizon_months"] + 0.011:  # per-month figure is rounded
                fail(f"electricity {e} != {s['electricity_over_horizon']}")
            print(f"OK {s['bom']['server']} TCO {s['capex']:.2f} + {s['electricity_over_horizon']:.2f} = {s['tco']:.2f}")
    for cmp in q["comparisons"]:
        s, c = servers[cmp["server"]], clouds[cmp["cloud"]]
        capex, opex_m = s["capex"], s["electricity_per_month"]
        cloud_m = c["hourly"] * c["count"] * c["utilization"] * 730
        # Walk the cumulative curves month by month (in hundredths) and find where they cross.
        m, step = 0.0, 0.01
        while capex + opex_m * m > cloud_m * m and m < 1200:
            m += step
        if cmp["breakeven_months"] is None:
            if m < 1200:
                fail(f"curves cross at {m:.2f} months but no break-even reported")
            print("OK no break-even: the curves never cross")
            continue
        if abs(m - cmp["breakeven_months"]) > 0.02:
            fail(f"curves cross at {m:.2f} months, reported {cmp['breakeven_months']}")
        h = cmp["horizon_months"]
        onprem, cloud = capex + opex_m * h, cloud_m * h
        cheaper = "on-premises" if onprem < cloud else "cloud"
        if cheaper != cmp["cheaper"]:
            fail(f"cheaper {cmp['cheaper']} but {onprem:.2f} vs {cloud:.2f}")
        print(f"OK break-even {cmp['breakeven_months']:.2f} months; over {h:g} months {cheaper} is cheaper")


{"bom-csv": bom_csv, "bom-json": bom_json, "quote-json": quote_json}[sys.argv[1]](sys.argv[2])
