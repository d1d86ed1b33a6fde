"""Checks that `gpuspec facts` (cost.* facts, computed per declaration from only what its
figures depend on) agrees with `gpuspec quote` over the whole file for the figures the
whole-file quote also decides: each server's capex (both ends of its range) and break-even
against the clouds, the
first cloud's break-even against the servers, and the workload's first break-even. (A later
cloud's servers run at the first cloud's utilization in the whole-file quote, but at that
cloud's own in its facts, so it is left out.)

usage: facts_match_quote.py FACTS.json QUOTE.json"""
import json
import sys

MONTH_SECONDS = 730 * 3600
facts = {d["name"]: d["facts"] for d in json.load(open(sys.argv[1]))["declarations"]}
quote = json.load(open(sys.argv[2]))
usable = [c for c in quote["comparisons"] if c["breakeven_months"] is not None and c["breakeven_bound"] != "at_most"]
problems = []


def months(name):
    fact = facts[name].get("cost.breakeven_months")
    return None if fact is None else fact["value"] / MONTH_SECONDS


def expect_breakeven(name, comparisons):
    got, want = months(name), comparisons[0]["breakeven_months"] if comparisons else None
    if (got is None) != (want is None) or (got is not None and abs(got - want) > 0.005):
        problems.append(f"{name}: cost.breakeven_months {got} months, the quote's {want}")


servers = [s["name"] for s in quote["on_premises"]]
clouds = [c["name"] for c in quote["cloud"]]
for server in quote["on_premises"]:
    capex = facts[server["name"]]["cost.capex"]["value"]
    if abs(capex - server["capex"]["low"]) > 0.005:
        problems.append(f"{server['name']}: cost.capex {capex}, the quote's {server['capex']['low']}")
    capex_high = facts[server["name"]]["cost.capex_high"]["value"]
    if abs(capex_high - server["capex"]["high"]) > 0.005:
        problems.append(f"{server['name']}: cost.capex_high {capex_high}, the quote's {server['capex']['high']}")
    expect_breakeven(server["name"], [c for c in usable if c["server"] == server["name"]])
expect_breakeven(clouds[0], [c for c in usable if c["cloud"] == clouds[0]])
workload = quote["comparisons"][0]["workload"]
expect_breakeven(workload, usable)
print(f"{len(servers)} servers, {len(clouds)} clouds, {len(usable)} usable comparisons")
for p in problems:
    print("MISMATCH", p)
sys.exit(1 if problems else 0)
