#!/usr/bin/env bash
# Is `gpuspec check` linear in the servers of one file? (issue 12; not part of ctest)
# Times one file with N servers against N/10 files of 10 servers each (the same
# servers, test/bench/gen_servers.py) and prints the time per server of both and
# their ratio. Goal: the one big file within 1.5x of the many small ones.
#
# usage: test/bench/linear.sh [GPUSPEC]     (default: build/bin/gpuspec)
#   LINEAR_N=N        servers (default 10000; a multiple of 10)
#   LINEAR_TIMEOUT=S  give up on a run after S seconds (default 600)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
gpuspec="${1:-$root/build/bin/gpuspec}"
n="${LINEAR_N:-10000}"
timeout_s="${LINEAR_TIMEOUT:-600}"
[[ -x "$gpuspec" ]] || { echo "no gpuspec binary at $gpuspec" >&2; exit 2; }
(( n >= 10 && n % 10 == 0 )) || { echo "LINEAR_N must be a multiple of 10" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/gpuspec-linear.XXXXXX")"
trap 'rm -rf "$work"' EXIT
python3 "$root/test/bench/gen_servers.py" "$n" 1 "$work/one"
python3 "$root/test/bench/gen_servers.py" "$n" $((n / 10)) "$work/many"

# "wall_seconds cpu_seconds" of `gpuspec check --format json DIR` (exit 0 or 1: clean or
# findings). CPU time (user + system) is what a shared machine's load does not inflate.
time_check() {
  python3 - "$gpuspec" "$1" "$timeout_s" <<'PY'
import resource, subprocess, sys, time
gpuspec, folder, timeout = sys.argv[1], sys.argv[2], float(sys.argv[3])
start = time.monotonic()
rc = subprocess.run([gpuspec, "check", "--format", "json", folder], stdout=subprocess.DEVNULL, timeout=timeout).returncode
wall = time.monotonic() - start
if rc > 1:
    sys.exit(f"gpuspec check {folder} failed (exit {rc})")
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.3f} {usage.ru_utime + usage.ru_stime:.3f}")
PY
}

read -r one_wall one_cpu < <(time_check "$work/one")
read -r many_wall many_cpu < <(time_check "$work/many")
python3 - "$n" "$one_wall" "$one_cpu" "$many_wall" "$many_cpu" <<'PY'
import sys
n = int(sys.argv[1])
one_wall, one_cpu, many_wall, many_cpu = map(float, sys.argv[2:])
print(f"servers: {n}")
print(f"1 file x {n}: {one_wall:.3f} s wall, {one_cpu:.3f} s CPU, {one_cpu / n * 1e3:.3f} ms CPU per server")
print(f"{n // 10} files x 10: {many_wall:.3f} s wall, {many_cpu:.3f} s CPU, {many_cpu / n * 1e3:.3f} ms CPU per server")
print(f"ratio of CPU per server (one file / many files): {one_cpu / many_cpu:.2f} (goal <= 1.5)")
PY
