#!/usr/bin/env python3
"""Independent arithmetic checks of `gpuspec bom/quote` output (not the C++ code's logic),
at both ends of every range (a point price is a range whose ends are equal).

usage: check_cost.py bom-csv FILE       sum of line totals = total row; qty x unit = line
       check_cost.py bom-json FILE      the same over the JSON
       check_cost.py quote-json FILE    cloud: instances = hourly x count x hours x billed share,
                                        storage = volumes x count x hours / 730, total = both;
                                        TCO = capex + electricity; a sum is a lower bound iff a
                                        part is; normalisation = server / cloud dense BF16 TFLOPS;
                                        break-even = where the cumulative curves cross, with the
                                        bound the lower bounds allow; cheaper over the horizon
       check_cost.py volumes-match TF_MAIN_JSON QUOTE_JSON
                                        the quote prices the volumes Terraform creates
       check_cost.py resources-match TF_MAIN_JSON QUOTE_JSON
                                        the quote has a line for every billed resource
                                        Terraform creates, as many as it creates
Prints OK lines; exits 1 on the first mismatch.
"""
import csv
import json
import re
import sys


def close(a, b, tol=0.011):
    return abs(a - b) <= tol * max(1.0, abs(b) * 1e-6) or abs(a - b) <= 0.011


def fail(msg):
    print("MISMATCH:", msg)
    sys.exit(1)


def bom_csv(path):
    """Both ends of every range: qty x unit = line, and the lines sum to the total row."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    totals, unpriced = {}, {}
    for r in rows:
        if r["role"] == "total":
            low, high = totals.get(r["server"], (0.0, 0.0))
            if not close(low, float(r["line total"])) or not close(high, float(r["line total high"])):
                fail(f"{r['server']}: sum of lines {low:.2f} .. {high:.2f} != total {r['line total']} .. {r['line total high']}")
            missing = unpriced.get(r["server"], [])
            lower_bound = r["note"].startswith("a lower bound")
            if (missing and not lower_bound) or any(p not in r["note"] for p in missing):
                fail(f"{r['server']}: total note {r['note']!r} for unpriced {missing}")
            amount = f"{float(r['line total']):.2f}"
            if r["line total high"] != r["line total"]:
                amount += f" .. {float(r['line total high']):.2f}"
            # The note counts unpriced lines and missing roles (a tower's motherboard) alike.
            named = re.search(r"\((\d+) parts? unpriced", r["note"])
            bound = f"at least {amount} ({named.group(1) if named else '?'} unpriced)" if lower_bound else amount
            lines = sum(1 for x in rows if x["server"] == r["server"] and x["role"] != "total")
            print(f"OK {r['server']} sum of {lines} line totals = {bound} {r['currency']}")
            continue
        if r["line total"] == "included":
            continue  # covered by a system price
        if r["line total"] == "no price":
            part = r["part"].removesuffix(" (implied)")
            if part == "(no catalog part)":  # a part the catalog lacks: named by what is needed
                part = r["description"]
            if part not in unpriced.setdefault(r["server"], []):
                unpriced[r["server"]].append(part)
            continue
        q = float(r["qty"])
        low, high = totals.get(r["server"], (0.0, 0.0))
        # A host line a configured server's price may hold runs from 0 to its full price.
        maybe = "from 0 (included) to the full price (not included)" in r["note"]
        if maybe and float(r["line total"]) != 0:
            fail(f"{r['part']}: a line the system may include starts at {r['line total']}, not 0")
        for unit, line in (("unit price", "line total"), ("unit price high", "line total high")):
            if maybe and line == "line total":
                continue
            u, t = float(r[unit]), float(r[line])
            # "8 included in X, the rest ..." (a system price) or "6 included with X (it ships
            # with 6 as standard), the rest ..." (a chassis's standard supplies)
            m = re.search(r"(?:^|; )([0-9.]+) included (?:in|with) ", r["note"])
            included = float(m.group(1)) if m else 0
            # The unit price is printed to the cent, the line total computed unrounded.
            if not close((q - included) * u, t) and abs((q - included) * u - t) > 0.005 * (q - included) + 0.011:
                fail(f"{r['part']}: ({q} - {included}) x {u} != {t}")
        low += float(r["line total"])
        high += float(r["line total high"])
        totals[r["server"]] = (low, high)


def bom_json(path):
    doc = json.load(open(path))
    for bom in doc["boms"]:
        lines = [l for l in bom["lines"] if l["line_total"] is not None]
        low = sum(l["line_total"]["low"] for l in lines)
        high = sum(l["line_total"]["high"] for l in lines)
        if not close(low, bom["total"]) or not close(high, bom["total_high"]):
            fail(f"{bom['server']}: {low} .. {high} != {bom['total']} .. {bom['total_high']}")
        for l in bom["lines"]:
            if l["price"] is None and l["unit_price"] is not None:
                fail(f"{l['part']} priced without a price entry")
            if "maybe_included_in" in l:  # from 0 (the system's own) to the full price
                full = l["quantity"] - l.get("included_in", {}).get("quantity", 0)
                if l["line_total"]["low"] != 0 or abs(l["line_total"]["high"] - full * l["unit_price"]["high"]) > 0.005 * full + 0.011:
                    fail(f"{l['part']}: a line the system may include is {l['line_total']}, not 0 .. {full} x {l['unit_price']['high']}")
        covered = lambda l: "included_in" in l and l["included_in"]["quantity"] >= l["quantity"]
        missing = sorted({l["part"] or l["description"] for l in bom["lines"] if l["line_total"] is None and not covered(l)})
        missing += sorted(r["role"] + " (not in the build)" for r in bom["missing_roles"])
        if bom["complete"] != (not missing) or sorted(bom["unpriced"]) != sorted(missing):
            fail(f"{bom['server']}: complete {bom['complete']}, unpriced {bom['unpriced']}, lines without a price {missing}")
        amount = f"{bom['total']:.2f}" + (f" .. {bom['total_high']:.2f}" if bom["total_high"] != bom["total"] else "")
        print(f"OK {bom['server']} json total {amount}")


def check_bound(what, t, parts):
    """A sum is a lower bound exactly when one of its parts is; its unpriced list is theirs."""
    lb = any(p["lower_bound"] for p in parts)
    if t["lower_bound"] != lb:
        fail(f"{what}: lower_bound {t['lower_bound']} but its parts say {lb}")
    names = sorted({u for p in parts for u in p["unpriced"]})
    if sorted(t["unpriced"]) != names:
        fail(f"{what}: unpriced {t['unpriced']} != {names}")


def ends(t):
    """A money figure's (low, high)."""
    return t["low"], t["high"]


def shown(low, high):
    """"12.00", or "12.00 .. 15.00" for a range."""
    return f"{low:.2f}" if abs(low - high) < 0.005 else f"{low:.2f} .. {high:.2f}"


def walk(capex, opex_m, cloud_m):
    """The month the cumulative curves cross, walked in hundredths (1200 = never)."""
    m, step = 0.0, 0.01
    while capex + opex_m * m > cloud_m * m and m < 1200:
        m += step
    return m


def quote_json(path):
    q = json.load(open(path))
    if q["version"] != 3:
        fail(f"quote JSON version {q['version']}")
    for c in q["cloud"]:
        share = 1  # the Terraform module runs the nodes every hour, whatever the utilization
        if c["billed_share"] != share:
            fail(f"{c['name']}: billed share {c['billed_share']} for {c['pricing']} at {c['utilization']}")
        if c["total"] is None:
            print(f"OK {c['name']} has no total (no hours)")
            continue
        hours = c["hours"]
        for end, hourly_key, volume_key, service_key in ((0, "hourly", "monthly_each", "monthly"),
                                                         (1, "hourly_high", "monthly_each_high", "monthly_high")):
            instances = ends(c["instances_total"])[end]
            if c[hourly_key] is not None:
                expect = c[hourly_key] * c["count"] * hours * share
                if not close(expect, instances):
                    fail(f"{c['name']}: instances {expect} != {instances}")
            elif instances != 0 or not c["instances_total"]["lower_bound"]:
                fail(f"{c['name']}: an unpriced instance must count 0 in a lower bound")
            storage = sum(v[volume_key] * c["count"] * hours / 730 for v in c["volumes"] if v[volume_key] is not None)
            if not close(storage, ends(c["storage_total"])[end]):
                fail(f"{c['name']}: storage {storage} != {ends(c['storage_total'])[end]}")
            services = sum(s[service_key] * hours / 730 for s in c["services"] if s[service_key] is not None)
            if not close(services, ends(c["services_total"])[end]):
                fail(f"{c['name']}: services {services} != {ends(c['services_total'])[end]}")
            total = instances + storage + services
            if not close(total, ends(c["total"])[end]):
                fail(f"{c['name']}: total {ends(c['total'])[end]} != instances + storage + services {total}")
        unpriced_volumes = [v for v in c["volumes"] if v["monthly_each"] is None]
        if c["storage_total"]["lower_bound"] != bool(unpriced_volumes):
            fail(f"{c['name']}: storage lower_bound does not match its unpriced volumes")
        if c["services_total"]["lower_bound"] != any(s["monthly"] is None for s in c["services"]):
            fail(f"{c['name']}: services lower_bound does not match its unpriced or traffic lines")
        check_bound(c["name"] + " total", c["total"], [c["instances_total"], c["storage_total"], c["services_total"]])
        bound = "at least " if c["total"]["lower_bound"] else ""
        print(f"OK {c['name']} {bound}{shown(*ends(c['instances_total']))} instances + "
              f"{shown(*ends(c['storage_total']))} storage + {shown(*ends(c['services_total']))} services = "
              f"{shown(*ends(c['total']))}")
    servers = {s["name"]: s for s in q["on_premises"]}
    clouds = {c["name"]: c for c in q["cloud"]}
    for s in q["on_premises"]:
        if s["tco"] is None:
            continue
        capex, elec = s["capex"], s["electricity_over_horizon"]
        for end in (0, 1):
            if not close(ends(capex)[end] + ends(elec)[end], ends(s["tco"])[end]):
                fail(f"tco {ends(capex)[end]} + {ends(elec)[end]} != {ends(s['tco'])[end]}")
        check_bound(s["name"] + " tco", s["tco"], [capex, elec])
        if s["electricity_per_month"] is not None:
            e = s["electricity_per_month"] * s["horizon_months"]
            if abs(e - elec["low"]) > 0.005 * s["horizon_months"] + 0.011:  # per-month figure is rounded
                fail(f"electricity {e} != {elec['low']}")
        bound = "at least " if s["tco"]["lower_bound"] else ""
        print(f"OK {s['name']} TCO {bound}{shown(*ends(capex))} + {shown(*ends(elec))} = {shown(*ends(s['tco']))}")
    for cmp in q["comparisons"]:
        s, c = servers[cmp["server"]], clouds[cmp["cloud"]]
        st, ct = s["capability"]["dense_bf16_tflops"], c["capability"]["dense_bf16_tflops"]
        same = s["capability"]["gpu"] == c["capability"]["gpu"] and s["capability"]["gpus"] == c["capability"]["gpus"]
        scale = 1 if same or st is None or ct is None else st / ct
        if abs(scale - cmp["scale"]) > 1e-9:
            fail(f"scale {cmp['scale']} != {scale}")
        if bool(cmp["mismatch"]) == same:
            fail(f"mismatch note {cmp['mismatch']!r} but same GPUs = {same}")
        capex = ends(s["capex"])
        opex_m = ends(cmp["on_premises_monthly"])
        cloud_m = tuple(ends(c["instances_monthly"])[e] * scale + ends(c["storage_monthly"])[e]
                        + ends(c["services_monthly"])[e] for e in (0, 1))
        # three monthly figures, each rounded to the cent in the JSON
        if not close(cloud_m[0], cmp["cloud_monthly"]["low"], tol=0.016) or \
                not close(cloud_m[1], cmp["cloud_monthly"]["high"], tol=0.016):
            fail(f"cloud monthly {ends(cmp['cloud_monthly'])} != {cloud_m}")
        onprem_low = s["capex"]["lower_bound"] or cmp["on_premises_monthly"]["lower_bound"]
        cloud_low = cmp["cloud_monthly"]["lower_bound"]
        # The earliest crossing: the least capex and electricity against the dearest cloud; the
        # latest: the most capex and electricity against the cheapest cloud. A side with
        # unpriced items has no known upper end, so an end it decides is unknown.
        earliest = None if cloud_low else walk(capex[0], opex_m[0], cloud_m[1])
        latest = None if onprem_low else walk(capex[1], opex_m[1], cloud_m[0])
        never = walk(capex[0], opex_m[0], cloud_m[1]) >= 1200 and not cloud_low
        h = cmp["horizon_months"]
        onprem = (capex[0] + opex_m[0] * h, float("inf") if onprem_low else capex[1] + opex_m[1] * h)
        cloud = (cloud_m[0] * h, float("inf") if cloud_low else cloud_m[1] * h)
        cheaper = "on-premises" if onprem[1] < cloud[0] else "cloud" if cloud[1] < onprem[0] else ""
        if cheaper != cmp["cheaper"]:
            fail(f"cheaper {cmp['cheaper']!r} but {onprem} vs {cloud}")
        over = f"over {h:g} months {cheaper or 'unknown'} is cheaper"
        if never:
            if cmp["breakeven_months"] is not None:
                fail(f"break-even {cmp['breakeven_months']} reported though the curves never cross")
            print(f"OK {cmp['server']} vs {cmp['cloud']}: no break-even, the curves never cross; {over}")
            continue
        earliest = earliest if earliest is not None and earliest < 1200 else None
        latest = latest if latest is not None and latest < 1200 else None
        if earliest is not None and latest is not None:
            expect = ("exact", earliest, latest)
        elif earliest is not None:
            expect = ("at_least", earliest, None)
        elif latest is not None:
            expect = ("at_most", latest, None)
        else:
            expect = None
        if expect is None:
            if cmp["breakeven_months"] is not None:
                fail(f"break-even {cmp['breakeven_months']} reported though nothing follows from the bounds")
            print(f"OK {cmp['server']} vs {cmp['cloud']}: break-even unknown ({cmp['breakeven_why']})")
            continue
        if cmp["breakeven_bound"] != expect[0]:
            fail(f"break-even bound {cmp['breakeven_bound']}, expected {expect[0]}")
        if abs(expect[1] - cmp["breakeven_months"]) > 0.02:
            fail(f"curves cross at {expect[1]:.2f} months, reported {cmp['breakeven_months']}")
        if expect[2] is not None and abs(expect[2] - cmp["breakeven_high"]) > 0.02:
            fail(f"latest crossing {expect[2]:.2f} months, reported {cmp['breakeven_high']}")
        words = {"exact": "", "at_least": "at least ", "at_most": "at most "}[expect[0]]
        latest_text = f" .. {expect[2]:.2f}" if expect[2] is not None and abs(expect[2] - expect[1]) > 0.02 else ""
        print(f"OK {cmp['server']} vs {cmp['cloud']}: scale {scale:.4g}, break-even {words}"
              f"{cmp['breakeven_months']:.2f}{latest_text} months; {over}")


# The Terraform backend's volume types as the provider APIs name them, and the catalog's.
TF_VOLUME_TYPES = {"gp3": "aws.ebs_gp3", "st1": "aws.ebs_st1", "Premium_LRS": "azure.premium_ssd_lrs",
                   "Standard_LRS": "azure.standard_hdd_lrs", "cloud_essd": "alicloud.essd_pl1"}


def tf_volumes(node, out):
    """(catalog volume type, GiB) of every sized disk in a Terraform JSON document: instance
    root/system disks and data volumes (a helper host's unsized system disk is not the
    deployment's storage)."""
    if isinstance(node, list):
        for item in node:
            tf_volumes(item, out)
        return
    if not isinstance(node, dict):
        return
    for size_key, type_key in (("volume_size", "volume_type"), ("disk_size_gb", "storage_account_type"),
                               ("system_disk_size", "system_disk_category"), ("size", "category"), ("size", "type")):
        if size_key in node and node.get(type_key) in TF_VOLUME_TYPES:
            out.append((TF_VOLUME_TYPES[node[type_key]], float(node[size_key])))
    for value in node.values():
        tf_volumes(value, out)


def volumes_match(tf_main, quote_path):
    """The volumes a quote prices are the ones `gpuspec terraform` creates, type and size
    (the nodes' disks and the bastion host's)."""
    tf = []
    tf_volumes(json.load(open(tf_main)), tf)
    q = json.load(open(quote_path))
    quoted = [(v["volume"], float(v["gib"])) for c in q["cloud"] for v in c["volumes"]]
    quoted += [(s["item"], float(s["gib"])) for c in q["cloud"] for s in c["services"] if "gib" in s]
    if sorted(tf) != sorted(quoted):
        fail(f"terraform creates {sorted(tf)}, the quote prices {sorted(quoted)}")
    print("OK volumes " + ", ".join(f"{t} {g:g} GiB" for t, g in sorted(quoted)))


# Billed Terraform resources and the quote items that price them (stdlib/services.gpuspec);
# a VM whose size is a variable is the bastion host.
TF_BILLED = {
    "aws_nat_gateway": ["aws.nat_gateway", "aws.nat_gateway_data"],
    "aws_eip": ["aws.public_ipv4"],
    "azurerm_nat_gateway": ["azure.nat_gateway", "azure.nat_gateway_data"],
    "azurerm_public_ip": ["azure.public_ip_standard"],
    "alicloud_nat_gateway": ["alicloud.nat_gateway_enhanced", "alicloud.nat_gateway_cu"],
    "alicloud_eip_address": ["alicloud.eip", "alicloud.internet_traffic"],
}
VM_TYPES = {"aws_instance": "instance_type", "azurerm_linux_virtual_machine": "size", "alicloud_instance": "instance_type"}


def resources_match(tf_main, quote_path):
    """Every billed resource `gpuspec terraform` creates has its quote lines, as many."""
    tf = json.load(open(tf_main))
    want = {}
    bastions = 0
    for rtype, by_name in tf.get("resource", {}).items():
        billed = rtype in TF_BILLED or rtype in VM_TYPES
        for body in by_name.values():
            count = body.get("count", 1)
            if not billed:
                continue
            if not isinstance(count, (int, float)):
                fail(f"{rtype}: count {count!r} is not a number")
            for item in TF_BILLED.get(rtype, []):
                want[item] = want.get(item, 0) + count
            if rtype in VM_TYPES and str(body.get(VM_TYPES[rtype], "")).startswith("${var."):
                bastions += count
            if rtype == "aws_instance" and body.get("associate_public_ip_address") is True:
                want["aws.public_ipv4"] = want.get("aws.public_ipv4", 0) + count
            if rtype == "alicloud_instance" and body.get("internet_max_bandwidth_out") not in (None, 0):
                want["alicloud.internet_traffic"] = want.get("alicloud.internet_traffic", 0) + count
    q = json.load(open(quote_path))
    got = {}
    for c in q["cloud"]:
        for s in c["services"]:
            if "gib" not in s:
                got[s["item"]] = got.get(s["item"], 0) + s["count"]
    hosts = sum(s["count"] for c in q["cloud"] for s in c["services"] if s["role"] == "bastion host")
    for item in want:
        got.setdefault(item, 0)
    extra = {k: v for k, v in got.items() if k not in want}
    got = {k: v for k, v in got.items() if k in want}
    if want != got or hosts != bastions:
        fail(f"terraform creates {sorted(want.items())} and {bastions} bastion host(s); the quote prices "
             f"{sorted(got.items())} and {hosts}")
    print("OK resources " + ", ".join(f"{v:g} x {k}" for k, v in sorted(want.items())) + f", {bastions} bastion host(s)"
          + (f" (and {', '.join(sorted(extra))})" if extra else ""))


if sys.argv[1] == "volumes-match":
    volumes_match(sys.argv[2], sys.argv[3])
elif sys.argv[1] == "resources-match":
    resources_match(sys.argv[2], sys.argv[3])
else:
    {"bom-csv": bom_csv, "bom-json": bom_json, "quote-json": quote_json}[sys.argv[1]](sys.argv[2])
