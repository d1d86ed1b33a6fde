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
    # Every fully priced option comes before every option with an unpriced part. Traffic
    # (" (traffic)": a usage term with no amount) leaves a total a lower bound but prices
    # nothing less, so alone it does not move an option out of the fully priced.
    def parts_unpriced(o):
        return any(not u.endswith(" (traffic)") for u in o["total"]["unpriced"])

    priced = [o for o in options if not parts_unpriced(o)]
    if options[:len(priced)] != priced:
        fail("an option with an unpriced part ranks above a fully priced one")
    for o in options:
        if o["total"]["lower_bound"] != bool(o["total"]["unpriced"]) or o["fully_priced"] == parts_unpriced(o):
            fail(f"#{o['rank']}: lower_bound or fully_priced disagrees with its unpriced list")

    def cheaper_at_both_ends(a, b):
        return a["total"]["low"] < b["total"]["low"] and a["total"]["high"] < b["total"]["high"]

    # Among the fully priced: an option is below another only when that one is cheaper at
    # both ends; its rank is the place of the first option as cheap as it (1 + how many
    # are cheaper at both ends, counted over the ranks below), and options of one rank tie.
    dominated_by = [sum(cheaper_at_both_ends(other, o) for other in priced) for o in priced]
    for i, o in enumerate(priced):
        for later in priced[i + 1:]:
            if cheaper_at_both_ends(later, o):
                fail(f"#{later['rank']} is cheaper at both ends than #{o['rank']} but ranks below it")
        expected_rank = 1 + sum(d < dominated_by[i] for d in dominated_by)
        if o["rank"] != expected_rank:
            fail(f"option {i + 1} has rank {o['rank']}, expected {expected_rank}")
        ties = [j + 1 for j, d in enumerate(dominated_by) if d == dominated_by[i] and j != i]
        if o["tied_with"] != ties:
            fail(f"#{o['rank']} ties with {o['tied_with']}, expected {ties}")
    # The options with an unpriced part, by their known low end, each at its own place.
    rest = options[len(priced):]
    if [o["total"]["low"] for o in rest] != sorted(o["total"]["low"] for o in rest):
        fail("the options with unpriced parts are not in order of their known totals")
    if [o["rank"] for o in rest] != list(range(len(priced) + 1, len(options) + 1)):
        fail("the options with unpriced parts do not follow the fully priced ones")
    ties = sum(bool(o["tied_with"]) for o in priced)
    print(f"OK order: {len(priced)} fully priced options by their ranges ({ties} tied), then {len(rest)} with unpriced parts")
    for o in options:
        if o["kind"] != "onprem":
            continue
        for end in ("low", "high"):
            expected = o["capex"][end] + o["electricity_monthly"][end] * horizon
            # electricity_monthly is rounded to cents, the total is not: allow a cent per month.
            if abs(expected - o["total"][end]) > 0.01 * horizon + 0.01:
                fail(f"#{o['rank']}: {o['capex'][end]} + {o['electricity_monthly'][end]} x {horizon} != {o['total'][end]}")
    print(f"OK totals: every server total is capex + electricity x {horizon:g} months")
    search = report["search"]
    if search["pruned"] != sum(search["pruned_by"].values()):
        fail("pruned is not the sum of pruned_by")
    if search["sizing_runs"] > search["pack_runs"] or search["passed"] > search["pack_runs"]:
        fail("more sizing runs or passes than pack runs")
    print("OK search: pruned = sum of pruned_by")
    be = report.get("breakeven")
    if be and be["months"] is not None:
        # The earliest crossing is the low capex against the widest monthly gap; an upper
        # bound (the cloud side is a lower bound) is the latest: high capex, narrowest gap.
        if be["bound"] == "at_most":
            capex, onprem, cloud = be["capex"]["high"], be["onprem_monthly"]["high"], be["cloud_monthly"]["low"]
        else:
            capex, onprem, cloud = be["capex"]["low"], be["onprem_monthly"]["low"], be["cloud_monthly"]["high"]
        months = capex / (cloud - onprem)
        if abs(months - be["months"]) > 0.01:
            fail(f"break-even {be['months']} != {capex} / ({cloud} - {onprem}) = {months}")
        print(f"OK break-even: {capex:.2f} / ({cloud:.2f} - {onprem:.2f}) = {months:.2f} months")
    first = options[0]
    print(f"OK first: {first['kind']} {first['total']['low']:.2f} {report['currency']}")


if __name__ == "__main__":
    main(sys.argv[1])
