#!/usr/bin/env bash
# Cold start of `gpuspec check` on one small file (not part of ctest): runs the
# command N times, each a fresh process, and reports the mean and the minimum wall
# time, plus the mean CPU time (user + system), which a loaded machine inflates less.
# hyperfine is not assumed; the loop uses `date +%s%N` around each run.
#
# usage: test/bench/coldstart.sh [GPUSPEC] [FILE]
#   GPUSPEC  the binary (default: build/bin/gpuspec)
#   FILE     the spec (default: examples/llm-finetune/server.gpuspec)
#   BENCH_RUNS=N  runs (default 50; 3 warm-up runs are not counted)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
gpuspec="${1:-$root/build/bin/gpuspec}"
file="${2:-$root/examples/llm-finetune/server.gpuspec}"
runs="${BENCH_RUNS:-50}"
[[ -x "$gpuspec" ]] || { echo "no gpuspec binary at $gpuspec" >&2; exit 2; }

for _ in 1 2 3; do "$gpuspec" check "$file" >/dev/null 2>&1 || true; done

walls=()
cpu_before=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)  # children's utime+stime, in ticks
for ((i = 0; i < runs; i++)); do
  start=$(date +%s%N)
  "$gpuspec" check "$file" >/dev/null 2>&1 || true
  end=$(date +%s%N)
  walls+=($(((end - start) / 1000)))  # microseconds
done
cpu_after=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
ticks=$(getconf CLK_TCK)

printf '%s\n' "${walls[@]}" | awk -v runs="$runs" -v cpu="$((cpu_after - cpu_before))" -v hz="$ticks" \
  -v what="$gpuspec check $file" '
  { sum += $1; if (NR == 1 || $1 < min) min = $1 }
  END {
    printf "%s\n", what
    printf "  %d runs: wall mean %.1f ms, min %.1f ms; CPU mean %.1f ms (user + system)\n",
           runs, sum / runs / 1000, min / 1000, cpu * 1000 / hz / runs
  }'
