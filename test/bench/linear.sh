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

# Seconds of wall time of `gpuspec check DIR` (exit 0 or 1: clean or findings).
time_check() {
  local start end rc=0
  start=$(date +%s.%N)
  timeout "$timeout_s" "$gpuspec" check --format json "$1" >"$work/out.json" || rc=$?
  end=$(date +%s.%N)
  if (( rc > 1 )); then echo "gpuspec check $1 failed (exit $rc)" >&2; exit 1; fi
  python3 -c "print(f'{$end - $start:.3f}')"
}

one=$(time_check "$work/one")
many=$(time_check "$work/many")
python3 - "$n" "$one" "$many" <<'PY'
import sys
n, one, many = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
print(f"servers: {n}")
print(f"1 file x {n}: {one:.3f} s, {one / n * 1e3:.3f} ms per server")
print(f"{n // 10} files x 10: {many:.3f} s, {many / n * 1e3:.3f} ms per server")
print(f"ratio (one file / many files): {one / many:.2f} (goal <= 1.5)")
PY
