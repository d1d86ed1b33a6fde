#!/usr/bin/env python3
"""Responsiveness of `gpuspec lsp` on a 1,000-line document (not part of ctest).

Generates one file of workloads and servers (the shape of examples/llm-finetune, all in
one file) of at least LINES lines, starts the server, and measures over stdio:

  open       didOpen -> publishDiagnostics: one full analysis of the file
  keystroke  one single-character incremental didChange, measured as the time per
             change of a burst of EDITS changes followed by a completion request
             (completion never waits for an analysis, so this is the cost of
             applying an edit)
  analysis   didChange then hover: hover analyses the stale text at once, so this is
             edit + full re-analysis + hover
  completion catalog names after `gpu = 8 x ` (no analysis)
  diagnostics didChange -> publishDiagnostics: the debounce delay (200 ms) + analysis

With --servers N the document is N compact servers, ten to a workload (issue 28's goal:
200 servers, about 3,000 lines), and --debounce 0 turns the delay off, so the diagnostics
lines measure an edit's re-analysis alone. Three kinds of one-line edit are timed then:

  comment     a space typed into a comment (nothing to re-resolve)
  gpu count   one server's `gpu = 8 x` becomes `gpu = 4 x` and back (that server changes)
  insert line a comment line inserted at the top and removed (every offset below moves)

usage: test/bench/lsp_bench.py [BINARY] [--lines N | --servers N] [--debounce MS] [--edits N] [--runs N]
       [--only "comment" | "gpu count" | "insert line"]
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

WORKLOAD = """# Generated benchmark workload {i}.
workload job_{i} {{
  task       = llm.finetune
  model      = models.llama2_7b
  params     = 7B
  precision  = bf16
  method     = full
  optimizer  = adamw
  sharding   = zero3
  seq_len    = 4096
  batch_size = 8
  recompute  = full
  dataset    = 50 GB
  samples    = 1.2M
  stage      = production
  horizon    = 18 months
  data       = confidential
  preprocessing = light
  checkpoint_every = 1000
  software {{ os = ubuntu@22.04; framework = pytorch@2.3; cuda = "12.1"; containers = docker; monitoring = [dcgm, prometheus] }}
}}

server train_{i} {{
  serves    = job_{i}
  nodes     = 1
  gpu       = 8 x nvidia.h100_80gb_sxm
  gpu_link  = nvswitch
  cpu       = 2 x intel.xeon_gold_6448y
  memory    = 32 x generic.ddr5_64gb_4800
  storage {{
    system     = samsung.pm9a3_1_92tb
    data       {{ drives = 2 x samsung.pm9a3_7_68tb; raid = raid0 }}
    checkpoint = samsung.pm9a3_3_84tb
    archive    = nas
  }}
  psu       = 6 x generic.psu_3000w_titanium
  psu_mode  = redundant
  chassis   = supermicro.sys_821ge
  cooling   = air_server
  network   {{ fabric = infiniband; bandwidth = 400 Gbps; nic = 8 x nvidia.connectx7_ndr_400g }}
  site      {{ region = cn; currency = CNY }}
  acceptance {{ burn_in = 72 h; benchmark = [mlperf, nccl_tests] }}
  budget    = 3000000 CNY
}}

"""


WORKLOAD_OF_SERVERS = WORKLOAD.split("\nserver ")[0] + "\n\n"

# The server of WORKLOAD with its storage on one line, and no cooling or acceptance plan.
COMPACT_SERVER = (WORKLOAD.split("\nserver ")[1]
                  .replace("job_{i}", "job_{w}")
                  .replace("""storage {{
    system     = samsung.pm9a3_1_92tb
    data       {{ drives = 2 x samsung.pm9a3_7_68tb; raid = raid0 }}
    checkpoint = samsung.pm9a3_3_84tb
    archive    = nas
  }}""", "storage   {{ system = samsung.pm9a3_1_92tb; data {{ drives = 2 x samsung.pm9a3_7_68tb; raid = raid0 }};"
          " checkpoint = samsung.pm9a3_3_84tb; archive = nas }}")
                  .replace("  cooling   = air_server\n", "")
                  .replace("  acceptance {{ burn_in = 72 h; benchmark = [mlperf, nccl_tests] }}\n", "")
                  .replace("budget    = 3000000 CNY", "budget    = 4000000 CNY"))
COMPACT_SERVER = "server " + COMPACT_SERVER.rstrip("\n") + "\n"


def compact_document(servers):
    """`servers` servers, each workload served by ten of them."""
    blocks = []
    for i in range(servers):
        if i % 10 == 0:
            blocks.append(WORKLOAD_OF_SERVERS.format(i=i // 10))
        blocks.append(COMPACT_SERVER.format(i=i, w=i // 10))
    return "".join(blocks), servers


class Client:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0
        self.pending = []  # notifications that arrived while waiting for a response

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.proc.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(message["error"])
                return message
            self.pending.append(message)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_diagnostics(self):
        while True:
            message = self.pending.pop(0) if self.pending else self.read()
            if message.get("method") == "textDocument/publishDiagnostics":
                return message["params"]


def cpu_ms(pid):
    """User + system CPU time of a process so far, in ms (clock ticks of 10 ms)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def run_ms(pid):
    """Time the process's threads ran on a CPU so far, in ms, from /proc/PID/task/*/schedstat
    (nanoseconds): the 10 ms ticks of cpu_ms are 0.33 ms steps over 30 edits."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        total += int(open(f"/proc/{pid}/task/{task}/schedstat").read().split()[0])
    return total / 1e6


def summary(samples_ms):
    samples = sorted(samples_ms)
    p95 = samples[min(len(samples) - 1, int(round(0.95 * (len(samples) - 1))))]
    return f"median {statistics.median(samples):8.2f} ms   p95 {p95:8.2f} ms   (n={len(samples)})"


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=os.path.join(root, "build", "bin", "gpuspec"))
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--servers", type=int, default=0)
    parser.add_argument("--debounce", type=int, default=200)
    # One kind of one-line edit alone (with --debounce 0), nothing else after the open:
    # so a profiler around the server counts that kind's analyses only.
    parser.add_argument("--only", choices=["comment", "gpu count", "insert line"])
    args = parser.parse_args()

    if args.servers:
        text, i = compact_document(args.servers)
    else:
        blocks, i = [], 0
        while sum(b.count("\n") for b in blocks) < args.lines:
            blocks.append(WORKLOAD.format(i=i))
            i += 1
        text = "".join(blocks)
    lines = text.split("\n")
    gpu_line = next(n for n, l in enumerate(lines) if l.startswith("  gpu       = 8 x "))
    with tempfile.TemporaryDirectory(prefix="gpuspec-lsp-bench-") as work:
        path = os.path.join(work, "big.gpuspec")
        with open(path, "w") as f:
            f.write(text)
        open(os.path.join(work, "gpuspec.json"), "w").write("{}")
        uri = "file://" + path
        client = Client(args.binary)
        # The work folder is the workspace: the server reads its gpuspec.json (docs/editors.md).
        client.request("initialize", {"processId": os.getpid(), "capabilities": {}, "rootUri": "file://" + work,
                                      "initializationOptions": {"cacheDirectory": os.path.join(work, "cache"),
                                                                "debounceMs": args.debounce}})
        client.notify("initialized", {})
        print(f"document: {len(lines) - 1} lines, {len(text)} bytes, {i} servers")

        start = time.perf_counter()
        cpu_before = cpu_ms(client.proc.pid)
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "gpuspec", "version": 1, "text": text}})
        diagnostics = client.wait_diagnostics()
        open_ms = (time.perf_counter() - start) * 1000
        open_cpu = cpu_ms(client.proc.pid) - cpu_before
        print(f"open        {open_ms:8.2f} ms   ({len(diagnostics['diagnostics'])} diagnostics; server CPU {open_cpu:.0f} ms,"
              " including loading the stdlib and policy pack)")

        version = 1
        # Typing: alternately insert and delete a space at the end of a comment line,
        # so the text stays valid and the same size.
        def edit(k):
            nonlocal version
            version += 1
            line = 0
            end = len(lines[0])
            change = ({"range": {"start": {"line": line, "character": end}, "end": {"line": line, "character": end}}, "text": " "}
                      if k % 2 == 0 else
                      {"range": {"start": {"line": line, "character": end}, "end": {"line": line, "character": end + 1}}, "text": ""})
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})

        def replace(line, start, end, new_text, end_line=None):
            nonlocal version
            version += 1
            change = {"range": {"start": {"line": line, "character": start},
                                "end": {"line": line if end_line is None else end_line, "character": end if end_line is None else 0}},
                      "text": new_text}
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})

        gpu_lines = [n for n, l in enumerate(lines) if l.startswith("  gpu       = 8 x ")]
        completion_at = {"textDocument": {"uri": uri}, "position": {"line": gpu_line, "character": 18}}
        per_keystroke = []
        cpu_before = cpu_ms(client.proc.pid)
        # Without a debounce every keystroke of a burst is analysed: not a keystroke's cost.
        for _ in range(args.runs if args.debounce else 0):
            start = time.perf_counter()
            for k in range(args.edits):
                edit(k)
            client.request("textDocument/completion", completion_at)
            per_keystroke.append((time.perf_counter() - start) * 1000 / args.edits)
            client.wait_diagnostics()  # the debounced analysis of the burst
        burst_cpu = (cpu_ms(client.proc.pid) - cpu_before) / args.runs
        if per_keystroke:
            print(f"keystroke   {summary(per_keystroke)}   per change, {args.edits} changes a burst"
                  f" (server CPU per burst, with its one debounced analysis: {burst_cpu:.1f} ms)")

        pid = client.proc.pid
        hover_at = {"textDocument": {"uri": uri}, "position": {"line": gpu_line, "character": 4}}
        analysis = []
        cpu_before = cpu_ms(pid)
        for r in range(0 if args.only else args.runs):
            edit(r)
            start = time.perf_counter()
            client.request("textDocument/hover", hover_at)
            analysis.append((time.perf_counter() - start) * 1000)
            client.wait_diagnostics()  # hover analysed and published first
        analysis_cpu = (cpu_ms(pid) - cpu_before) / args.runs
        if not args.only: print(f"analysis    {summary(analysis)}   (edit + re-analysis + hover; server CPU {analysis_cpu:.1f} ms each)")

        completion = []
        for _ in range(0 if args.only else args.runs):
            start = time.perf_counter()
            items = client.request("textDocument/completion", completion_at)["result"]["items"]
            completion.append((time.perf_counter() - start) * 1000)
        if completion: print(f"completion  {summary(completion)}   ({len(items)} GPU names)")

        diags = []
        for r in range(0 if args.only else args.runs):
            start = time.perf_counter()
            edit(r)
            client.wait_diagnostics()
            diags.append((time.perf_counter() - start) * 1000)
        if diags: print(f"diagnostics {summary(diags)}   (edit -> publish, including the {args.debounce} ms debounce)")
        if args.debounce == 0:
            middle = gpu_lines[len(gpu_lines) // 2]
            one_line_edits = {
                "comment": lambda r: edit(r),
                "gpu count": lambda r: replace(middle, 14, 15, "4" if r % 2 == 0 else "8"),
                "insert line": lambda r: replace(0, 0, 0, "# inserted\n") if r % 2 == 0 else replace(0, 0, 11, "", end_line=1),
            }
            for name, change in one_line_edits.items():
                if args.only and name != args.only:
                    continue
                wall, cpu_before, run_before = [], cpu_ms(pid), run_ms(pid)
                for r in range(args.runs):
                    start = time.perf_counter()
                    change(r)
                    client.wait_diagnostics()
                    wall.append((time.perf_counter() - start) * 1000)
                cpu = (cpu_ms(pid) - cpu_before) / args.runs
                ran = (run_ms(pid) - run_before) / args.runs
                print(f"  {name:11} {summary(wall)}   (edit -> publish; server CPU {cpu:.2f} ms each,"
                      f" {ran:.2f} ms on a CPU by schedstat)")
        rss = open(f"/proc/{client.proc.pid}/status").read().split("VmRSS:")[1].split("\n")[0].strip()
        print(f"server RSS  {rss}")
        client.request("shutdown", None)
        client.notify("exit", None)
        client.proc.wait(timeout=10)


if __name__ == "__main__":
    main()
