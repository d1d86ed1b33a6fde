#!/usr/bin/env bash
# gpuspec against a general-purpose peer (issue 12; not part of ctest): the same random
# servers as .gpuspec files and as JSON (test/bench/peer/gen.py), five of our rules in
# jsonnet (test/bench/peer/rules.jsonnet). Runs both in the same run, prints the wall
# time and peak RSS of each, and compares the verdicts server by server on the five
# rules: exits 1 when any server's findings differ.
#
# usage: test/bench/peer.sh [GPUSPEC]      (default: build/bin/gpuspec)
#   PEER_N=N        servers (default 10000)
#   PEER_FILES=F    files they are spread over (default N / 10)
#   PEER_DIR=DIR    where gen.py and rules.jsonnet are (default test/bench/peer)
#   PEER_ARGS="..." extra arguments for gpuspec check (say, --jobs 1)
#   PEER_MIXED=1    every other file's workload a 7B full fine-tune (gen.py --mixed-workloads),
#                   so the differential check also covers the NVLink rule firing
#   PEER_VERDICTS=report  print differing verdicts but exit 0 (ctest's smoke run, which
#                   only keeps the script from rotting)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
gpuspec="${1:-$root/build/bin/gpuspec}"
n="${PEER_N:-10000}"
files="${PEER_FILES:-$(( n / 10 > 0 ? n / 10 : 1 ))}"
peer="${PEER_DIR:-$root/test/bench/peer}"
[[ -x "$gpuspec" ]] || { echo "no gpuspec binary at $gpuspec" >&2; exit 2; }
command -v jsonnet >/dev/null || { echo "jsonnet is not installed (Debian package jsonnet)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/gpuspec-peer.XXXXXX")"
trap 'rm -rf "$work"' EXIT
python3 "$peer/gen.py" "$n" "$work" "$files" ${PEER_MIXED:+--mixed-workloads}
cp "$peer/rules.jsonnet" "$work/"

# Runs a command, stdout to $1; prints "wall_seconds peak_rss_kb cpu_seconds" (exit 0 or 1
# accepted). CPU (user + system) is printed too: on a shared machine the wall time is
# inflated by other work, and the CPU time says whether a change made the check cheaper.
measure() {
  local out="$1"; shift
  python3 - "$out" "$@" <<'PY'
import resource, subprocess, sys, time
out, cmd = sys.argv[1], sys.argv[2:]
start = time.monotonic()
with open(out, "w") as f:
    rc = subprocess.run(cmd, stdout=f).returncode
wall = time.monotonic() - start
if rc > 1:
    sys.exit(f"{cmd[0]} exited {rc}")
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.3f} {usage.ru_maxrss} {usage.ru_utime + usage.ru_stime:.3f}")
PY
}

read -r peer_wall peer_rss peer_cpu < <(cd "$work" && measure "$work/peer.json" jsonnet rules.jsonnet)
# shellcheck disable=SC2086
read -r our_wall our_rss our_cpu < <(measure "$work/ours.json" "$gpuspec" check --format json ${PEER_ARGS:-} "$work/specs")

python3 - "$work/peer.json" "$work/ours.json" "$n" "$files" "$peer_wall" "$peer_rss" "$our_wall" "$our_rss" "${PEER_VERDICTS:-check}" "$peer_cpu" "$our_cpu" <<'PY'
import collections, json, sys
peer_path, ours_path, n, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
peer_wall, peer_rss, our_wall, our_rss = float(sys.argv[5]), int(sys.argv[6]), float(sys.argv[7]), int(sys.argv[8])
report_only = sys.argv[9] == "report"
peer_cpu, our_cpu = float(sys.argv[10]), float(sys.argv[11])
peer = json.load(open(peer_path))
rules = {"memory.ram-2x-vram", "power.psu-1.5x-headroom", "gpu.multi-gpu-needs-nvlink", "storage.nvme-for-data",
         "cpu.cores-per-gpu"}
ours = {name: set() for name in peer}
for d in json.load(open(ours_path))["diagnostics"]:
    if d["id"] in rules and d.get("declaration") in ours:
        ours[d["declaration"]].add(d["id"])
differ = [name for name in peer if set(peer[name]) != ours[name]]
print(f"{n} servers in {files} files")
print(f"jsonnet:         {peer_wall:8.3f} s  {peer_rss / 1024:7.1f} MB peak RSS  {peer_cpu:8.3f} s CPU")
print(f"gpuspec (json):  {our_wall:8.3f} s  {our_rss / 1024:7.1f} MB peak RSS  {our_cpu:8.3f} s CPU")
print(f"wall ratio gpuspec/jsonnet: {our_wall / peer_wall:.3f} (goal <= 0.1); peak RSS goal <= 100 MB")
findings = sum(len(v) for v in peer.values())
print(f"verdicts on the five rules: {len(peer) - len(differ)} of {len(peer)} servers agree ({findings} peer findings)")
by_rule = collections.Counter()
for name in differ:
    for rule in set(peer[name]) ^ ours[name]:
        by_rule[f"{rule} ({'jsonnet only' if rule in peer[name] else 'gpuspec only'})"] += 1
for rule, count in sorted(by_rule.items()):
    print(f"  {rule}: {count} servers")
for name in differ[:5]:
    print(f"  e.g. {name}: jsonnet {sorted(peer[name])}, gpuspec {sorted(ours[name])}")
sys.exit(1 if differ and not report_only else 0)
PY
