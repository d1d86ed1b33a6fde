#!/usr/bin/env bash
# Benchmarks `gpuspec suggest` (not part of ctest): a full-catalog search for the workload
# of each scenario of the source documents (examples/scenarios/), each run BENCH_RUNS
# times. Prints the wall time of the whole command (library load included) and, from
# --timing, the search's own time, its pack runs and pack runs per second.
#
# usage: test/bench/suggest.sh [BUILD_DIR]   (default: build-bench, a Release build)
#   BENCH_RUNS=N      runs per scenario (default 5)
#   BENCH_NO_BUILD=1  use BUILD_DIR as it is
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${1:-$root/build-bench}"
runs="${BENCH_RUNS:-5}"
if [[ -z "${BENCH_NO_BUILD:-}" ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build" -j2 --target gpuspec >/dev/null
fi
gpuspec="$build/bin/gpuspec"
[[ -x "$gpuspec" ]] || { echo "no gpuspec binary at $gpuspec" >&2; exit 2; }

echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date:    $(date -u +%Y-%m-%dT%H:%MZ)"
echo "binary:  $gpuspec ($(grep -m1 CMAKE_BUILD_TYPE "$build/CMakeCache.txt" | cut -d= -f2))"
echo
printf '%-48s %8s %10s %10s %10s %12s\n' "scenario (region)" "wall s" "search s" "configs" "pack runs" "runs/s"
for spec in small-cv-one-card:cn llm-7b-finetune-2xa100:us multi-gpu-4x4090:us multi-node-h800-pretrain:cn \
            multi-node-h800-pretrain:us; do
  file="$root/examples/scenarios/${spec%%:*}.gpuspec"
  region="${spec##*:}"
  total=0 search=0 line=""
  for ((r = 0; r < runs; r++)); do
    start=$(date +%s.%N)
    line=$("$gpuspec" suggest "$file" --region "$region" --timing 2>&1 >/dev/null | grep 'gpuspec: suggest:' || true)
    end=$(date +%s.%N)
    total=$(echo "$total + $end - $start" | bc -l)
    search=$(echo "$search + $(echo "$line" | sed -E 's/.* in ([0-9.]+) s.*/\1/')" | bc -l)
  done
  configs=$(echo "$line" | sed -E 's/.*suggest: ([0-9]+) configurations.*/\1/')
  pack=$(echo "$line" | sed -E 's/.*, ([0-9]+) pack runs in.*/\1/')
  printf '%-48s %8.2f %10.2f %10s %10s %12.0f\n' "${spec%%:*} ($region)" "$(echo "$total / $runs" | bc -l)" \
    "$(echo "$search / $runs" | bc -l)" "$configs" "$pack" "$(echo "$pack * $runs / $search" | bc -l)"
done
