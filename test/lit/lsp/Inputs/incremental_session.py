#!/usr/bin/env python3
"""The language server's kept findings against a fresh analysis (issue 28).

usage: incremental_session.py GPUSPEC WORKDIR SEED EDITS

Writes a document of workloads, servers and a cloud (one server serves a workload of an
imported file; some findings are waived) into WORKDIR, opens it in one `gpuspec lsp`
(no debounce, `stats` on), and applies EDITS random edits, each sent as the incremental
change from the old text to the new: a comment line inserted, a line deleted, a server
renamed, a GPU count changed, a server serving another workload, a workload renamed or its
batch size or sequence length changed, a waiver removed or put back, a budget or the cloud's
instance count or utilization (which a server's cost reads) changed, syntax broken (and fixed
by the next edit), and what the re-parse cuts the text by: a declaration's closing `}`
deleted or one inserted inside a server, braces typed into a string, the import removed or
put back, a workload declared twice (merges, splits and second declarations are undone by
the next edit); and what the type check of a declaration reads of the others (the kept
checks, lsp/sema_memo.h): a workload removed (undone next), declared again as a cloud (its
servers' `serves` now name the wrong kind; undone next), a server serving a workload nobody
declares, and that workload added. After each edit the diagnostics it published must be, byte for byte, those a new
`gpuspec lsp` process publishes on opening the same text at the same version with the
memo off (`incremental: false`, which lints the whole program at once as `check` does).

Prints one line per edit: its kind, the declarations the server linted afresh (from
`$/gpuspec/stats`), how many it replayed, how many declarations it parsed again and how many it type-checked; then `N edits, N identical`. Exits 1 at the
first difference, printing both.
"""
import json
import os
import random
import re
import subprocess
import sys

WORKLOAD = """workload {name} {{
  task = llm.finetune; model = models.llama2_7b; params = 7B; precision = bf16
  method = full; optimizer = adamw; sharding = zero3; recompute = full
  seq_len    = 4096
  batch_size = 8
  dataset = 50 GB; samples = 1.2M; stage = production; horizon = 18 months; data = confidential
  software {{ os = ubuntu@22.04; framework = pytorch@2.3; cuda = "12.1"; containers = docker }}
}}
"""

SERVER = """server {name} {{
  serves    = {serves}
  nodes     = 1
  gpu       = {gpus} x nvidia.h100_80gb_sxm
  gpu_link  = nvswitch
  cpu       = 2 x intel.xeon_gold_6448y
  memory    = 32 x generic.ddr5_64gb_4800
  storage   {{ system = samsung.pm9a3_1_92tb; data {{ drives = 2 x samsung.pm9a3_7_68tb; raid = raid0 }} }}
  psu       = 6 x generic.psu_3300w_titanium
  psu_mode  = redundant
  chassis   = supermicro.sys_821ge
  network   {{ fabric = infiniband; bandwidth = 400 Gbps; nic = 8 x nvidia.connectx7_ndr_400g }}
  site      {{ region = {region}; currency = {currency} }}
  budget    = {budget}
{waiver}}}
"""

CLOUD = """cloud rent_0 {
  serves      = job_0
  provider    = aws
  instance    = aws.p4d_24xlarge
  count       = 2
  region      = "us-east-1"
  duration    = 3 months
  utilization = 60%
  waive net.bandwidth-per-gpu "compared with the servers only"
}
"""

WAIVER = '  waive gpu.export-restricted-region "bought before the restriction; tag HX-0042"\n'


def document():
    parts = ['# Incremental analysis: kept findings against a fresh one.\nimport "imported.gpuspec"\n\n']
    for w in range(3):
        parts.append(WORKLOAD.format(name=f"job_{w}") + "\n")
    for s in range(7):
        serves = "imported_job" if s == 6 else f"job_{s // 2}"
        region, currency, budget = ("cn", "CNY", "4000000 CNY") if s % 3 else ("us", "USD", "400000 USD")
        if s == 0:  # over budget: the finding quotes its cost over the horizon at the cloud's utilization
            budget = "100000 USD"
        parts.append(SERVER.format(name=f"train_{s}", serves=serves, gpus=8, region=region, currency=currency,
                                   budget=budget, waiver=WAIVER if s == 1 else "") + "\n")
    parts.append(CLOUD)
    return "".join(parts)


class Server:
    def __init__(self, binary, root, options):
        self.proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0
        self.request("initialize", {"processId": os.getpid(), "capabilities": {}, "rootUri": "file://" + root,
                                    "initializationOptions": dict(options, debounceMs=0, cacheDirectory=root + "/cache")})
        self.notify("initialized", {})

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.proc.stdin.flush()

    def read(self):
        """The next message's body, as sent (bytes)."""
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.proc.stdout.read(1)
            if not byte:
                raise RuntimeError("the server closed its output")
            header += byte
        fields = dict(line.split(b": ", 1) for line in header.strip().split(b"\r\n"))
        return self.proc.stdout.read(int(fields[b"Content-Length"]))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while json.loads(self.read()).get("id") != self.next_id:
            pass

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, method, version):
        """The body of the next `method` notification for `version`."""
        while True:
            body = self.read()
            message = json.loads(body)
            if message.get("method") == method and message["params"].get("version") == version:
                return body, message["params"]

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait(timeout=30)


def position(text, offset):
    line = text.count("\n", 0, offset)
    return {"line": line, "character": offset - (text.rfind("\n", 0, offset) + 1)}


def change(old, new):
    """The incremental change from `old` to `new`: the span between their common ends."""
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[len(old) - 1 - end] == new[len(new) - 1 - end]:
        end += 1
    return {"range": {"start": position(old, start), "end": position(old, len(old) - end)},
            "text": new[start:len(new) - end]}


UNDONE = {"merge declarations", "split declaration", "duplicate name", "remove workload", "workload to cloud"}  # undone by the next edit


def edit(text, rng, broken):
    """One random edit: (kind, new text). A broken syntax is always fixed next."""
    lines = text.split("\n")
    if broken:
        return "fix syntax", text.replace(" { = oops", "", 1)
    kind = rng.choice(["insert line", "delete line", "rename server", "gpu count", "serves", "rename workload",
                       "waiver", "budget", "break syntax", "workload", "cloud count", "cloud utilization",
                       "merge declarations", "split declaration", "brace in string", "import", "duplicate name",
                       "remove workload", "workload to cloud", "serve unknown", "add missing workload"])
    # What the language server's re-parse (syntax/declaration_cache.h) cuts by: a `}` that
    # closes a declaration deleted (two merge) or inserted (one splits), braces in a string,
    # the import toggled, a second declaration of a name (and each undone next).
    if kind == "merge declarations":
        closing = [i for i, line in enumerate(lines) if line == "}"]
        if closing:
            del lines[rng.choice(closing)]
        return kind, "\n".join(lines)
    if kind == "split declaration":
        spots = [m.end() for m in re.finditer(r"  nodes     = 1\n", text)]
        if not spots:
            return kind, text
        at = rng.choice(spots)
        return kind, text[:at] + "}\nserver split_0 {\n" + text[at:]
    if kind == "brace in string":
        if '"compared with } the servers { only"' in text:
            return kind, text.replace('"compared with } the servers { only"', '"compared with the servers only"', 1)
        return kind, text.replace('"compared with the servers only"', '"compared with } the servers { only"', 1)
    if kind == "import":
        if 'import "imported.gpuspec"\n' in text:
            return kind, text.replace('import "imported.gpuspec"\n', "", 1)
        return kind, text.replace("\n\n", '\nimport "imported.gpuspec"\n\n', 1)
    if kind == "duplicate name":
        names = re.findall(r"^workload (\w+)", text, re.M)
        if not names:
            return kind, text
        return kind, text + "\n" + WORKLOAD.format(name=rng.choice(names))
    # What a declaration's type check reads of others: the kind of each name it refers to.
    if kind == "remove workload":
        spots = [m for m in re.finditer(r"^workload \w+ \{\n(?:  .*\n)*\}\n", text, re.M)]
        if not spots:
            return kind, text
        m = rng.choice(spots)
        return f"{kind} {m.group(0).split()[1]}", text[:m.start()] + text[m.end():]
    if kind == "workload to cloud":
        names = re.findall(r"^workload (\w+)", text, re.M)
        if not names:
            return kind, text
        name = rng.choice(names)
        return f"{kind} {name}", re.sub(rf"^workload {name} ", f"cloud {name} ", text, count=1, flags=re.M)
    if kind == "serve unknown":
        spots = [m for m in re.finditer(r"serves    = (\w+)", text)]
        if not spots:
            return kind, text
        m = rng.choice(spots)
        name = rng.choice(["job_7", "job_8"])
        return f"{kind} {name}", text[:m.start(1)] + name + text[m.end(1):]
    if kind == "add missing workload":
        declared = set(re.findall(r"^(?:workload|server|cloud) (\w+)", text, re.M))
        missing = sorted({n for n in re.findall(r"serves    = (\w+)", text)} - declared - {"imported_job"})
        if not missing:
            return kind, text
        name = rng.choice(missing)
        return f"{kind} {name}", text + "\n" + WORKLOAD.format(name=name)
    if kind == "insert line":
        at = rng.randrange(len(lines))
        lines.insert(at, "# inserted")
        return kind, "\n".join(lines)
    if kind == "delete line":
        del lines[rng.randrange(len(lines))]
        return kind, "\n".join(lines)
    if kind == "rename server":
        names = re.findall(r"^server (\w+)", text, re.M)
        name = rng.choice(names)
        renamed = name[:-2] if name.endswith("_r") else name + "_r"
        return kind, re.sub(rf"^server {name} ", f"server {renamed} ", text, count=1, flags=re.M)
    if kind == "gpu count":
        spots = [m.start(1) for m in re.finditer(r"gpu       = (\d+) x", text)]
        if not spots:
            return kind, text
        at = rng.choice(spots)
        count = text[at:].split(" ")[0]
        return kind, text[:at] + str(rng.choice([1, 2, 4, 8])) + text[at + len(count):]
    if kind == "serves":
        spots = [m for m in re.finditer(r"serves    = (\w+)", text)]
        if not spots:
            return kind, text
        m = rng.choice(spots)
        return kind, text[:m.start(1)] + rng.choice(["job_0", "job_1", "job_2", "imported_job"]) + text[m.end(1):]
    if kind == "rename workload":
        names = re.findall(r"^workload (\w+)", text, re.M)
        if not names:
            return kind, text
        name = rng.choice(names)
        renamed = name[:-2] if name.endswith("_r") else name + "_r"
        return kind, re.sub(rf"^workload {name} ", f"workload {renamed} ", text, count=1, flags=re.M)
    if kind == "waiver":
        if WAIVER in text:
            return kind, text.replace(WAIVER, "", 1)
        at = text.find("  budget    =")
        return kind, text[:at] + WAIVER + text[at:] if at >= 0 else text
    if kind == "workload":  # what its servers' memory findings read
        spots = [m for m in re.finditer(r"(batch_size|seq_len) += (\d+)", text)]
        if not spots:
            return kind, text
        m = rng.choice(spots)
        value = rng.choice(["1", "8", "64"] if m.group(1) == "batch_size" else ["512", "4096", "32768"])
        return kind, text[:m.start(2)] + value + text[m.end(2):]
    if kind == "cloud utilization":  # the utilization train_0's electricity is priced at
        return kind, re.sub(r"utilization = (\d+)%", lambda m: f"utilization = {int(m.group(1)) % 90 + 10}%", text, count=1)
    if kind == "cloud count":
        return kind, re.sub(r"count       = (\d+)", lambda m: f"count       = {int(m.group(1)) % 4 + 1}", text, count=1)
    if kind == "budget":
        return kind, re.sub(r"budget    = (\d+)", lambda m: f"budget    = {int(m.group(1)) + 100000}",
                            text, count=1)
    # break syntax: an unclosed block inside a random server
    spots = [m.end() for m in re.finditer(r"nodes     = 1", text)]
    if not spots:
        return "delete line", text
    at = rng.choice(spots)
    return kind, text[:at] + " { = oops" + text[at:]


def main():
    binary, work, seed, edits = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, "gpuspec.json"), "w") as f:
        f.write("{}\n")
    with open(os.path.join(work, "imported.gpuspec"), "w") as f:
        f.write(WORKLOAD.format(name="imported_job"))
    path = os.path.join(work, "doc.gpuspec")
    uri = "file://" + path
    text = document()
    rng = random.Random(seed)
    server = Server(binary, work, {"stats": True})
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "gpuspec", "version": 1, "text": text}})
    server.wait("textDocument/publishDiagnostics", 1)
    stats = server.wait("$/gpuspec/stats", 1)[1]
    print(f"open: linted {len(stats['linted'])}, replayed {stats['replayed']}, reparsed {stats['reparsed']}, "
          f"checked {stats['checked']}")
    broken = False
    undo = None  # the text before an edit the next one undoes
    scripted = [("gpu count of train_3", lambda t: t.replace("server train_3 {\n  serves    = job_1\n  nodes     = 1\n"
                                                             "  gpu       = 8 x", "server train_3 {\n  serves    = job_1\n"
                                                             "  nodes     = 1\n  gpu       = 4 x", 1)),
                ("comment line", lambda t: t.replace("# Incremental", "# An incremental", 1))]
    same = 0
    for version in range(2, edits + 2):
        if scripted:
            kind, make = scripted.pop(0)
            new = make(text)
        elif undo is not None:
            kind, new, undo = "undo", undo, None
        else:
            kind, new = edit(text, rng, broken)
            broken = kind == "break syntax"
            if any(kind.startswith(undone) for undone in UNDONE):
                undo = text
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [change(text, new)]})
        text = new
        published, _ = server.wait("textDocument/publishDiagnostics", version)
        stats = server.wait("$/gpuspec/stats", version)[1]
        fresh = Server(binary, work, {"incremental": False})
        fresh.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "gpuspec", "version": version,
                                                               "text": text}})
        expected, _ = fresh.wait("textDocument/publishDiagnostics", version)
        fresh.close()
        print(f"edit {version - 1}: {kind}: linted {sorted(stats['linted'])}, replayed {stats['replayed']}, "
              f"reparsed {stats['reparsed']}, checked {stats['checked']}")
        if published != expected:
            print("DIFFERENT from a fresh analysis of the same text:")
            print("kept:  " + published.decode())
            print("fresh: " + expected.decode())
            print("text:\n" + text)
            sys.exit(1)
        same += 1
    server.close()
    print(f"{edits} edits, {same} identical")


main()
