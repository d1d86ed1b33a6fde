#!/usr/bin/env python3
"""The held-out check (docs/cost.md): does the price book's range for a build contain the
public price of the same configuration at its stated date?

usage: heldout_check.py GPUSPEC MANIFEST.json STDLIB_DIR

For each case of the manifest it runs the real binary, at the case's date
(GPUSPEC_TODAY, so the exchange rate in effect is the one of that date):
  gpuspec bom BUILD --name SERVER --format json
  gpuspec quote BUILD --name SERVER --format json
and checks, whatever the outcome: the source is held out (its address appears nowhere in
STDLIB_DIR), the BOM is in the public price's currency (no silent conversion here: the
binary converts through the book's dated rates and names them), and the quote's capex is
the BOM's total. Then it classifies the case:
  contained    every line priced (or included in a system price), no missing-price,
               and low <= public <= high
  range_above  every line priced, the book's low end above the public price
  range_below  every line priced, the book's high end below the public price
  incomplete   a line has no price (the total is a lower bound)
and compares that with the case's `expect` (README.md says why each non-contained case
is what it is). Prints one line per case and a summary; exits 1 on any surprise, so a
stdlib change that moves a case fails the test until README.md and the manifest agree.
"""
import json
import os
import pathlib
import subprocess
import sys


def run(gpuspec, args, today):
    env = dict(os.environ, GPUSPEC_TODAY=today, NO_COLOR="1")
    p = subprocess.run([gpuspec, *args], capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def money(x):
    return f"{x:,.2f}"


def held_out_problems(case, stdlib):
    """A held-out source is one the stdlib does not use: its address is nowhere in it."""
    urls = [case["url"]]
    problems = []
    for path in sorted(pathlib.Path(stdlib).rglob("*.gpuspec")):
        text = path.read_text(encoding="utf-8")
        problems += [f"{case['id']}: {u} is used by {path.name}" for u in urls if u in text]
    return problems


def unpriced_lines(bom):
    """Lines with neither a price nor a system price that covers them."""
    out = []
    for line in bom["lines"]:
        covered = line.get("included_in") and line["included_in"]["quantity"] >= line["quantity"]
        if line["line_total"] is None and not covered:
            out.append(line["part"] or line["description"])
    return out + [r["role"] + " (not in the build)" for r in bom["missing_roles"]]


def check_case(gpuspec, here, case, stdlib):
    problems = held_out_problems(case, stdlib)
    build = str(here / case["build"])
    name = ["--name", case["server"]]
    code, out, err = run(gpuspec, ["bom", build, *name, "--format", "json"], case["date"])
    if code not in (0, 1):
        return None, problems + [f"{case['id']}: gpuspec bom exited {code}: {err.strip()}"]
    bom = json.loads(out)["boms"][0]
    qcode, qout, qerr = run(gpuspec, ["quote", build, *name, "--format", "json"], case["date"])
    if qcode not in (0, 1):
        return None, problems + [f"{case['id']}: gpuspec quote exited {qcode}: {qerr.strip()}"]
    capex = json.loads(qout)["on_premises"][0]["capex"]

    public = case["public_price"]
    if bom["currency"] != public["currency"]:
        problems.append(f"{case['id']}: BOM in {bom['currency']}, public price in {public['currency']}")
    low, high = bom["total"], bom["total_high"]
    if abs(capex["low"] - low) > 0.005 or abs(capex["high"] - high) > 0.005:
        problems.append(f"{case['id']}: quote capex {capex['low']} .. {capex['high']} != BOM {low} .. {high}")

    missing = unpriced_lines(bom)
    missing_price = "missing-price" in err or "missing-price" in qerr
    if missing or not bom["complete"] or capex["lower_bound"]:
        if not missing:
            problems.append(f"{case['id']}: BOM incomplete but every line has a price")
        outcome = "incomplete"
        detail = f"at least {money(low)} .. {money(high)} {bom['currency']}, {len(missing)} unpriced: {', '.join(missing)}"
    elif bom["currency"] != public["currency"]:
        outcome = "not_compared"
        detail = f"{money(low)} .. {money(high)} {bom['currency']} (another currency: not compared)"
    else:
        if missing_price or code != 0 or qcode != 0:
            problems.append(f"{case['id']}: every line priced, yet missing-price or exit {code}/{qcode}")
        amount = public["amount"]
        if amount < low:
            outcome = "range_above"
        elif amount > high:
            outcome = "range_below"
        else:
            outcome = "contained"
        detail = f"{money(low)} .. {money(high)} {bom['currency']}"
    line = (f"{case['id']}: {outcome}: public {money(public['amount'])} {public['currency']} "
            f"({case['date']}) vs book {detail}")
    # The book's price in effect at the source's date, where it has one; a line whose every
    # price is dated later is priced from the oldest of them, and says so: list those parts.
    late = [l["part"] for l in bom["lines"] if l["price"] and "dated_after_quote_date" in l["price"]]
    priced = [l for l in bom["lines"] if l["price"]]
    if late:
        line += f"\n  {len(late)} of {len(priced)} priced lines from sources dated after {case['date']}: {', '.join(late)}"
    if outcome != case["expect"]:
        problems.append(f"{case['id']}: {outcome}, but the manifest expects {case['expect']} (update README.md)")
    return (line, outcome), problems


def main():
    gpuspec, manifest_path, stdlib = sys.argv[1:4]
    manifest = json.load(open(manifest_path, encoding="utf-8"))
    here = pathlib.Path(manifest_path).parent
    problems, outcomes = [], []
    for case in manifest["cases"]:
        result, found = check_case(gpuspec, here, case, stdlib)
        problems += found
        if result:
            print(result[0])
            outcomes.append(result[1])
    for p in problems:
        print(f"problem: {p}")
    contained = outcomes.count("contained")
    print(f"held-out: {len(outcomes)} cases, {contained} contained, {len(outcomes) - contained} not, "
          f"{len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
