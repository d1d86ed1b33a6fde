#!/usr/bin/env bash
# Benchmarks `gpuspec check` (not part of ctest):
#   1. one bundled example,
#   2. a generated corpus of 1,000 specs (each a workload, a server and a cloud file,
#      the latter two importing the workload, all referring to stdlib parts),
#   3. the share of a single run spent loading the embedded stdlib
#      (`check --stdlib-only` against a full check, and the Google Benchmark program
#      stdlib_load_bench when it was built).
#
# usage: test/bench/run.sh [BUILD_DIR]       (default: build-bench, a Release build)
#   BENCH_SPECS=N     number of generated specs (default 1000)
#   BENCH_RUNS=N      runs per measurement without hyperfine (default 10)
#   BENCH_NO_BUILD=1  use BUILD_DIR as it is
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${1:-$root/build-bench}"
specs="${BENCH_SPECS:-1000}"
runs="${BENCH_RUNS:-10}"

if [[ -z "${BENCH_NO_BUILD:-}" ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DGPUSPEC_BENCH=ON >/dev/null
  cmake --build "$build" -j2 --target gpuspec >/dev/null
  cmake --build "$build" -j2 --target stdlib_load_bench >/dev/null 2>&1 || true
fi
gpuspec="$build/bin/gpuspec"
[[ -x "$gpuspec" ]] || { echo "no gpuspec binary at $gpuspec" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/gpuspec-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# ---------------------------------------------------------------- the corpus
python3 - "$work/corpus" "$specs" <<'PY'
import os, random, sys

out, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(42)
gpus = ["nvidia.h100_80gb_sxm", "nvidia.a100_80gb_sxm", "nvidia.a800_80gb_sxm", "nvidia.h800_80gb_sxm",
        "nvidia.h200_141gb_sxm", "nvidia.l40s", "nvidia.rtx_4090", "nvidia.a100_40gb_pcie", "nvidia.rtx_a6000"]
cpus = ["intel.xeon_gold_6448y", "intel.xeon_gold_6438y_plus", "amd.epyc_9354", "amd.epyc_9454", "amd.epyc_9654"]
memory = ["generic.ddr5_64gb_4800", "generic.ddr5_32gb_4800", "generic.ddr5_64gb_5600"]
disks = ["samsung.pm9a3_1_92tb", "samsung.pm9a3_3_84tb", "samsung.pm9a3_7_68tb"]
psus = ["generic.psu_3000w_titanium", "generic.psu_2400w_titanium", "generic.psu_2000w_platinum"]
chassis = ["supermicro.sys_821ge", "supermicro.sys_421ge"]
nics = ["nvidia.connectx7_ndr_400g", "nvidia.connectx6_hdr_200g"]
clouds = [("aws", "aws.p4d_24xlarge", "us-east-1"), ("aws", "aws.p4de_24xlarge", "us-west-2"),
          ("azure", "azure.nd96asr_v4", "eastus"), ("azure", "azure.nd96amsr_a100_v4", "westeurope"),
          ("alicloud", "alicloud.gn7i_c32g1_8xlarge", "cn-hangzhou")]

for i in range(count):
    d = os.path.join(out, f"team{i // 100:02d}", f"spec{i:04d}")
    os.makedirs(d)
    name = f"job_{i:04d}"
    params = rng.choice(["1.3B", "7B", "13B", "34B", "70B"])
    with open(os.path.join(d, "workload.gpuspec"), "w") as f:
        f.write(f"""# Generated benchmark spec {i}: a fine-tuning job and two ways to run it.
workload {name} {{
  task       = llm.finetune
  params     = {params}
  precision  = {rng.choice(["bf16", "fp16"])}
  method     = {rng.choice(["full", "lora"])}
  optimizer  = adamw
  sharding   = {rng.choice(["zero2", "zero3"])}
  seq_len    = {rng.choice([2048, 4096, 8192])}
  batch_size = {rng.choice([4, 8, 16])}                   # per GPU
  dataset    = {rng.randint(5, 500)} GB
  samples    = {rng.choice(["200K", "1.2M", "5M"])}
  stage      = {rng.choice(["production", "experiment"])}
  horizon    = {rng.choice([6, 12, 18, 24])} months
  data       = {rng.choice(["confidential", "internal"])}
  preprocessing = light
  checkpoint_every = {rng.choice([500, 1000, 2000])}          # steps
  software {{ os = ubuntu@22.04; framework = pytorch@2.3; cuda = "12.1"; containers = docker; monitoring = [dcgm, prometheus] }}
}}
""")
    gpu_count = rng.choice([4, 8])
    with open(os.path.join(d, "server.gpuspec"), "w") as f:
        f.write(f"""# The on-premises option for {name}.
import "workload.gpuspec"

server {name}_onprem {{
  serves    = {name}
  nodes     = {rng.choice([1, 2])}
  gpu       = {gpu_count} x {rng.choice(gpus)}
  gpu_link  = nvswitch
  cpu       = 2 x {rng.choice(cpus)}
  memory    = {rng.choice([16, 32])} x {rng.choice(memory)}
  storage {{
    system     = {disks[0]}
    data       {{ drives = {rng.choice([2, 4])} x {rng.choice(disks)}; raid = raid0 }}
    checkpoint = {rng.choice(disks)}
    archive    = nas
  }}
  psu       = {rng.choice([4, 6])} x {rng.choice(psus)}
  psu_mode  = redundant
  chassis   = {rng.choice(chassis)}
  cooling   = air_server
  network   {{ fabric = infiniband; bandwidth = 400 Gbps; nic = {gpu_count} x {rng.choice(nics)} }}
  site      {{ region = cn; currency = CNY }}
  budget    = {rng.randint(5, 40) * 100000} CNY
}}
""")
    provider, instance, region = rng.choice(clouds)
    with open(os.path.join(d, "cloud.gpuspec"), "w") as f:
        f.write(f"""# The cloud option for {name}.
import "workload.gpuspec"

cloud {name}_cloud {{
  serves   = {name}
  provider = {provider}
  instance = {instance}
  count    = {rng.choice([1, 2, 4])}
  region   = "{region}"
  duration = {rng.choice([1, 3, 6])} months
  utilization = {rng.choice([40, 60, 80])}%
  storage  {{ system = 200 GB; data = {rng.choice([1, 4, 8])} TB }}
  tags     {{ team = "team{i // 100:02d}"; cost_center = "ml-{i % 97}" }}
}}
""")
PY
# The generated specs are valid: the corpus must type-check clean, or the timing is of
# the wrong thing. Policy findings are expected (random configurations break rules, which
# is work the linter must do), so the timed runs lint in full and may exit 1.
touch "$work/corpus/gpuspec.json"
if ! "$gpuspec" check --no-lint --no-color "$work/corpus" >"$work/corpus-check.txt"; then
  echo "the generated corpus does not type-check clean:" >&2
  head -20 "$work/corpus-check.txt" >&2
  exit 1
fi
findings=$("$gpuspec" check --format json "$work/corpus" |
  python3 -c 'import json,sys; s = json.load(sys.stdin)["summary"]; print("%d errors, %d warnings, %d infos" % (s["errors"], s["warnings"], s["infos"]))' || true)
files=$(find "$work/corpus" -name '*.gpuspec' | wc -l)
bytes=$(cat "$work/corpus"/*/*/*.gpuspec | wc -c)
example="$root/examples/llm-finetune/server.gpuspec"

# ---------------------------------------------------------------- timing
echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date:    $(date -u +%Y-%m-%dT%H:%MZ)"
echo "binary:  $gpuspec ($(grep -m1 CMAKE_BUILD_TYPE "$build/CMakeCache.txt" | cut -d= -f2))"
echo "corpus:  $specs specs, $files files, $bytes bytes; lint findings: $findings"
echo

if command -v hyperfine >/dev/null; then
  hyperfine --warmup 3 --style basic -N \
    --export-markdown "$work/hyperfine-single.md" \
    -n "check --stdlib-only" "$gpuspec check --stdlib-only" \
    -n "check one example (server.gpuspec)" "$gpuspec check $example"
  hyperfine --warmup 1 --runs "$runs" --style basic -N -i \
    --export-markdown "$work/hyperfine-corpus.md" \
    -n "check $specs-spec corpus" "$gpuspec check $work/corpus"
  echo
  cat "$work/hyperfine-single.md" "$work/hyperfine-corpus.md"
else
  measure() {  # name, command...: mean wall time over $runs runs
    local name="$1"; shift
    "$@" >/dev/null || true
    local start end
    start=$(date +%s.%N)
    for ((r = 0; r < runs; r++)); do "$@" >/dev/null || true; done
    end=$(date +%s.%N)
    printf '%-40s %10.1f ms (mean of %d)\n' "$name" "$(echo "($end - $start) * 1000 / $runs" | bc -l)" "$runs"
  }
  measure "check --stdlib-only" "$gpuspec" check --stdlib-only
  measure "check one example (server.gpuspec)" "$gpuspec" check "$example"
  measure "check $specs-spec corpus" "$gpuspec" check "$work/corpus"
fi

if [[ -x "$build/bin/stdlib_load_bench" ]]; then
  echo
  GPUSPEC_BENCH_FILE="$example" "$build/bin/stdlib_load_bench" --benchmark_min_time=1
fi
