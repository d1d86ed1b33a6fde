#!/usr/bin/env bash
# Peak memory of `gpuspec check` against the total size of its input (issue 25: peak
# memory stays within 10x of the input; not part of ctest). Two inputs:
#   - one large spec of workloads (MEM_BIG_MIB, default 50 MiB: about 230,000 workloads),
#     checked with the file size cap raised to fit it;
#   - a folder of MEM_FILES files (default 13) of 4 MiB each (the default cap), checked
#     as one folder.
# Prints, for each, the input bytes, the peak RSS (GNU time's %M), the user CPU and the
# ratio peak RSS / input bytes, also above the RSS of checking an empty file (the
# embedded stdlib and policy pack, a constant).
#
# usage: test/bench/memory_ratio.sh [GPUSPEC]   (default: build/bin/gpuspec)
#   MEM_BIG_MIB=N  size of the large spec (default 50)
#   MEM_FILES=N    files of 4 MiB in the folder (default 13)
#   MEM_FORMAT=F   check --format (default text)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
gpuspec="${1:-$root/build/bin/gpuspec}"
big_mib="${MEM_BIG_MIB:-50}"
files="${MEM_FILES:-13}"
format="${MEM_FORMAT:-text}"
[[ -x "$gpuspec" ]] || { echo "no gpuspec binary at $gpuspec" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "needs GNU time (apt install time)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/gpuspec-memratio.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Workloads as a team writes them (a name, task, size, precision, method, data, horizon),
# numbered so every name is distinct; each file just under its size.
python3 - "$work" "$big_mib" "$files" <<'PY'
import os, sys
work, big_mib, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def workload(prefix, i):
    return (f"workload {prefix}_{i:07d} {{\n  task      = llm.finetune\n  params    = 7B\n"
            f"  precision = bf16\n  method    = lora\n  dataset   = 200 GB\n  seq_len   = 4096\n"
            f"  horizon   = 12 months\n}}\n")
def fill(path, prefix, size):
    unit = len(workload(prefix, 0))
    with open(path, "w") as f:
        f.write("".join(workload(prefix, i) for i in range(size // unit - 1)))
fill(f"{work}/big.gpuspec", "w", big_mib << 20)
os.mkdir(f"{work}/folder")
for n in range(files):
    fill(f"{work}/folder/part{n:02d}.gpuspec", f"f{n:02d}", (4 << 20) - 4096)
PY
: > "$work/empty.gpuspec"

# Prints "peak_kb user_s" of one run (its exit status is the findings', not ours).
measure() { /usr/bin/time -f '%M %U' "$@" 2>&1 >/dev/null | tail -1; }
read -r base _ <<<"$(measure "$gpuspec" check "$work/empty.gpuspec")"

printf '%-28s %12s %12s %8s %10s %14s\n' input "input bytes" "peak RSS" "user s" "RSS/input" "above empty"
report() {
  local name="$1" bytes="$2" kb="$3" user="$4"
  printf '%-28s %12d %9d KB %8s %9.1fx %13.1fx\n' "$name" "$bytes" "$kb" "$user" \
    "$(echo "$kb * 1024 / $bytes" | bc -l)" "$(echo "($kb - $base) * 1024 / $bytes" | bc -l)"
}
big_bytes=$(stat -c %s "$work/big.gpuspec")
read -r kb user <<<"$(GPUSPEC_MAX_FILE_SIZE=$((big_mib + 1))M measure "$gpuspec" check --format "$format" "$work/big.gpuspec")"
report "one spec, ${big_mib} MiB" "$big_bytes" "$kb" "$user"
folder_bytes=$(cat "$work"/folder/*.gpuspec | wc -c)
read -r kb user <<<"$(measure "$gpuspec" check --format "$format" "$work/folder")"
report "folder, ${files} x 4 MiB" "$folder_bytes" "$kb" "$user"
echo "empty file: $base KB; format: $format; binary: $gpuspec"
