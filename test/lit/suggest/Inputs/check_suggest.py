#!/usr/bin/env python3
"""Independent checks of `gpuspec suggest --format json` output (used by the lit tests)."""
import json
import sys


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def main(path):
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    options = report["options"]
    horizon = report["horizon_months"]
    ranks = [o["rank"] for o in options]
    if ranks != list(range(1, len(options) + 1)):
        fail(f"ranks are not 1..n: {ranks}")
    keys = [(o["total"]["amount"], o["total"]["lower_bound"]) for o in options]
    if keys != sorted(keys):
        fail("options are not in order of their known totals, exact before a lower bound")
    for o in options:
        if o["total"]["lower_bound"] != bool(o["total"]["unpriced"]):
            fail(f"#{o['rank']}: lower_bound disagrees with its unpriced list")
    print(f"OK order: {len(options)} options by known total, exact before a lower bound")
    for o in options:
        if o["kind"] != "onprem":
            continue
        expected = o["capex"]["amount"] + o["electricity_monthly"]["amount"] * horizon
        # electricity_monthly is rounded to cents, the total is not: allow a cent per month.
        if abs(expected - o["total"]["amount"]) > 0.01 * horizon + 0.01:
            fail(f"#{o['rank']}: {o['capex']['amount']} + {o['electricity_monthly']['amount']} x {horizon} != {o['total']['amount']}")
    print(f"OK totals: every server total is capex + electricity x {horizon:g} months")
    search = report["search"]
    if search["pruned"] != sum(search["pruned_by"].values()):
        fail("pruned is not the sum of pruned_by")
    if search["sizing_runs"] > search["pack_runs"] or search["passed"] > search["pack_runs"]:
        fail("more sizing runs or passes than pack runs")
    print("OK search: pruned = sum of pruned_by")
    be = report.get("breakeven")
    if be and be["months"] is not None:
        capex, onprem, cloud = be["capex"]["amount"], be["onprem_monthly"]["amount"], be["cloud_monthly"]["amount"]
        months = capex / (cloud - onprem)
        if abs(months - be["months"]) > 0.01:
            fail(f"break-even {be['months']} != {capex} / ({cloud} - {onprem}) = {months}")
        print(f"OK break-even: {capex:.2f} / ({cloud:.2f} - {onprem:.2f}) = {months:.2f} months")
    first = options[0]
    print(f"OK first: {first['kind']} {first['total']['amount']:.2f} {report['currency']}")


if __name__ == "__main__":
    main(sys.argv[1])
