#!/usr/bin/env python3
"""Independent arithmetic checks of `gpuspec bom/quote` output (not the C++ code's logic).

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
import sys


def close(a, b, tol=0.011):
    return abs(a - b) <= tol * max(1.0, abs(b) * 1e-6) or abs(a - b) <= 0.011


def fail(msg):
    print("MISMATCH:", msg)
    sys.exit(1)


def bom_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    totals, unpriced = {}, {}
    for r in rows:
        if r["role"] == "total":
            s = totals.get(r["server"], 0.0)
            if not close(s, float(r["line total"])):
                fail(f"{r['server']}: sum of lines {s:.2f} != total {r['line total']}")
            missing = unpriced.get(r["server"], [])
            if bool(missing) != r["note"].startswith("a lower bound") or any(p not in r["note"] for p in missing):
                fail(f"{r['server']}: total note {r['note']!r} for unpriced {missing}")
            bound = f"at least {float(r['line total']):.2f} ({len(missing)} unpriced)" if missing else f"{float(r['line total']):.2f}"
            print(f"OK {r['server']} sum of {len(rows) - 1} line totals = {bound} {r['currency']}")
            continue
        if r["line total"] == "no price":
            if r["part"] not in unpriced.setdefault(r["server"], []):
                unpriced[r["server"]].append(r["part"])
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
        missing = sorted({l["part"] for l in bom["lines"] if l["line_total"] is None})
        if bom["complete"] != (not missing) or sorted(bom["unpriced"]) != missing:
            fail(f"{bom['server']}: complete {bom['complete']}, unpriced {bom['unpriced']}, lines without a price {missing}")
        print(f"OK {bom['server']} json total {bom['total']:.2f}")


def check_bound(what, t, parts):
    """A sum is a lower bound exactly when one of its parts is; its unpriced list is theirs."""
    lb = any(p["lower_bound"] for p in parts)
    if t["lower_bound"] != lb:
        fail(f"{what}: lower_bound {t['lower_bound']} but its parts say {lb}")
    names = sorted({u for p in parts for u in p["unpriced"]})
    if sorted(t["unpriced"]) != names:
        fail(f"{what}: unpriced {t['unpriced']} != {names}")


def quote_json(path):
    q = json.load(open(path))
    if q["version"] != 2:
        fail(f"quote JSON version {q['version']}")
    for c in q["cloud"]:
        share = 1  # the Terraform module runs the nodes every hour, whatever the utilization
        if c["billed_share"] != share:
            fail(f"{c['name']}: billed share {c['billed_share']} for {c['pricing']} at {c['utilization']}")
        if c["total"] is None:
            print(f"OK {c['name']} has no total (no hours)")
            continue
        hours = c["hours"]
        if c["hourly"] is not None:
            expect = c["hourly"] * c["count"] * hours * share
            if not close(expect, c["instances_total"]["amount"]):
                fail(f"{c['name']}: instances {expect} != {c['instances_total']['amount']}")
        elif c["instances_total"]["amount"] != 0 or not c["instances_total"]["lower_bound"]:
            fail(f"{c['name']}: an unpriced instance must count 0 in a lower bound")
        storage = sum(v["monthly_each"] * c["count"] * hours / 730 for v in c["volumes"] if v["monthly_each"] is not None)
        if not close(storage, c["storage_total"]["amount"]):
            fail(f"{c['name']}: storage {storage} != {c['storage_total']['amount']}")
        unpriced_volumes = [v for v in c["volumes"] if v["monthly_each"] is None]
        if c["storage_total"]["lower_bound"] != bool(unpriced_volumes):
            fail(f"{c['name']}: storage lower_bound does not match its unpriced volumes")
        services = sum(s["monthly"] * hours / 730 for s in c["services"] if s["monthly"] is not None)
        if not close(services, c["services_total"]["amount"]):
            fail(f"{c['name']}: services {services} != {c['services_total']['amount']}")
        if c["services_total"]["lower_bound"] != any(s["monthly"] is None for s in c["services"]):
            fail(f"{c['name']}: services lower_bound does not match its unpriced or traffic lines")
        total = c["instances_total"]["amount"] + c["storage_total"]["amount"] + c["services_total"]["amount"]
        if not close(total, c["total"]["amount"]):
            fail(f"{c['name']}: total {c['total']['amount']} != instances + storage + services {total}")
        check_bound(c["name"] + " total", c["total"], [c["instances_total"], c["storage_total"], c["services_total"]])
        bound = "at least " if c["total"]["lower_bound"] else ""
        print(f"OK {c['name']} {bound}{c['instances_total']['amount']:.2f} instances + {storage:.2f} storage + "
              f"{services:.2f} services = {c['total']['amount']:.2f}")
    servers = {s["name"]: s for s in q["on_premises"]}
    clouds = {c["name"]: c for c in q["cloud"]}
    for s in q["on_premises"]:
        if s["tco"] is None:
            continue
        capex, elec = s["capex"], s["electricity_over_horizon"]
        if not close(capex["amount"] + elec["amount"], s["tco"]["amount"]):
            fail(f"tco {capex['amount']} + {elec['amount']} != {s['tco']['amount']}")
        check_bound(s["name"] + " tco", s["tco"], [capex, elec])
        if s["electricity_per_month"] is not None:
            e = s["electricity_per_month"] * s["horizon_months"]
            if abs(e - elec["amount"]) > 0.005 * s["horizon_months"] + 0.011:  # per-month figure is rounded
                fail(f"electricity {e} != {elec['amount']}")
        bound = "at least " if s["tco"]["lower_bound"] else ""
        print(f"OK {s['name']} TCO {bound}{capex['amount']:.2f} + {elec['amount']:.2f} = {s['tco']['amount']:.2f}")
    for cmp in q["comparisons"]:
        s, c = servers[cmp["server"]], clouds[cmp["cloud"]]
        st, ct = s["capability"]["dense_bf16_tflops"], c["capability"]["dense_bf16_tflops"]
        same = s["capability"]["gpu"] == c["capability"]["gpu"] and s["capability"]["gpus"] == c["capability"]["gpus"]
        scale = 1 if same or st is None or ct is None else st / ct
        if abs(scale - cmp["scale"]) > 1e-9:
            fail(f"scale {cmp['scale']} != {scale}")
        if bool(cmp["mismatch"]) == same:
            fail(f"mismatch note {cmp['mismatch']!r} but same GPUs = {same}")
        capex = s["capex"]["amount"]
        opex_m = cmp["on_premises_monthly"]["amount"]
        cloud_m = (c["instances_monthly"]["amount"] * scale + c["storage_monthly"]["amount"]
                   + c["services_monthly"]["amount"])
        # three monthly figures, each rounded to the cent in the JSON
        if not close(cloud_m, cmp["cloud_monthly"]["amount"], tol=0.016):
            fail(f"cloud monthly {cmp['cloud_monthly']['amount']} != {cloud_m}")
        onprem_low = s["capex"]["lower_bound"] or cmp["on_premises_monthly"]["lower_bound"]
        cloud_low = cmp["cloud_monthly"]["lower_bound"]
        # Walk the cumulative curves of the priced figures month by month (in hundredths).
        m, step = 0.0, 0.01
        while capex + opex_m * m > cloud_m * m and m < 1200:
            m += step
        crosses = m < 1200
        expect_bound = "exact"
        if onprem_low and cloud_low:
            expect_bound = None  # nothing follows
        elif onprem_low:
            expect_bound = "at_least"
        elif cloud_low:
            expect_bound = "at_most" if crosses else None
        if expect_bound is None:
            if cmp["breakeven_months"] is not None:
                fail(f"break-even {cmp['breakeven_months']} reported though nothing follows from the bounds")
            print(f"OK {cmp['server']} vs {cmp['cloud']}: break-even unknown ({cmp['breakeven_why']})")
            continue
        if cmp["breakeven_months"] is None:
            if crosses:
                fail(f"curves cross at {m:.2f} months but no break-even reported")
            print("OK no break-even: the curves never cross")
            continue
        if cmp["breakeven_bound"] != expect_bound:
            fail(f"break-even bound {cmp['breakeven_bound']}, expected {expect_bound}")
        if abs(m - cmp["breakeven_months"]) > 0.02:
            fail(f"curves cross at {m:.2f} months, reported {cmp['breakeven_months']}")
        h = cmp["horizon_months"]
        onprem, cloud = capex + opex_m * h, cloud_m * h
        cheaper = ""
        if not onprem_low and not cloud_low:
            cheaper = "on-premises" if onprem < cloud else "cloud"
        elif onprem_low and not cloud_low and onprem > cloud:
            cheaper = "cloud"
        elif cloud_low and not onprem_low and cloud > onprem:
            cheaper = "on-premises"
        if cheaper != cmp["cheaper"]:
            fail(f"cheaper {cmp['cheaper']!r} but {onprem:.2f} vs {cloud:.2f} (lower bounds: {onprem_low}, {cloud_low})")
        words = {"exact": "", "at_least": "at least ", "at_most": "at most "}[expect_bound]
        print(f"OK {cmp['server']} vs {cmp['cloud']}: scale {scale:.4g}, break-even {words}{cmp['breakeven_months']:.2f} months; "
              f"over {h:g} months {cheaper or 'unknown'} is cheaper")


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
